/* first_call_bench.c: what compressed binaries add to a kernel's first use.
 * In a fresh process, after vector_add's preload has set up the driver and
 * the context, it times one of:
 *   call     the first matmul_fp16_tc(...) (512^3, the tuned table's config:
 *            one module loaded, from the zstd frame that holds it), or
 *   preload  matmul_fp16_tc_preload(0) (every variant that runs on device 0:
 *            on an H100 the 24 sm_90a cubins, from all their frames),
 * for matmul_fp16_tc (compressed) or matmul_fp16_tc_plain (the same kernel
 * built with compress = False). The linker routes the launchers' calls of
 * tkc_zstd_decompress through this file (-Wl,--wrap), which times each
 * decompression, so the output also says how much of the time was
 * decompression (and how many frames and bytes).
 *
 * With --no-gpu it runs the same runtime path against a stub CUDA driver (a
 * 9.0 device whose module loads and launches do nothing), which measures
 * the runtime's own first-call cost, decompression included, on a machine
 * without a GPU.
 *
 * Usage: first_call_bench [--no-gpu] compressed|plain [call|preload]
 * (one measurement per process, so that each is a real first load; run each
 * form several times, alternating). */
#define _POSIX_C_SOURCE 200809L

#include "matmul_fp16_tc.h"
#include "matmul_fp16_tc_plain.h"
#include "tkc_cuda_driver.h"
#include "vector_add.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/** Milliseconds on a monotonic clock. */
static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/*===--------------------------------------------------------------------===*/
/* The decompressions, timed                                                */
/*===--------------------------------------------------------------------===*/

/** What the launchers' decompressions cost so far. */
static double decompress_ms;
static int decompress_frames;
static size_t decompress_bytes;

int __real_tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                               void *out, size_t size, char *reason,
                               size_t reason_size);

/** tkc_zstd_decompress as the launchers call it (-Wl,--wrap), timed. */
int __wrap_tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                               void *out, size_t size, char *reason,
                               size_t reason_size);
int __wrap_tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                               void *out, size_t size, char *reason,
                               size_t reason_size) {
  double start = now_ms();
  int result = __real_tkc_zstd_decompress(compressed, compressed_size, out,
                                          size, reason, reason_size);
  decompress_ms += now_ms() - start;
  decompress_frames += 1;
  decompress_bytes += size;
  return result;
}

/*===--------------------------------------------------------------------===*/
/* A stub CUDA driver (--no-gpu)                                            */
/*===--------------------------------------------------------------------===*/

/** The stub's one context, module and function. */
static int stub_object;
static tkc_cu_context stub_current;

