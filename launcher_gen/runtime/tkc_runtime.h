/* tkc_runtime.h: the C runtime behind every launcher that tkc-launcher-gen
 * writes. It loads the GPU driver with dlopen (no link-time dependency on
 * libcuda or libamdhip64), finds the calling thread's current device, picks
 * the compiled variant that fits the device's architecture and the call's
 * arguments, loads its module lazily once per (variant, context or device),
 * and launches it. Every failure returns a tkc_status; tkc_last_error() says
 * why. The runtime never prints and never exits.
 *
 * Vendors: one launcher may carry NVIDIA (cubin) and AMD (hsaco) variants.
 * Which vendor a call uses is decided per process, in this order:
 *   1. tkc_set_vendor(TKC_VENDOR_CUDA or TKC_VENDOR_HIP), if called;
 *   2. the environment variable TKC_VENDOR=cuda|hip (read once, at the first
 *      call that needs a device);
 *   3. automatic: a kernel with variants of only one vendor uses that
 *      vendor; with both, CUDA if libcuda.so.1 loads, cuInit succeeds and
 *      device 0 exists, else HIP (decided once per process).
 * A forced vendor that the kernel has no variants for is
 * TKC_ERROR_NO_VARIANT. The stream argument of every launcher is that
 * vendor's own handle: a CUstream for CUDA, a hipStream_t for HIP.
 *
 * Users need only the first part (status codes, tkc_stream, tkc_vendor); the
 * second part is the interface the generated NAME.c files call. Plain C99. */
#ifndef TKC_RUNTIME_H
#define TKC_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===--------------------------------------------------------------------===*/
/* Public API                                                               */
/*===--------------------------------------------------------------------===*/

/** ABI version of this header and of the generated launchers: a generated
 *  file refuses to compile against a runtime with another version. */
#define TKC_ABI_VERSION 4

/** The active vendor's own stream handle: a CUstream on NVIDIA, a
 *  hipStream_t on AMD. NULL is the default stream (of the current context
 *  on NVIDIA, of the current device on AMD). */
typedef void *tkc_stream;

/** What a tkc call returns. tkc_last_error() holds the detailed reason of
 *  the last failure on the calling thread. */
typedef enum tkc_status {
  TKC_SUCCESS = 0,
  /** The driver library (libcuda.so.1, libamdhip64.so) cannot be loaded or
   *  initialized. */
  TKC_ERROR_NO_DRIVER = 1,
  /** The driver is there but has no usable device. */
  TKC_ERROR_NO_DEVICE = 2,
  /** No compiled variant fits the device's architecture and the arguments. */
  TKC_ERROR_NO_VARIANT = 3,
  /** The binary cannot be loaded: the driver rejected it (module load or
   *  function lookup), or its compressed form in the launcher is corrupt. */
  TKC_ERROR_MODULE_LOAD = 4,
  /** The driver rejected the launch. */
  TKC_ERROR_LAUNCH = 5,
  /** A bad argument: config index, grid size, device ordinal. */
  TKC_ERROR_INVALID_ARGUMENT = 6,
  /** Any other driver call failed. */
  TKC_ERROR_DRIVER = 7,
  /** The runtime could not allocate its bookkeeping. */
  TKC_ERROR_OUT_OF_MEMORY = 8,
  /** The request needs something this runtime does not implement yet. */
  TKC_ERROR_UNSUPPORTED = 9
} tkc_status;

/** A short, static description of `status` ("no variant for this device"). */
const char *tkc_status_string(tkc_status status);

/** The detailed reason of the last failing tkc call on this thread, e.g.
 *  "cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE (sm_90a cubin on
 *  compute capability 8.0)". Successful calls leave it unchanged; it is ""
 *  before the first failure. The string belongs to the thread. */
const char *tkc_last_error(void);

/** Which GPU vendor's API launches run through (see the top of this file). */
typedef enum tkc_vendor {
  /** TKC_VENDOR if set, else the automatic choice. */
  TKC_VENDOR_AUTO = 0,
  /** NVIDIA, through libcuda.so.1. */
  TKC_VENDOR_CUDA = 1,
  /** AMD, through libamdhip64.so. */
  TKC_VENDOR_HIP = 2
} tkc_vendor;

