/* tkc_runtime.c: the vendor-neutral part of the tkc runtime: the choice of
 * the vendor (tkc_set_vendor, TKC_VENDOR, automatic) and among a kernel's
 * variants, the devices' architectures (resolved once per device), the
 * per-(variant, context) module cache with the dynamic shared memory each
 * module launches with, grid validation and the checked grid arithmetic that
 * generated launchers evaluate. It reaches the vendors only through their
 * tables of operations (tkc_vendor_ops), looping over tkc_vendors; never by
 * name. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--------------------------------------------------------------------===*/
/* Vendors                                                                  */
/*===--------------------------------------------------------------------===*/

/** The vendors, in the automatic choice's order of preference. */
static const tkc_vendor_ops *const tkc_vendors[] = {&tkc_cuda_ops,
                                                    &tkc_hip_ops};
enum { TKC_NUM_VENDORS = sizeof tkc_vendors / sizeof tkc_vendors[0] };

const tkc_vendor_ops *tkc_vendor_of(tkc_backend backend) {
  int i;
  for (i = 0; i < TKC_NUM_VENDORS; ++i)
    if (tkc_vendors[i]->backend == backend)
      return tkc_vendors[i];
  return NULL;
}

/** The vendor that `vendor` (a tkc_vendor) names, or NULL. */
static const tkc_vendor_ops *vendor_by_id(int vendor) {
  int i;
  for (i = 0; i < TKC_NUM_VENDORS; ++i)
    if ((int)tkc_vendors[i]->vendor == vendor)
      return tkc_vendors[i];
  return NULL;
}

/** The vendor whose TKC_VENDOR value is `name`, or NULL. */
static const tkc_vendor_ops *vendor_by_name(const char *name) {
  int i;
  for (i = 0; i < TKC_NUM_VENDORS; ++i)
    if (strcmp(tkc_vendors[i]->name, name) == 0)
      return tkc_vendors[i];
  return NULL;
}

/** Sets `*vendor` to the vendor of `variant` and `*driver` to its driver
 *  table, or fails (an unknown backend, the driver's failure). */
static tkc_status variant_vendor(const tkc_variant *variant,
                                 const tkc_vendor_ops **vendor,
                                 const void **driver) {
  *vendor = tkc_vendor_of(variant->backend);
  if (!*vendor)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "%s: unknown backend %d",
                    variant->arch, (int)variant->backend);
  return tkc_driver_get((*vendor)->loader, driver);
}

/** 1 if `vendor`'s driver loads and has a device. May set tkc_last_error(). */
static int has_device(const tkc_vendor_ops *vendor) {
  const void *driver = NULL;
  return tkc_driver_get(vendor->loader, &driver) == TKC_SUCCESS &&
         vendor->has_device(driver);
}

/*===--------------------------------------------------------------------===*/
/* Vendor choice                                                            */
/*===--------------------------------------------------------------------===*/

/** tkc_set_vendor's value (a tkc_vendor). */
static int tkc_forced_vendor = TKC_VENDOR_AUTO;
/** What was decided from TKC_VENDOR and the drivers; it holds while
 *  tkc_vendor_generation is tkc_driver_generation() (until a test hook
 *  swaps a driver). */
static unsigned tkc_vendor_generation;
/** TKC_VENDOR as read once: -1 not read yet, else a tkc_vendor, or
 *  TKC_VENDOR_BAD_ENV for a value that names no vendor (kept in
 *  tkc_env_vendor_text). */
static int tkc_env_vendor = -1;
static char tkc_env_vendor_text[32];
/** The automatic choice when a kernel has several vendors: a tkc_vendor, or
 *  TKC_VENDOR_AUTO when not probed yet. */
static int tkc_auto_vendor = TKC_VENDOR_AUTO;
static pthread_mutex_t tkc_vendor_mutex = PTHREAD_MUTEX_INITIALIZER;

enum { TKC_VENDOR_BAD_ENV = -2 };

tkc_status tkc_set_vendor(tkc_vendor vendor) {
  if (vendor != TKC_VENDOR_AUTO && !vendor_by_id((int)vendor))
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "tkc_set_vendor: %d is not a tkc_vendor", (int)vendor);
  TKC_STORE_RELEASE(&tkc_forced_vendor, (int)vendor);
  return TKC_SUCCESS;
}

