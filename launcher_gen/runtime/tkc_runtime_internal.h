/* tkc_runtime_internal.h: the runtime's internal interface, in layers that
 * call only downwards: failure reasons (tkc_status.c); the once-only loading
 * of a vendor's driver library and what is known of its devices
 * (tkc_driver_loader.c); the table of one vendor's operations, which each
 * vendor part exports (tkc_cuda_ops in tkc_cuda.c, tkc_hip_ops in
 * tkc_hip.c); and what the vendor-neutral parts share (tkc_runtime.c,
 * tkc_autotune.c), which reach the vendors only through those tables. */
#ifndef TKC_RUNTIME_INTERNAL_H
#define TKC_RUNTIME_INTERNAL_H

#include "tkc_runtime.h"

#include <pthread.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TKC_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define TKC_PRINTF_LIKE(f, a)
#endif

/** Loads and stores of state that the runtime publishes lazily. */
#define TKC_LOAD_ACQUIRE(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define TKC_STORE_RELEASE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

/*===--------------------------------------------------------------------===*/
/* Failure reasons (tkc_status.c)                                           */
/*===--------------------------------------------------------------------===*/

/** Records the reason of a failure for tkc_last_error() and returns
 *  `status`. */
tkc_status tkc_fail(tkc_status status, const char *format, ...)
    TKC_PRINTF_LIKE(2, 3);

/** `name`, a driver's name of error `code`, or "`api` error `code`" (in a
 *  thread-local buffer) when the driver has none (NULL or ""). */
const char *tkc_error_name(const char *name, const char *api, int code);

/*===--------------------------------------------------------------------===*/
/* Driver libraries (tkc_driver_loader.c)                                   */
/*===--------------------------------------------------------------------===*/

/** A symbol of a vendor library and the offset of the field of the
 *  vendor's function table that it fills. */
typedef struct tkc_library_symbol {
  const char *name;
  size_t offset;
} tkc_library_symbol;

/** Devices whose architecture a loader remembers (ordinals 0 to 63). */
#define TKC_MAX_KNOWN_DEVICES 64

/** A device's architecture as the driver reported it; valid once `known`
 *  is 1 (published with a release store). */
typedef struct tkc_known_arch {
  int known;
  int arch_major;
  int arch_minor;
  /** As long as tkc_device's. */
  char arch[32];
} tkc_known_arch;

/** A vendor library (libcuda, libamdhip64), loaded with dlopen and
 *  initialized once, on first use, under `mutex` (double-checked: readers
 *  see `state` with an acquire load), or a function table a test installed
 *  instead. A failure is kept and reported to every later call. The vendor
 *  fills the fields up to `forget` and zero-initializes the rest, with
 *  PTHREAD_MUTEX_INITIALIZER for `mutex`. */
typedef struct tkc_driver_loader {
  /** What it is, in messages: "the CUDA driver". */
  const char *what;
  /** The libraries tried in order, NULL-terminated. */
  const char *const *libraries;
  const tkc_library_symbol *symbols;
  size_t num_symbols;
  /** Symbols of newer libraries only: one the library lacks stays NULL. */
  const tkc_library_symbol *optional_symbols;
  size_t num_optional_symbols;
  /** The function table that dlsym fills. */
  void *loaded;
  /** Initializes the library through `table` (cuInit, hipInit); on
   *  failure writes why into `reason` and returns the status to keep. */
  tkc_status (*init)(const void *table, char *reason, size_t size);
  /** Drops what the vendor cached from the driver (may be NULL); called
   *  under `mutex` when a test hook swaps the driver. */
  void (*forget)(void);

  /** Guards the load; vendors also use it for their own once-only state. */
  pthread_mutex_t mutex;
  /** 0 not tried yet, 1 ready, 2 failed for good. */
  int state;
  /** The table in use: `loaded` or `test_table`. */
  const void *active;
  /** A test's table (tkc_runtime_set_*_driver_for_testing), or NULL. */
  const void *test_table;
  /** A test's only library to try, or NULL for `libraries`. */
  const char *test_library;
  tkc_status failure;
  char reason[384];
  /** The architecture of each device, by ordinal, as first resolved. */
  tkc_known_arch devices[TKC_MAX_KNOWN_DEVICES];
} tkc_driver_loader;