/** Forces the vendor of every later call in the process (TKC_VENDOR_AUTO
 *  goes back to TKC_VENDOR / the automatic choice). Overrides the
 *  TKC_VENDOR environment variable. Modules already loaded stay loaded.
 *  Returns TKC_ERROR_INVALID_ARGUMENT for a value not in tkc_vendor. */
tkc_status tkc_set_vendor(tkc_vendor vendor);

/** Run-time autotuning (docs/manifest.md): when on, the first call of a
 *  kernel with several configs and no tuned-table entry for the device and
 *  the call's key buckets times every config on the caller's stream (with
 *  events; the stream is synchronized) and keeps the fastest for that
 *  (device, buckets) for the life of the process. Concurrent first calls
 *  wait for one tuning run. Buffers the manifest lists under `restore` are
 *  saved first and restored before the real launch; a call whose written
 *  buffers are also read and not restored is never timed (it uses config 0
 *  and is tuned later, by a call that is safe).
 *  On when tkc_set_autotune(1) was called, or else when the environment
 *  variable TKC_AUTOTUNE is 1 (read once). If TKC_AUTOTUNE_FILE names a file,
 *  every result of the process is written there after each tuning run, as
 *  a manifest's tuned table ({"tuned": [...]}).
 *  `enabled`: 1 on, 0 off, -1 back to TKC_AUTOTUNE. Returns
 *  TKC_ERROR_INVALID_ARGUMENT for other values. */
tkc_status tkc_set_autotune(int enabled);

/*===--------------------------------------------------------------------===*/
/* Interface of the generated launchers (not for hand-written code)         */
/*===--------------------------------------------------------------------===*/

/** The GPU vendor API a variant was compiled for. Bit values: a launcher
 *  passes the OR of the backends its variants use. */
typedef enum tkc_backend {
  TKC_BACKEND_CUDA = 1,
  TKC_BACKEND_HIP = 2
} tkc_backend;

/** Mutable per-variant state owned by the runtime (the modules loaded so
 *  far, one per context). A launcher defines one zero-initialized object per
 *  variant and never touches it. */
typedef struct tkc_variant_state {
  void *loaded;
} tkc_variant_state;

/** Decompresses the `compressed_size` bytes at `compressed` into exactly
 *  `size` bytes at `out`. Returns 0, or nonzero after writing why into
 *  `reason` (of `reason_size` bytes). */
typedef int (*tkc_decompress_fn)(const void *compressed, size_t compressed_size,
                                 void *out, size_t size, char *reason,
                                 size_t reason_size);

/** The decompressor of tkc-launcher-gen's packs: one zstd frame, with its
 *  content size and checksum (tkc_zstd.c, on Debian's static libzstd). */
int tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                        void *out, size_t size, char *reason,
                        size_t reason_size);

/** Mutable per-pack state owned by the runtime (the decompressed bytes once
 *  a load needed them). A launcher defines one zero-initialized object per
 *  pack and never touches it. */
typedef struct tkc_pack_state {
  void *bytes;
} tkc_pack_state;

/** The binaries of several variants, back to back, compressed as one
 *  frame. It is decompressed once, at the first load of any of its
 *  variants (thread-safely), and kept for the life of the process. */
typedef struct tkc_blob_pack {
  /** What it holds, for messages: "the CUDA binaries of vector_add". */
  const char *what;
  const unsigned char *compressed;
  size_t compressed_size;
  /** The size of the decompressed contents. */
  size_t size;
  tkc_decompress_fn decompress;
  /** Runtime-owned state (see tkc_pack_state). */
  tkc_pack_state *state;
} tkc_blob_pack;

/** An extent or stride of a tensor map: the product of `scale` and up to
 *  three integer kernel arguments. */
typedef struct tkc_tensor_map_operand {
  /** Indices into the kernel's arguments (-1 past the last used), and the
   *  bytes of each: 4 (int32_t) or 8 (int64_t). */
  int args[3];
  int bytes[3];
  /** The constant the arguments are multiplied by. */
  int64_t scale;
} tkc_tensor_map_operand;

