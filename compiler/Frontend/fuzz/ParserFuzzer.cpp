//===- ParserFuzzer.cpp - libFuzzer entry point for the lexer and parser --===//
//
// Runs the lexer, the parser and the AST printer on arbitrary bytes with
// diagnostics going to a null stream. Beyond crashes, hangs and sanitizer
// reports, it traps on an insane result: a failed parse must have reported
// an error, and a successful one none. Built outside Bazel by
// tools/fuzz_parser.sh.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/Parser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace tkc::frontend;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::SourceMgr sourceMgr;
  unsigned bufferId = sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz.py"),
      llvm::SMLoc());
  Diagnostics diags(sourceMgr, llvm::nulls());
  std::unique_ptr<Module> module = parseModule(bufferId, diags);
  if (!module) {
    if (diags.numErrors() == 0)
      __builtin_trap(); // Failed without saying why.
    return 0;
  }
  if (diags.numErrors() != 0)
    __builtin_trap(); // Reported an error but returned a module.
  for (const auto &fn : module->functions)
    printAST(*fn, diags, llvm::nulls());
  return 0;
}