/** Sets `*table` to the initialized function table of `loader`, loading it
 *  first if no call has; or records and returns the failure. */
tkc_status tkc_driver_get(tkc_driver_loader *loader, const void **table);

/** Test hooks: make `loader` use `table` instead of the library it would
 *  load (NULL: the library again), or try only `library` (NULL: the
 *  default list). Both forget the loaded library, the devices' architectures
 *  and what the vendor cached (`forget`), and count a new generation. */
void tkc_driver_set_test_table(tkc_driver_loader *loader, const void *table);
void tkc_driver_set_test_library(tkc_driver_loader *loader,
                                 const char *library);

/** How many times a test hook swapped a driver: what was decided from the
 *  drivers (the vendor choice) holds only within one generation. */
unsigned tkc_driver_generation(void);

/** Copies the remembered architecture of device->ordinal into `device`;
 *  returns 0 if there is none. */
int tkc_driver_known_arch(tkc_driver_loader *loader, tkc_device *device);

/** Remembers the architecture of device->ordinal (the first one stays). */
void tkc_driver_keep_arch(tkc_driver_loader *loader, const tkc_device *device);

/*===--------------------------------------------------------------------===*/
/* Vendors (tkc_cuda.c, tkc_hip.c)                                          */
/*===--------------------------------------------------------------------===*/

/** One vendor's part of the runtime: its driver library and the calls the
 *  vendor-neutral parts make of it. Each operation gets the initialized
 *  function table of `loader` as `driver` and, on failure, records the
 *  reason with tkc_fail and returns the status. Devices, contexts and
 *  streams are the vendor's own handles. */
