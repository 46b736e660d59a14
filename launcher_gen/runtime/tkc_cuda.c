/* tkc_cuda.c: the NVIDIA part of the tkc runtime, tkc_cuda_ops: the CUDA
 * driver API calls behind each vendor operation. It describes libcuda.so.1
 * to the driver loader (symbols, cuInit), finds the calling thread's context
 * and device (retaining device 0's primary context for a thread without
 * one), reads compute capabilities and shared memory sizes, ranks cubin
 * variants, loads cubins (opting in to more than 48 KiB of dynamic shared
 * memory), launches them, and times and copies for autotuning. Everything
 * vendor-specific about CUDA lives here; its AMD counterpart is tkc_hip.c. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_cuda_driver.h"
#include "tkc_runtime_internal.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

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

/** Fields of tkc_cuda_driver that older drivers lack (left NULL there). */
static const tkc_library_symbol tkc_cuda_optional_symbols[] = {
    {"cuTensorMapEncodeTiled",
     offsetof(tkc_cuda_driver, cuTensorMapEncodeTiled)},
};

static tkc_cuda_driver tkc_cuda_loaded;
static const char *const tkc_cuda_libraries[] = {"libcuda.so.1", NULL};
static tkc_status init_driver(const void *table, char *reason, size_t size);
static void forget_default_context(void);

/** libcuda, loaded on first use. */
static tkc_driver_loader tkc_cuda = {
    .what = "the CUDA driver",
    .libraries = tkc_cuda_libraries,
    .symbols = tkc_cuda_symbols,
    .num_symbols = sizeof tkc_cuda_symbols / sizeof tkc_cuda_symbols[0],
    .optional_symbols = tkc_cuda_optional_symbols,
    .num_optional_symbols =
        sizeof tkc_cuda_optional_symbols / sizeof tkc_cuda_optional_symbols[0],
    .loaded = &tkc_cuda_loaded,
    .init = init_driver,
    .forget = forget_default_context,
    .mutex = PTHREAD_MUTEX_INITIALIZER,
};

/** The driver's name of `result` ("CUDA_ERROR_INVALID_IMAGE"), or "CUDA
 *  error N" when the driver cannot name it (the toolkit's stub library). */
static const char *error_name(const tkc_cuda_driver *driver,
                              tkc_cu_result result) {
  const char *name = NULL;
  if (driver->cuGetErrorName(result, &name) != TKC_CUDA_SUCCESS)
    name = NULL;
  return tkc_error_name(name, "CUDA", result);
}

/** TKC_SUCCESS, or a TKC_ERROR_DRIVER failure "`what` failed: <result>". */
static tkc_status check(const tkc_cuda_driver *driver, tkc_cu_result result,
                        const char *what) {
  if (result == TKC_CUDA_SUCCESS)
    return TKC_SUCCESS;
  return tkc_fail(TKC_ERROR_DRIVER, "%s failed: %s", what,
                  error_name(driver, result));
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

void tkc_runtime_set_cuda_driver_for_testing(const tkc_cuda_driver *driver) {
  tkc_driver_set_test_table(&tkc_cuda, driver);
}

void tkc_runtime_set_cuda_library_for_testing(const char *library) {
  tkc_driver_set_test_library(&tkc_cuda, library);
}

/*===--------------------------------------------------------------------===*/
/* Devices                                                                  */
/*===--------------------------------------------------------------------===*/

/** Device 0's primary context once retained for threads without a context. */
static void *tkc_cuda_default_context;

/** Forgets the default context; under the loader's mutex. */
static void forget_default_context(void) {
  TKC_STORE_RELEASE(&tkc_cuda_default_context, (void *)NULL);
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

/** 1 if device 0 exists. */
static int cuda_has_device(const void *table) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_device device;
  return driver->cuDeviceGet(&device, 0) == TKC_CUDA_SUCCESS;
}

/** The current context and its device; for a thread without a context,
 *  device 0's primary context, made current. */
static tkc_status cuda_current_device(const void *table, tkc_device *device) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_context context = NULL;
  tkc_cu_device ordinal = 0;
  tkc_status status =
      check(driver, driver->cuCtxGetCurrent(&context), "cuCtxGetCurrent");
  if (status == TKC_SUCCESS && !context) {
    /* No context on this thread: use device 0's primary context, as the
     * CUDA runtime API would. */
    status = default_context(driver, &context);
    if (status == TKC_SUCCESS)
      status =
          check(driver, driver->cuCtxSetCurrent(context), "cuCtxSetCurrent");
  }
  if (status == TKC_SUCCESS)
    status = check(driver, driver->cuCtxGetDevice(&ordinal), "cuCtxGetDevice");
  device->ordinal = ordinal;
  device->context = context;
  return status;
}

