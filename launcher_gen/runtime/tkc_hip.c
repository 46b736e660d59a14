/* tkc_hip.c: the AMD part of the tkc runtime, tkc_hip_ops: the HIP API
 * calls behind each vendor operation. It describes libamdhip64 to the driver
 * loader (libamdhip64.so.6, then .so.5, then .so; symbols, hipInit), finds
 * the calling thread's current HIP device and its ISA name (the part of
 * gcnArchName before the first ':'), matches hsaco variants to it exactly,
 * loads code objects with hipModuleLoadData, launches them with
 * hipModuleLaunchKernel, and times and copies for autotuning. HIP has no
 * context handles in its module API: a module belongs to the device that
 * was current when it was loaded, so the runtime's per-(variant, context)
 * module cache is keyed by a per-device token (ordinal + 1) here. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_hip_driver.h"
#include "tkc_runtime_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*===--------------------------------------------------------------------===*/
/* Library loading                                                          */
/*===--------------------------------------------------------------------===*/

/** Where each field of tkc_hip_driver comes from. */
static const tkc_library_symbol tkc_hip_symbols[] = {
    {"hipInit", offsetof(tkc_hip_driver, hipInit)},
    {"hipGetErrorName", offsetof(tkc_hip_driver, hipGetErrorName)},
    {"hipGetDeviceCount", offsetof(tkc_hip_driver, hipGetDeviceCount)},
    {"hipGetDevice", offsetof(tkc_hip_driver, hipGetDevice)},
    {"hipSetDevice", offsetof(tkc_hip_driver, hipSetDevice)},
    {"hipGetDeviceProperties",
     offsetof(tkc_hip_driver, hipGetDeviceProperties)},
    {"hipModuleLoadData", offsetof(tkc_hip_driver, hipModuleLoadData)},
    {"hipModuleUnload", offsetof(tkc_hip_driver, hipModuleUnload)},
    {"hipModuleGetFunction", offsetof(tkc_hip_driver, hipModuleGetFunction)},
    {"hipModuleLaunchKernel", offsetof(tkc_hip_driver, hipModuleLaunchKernel)},
    {"hipEventCreate", offsetof(tkc_hip_driver, hipEventCreate)},
    {"hipEventDestroy", offsetof(tkc_hip_driver, hipEventDestroy)},
    {"hipEventRecord", offsetof(tkc_hip_driver, hipEventRecord)},
    {"hipEventSynchronize", offsetof(tkc_hip_driver, hipEventSynchronize)},
    {"hipEventElapsedTime", offsetof(tkc_hip_driver, hipEventElapsedTime)},
    {"hipMalloc", offsetof(tkc_hip_driver, hipMalloc)},
    {"hipFree", offsetof(tkc_hip_driver, hipFree)},
    {"hipMemcpyAsync", offsetof(tkc_hip_driver, hipMemcpyAsync)},
    {"hipStreamSynchronize", offsetof(tkc_hip_driver, hipStreamSynchronize)},
};

/** The libraries tried in order when no test hook names one. */
static const char *const tkc_hip_libraries[] = {
    "libamdhip64.so.6", "libamdhip64.so.5", "libamdhip64.so", NULL};

static tkc_hip_driver tkc_hip_loaded;
static tkc_status init_hip(const void *table, char *reason, size_t size);

/** libamdhip64, loaded on first use. */
static tkc_driver_loader tkc_hip = {
    .what = "the HIP runtime",
    .libraries = tkc_hip_libraries,
    .symbols = tkc_hip_symbols,
    .num_symbols = sizeof tkc_hip_symbols / sizeof tkc_hip_symbols[0],
    .loaded = &tkc_hip_loaded,
    .init = init_hip,
    .mutex = PTHREAD_MUTEX_INITIALIZER,
};

/** HIP's name of `error` ("hipErrorInvalidImage"), or "HIP error N". */
static const char *error_name(const tkc_hip_driver *driver,
                              tkc_hip_error error) {
  return tkc_error_name(driver->hipGetErrorName(error), "HIP", error);
}

