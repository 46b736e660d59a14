/* Checks the C API that triton_kernel(manifest = ...) generated (BUILD): the
 * library ships as many configs as it compiled. Built twice: for add (both
 * configs of add.json) and, with -DFILTERED, for add_small (only the config
 * its `configs` attribute names). Needs no GPU: only the config count is
 * read. */
#include <stdio.h>

#ifdef FILTERED
#include "add_small.h"
#define NUM_CONFIGS add_small_num_configs
#define NUM_CONFIGS_NAME "add_small_num_configs"
#define EXPECTED 1
#else
#include "add.h"
#define NUM_CONFIGS add_num_configs
#define NUM_CONFIGS_NAME "add_num_configs"
#define EXPECTED 2
#endif

int main(void) {
  if (NUM_CONFIGS() != EXPECTED) {
    printf("FAIL: %s() = %d, expected %d\n", NUM_CONFIGS_NAME, NUM_CONFIGS(),
           EXPECTED);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
