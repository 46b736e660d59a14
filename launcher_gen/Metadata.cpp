//===- Metadata.cpp - Reading a kernel variant's metadata.json ------------===//
//
// Reads one metadata file through the contract library, splits a CUDA
// architecture into its compute capability, and reads the binary, verifying
// its size and sha256. Errors name the file and the field.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/Metadata.h"
#include "metadata/TargetName.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

llvm::Error fail(StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message.str());
}

/// Reads the binary `variant` names, checking its size and sha256.
llvm::Error readBinary(Variant &variant) {
  llvm::SmallString<256> binaryPath(llvm::sys::path::parent_path(variant.path));
  llvm::sys::path::append(binaryPath, variant.binaryFile);
  auto buffer = llvm::MemoryBuffer::getFile(binaryPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fail(variant.path,
                "cannot read the binary '" + binaryPath +
                    "' (binary.file): " + buffer.getError().message());
  StringRef bytes = (*buffer)->getBuffer();
  if (static_cast<int64_t>(bytes.size()) != variant.binarySize)
    return fail(variant.path, "the binary '" + binaryPath + "' has " +
                                  llvm::Twine(bytes.size()) +
                                  " bytes but binary.size says " +
                                  llvm::Twine(variant.binarySize));
  variant.binary.assign(bytes.begin(), bytes.end());
  std::string actual = tkc::metadata::sha256Hex(variant.binary);
  if (actual != variant.sha256)
    return fail(variant.path, "the binary '" + binaryPath + "' has sha256 " +
                                  actual + " but binary.sha256 says " +
                                  variant.sha256);
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Variant> tkc::launcher::readVariant(StringRef path) {
  llvm::Expected<metadata::KernelMetadata> meta =
      metadata::readKernelMetadata(path);
  if (!meta)
    return meta.takeError();
  Variant variant;
  static_cast<metadata::KernelMetadata &>(variant) = std::move(*meta);
  variant.path = path.str();
  variant.fileName = llvm::sys::path::filename(path).str();
  if (variant.target.backend == "cuda") {
    std::optional<tkc::metadata::CudaCapability> capability =
        tkc::metadata::parseCudaCapability(variant.target.arch);
    if (!capability)
      return fail(path, "target.arch: '" + variant.target.arch +
                            "' is not a CUDA architecture (sm_NN or sm_NNa)");
    variant.archMajor = capability->major;
    variant.archMinor = capability->minor;
    variant.archSpecific = capability->specific;
  }
  if (llvm::Error error = readBinary(variant))
    return std::move(error);
  return variant;
}
