/* tkc_hip.c: the AMD part of the tkc runtime. It loads libamdhip64 once
 * (libamdhip64.so.6, then .so.5, then .so, through tkc_driver_get, so the
 * test hooks can reset it), resolves the calling thread's
 * current HIP device and its ISA name (the part of gcnArchName before the
 * first ':', cached per device), matches hsaco variants to it exactly, loads
 * code objects with hipModuleLoadData and launches them with
 * hipModuleLaunchKernel. HIP has no context handles in its module API: a
 * module belongs to the device that was current when it was loaded, so the
 * runtime's per-(variant, context) module cache is keyed by a per-device
 * token (ordinal + 1) here. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_hip_driver.h"
#include "tkc_runtime_internal.h"

#include <pthread.h>
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

/** ISA names per device ordinal ("gfx90a"); a name is valid once its flag
 *  is 1 (published with a release store). */
#define TKC_HIP_MAX_CACHED_DEVICES 64
static char tkc_hip_arch_cache[TKC_HIP_MAX_CACHED_DEVICES][32];
static int tkc_hip_arch_known[TKC_HIP_MAX_CACHED_DEVICES];

/** HIP's name of `error` ("hipErrorInvalidImage"), or "HIP error N". */
static const char *error_name(const tkc_hip_driver *driver,
                              tkc_hip_error error) {
  static __thread char unnamed[32];
  const char *name = driver->hipGetErrorName(error);
  if (name && name[0])
    return name;
  snprintf(unnamed, sizeof unnamed, "HIP error %d", (int)error);
  return unnamed;
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

/** The initialized table, or a failure. */
static tkc_status get_driver(const tkc_hip_driver **driver) {
  const void *table;
  tkc_status status = tkc_driver_get(&tkc_hip, &table);
  if (status == TKC_SUCCESS)
    *driver = table;
  return status;
}

/** Forgets the devices' ISA names; under the loader's mutex. */
static void forget_devices(void) {
  int i;
  for (i = 0; i < TKC_HIP_MAX_CACHED_DEVICES; ++i)
    TKC_STORE_RELEASE(&tkc_hip_arch_known[i], 0);
}

void tkc_runtime_set_hip_driver_for_testing(const tkc_hip_driver *driver) {
  tkc_hip.test_table = driver;
  tkc_driver_reset(&tkc_hip, forget_devices);
}

void tkc_runtime_set_hip_library_for_testing(const char *library) {
  tkc_hip.test_library = library;
  tkc_driver_reset(&tkc_hip, forget_devices);
}

/*===--------------------------------------------------------------------===*/
/* Devices                                                                  */
/*===--------------------------------------------------------------------===*/

/** The module-cache key of device `ordinal` (HIP has no context handle). */
static void *device_token(int ordinal) {
  return (void *)(uintptr_t)((unsigned)ordinal + 1u);
}

/** Copies the ISA part of `gcn_arch_name` ("gfx90a" of
 *  "gfx90a:sramecc+:xnack-") into `arch`. */
static void base_arch(const char *gcn_arch_name, char *arch, size_t size) {
  size_t n = strcspn(gcn_arch_name, ":");
  if (n >= size)
    n = size - 1;
  memcpy(arch, gcn_arch_name, n);
  arch[n] = '\0';
}

/** Fills `device` for HIP device `ordinal`. */
static tkc_status describe_device(const tkc_hip_driver *driver, int ordinal,
                                  tkc_device *device) {
  tkc_hip_device_prop prop; /* ~4.7 KiB, once per device */
  int cacheable = ordinal >= 0 && ordinal < TKC_HIP_MAX_CACHED_DEVICES;
  tkc_hip_error error;
  device->backend = TKC_BACKEND_HIP;
  device->ordinal = ordinal;
  device->context = device_token(ordinal);
  if (cacheable && TKC_LOAD_ACQUIRE(&tkc_hip_arch_known[ordinal])) {
    memcpy(device->arch, tkc_hip_arch_cache[ordinal], sizeof device->arch);
    return TKC_SUCCESS;
  }
  memset(&prop, 0, sizeof prop);
  error = driver->hipGetDeviceProperties(&prop, ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(error == TKC_HIP_ERROR_INVALID_DEVICE
                        ? TKC_ERROR_INVALID_ARGUMENT
                        : TKC_ERROR_DRIVER,
                    "hipGetDeviceProperties(device %d) failed: %s", ordinal,
                    error_name(driver, error));
  prop.gcnArchName[sizeof prop.gcnArchName - 1] = '\0';
  base_arch(prop.gcnArchName, device->arch, sizeof device->arch);
  if (strncmp(device->arch, "gfx", 3) != 0)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "device %d reports gcnArchName \"%s\", not an AMD GPU "
                    "architecture (gfx...)",
                    ordinal, prop.gcnArchName);
  if (cacheable) {
    pthread_mutex_lock(&tkc_hip.mutex);
    memcpy(tkc_hip_arch_cache[ordinal], device->arch, sizeof device->arch);
    TKC_STORE_RELEASE(&tkc_hip_arch_known[ordinal], 1);
    pthread_mutex_unlock(&tkc_hip.mutex);
  }
  return TKC_SUCCESS;
}

tkc_status tkc_hip_current_device(tkc_device *device) {
  const tkc_hip_driver *driver;
  int ordinal = 0;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipGetDevice(&ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(error == TKC_HIP_ERROR_NO_DEVICE ? TKC_ERROR_NO_DEVICE
                                                     : TKC_ERROR_DRIVER,
                    "hipGetDevice failed: %s", error_name(driver, error));
  return describe_device(driver, ordinal, device);
}

tkc_status tkc_hip_device_for_ordinal(int ordinal, tkc_device *device) {
  const tkc_hip_driver *driver;
  int count = 0;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipGetDeviceCount(&count);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER, "hipGetDeviceCount failed: %s",
                    error_name(driver, error));
  if (ordinal >= count)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "HIP device %d does not exist (%d device%s)", ordinal,
                    count, count == 1 ? "" : "s");
  return describe_device(driver, ordinal, device);
}