/** Device `ordinal` with the current context if it belongs to that device,
 *  else with the device's primary context (retained, never released). */
static tkc_status cuda_device_for_ordinal(const void *table, int ordinal,
                                          tkc_device *device) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_context context = NULL;
  tkc_cu_device handle = 0, current = -1;
  tkc_cu_result result = driver->cuDeviceGet(&handle, ordinal);
  tkc_status status;
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "cuDeviceGet(%d) failed: %s",
                    ordinal, error_name(driver, result));
  status = check(driver, driver->cuCtxGetCurrent(&context), "cuCtxGetCurrent");
  if (status != TKC_SUCCESS)
    return status;
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
  device->ordinal = handle;
  device->context = context;
  return TKC_SUCCESS;
}

/** The compute capability, and its name ("sm_90" for 9.0). */
static tkc_status cuda_device_arch(const void *table, tkc_device *device) {
  const tkc_cuda_driver *driver = table;
  int major = 0, minor = 0;
  tkc_cu_result result = driver->cuDeviceGetAttribute(
      &major, TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
      device->ordinal);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuDeviceGetAttribute(
        &minor, TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
        device->ordinal);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "cuDeviceGetAttribute(compute capability) of device %d "
                    "failed: %s",
                    device->ordinal, error_name(driver, result));
  device->arch_major = major;
  device->arch_minor = minor;
  snprintf(device->arch, sizeof device->arch, "sm_%d%d", major, minor);
  return TKC_SUCCESS;
}

/** The same major, and a minor at most the device's (exactly it for an
 *  arch-specific cubin, which ranks above the generic one of its minor). */
static int cuda_arch_rank(const tkc_device *device,
                          const tkc_variant *variant) {
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

/** The device's shared memory per multiprocessor and per-block reserve. */
static tkc_status cuda_shared_memory(const void *table,
                                     const tkc_device *device,
                                     const tkc_variant *variant,
                                     unsigned *per_sm, unsigned *reserved) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_device handle;
  int per_sm_bytes = 0, reserved_bytes = 0;
  tkc_cu_result result = driver->cuDeviceGet(&handle, device->ordinal);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuDeviceGetAttribute(
        &per_sm_bytes,
        TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, handle);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuDeviceGetAttribute(
        &reserved_bytes,
        TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, handle);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "reading device %d's shared memory per multiprocessor "
                    "(for %s's max_blocks_per_sm) failed: %s",
                    device->ordinal, variant->entry,
                    error_name(driver, result));
  *per_sm = (unsigned)per_sm_bytes;
  *reserved = (unsigned)reserved_bytes;
  return TKC_SUCCESS;
}

/** cuModuleLoadData into device->context (pushed for the load), the entry,
 *  and the opt-in for more than 48 KiB of dynamic shared memory. */
static tkc_status cuda_load(const void *table, const tkc_device *device,
                            const tkc_variant *variant,
                            const unsigned char *image, unsigned shared_bytes,
                            void **module, void **function) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_context previous = NULL;
  tkc_cu_result result;
  tkc_status status = check(driver, driver->cuCtxPushCurrent(device->context),
                            "cuCtxPushCurrent");
  if (status != TKC_SUCCESS)
    return status;
  result = driver->cuModuleLoadData(module, image);
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
    else if (shared_bytes > TKC_CUDA_DEFAULT_SHARED_LIMIT) {
      result = driver->cuFuncSetAttribute(
          *function, TKC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          (int)shared_bytes);
      if (result != TKC_CUDA_SUCCESS)
        status = tkc_fail(TKC_ERROR_MODULE_LOAD,
                          "cuFuncSetAttribute(%s, max dynamic shared memory "
                          "= %u bytes) failed: %s (device %s)",
                          variant->entry, shared_bytes,
                          error_name(driver, result), device->arch);
    }
    if (status != TKC_SUCCESS)
      driver->cuModuleUnload(*module);
  }
  driver->cuCtxPopCurrent(&previous);
  return status;
}