/** TKC_SUCCESS, or a TKC_ERROR_DRIVER failure "`what` failed: <error>". */
static tkc_status check(const tkc_hip_driver *driver, tkc_hip_error error,
                        const char *what) {
  if (error == TKC_HIP_SUCCESS)
    return TKC_SUCCESS;
  return tkc_fail(TKC_ERROR_DRIVER, "%s failed: %s", what,
                  error_name(driver, error));
}

/** hipInit, with its failure told apart: no device or no usable runtime. */
static tkc_status init_hip(const void *table, char *reason, size_t size) {
  const tkc_hip_driver *driver = table;
  tkc_hip_error error = driver->hipInit(0);
  if (error == TKC_HIP_SUCCESS)
    return TKC_SUCCESS;
  snprintf(reason, size, "hipInit failed: %s", error_name(driver, error));
  /* Without a GPU, ROCm's hipInit says hipErrorInvalidDevice. */
  return error == TKC_HIP_ERROR_NO_DEVICE ||
                 error == TKC_HIP_ERROR_INVALID_DEVICE
             ? TKC_ERROR_NO_DEVICE
             : TKC_ERROR_NO_DRIVER;
}

void tkc_runtime_set_hip_driver_for_testing(const tkc_hip_driver *driver) {
  tkc_driver_set_test_table(&tkc_hip, driver);
}

void tkc_runtime_set_hip_library_for_testing(const char *library) {
  tkc_driver_set_test_library(&tkc_hip, library);
}

/*===--------------------------------------------------------------------===*/
/* Devices                                                                  */
/*===--------------------------------------------------------------------===*/

/** Fills `device` for HIP device `ordinal`, with its module-cache key (HIP
 *  has no context handle). */
static tkc_status hip_device(int ordinal, tkc_device *device) {
  device->ordinal = ordinal;
  device->context = (void *)(uintptr_t)((unsigned)ordinal + 1u);
  return TKC_SUCCESS;
}

/** 1 if HIP counts a device. */
static int hip_has_device(const void *table) {
  const tkc_hip_driver *driver = table;
  int count = 0;
  return driver->hipGetDeviceCount(&count) == TKC_HIP_SUCCESS && count > 0;
}

/** hipGetDevice's device. */
static tkc_status hip_current_device(const void *table, tkc_device *device) {
  const tkc_hip_driver *driver = table;
  int ordinal = 0;
  tkc_hip_error error = driver->hipGetDevice(&ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(error == TKC_HIP_ERROR_NO_DEVICE ? TKC_ERROR_NO_DEVICE
                                                     : TKC_ERROR_DRIVER,
                    "hipGetDevice failed: %s", error_name(driver, error));
  return hip_device(ordinal, device);
}

/** Device `ordinal`, if HIP has it. */
static tkc_status hip_device_for_ordinal(const void *table, int ordinal,
                                         tkc_device *device) {
  const tkc_hip_driver *driver = table;
  int count = 0;
  tkc_status status =
      check(driver, driver->hipGetDeviceCount(&count), "hipGetDeviceCount");
  if (status != TKC_SUCCESS)
    return status;
  if (ordinal >= count)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "HIP device %d does not exist (%d device%s)", ordinal,
                    count, count == 1 ? "" : "s");
  return hip_device(ordinal, device);
}

/** Reads device `ordinal`'s properties into `*prop` (~4.7 KiB). */
static tkc_hip_error read_properties(const tkc_hip_driver *driver, int ordinal,
                                     tkc_hip_device_prop *prop) {
  memset(prop, 0, sizeof *prop);
  return driver->hipGetDeviceProperties(prop, ordinal);
}

