/* tkc_runtime.c: the vendor-neutral part of the tkc runtime: status strings
 * and the thread-local error reason, the choice of the vendor (tkc_set_vendor,
 * TKC_VENDOR, automatic) and among a kernel's variants, the per-(variant,
 * context) module cache, grid validation and the checked grid arithmetic
 * that generated launchers evaluate, and the once-only loading of a vendor
 * library. Vendor calls go through the functions of tkc_runtime_internal.h
 * (tkc_cuda.c, tkc_hip.c). */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define TKC_THREAD_LOCAL __thread
#else
#error "tkc_runtime needs GCC-style thread-local storage and atomics"
#endif

/*===--------------------------------------------------------------------===*/
/* Status and error reasons                                                 */
/*===--------------------------------------------------------------------===*/

const char *tkc_status_string(tkc_status status) {
  switch (status) {
  case TKC_SUCCESS:
    return "success";
  case TKC_ERROR_NO_DRIVER:
    return "GPU driver not available";
  case TKC_ERROR_NO_DEVICE:
    return "no GPU device";
  case TKC_ERROR_NO_VARIANT:
    return "no compiled variant fits this device and these arguments";
  case TKC_ERROR_MODULE_LOAD:
    return "the driver could not load the kernel's binary";
  case TKC_ERROR_LAUNCH:
    return "kernel launch failed";
  case TKC_ERROR_INVALID_ARGUMENT:
    return "invalid argument";
  case TKC_ERROR_DRIVER:
    return "GPU driver call failed";
  case TKC_ERROR_OUT_OF_MEMORY:
    return "out of host memory";
  case TKC_ERROR_UNSUPPORTED:
    return "not supported by this tkc runtime";
  }
  return "unknown tkc_status";
}

/** The reason of the thread's last failure. */
static TKC_THREAD_LOCAL char tkc_error_buffer[512];

const char *tkc_last_error(void) { return tkc_error_buffer; }

tkc_status tkc_fail(tkc_status status, const char *format, ...) {
  va_list args;
  va_start(args, format);
  vsnprintf(tkc_error_buffer, sizeof tkc_error_buffer, format, args);
  va_end(args);
  return status;
}

/*===--------------------------------------------------------------------===*/
/* Vendor libraries                                                         */
/*===--------------------------------------------------------------------===*/

enum { TKC_DRIVER_UNTRIED = 0, TKC_DRIVER_READY = 1, TKC_DRIVER_FAILED = 2 };

/** Resolves every symbol of `handle` into loader->loaded. */
static tkc_status resolve_symbols(tkc_driver_loader *loader, void *handle,
                                  const char *library) {
  size_t i;
  for (i = 0; i < loader->num_symbols; ++i) {
    void *symbol = dlsym(handle, loader->symbols[i].name);
    if (!symbol) {
      snprintf(loader->reason, sizeof loader->reason,
               "%s %s has no %s (too old?)", loader->what, library,
               loader->symbols[i].name);
      return TKC_ERROR_NO_DRIVER;
    }
    /* POSIX guarantees function pointers fit a void *. */
    memcpy((char *)loader->loaded + loader->symbols[i].offset, &symbol,
           sizeof symbol);
  }
  return TKC_SUCCESS;
}

/** Fills loader->loaded from the first library that loads. */
static tkc_status load_library(tkc_driver_loader *loader) {
  const char *const *names = loader->libraries;
  const char *const test_only[] = {loader->test_library, NULL};
  const char *reason = NULL;
  char tried[256] = "";
  if (loader->test_library)
    names = test_only;
  for (; *names; ++names) {
    tkc_status status;
    void *handle = dlopen(*names, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      size_t used = strlen(tried);
      snprintf(tried + used, sizeof tried - used, "%s%s", used ? ", " : "",
               *names);
      reason = dlerror();
      continue;
    }
    status = resolve_symbols(loader, handle, *names);
    if (status != TKC_SUCCESS)
      dlclose(handle);
    return status;
  }
  snprintf(loader->reason, sizeof loader->reason,
           "cannot load %s (tried %s)%s%s", loader->what, tried,
           reason ? ": " : "", reason ? reason : "");
  return TKC_ERROR_NO_DRIVER;
}

