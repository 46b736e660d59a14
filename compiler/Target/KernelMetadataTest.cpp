//===- KernelMetadataTest.cpp - Tests of the metadata JSON ----------------===//
//
// Checks the JSON KernelMetadata writes for its parameters: the optional
// `access` of pointers, and what scalars and constexprs carry instead.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/KernelMetadata.h"

#include "gtest/gtest.h"

using namespace tkc;

namespace {

/// The `params` array of `meta`'s JSON.
llvm::json::Array paramsOf(const KernelMetadata &meta) {
  llvm::json::Value json = meta.toJSON();
  return *json.getAsObject()->getArray("params");
}

TEST(KernelMetadata, PointerAccessIsWrittenWhenKnown) {
  KernelMetadata meta;
  meta.params = {
      {"x", "pointer", "fp32", 16, false, "", "read"},
      {"y", "pointer", "fp32", 16, false, "", "readwrite"},
      {"z", "pointer", "fp16", 1, false, "", ""},
      {"n", "scalar", "i32", 1, false, "", "read"},
      {"BLOCK", "constexpr", "", 1, false, "1024", ""},
  };
  llvm::json::Array params = paramsOf(meta);
  ASSERT_EQ(params.size(), 5u);
  EXPECT_EQ(params[0].getAsObject()->getString("access"), "read");
  EXPECT_EQ(params[1].getAsObject()->getString("access"), "readwrite");
  // Unknown: the field is optional and left out.
  EXPECT_EQ(params[2].getAsObject()->get("access"), nullptr);
  // Only pointers have one.
  EXPECT_EQ(params[3].getAsObject()->get("access"), nullptr);
  EXPECT_EQ(params[4].getAsObject()->get("access"), nullptr);
  // The rest of a pointer's entry is unchanged.
  EXPECT_EQ(params[0].getAsObject()->getInteger("divisibility"), 16);
  EXPECT_EQ(params[0].getAsObject()->getString("c_type"), "void *");
}

} // namespace