/** The ISA name: the part of gcnArchName before the first ':'. */
static tkc_status hip_device_arch(const void *table, tkc_device *device) {
  const tkc_hip_driver *driver = table;
  tkc_hip_device_prop prop;
  size_t n;
  tkc_hip_error error = read_properties(driver, device->ordinal, &prop);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(error == TKC_HIP_ERROR_INVALID_DEVICE
                        ? TKC_ERROR_INVALID_ARGUMENT
                        : TKC_ERROR_DRIVER,
                    "hipGetDeviceProperties(device %d) failed: %s",
                    device->ordinal, error_name(driver, error));
  /* The ISA part: "gfx90a" of "gfx90a:sramecc+:xnack-". */
  prop.gcnArchName[sizeof prop.gcnArchName - 1] = '\0';
  n = strcspn(prop.gcnArchName, ":");
  if (n >= sizeof device->arch)
    n = sizeof device->arch - 1;
  memcpy(device->arch, prop.gcnArchName, n);
  device->arch[n] = '\0';
  if (strncmp(device->arch, "gfx", 3) != 0)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "device %d reports gcnArchName \"%s\", not an AMD GPU "
                    "architecture (gfx...)",
                    device->ordinal, prop.gcnArchName);
  return TKC_SUCCESS;
}

/** 0 when the code object's arch is exactly the device's ISA name, else
 *  -1. */
static int hip_arch_rank(const tkc_device *device, const tkc_variant *variant) {
  /* Code objects are built for the ISA's generic feature settings
   * (sramecc, xnack "any"), which run under either setting. */
  return strcmp(variant->arch, device->arch) == 0 ? 0 : -1;
}

/*===--------------------------------------------------------------------===*/
/* Modules and launches                                                     */
/*===--------------------------------------------------------------------===*/

/** The device's LDS per compute unit (none is reserved per block). */
static tkc_status hip_shared_memory(const void *table, const tkc_device *device,
                                    const tkc_variant *variant,
                                    unsigned *per_sm, unsigned *reserved) {
  const tkc_hip_driver *driver = table;
  tkc_hip_device_prop prop;
  tkc_hip_error error = read_properties(driver, device->ordinal, &prop);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "hipGetDeviceProperties(device %d) for %s's "
                    "max_blocks_per_sm failed: %s",
                    device->ordinal, variant->entry, error_name(driver, error));
  *per_sm = (unsigned)prop.maxSharedMemoryPerMultiProcessor;
  *reserved = 0;
  return TKC_SUCCESS;
}

/** hipModuleLoadData on device->ordinal (made current for the load, then
 *  restored), and the entry. */
static tkc_status hip_load(const void *table, const tkc_device *device,
                           const tkc_variant *variant,
                           const unsigned char *image, unsigned shared_bytes,
                           void **module, void **function) {
  const tkc_hip_driver *driver = table;
  int previous = -1;
  tkc_status status = TKC_SUCCESS;
  /* A module loads into the current device: switch to the target device
   * for the load (preload of another device) and back. */
  tkc_hip_error error = driver->hipGetDevice(&previous);
  (void)shared_bytes; /* Large dynamic LDS needs no opt-in. */
  if (error == TKC_HIP_SUCCESS && previous != device->ordinal)
    error = driver->hipSetDevice(device->ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "selecting HIP device %d to load %s failed: %s",
                    device->ordinal, variant->entry, error_name(driver, error));
  error = driver->hipModuleLoadData(module, image);
  if (error != TKC_HIP_SUCCESS) {
    status = tkc_fail(TKC_ERROR_MODULE_LOAD,
                      "hipModuleLoadData failed: %s (%s code object of %s on "
                      "%s, device %d)",
                      error_name(driver, error), variant->arch, variant->entry,
                      device->arch, device->ordinal);
  } else {
    error = driver->hipModuleGetFunction(function, *module, variant->entry);
    if (error != TKC_HIP_SUCCESS) {
      status =
          tkc_fail(TKC_ERROR_MODULE_LOAD,
                   "hipModuleGetFunction(\"%s\") failed: %s (%s code "
                   "object)",
                   variant->entry, error_name(driver, error), variant->arch);
      driver->hipModuleUnload(*module);
    }
  }
  if (previous != device->ordinal && previous >= 0)
    driver->hipSetDevice(previous);
  return status;
}

