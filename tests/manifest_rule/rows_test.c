/* Checks the C API that triton_kernel(decorators = True, manifest = ...)
 * generated for rows.py (BUILD): both decorator configs ship, under the
 * names rows.decorators.json gives them. Needs no GPU. */
#include <stdio.h>

#include "rows.h"

int main(void) {
  if (rows_num_configs() != 2) {
    printf("FAIL: rows_num_configs() = %d, expected 2\n", rows_num_configs());
    return 1;
  }
  printf("PASS\n");
  return 0;
}
