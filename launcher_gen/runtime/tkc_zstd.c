/* tkc_zstd.c: the zstd decompressor of the packs tkc-launcher-gen writes
 * (one frame with its content size and a checksum). It is the runtime's only
 * use of libzstd, in an object of its own: a program links libzstd's
 * decompressor only when one of its launchers names tkc_zstd_decompress, that
 * is, holds compressed binaries. */
#include "tkc_runtime.h"

#include <stdio.h>
#include <zstd.h>

int tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                        void *out, size_t size, char *reason,
                        size_t reason_size) {
  unsigned long long content =
      ZSTD_getFrameContentSize(compressed, compressed_size);
  size_t written;
  if (content == ZSTD_CONTENTSIZE_ERROR) {
    snprintf(reason, reason_size, "not a zstd frame");
    return 1;
  }
  if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != size) {
    snprintf(reason, reason_size,
             "the zstd frame holds %llu bytes, the launcher expects %zu",
             content, size);
    return 1;
  }
  written = ZSTD_decompress(out, size, compressed, compressed_size);
  if (ZSTD_isError(written)) {
    snprintf(reason, reason_size, "zstd: %s", ZSTD_getErrorName(written));
    return 1;
  }
  if (written != size) {
    snprintf(reason, reason_size,
             "the zstd frame holds %zu bytes, the launcher expects %zu",
             written, size);
    return 1;
  }
  return 0;
}
