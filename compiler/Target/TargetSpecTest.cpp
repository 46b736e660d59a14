//===- TargetSpecTest.cpp - Unit tests of target string parsing -----------===//
//
// Checks every accepted spelling of a target, the canonical form, warp-size
// rules and the errors for bad strings, over architectures the test
// registers itself as a backend would.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetSpec.h"

#include "gtest/gtest.h"

using namespace tkc;

namespace {

/// Registers a few architectures of each vendor, once per test binary.
class TargetSpecTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    static const ArchInfo cuda[] = {
        {"sm_80", 32}, {"sm_90", 32}, {"sm_90a", 32}};
    static const ArchInfo hip[] = {{"gfx942", 64},
                                   {"gfx1100", 32, /*allowsWave64=*/true}};
    registerArchitectures("cuda", cuda);
    registerArchitectures("hip", hip);
  }
};

TargetSpec parseOk(llvm::StringRef text) {
  auto spec = parseTarget(text);
  if (!spec) {
    ADD_FAILURE() << "parseTarget(" << text.str()
                  << ") failed: " << llvm::toString(spec.takeError());
    return {};
  }
  return *spec;
}

std::string parseError(llvm::StringRef text) {
  auto spec = parseTarget(text);
  if (spec) {
    ADD_FAILURE() << "parseTarget(" << text.str() << ") unexpectedly gave "
                  << spec->str();
    return "";
  }
  return llvm::toString(spec.takeError());
}

TEST_F(TargetSpecTest, TritonAndShortSpellingsAgree) {
  EXPECT_EQ(parseOk("cuda:90a"), parseOk("sm_90a"));
  EXPECT_EQ(parseOk("cuda:80"), parseOk("sm_80"));
  EXPECT_EQ(parseOk("hip:gfx942"), parseOk("gfx942"));
  EXPECT_EQ(parseOk(" cuda:90a "), parseOk("sm_90a"));
}

TEST_F(TargetSpecTest, FieldsAndCanonicalForm) {
  TargetSpec sm90a = parseOk("sm_90a");
  EXPECT_EQ(sm90a.backend, "cuda");
  EXPECT_EQ(sm90a.arch, "sm_90a");
  EXPECT_EQ(sm90a.warpSize, 32u);
  EXPECT_EQ(sm90a.str(), "cuda:90a");

  TargetSpec gfx942 = parseOk("gfx942");
  EXPECT_EQ(gfx942.backend, "hip");
  EXPECT_EQ(gfx942.warpSize, 64u);
  EXPECT_EQ(gfx942.str(), "hip:gfx942");
}

TEST_F(TargetSpecTest, WarpSizes) {
  EXPECT_EQ(parseOk("hip:gfx1100").warpSize, 32u);
  TargetSpec wave64 = parseOk("hip:gfx1100:64");
  EXPECT_EQ(wave64.warpSize, 64u);
  EXPECT_EQ(wave64.str(), "hip:gfx1100:64");
  EXPECT_EQ(parseOk(wave64.str()), wave64);
  EXPECT_EQ(parseOk("cuda:80:32").warpSize, 32u);
  EXPECT_NE(parseError("hip:gfx942:32")
                .find("warp size 32 is not supported "
                      "on gfx942 (it runs 64)"),
            std::string::npos);
  EXPECT_NE(parseError("cuda:90:64").find("not supported on sm_90"),
            std::string::npos);
  EXPECT_NE(parseError("cuda:90:x").find("invalid warp size 'x'"),
            std::string::npos);
}

TEST_F(TargetSpecTest, Errors) {
  EXPECT_NE(parseError("cuda:70").find("no such architecture 'sm_70'"),
            std::string::npos);
  EXPECT_NE(parseError("gfx1030").find(
                "supported: cuda: sm_80, sm_90, sm_90a; hip: gfx942, gfx1100"),
            std::string::npos);
  EXPECT_NE(parseError("metal:apple9").find("backend must be 'cuda' or 'hip'"),
            std::string::npos);
  EXPECT_NE(parseError("cuda:sm_90").find("write 'cuda:90' or 'sm_90'"),
            std::string::npos);
  EXPECT_NE(parseError("hip:sm_90").find("is not a hip architecture"),
            std::string::npos);
  EXPECT_NE(parseError("cuda:gfx942").find("no such architecture"),
            std::string::npos);
  EXPECT_NE(parseError("a:b:c:d").find("expected backend:arch[:warp]"),
            std::string::npos);
}

TEST_F(TargetSpecTest, Lists) {
  auto specs = parseTargetList("cuda:80,sm_90a,gfx942");
  ASSERT_TRUE(static_cast<bool>(specs)) << llvm::toString(specs.takeError());
  ASSERT_EQ(specs->size(), 3u);
  EXPECT_EQ((*specs)[0].arch, "sm_80");
  EXPECT_EQ((*specs)[1].arch, "sm_90a");
  EXPECT_EQ((*specs)[2].arch, "gfx942");

  auto dup = parseTargetList("cuda:90a,sm_90a");
  ASSERT_FALSE(static_cast<bool>(dup));
  EXPECT_NE(llvm::toString(dup.takeError()).find("listed twice"),
            std::string::npos);

  auto empty = parseTargetList(",");
  ASSERT_FALSE(static_cast<bool>(empty));
  EXPECT_NE(llvm::toString(empty.takeError()).find("no target given"),
            std::string::npos);
}

} // namespace
