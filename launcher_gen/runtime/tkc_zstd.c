/* tkc_zstd.c: the zstd decompressor of the packs tkc-launcher-gen writes
 * (one frame with its content size and a checksum). It is the runtime's only
 * use of libzstd, in an object of its own: a program links libzstd's
 * decompressor only when one of its launchers names tkc_zstd_decompress, that
 * is, holds compressed binaries. One decompression context (about 96 KiB) is
 * created at the first decompression and reused by every later one, for the
 * life of the process: a first load that needs several packs (a preload)
 * pays for one context, not one per pack. */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime.h"

#include <pthread.h>
#include <stdio.h>
#include <zstd.h>

/** Serializes the use of tkc_zstd_context (the runtime already decompresses
 *  under its pack lock; this keeps the function safe on its own). */
static pthread_mutex_t tkc_zstd_mutex = PTHREAD_MUTEX_INITIALIZER;

/** The decompression context, created at the first decompression. */
static ZSTD_DCtx *tkc_zstd_context;

/** Decompresses one frame with the shared context (under tkc_zstd_mutex);
 *  returns what ZSTD_decompressDCtx returns, or 0 with *created set to 0 if
 *  the context cannot be created. */
static size_t decompress_shared(const void *compressed, size_t compressed_size,
                                void *out, size_t size, int *created) {
  size_t written = 0;
  pthread_mutex_lock(&tkc_zstd_mutex);
  if (!tkc_zstd_context)
    tkc_zstd_context = ZSTD_createDCtx();
  *created = tkc_zstd_context != NULL;
  if (*created)
    written = ZSTD_decompressDCtx(tkc_zstd_context, out, size, compressed,
                                  compressed_size);
  pthread_mutex_unlock(&tkc_zstd_mutex);
  return written;
}

int tkc_zstd_decompress(const void *compressed, size_t compressed_size,
                        void *out, size_t size, char *reason,
                        size_t reason_size) {
  unsigned long long content =
      ZSTD_getFrameContentSize(compressed, compressed_size);
  size_t written;
  int created;
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
  written = decompress_shared(compressed, compressed_size, out, size, &created);
  if (!created) {
    snprintf(reason, reason_size,
             "zstd: cannot create a decompression context (out of memory)");
    return 1;
  }
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