static tkc_cu_result stub_init(unsigned flags) {
  (void)flags;
  return 0;
}
static tkc_cu_result stub_error_name(tkc_cu_result error, const char **name) {
  (void)error;
  *name = "CUDA_ERROR_STUB";
  return 0;
}
static tkc_cu_result stub_device_get(tkc_cu_device *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? 0 : TKC_CUDA_ERROR_NO_DEVICE;
}
static tkc_cu_result stub_attribute(int *value, int attribute,
                                    tkc_cu_device device) {
  (void)device;
  switch (attribute) {
  case TKC_CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case TKC_CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
    *value = 228 * 1024;
    break;
  case TKC_CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK:
    *value = 1024;
    break;
  default:
    *value = 0;
  }
  return 0;
}
static tkc_cu_result stub_retain(tkc_cu_context *context,
                                 tkc_cu_device device) {
  (void)device;
  *context = &stub_object;
  return 0;
}
static tkc_cu_result stub_get_current(tkc_cu_context *context) {
  *context = stub_current;
  return 0;
}
static tkc_cu_result stub_set_current(tkc_cu_context context) {
  stub_current = context;
  return 0;
}
static tkc_cu_result stub_ctx_device(tkc_cu_device *device) {
  *device = 0;
  return 0;
}
static tkc_cu_result stub_pop(tkc_cu_context *context) {
  *context = stub_current;
  return 0;
}
static tkc_cu_result stub_module_load(tkc_cu_module *module,
                                      const void *image) {
  /* Reads the ELF header, as a driver would before anything else. */
  if (memcmp(image, "\177ELF", 4) != 0)
    return 200; /* CUDA_ERROR_INVALID_IMAGE */
  *module = &stub_object;
  return 0;
}
static tkc_cu_result stub_module_unload(tkc_cu_module module) {
  (void)module;
  return 0;
}
static tkc_cu_result stub_get_function(tkc_cu_function *function,
                                       tkc_cu_module module, const char *name) {
  (void)module;
  (void)name;
  *function = &stub_object;
  return 0;
}
static tkc_cu_result stub_set_attribute(tkc_cu_function function, int attribute,
                                        int value) {
  (void)function;
  (void)attribute;
  (void)value;
  return 0;
}
static tkc_cu_result stub_launch(tkc_cu_function function, unsigned gx,
                                 unsigned gy, unsigned gz, unsigned bx,
                                 unsigned by, unsigned bz, unsigned shared,
                                 tkc_cu_stream stream, void **params,
                                 void **extra) {
  (void)function, (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz;
  (void)shared, (void)stream, (void)params, (void)extra;
  return 0;
}

/** The stub table: what autotuning would use is left NULL (never reached:
 *  the tuned table, or config 0, picks the config). */
static const tkc_cuda_driver stub_driver = {
    .cuInit = stub_init,
    .cuGetErrorName = stub_error_name,
    .cuDeviceGet = stub_device_get,
    .cuDeviceGetAttribute = stub_attribute,
    .cuDevicePrimaryCtxRetain = stub_retain,
    .cuCtxGetCurrent = stub_get_current,
    .cuCtxSetCurrent = stub_set_current,
    .cuCtxGetDevice = stub_ctx_device,
    .cuCtxPushCurrent = stub_set_current,
    .cuCtxPopCurrent = stub_pop,
    .cuModuleLoadData = stub_module_load,
    .cuModuleUnload = stub_module_unload,
    .cuModuleGetFunction = stub_get_function,
    .cuFuncSetAttribute = stub_set_attribute,
    .cuLaunchKernel = stub_launch,
};

/*===--------------------------------------------------------------------===*/
/* The real driver: a context and the matrices of the first call            */
/*===--------------------------------------------------------------------===*/

typedef int (*cu_init_fn)(unsigned);
typedef int (*cu_device_get_fn)(int *, int);
typedef int (*cu_retain_fn)(void **, int);
typedef int (*cu_set_current_fn)(void *);
typedef int (*cu_mem_alloc_fn)(unsigned long long *, size_t);
typedef int (*cu_synchronize_fn)(void);

/** libcuda.so.1's cuCtxSynchronize, once gpu_setup found it. */
static cu_synchronize_fn cu_synchronize;

/** Makes device 0's primary context current and allocates `count` buffers
 *  of `bytes` each into `buffers`. Returns 0, or 1 after saying why. */
static int gpu_setup(void **buffers, int count, size_t bytes) {
  void *library = dlopen("libcuda.so.1", RTLD_NOW);
  cu_init_fn init;
  cu_device_get_fn device_get;
  cu_retain_fn retain;
  cu_set_current_fn set_current;
  cu_mem_alloc_fn mem_alloc;
  void *context;
  int device, i;
  if (!library) {
    fprintf(stderr, "cannot load libcuda.so.1 (use --no-gpu without a GPU)\n");
    return 1;
  }
  /* POSIX's way from a data pointer to a function pointer. */
  *(void **)&init = dlsym(library, "cuInit");
  *(void **)&device_get = dlsym(library, "cuDeviceGet");
  *(void **)&retain = dlsym(library, "cuDevicePrimaryCtxRetain");
  *(void **)&set_current = dlsym(library, "cuCtxSetCurrent");
  *(void **)&mem_alloc = dlsym(library, "cuMemAlloc_v2");
  *(void **)&cu_synchronize = dlsym(library, "cuCtxSynchronize");
  if (!init || !device_get || !retain || !set_current || !mem_alloc ||
      !cu_synchronize || init(0) || device_get(&device, 0) ||
      retain(&context, device) || set_current(context)) {
    fprintf(stderr, "cannot set up device 0's primary context\n");
    return 1;
  }
  for (i = 0; i < count; ++i) {
    unsigned long long pointer = 0;
    if (mem_alloc(&pointer, bytes)) {
      fprintf(stderr, "cuMemAlloc of %zu bytes failed\n", bytes);
      return 1;
    }
    buffers[i] = (void *)(uintptr_t)pointer;
  }
  return 0;
}

int main(int argc, char **argv) {
  enum { kSize = 512 };
  int gpu = 1, plain, preload = 0, arg = 1;
  void *buffers[3] = {NULL, NULL, NULL};
  double start, elapsed;
  tkc_status status;
  if (arg < argc && strcmp(argv[arg], "--no-gpu") == 0) {
    gpu = 0;
    ++arg;
  }
  if (arg >= argc || argc - arg > 2 ||
      (strcmp(argv[arg], "plain") != 0 &&
       strcmp(argv[arg], "compressed") != 0) ||
      (argc - arg == 2 && strcmp(argv[arg + 1], "call") != 0 &&
       strcmp(argv[arg + 1], "preload") != 0)) {
    fprintf(stderr, "usage: %s [--no-gpu] compressed|plain [call|preload]\n",
            argv[0]);
    return 2;
  }
  plain = strcmp(argv[arg], "plain") == 0;
  preload = argc - arg == 2 && strcmp(argv[arg + 1], "preload") == 0;

  if (!gpu) {
    static char stub_buffer[64];
    tkc_runtime_set_cuda_driver_for_testing(&stub_driver);
    buffers[0] = buffers[1] = buffers[2] = stub_buffer;
  } else if (gpu_setup(buffers, 3, (size_t)kSize * kSize * 2)) {
    return 1;
  }
  status = vector_add_preload(0);
  if (status != TKC_SUCCESS) {
    fprintf(stderr, "vector_add_preload: %s\n", tkc_last_error());
    return 1;
  }
  decompress_ms = 0;
  decompress_frames = 0;
  decompress_bytes = 0;

  start = now_ms();
  if (preload)
    status =
        plain ? matmul_fp16_tc_plain_preload(0) : matmul_fp16_tc_preload(0);
  else if (plain)
    status = matmul_fp16_tc_plain(NULL, buffers[0], buffers[1], buffers[2],
                                  kSize, kSize, kSize, kSize, kSize, kSize);
  else
    status = matmul_fp16_tc(NULL, buffers[0], buffers[1], buffers[2], kSize,
                            kSize, kSize, kSize, kSize, kSize);
  elapsed = now_ms() - start;
  if (status == TKC_SUCCESS && gpu && cu_synchronize())
    status = TKC_ERROR_LAUNCH;
  if (status != TKC_SUCCESS) {
    fprintf(stderr, "%s: %s\n", preload ? "preload" : "call", tkc_last_error());
    return 1;
  }
  printf("%-10s first %-7s of matmul_fp16_tc%s: %.3f ms, of which "
         "decompression %.3f ms (%d frame%s, %zu bytes)\n",
         argv[arg], preload ? "preload" : "call", gpu ? "" : " (no GPU)",
         elapsed, decompress_ms, decompress_frames,
         decompress_frames == 1 ? "" : "s", decompress_bytes);
  return 0;
}
