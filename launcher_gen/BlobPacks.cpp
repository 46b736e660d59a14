//===- BlobPacks.cpp - How a launcher embeds its variants' binaries -------===//
//
// Packs the variants' binaries into zstd frames (per vendor, or per vendor
// and architecture, cut into parts within a byte bound), fills the
// template values that embed them (raw arrays or packs), and formats the
// variants report (sizes before and after, registers, spills, shared memory).
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/BlobPacks.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <zstd.h>

#include <algorithm>
#include <map>
#include <memory>
#include <utility>

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// The vendor's name in the packs' descriptions.
StringRef vendorTitle(StringRef backend) {
  return backend == "cuda" ? "CUDA" : backend == "hip" ? "HIP" : backend;
}

/// What `pack` holds, for messages: "the CUDA binaries", "the CUDA sm_90a
/// binaries", "the CUDA sm_90a binaries (part 2 of 4)".
std::string packTitle(const BlobPack &pack) {
  std::string title = ("the " + vendorTitle(pack.backend) +
                       (pack.arch.empty() ? "" : " " + pack.arch) + " binaries")
                          .str();
  if (pack.parts > 1)
    title += " (part " + std::to_string(pack.part) + " of " +
             std::to_string(pack.parts) + ")";
  return title;
}

/// Compresses `bytes` into one zstd frame at kPackZstdLevel, with the
/// content size and a checksum; `what` names it in errors.
llvm::Expected<std::vector<uint8_t>>
compressFrame(llvm::ArrayRef<uint8_t> bytes, const llvm::Twine &what) {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx *)> context(ZSTD_createCCtx(),
                                                              ZSTD_freeCCtx);
  if (!context)
    return makeError("zstd: cannot create a compression context for " + what);
  size_t result = ZSTD_CCtx_setParameter(context.get(), ZSTD_c_compressionLevel,
                                         kPackZstdLevel);
  if (!ZSTD_isError(result))
    result = ZSTD_CCtx_setParameter(context.get(), ZSTD_c_checksumFlag, 1);
  if (!ZSTD_isError(result))
    result = ZSTD_CCtx_setParameter(context.get(), ZSTD_c_contentSizeFlag, 1);
  std::vector<uint8_t> frame(ZSTD_compressBound(bytes.size()));
  if (!ZSTD_isError(result))
    result = ZSTD_compress2(context.get(), frame.data(), frame.size(),
                            bytes.data(), bytes.size());
  if (ZSTD_isError(result))
    return makeError("zstd: compressing " + what +
                     " failed: " + ZSTD_getErrorName(result));
  frame.resize(result);
  return frame;
}

/// `value` of the binary statistic `key` of `variant`, or -1.
int64_t binaryStat(const Variant &variant, StringRef key) {
  for (const auto &[name, value] : variant.binaryStats)
    if (name == key)
      return value;
  return -1;
}

/// The registers per thread (CUDA) or per work-item (AMD: VGPRs and SGPRs).
std::string registersOf(const Variant &variant) {
  int64_t registers = binaryStat(variant, "registers");
  int64_t vgprs = binaryStat(variant, "vgpr_count");
  int64_t sgprs = binaryStat(variant, "sgpr_count");
  if (registers >= 0)
    return std::to_string(registers);
  if (vgprs >= 0 || sgprs >= 0)
    return "v" + (vgprs >= 0 ? std::to_string(vgprs) : "?") + " s" +
           (sgprs >= 0 ? std::to_string(sgprs) : "?");
  return "?";
}

/// The spills column: "0", "356B" (CUDA) or "v4 s0" (AMD), "?" if unknown.
std::string spillsColumn(const Variant &variant) {
  int64_t bytes = binaryStat(variant, "spill_bytes");
  int64_t vgprs = binaryStat(variant, "vgpr_spill_count");
  int64_t sgprs = binaryStat(variant, "sgpr_spill_count");
  if (bytes >= 0)
    return bytes ? std::to_string(bytes) + "B" : "0";
  if (vgprs >= 0 || sgprs >= 0) {
    if (vgprs <= 0 && sgprs <= 0)
      return "0";
    return "v" + std::to_string(std::max<int64_t>(vgprs, 0)) + " s" +
           std::to_string(std::max<int64_t>(sgprs, 0));
  }
  return "?";
}

