//===- fake_cuda_driver.h - A CUDA driver table for tests -------*- C++ -*-===//
//
// A fake of the CUDA driver API that the tkc runtime's tests install with
// tkc_runtime_set_cuda_driver_for_testing(). It models devices with a
// compute capability each, per-thread current contexts, module loads (the
// "image" is remembered as text: tests use small text files as cubins) and
// records every launch with copies of its arguments.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_DRIVER_H
#define TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_DRIVER_H

#include "fake_timing.h"
#include "tkc_cuda_driver.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tkc::testing {

/// One cuLaunchKernel call as the fake saw it.
struct FakeLaunch {
  /// The image text of the launched function's module and its entry name.
  std::string image;
  std::string entry;
  unsigned grid[3];
  unsigned block[3];
  unsigned sharedBytes;
  void *stream;
  void *context;
  /// Copies of the first FakeCudaDriver::argSizes.size() kernel arguments.
  std::vector<std::vector<uint8_t>> args;
};

/// One cuTensorMapEncodeTiled call, its arrays as far as its rank goes.
struct FakeTensorMapEncode {
  int dataType;
  unsigned rank;
  void *base;
  std::vector<uint64_t> dims, strides;
  std::vector<unsigned> box, elementStrides;
  int interleave, swizzle, l2Promotion, oobFill;
  /// Whether the map's address was 64-byte aligned, as the driver needs.
  bool aligned;
};

/// One cuModuleLoadData call.
struct FakeModuleLoad {
  std::string image;
  void *context;
  /// The image pointer as passed (the runtime keeps it valid: it is the
  /// launcher's array or its decompressed pack), for byte comparisons.
  const void *data;
};

/// The fake driver (one per process; use instance()).
class FakeCudaDriver : public FakeTiming {
public:
  /// The process's fake.
  static FakeCudaDriver &instance();

  /// Forgets all devices, contexts, records and failures, installs the fake
  /// into the runtime (which forgets its cached driver state) and clears
  /// this thread's current context. Earlier contexts are never reused.
  void reset();

  /// Adds device `ordinal` with compute capability major.minor.
  void addDevice(int major, int minor);
  /// The primary context of device `ordinal` (created on first use).
  void *primaryContext(int ordinal);
  /// Makes `context` current on the calling thread (nullptr: none).
  void setCurrent(void *context);
  /// The calling thread's current context.
  void *current();

  /// Failures to inject: cuInit's result and cuModuleLoadData's result.
  std::atomic<int> initResult{0};
  std::atomic<int> moduleLoadResult{0};
  /// cuModuleLoadData sleeps this long (to widen race windows).
  std::atomic<int> moduleLoadDelayMs{0};
  /// Every device's shared memory per SM and reserved per block (an H100's).
  static constexpr int kSharedPerSm = 228 * 1024;
  static constexpr int kReservedSharedPerBlock = 1024;
  /// Byte sizes of the kernel arguments to copy at each launch.
  std::vector<size_t> argSizes;
  /// cuTensorMapEncodeTiled's result; the map it encodes holds the call's
  /// number (from 1) in its first 8 bytes, and zeros.
  std::atomic<int> tensorMapResult{0};

  /// Observations (read them under lock() or after the threads joined).
  std::vector<FakeModuleLoad> moduleLoads;
  std::vector<FakeLaunch> launches;
  std::vector<FakeTensorMapEncode> tensorMapEncodes;
  std::vector<std::pair<int, int>> functionAttributes;
  int primaryRetains = 0;
  int initCalls = 0;
  std::mutex &lock() { return mutex; }

  /// The driver table that routes to instance().
  static const tkc_cuda_driver *table();

  /// Internals used by the C entry points.
  struct Context {
    int ordinal;
  };
  struct Module {
    std::string image;
    void *context;
  };
  struct Function {
    Module *module;
    std::string entry;
  };
  std::mutex mutex;
  std::vector<std::pair<int, int>> devices;
  std::vector<Context *> primaryContexts;
  static thread_local std::vector<void *> contextStack;
};

} // namespace tkc::testing

#endif // TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_DRIVER_H
