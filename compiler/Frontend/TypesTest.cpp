//===- TypesTest.cpp - Unit tests of dtypes, promotion and signatures -----===//
//
// Checks Triton's promotion rules as implemented in Types.cpp (including the
// rule that Python literals adopt a block's type) and the AOT signature
// parser, with its error messages.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Types.h"
#include "compiler/Frontend/Signature.h"

#include "gtest/gtest.h"

using namespace tkc::frontend;
using K = DType::Kind;

namespace {

DType promote(K a, bool aLit, K b, bool bLit,
              PromotionPurpose p = PromotionPurpose::Arithmetic) {
  auto t = computationType(DType(a), aLit, DType(b), bLit, p);
  EXPECT_TRUE(t.has_value());
  return t ? *t : DType(K::I1);
}

TEST(Promotion, Floats) {
  EXPECT_EQ(promote(K::FP16, false, K::FP32, false), DType(K::FP32));
  EXPECT_EQ(promote(K::FP16, false, K::FP16, false), DType(K::FP16));
  // fp16 wins over bf16 and fp8; bf16 stays bf16 only with bf16, else
  // (with integers or fp8) computes in fp32; two fp8 kinds meet in fp16.
  EXPECT_EQ(promote(K::FP16, false, K::BF16, false), DType(K::FP16));
  EXPECT_EQ(promote(K::BF16, false, K::BF16, false), DType(K::BF16));
  EXPECT_EQ(promote(K::BF16, false, K::I32, false), DType(K::FP32));
  EXPECT_EQ(promote(K::I8, false, K::BF16, false), DType(K::FP32));
  EXPECT_EQ(promote(K::BF16, false, K::FP8E5, false), DType(K::FP32));
  EXPECT_EQ(promote(K::FP8E5, false, K::FP16, false), DType(K::FP16));
  EXPECT_EQ(promote(K::FP8E5, false, K::FP8E4NV, false), DType(K::FP16));
  EXPECT_EQ(promote(K::FP64, false, K::FP32, false), DType(K::FP64));
  EXPECT_EQ(promote(K::I32, false, K::FP16, false), DType(K::FP16));
  // Division and modulo of halves happen in fp32.
  EXPECT_EQ(promote(K::FP16, false, K::FP16, false, PromotionPurpose::DivOrMod),
            DType(K::FP32));
}

TEST(Promotion, Integers) {
  EXPECT_EQ(promote(K::I8, false, K::I32, false), DType(K::I32));
  EXPECT_EQ(promote(K::U32, false, K::I32, false), DType(K::U32));
  EXPECT_EQ(promote(K::U8, false, K::I32, false), DType(K::I32));
  EXPECT_EQ(promote(K::I64, false, K::U32, false), DType(K::I64));
  EXPECT_EQ(promote(K::I1, false, K::I16, false), DType(K::I16));
}

TEST(Promotion, LiteralsAdoptTheBlockType) {
  // x_fp16 * 2.0 stays fp16; x_i16 + 1 stays int16.
  EXPECT_EQ(promote(K::FP16, false, K::FP32, true), DType(K::FP16));
  EXPECT_EQ(promote(K::I32, true, K::I16, false), DType(K::I16));
  // A float literal with an integer block: the literal's kind is higher.
  EXPECT_EQ(promote(K::I32, false, K::FP32, true), DType(K::FP32));
  // x_fp16 / 2 computes in fp32.
  EXPECT_EQ(promote(K::FP16, false, K::I32, true, PromotionPurpose::DivOrMod),
            DType(K::FP32));
}

TEST(Promotion, PointersHaveNoComputationType) {
  EXPECT_FALSE(computationType(DType::pointerTo(DType(K::FP32)), false,
                               DType(K::I32), false,
                               PromotionPurpose::Arithmetic)
                   .has_value());
}

TEST(DType, NamesRoundTrip) {
  auto p = DType::parseShortName("*fp16");
  ASSERT_TRUE(p.has_value());
  EXPECT_TRUE(p->isPtr());
  EXPECT_EQ(p->getPointee(), DType(K::FP16));
  EXPECT_EQ(p->str(), "pointer<fp16>");
  EXPECT_EQ(DType::fromLanguageName("bfloat16"), DType(K::BF16));
  EXPECT_EQ(DType::fromLanguageName("float8e4nv"), DType(K::FP8E4NV));
  EXPECT_EQ(DType::fromLanguageName("pi32_t"),
            DType::pointerTo(DType(K::I32), 1));
  EXPECT_FALSE(DType::parseShortName("fp17").has_value());
  EXPECT_FALSE(DType::fromLanguageName("float").has_value());
}

TEST(Signature, ParsesTypesHintsAndLiterals) {
  auto sig = parseSignature(
      "*fp16:16, i32, i32:16, i32:1, 1024, True, 'relu', tl.bfloat16");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  ASSERT_EQ(sig->size(), 8u);
  EXPECT_TRUE((*sig)[0].type.isPtr());
  EXPECT_EQ((*sig)[0].divisibility, 16u);
  EXPECT_EQ((*sig)[1].divisibility, 0u);
  EXPECT_FALSE((*sig)[1].equalsOne);
  EXPECT_EQ((*sig)[2].divisibility, 16u);
  EXPECT_TRUE((*sig)[3].equalsOne);
  EXPECT_EQ((*sig)[4].kind, SignatureEntry::Kind::Literal);
  EXPECT_EQ((*sig)[4].literal, "1024");
  EXPECT_EQ((*sig)[5].literal, "True");
  EXPECT_EQ((*sig)[6].literal, "'relu'");
  EXPECT_EQ((*sig)[7].kind, SignatureEntry::Kind::Literal);
  EXPECT_EQ((*sig)[7].literal, "tl.bfloat16");
}

TEST(Signature, ParsesTensorDescriptors) {
  auto sig = parseSignature(
      "tensordesc<bf16[1, 128, 64]>, i32, tensordesc<fp32[32,16], nan>, 8");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  ASSERT_EQ(sig->size(), 4u);
  EXPECT_EQ((*sig)[0].kind, SignatureEntry::Kind::TensorDesc);
  EXPECT_EQ((*sig)[0].type, DType(K::BF16));
  EXPECT_EQ((*sig)[0].blockShape, (std::vector<int64_t>{1, 128, 64}));
  EXPECT_EQ((*sig)[0].padding, "zero");
  EXPECT_EQ((*sig)[1].kind, SignatureEntry::Kind::Typed);
  EXPECT_EQ((*sig)[2].blockShape, (std::vector<int64_t>{32, 16}));
  EXPECT_EQ((*sig)[2].padding, "nan");
  EXPECT_EQ((*sig)[3].literal, "8");
}

TEST(Signature, ParsesTuples) {
  auto sig = parseSignature("(*fp32:16, (i64, i64:1,), 4), (), (i32,), f");
  ASSERT_FALSE(static_cast<bool>(sig)); // `f` is no type.
  llvm::consumeError(sig.takeError());
  sig = parseSignature("(*fp32:16, (i64, i64:1,), 4), (), (i32,), i32");
  ASSERT_TRUE(static_cast<bool>(sig)) << llvm::toString(sig.takeError());
  ASSERT_EQ(sig->size(), 4u);
  const SignatureEntry &outer = (*sig)[0];
  EXPECT_EQ(outer.kind, SignatureEntry::Kind::Tuple);
  ASSERT_EQ(outer.elements.size(), 3u);
  EXPECT_TRUE(outer.elements[0].type.isPtr());
  EXPECT_EQ(outer.elements[0].divisibility, 16u);
  const SignatureEntry &inner = outer.elements[1];
  EXPECT_EQ(inner.kind, SignatureEntry::Kind::Tuple);
  ASSERT_EQ(inner.elements.size(), 2u); // The trailing comma adds none.
  EXPECT_FALSE(inner.elements[0].equalsOne);
  EXPECT_TRUE(inner.elements[1].equalsOne);
  EXPECT_EQ(outer.elements[2].literal, "4");
  EXPECT_EQ((*sig)[1].kind, SignatureEntry::Kind::Tuple);
  EXPECT_TRUE((*sig)[1].elements.empty());
  EXPECT_EQ((*sig)[2].elements.size(), 1u);
  EXPECT_EQ((*sig)[3].kind, SignatureEntry::Kind::Typed);
}

std::string signatureError(llvm::StringRef text) {
  auto sig = parseSignature(text);
  if (sig) {
    ADD_FAILURE() << "expected an error for '" << text.str() << "'";
    return "";
  }
  return llvm::toString(sig.takeError());
}

TEST(Signature, Errors) {
  EXPECT_EQ(signatureError("*fp16, fp17"),
            "invalid signature entry 2 'fp17': unknown type 'fp17' (expected "
            "e.g. *fp16, i32, u64, fp32, bf16)");
  EXPECT_EQ(signatureError("i32:8"),
            "invalid signature entry 1 'i32:8': divisibility hints must be "
            "multiples of 16 (or 1 for 'equal to one')");
  EXPECT_EQ(signatureError("*fp32:1"),
            "invalid signature entry 1 '*fp32:1': ':1' (equal to one) applies "
            "to integers only");
  EXPECT_EQ(signatureError("fp32:16"),
            "invalid signature entry 1 'fp32:16': floats take no hint");
  EXPECT_EQ(signatureError("i32:x"),
            "invalid signature entry 1 'i32:x': hint must be a positive "
            "integer, got 'x'");
  EXPECT_EQ(signatureError("i32,,i32"),
            "invalid signature entry 2 '': empty entry");
  EXPECT_EQ(signatureError("tensordesc<fp16[64, 48]>"),
            "invalid signature entry 1 'tensordesc<fp16[64, 48]>': block "
            "dimensions must be powers of two, got '48'");
  EXPECT_EQ(signatureError("tensordesc<fp17[64]>"),
            "invalid signature entry 1 'tensordesc<fp17[64]>': unknown "
            "element type 'fp17'");
  EXPECT_EQ(signatureError("tensordesc<fp16[64], inf>"),
            "invalid signature entry 1 'tensordesc<fp16[64], inf>': the "
            "padding must be zero or nan, got 'inf'");
  EXPECT_EQ(signatureError("i32, (*fp16, i32"),
            "invalid signature entry 2 '(*fp16, i32': a tuple's entries end "
            "with ')'");
  EXPECT_EQ(signatureError("i32, (*fp16, i32:8)"),
            "invalid signature entry 2 'i32:8': divisibility hints must be "
            "multiples of 16 (or 1 for 'equal to one')");
  EXPECT_EQ(signatureError("(i32,,i32)"),
            "invalid signature entry 1 '': empty entry");
}

} // namespace
