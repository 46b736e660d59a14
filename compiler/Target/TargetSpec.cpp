//===- TargetSpec.cpp - Parsing of compilation target strings -------------===//
//
// The tables of supported architectures and the parser for target strings.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetSpec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tkc {
namespace {

/// One supported architecture and the warp sizes it can run.
struct ArchInfo {
  Backend backend;
  StringRef arch;
  unsigned defaultWarpSize;
  bool allowsWave64; ///< AMD RDNA chips run wave32 by default, wave64 too.
};

/// Every architecture tkc compiles for. NVIDIA names are `sm_<cc>[a]`.
constexpr ArchInfo kArchs[] = {
    {Backend::Cuda, "sm_80", 32, false},  {Backend::Cuda, "sm_86", 32, false},
    {Backend::Cuda, "sm_87", 32, false},  {Backend::Cuda, "sm_89", 32, false},
    {Backend::Cuda, "sm_90", 32, false},  {Backend::Cuda, "sm_90a", 32, false},
    {Backend::Cuda, "sm_100", 32, false}, {Backend::Cuda, "sm_100a", 32, false},
    {Backend::Cuda, "sm_120", 32, false}, {Backend::Cuda, "sm_120a", 32, false},
    {Backend::Hip, "gfx90a", 64, false},  {Backend::Hip, "gfx942", 64, false},
    {Backend::Hip, "gfx950", 64, false},  {Backend::Hip, "gfx1100", 32, true},
    {Backend::Hip, "gfx1101", 32, true},  {Backend::Hip, "gfx1200", 32, true},
    {Backend::Hip, "gfx1201", 32, true},
};

const ArchInfo *findArch(StringRef arch) {
  for (const ArchInfo &info : kArchs)
    if (info.arch == arch)
      return &info;
  return nullptr;
}

StringRef backendName(Backend backend) {
  return backend == Backend::Cuda ? "cuda" : "hip";
}

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace

std::string supportedTargetsHelp() {
  std::string out;
  for (Backend backend : {Backend::Cuda, Backend::Hip}) {
    SmallVector<StringRef> names;
    for (const ArchInfo &info : kArchs)
      if (info.backend == backend)
        names.push_back(info.arch);
    if (!out.empty())
      out += "; ";
    out += (backendName(backend) + ": " + join(names, ", ")).str();
  }
  return out;
}

std::string TargetSpec::str() const {
  const ArchInfo *info = findArch(arch);
  std::string out = backendName(backend).str() + ":";
  out += backend == Backend::Cuda ? StringRef(arch).drop_front(3).str() : arch;
  if (info && warpSize != info->defaultWarpSize)
    out += ":" + std::to_string(warpSize);
  return out;
}

Expected<TargetSpec> parseTarget(StringRef text) {
  StringRef original = text;
  text = text.trim();
  SmallVector<StringRef> parts;
  text.split(parts, ':');
  auto unknown = [&](const Twine &why) {
    return makeError("unknown target '" + original + "': " + why +
                     " (supported: " + supportedTargetsHelp() + ")");
  };

  // Reduce every spelling to an arch name and an optional warp size.
  std::string arch;
  StringRef warpText;
  if (parts.size() == 1) {
    arch = parts[0].str();
  } else if (parts.size() <= 3) {
    StringRef backend = parts[0];
    if (parts.size() == 3)
      warpText = parts[2];
    if (backend == "cuda") {
      if (parts[1].starts_with("sm_"))
        return unknown("write 'cuda:" + parts[1].drop_front(3) + "' or '" +
                       parts[1] + "'");
      arch = ("sm_" + parts[1]).str();
    } else if (backend == "hip") {
      arch = parts[1].str();
    } else {
      return unknown("backend must be 'cuda' or 'hip'");
    }
  } else {
    return unknown("expected backend:arch[:warp]");
  }

  const ArchInfo *info = findArch(arch);
  if (!info)
    return unknown("no such architecture '" + arch + "'");
  if (parts.size() > 1 && backendName(info->backend) != parts[0])
    return unknown("architecture '" + arch + "' is not a " + parts[0] +
                   " architecture");

  TargetSpec spec;
  spec.backend = info->backend;
  spec.arch = arch;
  spec.warpSize = info->defaultWarpSize;
  if (!warpText.empty()) {
    unsigned warp = 0;
    if (warpText.getAsInteger(10, warp))
      return makeError("invalid warp size '" + warpText + "' in target '" +
                       original + "'");
    bool ok =
        warp == info->defaultWarpSize || (warp == 64 && info->allowsWave64);
    if (!ok)
      return makeError(formatv("warp size {0} is not supported on {1} "
                               "(it runs {2}{3})",
                               warp, arch, info->defaultWarpSize,
                               info->allowsWave64 ? " or 64" : "")
                           .str());
    spec.warpSize = warp;
  }
  return spec;
}

Expected<SmallVector<TargetSpec>> parseTargetList(StringRef text) {
  SmallVector<StringRef> items;
  text.split(items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (items.empty())
    return makeError("no target given (supported: " + supportedTargetsHelp() +
                     ")");
  SmallVector<TargetSpec> specs;
  for (StringRef item : items) {
    Expected<TargetSpec> spec = parseTarget(item);
    if (!spec)
      return spec.takeError();
    if (is_contained(specs, *spec))
      return makeError("target '" + item.trim() + "' is listed twice (as " +
                       spec->str() + ")");
    specs.push_back(std::move(*spec));
  }
  return specs;
}

} // namespace tkc
