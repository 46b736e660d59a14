//===- gpu_test_support.cc - Driver access for the end-to-end GPU tests ---===//
//
// Loads libcuda.so.1 with dlopen (the tests never link the driver), sets up
// device 0's primary context, and implements the device buffers, the skipping
// fixture and the host-side reference helpers declared in gpu_test_support.h.
//
//===----------------------------------------------------------------------===//

#include "tests/e2e/gpu_test_support.h"

#include <dlfcn.h>

#include <cmath>
#include <mutex>
#include <random>

namespace tkc::e2e {
namespace {

/// Resolves `symbol` into `fn`; returns false if the driver lacks it.
template <typename Fn> bool resolve(void *library, const char *symbol, Fn &fn) {
  fn = reinterpret_cast<Fn>(dlsym(library, symbol));
  return fn != nullptr;
}

/// Loads the driver and device 0's primary context; fills *why on failure.
CudaDriver *load(std::string *why) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    *why =
        std::string("no CUDA driver (dlopen libcuda.so.1: ") + dlerror() + ")";
    return nullptr;
  }
  auto *driver = new CudaDriver();
  // The versioned names are the ones cuda.h maps the plain names to.
  bool ok =
      resolve(library, "cuInit", driver->init) &&
      resolve(library, "cuGetErrorString", driver->getErrorString) &&
      resolve(library, "cuDeviceGetCount", driver->deviceGetCount) &&
      resolve(library, "cuDeviceGet", driver->deviceGet) &&
      resolve(library, "cuDeviceGetAttribute", driver->deviceGetAttribute) &&
      resolve(library, "cuDevicePrimaryCtxRetain", driver->primaryCtxRetain) &&
      resolve(library, "cuCtxSetCurrent", driver->ctxSetCurrent) &&
      resolve(library, "cuCtxSynchronize", driver->ctxSynchronize) &&
      resolve(library, "cuMemAlloc_v2", driver->memAlloc) &&
      resolve(library, "cuMemFree_v2", driver->memFree) &&
      resolve(library, "cuMemcpyHtoD_v2", driver->memcpyHtoD) &&
      resolve(library, "cuMemcpyDtoH_v2", driver->memcpyDtoH) &&
      resolve(library, "cuMemsetD8_v2", driver->memsetD8) &&
      resolve(library, "cuStreamCreate", driver->streamCreate) &&
      resolve(library, "cuStreamSynchronize", driver->streamSynchronize) &&
      resolve(library, "cuStreamDestroy_v2", driver->streamDestroy);
  if (!ok) {
    *why = "libcuda.so.1 lacks a driver API entry point the tests need";
    delete driver;
    return nullptr;
  }
  CUresult result = driver->init(0);
  if (result != CUDA_SUCCESS) {
    *why = driver->describe("cuInit", result);
    delete driver;
    return nullptr;
  }
  int count = 0;
  result = driver->deviceGetCount(&count);
  if (result != CUDA_SUCCESS || count == 0) {
    *why = result != CUDA_SUCCESS
               ? driver->describe("cuDeviceGetCount", result)
               : std::string("the CUDA driver reports no device");
    delete driver;
    return nullptr;
  }
  int major = 0, minor = 0;
  if ((result = driver->deviceGet(&driver->device, 0)) != CUDA_SUCCESS ||
      (result = driver->primaryCtxRetain(&driver->context, driver->device)) !=
          CUDA_SUCCESS ||
      (result = driver->deviceGetAttribute(
           &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
           driver->device)) != CUDA_SUCCESS ||
      (result = driver->deviceGetAttribute(
           &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
           driver->device)) != CUDA_SUCCESS) {
    *why = driver->describe("device 0 setup", result);
    delete driver;
    return nullptr;
  }
  driver->arch = "sm_" + std::to_string(major * 10 + minor);
  return driver;
}

} // namespace

CudaDriver *CudaDriver::get(std::string *why) {
  static std::once_flag once;
  static CudaDriver *driver = nullptr;
  static std::string reason;
  std::call_once(once, [] { driver = load(&reason); });
  if (!driver) {
    *why = reason;
    return nullptr;
  }
  // Every thread that uses the driver needs the context current.
  driver->ctxSetCurrent(driver->context);
  return driver;
}

std::string CudaDriver::describe(const char *call, CUresult result) const {
  const char *text = nullptr;
  if (getErrorString)
    getErrorString(result, &text);
  return std::string(call) + ": " +
         (text ? text : "CUresult " + std::to_string(result));
}

DeviceBuffer::DeviceBuffer(CudaDriver &driver, size_t bytes)
    : driver(driver), bytes(bytes) {
  CUresult result = driver.memAlloc(&address, bytes ? bytes : 1);
  if (result != CUDA_SUCCESS)
    ADD_FAILURE() << driver.describe("cuMemAlloc", result);
}

