//===- KernelMetadataTest.cpp - Tests of the metadata contract ------------===//
//
// Writes metadata as the compiler does and reads it back as launcher_gen
// does: every field survives the round trip, optional fields are left out
// when unknown, and a broken document is refused with its field named.
//
//===----------------------------------------------------------------------===//

#include "metadata/KernelMetadata.h"

#include "llvm/Support/FormatVariadic.h"
#include "gtest/gtest.h"

using namespace tkc::metadata;

namespace {

/// A variant with one parameter of each kind and resource figures.
KernelMetadata sample() {
  KernelMetadata meta;
  meta.kernel = "add_kernel";
  meta.entry = "add_kernel";
  meta.target = {"hip", "gfx942", 64};
  meta.binaryFormat = "hsaco";
  meta.binaryFile = "add.gfx942.hsaco";
  meta.binarySize = 4096;
  meta.sha256 = std::string(64, 'a');
  meta.binaryStats = {{"lds_bytes", 512}, {"vgpr_count", 24}};
  meta.numWarps = 8;
  meta.numStages = 2;
  meta.sharedBytes = 512;
  meta.maxBlocksPerSm = 3;
  meta.maxRegisters = 96;
  meta.params = {
      {"x", "pointer", "fp32", 16, false, "", "read"},
      {"y", "pointer", "fp16", 1, false, "", ""},
      {"n", "scalar", "i32", 16, false, "", ""},
      {"one", "scalar", "i32", 1, true, "", ""},
      {"BLOCK", "constexpr", "", 1, false, "1024", ""},
  };
  meta.kernelArgs = kernelArgsOf(meta.params);
  return meta;
}

/// `json` with the object at `field` (top level) changed by `edit`.
llvm::json::Value edited(llvm::json::Value json,
                         llvm::function_ref<void(llvm::json::Object &)> edit) {
  edit(*json.getAsObject());
  return json;
}

std::string errorOf(const llvm::json::Value &json) {
  auto parsed = parseKernelMetadata(json, "v.json");
  if (parsed)
    return "";
  return llvm::toString(parsed.takeError());
}

TEST(KernelMetadata, CompilerChosenCapBelongsToTheUncappedConfig) {
  KernelMetadata meta = sample();
  EXPECT_EQ(meta.requestedMaxBlocksPerSm(), 3);
  EXPECT_FALSE(meta.toJSON().getAsObject()->get("max_blocks_per_sm_chosen"));
  meta.maxBlocksPerSm = 2;
  meta.maxBlocksPerSmChosen = true;
  auto back = parseKernelMetadata(meta.toJSON(), "v.json");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->maxBlocksPerSm, 2);
  EXPECT_TRUE(back->maxBlocksPerSmChosen);
  EXPECT_EQ(back->requestedMaxBlocksPerSm(), 0);
  EXPECT_NE(errorOf(edited(meta.toJSON(),
                           [](llvm::json::Object &o) {
                             o["max_blocks_per_sm_chosen"] = 1;
                           })),
            "");
}

TEST(KernelMetadata, RoundTripKeepsEveryField) {
  KernelMetadata meta = sample();
  auto back = parseKernelMetadata(meta.toJSON(), "v.json");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->kernel, meta.kernel);
  EXPECT_EQ(back->target.backend, "hip");
  EXPECT_EQ(back->target.arch, "gfx942");
  EXPECT_EQ(back->target.warpSize, 64);
  EXPECT_EQ(back->threadsPerBlock(), 512);
  EXPECT_EQ(back->binaryFile, meta.binaryFile);
  EXPECT_EQ(back->binarySize, 4096);
  EXPECT_EQ(back->binaryStats, meta.binaryStats);
  EXPECT_EQ(back->numStages, 2);
  EXPECT_EQ(back->maxBlocksPerSm, 3);
  EXPECT_EQ(back->maxRegisters, 96);
  ASSERT_EQ(back->params.size(), 5u);
  EXPECT_EQ(back->params[0].access, "read");
  EXPECT_EQ(back->params[1].access, "");
  EXPECT_EQ(back->params[2].divisibility, 16);
  EXPECT_TRUE(back->params[3].equalToOne);
  EXPECT_EQ(back->params[4].value, "1024");
  // Only x, y and n are passed to the binary.
  ASSERT_EQ(back->kernelArgs.size(), 3u);
  EXPECT_EQ(back->kernelArgs[1].cType, "void *");
  EXPECT_EQ(back->kernelArgs[2].cType, "int32_t");
  EXPECT_EQ(back->kernelArgs[2].size, 4);
  // Written again, the document is the same.
  EXPECT_EQ(back->toJSON(), meta.toJSON());
}

