/* first_call_bench.c: what compressed binaries add to a kernel's first use
 * on a GPU. After the driver, device and context are set up (by preloading
 * vector_add), it times matmul_fp16_tc_preload(0), the first load of every
 * matmul_fp16_tc variant that runs on device 0 (on an H100, 24 sm_90a
 * cubins from one zstd frame of 484,800 bytes, the largest pack tkc ships),
 * or the same for matmul_fp16_tc_plain, the same kernel embedded without
 * compression. Their difference is the one decompression of the pack.
 * Usage: first_call_bench compressed|plain (one measurement per process, so
 * that each is a real first load; run both several times, alternating). */
#define _POSIX_C_SOURCE 200809L

#include "matmul_fp16_tc.h"
#include "matmul_fp16_tc_plain.h"
#include "vector_add.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/** Milliseconds on a monotonic clock. */
static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  int plain;
  double start, elapsed;
  tkc_status status;
  if (argc != 2 ||
      (strcmp(argv[1], "plain") != 0 && strcmp(argv[1], "compressed") != 0)) {
    fprintf(stderr, "usage: %s compressed|plain\n", argv[0]);
    return 2;
  }
  plain = strcmp(argv[1], "plain") == 0;
  status = vector_add_preload(0);
  if (status != TKC_SUCCESS) {
    fprintf(stderr, "vector_add_preload: %s\n", tkc_last_error());
    return 1;
  }
  start = now_ms();
  status = plain ? matmul_fp16_tc_plain_preload(0) : matmul_fp16_tc_preload(0);
  elapsed = now_ms() - start;
  if (status != TKC_SUCCESS) {
    fprintf(stderr, "preload: %s\n", tkc_last_error());
    return 1;
  }
  printf("%-10s first load of matmul_fp16_tc on device 0: %.3f ms\n", argv[1],
         elapsed);
  return 0;
}