/// `rows` as text, each column padded to its widest cell plus two spaces
/// (so that a column appended to each line lines up too).
std::string formatTable(const std::vector<std::vector<std::string>> &rows) {
  std::vector<size_t> widths;
  for (const auto &row : rows)
    for (size_t c = 0; c < row.size(); ++c) {
      if (widths.size() <= c)
        widths.push_back(0);
      widths[c] = std::max(widths[c], row[c].size());
    }
  std::string out;
  for (const auto &row : rows) {
    for (size_t c = 0; c < row.size(); ++c) {
      out += row[c];
      out += std::string(widths[c] - row[c].size() + 2, ' ');
    }
    out += "\n";
  }
  return out;
}

/// The file stem of `variant` (its metadata file's name without ".json").
StringRef stemOf(const Variant &variant) {
  StringRef stem = variant.fileName;
  stem.consume_back(".json");
  return stem;
}

} // namespace

llvm::Expected<std::vector<BlobPack>>
tkc::launcher::packBlobs(llvm::ArrayRef<const Variant *> variants,
                         size_t maxPackBytes) {
  // The vendors whose binaries are split per architecture.
  std::map<std::string, size_t> vendorBytes;
  for (const Variant *variant : variants)
    vendorBytes[variant->target.backend] += variant->binary.size();
  auto archOf = [&](const Variant &variant) {
    return vendorBytes[variant.target.backend] > maxPackBytes
               ? variant.target.arch
               : std::string();
  };

  // The groups: (vendor, architecture or "") in order of first appearance,
  // each with its variants in order.
  std::vector<std::pair<std::string, std::string>> groupKeys;
  std::vector<std::vector<size_t>> groupMembers;
  for (size_t i = 0; i < variants.size(); ++i) {
    std::pair<std::string, std::string> key(variants[i]->target.backend,
                                            archOf(*variants[i]));
    auto found = llvm::find(groupKeys, key);
    if (found == groupKeys.end()) {
      groupKeys.push_back(key);
      groupMembers.emplace_back();
      found = groupKeys.end() - 1;
    }
    groupMembers[found - groupKeys.begin()].push_back(i);
  }

  std::vector<BlobPack> packs;
  for (size_t g = 0; g < groupKeys.size(); ++g) {
    // Cut the group greedily: a part takes variants while its contents stay
    // within the bound (a binary larger than the bound is a part alone).
    // Each binary starts 8-byte aligned in the decompressed contents, as the
    // raw arrays are; the padding costs a few bytes of the frame.
    std::vector<std::vector<uint8_t>> contents;
    size_t firstPack = packs.size();
    for (size_t i : groupMembers[g]) {
      const std::vector<uint8_t> &binary = variants[i]->binary;
      size_t offset =
          contents.empty() ? 0 : llvm::alignTo(contents.back().size(), 8);
      if (contents.empty() || offset + binary.size() > maxPackBytes) {
        packs.emplace_back();
        packs.back().backend = groupKeys[g].first;
        packs.back().arch = groupKeys[g].second;
        contents.emplace_back();
        offset = 0;
      }
      std::vector<uint8_t> &bytes = contents.back();
      bytes.resize(offset, 0);
      packs.back().members.push_back(i);
      packs.back().offsets.push_back(offset);
      bytes.insert(bytes.end(), binary.begin(), binary.end());
    }
    for (size_t p = firstPack; p < packs.size(); ++p) {
      BlobPack &pack = packs[p];
      pack.part = p - firstPack + 1;
      pack.parts = packs.size() - firstPack;
      pack.size = contents[p - firstPack].size();
      llvm::Expected<std::vector<uint8_t>> frame =
          compressFrame(contents[p - firstPack], packTitle(pack));
      if (!frame)
        return frame.takeError();
      pack.frame = std::move(*frame);
    }
  }
  return packs;
}

std::string tkc::launcher::formatBytes(llvm::ArrayRef<uint8_t> bytes) {
  std::string out;
  out.reserve(bytes.size() * 6 + bytes.size() / 2);
  static const char hex[] = "0123456789abcdef";
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 12 == 0) {
      if (i)
        out += "\n";
      out += "    ";
    } else {
      out += " ";
    }
    out += "0x";
    out += hex[bytes[i] >> 4];
    out += hex[bytes[i] & 15];
    if (i + 1 < bytes.size())
      out += ",";
  }
  return out;
}

