//===- Library.h - triton.language functions written in Triton -*- C++ -*-===//
//
// Some triton.language functions are compositions of others: sorting and
// flipping (networks of reshapes and xor reductions), the Philox random
// numbers (integer arithmetic), swizzle2d. tkc writes them once, in the
// Triton language, in a library module compiled into the frontend. CodeGen
// parses it on first use into its own SourceMgr buffer and inlines its
// functions like any @jit helper, with the library's own globals.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_LIBRARY_H
#define TKC_FRONTEND_LIBRARY_H

#include "llvm/ADT/StringRef.h"

namespace tkc::frontend {

/// The library's buffer name in diagnostics and op locations.
inline constexpr llvm::StringLiteral kLibraryFileName =
    "<tkc>/triton_language.py";

/// The library's Triton-language source.
llvm::StringRef librarySource();

/// True if the library defines `tl.NAME` (method false) or the block
/// method NAME, as in `x.sort()` (method true).
bool isLibraryFunction(llvm::StringRef name, bool method);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_LIBRARY_H
