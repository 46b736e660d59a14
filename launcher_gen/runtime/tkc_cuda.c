/* tkc_cuda.c: the NVIDIA part of the tkc runtime. It loads libcuda.so.1
 * once (through tkc_driver_get, so the test hooks can reset it), resolves the
 * calling thread's device and its compute capability (cached per device), ranks
 * cubin variants against it, loads cubins and launches them. Everything
 * vendor-specific about CUDA lives here; its AMD counterpart is tkc_hip.c. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_cuda_driver.h"
#include "tkc_runtime_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/*===--------------------------------------------------------------------===*/
/* Driver loading                                                           */
/*===--------------------------------------------------------------------===*/

/** Where each field of tkc_cuda_driver comes from. */
static const tkc_library_symbol tkc_cuda_symbols[] = {
    {"cuInit", offsetof(tkc_cuda_driver, cuInit)},
    {"cuGetErrorName", offsetof(tkc_cuda_driver, cuGetErrorName)},
    {"cuDeviceGet", offsetof(tkc_cuda_driver, cuDeviceGet)},
    {"cuDeviceGetAttribute", offsetof(tkc_cuda_driver, cuDeviceGetAttribute)},
    {"cuDevicePrimaryCtxRetain",
     offsetof(tkc_cuda_driver, cuDevicePrimaryCtxRetain)},
    {"cuCtxGetCurrent", offsetof(tkc_cuda_driver, cuCtxGetCurrent)},
    {"cuCtxSetCurrent", offsetof(tkc_cuda_driver, cuCtxSetCurrent)},
    {"cuCtxGetDevice", offsetof(tkc_cuda_driver, cuCtxGetDevice)},
    {"cuCtxPushCurrent_v2", offsetof(tkc_cuda_driver, cuCtxPushCurrent)},
    {"cuCtxPopCurrent_v2", offsetof(tkc_cuda_driver, cuCtxPopCurrent)},
    {"cuModuleLoadData", offsetof(tkc_cuda_driver, cuModuleLoadData)},
    {"cuModuleUnload", offsetof(tkc_cuda_driver, cuModuleUnload)},
    {"cuModuleGetFunction", offsetof(tkc_cuda_driver, cuModuleGetFunction)},
    {"cuFuncSetAttribute", offsetof(tkc_cuda_driver, cuFuncSetAttribute)},
    {"cuLaunchKernel", offsetof(tkc_cuda_driver, cuLaunchKernel)},
    {"cuEventCreate", offsetof(tkc_cuda_driver, cuEventCreate)},
    {"cuEventDestroy_v2", offsetof(tkc_cuda_driver, cuEventDestroy)},
    {"cuEventRecord", offsetof(tkc_cuda_driver, cuEventRecord)},
    {"cuEventSynchronize", offsetof(tkc_cuda_driver, cuEventSynchronize)},
    {"cuEventElapsedTime", offsetof(tkc_cuda_driver, cuEventElapsedTime)},
    {"cuMemAlloc_v2", offsetof(tkc_cuda_driver, cuMemAlloc)},
    {"cuMemFree_v2", offsetof(tkc_cuda_driver, cuMemFree)},
    {"cuMemcpyDtoDAsync_v2", offsetof(tkc_cuda_driver, cuMemcpyDtoDAsync)},
    {"cuStreamSynchronize", offsetof(tkc_cuda_driver, cuStreamSynchronize)},
};

static tkc_cuda_driver tkc_cuda_loaded;
static const char *const tkc_cuda_libraries[] = {"libcuda.so.1", NULL};
static tkc_status init_driver(const void *table, char *reason, size_t size);

/** libcuda, loaded on first use. */
static tkc_driver_loader tkc_cuda = {
    .what = "the CUDA driver",
    .libraries = tkc_cuda_libraries,
    .symbols = tkc_cuda_symbols,
    .num_symbols = sizeof tkc_cuda_symbols / sizeof tkc_cuda_symbols[0],
    .loaded = &tkc_cuda_loaded,
    .init = init_driver,
    .mutex = PTHREAD_MUTEX_INITIALIZER,
};