/** 1 if what was decided belongs to the drivers now in use. */
static int decided_now(void) {
  return TKC_LOAD_ACQUIRE(&tkc_vendor_generation) == tkc_driver_generation();
}

/** Forgets what was decided under other drivers; under tkc_vendor_mutex. */
static void forget_stale_choice(void) {
  unsigned generation = tkc_driver_generation();
  if (tkc_vendor_generation == generation)
    return;
  TKC_STORE_RELEASE(&tkc_env_vendor, -1);
  TKC_STORE_RELEASE(&tkc_auto_vendor, (int)TKC_VENDOR_AUTO);
  TKC_STORE_RELEASE(&tkc_vendor_generation, generation);
}

/** TKC_VENDOR, read once per process. */
static int env_vendor(void) {
  int value = TKC_LOAD_ACQUIRE(&tkc_env_vendor);
  if (value != -1 && decided_now())
    return value;
  pthread_mutex_lock(&tkc_vendor_mutex);
  forget_stale_choice();
  value = tkc_env_vendor;
  if (value == -1) {
    const char *text = getenv("TKC_VENDOR");
    const tkc_vendor_ops *named = text ? vendor_by_name(text) : NULL;
    if (!text || !text[0] || strcmp(text, "auto") == 0)
      value = TKC_VENDOR_AUTO;
    else if (named)
      value = (int)named->vendor;
    else {
      value = TKC_VENDOR_BAD_ENV;
      snprintf(tkc_env_vendor_text, sizeof tkc_env_vendor_text, "%s", text);
    }
    TKC_STORE_RELEASE(&tkc_env_vendor, value);
  }
  pthread_mutex_unlock(&tkc_vendor_mutex);
  return value;
}

/** With several vendors compiled in: the first vendor, in tkc_vendors'
 *  order, that has a device, else the last (not probed); decided once per
 *  process. The probes' failure reasons are not reported: the chosen
 *  vendor's own calls say what is wrong. */
static int auto_vendor(void) {
  char saved[512];
  int i, value = TKC_LOAD_ACQUIRE(&tkc_auto_vendor);
  if (value != TKC_VENDOR_AUTO && decided_now())
    return value;
  snprintf(saved, sizeof saved, "%s", tkc_last_error());
  pthread_mutex_lock(&tkc_vendor_mutex);
  forget_stale_choice();
  value = tkc_auto_vendor;
  if (value == TKC_VENDOR_AUTO) {
    for (i = 0; i + 1 < TKC_NUM_VENDORS && !has_device(tkc_vendors[i]); ++i)
      continue;
    value = (int)tkc_vendors[i]->vendor;
    TKC_STORE_RELEASE(&tkc_auto_vendor, value);
  }
  pthread_mutex_unlock(&tkc_vendor_mutex);
  tkc_fail(TKC_SUCCESS, "%s", saved);
  return value;
}

/** Chooses the vendor for a kernel whose variants use `backends`. */
static tkc_status choose_vendor(unsigned backends,
                                const tkc_vendor_ops **chosen) {
  int i, vendor = TKC_LOAD_ACQUIRE(&tkc_forced_vendor);
  unsigned known = 0;
  const char *source = "tkc_set_vendor()", *compiled = "another vendor";
  if (vendor == TKC_VENDOR_AUTO) {
    vendor = env_vendor();
    source = "TKC_VENDOR";
  }
  if (vendor == TKC_VENDOR_BAD_ENV)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "TKC_VENDOR=%s: expected cuda, hip or auto",
                    tkc_env_vendor_text);
  if (vendor == TKC_VENDOR_AUTO) {
    /* One vendor's variants: that vendor; several: the automatic choice. */
    *chosen = tkc_vendor_of((tkc_backend)backends);
    if (*chosen)
      return TKC_SUCCESS;
    for (i = 0; i < TKC_NUM_VENDORS; ++i)
      known |= (unsigned)tkc_vendors[i]->backend;
    if (!backends || (backends & ~known))
      return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc: bad backend set %u",
                      backends);
    vendor = auto_vendor();
  }
  *chosen = vendor_by_id(vendor);
  if (backends & (unsigned)(*chosen)->backend)
    return TKC_SUCCESS;
  for (i = 0; i < TKC_NUM_VENDORS; ++i)
    if (backends & (unsigned)tkc_vendors[i]->backend)
      compiled = tkc_vendors[i]->title;
  return tkc_fail(TKC_ERROR_NO_VARIANT,
                  "the vendor is forced to %s by %s, but this kernel was "
                  "compiled only for %s",
                  (*chosen)->title, source, compiled);
}