/** cuLaunchKernel with blocks of threads_per_block x 1 x 1. */
static tkc_status cuda_launch(const void *table, const tkc_variant *variant,
                              void *function, unsigned shared_bytes,
                              const unsigned grid[3], tkc_stream stream,
                              void **kernel_params) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_result result = driver->cuLaunchKernel(
      function, grid[0], grid[1], grid[2], variant->threads_per_block, 1, 1,
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
/* Autotuning: events, memory and copies, in the current context            */
/*===--------------------------------------------------------------------===*/

static tkc_status cuda_timer_start(const void *table, tkc_stream stream,
                                   void *events[2]) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_result result = driver->cuEventCreate(&events[0], 0);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventCreate(&events[1], 0);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventRecord(events[0], stream);
  if (result != TKC_CUDA_SUCCESS && events[0])
    driver->cuEventDestroy(events[0]);
  if (result != TKC_CUDA_SUCCESS && events[1])
    driver->cuEventDestroy(events[1]);
  return check(driver, result, "cuEventCreate/cuEventRecord");
}

static tkc_status cuda_timer_stop(const void *table, tkc_stream stream,
                                  void *events[2], float *milliseconds) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_result result = driver->cuEventRecord(events[1], stream);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventSynchronize(events[1]);
  if (result == TKC_CUDA_SUCCESS)
    result = driver->cuEventElapsedTime(milliseconds, events[0], events[1]);
  driver->cuEventDestroy(events[0]);
  driver->cuEventDestroy(events[1]);
  return check(driver, result, "timing with CUDA events");
}

static tkc_status cuda_alloc(const void *table, size_t bytes, void **pointer) {
  const tkc_cuda_driver *driver = table;
  tkc_cu_deviceptr address = 0;
  tkc_status status =
      check(driver, driver->cuMemAlloc(&address, bytes), "cuMemAlloc");
  *pointer = (void *)(uintptr_t)address;
  return status;
}

static void cuda_release(const void *table, void *pointer) {
  const tkc_cuda_driver *driver = table;
  driver->cuMemFree((tkc_cu_deviceptr)(uintptr_t)pointer);
}

static tkc_status cuda_copy(const void *table, void *dst, const void *src,
                            size_t bytes, tkc_stream stream) {
  const tkc_cuda_driver *driver = table;
  return check(driver,
               driver->cuMemcpyDtoDAsync((tkc_cu_deviceptr)(uintptr_t)dst,
                                         (tkc_cu_deviceptr)(uintptr_t)src,
                                         bytes, stream),
               "cuMemcpyDtoDAsync");
}

static tkc_status cuda_sync(const void *table, tkc_stream stream) {
  const tkc_cuda_driver *driver = table;
  return check(driver, driver->cuStreamSynchronize(stream),
               "cuStreamSynchronize");
}

/*===--------------------------------------------------------------------===*/
/* Tensor maps                                                              */
/*===--------------------------------------------------------------------===*/

/** `op`'s value over `kernel_params`; INT64_MAX where it overflows 64 bits
 *  (beyond any extent or stride a map takes). */
static int64_t map_operand(const tkc_tensor_map_operand *op,
                           void **kernel_params) {
  int64_t value = op->scale;
  size_t i;
  for (i = 0; i < sizeof op->args / sizeof op->args[0] && op->args[i] >= 0;
       ++i) {
    const void *arg = kernel_params[op->args[i]];
    int64_t factor =
        op->bytes[i] == 8 ? *(const int64_t *)arg : *(const int32_t *)arg;
    if (__builtin_mul_overflow(value, factor, &value))
      return INT64_MAX;
  }
  return value;
}

