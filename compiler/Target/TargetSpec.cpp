//===- TargetSpec.cpp - Parsing of compilation target strings -------------===//
//
// The registry of architectures the backends compile for, and the parser of
// target strings over it: metadata/TargetName.h reads the spelling, the
// registry says whether the architecture exists and its warp sizes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetSpec.h"

#include "metadata/TargetName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <mutex>
#include <vector>

using namespace llvm;

namespace tkc {
namespace {

/// The architectures of one registered backend.
struct BackendArchs {
  std::string backend;
  std::vector<ArchInfo> archs;
};

/// Every registered backend's architectures, in registration order.
struct ArchRegistry {
  std::mutex mutex;
  std::vector<BackendArchs> backends;
};

ArchRegistry &archRegistry() {
  static ArchRegistry instance;
  return instance;
}

/// The registered architecture `arch` and its backend's name, or null.
const ArchInfo *findArch(StringRef arch, std::string *backend = nullptr) {
  std::lock_guard<std::mutex> lock(archRegistry().mutex);
  for (const BackendArchs &entry : archRegistry().backends)
    for (const ArchInfo &info : entry.archs)
      if (info.name == arch) {
        if (backend)
          *backend = entry.backend;
        return &info;
      }
  return nullptr;
}

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace

void registerArchitectures(StringRef backend, ArrayRef<ArchInfo> archs) {
  std::lock_guard<std::mutex> lock(archRegistry().mutex);
  std::vector<BackendArchs> &backends = archRegistry().backends;
  auto it = llvm::find_if(
      backends, [&](const BackendArchs &b) { return b.backend == backend; });
  if (it == backends.end())
    it = backends.insert(backends.end(), {backend.str(), {}});
  it->archs.assign(archs.begin(), archs.end());
}

std::string supportedTargetsHelp() {
  std::lock_guard<std::mutex> lock(archRegistry().mutex);
  std::string out;
  for (const BackendArchs &entry : archRegistry().backends) {
    SmallVector<StringRef> names;
    for (const ArchInfo &info : entry.archs)
      names.push_back(info.name);
    if (!out.empty())
      out += "; ";
    out += entry.backend + ": " + join(names, ", ");
  }
  return out.empty() ? "none: this tkc has no backends" : out;
}

std::string TargetSpec::str() const {
  const metadata::VendorSpelling *vendor = metadata::findVendor(backend);
  std::string out =
      vendor ? metadata::longTargetName(*vendor, arch) : backend + ":" + arch;
  const ArchInfo *info = findArch(arch);
  if (info && warpSize != info->defaultWarpSize)
    out += ":" + std::to_string(warpSize);
  return out;
}

Expected<TargetSpec> parseTarget(StringRef text) {
  StringRef original = text;
  auto unknown = [&](const Twine &why) {
    return makeError("unknown target '" + original + "': " + why +
                     " (supported: " + supportedTargetsHelp() + ")");
  };
  Expected<metadata::TargetName> name = metadata::parseTargetName(text);
  if (!name)
    return unknown(toString(name.takeError()));

  TargetSpec spec;
  const ArchInfo *info = findArch(name->arch, &spec.backend);
  if (!info || spec.backend != name->vendor->backend)
    return unknown("no such architecture '" + name->arch + "'");
  spec.arch = name->arch;
  spec.warpSize = info->defaultWarpSize;
  if (name->warpSize) {
    unsigned warp = *name->warpSize;
    bool ok =
        warp == info->defaultWarpSize || (warp == 64 && info->allowsWave64);
    if (!ok)
      return makeError(formatv("warp size {0} is not supported on {1} "
                               "(it runs {2}{3})",
                               warp, spec.arch, info->defaultWarpSize,
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
