/* A plain-C program using two kernels of this workspace through the C entry
 * points tkc generated: it checks that they can run on this machine, and
 * without a GPU says why not. */
#include "relu.h"
#include "scale.h"

#include <stdio.h>

int main(void) {
  /* An empty launch (n = 0 launches nothing): it loads the driver and picks
   * the variant for this GPU, so it says whether the kernels can run here.
   * A real caller passes device memory, its length and its stream. */
  tkc_status status = relu(NULL, NULL, NULL, 0);
  printf("relu: %s%s%s\n", tkc_status_string(status),
         status == TKC_SUCCESS ? "" : ": ", status == TKC_SUCCESS ? "" :
         tkc_last_error());
  printf("scale: %d configs\n", scale_num_configs());
  return 0;
}
