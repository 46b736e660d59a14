//===- ASTPrinter.h - Dump of a parsed function for --emit=ast --*- C++ -*-===//
//
// Prints a function's syntax tree as an indented outline, one node per line,
// each with its LINE:COL, for `tkc compile --emit=ast` and parser tests.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_ASTPRINTER_H
#define TKC_FRONTEND_ASTPRINTER_H

#include "compiler/Frontend/AST.h"

#include "llvm/Support/raw_ostream.h"

namespace tkc::frontend {

/// Prints `fn` (decorators, parameters, body) to `os`. `diags` maps
/// locations to line and column.
void printAST(const FunctionDef &fn, const Diagnostics &diags,
              llvm::raw_ostream &os);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_ASTPRINTER_H