int tkc_hip_has_device(void) {
  const tkc_hip_driver *driver;
  int count = 0;
  if (get_driver(&driver) != TKC_SUCCESS)
    return 0;
  return driver->hipGetDeviceCount(&count) == TKC_HIP_SUCCESS && count > 0;
}

int tkc_hip_arch_rank(const tkc_device *device, const tkc_variant *variant) {
  /* Code objects are built for the ISA's generic feature settings
   * (sramecc, xnack "any"), which run under either setting. */
  return strcmp(variant->arch, device->arch) == 0 ? 0 : -1;
}

/*===--------------------------------------------------------------------===*/
/* Modules and launches                                                     */
/*===--------------------------------------------------------------------===*/

/** The dynamic LDS to launch `variant` with on `device`: its own, or
 *  padded to its max_blocks_per_sm (see tkc_launch_shared_bytes). */
static tkc_status launch_shared_bytes(const tkc_hip_driver *driver,
                                      const tkc_device *device,
                                      const tkc_variant *variant,
                                      unsigned *shared_bytes) {
  tkc_hip_device_prop prop; /* ~4.7 KiB, once per capped variant */
  tkc_hip_error error;
  *shared_bytes = variant->shared_bytes;
  if (!variant->max_blocks_per_sm)
    return TKC_SUCCESS;
  error = driver->hipGetDeviceProperties(&prop, device->ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "hipGetDeviceProperties(device %d) for %s's "
                    "max_blocks_per_sm failed: %s",
                    device->ordinal, variant->entry, error_name(driver, error));
  /* LDS is allocated in units of at most 1 KiB (512 bytes on gfx9). */
  *shared_bytes = tkc_launch_shared_bytes(
      variant, (unsigned)prop.maxSharedMemoryPerMultiProcessor, 0, 1024);
  return TKC_SUCCESS;
}

