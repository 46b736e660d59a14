//===- BlobPacks.h - How a launcher embeds its variants' binaries -*- C++ -*-=//
//
// The generated NAME.c embeds each variant's cubin/hsaco either as it is (one
// byte array per variant, `--no-compress`) or compressed: the binaries of one
// vendor (all the CUDA variants, all the HIP variants) back to back in one
// zstd frame, a "pack", which the runtime decompresses once, at the first
// load of any of its variants (tkc_blob_pack in runtime/tkc_runtime.h). One
// frame per vendor packs the shipped kernels within 0.3% of one frame per
// library, and a process decompresses only its own vendor's code. A vendor
// whose binaries exceed a bound gets one frame per architecture instead, so
// that no first load decompresses much more than its device runs.
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

/// The default bound on a vendor's pack: 512 KiB decompress in about 0.45 ms
/// at zstd's ~1.1 GB/s, within the 1 ms a first call may add.
constexpr size_t kMaxPackBytes = 512 * 1024;

/// How tkc-launcher-gen embeds the binaries.
struct BlobOptions {
  /// In zstd frames (packs); false: one array per binary, as it is.
  bool compress = true;
  /// A vendor whose binaries exceed this many bytes gets one pack per
  /// architecture.
  size_t maxPackBytes = kMaxPackBytes;
};

/// One zstd frame holding the binaries of several variants back to back.
struct BlobPack {
  /// The vendor ("cuda" or "hip") of every variant in it.
  std::string backend;
  /// The one architecture of its variants when the vendor's binaries were
  /// split per architecture, else empty.
  std::string arch;
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
/// `maxPackBytes`), and compresses each group into one frame (with its
/// content size and a checksum). The frames depend only on the bytes and
/// libzstd's version.
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
