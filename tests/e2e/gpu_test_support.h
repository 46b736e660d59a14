//===- gpu_test_support.h - Driver access for the end-to-end GPU tests ----===//
//
// The end-to-end tests call each kernel's generated C API on real device
// memory. This helper gives them that memory without linking libcuda: it loads
// libcuda.so.1 with dlopen, makes device 0's primary context current, and
// offers device buffers, a stream, and a GoogleTest fixture that skips every
// test (GTEST_SKIP) on a machine with no driver or no device. It also holds the
// host-side helpers the tests share: seeded random data and exact IEEE
// binary16 conversions for the CPU references.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TESTS_E2E_GPU_TEST_SUPPORT_H
#define TKC_TESTS_E2E_GPU_TEST_SUPPORT_H

#include "cuda.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tkc::e2e {

/// The driver API entry points the tests use, resolved from libcuda.so.1.
struct CudaDriver {
  decltype(&::cuInit) init = nullptr;
  decltype(&::cuGetErrorString) getErrorString = nullptr;
  decltype(&::cuDeviceGetCount) deviceGetCount = nullptr;
  decltype(&::cuDeviceGet) deviceGet = nullptr;
  decltype(&::cuDeviceGetAttribute) deviceGetAttribute = nullptr;
  decltype(&::cuDevicePrimaryCtxRetain) primaryCtxRetain = nullptr;
  decltype(&::cuCtxSetCurrent) ctxSetCurrent = nullptr;
  decltype(&::cuCtxSynchronize) ctxSynchronize = nullptr;
  decltype(&::cuMemAlloc) memAlloc = nullptr;
  decltype(&::cuMemFree) memFree = nullptr;
  decltype(&::cuMemcpyHtoD) memcpyHtoD = nullptr;
  decltype(&::cuMemcpyDtoH) memcpyDtoH = nullptr;
  decltype(&::cuMemsetD8) memsetD8 = nullptr;
  decltype(&::cuStreamCreate) streamCreate = nullptr;
  decltype(&::cuStreamSynchronize) streamSynchronize = nullptr;
  decltype(&::cuStreamDestroy) streamDestroy = nullptr;

  /// Device 0, whose primary context is current on the calling thread.
  CUdevice device = 0;
  /// Device 0's primary context, retained for the life of the process.
  CUcontext context = nullptr;
  /// "sm_90" etc.: device 0's compute capability, for test logs.
  std::string arch;

  /// Loads the driver once per process and makes device 0's primary context
  /// current on the calling thread. Returns null, and the reason in *why, when
  /// there is no driver, no device, or the driver fails to initialize.
  static CudaDriver *get(std::string *why);

  /// Describes a driver error: "cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY ...".
  std::string describe(const char *call, CUresult result) const;
};

/// A device allocation of a fixed byte size, freed on destruction.
class DeviceBuffer {
public:
  /// Allocates `bytes` bytes (at least 1) on the current context.
  DeviceBuffer(CudaDriver &driver, size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  /// The device address, shifted by `byteOffset`, as the C API takes it.
  void *ptr(size_t byteOffset = 0) const;
  /// Size in bytes.
  size_t size() const { return bytes; }

  /// Copies `bytes` bytes from host memory to the start of the buffer; done
  /// on return.
  void upload(const void *host, size_t bytes);
  /// Copies `bytes` bytes from the start of the buffer to host memory.
  void download(void *host, size_t bytes) const;
  /// Sets every byte of the buffer to `value`; done on return.
  void fill(uint8_t value);

  /// Uploads a whole vector.
  template <typename T> void upload(const std::vector<T> &host) {
    upload(host.data(), host.size() * sizeof(T));
  }
  /// Downloads the first `count` elements of type T.
  template <typename T> std::vector<T> download(size_t count) const {
    std::vector<T> host(count);
    download(host.data(), count * sizeof(T));
    return host;
  }

private:
  CudaDriver &driver;
  CUdeviceptr address = 0;
  size_t bytes;
};

/// Waits for all work on `stream` (a CUstream); fails the test on a driver
/// error. Wrap it in ASSERT_NO_FATAL_FAILURE to stop the caller as well.
void synchronizeStream(CudaDriver &driver, void *stream);

/// Fixture for tests that need a GPU: skips the test when none is usable,
/// otherwise offers the driver and a fresh stream.
class GpuTest : public ::testing::Test {
protected:
  void SetUp() override;
  void TearDown() override;

  /// The stream as the generated C API takes it (tkc_stream is a CUstream).
  void *stream() const { return static_cast<void *>(cuStream); }
  /// Waits for all work on the stream; fails the test on a driver error.
  void synchronize();

  /// The loaded driver; null only in a skipped test.
  CudaDriver *driver = nullptr;

private:
  CUstream cuStream = nullptr;
};

/// `count` floats drawn uniformly from [lo, hi) by a generator seeded with
/// `seed`, so a failure reproduces.
std::vector<float> randomFloats(size_t count, uint32_t seed, float lo,
                                float hi);

/// The IEEE binary16 value with bit pattern `bits`, exactly, as a float.
float halfBitsToFloat(uint16_t bits);

/// `value` rounded to the nearest binary16 (ties to even), as its bit
/// pattern; overflow gives infinity and NaN a quiet NaN, like cvt.rn.f16.f32.
uint16_t floatToHalfBits(float value);

/// The bfloat16 value with bit pattern `bits` (the high half of a float's).
float bf16BitsToFloat(uint16_t bits);

/// `value` rounded to the nearest bfloat16 (ties to even), as its bit
/// pattern; NaN gives a quiet NaN, like cvt.rn.bf16.f32.
uint16_t floatToBf16Bits(float value);

/// The bit pattern of a float, for exact comparisons in test messages.
inline uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

/// Sizes every elementwise test runs: one element, sizes that are not a
/// multiple of the 1024-wide block, exactly one block, many blocks with a
/// partial one at the end, and 2^20 + 3 (an unaligned tail).
inline std::vector<int32_t> elementwiseSizes() {
  return {1, 3, 1000, 1024, 1025, 98432, (1 << 20) + 3};
}

/// Bytes appended after every output buffer and checked to stay untouched,
/// so a kernel that writes past n_elements fails.
constexpr size_t kGuardBytes = 4096;

/// Byte value the guard region and unwritten outputs start as.
constexpr uint8_t kPoison = 0xA5;

/// Checks that the bytes of `out` from `bytes` on, a guard the kernel must
/// not write, still hold kPoison; reports the first that does not.
void expectGuardUntouched(const std::vector<uint8_t> &out, size_t bytes);

} // namespace tkc::e2e

#endif // TKC_TESTS_E2E_GPU_TEST_SUPPORT_H
