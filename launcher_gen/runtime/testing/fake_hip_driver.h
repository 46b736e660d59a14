//===- fake_hip_driver.h - A HIP driver table for tests ---------*- C++ -*-===//
//
// A fake of the HIP module API that the tkc runtime's tests install with
// tkc_runtime_set_hip_driver_for_testing(). It models devices with a
// gcnArchName each, a per-thread current device (0 until hipSetDevice, as in
// HIP), module loads (the "image" is remembered as text: tests use small text
// files as code objects) and records every launch with copies of its
// arguments. For autotuning it gives each image a fake run time that events
// add up, and serves device memory from the host.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_HIP_DRIVER_H
#define TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_HIP_DRIVER_H

#include "fake_timing.h"
#include "tkc_hip_driver.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace tkc::testing {

/// One hipModuleLaunchKernel call as the fake saw it.
struct FakeHipLaunch {
  /// The image text of the launched function's module and its entry name.
  std::string image;
  std::string entry;
  unsigned grid[3];
  unsigned block[3];
  unsigned sharedBytes;
  void *stream;
  /// The device current on the launching thread.
  int device;
  /// Copies of the first FakeHipDriver::argSizes.size() kernel arguments.
  std::vector<std::vector<uint8_t>> args;
};

/// One hipModuleLoadData call.
struct FakeHipModuleLoad {
  std::string image;
  int device;
  /// The image pointer as passed (see FakeModuleLoad::data).
  const void *data;
};

/// The fake HIP (one per process; use instance()).
class FakeHipDriver : public FakeTiming {
public:
  /// The process's fake.
  static FakeHipDriver &instance();

  /// Forgets all devices, records and failures, installs the fake into the
  /// runtime (which forgets its cached HIP state and vendor choice) and
  /// makes device 0 current on the calling thread.
  void reset();

  /// Adds the next device, e.g. "gfx90a:sramecc+:xnack-".
  void addDevice(const std::string &gcnArchName);
  /// The calling thread's current device (hipSetDevice).
  void setCurrent(int device) { currentDevice = device; }
  int current() const { return currentDevice; }

  /// Failures to inject: hipInit's and hipModuleLoadData's results.
  std::atomic<int> initResult{0};
  std::atomic<int> moduleLoadResult{0};
  /// hipModuleLoadData sleeps this long (to widen race windows).
  std::atomic<int> moduleLoadDelayMs{0};
  /// Every device's LDS per CU (an MI250's or MI300's).
  static constexpr size_t kSharedPerCu = 64 * 1024;
  /// Byte sizes of the kernel arguments to copy at each launch.
  std::vector<size_t> argSizes;

  /// Observations (read them under mutex or after the threads joined).
  std::vector<FakeHipModuleLoad> moduleLoads;
  std::vector<FakeHipLaunch> launches;
  int initCalls = 0;
  int propertyQueries = 0;
  std::vector<int> setDeviceCalls;

  /// The driver table that routes to instance().
  static const tkc_hip_driver *table();

  /// Internals used by the C entry points.
  struct Module {
    std::string image;
    int device;
  };
  struct Function {
    Module *module;
    std::string entry;
  };
  std::mutex mutex;
  std::vector<std::string> devices;
  static thread_local int currentDevice;
};

} // namespace tkc::testing

#endif // TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_HIP_DRIVER_H