TEST(KernelMetadata, PointerAccessIsWrittenOnlyWhenKnown) {
  llvm::json::Value json = sample().toJSON();
  const llvm::json::Array &params = *json.getAsObject()->getArray("params");
  EXPECT_EQ(params[0].getAsObject()->getString("access"), "read");
  EXPECT_EQ(params[1].getAsObject()->get("access"), nullptr);
  EXPECT_EQ(params[2].getAsObject()->get("access"), nullptr);
  EXPECT_EQ(params[4].getAsObject()->get("access"), nullptr);
  EXPECT_EQ(params[0].getAsObject()->getString("c_type"), "void *");
}

TEST(KernelMetadata, BrokenDocumentsNameTheField) {
  llvm::json::Value good = sample().toJSON();
  EXPECT_EQ(errorOf(edited(good, [](auto &o) { o["schema_version"] = 2; })),
            "v.json: schema_version: unsupported version 2; this tkc reads "
            "version 1");
  EXPECT_EQ(errorOf(edited(good, [](auto &o) { o.erase("kernel"); })),
            "v.json: kernel: missing (expected a string)");
  EXPECT_EQ(errorOf(edited(good,
                           [](auto &o) {
                             (*o.getObject("target"))["backend"] = "metal";
                           })),
            "v.json: target.backend: expected \"cuda\" or \"hip\", got "
            "\"metal\"");
  EXPECT_EQ(
      errorOf(edited(
          good, [](auto &o) { (*o.getObject("target"))["arch"] = "sm_90a"; })),
      "v.json: target.arch: 'sm_90a' is not a hip architecture "
      "(gfx...)");
  EXPECT_EQ(
      errorOf(edited(good, [](auto &o) { o["threads_per_block"] = 256; })),
      "v.json: threads_per_block: 256 is not num_warps * "
      "target.warp_size (512)");
  EXPECT_EQ(
      errorOf(edited(
          good, [](auto &o) { (*o.getObject("binary"))["format"] = "cubin"; })),
      "v.json: binary.format: expected \"hsaco\" for hip, got "
      "\"cubin\"");
  EXPECT_EQ(errorOf(edited(good,
                           [](auto &o) {
                             auto &p =
                                 *(*o.getArray("params"))[2].getAsObject();
                             p["c_type"] = "float";
                           })),
            "v.json: params[2].c_type: expected 'int32_t' for scalar 'n' of "
            "i32, got 'float'");
  EXPECT_EQ(errorOf(edited(good,
                           [](auto &o) {
                             auto &a =
                                 *(*o.getArray("kernel_args"))[0].getAsObject();
                             a["name"] = "BLOCK";
                           })),
            "v.json: kernel_args[0].name: 'BLOCK' is a constexpr or "
            "equal_to_1 parameter and is not passed to the binary");
}

/// A variant that takes a tensor map of descriptor `d` (fp16, 64 x 64
/// boxes swizzled by 128 bytes) after its arguments, and one of a
/// descriptor made in the kernel, of 2 * d_shape0 rows of 64 in rows of
/// d_stride0 * n.
KernelMetadata withTensorMap() {
  KernelMetadata meta = sample();
  meta.target = {"cuda", "sm_90a", 32};
  meta.binaryFormat = "cubin";
  meta.binaryFile = "tile.sm_90a.cubin";
  meta.binaryStats = {};
  meta.params = {
      {"d_base", "pointer", "fp16", 16, false, "", "read"},
      {"d_shape0", "scalar", "i32", 1, false, "", ""},
      {"d_shape1", "scalar", "i32", 1, false, "", ""},
      {"d_stride0", "scalar", "i64", 8, false, "", ""},
      {"n", "scalar", "i32", 1, false, "", ""},
  };
  meta.kernelArgs = kernelArgsOf(meta.params);
  meta.tensorMaps = {{"d",
                      "d_base",
                      {{{"d_shape0"}, 1}, {{"d_shape1"}, 1}},
                      {{{"d_stride0"}, 1}},
                      2,
                      {64, 64},
                      128},
                     {"made",
                      "d_base",
                      {{{"d_shape0"}, 2}, {{}, 64}},
                      {{{"d_stride0", "n"}, 1}},
                      2,
                      {64, 64},
                      128}};
  return meta;
}

