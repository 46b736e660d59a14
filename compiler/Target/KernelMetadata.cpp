//===- KernelMetadata.cpp - The metadata file written per variant ---------===//
//
// Serializes KernelMetadata to the JSON of docs/metadata.md, deriving the C
// types and the binary's argument list from the parameters.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/KernelMetadata.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SHA256.h"

using namespace tkc;

namespace {
/// Size in bytes of a scalar of `dtype` as the kernel receives it.
unsigned sizeOf(const KernelParam &param) {
  if (param.kind == "pointer")
    return 8;
  return llvm::StringSwitch<unsigned>(param.dtype)
      .Cases({"i1", "i8", "u8"}, 1)
      .Cases({"i16", "u16", "fp16", "bf16"}, 2)
      .Cases({"i32", "u32", "fp32"}, 4)
      .Cases({"i64", "u64", "fp64"}, 8)
      .Default(0);
}
} // namespace

std::string tkc::cTypeOf(const KernelParam &param) {
  if (param.kind == "pointer")
    return "void *";
  return llvm::StringSwitch<std::string>(param.dtype)
      .Cases({"i1", "i8"}, "int8_t")
      .Case("u8", "uint8_t")
      .Case("i16", "int16_t")
      .Cases({"u16", "fp16", "bf16"}, "uint16_t")
      .Case("i32", "int32_t")
      .Case("u32", "uint32_t")
      .Case("i64", "int64_t")
      .Case("u64", "uint64_t")
      .Case("fp32", "float")
      .Case("fp64", "double")
      .Default("");
}

std::string tkc::sha256Hex(llvm::ArrayRef<uint8_t> bytes) {
  auto hash = llvm::SHA256::hash(bytes);
  return llvm::toHex(hash, /*LowerCase=*/true);
}

llvm::json::Value KernelMetadata::toJSON() const {
  llvm::json::Array paramsJson, argsJson;
  for (const KernelParam &p : params) {
    llvm::json::Object entry{{"name", p.name}, {"kind", p.kind}};
    if (p.kind == "constexpr") {
      entry["value"] = p.value;
    } else {
      entry["dtype"] = p.dtype;
      entry["c_type"] = cTypeOf(p);
      if (p.equalToOne)
        entry["equal_to_1"] = true;
      else
        entry["divisibility"] = p.divisibility;
      if (p.kind == "pointer" && !p.access.empty())
        entry["access"] = p.access;
    }
    paramsJson.push_back(std::move(entry));
    if (p.kind != "constexpr" && !p.equalToOne) {
      unsigned size = sizeOf(p);
      argsJson.push_back(llvm::json::Object{{"name", p.name},
                                            {"c_type", cTypeOf(p)},
                                            {"size", size},
                                            {"align", size}});
    }
  }
  llvm::json::Object binary{{"format", binaryFormat},
                            {"file", binaryFile},
                            {"size", static_cast<int64_t>(binarySize)},
                            {"sha256", sha256}};
  for (const auto &[name, value] : binaryStats)
    binary[name] = value;
  return llvm::json::Object{
      {"schema_version", kSchemaVersion},
      {"tkc_version", "0.1.0"},
      {"kernel", kernel},
      {"entry", entry},
      {"target",
       llvm::json::Object{
           {"backend", target.backend == Backend::Cuda ? "cuda" : "hip"},
           {"arch", target.arch},
           {"warp_size", target.warpSize}}},
      {"binary", std::move(binary)},
      {"num_warps", numWarps},
      {"threads_per_block", numWarps * target.warpSize},
      {"num_stages", numStages},
      {"shared_bytes", sharedBytes},
      {"max_blocks_per_sm", maxBlocksPerSm},
      {"cluster_dims", llvm::json::Array{1, 1, 1}},
      {"params", std::move(paramsJson)},
      {"kernel_args", std::move(argsJson)},
  };
}