typedef struct tkc_vendor_ops {
  /** TKC_VENDOR's value that chooses it: "cuda". */
  const char *name;
  /** Its name in messages: "CUDA (NVIDIA)". */
  const char *title;
  tkc_vendor vendor;
  tkc_backend backend;
  tkc_driver_loader *loader;
  /** The unit, in bytes, in which a block's shared memory is allocated. */
  unsigned shared_granule;

  /** 1 if the driver has a device (the automatic vendor choice's probe). */
  int (*has_device)(const void *driver);
  /** Sets device->ordinal and device->context to the calling thread's
   *  device and the context modules load into for it (the module cache's
   *  key; see tkc_current_device). */
  tkc_status (*current_device)(const void *driver, tkc_device *device);
  /** The same for device `ordinal` (>= 0), without changing the calling
   *  thread's current context or device (see tkc_device_for_ordinal). */
  tkc_status (*device_for_ordinal)(const void *driver, int ordinal,
                                   tkc_device *device);
  /** Reads the architecture of device->ordinal into device->arch (and the
   *  compute capability into arch_major and arch_minor). */
  tkc_status (*device_arch)(const void *driver, tkc_device *device);
  /** The rank of `variant` on `device`, both of this vendor (see
   *  tkc_variant_arch_rank). */
  int (*arch_rank)(const tkc_device *device, const tkc_variant *variant);
  /** Reads `device`'s shared memory per multiprocessor and the part of it
   *  reserved per block (for `variant`'s max_blocks_per_sm, in messages). */
  tkc_status (*shared_memory)(const void *driver, const tkc_device *device,
                              const tkc_variant *variant, unsigned *per_sm,
                              unsigned *reserved);
  /** Loads `image`, `variant`'s binary, for `device` (into
   *  device->context) and looks its entry up, making it launchable with
   *  `shared_bytes` of dynamic shared memory; on failure unloads what it
   *  loaded. Called under the runtime's load lock. */
  tkc_status (*load)(const void *driver, const tkc_device *device,
                     const tkc_variant *variant, const unsigned char *image,
                     unsigned shared_bytes, void **module, void **function);
  /** Launches a loaded function with `shared_bytes` of dynamic shared
   *  memory; `grid` is already checked against the common limits. */
  tkc_status (*launch)(const void *driver, const tkc_variant *variant,
                       void *function, unsigned shared_bytes,
                       const unsigned grid[3], tkc_stream stream,
                       void **kernel_params);

  /* Autotuning, on the calling thread's current context (CUDA) or device
   * (HIP). */
  /** Creates two events into `events` (NULL on entry) and records the
   *  first on `stream`; on failure destroys what it created. */
  tkc_status (*timer_start)(const void *driver, tkc_stream stream,
                            void *events[2]);
  /** Records the second event, waits for it, sets `*milliseconds` to the
   *  time between the two and destroys both. */
  tkc_status (*timer_stop)(const void *driver, tkc_stream stream,
                           void *events[2], float *milliseconds);
  /** Allocates `bytes` of device memory. */
  tkc_status (*alloc)(const void *driver, size_t bytes, void **pointer);
  /** Frees what alloc returned (never NULL). */
  void (*release)(const void *driver, void *pointer);
  /** Queues a device-to-device copy on `stream`. */
  tkc_status (*copy)(const void *driver, void *dst, const void *src,
                     size_t bytes, tkc_stream stream);
  /** Waits for everything queued on `stream`. */
  tkc_status (*sync)(const void *driver, tkc_stream stream);
  /** Encodes `desc`'s tensor map over the arguments `kernel_params` into
   *  `map` (128 bytes, 64-byte aligned); NULL where binaries take none. */
  tkc_status (*encode_tensor_map)(const void *driver, void *map,
                                  const tkc_tensor_map_desc *desc,
                                  void **kernel_params);
} tkc_vendor_ops;

/** NVIDIA, through libcuda (tkc_cuda.c). */
extern const tkc_vendor_ops tkc_cuda_ops;
/** AMD, through libamdhip64 (tkc_hip.c). */
extern const tkc_vendor_ops tkc_hip_ops;

/*===--------------------------------------------------------------------===*/
/* Compressed binaries (tkc_pack.c)                                         */
/*===--------------------------------------------------------------------===*/

/** Sets `*image` to `variant`'s binary: `variant->binary`, or its bytes in
 *  its pack, which is decompressed on the first call that needs it (once
 *  per process, thread-safely; a failure is not kept, a later call tries
 *  again). A corrupt pack is TKC_ERROR_MODULE_LOAD with the decompressor's
 *  reason. */
tkc_status tkc_variant_image(const tkc_variant *variant,
                             const unsigned char **image);

/*===--------------------------------------------------------------------===*/
/* Shared by the vendor-neutral parts (tkc_runtime.c)                       */
/*===--------------------------------------------------------------------===*/

/** The vendor of `backend`, or NULL for an unknown backend. */
const tkc_vendor_ops *tkc_vendor_of(tkc_backend backend);

/** The dynamic shared memory to launch `variant` with on a multiprocessor
 *  that has `per_sm` bytes of shared memory, reserves `reserved` bytes of it
 *  per block and rounds each block's allocation up to a multiple of
 *  `granule` bytes: variant->shared_bytes, or, under max_blocks_per_sm = N,
 *  enough that N + 1 blocks never fit in `per_sm` (whatever the L1/shared
 *  split) while N still do. A cap the granularity cannot resolve
 *  (N * (N + 1) * granule > per_sm), or one the kernel's own shared memory
 *  already meets, leaves shared_bytes as is. */
unsigned tkc_launch_shared_bytes(const tkc_variant *variant, unsigned per_sm,
                                 unsigned reserved, unsigned granule);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_RUNTIME_INTERNAL_H */
