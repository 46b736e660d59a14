/* tkc_pack.c: the binaries a launcher embeds compressed (tkc_blob_pack).
 * A pack is decompressed the first time a load needs one of its variants,
 * once per process: under one mutex, published with a release store, so
 * that later loads read it without the lock. A pack that fails to
 * decompress is not remembered: the failure is reported, and a later load
 * tries again. The decompressed bytes stay for the life of the process
 * (every context or device that loads a variant later reads them). */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"

#include <pthread.h>
#include <stdlib.h>

/** Serializes the decompression of packs. */
static pthread_mutex_t tkc_pack_mutex = PTHREAD_MUTEX_INITIALIZER;

/** Decompresses `pack` into a new buffer, published in pack->state. */
static tkc_status decompress_pack(const tkc_blob_pack *pack) {
  char reason[256];
  unsigned char *bytes;
  if (!pack->decompress || !pack->state || !pack->compressed)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "%s: the pack has no decompressor, state or bytes",
                    pack->what);
  bytes = (unsigned char *)malloc(pack->size ? pack->size : 1);
  if (!bytes)
    return tkc_fail(TKC_ERROR_OUT_OF_MEMORY,
                    "out of memory decompressing %s (%zu bytes)", pack->what,
                    pack->size);
  reason[0] = '\0';
  if (pack->decompress(pack->compressed, pack->compressed_size, bytes,
                       pack->size, reason, sizeof reason) != 0) {
    free(bytes);
    return tkc_fail(TKC_ERROR_MODULE_LOAD,
                    "%s cannot be decompressed (%zu compressed bytes, %zu "
                    "expected): %s",
                    pack->what, pack->compressed_size, pack->size,
                    reason[0] ? reason : "corrupt data");
  }
  TKC_STORE_RELEASE(&pack->state->bytes, (void *)bytes);
  return TKC_SUCCESS;
}

tkc_status tkc_variant_image(const tkc_variant *variant,
                             const unsigned char **image) {
  const tkc_blob_pack *pack = variant->pack;
  tkc_status status = TKC_SUCCESS;
  void *bytes;
  if (!pack) {
    *image = variant->binary;
    if (!*image)
      return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                      "%s variant of %s has no binary", variant->arch,
                      variant->entry);
    return TKC_SUCCESS;
  }
  if (variant->pack_offset > pack->size ||
      variant->binary_size > pack->size - variant->pack_offset)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "%s variant of %s: bytes [%zu, +%zu) lie outside %s (%zu "
                    "bytes)",
                    variant->arch, variant->entry, variant->pack_offset,
                    variant->binary_size, pack->what, pack->size);
  bytes = pack->state ? TKC_LOAD_ACQUIRE(&pack->state->bytes) : NULL;
  if (!bytes) {
    pthread_mutex_lock(&tkc_pack_mutex);
    if (!pack->state || !pack->state->bytes)
      status = decompress_pack(pack);
    pthread_mutex_unlock(&tkc_pack_mutex);
    if (status != TKC_SUCCESS)
      return status;
    bytes = TKC_LOAD_ACQUIRE(&pack->state->bytes);
  }
  *image = (const unsigned char *)bytes + variant->pack_offset;
  return TKC_SUCCESS;
}
