//===- cuda_abi_test.cc - The runtime's CUDA types against cuda.h ---------===//
//
// The runtime declares its own CUDA driver types and constants so that it
// builds without cuda.h. This test checks them against the toolkit's cuda.h
// (types only, nothing links libcuda) and loads the toolkit's stub
// libcuda.so through the runtime's dlopen path: every symbol must resolve,
// and the stub's cuInit failure must come back as TKC_ERROR_NO_DRIVER.
//
//===----------------------------------------------------------------------===//
#include "tkc_cuda_driver.h"
#include "tkc_runtime.h"

#include <cuda.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <type_traits>

namespace {

static_assert(sizeof(tkc_cu_result) == sizeof(CUresult), "CUresult");
static_assert(sizeof(tkc_cu_device) == sizeof(CUdevice), "CUdevice");
static_assert(std::is_same<CUdevice, tkc_cu_device>::value, "CUdevice");
static_assert(sizeof(tkc_cu_context) == sizeof(CUcontext), "CUcontext");
static_assert(sizeof(tkc_cu_module) == sizeof(CUmodule), "CUmodule");
static_assert(sizeof(tkc_cu_function) == sizeof(CUfunction), "CUfunction");
static_assert(sizeof(tkc_cu_stream) == sizeof(CUstream), "CUstream");
static_assert(TKC_CUDA_SUCCESS == CUDA_SUCCESS, "CUDA_SUCCESS");
static_assert(TKC_CUDA_ERROR_NO_DEVICE == CUDA_ERROR_NO_DEVICE, "NO_DEVICE");
static_assert(TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ==
                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
              "COMPUTE_CAPABILITY_MAJOR");
static_assert(TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ==
                  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
              "COMPUTE_CAPABILITY_MINOR");
static_assert(TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR ==
                  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
              "MAX_SHARED_MEMORY_PER_MULTIPROCESSOR");
static_assert(TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK ==
                  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
              "RESERVED_SHARED_MEMORY_PER_BLOCK");
static_assert(TKC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ==
                  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
              "MAX_DYNAMIC_SHARED_SIZE_BYTES");

// The versioned names the runtime dlsyms are the ones cuda.h binds to.
static_assert(std::is_same<decltype(&cuCtxPushCurrent_v2),
                           CUresult (*)(CUcontext)>::value,
              "cuCtxPushCurrent_v2");
static_assert(std::is_same<decltype(&cuCtxPopCurrent_v2),
                           CUresult (*)(CUcontext *)>::value,
              "cuCtxPopCurrent_v2");

TEST(CudaAbiTest, StubDriverResolvesEverySymbol) {
  const char *stub = std::getenv("TKC_CUDA_STUB");
  ASSERT_NE(stub, nullptr) << "the BUILD file sets TKC_CUDA_STUB";
  std::string path = std::string(std::getenv("TEST_SRCDIR")) + "/" +
                     std::getenv("TEST_WORKSPACE") + "/" + stub;
  if (std::string(stub).rfind("../", 0) == 0) // an external repository
    path = std::string(std::getenv("TEST_SRCDIR")) + "/" + (stub + 3);
  tkc_runtime_set_cuda_driver_for_testing(nullptr);
  tkc_runtime_set_cuda_library_for_testing(path.c_str());
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_ERROR_NO_DRIVER);
  // Past dlopen and every dlsym: the stub's cuInit refuses to run.
  // The stub cannot name its errors either: 34 is CUDA_ERROR_STUB_LIBRARY.
  static_assert(CUDA_ERROR_STUB_LIBRARY == 34, "stub error");
  EXPECT_STREQ(tkc_last_error(), "cuInit failed: CUDA error 34");
  tkc_runtime_set_cuda_library_for_testing(nullptr);
}

} // namespace
