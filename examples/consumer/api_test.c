/* Checks the generated C API of this workspace's kernels without a GPU: the
 * config counts the rule compiled, and argument checks that fail before any
 * driver is needed. */
#include "relu.h"
#include "scale.h"

#include <stdio.h>

static int failures = 0;

static void expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FAIL: %s\n", what);
    ++failures;
  }
}

int main(void) {
  expect(relu_num_configs() == 1, "relu has one config");
  expect(scale_num_configs() == 2, "scale has its manifest's two configs");
  expect(scale_config(NULL, 7, NULL, NULL, 2.0f, 16) ==
             TKC_ERROR_INVALID_ARGUMENT,
         "scale_config rejects config 7");
  expect(TKC_ABI_VERSION == 4, "the runtime ABI the header was made for");
  if (failures == 0)
    printf("PASS\n");
  return failures == 0 ? 0 : 1;
}
