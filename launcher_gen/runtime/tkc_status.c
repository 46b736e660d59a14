/* tkc_status.c: how the tkc runtime reports failures: the static string of
 * each tkc_status, the thread-local reason of the calling thread's last
 * failure (tkc_last_error, set by tkc_fail) and the names of drivers' error
 * codes in those reasons. The bottom layer of the runtime: it calls no
 * other part. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"

#include <stdarg.h>
#include <stdio.h>

#if defined(__GNUC__)
#define TKC_THREAD_LOCAL __thread
#else
#error "tkc_runtime needs GCC-style thread-local storage and atomics"
#endif

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

const char *tkc_error_name(const char *name, const char *api, int code) {
  static TKC_THREAD_LOCAL char unnamed[32];
  if (name && name[0])
    return name;
  snprintf(unnamed, sizeof unnamed, "%s error %d", api, code);
  return unnamed;
}
