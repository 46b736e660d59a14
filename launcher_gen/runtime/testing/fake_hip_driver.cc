//===- fake_hip_driver.cc - A HIP driver table for tests ------------------===//
//
// The fake HIP's entry points: each is a plain function that the
// tkc_hip_driver table points to, acting on FakeHipDriver::instance().
// Modules and functions it hands out are leaked on purpose so that a handle
// is never reused within a test process. Error numbers are HIP's.
//
//===----------------------------------------------------------------------===//
#include "fake_hip_driver.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

namespace tkc::testing {
namespace {

// Error codes as hip_runtime_api.h numbers them.
constexpr int kInvalidValue = 1;
constexpr int kOutOfMemory = 2;
constexpr int kNoDevice = 100;
constexpr int kInvalidDevice = 101;
constexpr int kInvalidImage = 200;
constexpr int kNotFound = 500;

FakeHipDriver &fake() { return FakeHipDriver::instance(); }

tkc_hip_error fakeInit(unsigned) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  ++fake().initCalls;
  return fake().initResult.load();
}

const char *fakeGetErrorName(tkc_hip_error error) {
  switch (error) {
  case 0:
    return "hipSuccess";
  case kInvalidValue:
    return "hipErrorInvalidValue";
  case kOutOfMemory:
    return "hipErrorOutOfMemory";
  case kNoDevice:
    return "hipErrorNoDevice";
  case kInvalidDevice:
    return "hipErrorInvalidDevice";
  case kInvalidImage:
    return "hipErrorInvalidImage";
  case kNotFound:
    return "hipErrorNotFound";
  }
  return "hipErrorUnknown";
}

tkc_hip_error fakeGetDeviceCount(int *count) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *count = static_cast<int>(fake().devices.size());
  return fake().devices.empty() ? kNoDevice : 0;
}

tkc_hip_error fakeGetDevice(int *device) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  if (fake().devices.empty())
    return kNoDevice;
  *device = FakeHipDriver::currentDevice;
  return 0;
}

tkc_hip_error fakeSetDevice(int device) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  if (device < 0 || device >= static_cast<int>(fake().devices.size()))
    return kInvalidDevice;
  fake().setDeviceCalls.push_back(device);
  FakeHipDriver::currentDevice = device;
  return 0;
}

tkc_hip_error fakeGetDeviceProperties(tkc_hip_device_prop *prop, int device) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  if (device < 0 || device >= static_cast<int>(fake().devices.size()))
    return kInvalidDevice;
  ++fake().propertyQueries;
  std::memset(prop, 0, sizeof *prop);
  std::snprintf(prop->name, sizeof prop->name, "Fake AMD GPU %d", device);
  std::snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "%s",
                fake().devices[device].c_str());
  prop->warpSize = 64;
  prop->maxSharedMemoryPerMultiProcessor = FakeHipDriver::kSharedPerCu;
  return 0;
}