tkc_status tkc_hip_load(const tkc_device *device, const tkc_variant *variant,
                        void **module, void **function,
                        unsigned *shared_bytes) {
  const tkc_hip_driver *driver;
  int previous = -1;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  status = launch_shared_bytes(driver, device, variant, shared_bytes);
  if (status != TKC_SUCCESS)
    return status;
  /* A module loads into the current device: switch to the target device
   * for the load (preload of another device) and back. */
  error = driver->hipGetDevice(&previous);
  if (error == TKC_HIP_SUCCESS && previous != device->ordinal)
    error = driver->hipSetDevice(device->ordinal);
  if (error != TKC_HIP_SUCCESS)
    return tkc_fail(TKC_ERROR_DRIVER,
                    "selecting HIP device %d to load %s failed: %s",
                    device->ordinal, variant->entry, error_name(driver, error));
  *module = NULL;
  *function = NULL;
  error = driver->hipModuleLoadData(module, variant->binary);
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
      *module = NULL;
      *function = NULL;
    }
  }
  if (previous != device->ordinal && previous >= 0)
    driver->hipSetDevice(previous);
  return status;
}

tkc_status tkc_hip_launch(const tkc_device *device, const tkc_variant *variant,
                          void *function, unsigned shared_bytes,
                          const unsigned grid[3], tkc_stream stream,
                          void **kernel_params) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  (void)device;
  if (status != TKC_SUCCESS)
    return status;
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
/* Autotuning: events and buffer copies, on the current device              */
/*===--------------------------------------------------------------------===*/

/** Fails with HIP's name of `error` for `what`. */
static tkc_status driver_failure(const tkc_hip_driver *driver,
                                 tkc_hip_error error, const char *what) {
  return tkc_fail(TKC_ERROR_DRIVER, "%s failed: %s", what,
                  error_name(driver, error));
}

static tkc_status hip_timer_start(tkc_stream stream, void *events[2]) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  events[0] = events[1] = NULL;
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipEventCreate(&events[0]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventCreate(&events[1]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventRecord(events[0], stream);
  if (error == TKC_HIP_SUCCESS)
    return TKC_SUCCESS;
  if (events[0])
    driver->hipEventDestroy(events[0]);
  if (events[1])
    driver->hipEventDestroy(events[1]);
  return driver_failure(driver, error, "hipEventCreate/hipEventRecord");
}

static tkc_status hip_timer_stop(tkc_stream stream, void *events[2],
                                 float *milliseconds) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipEventRecord(events[1], stream);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventSynchronize(events[1]);
  if (error == TKC_HIP_SUCCESS)
    error = driver->hipEventElapsedTime(milliseconds, events[0], events[1]);
  driver->hipEventDestroy(events[0]);
  driver->hipEventDestroy(events[1]);
  return error == TKC_HIP_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, error, "timing with HIP events");
}

static tkc_status hip_alloc(size_t bytes, void **pointer) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipMalloc(pointer, bytes);
  return error == TKC_HIP_SUCCESS ? TKC_SUCCESS
                                  : driver_failure(driver, error, "hipMalloc");
}

static void hip_release(void *pointer) {
  const tkc_hip_driver *driver;
  if (pointer && get_driver(&driver) == TKC_SUCCESS)
    driver->hipFree(pointer);
}

static tkc_status hip_copy(void *dst, const void *src, size_t bytes,
                           tkc_stream stream) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipMemcpyAsync(dst, src, bytes,
                                 TKC_HIP_MEMCPY_DEVICE_TO_DEVICE, stream);
  return error == TKC_HIP_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, error, "hipMemcpyAsync");
}

static tkc_status hip_sync(tkc_stream stream) {
  const tkc_hip_driver *driver;
  tkc_hip_error error;
  tkc_status status = get_driver(&driver);
  if (status != TKC_SUCCESS)
    return status;
  error = driver->hipStreamSynchronize(stream);
  return error == TKC_HIP_SUCCESS
             ? TKC_SUCCESS
             : driver_failure(driver, error, "hipStreamSynchronize");
}

const tkc_tuning_ops tkc_hip_tuning_ops = {hip_timer_start, hip_timer_stop,
                                           hip_alloc,       hip_release,
                                           hip_copy,        hip_sync};
