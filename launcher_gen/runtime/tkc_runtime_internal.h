/* tkc_runtime_internal.h: what the vendor-neutral part of the runtime
 * (tkc_runtime.c: errors, variant choice, module cache, grid arithmetic) and
 * each vendor's part (tkc_cuda.c today, tkc_hip.c later) share. A vendor
 * provides the five functions below for its backend; tkc_runtime.c routes to
 * them by tkc_backend. */
#ifndef TKC_RUNTIME_INTERNAL_H
#define TKC_RUNTIME_INTERNAL_H

#include "tkc_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TKC_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define TKC_PRINTF_LIKE(f, a)
#endif

/** Records the reason of a failure for tkc_last_error() and returns
 *  `status`. */
tkc_status tkc_fail(tkc_status status, const char *format, ...)
    TKC_PRINTF_LIKE(2, 3);

/** CUDA: resolves the current device (see tkc_current_device). */
tkc_status tkc_cuda_current_device(tkc_device *device);
/** CUDA: resolves device `ordinal` (see tkc_device_for_ordinal). */
tkc_status tkc_cuda_device_for_ordinal(int ordinal, tkc_device *device);
/** CUDA: the arch rank of a cubin variant (see tkc_variant_arch_rank). */
int tkc_cuda_arch_rank(const tkc_device *device, const tkc_variant *variant);
/** CUDA: loads `variant`'s cubin into device->context and looks its entry
 *  up, opting in to large dynamic shared memory when it needs it. Called
 *  under the runtime's load lock. */
tkc_status tkc_cuda_load(const tkc_device *device, const tkc_variant *variant,
                         void **module, void **function);
/** CUDA: launches a loaded function; `grid` is already validated. */
tkc_status tkc_cuda_launch(const tkc_device *device, const tkc_variant *variant,
                           void *function, const unsigned grid[3],
                           tkc_stream stream, void **kernel_params);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_RUNTIME_INTERNAL_H */