/** Device 0's primary context once retained for threads without a context. */
static void *tkc_cuda_default_context;

/** Compute capability per device ordinal: (major << 8 | minor) + 1, 0 when
 *  not known yet. */
#define TKC_CUDA_MAX_CACHED_DEVICES 64
static int tkc_cuda_arch_cache[TKC_CUDA_MAX_CACHED_DEVICES];

/** The driver's name of `result` ("CUDA_ERROR_INVALID_IMAGE"), or "CUDA
 *  error N" when the driver cannot name it (the toolkit's stub library). */
static const char *error_name(const tkc_cuda_driver *driver,
                              tkc_cu_result result) {
  static __thread char unnamed[32];
  const char *name = NULL;
  if (driver->cuGetErrorName(result, &name) == TKC_CUDA_SUCCESS && name)
    return name;
  snprintf(unnamed, sizeof unnamed, "CUDA error %d", (int)result);
  return unnamed;
}

/** cuInit, with its failure told apart: no device or no usable driver. */
static tkc_status init_driver(const void *table, char *reason, size_t size) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_result result = driver->cuInit(0);
  if (result == TKC_CUDA_SUCCESS)
    return TKC_SUCCESS;
  snprintf(reason, size, "cuInit failed: %s", error_name(driver, result));
  return result == TKC_CUDA_ERROR_NO_DEVICE ? TKC_ERROR_NO_DEVICE
                                            : TKC_ERROR_NO_DRIVER;
}

/** The initialized driver table, or a failure. */
static tkc_status get_driver(const tkc_cuda_driver **driver) {
  const void *table;
  tkc_status status = tkc_driver_get(&tkc_cuda, &table);
  if (status == TKC_SUCCESS)
    *driver = table;
  return status;
}

/** Forgets the default context and the compute capabilities; under the
 *  loader's mutex. */
static void forget_devices(void) {
  int i;
  TKC_STORE_RELEASE(&tkc_cuda_default_context, (void *)NULL);
  for (i = 0; i < TKC_CUDA_MAX_CACHED_DEVICES; ++i)
    TKC_STORE_RELEASE(&tkc_cuda_arch_cache[i], 0);
}

void tkc_runtime_set_cuda_driver_for_testing(const tkc_cuda_driver *driver) {
  tkc_cuda.test_table = driver;
  tkc_driver_reset(&tkc_cuda, forget_devices);
}

void tkc_runtime_set_cuda_library_for_testing(const char *library) {
  tkc_cuda.test_library = library;
  tkc_driver_reset(&tkc_cuda, forget_devices);
}

/*===--------------------------------------------------------------------===*/
/* Devices                                                                  */
/*===--------------------------------------------------------------------===*/

/** Fills `device` for CUDA device `ordinal` running `context`. */
static tkc_status describe_device(const tkc_cuda_driver *driver,
                                  tkc_cu_device ordinal, void *context,
                                  tkc_device *device) {
  int major = 0, minor = 0, cached = 0;
  tkc_cu_result result;
  if (ordinal >= 0 && ordinal < TKC_CUDA_MAX_CACHED_DEVICES)
    cached = TKC_LOAD_ACQUIRE(&tkc_cuda_arch_cache[ordinal]);
  if (cached) {
    major = (cached - 1) >> 8;
    minor = (cached - 1) & 0xff;
  } else {
    result = driver->cuDeviceGetAttribute(
        &major, TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, ordinal);
    if (result == TKC_CUDA_SUCCESS)
      result = driver->cuDeviceGetAttribute(
          &minor, TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, ordinal);
    if (result != TKC_CUDA_SUCCESS)
      return tkc_fail(TKC_ERROR_DRIVER,
                      "cuDeviceGetAttribute(compute capability) of device %d "
                      "failed: %s",
                      ordinal, error_name(driver, result));
    if (ordinal >= 0 && ordinal < TKC_CUDA_MAX_CACHED_DEVICES && major >= 0 &&
        minor >= 0 && minor < 256 && major < (1 << 20))
      TKC_STORE_RELEASE(&tkc_cuda_arch_cache[ordinal],
                        ((major << 8) | minor) + 1);
  }
  device->backend = TKC_BACKEND_CUDA;
  device->ordinal = ordinal;
  device->context = context;
  device->arch_major = major;
  device->arch_minor = minor;
  snprintf(device->arch, sizeof device->arch, "sm_%d%d", major, minor);
  return TKC_SUCCESS;
}