void tkc::launcher::fillBlobValues(StringRef name,
                                   llvm::ArrayRef<const Variant *> variants,
                                   llvm::ArrayRef<BlobPack> packs,
                                   bool compressed,
                                   std::vector<TemplateValues> &variantItems,
                                   TemplateValues &values) {
  values.declareList("blobs");
  values.declareList("packs");
  if (!compressed) {
    for (size_t i = 0; i < variants.size(); ++i) {
      TemplateValues &item = variantItems[i];
      item.set("BINARY", (name + "_binary_" + llvm::Twine(i) + ".bytes").str());
      item.set("PACK_REF", "NULL");
      item.set("PACK_OFFSET", "0");
      TemplateValues &blob = values.addItem("blobs");
      blob.scalars = item.scalars;
      blob.set("BYTES", formatBytes(variants[i]->binary));
    }
    return;
  }
  for (size_t p = 0; p < packs.size(); ++p) {
    const BlobPack &pack = packs[p];
    TemplateValues &packItem = values.addItem("packs");
    packItem.set("PACK_INDEX", std::to_string(p));
    packItem.set("PACK_WHAT", packTitle(pack) + " of " + name.str());
    packItem.set("PACK_SIZE", std::to_string(pack.size));
    packItem.set("PACK_COMPRESSED_SIZE", std::to_string(pack.frame.size()));
    packItem.set("PACK_BYTES", formatBytes(pack.frame));
    packItem.declareList("pack_members");
    for (size_t m = 0; m < pack.members.size(); ++m) {
      TemplateValues &item = variantItems[pack.members[m]];
      item.set("BINARY", "NULL");
      item.set("PACK_REF", ("&" + name + "_pack_info_" + llvm::Twine(p)).str());
      item.set("PACK_OFFSET", std::to_string(pack.offsets[m]));
      TemplateValues &member = packItem.addItem("pack_members");
      member.scalars = item.scalars;
    }
  }
}

bool tkc::launcher::variantSpills(const Variant &variant, std::string &what) {
  int64_t bytes = binaryStat(variant, "spill_bytes");
  int64_t vgprs = binaryStat(variant, "vgpr_spill_count");
  int64_t sgprs = binaryStat(variant, "sgpr_spill_count");
  if (bytes > 0) {
    what = std::to_string(bytes) + " bytes";
    return true;
  }
  if (vgprs > 0 || sgprs > 0) {
    what = std::to_string(std::max<int64_t>(vgprs, 0)) + " VGPRs, " +
           std::to_string(std::max<int64_t>(sgprs, 0)) + " SGPRs";
    return true;
  }
  return false;
}

std::string
tkc::launcher::formatVariantsReport(StringRef name,
                                    llvm::ArrayRef<const Variant *> variants,
                                    llvm::ArrayRef<BlobPack> packs) {
  std::string out;
  llvm::raw_string_ostream os(out);

  // Per target, in the order targets first appear.
  std::vector<std::string> archs;
  for (const Variant *variant : variants)
    if (!llvm::is_contained(archs, variant->target.arch))
      archs.push_back(variant->target.arch);
  size_t total = 0;
  for (const std::string &arch : archs) {
    size_t count = 0, bytes = 0;
    for (const Variant *variant : variants)
      if (variant->target.arch == arch) {
        ++count;
        bytes += variant->binary.size();
      }
    total += bytes;
    os << arch << ": " << count << " variants, " << bytes << " blob bytes\n";
  }

  size_t embedded = 0;
  for (const BlobPack &pack : packs)
    embedded += pack.frame.size();
  os << name << ": " << variants.size() << " variants, " << total
     << " blob bytes, embedded as ";
  if (packs.empty()) {
    os << total << " bytes (not compressed)\n";
  } else {
    os << embedded << " bytes (zstd -" << kPackZstdLevel << ", " << packs.size()
       << (packs.size() == 1 ? " frame" : " frames") << "): "
       << llvm::format("%.2f", embedded ? double(total) / double(embedded) : 0)
       << "x smaller\n";
    for (const BlobPack &pack : packs)
      os << "frame: " << packTitle(pack) << ", " << pack.members.size()
         << " variants, " << pack.size << " -> " << pack.frame.size()
         << " bytes\n";
  }

  std::vector<std::vector<std::string>> rows = {
      {"variant", "arch", "registers", "spills", "shared_bytes", "blob_bytes"}};
  for (const Variant *variant : variants)
    rows.push_back({stemOf(*variant).str(), variant->target.arch,
                    registersOf(*variant), spillsColumn(*variant),
                    std::to_string(variant->sharedBytes),
                    std::to_string(variant->binary.size())});
  os << "\n" << formatTable(rows);

  for (const Variant *variant : variants) {
    std::string what;
    if (variantSpills(*variant, what))
      os << "warning: " << stemOf(*variant) << " (" << variant->target.arch
         << ") spills " << what << " to memory\n";
  }
  return out;
}