DeviceBuffer::~DeviceBuffer() {
  if (address)
    driver.memFree(address);
}

void *DeviceBuffer::ptr(size_t byteOffset) const {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(address) + byteOffset);
}

void DeviceBuffer::upload(const void *host, size_t count) {
  ASSERT_LE(count, bytes);
  CUresult result = driver.memcpyHtoD(address, host, count);
  EXPECT_EQ(result, CUDA_SUCCESS) << driver.describe("cuMemcpyHtoD", result);
  // From pageable memory the copy may still be in flight when it returns,
  // and the tests' streams do not wait for the legacy stream: finish it.
  result = driver.ctxSynchronize();
  EXPECT_EQ(result, CUDA_SUCCESS)
      << driver.describe("cuCtxSynchronize", result);
}

void DeviceBuffer::download(void *host, size_t count) const {
  ASSERT_LE(count, bytes);
  CUresult result = driver.memcpyDtoH(host, address, count);
  EXPECT_EQ(result, CUDA_SUCCESS) << driver.describe("cuMemcpyDtoH", result);
}

void DeviceBuffer::fill(uint8_t value) {
  CUresult result = driver.memsetD8(address, value, bytes);
  EXPECT_EQ(result, CUDA_SUCCESS) << driver.describe("cuMemsetD8", result);
  // cuMemsetD8 is asynchronous on the legacy stream, which the tests'
  // non-blocking streams do not wait for: finish it before a kernel writes.
  result = driver.ctxSynchronize();
  EXPECT_EQ(result, CUDA_SUCCESS)
      << driver.describe("cuCtxSynchronize", result);
}

void GpuTest::SetUp() {
  std::string why;
  driver = CudaDriver::get(&why);
  if (!driver)
    GTEST_SKIP() << "no usable GPU: " << why;
  CUresult result = driver->streamCreate(&cuStream, CU_STREAM_NON_BLOCKING);
  ASSERT_EQ(result, CUDA_SUCCESS) << driver->describe("cuStreamCreate", result);
  RecordProperty("device_arch", driver->arch);
}

void GpuTest::TearDown() {
  if (driver && cuStream)
    driver->streamDestroy(cuStream);
}

void synchronizeStream(CudaDriver &driver, void *stream) {
  CUresult result = driver.streamSynchronize(static_cast<CUstream>(stream));
  ASSERT_EQ(result, CUDA_SUCCESS)
      << driver.describe("cuStreamSynchronize", result);
}

void GpuTest::synchronize() { synchronizeStream(*driver, stream()); }

void expectGuardUntouched(const std::vector<uint8_t> &out, size_t bytes) {
  for (size_t b = bytes; b < out.size(); ++b)
    if (out[b] != kPoison) {
      ADD_FAILURE() << "byte " << b - bytes << " past the end was written";
      return;
    }
}

std::vector<float> randomFloats(size_t count, uint32_t seed, float lo,
                                float hi) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> distribution(lo, hi);
  std::vector<float> values(count);
  for (float &value : values)
    value = distribution(generator);
  return values;
}

float halfBitsToFloat(uint16_t bits) {
  float sign = (bits & 0x8000) ? -1.0f : 1.0f;
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return mantissa ? std::nanf("") : sign * INFINITY;
  if (exponent == 0) // zero or subnormal: mantissa * 2^-24
    return sign * std::ldexp(static_cast<float>(mantissa), -24);
  return sign * std::ldexp(static_cast<float>(0x400 | mantissa), exponent - 25);
}

uint16_t floatToHalfBits(float value) {
  uint32_t bits = floatBits(value);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude > 0x7f800000) // NaN
    return sign | 0x7e00;
  if (magnitude >= 0x477ff000) // >= 65520 rounds to infinity
    return sign | 0x7c00;
  if (magnitude < 0x38800000) { // below 2^-14: a subnormal half (or zero)
    // Scaling by 2^24 is exact; nearbyint rounds ties to even.
    float units = std::nearbyint(std::fabs(value) * 16777216.0f);
    return sign | static_cast<uint16_t>(units);
  }
  uint32_t exponent = (magnitude >> 23) - 127 + 15;
  uint32_t mantissa = magnitude & 0x7fffff;
  uint32_t half = (exponent << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // a carry into the exponent is the correct result
  return sign | static_cast<uint16_t>(half);
}

float bf16BitsToFloat(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &wide, sizeof(value));
  return value;
}

uint16_t floatToBf16Bits(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffff) > 0x7f800000) // NaN
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  // Round the low half away to nearest, ties to even; a carry into the
  // exponent (up to infinity) is the correct result.
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

} // namespace tkc::e2e