/** Device 0's primary context, retained once per process. */
static tkc_status default_context(const tkc_cuda_driver *driver,
                                  void **context) {
  tkc_cu_device device;
  tkc_cu_result result;
  void *retained = TKC_LOAD_ACQUIRE(&tkc_cuda_default_context);
  if (retained) {
    *context = retained;
    return TKC_SUCCESS;
  }
  pthread_mutex_lock(&tkc_cuda.mutex);
  retained = tkc_cuda_default_context;
  if (!retained) {
    result = driver->cuDeviceGet(&device, 0);
    if (result != TKC_CUDA_SUCCESS) {
      pthread_mutex_unlock(&tkc_cuda.mutex);
      return tkc_fail(TKC_ERROR_NO_DEVICE, "cuDeviceGet(0) failed: %s",
                      error_name(driver, result));
    }
    result = driver->cuDevicePrimaryCtxRetain(&retained, device);
    if (result != TKC_CUDA_SUCCESS || !retained) {
      pthread_mutex_unlock(&tkc_cuda.mutex);
      return tkc_fail(TKC_ERROR_DRIVER,
                      "cuDevicePrimaryCtxRetain(device 0) failed: %s",
                      error_name(driver, result));
    }
    TKC_STORE_RELEASE(&tkc_cuda_default_context, retained);
  }
  pthread_mutex_unlock(&tkc_cuda.mutex);
  *context = retained;
  return TKC_SUCCESS;
}

tkc_status tkc_cuda_current_device(tkc_device *device) {
  const tkc_cuda_driver *driver;
  tkc_cu_context context = NULL;
  tkc_cu_device ordinal = 0;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuCtxGetCurrent(&context);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER, "cuCtxGetCurrent failed: %s",
                    error_name(driver, result));
  if (!context) {
    /* No context on this thread: use device 0's primary context, as the
     * CUDA runtime API would. */
    status = default_context(driver, &context);
    if (status != TKC_SUCCESS)
      return status;
    result = driver->cuCtxSetCurrent(context);
    if (result != TKC_CUDA_SUCCESS)
      return tkc_fail(TKC_ERROR_DRIVER, "cuCtxSetCurrent failed: %s",
                      error_name(driver, result));
  }
  result = driver->cuCtxGetDevice(&ordinal);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER, "cuCtxGetDevice failed: %s",
                    error_name(driver, result));
  return describe_device(driver, ordinal, context, device);
}

tkc_status tkc_cuda_device_for_ordinal(int ordinal, tkc_device *device) {
  const tkc_cuda_driver *driver;
  tkc_cu_context context = NULL;
  tkc_cu_device handle = 0, current = -1;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuDeviceGet(&handle, ordinal);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "cuDeviceGet(%d) failed: %s",
                    ordinal, error_name(driver, result));
  result = driver->cuCtxGetCurrent(&context);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER, "cuCtxGetCurrent failed: %s",
                    error_name(driver, result));
  if (context && (driver->cuCtxGetDevice(&current) != TKC_CUDA_SUCCESS ||
                  current != handle))
    context = NULL;
  if (!context) {
    result = driver->cuDevicePrimaryCtxRetain(&context, handle);
    if (result != TKC_CUDA_SUCCESS || !context)
      return tkc_fail(TKC_ERROR_DRIVER,
                      "cuDevicePrimaryCtxRetain(device %d) failed: %s", ordinal,
                      error_name(driver, result));
  }
  return describe_device(driver, handle, context, device);
}