/** A tensor map a binary takes after its arguments (the metadata's
 *  `tensor_maps`), which tkc_launch encodes from the kernel's arguments at
 *  every launch: a CUtensorMap over the tensor at the base pointer, of the
 *  given shape and strides, that copies boxes of `box` elements with the
 *  given swizzle, elements outside the tensor read as zero. */
typedef struct tkc_tensor_map_desc {
  /** The descriptor's name, for messages. */
  const char *descriptor;
  /** Dimensions (1 to 5). */
  int rank;
  /** The index of the base pointer (void *) among the kernel's arguments;
   *  each dimension's extent, outermost first, and each stride but the
   *  last's (in elements; the last is 1), products of the arguments. */
  int base_arg;
  tkc_tensor_map_operand shape[5];
  tkc_tensor_map_operand strides[4];
  /** The box one copy moves, outermost dimension first. */
  int box[5];
  /** Bytes of an element (1, 2 or 4) and of the swizzle span (0, 32, 64 or
   *  128). */
  int element_bytes;
  int swizzle_bytes;
} tkc_tensor_map_desc;

/** One compiled binary of a kernel, as a generated launcher describes it. */
typedef struct tkc_variant {
  /** Vendor API of the binary. */
  tkc_backend backend;
  /** Architecture as the vendor spells it: "sm_90a", "gfx942". */
  const char *arch;
  /** CUDA: compute capability the cubin was built for (9, 0 for sm_90a). */
  int arch_major;
  int arch_minor;
  /** CUDA: 1 for an arch-specific cubin (sm_90a), which runs only on exactly
   *  that compute capability. */
  int arch_specific;
  /** The cubin/hsaco bytes and their count; `binary` is NULL when the
   *  binary is compressed in `pack`. */
  const unsigned char *binary;
  size_t binary_size;
  /** The kernel function's symbol in the binary. */
  const char *entry;
  /** Block size (num_warps * warp size); the launch is 1-D in blocks. */
  unsigned threads_per_block;
  /** Dynamic shared memory bytes the kernel uses. */
  unsigned shared_bytes;
  /** At most this many blocks of the kernel resident on one multiprocessor
   *  (SM, or CU) at a time; 0: as many as fit. The runtime enforces it by
   *  launching with more dynamic shared memory than the kernel uses (see
   *  tkc_launch_shared_bytes). */
  unsigned max_blocks_per_sm;
  /** The run-time facts this variant assumes, for messages ("x_ptr % 16 == 0,
   *  stride == 1"); "" for the generic variant. */
  const char *specialization;
  /** Runtime-owned state (see tkc_variant_state). */
  tkc_variant_state *state;
  /** NULL, or the pack whose decompressed contents hold the binary: its
   *  binary_size bytes at pack_offset. */
  const tkc_blob_pack *pack;
  size_t pack_offset;
  /** The kernel's own arguments (tkc_launch's kernel_params), and the
   *  tensor maps passed after them (none: NULL and 0). */
  int num_args;
  const tkc_tensor_map_desc *tensor_maps;
  int num_tensor_maps;
} tkc_variant;

/** A device as the runtime resolved it for one call. */
typedef struct tkc_device {
  tkc_backend backend;
  /** Device ordinal (CUdevice, or HIP's device number). */
  int ordinal;
  /** The key of the module cache: the context modules are loaded into and
   *  launches run in (CUcontext); for HIP, which loads modules per device,
   *  a per-device token (ordinal + 1). */
  void *context;
  /** CUDA compute capability. */
  int arch_major;
  int arch_minor;
  /** The architecture's name: "sm_90"; for HIP the part of gcnArchName
   *  before ':' ("gfx90a" of "gfx90a:sramecc+:xnack-"), which hsaco
   *  variants must match exactly. */
  char arch[32];
} tkc_device;