/** Loads and initializes the library; under loader->mutex. */
static void initialize(tkc_driver_loader *loader) {
  tkc_status status = TKC_SUCCESS;
  const void *table = loader->test_table;
  if (!table) {
    status = load_library(loader);
    table = loader->loaded;
  }
  if (status == TKC_SUCCESS)
    status = loader->init(table, loader->reason, sizeof loader->reason);
  if (status != TKC_SUCCESS) {
    loader->failure = status;
    TKC_STORE_RELEASE(&loader->state, TKC_DRIVER_FAILED);
    return;
  }
  loader->active = table;
  TKC_STORE_RELEASE(&loader->state, TKC_DRIVER_READY);
}

tkc_status tkc_driver_get(tkc_driver_loader *loader, const void **table) {
  int state = TKC_LOAD_ACQUIRE(&loader->state);
  if (state == TKC_DRIVER_UNTRIED) {
    pthread_mutex_lock(&loader->mutex);
    if (loader->state == TKC_DRIVER_UNTRIED)
      initialize(loader);
    pthread_mutex_unlock(&loader->mutex);
    state = TKC_LOAD_ACQUIRE(&loader->state);
  }
  if (state != TKC_DRIVER_READY)
    return tkc_fail(loader->failure, "%s", loader->reason);
  *table = loader->active;
  return TKC_SUCCESS;
}

void tkc_driver_reset(tkc_driver_loader *loader, void (*forget)(void)) {
  pthread_mutex_lock(&loader->mutex);
  TKC_STORE_RELEASE(&loader->state, TKC_DRIVER_UNTRIED);
  loader->active = NULL;
  if (forget)
    forget();
  pthread_mutex_unlock(&loader->mutex);
  tkc_vendor_forget();
}

/*===--------------------------------------------------------------------===*/
/* Vendor choice                                                            */
/*===--------------------------------------------------------------------===*/

/** tkc_set_vendor's value (a tkc_vendor). */
static int tkc_forced_vendor = TKC_VENDOR_AUTO;
/** TKC_VENDOR as read once: -1 not read yet, else a tkc_vendor, or 3 for a
 *  value that is not "cuda" or "hip" (kept in tkc_env_vendor_text). */
static int tkc_env_vendor = -1;
static char tkc_env_vendor_text[32];
/** The automatic choice when a kernel has both vendors: a tkc_vendor, or
 *  TKC_VENDOR_AUTO when not probed yet. */
static int tkc_auto_vendor = TKC_VENDOR_AUTO;
static pthread_mutex_t tkc_vendor_mutex = PTHREAD_MUTEX_INITIALIZER;

enum { TKC_VENDOR_BAD_ENV = 3 };

tkc_status tkc_set_vendor(tkc_vendor vendor) {
  if (vendor != TKC_VENDOR_AUTO && vendor != TKC_VENDOR_CUDA &&
      vendor != TKC_VENDOR_HIP)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "tkc_set_vendor: %d is not a tkc_vendor", (int)vendor);
  TKC_STORE_RELEASE(&tkc_forced_vendor, (int)vendor);
  return TKC_SUCCESS;
}

void tkc_vendor_forget(void) {
  pthread_mutex_lock(&tkc_vendor_mutex);
  TKC_STORE_RELEASE(&tkc_env_vendor, -1);
  TKC_STORE_RELEASE(&tkc_auto_vendor, (int)TKC_VENDOR_AUTO);
  pthread_mutex_unlock(&tkc_vendor_mutex);
}

