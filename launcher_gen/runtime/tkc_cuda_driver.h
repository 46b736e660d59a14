/* tkc_cuda_driver.h: the table of CUDA driver entry points the tkc runtime
 * calls, with its own ABI-compatible types so that nothing needs cuda.h, and
 * the hooks tests use to install a fake driver or to make dlopen fail.
 * Internal to the runtime and its tests; launchers never include it. */
#ifndef TKC_CUDA_DRIVER_H
#define TKC_CUDA_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** CUresult: 0 is CUDA_SUCCESS. */
typedef int tkc_cu_result;
/** CUdevice: a device ordinal. */
typedef int tkc_cu_device;
/** CUcontext, CUmodule, CUfunction, CUstream: opaque handles. */
typedef void *tkc_cu_context;
typedef void *tkc_cu_module;
typedef void *tkc_cu_function;
typedef void *tkc_cu_stream;
/** CUevent: an opaque handle. */
typedef void *tkc_cu_event;
/** CUdeviceptr: a device address. */
typedef unsigned long long tkc_cu_deviceptr;

/** The driver's values the runtime uses (checked against cuda.h in
 *  cuda_abi_test). */
enum {
  TKC_CUDA_SUCCESS = 0,
  TKC_CUDA_ERROR_NO_DEVICE = 100,
  TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
  TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
  TKC_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
};

/** Dynamic shared memory a kernel may use without opting in. */
#define TKC_CUDA_DEFAULT_SHARED_LIMIT 49152u

/** The CUDA driver API functions the runtime calls. Each field's comment
 *  names the exported symbol it is loaded from. */
typedef struct tkc_cuda_driver {
  /** cuInit */
  tkc_cu_result (*cuInit)(unsigned flags);
  /** cuGetErrorName */
  tkc_cu_result (*cuGetErrorName)(tkc_cu_result error, const char **name);
  /** cuDeviceGet */
  tkc_cu_result (*cuDeviceGet)(tkc_cu_device *device, int ordinal);
  /** cuDeviceGetAttribute */
  tkc_cu_result (*cuDeviceGetAttribute)(int *value, int attribute,
                                        tkc_cu_device device);
  /** cuDevicePrimaryCtxRetain */
  tkc_cu_result (*cuDevicePrimaryCtxRetain)(tkc_cu_context *context,
                                            tkc_cu_device device);
  /** cuCtxGetCurrent */
  tkc_cu_result (*cuCtxGetCurrent)(tkc_cu_context *context);
  /** cuCtxSetCurrent */
  tkc_cu_result (*cuCtxSetCurrent)(tkc_cu_context context);
  /** cuCtxGetDevice */
  tkc_cu_result (*cuCtxGetDevice)(tkc_cu_device *device);
  /** cuCtxPushCurrent_v2 */
  tkc_cu_result (*cuCtxPushCurrent)(tkc_cu_context context);
  /** cuCtxPopCurrent_v2 */
  tkc_cu_result (*cuCtxPopCurrent)(tkc_cu_context *context);
  /** cuModuleLoadData */
  tkc_cu_result (*cuModuleLoadData)(tkc_cu_module *module, const void *image);
  /** cuModuleUnload */
  tkc_cu_result (*cuModuleUnload)(tkc_cu_module module);
  /** cuModuleGetFunction */
  tkc_cu_result (*cuModuleGetFunction)(tkc_cu_function *function,
                                       tkc_cu_module module, const char *name);
  /** cuFuncSetAttribute */
  tkc_cu_result (*cuFuncSetAttribute)(tkc_cu_function function, int attribute,
                                      int value);
  /** cuLaunchKernel */
  tkc_cu_result (*cuLaunchKernel)(tkc_cu_function function, unsigned grid_x,
                                  unsigned grid_y, unsigned grid_z,
                                  unsigned block_x, unsigned block_y,
                                  unsigned block_z, unsigned shared_bytes,
                                  tkc_cu_stream stream, void **kernel_params,
                                  void **extra);
  /* Autotuning: timing with events, and saving buffers it must restore. */
  /** cuEventCreate */
  tkc_cu_result (*cuEventCreate)(tkc_cu_event *event, unsigned flags);
  /** cuEventDestroy_v2 */
  tkc_cu_result (*cuEventDestroy)(tkc_cu_event event);
  /** cuEventRecord */
  tkc_cu_result (*cuEventRecord)(tkc_cu_event event, tkc_cu_stream stream);
  /** cuEventSynchronize */
  tkc_cu_result (*cuEventSynchronize)(tkc_cu_event event);
  /** cuEventElapsedTime */
  tkc_cu_result (*cuEventElapsedTime)(float *milliseconds, tkc_cu_event start,
                                      tkc_cu_event end);
  /** cuMemAlloc_v2 */
  tkc_cu_result (*cuMemAlloc)(tkc_cu_deviceptr *pointer, size_t bytes);
  /** cuMemFree_v2 */
  tkc_cu_result (*cuMemFree)(tkc_cu_deviceptr pointer);
  /** cuMemcpyDtoDAsync_v2 */
  tkc_cu_result (*cuMemcpyDtoDAsync)(tkc_cu_deviceptr dst, tkc_cu_deviceptr src,
                                     size_t bytes, tkc_cu_stream stream);
  /** cuStreamSynchronize */
  tkc_cu_result (*cuStreamSynchronize)(tkc_cu_stream stream);
  /* Tensor maps (CUDA 12 and later; NULL in older drivers). */
  /** cuTensorMapEncodeTiled: dimensions, strides (bytes, all but the
   *  innermost), box and element strides innermost first. */
  tkc_cu_result (*cuTensorMapEncodeTiled)(
      void *tensor_map, int data_type, unsigned rank, void *global_address,
      const uint64_t *global_dim, const uint64_t *global_strides,
      const unsigned *box_dim, const unsigned *element_strides, int interleave,
      int swizzle, int l2_promotion, int oob_fill);
} tkc_cuda_driver;

/** Test hook: makes the runtime use `driver` instead of the one it would
 *  dlopen (NULL: go back to dlopen). Forgets the loaded driver, its cuInit
 *  result and the cached device architectures; modules already loaded stay
 *  cached in their variants. Not thread-safe against concurrent launches. */
void tkc_runtime_set_cuda_driver_for_testing(const tkc_cuda_driver *driver);

/** Test hook: the library the runtime dlopens ("libcuda.so.1" by default;
 *  NULL restores it). Forgets the loaded driver like the hook above. */
void tkc_runtime_set_cuda_library_for_testing(const char *library);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_CUDA_DRIVER_H */
