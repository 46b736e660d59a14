//===- hip_abi_test.cc - The runtime's HIP types against the headers ------===//
//
// The runtime declares its own HIP types and constants so that it builds
// without the HIP headers. This test checks them against Debian's HIP 5.2
// headers (hipDeviceProp_t there is the "R0000" layout that the unversioned
// hipGetDeviceProperties symbol fills in every ROCm) and loads the
// installed libamdhip64.so.5 through the runtime's dlopen path: every symbol
// must resolve, and with no AMD GPU hipInit's failure must come back as
// TKC_ERROR_NO_DEVICE. Nothing here needs a GPU.
//
//===----------------------------------------------------------------------===//
#include "tkc_hip_driver.h"
#include "tkc_runtime.h"

#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <type_traits>

namespace {

static_assert(HIP_VERSION_MAJOR < 6,
              "these headers' hipDeviceProp_t must be the R0000 layout");
static_assert(sizeof(tkc_hip_error) == sizeof(hipError_t), "hipError_t");
static_assert(sizeof(tkc_hip_module) == sizeof(hipModule_t), "hipModule_t");
static_assert(sizeof(tkc_hip_function) == sizeof(hipFunction_t),
              "hipFunction_t");
static_assert(sizeof(tkc_hip_stream) == sizeof(hipStream_t), "hipStream_t");
static_assert(TKC_HIP_SUCCESS == hipSuccess, "hipSuccess");
static_assert(TKC_HIP_ERROR_NO_DEVICE == hipErrorNoDevice, "NoDevice");
static_assert(TKC_HIP_ERROR_INVALID_DEVICE == hipErrorInvalidDevice,
              "InvalidDevice");

// The fields the runtime reads sit where HIP writes them, and the struct has
// room for everything HIP writes (with a wide margin for later ROCm).
#define TKC_SAME_OFFSET(field)                                                 \
  static_assert(offsetof(tkc_hip_device_prop, field) ==                        \
                    offsetof(hipDeviceProp_t, field),                          \
                #field)
TKC_SAME_OFFSET(name);
TKC_SAME_OFFSET(totalConstMem);
TKC_SAME_OFFSET(major);
TKC_SAME_OFFSET(arch);
TKC_SAME_OFFSET(maxSharedMemoryPerMultiProcessor);
TKC_SAME_OFFSET(gcnArch);
TKC_SAME_OFFSET(gcnArchName);
static_assert(sizeof(hipDeviceArch_t) == sizeof(unsigned), "hipDeviceArch_t");
static_assert(sizeof(tkc_hip_device_prop) >= 2 * sizeof(hipDeviceProp_t),
              "room for later fields");

// The runtime's function types are the headers'.
static_assert(
    std::is_same<decltype(&hipModuleLaunchKernel),
                 hipError_t (*)(hipFunction_t, unsigned, unsigned, unsigned,
                                unsigned, unsigned, unsigned, unsigned,
                                hipStream_t, void **, void **)>::value,
    "hipModuleLaunchKernel");
static_assert(std::is_same<decltype(&hipGetErrorName),
                           const char *(*)(hipError_t)>::value,
              "hipGetErrorName");
static_assert(std::is_same<decltype(&hipModuleLoadData),
                           hipError_t (*)(hipModule_t *, const void *)>::value,
              "hipModuleLoadData");

TEST(HipAbiTest, InstalledLibraryResolvesEverySymbol) {
  tkc_runtime_set_hip_driver_for_testing(nullptr);
  tkc_runtime_set_hip_library_for_testing("libamdhip64.so.5");
  tkc_device device;
  tkc_status status = tkc_current_device(TKC_BACKEND_HIP, &device);
  // Past dlopen and every dlsym; hipInit finds no AMD GPU on this machine.
  EXPECT_EQ(status, TKC_ERROR_NO_DEVICE) << tkc_last_error();
  EXPECT_EQ(std::string(tkc_last_error()).rfind("hipInit failed: hipError", 0),
            0u)
      << tkc_last_error();
  tkc_runtime_set_hip_library_for_testing(nullptr);
}

TEST(HipAbiTest, DefaultLibraryListIsTried) {
  tkc_runtime_set_hip_driver_for_testing(nullptr);
  tkc_runtime_set_hip_library_for_testing("libtkc-no-such-hip.so");
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_ERROR_NO_DRIVER);
  // The libraries tried, then what dlopen said of the last one.
  EXPECT_EQ(
      std::string(tkc_last_error())
          .rfind("cannot load the HIP runtime (tried libtkc-no-such-hip.so): ",
                 0),
      0u)
      << tkc_last_error();
  tkc_runtime_set_hip_library_for_testing(nullptr);
}

} // namespace