/** TKC_VENDOR, read once per process. */
static int env_vendor(void) {
  int value = TKC_LOAD_ACQUIRE(&tkc_env_vendor);
  if (value >= 0)
    return value;
  pthread_mutex_lock(&tkc_vendor_mutex);
  value = tkc_env_vendor;
  if (value < 0) {
    const char *text = getenv("TKC_VENDOR");
    if (!text || !text[0] || strcmp(text, "auto") == 0)
      value = TKC_VENDOR_AUTO;
    else if (strcmp(text, "cuda") == 0)
      value = TKC_VENDOR_CUDA;
    else if (strcmp(text, "hip") == 0)
      value = TKC_VENDOR_HIP;
    else {
      value = TKC_VENDOR_BAD_ENV;
      snprintf(tkc_env_vendor_text, sizeof tkc_env_vendor_text, "%s", text);
    }
    TKC_STORE_RELEASE(&tkc_env_vendor, value);
  }
  pthread_mutex_unlock(&tkc_vendor_mutex);
  return value;
}

/** With both vendors compiled in: CUDA if it has a device, else HIP;
 *  probed once per process. The probe's failure reasons are not reported:
 *  the chosen vendor's own calls say what is wrong. */
static int auto_vendor(void) {
  char saved[sizeof tkc_error_buffer];
  int value = TKC_LOAD_ACQUIRE(&tkc_auto_vendor);
  if (value != TKC_VENDOR_AUTO)
    return value;
  memcpy(saved, tkc_error_buffer, sizeof saved);
  pthread_mutex_lock(&tkc_vendor_mutex);
  value = tkc_auto_vendor;
  if (value == TKC_VENDOR_AUTO) {
    value = tkc_cuda_has_device() ? TKC_VENDOR_CUDA : TKC_VENDOR_HIP;
    TKC_STORE_RELEASE(&tkc_auto_vendor, value);
  }
  pthread_mutex_unlock(&tkc_vendor_mutex);
  memcpy(tkc_error_buffer, saved, sizeof saved);
  return value;
}

/** The vendor's name in messages. */
static const char *vendor_name(int backend) {
  return backend == TKC_BACKEND_CUDA ? "CUDA (NVIDIA)" : "HIP (AMD)";
}

/** Chooses the backend for a kernel whose variants use `backends`. */
static tkc_status choose_backend(unsigned backends, tkc_backend *backend) {
  int vendor = TKC_LOAD_ACQUIRE(&tkc_forced_vendor);
  const char *source = "tkc_set_vendor()";
  if (vendor == TKC_VENDOR_AUTO) {
    vendor = env_vendor();
    source = "TKC_VENDOR";
  }
  if (vendor == TKC_VENDOR_BAD_ENV)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "TKC_VENDOR=%s: expected cuda, hip or auto",
                    tkc_env_vendor_text);
  if (vendor == TKC_VENDOR_AUTO) {
    if (backends == TKC_BACKEND_CUDA || backends == TKC_BACKEND_HIP) {
      *backend = (tkc_backend)backends;
      return TKC_SUCCESS;
    }
    if (backends != (TKC_BACKEND_CUDA | TKC_BACKEND_HIP))
      return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc: bad backend set %u",
                      backends);
    vendor = auto_vendor();
  }
  *backend = vendor == TKC_VENDOR_CUDA ? TKC_BACKEND_CUDA : TKC_BACKEND_HIP;
  if (!(backends & *backend))
    return tkc_fail(TKC_ERROR_NO_VARIANT,
                    "the vendor is forced to %s by %s, but this kernel was "
                    "compiled only for %s",
                    vendor_name(*backend), source,
                    vendor_name(*backend == TKC_BACKEND_CUDA
                                    ? TKC_BACKEND_HIP
                                    : TKC_BACKEND_CUDA));
  return TKC_SUCCESS;
}

/*===--------------------------------------------------------------------===*/
/* Devices and variant choice                                               */
/*===--------------------------------------------------------------------===*/

tkc_status tkc_current_device(unsigned backends, tkc_device *device) {
  tkc_backend backend;
  tkc_status status;
  if (!device)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_current_device: NULL");
  memset(device, 0, sizeof *device);
  status = choose_backend(backends, &backend);
  if (status != TKC_SUCCESS)
    return status;
  return backend == TKC_BACKEND_CUDA ? tkc_cuda_current_device(device)
                                     : tkc_hip_current_device(device);
}

