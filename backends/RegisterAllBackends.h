//===- RegisterAllBackends.h - Every vendor backend tkc ships ---*- C++ -*-===//
//
// The one place the tools name the vendor backends: a tool (tkc, tkc-opt) or
// a test calls registerAllBackends() once at start-up, and from then on
// finds backends through tkc::lookupTargetBackend and their architectures
// through tkc::parseTarget. A new vendor adds one line here.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_REGISTERALLBACKENDS_H
#define TKC_BACKENDS_REGISTERALLBACKENDS_H

#include "backends/amd/AMDBackend.h"
#include "backends/nvidia/NVIDIABackend.h"

namespace tkc {

/// Registers every vendor backend, in the order help texts list them.
inline void registerAllBackends() {
  nvidia::registerNVIDIABackend();
  amd::registerAMDBackend();
}

} // namespace tkc

#endif // TKC_BACKENDS_REGISTERALLBACKENDS_H
