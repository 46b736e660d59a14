/* api_test.c: the C API of //kernels:row_scale (a decorated kernel: configs
 * from @triton.autotune, EVEN_N from @triton.heuristics), compiled as strict
 * C99: two configs, and the heuristic's constexpr is not an argument. Without
 * a driver every call fails cleanly. */
#include "row_scale.h"

#include <stdio.h>

int main(void) {
  tkc_status status;
  if (row_scale_num_configs() != 2) {
    fprintf(stderr, "expected 2 configs, got %d\n", row_scale_num_configs());
    return 1;
  }
  /* x, out, n_rows, n_cols, scale: no BLOCK, no EVEN_N. */
  status = row_scale_config(NULL, 1, NULL, NULL, 4, 1000, 2.0f);
  if (status == TKC_SUCCESS) {
    fprintf(stderr, "a launch without a GPU succeeded\n");
    return 1;
  }
  printf("PASS (%s)\n", tkc_status_string(status));
  return 0;
}
