//===- InductorHelpers.h - torch.compile's Triton helpers -----*- C++ -*-===//
//
// The Triton kernels that torch.compile (Inductor) writes call helpers of
// torch's `torch._inductor.runtime.triton_helpers` module (`maximum` with
// NaN propagation, `max2`, Welford's mean and variance, arg-max pairs) and
// take `libdevice` and `math` from it. tkc has no torch: it carries its
// own version of that module, written in the Triton language with the same
// semantics, which imports resolve to like any module of the kernel's
// libraries.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_INDUCTORHELPERS_H
#define TKC_FRONTEND_INDUCTORHELPERS_H

#include "llvm/ADT/StringRef.h"

namespace tkc::frontend {

/// The module's buffer name in diagnostics and op locations.
inline constexpr llvm::StringLiteral kInductorHelpersFileName =
    "<tkc>/torch/_inductor/runtime/triton_helpers.py";

/// Whether `dotted` names torch's helper module (its current place,
/// torch._inductor.runtime.triton_helpers, or the one before torch 2.2).
bool isInductorHelpersModule(llvm::StringRef dotted);

/// tkc's version of the module, in the Triton language.
llvm::StringRef inductorHelpersSource();

} // namespace tkc::frontend

#endif // TKC_FRONTEND_INDUCTORHELPERS_H