tkc_status tkc_device_for_ordinal(unsigned backends, int ordinal,
                                  tkc_device *device) {
  tkc_backend backend;
  tkc_status status;
  if (!device)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_device_for_ordinal: NULL");
  memset(device, 0, sizeof *device);
  if (ordinal < 0)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "device ordinal %d is negative",
                    ordinal);
  status = choose_backend(backends, &backend);
  if (status != TKC_SUCCESS)
    return status;
  return backend == TKC_BACKEND_CUDA
             ? tkc_cuda_device_for_ordinal(ordinal, device)
             : tkc_hip_device_for_ordinal(ordinal, device);
}

int tkc_variant_arch_rank(const tkc_device *device,
                          const tkc_variant *variant) {
  if (!device || !variant || device->backend != variant->backend)
    return -1;
  switch (variant->backend) {
  case TKC_BACKEND_CUDA:
    return tkc_cuda_arch_rank(device, variant);
  case TKC_BACKEND_HIP:
    return tkc_hip_arch_rank(device, variant);
  }
  return -1;
}

/** Appends `text` to the string in `buffer` (of `size` bytes), truncating. */
static void append(char *buffer, size_t size, const char *text) {
  size_t used = strlen(buffer);
  if (used + 1 < size)
    snprintf(buffer + used, size - used, "%s", text);
}

/** Lists the distinct architectures of `variants` into `buffer`. */
static void list_archs(char *buffer, size_t size, const tkc_variant *variants,
                       int count) {
  int i, j;
  buffer[0] = '\0';
  for (i = 0; i < count; ++i) {
    for (j = 0; j < i; ++j)
      if (strcmp(variants[i].arch, variants[j].arch) == 0)
        break;
    if (j < i)
      continue;
    if (buffer[0])
      append(buffer, size, ", ");
    append(buffer, size, variants[i].arch);
  }
}

tkc_status tkc_select_variant(const char *kernel, const tkc_device *device,
                              const tkc_variant *variants,
                              const unsigned char *checks_passed, int count,
                              int *chosen) {
  int i, best = -1, best_rank = -1, runnable = 0;
  char list[256];
  if (!device || !chosen || (count > 0 && (!variants || !checks_passed)))
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_select_variant: NULL");
  for (i = 0; i < count; ++i) {
    int rank = tkc_variant_arch_rank(device, &variants[i]);
    if (rank < 0)
      continue;
    runnable = 1;
    if (checks_passed[i] && rank > best_rank) {
      best = i;
      best_rank = rank;
    }
  }
  if (best >= 0) {
    *chosen = best;
    return TKC_SUCCESS;
  }
  if (!runnable) {
    list_archs(list, sizeof list, variants, count);
    return tkc_fail(TKC_ERROR_NO_VARIANT,
                    "no variant of %s runs on %s (device %d); it was compiled "
                    "for: %s",
                    kernel, device->arch, device->ordinal,
                    count ? list : "nothing");
  }
  /* Variants for this arch exist, but the arguments break their facts. */
  list[0] = '\0';
  for (i = 0; i < count; ++i) {
    if (tkc_variant_arch_rank(device, &variants[i]) < 0)
      continue;
    if (list[0])
      append(list, sizeof list, "; ");
    append(list, sizeof list, variants[i].arch);
    append(list, sizeof list, " [");
    append(list, sizeof list,
           variants[i].specialization[0] ? variants[i].specialization
                                         : "generic");
    append(list, sizeof list, "]");
  }
  return tkc_fail(TKC_ERROR_NO_VARIANT,
                  "no variant of %s for %s (device %d) accepts these "
                  "arguments; the variants need: %s",
                  kernel, device->arch, device->ordinal, list);
}

/*===--------------------------------------------------------------------===*/
/* Module cache                                                             */
/*===--------------------------------------------------------------------===*/

/** One variant's module in one context; nodes form a list per variant that
 *  only grows (lock-free reads, writes under tkc_load_mutex). */
