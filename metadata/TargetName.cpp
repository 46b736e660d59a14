//===- TargetName.cpp - How targets are spelled, for every vendor ---------===//
//
// The vendor spelling table and the parser of target strings built on it.
//
//===----------------------------------------------------------------------===//

#include "metadata/TargetName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

using namespace tkc::metadata;
using llvm::StringRef;

namespace {

/// Rule: the Starlark copy in rules/private/targets.bzl lists the same rows.
constexpr VendorSpelling kVendors[] = {
    {"cuda", "sm_", /*longFormDropsPrefix=*/true, "cubin", 32, 32},
    {"hip", "gfx", /*longFormDropsPrefix=*/false, "hsaco", 32, 64},
};

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// `'cuda' or 'hip'`, for messages.
std::string backendList() {
  std::string out;
  for (size_t i = 0; i < std::size(kVendors); ++i) {
    if (i)
      out += i + 1 == std::size(kVendors) ? " or " : ", ";
    out += "'" + kVendors[i].backend.str() + "'";
  }
  return out;
}

} // namespace

llvm::ArrayRef<VendorSpelling> tkc::metadata::vendorSpellings() {
  return kVendors;
}

const VendorSpelling *tkc::metadata::findVendor(StringRef backend) {
  for (const VendorSpelling &vendor : kVendors)
    if (vendor.backend == backend)
      return &vendor;
  return nullptr;
}

const VendorSpelling *tkc::metadata::vendorOfArch(StringRef arch) {
  for (const VendorSpelling &vendor : kVendors)
    if (arch.starts_with(vendor.archPrefix))
      return &vendor;
  return nullptr;
}

llvm::Expected<TargetName> tkc::metadata::parseTargetName(StringRef text) {
  llvm::SmallVector<StringRef> parts;
  text.trim().split(parts, ':');
  TargetName name;
  if (parts.size() == 1) {
    name.arch = parts[0].str();
    name.vendor = vendorOfArch(parts[0]);
    if (!name.vendor)
      return makeError("no such architecture '" + name.arch + "'");
    return name;
  }
  if (parts.size() > 3)
    return makeError("expected backend:arch[:warp]");
  name.vendor = findVendor(parts[0]);
  if (!name.vendor)
    return makeError("backend must be " + backendList());
  StringRef arch = parts[1];
  if (name.vendor->longFormDropsPrefix) {
    if (arch.starts_with(name.vendor->archPrefix))
      return makeError("write '" + parts[0] + ":" +
                       arch.drop_front(name.vendor->archPrefix.size()) +
                       "' or '" + arch + "'");
    name.arch = (name.vendor->archPrefix + arch).str();
  } else {
    name.arch = arch.str();
    if (!arch.starts_with(name.vendor->archPrefix))
      return makeError("architecture '" + name.arch + "' is not a " + parts[0] +
                       " architecture");
  }
  if (parts.size() == 3) {
    unsigned warp = 0;
    if (parts[2].getAsInteger(10, warp) || warp == 0)
      return makeError("invalid warp size '" + parts[2] + "'");
    name.warpSize = warp;
  }
  return name;
}

std::string tkc::metadata::longTargetName(const VendorSpelling &vendor,
                                          StringRef arch) {
  if (vendor.longFormDropsPrefix)
    arch.consume_front(vendor.archPrefix);
  return (vendor.backend + ":" + arch).str();
}

std::optional<CudaCapability>
tkc::metadata::parseCudaCapability(llvm::StringRef arch) {
  if (!arch.consume_front("sm_"))
    return std::nullopt;
  CudaCapability capability;
  capability.specific = arch.consume_back("a");
  unsigned number;
  if (arch.empty() || arch.getAsInteger(10, number) || number < 10 ||
      number > 999 || !llvm::all_of(arch, llvm::isDigit))
    return std::nullopt;
  capability.major = static_cast<int>(number / 10);
  capability.minor = static_cast<int>(number % 10);
  return capability;
}
