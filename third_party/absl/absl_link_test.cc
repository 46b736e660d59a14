//===- absl_link_test.cc - The system Abseil overlay links and runs -------===//
//
// Exercises @absl//:strings through the overlay so that a broken overlay
// (a missing -l flag, a moved library) fails here rather than in a tool.
//
//===----------------------------------------------------------------------===//

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

TEST(AbslOverlay, StringsLinkAndWork) {
  EXPECT_EQ(absl::StrCat("sm_", 90, "a"), "sm_90a");
  EXPECT_EQ(absl::StrFormat("%s:%d", "gfx", 942), "gfx:942");
  std::vector<std::string> Parts = absl::StrSplit("cuda:80,cuda:90a", ',');
  ASSERT_EQ(Parts.size(), 2u);
  EXPECT_EQ(Parts[1], "cuda:90a");
}