/** Resolves the calling thread's device among the vendors in `backends` (an
 *  OR of tkc_backend), after choosing the vendor (see the top of this file).
 *  CUDA: the device of the current context; when the thread has no current
 *  context, device 0's primary context is retained (once per process) and
 *  made current on this thread. HIP: hipGetDevice's device. */
tkc_status tkc_current_device(unsigned backends, tkc_device *device);

/** Resolves device `ordinal` of the chosen vendor without changing the
 *  calling thread's current context or device. CUDA: the current context
 *  when it belongs to that device, else the device's primary context
 *  (retained, never released). HIP: the device itself. */
tkc_status tkc_device_for_ordinal(unsigned backends, int ordinal,
                                  tkc_device *device);

/** How well `variant` fits `device`: -1 if it cannot run there (another
 *  vendor, another architecture), otherwise a rank where larger is better.
 *  CUDA cubins: same major version and a device minor >= the cubin's minor;
 *  an arch-specific cubin (sm_90a) needs exactly its major.minor. A higher
 *  minor ranks higher; at equal minor the arch-specific cubin ranks higher.
 *  HIP code objects: the arch equals the device's ISA name exactly. */
int tkc_variant_arch_rank(const tkc_device *device, const tkc_variant *variant);

/** Picks among `count` variants (most specialized first, generic last) the
 *  one to launch: the best arch rank among those whose run-time checks
 *  passed (`checks_passed[i]` != 0), the first in order among equals. On
 *  failure returns TKC_ERROR_NO_VARIANT with a reason naming `kernel`, the
 *  device's architecture and what was compiled. */
tkc_status tkc_select_variant(const char *kernel, const tkc_device *device,
                              const tkc_variant *variants,
                              const unsigned char *checks_passed, int count,
                              int *chosen);

/** Loads `variant` into `device`'s context unless it is already loaded
 *  there (thread-safe; at most one load per (variant, context) for the
 *  process's lifetime). */
tkc_status tkc_load_variant(const tkc_device *device,
                            const tkc_variant *variant);

/** Launches `variant` on `device` (whose context must be current): `grid`
 *  blocks of threads_per_block threads with shared_bytes of dynamic shared
 *  memory (more under max_blocks_per_sm) on `stream`; `kernel_params` points
 *  to each kernel argument (num_args of them), after which the variant's
 *  tensor maps are encoded and passed. A grid with a zero dimension
 *  launches nothing and succeeds; a negative or too large dimension is
 *  TKC_ERROR_INVALID_ARGUMENT. Loads the module on first use. */
tkc_status tkc_launch(const tkc_device *device, const tkc_variant *variant,
                      const int64_t grid[3], tkc_stream stream,
                      void **kernel_params);

/** One entry of a kernel's tuned table: on a device where a variant of
 *  `arch` runs, calls whose key buckets equal `key` use `config`. */
typedef struct tkc_tuned_entry {
  const char *arch;
  /** Bucket values, one per key parameter. */
  const int64_t *key;
  int config;
} tkc_tuned_entry;

/** What a generated launcher tells the runtime about its configs. */
typedef struct tkc_kernel_tuning {
  /** The C function's name (the tuned table's `kernel`). */
  const char *kernel;
  /** All variants, to rank architectures on the device. */
  const tkc_variant *variants;
  int num_variants;
  /** Config names, in index order. */
  int num_configs;
  const char *const *config_names;
  /** The key parameters' names. */
  int num_keys;
  const char *const *key_names;
  /** The manifest's tuned table. */
  const tkc_tuned_entry *tuned;
  int num_tuned;
  /** 0 when the manifest turned run-time autotuning off. */
  int autotune;
} tkc_kernel_tuning;

/** A device buffer: where, and how many bytes. */
typedef struct tkc_buffer {
  void *pointer;
  size_t bytes;
} tkc_buffer;

/** Launches config `config` of a call whose arguments `call` holds. */
typedef tkc_status (*tkc_config_launch)(void *call, tkc_stream stream,
                                        int config);

