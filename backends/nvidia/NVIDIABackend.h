//===- NVIDIABackend.h - The NVIDIA backend's registration ------*- C++ -*-===//
//
// Registers the NVIDIA TargetBackend (NVVM lowering, NVPTX code generation,
// ptxas) for `cuda:*` targets. Tools that compile for NVIDIA call this once
// at start-up.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_NVIDIA_NVIDIABACKEND_H
#define TKC_BACKENDS_NVIDIA_NVIDIABACKEND_H

namespace tkc::nvidia {

/// Makes the NVIDIA backend available through tkc::lookupTargetBackend.
void registerNVIDIABackend();

} // namespace tkc::nvidia

#endif // TKC_BACKENDS_NVIDIA_NVIDIABACKEND_H
