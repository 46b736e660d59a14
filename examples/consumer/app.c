/* A plain-C program using two kernels of this workspace through the C entry
 * points tkc generated. Without a GPU it says why it cannot run them. */
#include "relu.h"
#include "scale.h"

#include <stdio.h>

int main(void) {
  float x[4] = {-1.0f, 2.0f, -3.0f, 4.0f};
  /* Host pointers are a placeholder: a real caller passes device memory and
   * its stream; with no driver the call returns before touching them. */
  tkc_status status = relu(NULL, x, x, 4);
  printf("relu: %s%s%s\n", tkc_status_string(status),
         status == TKC_SUCCESS ? "" : ": ", status == TKC_SUCCESS ? "" :
         tkc_last_error());
  printf("scale: %d configs\n", scale_num_configs());
  return 0;
}