/** hipModuleLaunchKernel, within HIP's limit of 2^32 - 1 work-items in x. */
static tkc_status hip_launch(const void *table, const tkc_variant *variant,
                             void *function, unsigned shared_bytes,
                             const unsigned grid[3], tkc_stream stream,
                             void **kernel_params) {
  const tkc_hip_driver *driver = table;
  tkc_hip_error error;
  /* HIP counts the grid in work-items: blocks * threads must fit 32 bits. */
  if ((uint64_t)grid[0] * variant->threads_per_block > UINT32_MAX)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "%s: grid (%u, %u, %u) of %u-thread blocks exceeds HIP's "
                    "2^32 - 1 work-items in x",
                    variant->entry, grid[0], grid[1], grid[2],
                    variant->threads_per_block);
  error = driver->hipModuleLaunchKernel(
      function, grid[0], grid[1], grid[2], variant->threads_per_block, 1, 1,
      shared_bytes, stream, kernel_params, NULL);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_LAUNCH,
                    "hipModuleLaunchKernel(%s, grid (%u, %u, %u), block %u, "
                    "shared %u bytes) failed: %s",
                    variant->entry, grid[0], grid[1], grid[2],
                    variant->threads_per_block, shared_bytes,
                    error_name(driver, error));
  return TKC_SUCCESS;
}

/*===--------------------------------------------------------------------===*/
/* Autotuning: events, memory and copies, on the current device             */
/*===--------------------------------------------------------------------===*/

static tkc_status hip_timer_start(const void *table, tkc_stream stream,
                                  void *events[2]) {
  const tkc_hip_driver *driver = table;
  tkc_hip_error error = driver->hipEventCreate(&events[0]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventCreate(&events[1]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventRecord(events[0], stream);
  if (error != TKC_HIP_SUCCESS && events[0])
    driver->hipEventDestroy(events[0]);
  if (error != TKC_HIP_SUCCESS && events[1])
    driver->hipEventDestroy(events[1]);
  return check(driver, error, "hipEventCreate/hipEventRecord");
}

static tkc_status hip_timer_stop(const void *table, tkc_stream stream,
                                 void *events[2], float *milliseconds) {
  const tkc_hip_driver *driver = table;
  tkc_hip_error error = driver->hipEventRecord(events[1], stream);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventSynchronize(events[1]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventElapsedTime(milliseconds, events[0], events[1]);
  driver->hipEventDestroy(events[0]);
  driver->hipEventDestroy(events[1]);
  return check(driver, error, "timing with HIP events");
}

static tkc_status hip_alloc(const void *table, size_t bytes, void **pointer) {
  const tkc_hip_driver *driver = table;
  return check(driver, driver->hipMalloc(pointer, bytes), "hipMalloc");
}

static void hip_release(const void *table, void *pointer) {
  const tkc_hip_driver *driver = table;
  driver->hipFree(pointer);
}

static tkc_status hip_copy(const void *table, void *dst, const void *src,
                           size_t bytes, tkc_stream stream) {
  const tkc_hip_driver *driver = table;
  return check(driver,
               driver->hipMemcpyAsync(dst, src, bytes,
                                      TKC_HIP_MEMCPY_DEVICE_TO_DEVICE, stream),
               "hipMemcpyAsync");
}

static tkc_status hip_sync(const void *table, tkc_stream stream) {
  const tkc_hip_driver *driver = table;
  return check(driver, driver->hipStreamSynchronize(stream),
               "hipStreamSynchronize");
}

const tkc_vendor_ops tkc_hip_ops = {
    .name = "hip",
    .title = "HIP (AMD)",
    .vendor = TKC_VENDOR_HIP,
    .backend = TKC_BACKEND_HIP,
    .loader = &tkc_hip,
    /* LDS is allocated in units of at most 1 KiB (512 bytes on gfx9); none
     * of it is reserved per block. */
    .shared_granule = 1024,
    .has_device = hip_has_device,
    .current_device = hip_current_device,
    .device_for_ordinal = hip_device_for_ordinal,
    .device_arch = hip_device_arch,
    .arch_rank = hip_arch_rank,
    .shared_memory = hip_shared_memory,
    .load = hip_load,
    .launch = hip_launch,
    .timer_start = hip_timer_start,
    .timer_stop = hip_timer_stop,
    .alloc = hip_alloc,
    .release = hip_release,
    .copy = hip_copy,
    .sync = hip_sync,
};
