/* tkc_hip_driver.h: the table of HIP entry points the tkc runtime calls on
 * AMD GPUs, with its own ABI-compatible types so that nothing needs the HIP
 * headers, and the hooks tests use to install a fake HIP or to make dlopen
 * fail. Internal to the runtime and its tests; launchers never include it.
 *
 * Device properties: the runtime reads only gcnArchName, through the
 * unversioned symbol hipGetDeviceProperties. Every libamdhip64 (ROCm 5 and
 * 6) exports that symbol with the original ("R0000") hipDeviceProp_t
 * layout; ROCm 6 headers only rename the *source* name to
 * hipGetDevicePropertiesR0600, a different symbol with a different layout.
 * tkc_hip_device_prop below mirrors the R0000 layout up to gcnArchName and
 * pads the rest generously; hip_abi_test checks the offset and size against
 * the HIP headers. */
#ifndef TKC_HIP_DRIVER_H
#define TKC_HIP_DRIVER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** hipError_t: 0 is hipSuccess. */
typedef int tkc_hip_error;
/** hipModule_t, hipFunction_t, hipStream_t: opaque handles. */
typedef void *tkc_hip_module;
typedef void *tkc_hip_function;
typedef void *tkc_hip_stream;
/** hipEvent_t: an opaque handle. */
typedef void *tkc_hip_event;

/** HIP's values the runtime uses (checked against the HIP headers in
 *  hip_abi_test). */
enum {
  TKC_HIP_SUCCESS = 0,
  TKC_HIP_ERROR_NO_DEVICE = 100,
  TKC_HIP_ERROR_INVALID_DEVICE = 101,
  /** hipMemcpyKind's hipMemcpyDeviceToDevice. */
  TKC_HIP_MEMCPY_DEVICE_TO_DEVICE = 3
};

/** hipDeviceProp_t as hipGetDeviceProperties (R0000 layout) fills it, up to
 *  gcnArchName; `reserved` leaves room for the fields after it in every
 *  ROCm version (the runtime never reads them). */
typedef struct tkc_hip_device_prop {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  int memoryClockRate;
  int memoryBusWidth;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  int computeMode;
  int clockInstructionRate;
  /** hipDeviceArch_t: 32 bits of feature flags. */
  unsigned arch;
  int concurrentKernels;
  int pciDomainID;
  int pciBusID;
  int pciDeviceID;
  size_t maxSharedMemoryPerMultiProcessor;
  int isMultiGpuBoard;
  int canMapHostMemory;
  int gcnArch;
  /** "gfx90a:sramecc+:xnack-": the ISA name and its feature settings. */
  char gcnArchName[256];
  /** The driver's later fields, never read. */
  unsigned char reserved[4096];
} tkc_hip_device_prop;

/** The HIP API functions the runtime calls. Each field's comment names the
 *  exported symbol it is loaded from. */
typedef struct tkc_hip_driver {
  /** hipInit */
  tkc_hip_error (*hipInit)(unsigned flags);
  /** hipGetErrorName */
  const char *(*hipGetErrorName)(tkc_hip_error error);
  /** hipGetDeviceCount */
  tkc_hip_error (*hipGetDeviceCount)(int *count);
  /** hipGetDevice */
  tkc_hip_error (*hipGetDevice)(int *device);
  /** hipSetDevice */
  tkc_hip_error (*hipSetDevice)(int device);
  /** hipGetDeviceProperties (R0000 layout, see above) */
  tkc_hip_error (*hipGetDeviceProperties)(tkc_hip_device_prop *prop,
                                          int device);
  /** hipModuleLoadData */
  tkc_hip_error (*hipModuleLoadData)(tkc_hip_module *module, const void *image);
  /** hipModuleUnload */
  tkc_hip_error (*hipModuleUnload)(tkc_hip_module module);
  /** hipModuleGetFunction */
  tkc_hip_error (*hipModuleGetFunction)(tkc_hip_function *function,
                                        tkc_hip_module module,
                                        const char *name);
  /** hipModuleLaunchKernel */
  tkc_hip_error (*hipModuleLaunchKernel)(tkc_hip_function function,
                                         unsigned grid_x, unsigned grid_y,
                                         unsigned grid_z, unsigned block_x,
                                         unsigned block_y, unsigned block_z,
                                         unsigned shared_bytes,
                                         tkc_hip_stream stream,
                                         void **kernel_params, void **extra);
  /* Autotuning: timing with events, and saving buffers it must restore. */
  /** hipEventCreate */
  tkc_hip_error (*hipEventCreate)(tkc_hip_event *event);
  /** hipEventDestroy */
  tkc_hip_error (*hipEventDestroy)(tkc_hip_event event);
  /** hipEventRecord */
  tkc_hip_error (*hipEventRecord)(tkc_hip_event event, tkc_hip_stream stream);
  /** hipEventSynchronize */
  tkc_hip_error (*hipEventSynchronize)(tkc_hip_event event);
  /** hipEventElapsedTime */
  tkc_hip_error (*hipEventElapsedTime)(float *milliseconds, tkc_hip_event start,
                                       tkc_hip_event end);
  /** hipMalloc */
  tkc_hip_error (*hipMalloc)(void **pointer, size_t bytes);
  /** hipFree */
  tkc_hip_error (*hipFree)(void *pointer);
  /** hipMemcpyAsync */
  tkc_hip_error (*hipMemcpyAsync)(void *dst, const void *src, size_t bytes,
                                  int kind, tkc_hip_stream stream);
  /** hipStreamSynchronize */
  tkc_hip_error (*hipStreamSynchronize)(tkc_hip_stream stream);
} tkc_hip_driver;

/** Test hook: makes the runtime use `driver` instead of the HIP library it
 *  would dlopen (NULL: go back to dlopen). Forgets the loaded library, its
 *  hipInit result, the cached device architectures and the vendor choice
 *  (re-reading TKC_VENDOR); modules already loaded stay cached in their
 *  variants. Not thread-safe against concurrent launches. */
void tkc_runtime_set_hip_driver_for_testing(const tkc_hip_driver *driver);

/** Test hook: the only library the runtime tries to dlopen (NULL restores
 *  the default list libamdhip64.so.6, .so.5, .so). Forgets state like the
 *  hook above. */
void tkc_runtime_set_hip_library_for_testing(const char *library);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_HIP_DRIVER_H */
