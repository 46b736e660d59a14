//===- Diagnostics.cpp - Compiler-style diagnostics for kernel source -----===//
//
// Formats messages through llvm::SourceMgr, which prints the location, the
// source line and a caret.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Diagnostics.h"

namespace tkc::frontend {

void Diagnostics::print(Loc loc, llvm::SourceMgr::DiagKind kind,
                        const llvm::Twine &message) {
  if (suppressDepth > 0) {
    if (kind == llvm::SourceMgr::DK_Error)
      ++suppressedErrorCount;
    return;
  }
  if (kind == llvm::SourceMgr::DK_Error)
    ++errorCount;
  sourceMgr.PrintMessage(os, loc, kind, message);
}

bool Diagnostics::error(Loc loc, const llvm::Twine &message) {
  print(loc, llvm::SourceMgr::DK_Error, message);
  return false;
}

void Diagnostics::warning(Loc loc, const llvm::Twine &message) {
  print(loc, llvm::SourceMgr::DK_Warning, message);
}

void Diagnostics::note(Loc loc, const llvm::Twine &message) {
  print(loc, llvm::SourceMgr::DK_Note, message);
}

std::pair<unsigned, unsigned> Diagnostics::getLineAndColumn(Loc loc) const {
  return sourceMgr.getLineAndColumn(loc);
}

llvm::StringRef Diagnostics::getBufferName(Loc loc) const {
  unsigned id = sourceMgr.FindBufferContainingLoc(loc);
  if (id == 0)
    return "<unknown>";
  return sourceMgr.getMemoryBuffer(id)->getBufferIdentifier();
}

} // namespace tkc::frontend