typedef struct tkc_loaded_module {
  void *context;
  void *module;
  void *function;
  /** Dynamic shared memory per launch (tkc_launch_shared_bytes). */
  unsigned shared_bytes;
  struct tkc_loaded_module *next;
} tkc_loaded_module;

/** Serializes module loads (the slow path only). */
static pthread_mutex_t tkc_load_mutex = PTHREAD_MUTEX_INITIALIZER;

/** Finds the module of `variant` in `context`, or NULL. */
static const tkc_loaded_module *find_loaded(const tkc_variant *variant,
                                            void *context) {
  tkc_loaded_module *node =
      (tkc_loaded_module *)TKC_LOAD_ACQUIRE(&variant->state->loaded);
  for (; node; node = node->next)
    if (node->context == context)
      return node;
  return NULL;
}

/** The vendor's load for `variant`'s backend. */
static tkc_status vendor_load(const tkc_device *device,
                              const tkc_variant *variant,
                              tkc_loaded_module *node) {
  switch (variant->backend) {
  case TKC_BACKEND_CUDA:
    return tkc_cuda_load(device, variant, &node->module, &node->function,
                         &node->shared_bytes);
  case TKC_BACKEND_HIP:
    return tkc_hip_load(device, variant, &node->module, &node->function,
                        &node->shared_bytes);
  }
  return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "%s: unknown backend %d",
                  variant->arch, (int)variant->backend);
}

unsigned tkc_launch_shared_bytes(const tkc_variant *variant, unsigned per_sm,
                                 unsigned reserved, unsigned granule) {
  uint64_t cap = variant->max_blocks_per_sm;
  /* One byte more than a (cap + 1)-th of the multiprocessor per block. */
  uint64_t footprint = per_sm / (cap + 1) + 1;
  if (!cap || cap * (footprint + granule) > per_sm ||
      footprint <= (uint64_t)variant->shared_bytes + reserved)
    return variant->shared_bytes;
  return (unsigned)(footprint - reserved);
}

/** The loaded module of `variant` in `device`'s context, loading it the
 *  first time. */
static tkc_status get_loaded(const tkc_device *device,
                             const tkc_variant *variant,
                             const tkc_loaded_module **loaded) {
  tkc_status status = TKC_SUCCESS;
  tkc_loaded_module *node;

  if (!variant->state)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "variant %s has no state",
                    variant->arch);
  if (device->backend != variant->backend)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "variant %s is not for this device's vendor",
                    variant->arch);
  *loaded = find_loaded(variant, device->context);
  if (*loaded)
    return TKC_SUCCESS;

  pthread_mutex_lock(&tkc_load_mutex);
  *loaded = find_loaded(variant, device->context);
  if (!*loaded) {
    node = (tkc_loaded_module *)calloc(1, sizeof *node);
    if (!node) {
      status = tkc_fail(TKC_ERROR_OUT_OF_MEMORY,
                        "out of memory caching a module of %s", variant->entry);
    } else {
      status = vendor_load(device, variant, node);
      if (status == TKC_SUCCESS) {
        node->context = device->context;
        node->next = (tkc_loaded_module *)variant->state->loaded;
        TKC_STORE_RELEASE(&variant->state->loaded, (void *)node);
        *loaded = node;
      } else {
        free(node);
      }
    }
  }
  pthread_mutex_unlock(&tkc_load_mutex);
  return status;
}

tkc_status tkc_load_variant(const tkc_device *device,
                            const tkc_variant *variant) {
  const tkc_loaded_module *loaded;
  if (!device || !variant)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_load_variant: NULL");
  return get_loaded(device, variant, &loaded);
}

/*===--------------------------------------------------------------------===*/
/* Launch                                                                   */
/*===--------------------------------------------------------------------===*/

/** The largest grid per dimension both vendors accept (CUDA: x < 2^31, y
 *  and z <= 65535; HIP checks its work-item limit itself). */
static const int64_t tkc_grid_limit[3] = {2147483647, 65535, 65535};