int tkc_cuda_has_device(void) {
  const tkc_cuda_driver *driver;
  tkc_cu_device device;
  if (get_driver(&driver) != TKC_SUCCESS)
    return 0;
  return driver->cuDeviceGet(&device, 0) == TKC_CUDA_SUCCESS;
}

int tkc_cuda_arch_rank(const tkc_device *device, const tkc_variant *variant) {
  if (variant->arch_major != device->arch_major)
    return -1;
  if (variant->arch_specific)
    return variant->arch_minor == device->arch_minor
               ? 2 * variant->arch_minor + 1
               : -1;
  if (variant->arch_minor > device->arch_minor)
    return -1;
  return 2 * variant->arch_minor;
}

/*===--------------------------------------------------------------------===*/
/* Modules and launches                                                     */
/*===--------------------------------------------------------------------===*/

/** The dynamic shared memory to launch `variant` with on `device`: its
 *  own, or padded to its max_blocks_per_sm (see tkc_launch_shared_bytes). */
static tkc_status launch_shared_bytes(const tkc_cuda_driver *driver,
                                      const tkc_device *device,
                                      const tkc_variant *variant,
                                      unsigned *shared_bytes) {
  tkc_cu_device handle;
  int per_sm = 0, reserved = 0;
  tkc_cu_result result;
  *shared_bytes = variant->shared_bytes;
  if (!variant->max_blocks_per_sm)
    return TKC_SUCCESS;
  result = driver->cuDeviceGet(&handle, device->ordinal);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuDeviceGetAttribute(
        &per_sm, TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
        handle);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuDeviceGetAttribute(
        &reserved, TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
        handle);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "reading device %d's shared memory per multiprocessor "
                    "(for %s's max_blocks_per_sm) failed: %s",
                    device->ordinal, variant->entry,
                    error_name(driver, result));
  /* Shared memory is allocated in units of 128 bytes (sm_80 to sm_120). */
  *shared_bytes = tkc_launch_shared_bytes(variant, (unsigned)per_sm,
                                          (unsigned)reserved, 128);
  return TKC_SUCCESS;
}

tkc_status tkc_cuda_load(const tkc_device *device, const tkc_variant *variant,
                         void **module, void **function,
                         unsigned *shared_bytes) {
  const tkc_cuda_driver *driver;
  tkc_cu_context previous = NULL;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  status = launch_shared_bytes(driver, device, variant, shared_bytes);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuCtxPushCurrent(device->context);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER, "cuCtxPushCurrent failed: %s",
                    error_name(driver, result));
  *module = NULL;
  *function = NULL;
  result = driver->cuModuleLoadData(module, variant->binary);
  if (result != TKC_CUDA_SUCCESS) {
    status = tkc_fail(TKC_ERROR_MODULE_LOAD,
                      "cuModuleLoadData failed: %s (%s cubin of %s on "
                      "compute capability %d.%d)",
                      error_name(driver, result), variant->arch, variant->entry,
                      device->arch_major, device->arch_minor);
  } else {
    result = driver->cuModuleGetFunction(function, *module, variant->entry);
    if (result != TKC_CUDA_SUCCESS)
      status =
          tkc_fail(TKC_ERROR_MODULE_LOAD,
                   "cuModuleGetFunction(\"%s\") failed: %s (%s cubin)",
                   variant->entry, error_name(driver, result), variant->arch);
    else if (*shared_bytes > TKC_CUDA_DEFAULT_SHARED_LIMIT) {
      result = driver->cuFuncSetAttribute(
          *function, TKC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          (int)*shared_bytes);
      if (result != TKC_CUDA_SUCCESS)
        status = tkc_fail(TKC_ERROR_MODULE_LOAD,
                          "cuFuncSetAttribute(%s, max dynamic shared memory "
                          "= %u bytes) failed: %s (device %s)",
                          variant->entry, *shared_bytes,
                          error_name(driver, result), device->arch);
    }
    if (status != TKC_SUCCESS) {
      driver->cuModuleUnload(*module);
      *module = NULL;
      *function = NULL;
    }
  }
  driver->cuCtxPopCurrent(&previous);
  return status;
}

