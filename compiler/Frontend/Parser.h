//===- Parser.h - Parser for the Triton-language Python subset --*- C++ -*-===//
//
// Turns a kernel file into a Module (AST.h). Only what tkc needs is parsed
// strictly: imports, module-level assignments and @jit function definitions.
// Other top-level statements (host code) are skipped, and a host function
// that does not parse is skipped silently. Errors in @jit functions, and
// lexical errors anywhere (bad indentation, unterminated strings), are
// reported as `file.py:LINE:COL: error: ...` with the line and a caret.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_PARSER_H
#define TKC_FRONTEND_PARSER_H

#include "compiler/Frontend/AST.h"

#include <functional>
#include <memory>
#include <optional>

namespace tkc::frontend {

/// Whether Triton's module `module` (`triton`, `triton.language`, ...) has
/// the attribute `name`; none where that is not known.
using TritonAttributeQuery = std::function<std::optional<bool>(
    llvm::StringRef module, llvm::StringRef name)>;

/// Parses buffer `bufferId` of the SourceMgr behind `diags`. Returns null if
/// any error was reported. `vendor` (`cuda`, `hip`, or empty: unknown) is the
/// backend the kernel is compiled for: a module-level condition that asks
/// which vendor's GPU runs the code (`if IS_NVIDIA:`, `if is_hip():`) takes
/// its answer. `hasTritonAttribute`, where given, answers a condition's
/// `hasattr(tl, "name")`.
std::unique_ptr<Module>
parseModule(unsigned bufferId, Diagnostics &diags, llvm::StringRef vendor = "",
            const TritonAttributeQuery &hasTritonAttribute = {});

} // namespace tkc::frontend

#endif // TKC_FRONTEND_PARSER_H
