//===- TemplateTest.cpp - The launcher's template engine ------------------===//
//
// Unit tests of renderTemplate: substitution, nested @for blocks with scoped
// keys, empty lists, and the errors for unknown keys and lists, stray '@'
// and unbalanced blocks.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/Template.h"

#include <gtest/gtest.h>

using namespace tkc::launcher;

namespace {

std::string render(llvm::StringRef text, const TemplateValues &values) {
  auto out = renderTemplate("t.in", text, values);
  if (!out)
    return "error: " + llvm::toString(out.takeError());
  return *out;
}

TEST(TemplateTest, SubstitutesKeys) {
  TemplateValues values;
  values.set("NAME", "add");
  values.set("N", "3");
  EXPECT_EQ(render("int @NAME@_n = @N@; /* @NAME@ */\n", values),
            "int add_n = 3; /* add */\n");
}

TEST(TemplateTest, NestedLoopsWithScopes) {
  TemplateValues values;
  values.set("NAME", "k");
  auto &a = values.addItem("items");
  a.set("I", "0");
  a.addItem("inner").set("J", "x");
  a.addItem("inner").set("J", "y");
  auto &b = values.addItem("items");
  b.set("I", "1");
  b.declareList("inner");
  EXPECT_EQ(render("begin\n"
                   "  @for items@\n"
                   "case @I@:\n"
                   "@for inner@\n"
                   "  @NAME@ @I@ @J@\n"
                   "@end@\n"
                   "  @end@\n"
                   "end\n",
                   values),
            "begin\ncase 0:\n  k 0 x\n  k 0 y\ncase 1:\nend\n");
}

TEST(TemplateTest, Errors) {
  TemplateValues values;
  EXPECT_EQ(render("a\n@X@\n", values),
            "error: template t.in:2: unknown key 'X'");
  EXPECT_EQ(render("@for xs@\nb\n@end@\n", values),
            "error: template t.in:1: unknown list 'xs'");
  values.declareList("xs");
  EXPECT_EQ(render("@for xs@\nb\n", values),
            "error: template t.in:1: @for xs@ has no @end@");
  EXPECT_EQ(render("@end@\n", values),
            "error: template t.in:1: @end@ without @for");
  EXPECT_EQ(render("mail me @ home\n", values),
            "error: template t.in:1: a '@' that does not start a @KEY@");
}

} // namespace