tkc_hip_error fakeModuleLoadData(tkc_hip_module *module, const void *image) {
  if (int delay = fake().moduleLoadDelayMs.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
  std::string text(static_cast<const char *>(image));
  int device = FakeHipDriver::currentDevice;
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().moduleLoads.push_back({text, device, image});
  if (int result = fake().moduleLoadResult.load())
    return result;
  *module = new FakeHipDriver::Module{text, device};
  return 0;
}

tkc_hip_error fakeModuleUnload(tkc_hip_module) { return 0; }

tkc_hip_error fakeModuleGetFunction(tkc_hip_function *function,
                                    tkc_hip_module module, const char *name) {
  auto *m = static_cast<FakeHipDriver::Module *>(module);
  // The text image lists the entry names it "contains".
  if (m->image.find(name) == std::string::npos)
    return kNotFound;
  *function = new FakeHipDriver::Function{m, name};
  return 0;
}

tkc_hip_error fakeModuleLaunchKernel(tkc_hip_function function, unsigned gx,
                                     unsigned gy, unsigned gz, unsigned bx,
                                     unsigned by, unsigned bz, unsigned shared,
                                     tkc_hip_stream stream, void **params,
                                     void **extra) {
  auto *f = static_cast<FakeHipDriver::Function *>(function);
  int device = FakeHipDriver::currentDevice;
  if (device != f->module->device || extra)
    return kInvalidValue; // a module runs only on the device it was loaded on
  std::function<void(const std::string &, void **)> hook;
  {
    std::lock_guard<std::mutex> guard(fake().mutex);
    FakeHipLaunch launch{f->module->image, f->entry, {gx, gy, gz}, {bx, by, bz},
                         shared,           stream,   device,       {}};
    for (size_t i = 0; i < fake().argSizes.size(); ++i) {
      const auto *bytes = static_cast<const uint8_t *>(params[i]);
      launch.args.emplace_back(bytes, bytes + fake().argSizes[i]);
    }
    fake().launches.push_back(std::move(launch));
    hook = fake().onLaunch;
  }
  if (hook)
    hook(f->module->image, params);
  return 0;
}

tkc_hip_error fakeEventCreate(tkc_hip_event *event) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *event = fake().createEvent();
  return 0;
}

tkc_hip_error fakeEventDestroy(tkc_hip_event event) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().destroyEvent(event);
  return 0;
}

tkc_hip_error fakeEventRecord(tkc_hip_event event, tkc_hip_stream) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  FakeTiming::recordEvent(event, fake().launches.size());
  return 0;
}

tkc_hip_error fakeEventSynchronize(tkc_hip_event) { return 0; }

tkc_hip_error fakeEventElapsedTime(float *ms, tkc_hip_event start,
                                   tkc_hip_event end) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *ms = fake().elapsedMs(start, end, fake().launches);
  return 0;
}

tkc_hip_error fakeMalloc(void **pointer, size_t bytes) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *pointer = fake().allocate(bytes);
  return *pointer ? 0 : kOutOfMemory;
}

tkc_hip_error fakeFree(void *pointer) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().release(pointer);
  return 0;
}

tkc_hip_error fakeMemcpyAsync(void *dst, const void *src, size_t bytes, int,
                              tkc_hip_stream) {
  std::memcpy(dst, src, bytes);
  return 0;
}

tkc_hip_error fakeStreamSynchronize(tkc_hip_stream) { return 0; }

const tkc_hip_driver kTable = {
    fakeInit,
    fakeGetErrorName,
    fakeGetDeviceCount,
    fakeGetDevice,
    fakeSetDevice,
    fakeGetDeviceProperties,
    fakeModuleLoadData,
    fakeModuleUnload,
    fakeModuleGetFunction,
    fakeModuleLaunchKernel,
    fakeEventCreate,
    fakeEventDestroy,
    fakeEventRecord,
    fakeEventSynchronize,
    fakeEventElapsedTime,
    fakeMalloc,
    fakeFree,
    fakeMemcpyAsync,
    fakeStreamSynchronize,
};

} // namespace

thread_local int FakeHipDriver::currentDevice = 0;

FakeHipDriver &FakeHipDriver::instance() {
  static FakeHipDriver *driver = new FakeHipDriver;
  return *driver;
}

const tkc_hip_driver *FakeHipDriver::table() { return &kTable; }

void FakeHipDriver::reset() {
  {
    std::lock_guard<std::mutex> guard(mutex);
    devices.clear();
    moduleLoads.clear();
    launches.clear();
    argSizes.clear();
    setDeviceCalls.clear();
    initCalls = 0;
    propertyQueries = 0;
    initResult = 0;
    moduleLoadResult = 0;
    moduleLoadDelayMs = 0;
    resetTiming();
  }
  currentDevice = 0;
  tkc_runtime_set_hip_driver_for_testing(&kTable);
}

void FakeHipDriver::addDevice(const std::string &gcnArchName) {
  std::lock_guard<std::mutex> guard(mutex);
  devices.push_back(gcnArchName);
}

} // namespace tkc::testing
