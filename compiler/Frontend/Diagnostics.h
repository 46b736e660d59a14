//===- Diagnostics.h - Compiler-style diagnostics for kernel source -*- C++
//-*-===//
//
// Reports errors, warnings and notes at positions in a kernel's source as
// `file.py:LINE:COL: error: message`, followed by the source line and a
// caret, through llvm::SourceMgr. Counts errors so callers can stop after
// the first failing stage.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_DIAGNOSTICS_H
#define TKC_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace tkc::frontend {

/// A position in kernel source: a pointer into a SourceMgr buffer.
using Loc = llvm::SMLoc;

/// Prints diagnostics for positions in the buffers of one SourceMgr.
class Diagnostics {
public:
  /// Diagnostics go to `os` (usually llvm::errs()).
  Diagnostics(llvm::SourceMgr &sourceMgr, llvm::raw_ostream &os)
      : sourceMgr(sourceMgr), os(os) {}

  /// Reports an error at `loc`. Always returns false, so that callers can
  /// write `return diags.error(loc, "...")` in bool-returning code.
  bool error(Loc loc, const llvm::Twine &message);
  /// Reports a warning at `loc`.
  void warning(Loc loc, const llvm::Twine &message);
  /// Reports a note at `loc` (attached context for an earlier message, or
  /// information such as an ignored decorator).
  void note(Loc loc, const llvm::Twine &message);

  /// Number of errors reported so far (suppressed ones included).
  unsigned numErrors() const { return errorCount; }

  /// While suppressed (a count, so it nests), messages are counted in
  /// numSuppressedErrors() but not printed nor added to numErrors(). The
  /// parser uses this to try parsing host code it may skip.
  void suppress() { ++suppressDepth; }
  void unsuppress() { --suppressDepth; }
  unsigned numSuppressedErrors() const { return suppressedErrorCount; }

  /// The SourceMgr whose buffers locations point into.
  llvm::SourceMgr &getSourceMgr() { return sourceMgr; }

  /// Returns (line, column), both 1-based, of `loc`.
  std::pair<unsigned, unsigned> getLineAndColumn(Loc loc) const;
  /// Returns the name of the buffer `loc` points into.
  llvm::StringRef getBufferName(Loc loc) const;

private:
  void print(Loc loc, llvm::SourceMgr::DiagKind kind,
             const llvm::Twine &message);

  llvm::SourceMgr &sourceMgr;
  llvm::raw_ostream &os;
  unsigned errorCount = 0;
  unsigned suppressDepth = 0;
  unsigned suppressedErrorCount = 0;
};

} // namespace tkc::frontend

#endif // TKC_FRONTEND_DIAGNOSTICS_H
