/* A C99 caller of one generated kernel API, built with -std=c99 -Wall -Wextra
 * -Werror together with the generated source (see compile_tests.bzl). It needs
 * no GPU: it checks the API's driver-independent entry points and, on a
 * machine without a CUDA driver, that a call fails with a readable reason
 * instead of crashing. KERNEL is defined on the command line (e.g.
 * -DKERNEL=vector_add); the header is KERNEL's generated header. */

#include <dlfcn.h>
#include <stdio.h>

#define TKC_STRINGIFY(x) #x
#define TKC_NAME(name) TKC_STRINGIFY(name)
#define TKC_HEADER_OF(name) TKC_STRINGIFY(name.h)
#define TKC_PASTE(a, b) a##b
#define TKC_API(name, suffix) TKC_PASTE(name, suffix)

#include TKC_HEADER_OF(KERNEL)

/** Checks the API; returns 0 when every check passes. */
int main(void) {
  const char *name = TKC_NAME(KERNEL);
  int configs = TKC_API(KERNEL, _num_configs)();
  void *driver;
  tkc_status status;

  if (configs < 1) {
    fprintf(stderr, "FAIL: %s_num_configs() = %d\n", name, configs);
    return 1;
  }
  if (tkc_status_string(TKC_SUCCESS) == NULL) {
    fprintf(stderr, "FAIL: tkc_status_string(TKC_SUCCESS) is NULL\n");
    return 1;
  }

  driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (driver != NULL) {
    printf("a CUDA driver is present: the no-driver check is skipped\n");
    dlclose(driver);
  } else {
    status = TKC_API(KERNEL, _preload)(0);
    if (status == TKC_SUCCESS) {
      fprintf(stderr, "FAIL: %s_preload succeeded without a driver\n", name);
      return 1;
    }
    if (tkc_last_error() == NULL || tkc_last_error()[0] == '\0') {
      fprintf(stderr, "FAIL: no reason given for status %d\n", (int)status);
      return 1;
    }
    printf("without a driver: %s: %s\n", tkc_status_string(status),
           tkc_last_error());
  }
  printf("PASS: %s, %d config(s)\n", name, configs);
  return 0;
}
