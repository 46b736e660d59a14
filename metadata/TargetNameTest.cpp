//===- TargetNameTest.cpp - Tests of the target spelling table ------------===//
//
// Long and short target spellings of both vendors, the spelling errors, and
// that the Bazel rule's Starlark table (given as the test's arguments) is
// the same table.
//
//===----------------------------------------------------------------------===//

#include "metadata/TargetName.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tkc::metadata;

namespace {

/// The rows of rules/private/targets.bzl, "backend,prefix,drops,format".
std::vector<std::string> starlarkRows;

std::string archOf(llvm::StringRef text) {
  auto name = parseTargetName(text);
  if (!name)
    return "error: " + llvm::toString(name.takeError());
  return name->vendor->backend.str() + " " + name->arch +
         (name->warpSize ? " " + std::to_string(*name->warpSize) : "");
}

TEST(TargetName, Spellings) {
  EXPECT_EQ(archOf("cuda:90a"), "cuda sm_90a");
  EXPECT_EQ(archOf(" sm_80 "), "cuda sm_80");
  EXPECT_EQ(archOf("hip:gfx942"), "hip gfx942");
  EXPECT_EQ(archOf("hip:gfx1100:64"), "hip gfx1100 64");
  EXPECT_EQ(archOf("gfx90a"), "hip gfx90a");
}

TEST(TargetName, Errors) {
  EXPECT_EQ(archOf("cuda:sm_90a"), "error: write 'cuda:90a' or 'sm_90a'");
  EXPECT_EQ(archOf("metal:m1"), "error: backend must be 'cuda' or 'hip'");
  EXPECT_EQ(archOf("hip:sm_80"),
            "error: architecture 'sm_80' is not a hip architecture");
  EXPECT_EQ(archOf("x86"), "error: no such architecture 'x86'");
  EXPECT_EQ(archOf("hip:gfx942:w"), "error: invalid warp size 'w'");
  EXPECT_EQ(archOf("a:b:c:d"), "error: expected backend:arch[:warp]");
}

TEST(TargetName, LongForm) {
  EXPECT_EQ(longTargetName(*findVendor("cuda"), "sm_90a"), "cuda:90a");
  EXPECT_EQ(longTargetName(*findVendor("hip"), "gfx942"), "hip:gfx942");
  EXPECT_EQ(findVendor("hip")->binaryFormat, "hsaco");
  EXPECT_EQ(vendorOfArch("sm_100a")->backend, "cuda");
}

TEST(TargetName, CudaCapability) {
  std::optional<CudaCapability> sm90a = parseCudaCapability("sm_90a");
  ASSERT_TRUE(sm90a);
  EXPECT_EQ(sm90a->major, 9);
  EXPECT_EQ(sm90a->minor, 0);
  EXPECT_TRUE(sm90a->specific);
  std::optional<CudaCapability> sm100 = parseCudaCapability("sm_100");
  ASSERT_TRUE(sm100);
  EXPECT_EQ(sm100->major, 10);
  EXPECT_EQ(sm100->minor, 0);
  EXPECT_FALSE(sm100->specific);
  EXPECT_EQ(parseCudaCapability("sm_86")->minor, 6);
  for (llvm::StringRef bad : {"gfx942", "sm_", "sm_9", "sm_9x", "sm_1000"})
    EXPECT_FALSE(parseCudaCapability(bad)) << bad.str();
}

TEST(TargetName, StarlarkTableIsTheSame) {
  std::vector<std::string> rows;
  for (const VendorSpelling &v : vendorSpellings())
    rows.push_back(v.backend.str() + "," + v.archPrefix.str() + "," +
                   (v.longFormDropsPrefix ? "1" : "0") + "," +
                   v.binaryFormat.str());
  EXPECT_EQ(rows, starlarkRows);
}

} // namespace

int main(int argc, char **argv) {
  ::testing::InitGoogleTest(&argc, argv);
  starlarkRows.assign(argv + 1, argv + argc);
  return RUN_ALL_TESTS();
}
