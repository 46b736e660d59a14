//===- fake_cuda_driver.cc - A CUDA driver table for tests ----------------===//
//
// The fake CUDA driver's entry points: each is a plain function that the
// tkc_cuda_driver table points to, acting on FakeCudaDriver::instance().
// Objects it hands out (contexts, modules, functions) are leaked on purpose
// so that a handle is never reused within a test process.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda_driver.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace tkc::testing {
namespace {

// Error codes as cuda.h numbers them.
constexpr int kInvalidValue = 1;
constexpr int kNotInitialized = 3;
constexpr int kInvalidDevice = 101;
constexpr int kInvalidContext = 201;
constexpr int kNotFound = 500;
constexpr int kOutOfMemory = 2;

FakeCudaDriver &fake() { return FakeCudaDriver::instance(); }

tkc_cu_result fakeInit(unsigned) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  ++fake().initCalls;
  return fake().initResult.load();
}

tkc_cu_result fakeGetErrorName(tkc_cu_result error, const char **name) {
  switch (error) {
  case 0:
    *name = "CUDA_SUCCESS";
    return 0;
  case kInvalidValue:
    *name = "CUDA_ERROR_INVALID_VALUE";
    return 0;
  case kNotInitialized:
    *name = "CUDA_ERROR_NOT_INITIALIZED";
    return 0;
  case 100:
    *name = "CUDA_ERROR_NO_DEVICE";
    return 0;
  case kInvalidDevice:
    *name = "CUDA_ERROR_INVALID_DEVICE";
    return 0;
  case 200:
    *name = "CUDA_ERROR_INVALID_IMAGE";
    return 0;
  case kInvalidContext:
    *name = "CUDA_ERROR_INVALID_CONTEXT";
    return 0;
  case kNotFound:
    *name = "CUDA_ERROR_NOT_FOUND";
    return 0;
  }
  *name = nullptr;
  return kInvalidValue;
}

tkc_cu_result fakeDeviceGet(tkc_cu_device *device, int ordinal) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  if (ordinal < 0 || ordinal >= (int)fake().devices.size())
    return kInvalidDevice;
  *device = ordinal;
  return 0;
}

tkc_cu_result fakeDeviceGetAttribute(int *value, int attribute,
                                     tkc_cu_device device) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  if (device < 0 || device >= (int)fake().devices.size())
    return kInvalidDevice;
  if (attribute == TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *value = fake().devices[device].first;
  else if (attribute == TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *value = fake().devices[device].second;
  else if (attribute ==
           TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR)
    *value = FakeCudaDriver::kSharedPerSm;
  else if (attribute ==
           TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK)
    *value = FakeCudaDriver::kReservedSharedPerBlock;
  else
    return kInvalidValue;
  return 0;
}

tkc_cu_result fakePrimaryCtxRetain(tkc_cu_context *context,
                                   tkc_cu_device device) {
  {
    std::lock_guard<std::mutex> guard(fake().mutex);
    if (device < 0 || device >= (int)fake().devices.size())
      return kInvalidDevice;
    ++fake().primaryRetains;
  }
  *context = fake().primaryContext(device);
  return 0;
}

tkc_cu_result fakeCtxGetCurrent(tkc_cu_context *context) {
  *context = fake().current();
  return 0;
}

tkc_cu_result fakeCtxSetCurrent(tkc_cu_context context) {
  fake().setCurrent(context);
  return 0;
}

tkc_cu_result fakeCtxGetDevice(tkc_cu_device *device) {
  void *context = fake().current();
  if (!context)
    return kInvalidContext;
  *device = static_cast<FakeCudaDriver::Context *>(context)->ordinal;
  return 0;
}

tkc_cu_result fakeCtxPushCurrent(tkc_cu_context context) {
  if (!context)
    return kInvalidContext;
  FakeCudaDriver::contextStack.push_back(context);
  return 0;
}

tkc_cu_result fakeCtxPopCurrent(tkc_cu_context *context) {
  auto &stack = FakeCudaDriver::contextStack;
  if (stack.empty())
    return kInvalidContext;
  if (context)
    *context = stack.back();
  stack.pop_back();
  return 0;
}

tkc_cu_result fakeModuleLoadData(tkc_cu_module *module, const void *image) {
  void *context = fake().current();
  if (!context)
    return kInvalidContext;
  if (int delay = fake().moduleLoadDelayMs.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
  std::string text(static_cast<const char *>(image));
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().moduleLoads.push_back({text, context, image});
  if (int result = fake().moduleLoadResult.load())
    return result;
  *module = new FakeCudaDriver::Module{text, context};
  return 0;
}

tkc_cu_result fakeModuleUnload(tkc_cu_module) { return 0; }

tkc_cu_result fakeModuleGetFunction(tkc_cu_function *function,
                                    tkc_cu_module module, const char *name) {
  auto *m = static_cast<FakeCudaDriver::Module *>(module);
  // The text image lists the entry names it "contains".
  if (m->image.find(name) == std::string::npos)
    return kNotFound;
  *function = new FakeCudaDriver::Function{m, name};
  return 0;
}

tkc_cu_result fakeFuncSetAttribute(tkc_cu_function, int attribute, int value) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().functionAttributes.push_back({attribute, value});
  return 0;
}

tkc_cu_result fakeLaunchKernel(tkc_cu_function function, unsigned gx,
                               unsigned gy, unsigned gz, unsigned bx,
                               unsigned by, unsigned bz, unsigned shared,
                               tkc_cu_stream stream, void **params, void **) {
  auto *f = static_cast<FakeCudaDriver::Function *>(function);
  void *context = fake().current();
  if (context != f->module->context)
    return kInvalidContext;
  std::function<void(const std::string &, void **)> hook;
  {
    std::lock_guard<std::mutex> guard(fake().mutex);
    FakeLaunch launch{f->module->image, f->entry, {gx, gy, gz}, {bx, by, bz},
                      shared,           stream,   context,      {}};
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

tkc_cu_result fakeEventCreate(tkc_cu_event *event, unsigned) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *event = fake().createEvent();
  return 0;
}

tkc_cu_result fakeEventDestroy(tkc_cu_event event) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().destroyEvent(event);
  return 0;
}

tkc_cu_result fakeEventRecord(tkc_cu_event event, tkc_cu_stream) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  FakeTiming::recordEvent(event, fake().launches.size());
  return 0;
}