/** cuTensorMapEncodeTiled over the descriptor's arguments: dimensions
 *  innermost first, strides in bytes, boxes of desc->box, elements read
 *  one by one, no interleave, 128-byte L2 promotion, zeros outside. */
static tkc_status cuda_encode_tensor_map(const void *table, void *map,
                                         const tkc_tensor_map_desc *desc,
                                         void **kernel_params) {
  const tkc_cuda_driver *driver = table;
  /* CU_TENSOR_MAP_DATA_TYPE_UINT8, _UINT16, _UINT32: copies move bytes. */
  int data_type = desc->element_bytes == 1   ? 0
                  : desc->element_bytes == 2 ? 1
                                             : 2;
  /* CU_TENSOR_MAP_SWIZZLE_NONE, _32B, _64B, _128B. */
  int swizzle = desc->swizzle_bytes == 0    ? 0
                : desc->swizzle_bytes == 32 ? 1
                : desc->swizzle_bytes == 64 ? 2
                                            : 3;
  uint64_t dims[5], strides[4];
  unsigned box[5], ones[5];
  void *base = *(void **)kernel_params[desc->base_arg];
  tkc_cu_result result;
  int d;
  if (!driver->cuTensorMapEncodeTiled)
    return tkc_fail(TKC_ERROR_NO_DRIVER,
                    "the CUDA driver has no cuTensorMapEncodeTiled (CUDA 12 "
                    "or later), which the tensor map of '%s' needs",
                    desc->descriptor);
  for (d = 0; d < desc->rank; ++d) {
    int inner = desc->rank - 1 - d;
    int64_t extent = map_operand(&desc->shape[inner], kernel_params);
    /* Triton's descriptors hold 32-bit extents, and its TensorDescriptor
     * refuses empty ones. */
    if (extent <= 0 || extent > INT32_MAX)
      return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                      "%s: dimension %d has extent %lld; a variant that "
                      "copies its blocks through a tensor map needs every "
                      "extent in [1, 2^31 - 1]",
                      desc->descriptor, inner, (long long)extent);
    dims[d] = (uint64_t)extent;
    box[d] = (unsigned)desc->box[inner];
    ones[d] = 1;
    if (d > 0) {
      int64_t stride = map_operand(&desc->strides[inner], kernel_params);
      if (stride <= 0)
        return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                        "%s: dimension %d has stride %lld; a tensor map "
                        "needs positive strides",
                        desc->descriptor, inner, (long long)stride);
      strides[d - 1] = (uint64_t)stride * (uint64_t)desc->element_bytes;
    }
  }
  result = driver->cuTensorMapEncodeTiled(map, data_type, (unsigned)desc->rank,
                                          base, dims, strides, box, ones, 0,
                                          swizzle, 2, 0);
  if (result != TKC_CUDA_SUCCESS)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "cuTensorMapEncodeTiled for '%s' failed: %s (its base "
                    "must be 16-byte aligned and its strides multiples of 16 "
                    "bytes)",
                    desc->descriptor, error_name(driver, result));
  return TKC_SUCCESS;
}

const tkc_vendor_ops tkc_cuda_ops = {
    .name = "cuda",
    .title = "CUDA (NVIDIA)",
    .vendor = TKC_VENDOR_CUDA,
    .backend = TKC_BACKEND_CUDA,
    .loader = &tkc_cuda,
    /* Shared memory is allocated in units of 128 bytes (sm_80 to sm_120). */
    .shared_granule = 128,
    .has_device = cuda_has_device,
    .current_device = cuda_current_device,
    .device_for_ordinal = cuda_device_for_ordinal,
    .device_arch = cuda_device_arch,
    .arch_rank = cuda_arch_rank,
    .shared_memory = cuda_shared_memory,
    .load = cuda_load,
    .launch = cuda_launch,
    .timer_start = cuda_timer_start,
    .timer_stop = cuda_timer_stop,
    .alloc = cuda_alloc,
    .release = cuda_release,
    .copy = cuda_copy,
    .encode_tensor_map = cuda_encode_tensor_map,
    .sync = cuda_sync,
};
