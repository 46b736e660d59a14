/* tkc_runtime_internal.h: what the vendor-neutral part of the runtime
 * (tkc_runtime.c: errors, vendor and variant choice, module cache, grid
 * arithmetic) and each vendor's part (tkc_cuda.c, tkc_hip.c) share. A vendor
 * provides the six functions below for its backend; tkc_runtime.c routes to
 * them by tkc_backend. */
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

/** Records the reason of a failure for tkc_last_error() and returns
 *  `status`. */
tkc_status tkc_fail(tkc_status status, const char *format, ...)
    TKC_PRINTF_LIKE(2, 3);

/** A symbol of a vendor library and the offset of the field of the
 *  vendor's function table that it fills. */
typedef struct tkc_library_symbol {
  const char *name;
  size_t offset;
} tkc_library_symbol;

/** A vendor library (libcuda, libamdhip64), loaded with dlopen and
 *  initialized once, on first use, under `mutex` (double-checked: readers
 *  see `state` with an acquire load), or a function table a test installed
 *  instead. A failure is kept and reported to every later call. The vendor
 *  fills the fields up to `init` and zero-initializes the rest, with
 *  PTHREAD_MUTEX_INITIALIZER for `mutex`. */
typedef struct tkc_driver_loader {
  /** What it is, in messages: "the CUDA driver". */
  const char *what;
  /** The libraries tried in order, NULL-terminated. */
  const char *const *libraries;
  const tkc_library_symbol *symbols;
  size_t num_symbols;
  /** The function table that dlsym fills. */
  void *loaded;
  /** Initializes the library through `table` (cuInit, hipInit); on
   *  failure writes why into `reason` and returns the status to keep. */
  tkc_status (*init)(const void *table, char *reason, size_t size);

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
} tkc_driver_loader;

/** Sets `*table` to the initialized function table of `loader`, loading it
 *  first if no call has; or records and returns the failure. */
tkc_status tkc_driver_get(tkc_driver_loader *loader, const void **table);

/** Forgets the loaded library (so that the next call loads again), calls
 *  `forget` (may be NULL) under the loader's mutex to drop what the vendor
 *  cached about devices, and forgets the vendor choice. For the test
 *  hooks. */
void tkc_driver_reset(tkc_driver_loader *loader, void (*forget)(void));

/** CUDA: resolves the current device (see tkc_current_device). */
tkc_status tkc_cuda_current_device(tkc_device *device);
/** CUDA: resolves device `ordinal` (see tkc_device_for_ordinal). */
tkc_status tkc_cuda_device_for_ordinal(int ordinal, tkc_device *device);
/** CUDA: the arch rank of a cubin variant (see tkc_variant_arch_rank). */
int tkc_cuda_arch_rank(const tkc_device *device, const tkc_variant *variant);
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

/** CUDA: loads `variant`'s cubin into device->context and looks its entry
 *  up. Sets *shared_bytes to the dynamic shared memory to launch it with
 *  (tkc_launch_shared_bytes for the device), opting in to more than 48 KiB
 *  when needed. Called under the runtime's load lock. */
tkc_status tkc_cuda_load(const tkc_device *device, const tkc_variant *variant,
                         void **module, void **function,
                         unsigned *shared_bytes);
/** CUDA: launches a loaded function with `shared_bytes` of dynamic shared
 *  memory; `grid` is already validated. */
tkc_status tkc_cuda_launch(const tkc_device *device, const tkc_variant *variant,
                           void *function, unsigned shared_bytes,
                           const unsigned grid[3], tkc_stream stream,
                           void **kernel_params);

/** CUDA: 1 if libcuda.so.1 loads, cuInit succeeds and device 0 exists
 *  (the automatic vendor choice's probe). May set tkc_last_error(). */
int tkc_cuda_has_device(void);

/** HIP: resolves the current device (hipGetDevice, gcnArchName). */
tkc_status tkc_hip_current_device(tkc_device *device);
/** HIP: resolves device `ordinal`. */
tkc_status tkc_hip_device_for_ordinal(int ordinal, tkc_device *device);
/** HIP: 1 if libamdhip64 loads, hipInit succeeds and a device exists. */
int tkc_hip_has_device(void);
/** HIP: 0 when the code object's arch is exactly the device's ISA name (the
 *  part of gcnArchName before ':'), else -1. */
int tkc_hip_arch_rank(const tkc_device *device, const tkc_variant *variant);
/** HIP: loads `variant`'s code object on device->ordinal (switching the
 *  current device for the load if needed) and looks its entry up. Sets
 *  *shared_bytes like tkc_cuda_load (LDS per CU, nothing reserved). Called
 *  under the runtime's load lock. */
tkc_status tkc_hip_load(const tkc_device *device, const tkc_variant *variant,
                        void **module, void **function,
                        unsigned *shared_bytes);
/** HIP: launches a loaded function on the current device with
 *  `shared_bytes` of dynamic LDS; `grid` is already validated against the
 *  common limits. */
tkc_status tkc_hip_launch(const tkc_device *device, const tkc_variant *variant,
                          void *function, unsigned shared_bytes,
                          const unsigned grid[3], tkc_stream stream,
                          void **kernel_params);

/** What autotuning needs of a vendor, on the calling thread's current
 *  context (CUDA) or device (HIP). */
typedef struct tkc_tuning_ops {
  /** Creates two events and records the first on `stream`. */
  tkc_status (*timer_start)(tkc_stream stream, void *events[2]);
  /** Records the second event, waits for it, sets `*milliseconds` to the
   *  time between the two and destroys both. */
  tkc_status (*timer_stop)(tkc_stream stream, void *events[2],
                           float *milliseconds);
  /** Allocates `bytes` of device memory. */
  tkc_status (*alloc)(size_t bytes, void **pointer);
  /** Frees what alloc returned (NULL: nothing). */
  void (*release)(void *pointer);
  /** Queues a device-to-device copy on `stream`. */
  tkc_status (*copy)(void *dst, const void *src, size_t bytes,
                     tkc_stream stream);
  /** Waits for everything queued on `stream`. */
  tkc_status (*sync)(tkc_stream stream);
} tkc_tuning_ops;

/** Each vendor's tuning operations (tkc_cuda.c, tkc_hip.c). */
extern const tkc_tuning_ops tkc_cuda_tuning_ops;
extern const tkc_tuning_ops tkc_hip_tuning_ops;

/** Forgets the cached vendor choice and TKC_VENDOR (the test hooks call
 *  it when they swap a driver). */
void tkc_vendor_forget(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_RUNTIME_INTERNAL_H */