TEST(KernelMetadata, TensorMapsRoundTripAndNameTheirLeaves) {
  KernelMetadata meta = withTensorMap();
  auto back = parseKernelMetadata(meta.toJSON(), "v.json");
  ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
  ASSERT_EQ(back->tensorMaps.size(), 2u);
  EXPECT_EQ(back->tensorMaps[0].descriptor, "d");
  EXPECT_EQ(back->tensorMaps[0].box, (std::vector<int64_t>{64, 64}));
  const TensorMapDesc &made = back->tensorMaps[1];
  EXPECT_EQ(made.base, "d_base");
  ASSERT_EQ(made.shape.size(), 2u);
  EXPECT_EQ(made.shape[0].args, (std::vector<std::string>{"d_shape0"}));
  EXPECT_EQ(made.shape[0].scale, 2);
  EXPECT_TRUE(made.shape[1].args.empty());
  EXPECT_EQ(made.shape[1].scale, 64);
  ASSERT_EQ(made.strides.size(), 1u);
  EXPECT_EQ(made.strides[0].args, (std::vector<std::string>{"d_stride0", "n"}));
  EXPECT_EQ(back->toJSON(), meta.toJSON());
  // An operand is written as simply as it can be: a name, a constant, or
  // a product (names, then a constant other than 1).
  llvm::json::Value json = meta.toJSON();
  const llvm::json::Object *written =
      (*json.getAsObject()->getArray("tensor_maps"))[1].getAsObject();
  auto text = [](const llvm::json::Value *value) {
    return value ? llvm::formatv("{0}", *value).str() : std::string();
  };
  EXPECT_EQ(text(written->get("shape")), R"([["d_shape0",2],64])");
  EXPECT_EQ(text(written->get("strides")), R"([["d_stride0","n"]])");
  // Without maps, the field is not written.
  EXPECT_EQ(sample().toJSON().getAsObject()->get("tensor_maps"), nullptr);

  auto map = [](llvm::json::Object &o) -> llvm::json::Object & {
    return *(*o.getArray("tensor_maps"))[0].getAsObject();
  };
  llvm::json::Value good = meta.toJSON();
  EXPECT_EQ(errorOf(edited(good, [&](auto &o) { map(o)["swizzle"] = 16; })),
            "v.json: tensor_maps[0].swizzle: expected 0, 32, 64 or 128 "
            "bytes, at least the innermost extent's, got 16");
  EXPECT_EQ(errorOf(edited(good,
                           [&](auto &o) {
                             map(o)["box"] = llvm::json::Array{64, 4};
                           })),
            "v.json: tensor_maps[0].box: the innermost extent must span a "
            "multiple of 16 bytes");
  EXPECT_EQ(errorOf(edited(good,
                           [&](auto &o) {
                             map(o)["box"] = llvm::json::Array{512, 64};
                           })),
            "v.json: tensor_maps[0].box: expected extents of 1 to 256, got "
            "512");
  EXPECT_EQ(errorOf(edited(good, [&](auto &o) { map(o)["base"] = "n"; })),
            "v.json: tensor_maps[0].base: 'd' has no pointer parameter 'n'");
  EXPECT_EQ(errorOf(edited(
                good,
                [&](auto &o) {
                  map(o)["shape"] = llvm::json::Array{"d_shape0", "d_base"};
                })),
            "v.json: tensor_maps[0].shape: 'd' has no i32 or i64 parameter "
            "'d_base'");
  EXPECT_EQ(errorOf(edited(good,
                           [&](auto &o) {
                             map(o)["shape"] = llvm::json::Array{"d_shape0"};
                           })),
            "v.json: tensor_maps[0].shape: expected 2 operands, one per "
            "dimension, got 1");
  EXPECT_EQ(errorOf(edited(good,
                           [&](auto &o) {
                             map(o)["strides"] = llvm::json::Array{
                                 llvm::json::Array{"n", "n", "n", "n"}};
                           })),
            "v.json: tensor_maps[0].strides: expected at most 3 parameters "
            "in a product");
  EXPECT_EQ(
      errorOf(edited(
          good, [&](auto &o) { map(o)["strides"] = llvm::json::Array{true}; })),
      "v.json: tensor_maps[0].strides: expected integers, parameter "
      "names, or arrays of them, got true");
  EXPECT_EQ(
      errorOf(edited(good, [&](auto &o) { map(o)["descriptor"] = "a\"b"; })),
      "v.json: tensor_maps[0].descriptor: expected printable "
      "characters other than '\"' and '\\'");
}

TEST(KernelMetadata, ScalarTypes) {
  EXPECT_EQ(scalarCType("bf16"), "uint16_t");
  EXPECT_EQ(scalarCType("fp8e4nv"), "");
  EXPECT_TRUE(isKnownDType("fp8e4nv"));
  EXPECT_EQ(scalarSize("fp64"), 8u);
  EXPECT_EQ(sha256Hex({}), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934c"
                           "a495991b7852b855");
}

} // namespace