/** One call, as autotuning sees it. */
typedef struct tkc_tuning_call {
  /** The key parameters' bucket values. */
  const int64_t *buckets;
  tkc_stream stream;
  /** Runs one config with the call's arguments. */
  tkc_config_launch launch;
  void *call;
  /** Buffers to save before timing and restore after. */
  const tkc_buffer *restore;
  int num_restore;
  /** NULL, or why the call's buffers must not be timed on (a written buffer
   *  that is also read and not restored). */
  const char *unsafe;
} tkc_tuning_call;

/** Picks the config of a call (docs/manifest.md): the tuned table's entry
 *  for the best-ranked arch on `device` with the call's buckets; else, with
 *  autotuning on, the winner for (device, buckets), tuning now if there is
 *  none; else 0. */
tkc_status tkc_choose_config(const tkc_kernel_tuning *tuning,
                             const tkc_device *device,
                             const tkc_tuning_call *call, int *config);

/** The default bucket of a key value: the next power of two >= `value`
 *  (1 for 1), 0 for values <= 0. */
int64_t tkc_bucket_pow2(int64_t value);

/** The bucket of `value` among sorted upper `bounds`: the first bound >=
 *  `value`, or `value` itself above the last. */
int64_t tkc_bucket_bounds(int64_t value, const int64_t *bounds, int count);

/** Fails with TKC_ERROR_INVALID_ARGUMENT for a config index out of range. */
tkc_status tkc_invalid_config(const char *kernel, int config, int num_configs);

/** Grid arithmetic in 64-bit with checks: on overflow or division by zero,
 *  the first failure sets `*status` to TKC_ERROR_INVALID_ARGUMENT (with a
 *  reason) and the result is 0. Division and remainder truncate as in C;
 *  tkc_grid_cdiv(a, b) is the ceiling of a / b for b > 0. */
int64_t tkc_grid_add(tkc_status *status, int64_t a, int64_t b);
/** a - b; see tkc_grid_add. */
int64_t tkc_grid_sub(tkc_status *status, int64_t a, int64_t b);
/** a * b; see tkc_grid_add. */
int64_t tkc_grid_mul(tkc_status *status, int64_t a, int64_t b);
/** a / b (truncating); see tkc_grid_add. */
int64_t tkc_grid_div(tkc_status *status, int64_t a, int64_t b);
/** a % b (C remainder); see tkc_grid_add. */
int64_t tkc_grid_mod(tkc_status *status, int64_t a, int64_t b);
/** -a; see tkc_grid_add. */
int64_t tkc_grid_neg(tkc_status *status, int64_t a);
/** ceil(a / b); b must be positive; see tkc_grid_add. */
int64_t tkc_grid_cdiv(tkc_status *status, int64_t a, int64_t b);
/** An unsigned 64-bit argument as a grid operand (overflow above
 *  INT64_MAX); see tkc_grid_add. */
int64_t tkc_grid_u64(tkc_status *status, uint64_t a);
/** a // b, flooring as in Python; see tkc_grid_add. */
int64_t tkc_grid_floordiv(tkc_status *status, int64_t a, int64_t b);
/** a % b as in Python (the sign of b); see tkc_grid_add. */
int64_t tkc_grid_floormod(tkc_status *status, int64_t a, int64_t b);
/** min(a, b); never fails. */
int64_t tkc_grid_min(tkc_status *status, int64_t a, int64_t b);
/** max(a, b); never fails. */
int64_t tkc_grid_max(tkc_status *status, int64_t a, int64_t b);
/** triton.next_power_of_2(a): the least power of two >= a, 0 for a <= 0
 *  (as Triton's bit-smearing gives); overflow above 2^62. */
int64_t tkc_grid_next_pow2(tkc_status *status, int64_t a);

/** Whether heuristic `name` (the C text of its Python `expr`) of `kernel`,
 *  evaluated to `value`, computes the constexpr value `expected` of a
 *  variant. If its evaluation failed (`*status` is not TKC_SUCCESS), the
 *  reason is restated as "KERNEL: heuristic NAME (EXPR): REASON" and the
 *  result is 0. */
int tkc_heuristic_is(tkc_status *status, const char *kernel, const char *name,
                     const char *expr, int64_t value, int64_t expected);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_RUNTIME_H */
