/* tkc_driver_loader.c: the once-only loading of a vendor's driver library
 * (tkc_driver_loader): dlopen of the first library that loads, dlsym of
 * every symbol into the vendor's function table and the vendor's init call,
 * double-checked under the loader's mutex, with a failure kept for every
 * later call; the architecture of each device as first resolved; and the
 * test hooks' swap of a driver, counted in generations. The same for every
 * vendor: what differs (libraries, symbols, init) is in the loader the
 * vendor part defines. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

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
  for (i = 0; i < loader->num_optional_symbols; ++i) {
    void *symbol = dlsym(handle, loader->optional_symbols[i].name);
    memcpy((char *)loader->loaded + loader->optional_symbols[i].offset, &symbol,
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

/*===--------------------------------------------------------------------===*/
/* Test hooks                                                               */
/*===--------------------------------------------------------------------===*/

/** tkc_driver_generation's count. */
static unsigned tkc_driver_swaps;

/** Forgets the loaded library and what was learned from it, so that the
 *  next call loads again. */
static void reset(tkc_driver_loader *loader) {
  int i;
  pthread_mutex_lock(&loader->mutex);
  TKC_STORE_RELEASE(&loader->state, TKC_DRIVER_UNTRIED);
  loader->active = NULL;
  for (i = 0; i < TKC_MAX_KNOWN_DEVICES; ++i)
    TKC_STORE_RELEASE(&loader->devices[i].known, 0);
  if (loader->forget)
    loader->forget();
  pthread_mutex_unlock(&loader->mutex);
  __atomic_add_fetch(&tkc_driver_swaps, 1u, __ATOMIC_ACQ_REL);
}

void tkc_driver_set_test_table(tkc_driver_loader *loader, const void *table) {
  loader->test_table = table;
  reset(loader);
}

void tkc_driver_set_test_library(tkc_driver_loader *loader,
                                 const char *library) {
  loader->test_library = library;
  reset(loader);
}

unsigned tkc_driver_generation(void) {
  return TKC_LOAD_ACQUIRE(&tkc_driver_swaps);
}

/*===--------------------------------------------------------------------===*/
/* Devices                                                                  */
/*===--------------------------------------------------------------------===*/

int tkc_driver_known_arch(tkc_driver_loader *loader, tkc_device *device) {
  const tkc_known_arch *known;
  if (device->ordinal < 0 || device->ordinal >= TKC_MAX_KNOWN_DEVICES)
    return 0;
  known = &loader->devices[device->ordinal];
  if (!TKC_LOAD_ACQUIRE(&known->known))
    return 0;
  device->arch_major = known->arch_major;
  device->arch_minor = known->arch_minor;
  memcpy(device->arch, known->arch, sizeof device->arch);
  return 1;
}

void tkc_driver_keep_arch(tkc_driver_loader *loader, const tkc_device *device) {
  tkc_known_arch *known;
  if (device->ordinal < 0 || device->ordinal >= TKC_MAX_KNOWN_DEVICES)
    return;
  known = &loader->devices[device->ordinal];
  pthread_mutex_lock(&loader->mutex);
  if (!known->known) {
    known->arch_major = device->arch_major;
    known->arch_minor = device->arch_minor;
    memcpy(known->arch, device->arch, sizeof known->arch);
    TKC_STORE_RELEASE(&known->known, 1);
  }
  pthread_mutex_unlock(&loader->mutex);
}