tkc_status tkc_launch(const tkc_device *device, const tkc_variant *variant,
                      const int64_t grid[3], tkc_stream stream,
                      void **kernel_params) {
  unsigned blocks[3];
  const tkc_loaded_module *loaded;
  tkc_status status;
  int d, empty = 0;
  if (!device || !variant || !grid)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_launch: NULL");
  for (d = 0; d < 3; ++d) {
    if (grid[d] < 0 || grid[d] > tkc_grid_limit[d])
      return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                      "%s: grid (%lld, %lld, %lld): dimension %d must be in "
                      "[0, %lld]",
                      variant->entry, (long long)grid[0], (long long)grid[1],
                      (long long)grid[2], d, (long long)tkc_grid_limit[d]);
    if (grid[d] == 0)
      empty = 1;
    blocks[d] = (unsigned)grid[d];
  }
  if (empty)
    return TKC_SUCCESS; /* Nothing to do, like an empty tensor. */
  status = get_loaded(device, variant, &loaded);
  if (status != TKC_SUCCESS)
    return status;
  switch (variant->backend) {
  case TKC_BACKEND_CUDA:
    return tkc_cuda_launch(device, variant, loaded->function,
                           loaded->shared_bytes, blocks, stream, kernel_params);
  case TKC_BACKEND_HIP:
    return tkc_hip_launch(device, variant, loaded->function,
                          loaded->shared_bytes, blocks, stream, kernel_params);
  }
  return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "%s: unknown backend %d",
                  variant->arch, (int)variant->backend);
}

tkc_status tkc_invalid_config(const char *kernel, int config, int num_configs) {
  return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                  "%s: config %d is out of range (the kernel has %d)", kernel,
                  config, num_configs);
}

/*===--------------------------------------------------------------------===*/
/* Grid arithmetic                                                          */
/*===--------------------------------------------------------------------===*/

/** Records the first grid error in `*status`; returns 0. */
static int64_t grid_error(tkc_status *status, const char *what) {
  if (*status == TKC_SUCCESS)
    *status = tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "grid expression: %s", what);
  return 0;
}

int64_t tkc_grid_add(tkc_status *status, int64_t a, int64_t b) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
    return grid_error(status, "integer overflow in +");
  return a + b;
}

int64_t tkc_grid_sub(tkc_status *status, int64_t a, int64_t b) {
  if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b))
    return grid_error(status, "integer overflow in -");
  return a - b;
}

int64_t tkc_grid_mul(tkc_status *status, int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN))
    return grid_error(status, "integer overflow in *");
  if (a > 0 ? (b > 0 ? a > INT64_MAX / b : b < INT64_MIN / a)
            : (b > 0 ? a < INT64_MIN / b : a < INT64_MAX / b))
    return grid_error(status, "integer overflow in *");
  return a * b;
}

int64_t tkc_grid_div(tkc_status *status, int64_t a, int64_t b) {
  if (b == 0)
    return grid_error(status, "division by zero");
  if (a == INT64_MIN && b == -1)
    return grid_error(status, "integer overflow in /");
  return a / b;
}

int64_t tkc_grid_mod(tkc_status *status, int64_t a, int64_t b) {
  if (b == 0)
    return grid_error(status, "remainder by zero");
  if (b == -1)
    return 0;
  return a % b;
}

int64_t tkc_grid_neg(tkc_status *status, int64_t a) {
  if (a == INT64_MIN)
    return grid_error(status, "integer overflow in unary -");
  return -a;
}

int64_t tkc_grid_cdiv(tkc_status *status, int64_t a, int64_t b) {
  int64_t q;
  if (b <= 0)
    return grid_error(status, "cdiv by a divisor that is not positive");
  q = a / b;
  if (a % b > 0)
    ++q;
  return q;
}

int64_t tkc_grid_u64(tkc_status *status, uint64_t a) {
  if (a > (uint64_t)INT64_MAX)
    return grid_error(status, "unsigned argument too large");
  return (int64_t)a;
}
