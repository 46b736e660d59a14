//===- ParserRegressionTest.cpp - Replays the parser fuzzer's findings ----===//
//
// Parses every file in compiler/Frontend/test/fuzz-regressions/ (inputs that
// once crashed, hung or overflowed the stack, and handcrafted extremes of
// nesting) and checks that the result is sane: no crash, a module exactly when
// no error was reported, a printable AST, and for the known extremes the
// expected first diagnostic.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/Parser.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdlib>

using namespace tkc::frontend;

namespace {

/// The regression folder in Bazel's runfiles, or relative to the source
/// tree when run by hand.
std::string regressionDir() {
  const char *srcdir = std::getenv("TEST_SRCDIR");
  const char *workspace = std::getenv("TEST_WORKSPACE");
  llvm::SmallString<256> dir;
  if (srcdir && workspace)
    llvm::sys::path::append(dir, srcdir, workspace);
  llvm::sys::path::append(dir, "compiler/Frontend/test/fuzz-regressions");
  return std::string(dir);
}

/// First-diagnostic fragments expected of the handcrafted inputs; "" means
/// the file parses without errors.
const llvm::StringMap<std::string> &expectations() {
  static const llvm::StringMap<std::string> map = {
      {"deep-parens.py", ""},
      {"deep-unary.py", "error: expression nested too deeply"},
      {"long-chain.py", "error: expression nested too deeply"},
      {"long-attribute-chain.py", "error: expression nested too deeply"},
      {"deep-elif.py", "error: too many 'elif' branches"},
      {"deep-indent.py", "error: too many levels of indentation"},
      {"deep-lambda.py", ""}, // Host code: the global's value is unknown.
      {"deep-ifexp.py", "error: expression nested too deeply"},
      {"deep-not.py", "error: expression nested too deeply"},
      {"deep-power.py", "error: expression nested too deeply"},
      {"deep-fstring.py", "error: f-string nested too deeply"},
      {"deep-subscripts.py", "error: expression nested too deeply"},
      {"deep-calls.py", "error: expression nested too deeply"},
      {"many-statements.py", ""},
  };
  return map;
}

TEST(ParserRegression, EveryFileParsesSanely) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(regressionDir(), ec), end;
       it != end && !ec; it.increment(ec))
    files.push_back(it->path());
  ASSERT_FALSE(ec) << regressionDir() << ": " << ec.message();
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), expectations().size());

  unsigned checked = 0;
  for (const std::string &path : files) {
    SCOPED_TRACE(path);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    ASSERT_TRUE(bool(buffer));
    llvm::SourceMgr sourceMgr;
    unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*buffer), {});
    std::string errors;
    llvm::raw_string_ostream os(errors);
    Diagnostics diags(sourceMgr, os);
    std::unique_ptr<Module> module = parseModule(id, diags);

    EXPECT_EQ(module != nullptr, diags.numErrors() == 0) << errors;
    if (module) {
      for (const auto &fn : module->functions) {
        std::string ast;
        llvm::raw_string_ostream aos(ast);
        printAST(*fn, diags, aos);
        EXPECT_FALSE(ast.empty());
      }
    } else {
      EXPECT_NE(errors.find(": error: "), std::string::npos) << errors;
    }

    auto expected = expectations().find(llvm::sys::path::filename(path));
    if (expected == expectations().end())
      continue;
    ++checked;
    if (expected->second.empty()) {
      EXPECT_TRUE(module) << errors;
    } else {
      llvm::StringRef first = llvm::StringRef(errors).split('\n').first;
      EXPECT_NE(first.find(expected->second), llvm::StringRef::npos)
          << "first diagnostic: " << first.str();
    }
  }
  EXPECT_EQ(checked, expectations().size());
}

} // namespace