/*===--------------------------------------------------------------------===*/
/* Devices and variant choice                                               */
/*===--------------------------------------------------------------------===*/

/** Completes `device`, whose ordinal and context `vendor` resolved: its
 *  backend and its architecture (read from the driver once per device). */
static tkc_status describe_device(const tkc_vendor_ops *vendor,
                                  const void *driver, tkc_device *device) {
  tkc_status status;
  device->backend = vendor->backend;
  if (tkc_driver_known_arch(vendor->loader, device))
    return TKC_SUCCESS;
  status = vendor->device_arch(driver, device);
  if (status == TKC_SUCCESS)
    tkc_driver_keep_arch(vendor->loader, device);
  return status;
}

/** Resolves the calling thread's device (`ordinal` -1) or device `ordinal`
 *  of the vendor chosen for `backends` into the zeroed `device`. */
static tkc_status resolve_device(unsigned backends, int ordinal,
                                 tkc_device *device) {
  const tkc_vendor_ops *vendor = NULL;
  const void *driver = NULL;
  tkc_status status = choose_vendor(backends, &vendor);
  if (status == TKC_SUCCESS)
    status = tkc_driver_get(vendor->loader, &driver);
  if (status == TKC_SUCCESS)
    status = ordinal < 0 ? vendor->current_device(driver, device)
                         : vendor->device_for_ordinal(driver, ordinal, device);
  if (status == TKC_SUCCESS)
    status = describe_device(vendor, driver, device);
  return status;
}

tkc_status tkc_current_device(unsigned backends, tkc_device *device) {
  if (!device)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_current_device: NULL");
  memset(device, 0, sizeof *device);
  return resolve_device(backends, -1, device);
}

tkc_status tkc_device_for_ordinal(unsigned backends, int ordinal,
                                  tkc_device *device) {
  if (!device)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_device_for_ordinal: NULL");
  memset(device, 0, sizeof *device);
  if (ordinal < 0)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "device ordinal %d is negative",
                    ordinal);
  return resolve_device(backends, ordinal, device);
}