tkc_cu_result fakeEventSynchronize(tkc_cu_event) { return 0; }

tkc_cu_result fakeEventElapsedTime(float *ms, tkc_cu_event start,
                                   tkc_cu_event end) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  *ms = fake().elapsedMs(start, end, fake().launches);
  return 0;
}

tkc_cu_result fakeMemAlloc(tkc_cu_deviceptr *pointer, size_t bytes) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  void *memory = fake().allocate(bytes);
  if (!memory)
    return kOutOfMemory;
  *pointer = reinterpret_cast<uintptr_t>(memory);
  return 0;
}

tkc_cu_result fakeMemFree(tkc_cu_deviceptr pointer) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  fake().release(reinterpret_cast<void *>(static_cast<uintptr_t>(pointer)));
  return 0;
}

tkc_cu_result fakeMemcpyDtoDAsync(tkc_cu_deviceptr dst, tkc_cu_deviceptr src,
                                  size_t bytes, tkc_cu_stream) {
  std::memcpy(reinterpret_cast<void *>(static_cast<uintptr_t>(dst)),
              reinterpret_cast<const void *>(static_cast<uintptr_t>(src)),
              bytes);
  return 0;
}

tkc_cu_result fakeStreamSynchronize(tkc_cu_stream) { return 0; }

tkc_cu_result fakeTensorMapEncodeTiled(void *map, int dataType, unsigned rank,
                                       void *base, const uint64_t *dims,
                                       const uint64_t *strides,
                                       const unsigned *box,
                                       const unsigned *elementStrides,
                                       int interleave, int swizzle,
                                       int l2Promotion, int oobFill) {
  std::lock_guard<std::mutex> guard(fake().mutex);
  FakeTensorMapEncode call{dataType,
                           rank,
                           base,
                           {dims, dims + rank},
                           {strides, strides + (rank > 0 ? rank - 1 : 0)},
                           {box, box + rank},
                           {elementStrides, elementStrides + rank},
                           interleave,
                           swizzle,
                           l2Promotion,
                           oobFill,
                           reinterpret_cast<uintptr_t>(map) % 64 == 0};
  fake().tensorMapEncodes.push_back(std::move(call));
  if (int result = fake().tensorMapResult.load())
    return result;
  uint64_t number = fake().tensorMapEncodes.size();
  std::memset(map, 0, 128);
  std::memcpy(map, &number, sizeof number);
  return 0;
}

const tkc_cuda_driver kTable = {
    fakeInit,
    fakeGetErrorName,
    fakeDeviceGet,
    fakeDeviceGetAttribute,
    fakePrimaryCtxRetain,
    fakeCtxGetCurrent,
    fakeCtxSetCurrent,
    fakeCtxGetDevice,
    fakeCtxPushCurrent,
    fakeCtxPopCurrent,
    fakeModuleLoadData,
    fakeModuleUnload,
    fakeModuleGetFunction,
    fakeFuncSetAttribute,
    fakeLaunchKernel,
    fakeEventCreate,
    fakeEventDestroy,
    fakeEventRecord,
    fakeEventSynchronize,
    fakeEventElapsedTime,
    fakeMemAlloc,
    fakeMemFree,
    fakeMemcpyDtoDAsync,
    fakeStreamSynchronize,
    fakeTensorMapEncodeTiled,
};

} // namespace

thread_local std::vector<void *> FakeCudaDriver::contextStack;

FakeCudaDriver &FakeCudaDriver::instance() {
  static FakeCudaDriver *driver = new FakeCudaDriver;
  return *driver;
}

const tkc_cuda_driver *FakeCudaDriver::table() { return &kTable; }

void FakeCudaDriver::reset() {
  {
    std::lock_guard<std::mutex> guard(mutex);
    devices.clear();
    primaryContexts.clear();
    moduleLoads.clear();
    launches.clear();
    functionAttributes.clear();
    argSizes.clear();
    tensorMapEncodes.clear();
    tensorMapResult = 0;
    primaryRetains = 0;
    initCalls = 0;
    initResult = 0;
    moduleLoadResult = 0;
    moduleLoadDelayMs = 0;
    resetTiming();
  }
  contextStack.clear();
  tkc_runtime_set_cuda_driver_for_testing(&kTable);
}

void FakeCudaDriver::addDevice(int major, int minor) {
  std::lock_guard<std::mutex> guard(mutex);
  devices.push_back({major, minor});
  primaryContexts.push_back(nullptr);
}

void *FakeCudaDriver::primaryContext(int ordinal) {
  std::lock_guard<std::mutex> guard(mutex);
  if (!primaryContexts[ordinal])
    primaryContexts[ordinal] = new Context{ordinal};
  return primaryContexts[ordinal];
}

void FakeCudaDriver::setCurrent(void *context) {
  if (contextStack.empty())
    contextStack.push_back(context);
  else
    contextStack.back() = context;
}

void *FakeCudaDriver::current() {
  return contextStack.empty() ? nullptr : contextStack.back();
}

} // namespace tkc::testing
