//===- AMDBackend.h - The AMD backend's registration ------------*- C++ -*-===//
//
// Registers the AMD TargetBackend (ROCDL lowering, AMDGPU code generation,
// ld.lld to a code object) for `hip:*` targets. Tools that compile for AMD
// call this once at start-up.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_AMD_AMDBACKEND_H
#define TKC_BACKENDS_AMD_AMDBACKEND_H

namespace tkc::amd {

/// Makes the AMD backend available through tkc::lookupTargetBackend.
void registerAMDBackend();

} // namespace tkc::amd

#endif // TKC_BACKENDS_AMD_AMDBACKEND_H