int tkc_variant_arch_rank(const tkc_device *device,
                          const tkc_variant *variant) {
  const tkc_vendor_ops *vendor;
  if (!device || !variant || device->backend != variant->backend)
    return -1;
  vendor = tkc_vendor_of(variant->backend);
  return vendor ? vendor->arch_rank(device, variant) : -1;
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

/** The dynamic shared memory to launch `variant` with on `device`: its
 *  own, or padded to its max_blocks_per_sm (see tkc_launch_shared_bytes). */
static tkc_status launch_shared_bytes(const tkc_vendor_ops *vendor,
                                      const void *driver,
                                      const tkc_device *device,
                                      const tkc_variant *variant,
                                      unsigned *shared_bytes) {
  unsigned per_sm = 0, reserved = 0;
  tkc_status status;
  *shared_bytes = variant->shared_bytes;
  if (!variant->max_blocks_per_sm)
    return TKC_SUCCESS;
  status = vendor->shared_memory(driver, device, variant, &per_sm, &reserved);
  if (status == TKC_SUCCESS)
    *shared_bytes = tkc_launch_shared_bytes(variant, per_sm, reserved,
                                            vendor->shared_granule);
  return status;
}

/** Loads `variant` for `device` into `node` through its vendor (its binary
 *  decompressed first if it is in a pack). */
static tkc_status vendor_load(const tkc_device *device,
                              const tkc_variant *variant,
                              tkc_loaded_module *node) {
  const tkc_vendor_ops *vendor = NULL;
  const void *driver = NULL;
  const unsigned char *image = NULL;
  tkc_status status = variant_vendor(variant, &vendor, &driver);
  if (status == TKC_SUCCESS)
    status = launch_shared_bytes(vendor, driver, device, variant,
                                 &node->shared_bytes);
  if (status == TKC_SUCCESS)
    status = tkc_variant_image(variant, &image);
  if (status == TKC_SUCCESS)
    status = vendor->load(driver, device, variant, image, node->shared_bytes,
                          &node->module, &node->function);
  return status;
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

/** The most arguments and tensor maps a variant's launch passes. */
enum { TKC_MAX_LAUNCH_ARGS = 256, TKC_MAX_TENSOR_MAPS = 16 };

/** Launches `variant` with its tensor maps, encoded from `kernel_params`,
 *  passed after its arguments. */
static tkc_status launch_with_tensor_maps(
    const tkc_vendor_ops *vendor, const void *driver,
    const tkc_variant *variant, const tkc_loaded_module *loaded,
    const unsigned blocks[3], tkc_stream stream, void **kernel_params) {
  /* 128 bytes each, 64-byte aligned as the driver wants them. */
  unsigned char storage[TKC_MAX_TENSOR_MAPS * 128 + 64];
  unsigned char *maps = storage + ((64 - (uintptr_t)storage % 64) % 64);
  void *params[TKC_MAX_LAUNCH_ARGS];
  int i, num_args = variant->num_args, num_maps = variant->num_tensor_maps;
  if (!vendor->encode_tensor_map || num_maps > TKC_MAX_TENSOR_MAPS ||
      num_args < 0 || num_args + num_maps > TKC_MAX_LAUNCH_ARGS)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "%s: %d arguments and %d tensor maps cannot be passed "
                    "on %s",
                    variant->entry, num_args, num_maps, vendor->title);
  for (i = 0; i < num_args; ++i)
    params[i] = kernel_params[i];
  for (i = 0; i < num_maps; ++i) {
    void *map = maps + 128 * i;
    tkc_status status = vendor->encode_tensor_map(
        driver, map, &variant->tensor_maps[i], kernel_params);
    if (status != TKC_SUCCESS)
      return status;
    params[num_args + i] = map;
  }
  return vendor->launch(driver, variant, loaded->function, loaded->shared_bytes,
                        blocks, stream, params);
}

tkc_status tkc_launch(const tkc_device *device, const tkc_variant *variant,
                      const int64_t grid[3], tkc_stream stream,
                      void **kernel_params) {
  unsigned blocks[3];
  const tkc_loaded_module *loaded;
  const tkc_vendor_ops *vendor = NULL;
  const void *driver = NULL;
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
  if (status == TKC_SUCCESS)
    status = variant_vendor(variant, &vendor, &driver);
  if (status != TKC_SUCCESS)
    return status;
  if (variant->num_tensor_maps > 0)
    return launch_with_tensor_maps(vendor, driver, variant, loaded, blocks,
                                   stream, kernel_params);
  return vendor->launch(driver, variant, loaded->function, loaded->shared_bytes,
                        blocks, stream, kernel_params);
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

int64_t tkc_grid_floordiv(tkc_status *status, int64_t a, int64_t b) {
  int64_t q;
  if (b == 0)
    return grid_error(status, "division by zero");
  if (a == INT64_MIN && b == -1)
    return grid_error(status, "integer overflow in //");
  q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return q;
}

int64_t tkc_grid_floormod(tkc_status *status, int64_t a, int64_t b) {
  int64_t r;
  if (b == 0)
    return grid_error(status, "remainder by zero");
  if (b == -1)
    return 0;
  r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

int64_t tkc_grid_min(tkc_status *status, int64_t a, int64_t b) {
  (void)status;
  return a < b ? a : b;
}

int64_t tkc_grid_max(tkc_status *status, int64_t a, int64_t b) {
  (void)status;
  return a > b ? a : b;
}

int64_t tkc_grid_next_pow2(tkc_status *status, int64_t a) {
  int64_t p = 1;
  if (a <= 0)
    return 0;
  if (a > (INT64_C(1) << 62))
    return grid_error(status, "integer overflow in next_power_of_2");
  while (p < a)
    p <<= 1;
  return p;
}

int tkc_heuristic_is(tkc_status *status, const char *kernel, const char *name,
                     const char *expr, int64_t value, int64_t expected) {
  static const char prefix[] = "grid expression: ";
  char reason[256];
  const char *why;
  if (*status == TKC_SUCCESS)
    return value == expected;
  why = tkc_last_error();
  if (strncmp(why, prefix, sizeof prefix - 1) == 0)
    why += sizeof prefix - 1;
  snprintf(reason, sizeof reason, "%s", why);
  tkc_fail(*status, "%s: heuristic %s (%s): %s", kernel, name, expr, reason);
  return 0;
}
