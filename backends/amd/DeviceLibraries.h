//===- DeviceLibraries.h - Linking ROCm's device libraries ------*- C++ -*-===//
//
// Links the ROCm device library functions a kernel calls (the __ocml_* math
// functions that OcmlMathLowering.h emits, from ocml.bc, and the
// __ockl_printf_* functions of device printf, from ockl.bc) into its LLVM
// module, defines the __oclc_* control constants the library reads, and
// internalizes what was linked so that the optimizer inlines it and drops
// the rest.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_AMD_DEVICELIBRARIES_H
#define TKC_BACKENDS_AMD_DEVICELIBRARIES_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tkc::amd {

/// Where ocml.bc is when no path is given: Debian's rocm-device-libs.
inline constexpr const char *kDefaultOcmlPath =
    "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc";

/// Where ockl.bc is when no path is given.
inline constexpr const char *kDefaultOcklPath =
    "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc";

/// What the device libraries are compiled for.
struct DeviceLibraryTarget {
  /// ocml.bc's path.
  std::string ocmlPath;
  /// ockl.bc's path.
  std::string ocklPath;
  /// The gfx architecture, e.g. `gfx942`.
  std::string arch;
  /// 32 or 64.
  unsigned wavefrontSize = 64;
  /// The code object version the backend emits (4, 5 or 6).
  int codeObjectVersion = 5;
};

/// Links the __ocml_* and __ockl_* functions `module` calls (nothing when
/// it calls none) and defines the control constants they read: no finite-only,
/// unsafe-math or denormal-flushing shortcuts, a correctly rounded f32 sqrt,
/// and the wavefront size, ISA version and ABI version of `target`. An error
/// names the --ocml or --ockl flag and the package when a library cannot be
/// read, or the function it lacks.
llvm::Error linkDeviceLibraries(llvm::Module &module,
                                const DeviceLibraryTarget &target);

} // namespace tkc::amd

#endif // TKC_BACKENDS_AMD_DEVICELIBRARIES_H