tkc_status tkc_cuda_launch(const tkc_device *device, const tkc_variant *variant,
                           void *function, unsigned shared_bytes,
                           const unsigned grid[3], tkc_stream stream,
                           void **kernel_params) {
  const tkc_cuda_driver *driver;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  (void)device;
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuLaunchKernel(function, grid[0], grid[1], grid[2],
                                  variant->threads_per_block, 1, 1,
                                  shared_bytes, stream, kernel_params, NULL);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_LAUNCH,
                    "cuLaunchKernel(%s, grid (%u, %u, %u), block %u, shared "
                    "%u bytes) failed: %s",
                    variant->entry, grid[0], grid[1], grid[2],
                    variant->threads_per_block, shared_bytes,
                    error_name(driver, result));
  return TKC_SUCCESS;
}

/*===--------------------------------------------------------------------===*/
/* Autotuning: events and buffer copies, in the current context             */
/*===--------------------------------------------------------------------===*/

/** Fails with the driver's name of `result` for `what`. */
static tkc_status driver_failure(const tkc_cuda_driver *driver,
                                 tkc_cu_result result, const char *what) {
  return tkc_fail(TKC_ERROR_DRIVER, "%s failed: %s", what,
                  error_name(driver, result));
}

static tkc_status cuda_timer_start(tkc_stream stream, void *events[2]) {
  const tkc_cuda_driver *driver;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  events[0] = events[1] = NULL;
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuEventCreate(&events[0], 0);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventCreate(&events[1], 0);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventRecord(events[0], stream);
  if (result == TKC_CUDA_SUCCESS)
    return TKC_SUCCESS;
  if (events[0])
    driver->cuEventDestroy(events[0]);
  if (events[1])
    driver->cuEventDestroy(events[1]);
  return driver_failure(driver, result, "cuEventCreate/cuEventRecord");
}

static tkc_status cuda_timer_stop(tkc_stream stream, void *events[2],
                                  float *milliseconds) {
  const tkc_cuda_driver *driver;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuEventRecord(events[1], stream);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventSynchronize(events[1]);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventElapsedTime(milliseconds, events[0], events[1]);
  driver->cuEventDestroy(events[0]);
  driver->cuEventDestroy(events[1]);
  return result == TKC_CUDA_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, result, "timing with CUDA events");
}

static tkc_status cuda_alloc(size_t bytes, void **pointer) {
  const tkc_cuda_driver *driver;
  tkc_cu_deviceptr address = 0;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuMemAlloc(&address, bytes);
  if (result != TKC_CUDA_SUCCESS)
    return driver_failure(driver, result, "cuMemAlloc");
  *pointer = (void *)(uintptr_t)address;
  return TKC_SUCCESS;
}

static void cuda_release(void *pointer) {
  const tkc_cuda_driver *driver;
  if (pointer && get_driver(&driver) == TKC_SUCCESS)
    driver->cuMemFree((tkc_cu_deviceptr)(uintptr_t)pointer);
}

static tkc_status cuda_copy(void *dst, const void *src, size_t bytes,
                            tkc_stream stream) {
  const tkc_cuda_driver *driver;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuMemcpyDtoDAsync((tkc_cu_deviceptr)(uintptr_t)dst,
                                     (tkc_cu_deviceptr)(uintptr_t)src, bytes,
                                     stream);
  return result == TKC_CUDA_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, result, "cuMemcpyDtoDAsync");
}

static tkc_status cuda_sync(tkc_stream stream) {
  const tkc_cuda_driver *driver;
  tkc_cu_result result;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuStreamSynchronize(stream);
  return result == TKC_CUDA_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, result, "cuStreamSynchronize");
}

const tkc_tuning_ops tkc_cuda_tuning_ops = {cuda_timer_start, cuda_timer_stop,
                                            cuda_alloc,       cuda_release,
                                            cuda_copy,        cuda_sync};
