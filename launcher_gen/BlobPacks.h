//===- BlobPacks.h - How a launcher embeds its variants' binaries -*- C++ -*-=//
//
// The generated NAME.c embeds each variant's cubin/hsaco either as it is (one
// byte array per variant, `--no-compress`) or compressed: the binaries of one
// vendor (all the CUDA variants, all the HIP variants) back to back in zstd
// frames, "packs", each of which the runtime decompresses once, at the first
// load of any of its variants (tkc_blob_pack in runtime/tkc_runtime.h). A
// vendor whose binaries exceed a bound (128 KiB) gets packs per architecture
// instead, and a pack over the bound is cut into parts of consecutive
// variants within it, so that a first call decompresses at most about that
// much (a fraction of a millisecond) while the bundle stays within 5% of one
// frame per vendor.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_BLOBPACKS_H
#define TKC_LAUNCHER_GEN_BLOBPACKS_H

#include "launcher_gen/Metadata.h"
#include "launcher_gen/Template.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tkc::launcher {

/// The zstd level of packs: the highest without --ultra's larger windows,
/// which the binaries of one library never need.
constexpr int kPackZstdLevel = 19;

/// The default bound on the decompressed bytes of one pack: 128 KiB
/// decompress in about 0.15 ms on the build machine (zstd ~1.1 GB/s plus the
/// page faults of the new buffer), well within the 1 ms a first call may
/// add; smaller parts lose more of the cross-variant redundancy (64 KiB:
/// the shipped bundle 5.25x smaller instead of 5.59x).
constexpr size_t kMaxPackBytes = 128 * 1024;

/// How tkc-launcher-gen embeds the binaries.
struct BlobOptions {
  /// In zstd frames (packs); false: one array per binary, as it is.
  bool compress = true;
  /// A vendor whose binaries exceed this many bytes gets packs per
  /// architecture, and a pack is cut into parts of at most this many bytes
  /// (a larger binary alone in its part).
  size_t maxPackBytes = kMaxPackBytes;
};

/// One zstd frame holding the binaries of several variants back to back.
struct BlobPack {
  /// The vendor ("cuda" or "hip") of every variant in it.
  std::string backend;
  /// The one architecture of its variants when the vendor's binaries were
  /// split per architecture, else empty.
  std::string arch;
  /// Which part of its (vendor, architecture) group it is, from 1, and how
  /// many parts the group was cut into (1: the whole group).
  size_t part = 1;
  size_t parts = 1;
  /// The variants it holds (indices into the list given to packBlobs), and
  /// each one's offset in the decompressed contents.
  std::vector<size_t> members;
  std::vector<size_t> offsets;
  /// The size of the decompressed contents, and the frame.
  size_t size = 0;
  std::vector<uint8_t> frame;
};

/// Groups `variants` by vendor, in the order each vendor first appears (by
/// vendor and architecture where a vendor's binaries exceed
/// `maxPackBytes`), cuts each group whose binaries exceed `maxPackBytes`
/// into parts of consecutive variants within the bound (greedily, in order),
/// and compresses each part into one frame (with its content size and a
/// checksum). The frames depend only on the bytes and libzstd's version.
llvm::Expected<std::vector<BlobPack>>
packBlobs(llvm::ArrayRef<const Variant *> variants,
          size_t maxPackBytes = kMaxPackBytes);

/// Fills the blob values of templates/kernel.c.in. `variantItems` are the
/// `variants` items of `values`, in the order of `variants` (their keys are
/// copied into the items of `blobs` and `pack_members`). Each variant gets
/// BINARY (its array, or NULL), PACK_REF (its pack, or NULL) and PACK_OFFSET;
/// `values` gets the lists `blobs` (one item per variant when not
/// compressed) and `packs` (one per pack otherwise, each with its
/// `pack_members`).
void fillBlobValues(llvm::StringRef name,
                    llvm::ArrayRef<const Variant *> variants,
                    llvm::ArrayRef<BlobPack> packs, bool compressed,
                    std::vector<TemplateValues> &variantItems,
                    TemplateValues &values);

/// Formats `bytes` as C initializer lines of 12 bytes each.
std::string formatBytes(llvm::ArrayRef<uint8_t> bytes);

/// Whether `variant`'s binary spills registers to memory, by its metadata
/// (`spill_bytes`, `vgpr_spill_count`, `sgpr_spill_count`); `what` is set
/// to how much ("356 bytes", "4 VGPRs, 0 SGPRs").
bool variantSpills(const Variant &variant, std::string &what);

/// The report tkc-launcher-gen writes with --report: per target, its
/// variants and their binaries' bytes (`<arch>: <N> variants, <B> blob
/// bytes`, in the order targets first appear); the total with the bytes
/// embedded (`packs` empty: not compressed); each pack; a table with one row
/// per variant in `variants`' order (stem, arch, registers, spills, shared
/// bytes, blob bytes); and a `warning:` line per variant that spills.
std::string formatVariantsReport(llvm::StringRef name,
                                 llvm::ArrayRef<const Variant *> variants,
                                 llvm::ArrayRef<BlobPack> packs);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_BLOBPACKS_H
