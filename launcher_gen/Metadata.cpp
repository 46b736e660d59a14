//===- Metadata.cpp - Reading a kernel variant's metadata.json ------------===//
//
// Parses one metadata file with llvm::json, checks every field the launcher
// needs against docs/metadata.md (schema version 1), and reads the binary,
// verifying its size and sha256. Errors name the file and the field.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/Metadata.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

using namespace tkc::launcher;
using llvm::StringRef;
namespace json = llvm::json;

namespace {

/// Reads one metadata file, remembering its path for error messages.
class MetadataReader {
public:
  explicit MetadataReader(StringRef path) : path(path) {}

  llvm::Expected<Variant> read();

private:
  llvm::Error fail(const llvm::Twine &message) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + message.str());
  }
  llvm::Error getString(const json::Object &object, StringRef key,
                        StringRef where, std::string &out) const;
  llvm::Error getInteger(const json::Object &object, StringRef key,
                         StringRef where, int64_t &out) const;
  llvm::Error readTarget(const json::Object &root, Variant &variant) const;
  llvm::Error readBinary(const json::Object &root, Variant &variant) const;
  llvm::Error readParams(const json::Object &root, Variant &variant) const;
  llvm::Error readKernelArgs(const json::Object &root, Variant &variant) const;

  std::string path;
};

llvm::Error MetadataReader::getString(const json::Object &object, StringRef key,
                                      StringRef where, std::string &out) const {
  const json::Value *value = object.get(key);
  if (!value)
    return fail("missing " + where + key);
  std::optional<StringRef> text = value->getAsString();
  if (!text)
    return fail(where + key + " must be a string");
  out = text->str();
  return llvm::Error::success();
}

llvm::Error MetadataReader::getInteger(const json::Object &object,
                                       StringRef key, StringRef where,
                                       int64_t &out) const {
  const json::Value *value = object.get(key);
  if (!value)
    return fail("missing " + where + key);
  std::optional<int64_t> number = value->getAsInteger();
  if (!number)
    return fail(where + key + " must be an integer");
  out = *number;
  return llvm::Error::success();
}

/// Splits a CUDA arch ("sm_90a") into compute capability and the
/// arch-specific flag; false if it is not one.
bool parseCudaArch(StringRef arch, int &major, int &minor, bool &specific) {
  if (!arch.consume_front("sm_"))
    return false;
  specific = arch.consume_back("a");
  unsigned number;
  if (arch.empty() || arch.getAsInteger(10, number) || number < 10 ||
      number > 999 || !llvm::all_of(arch, llvm::isDigit))
    return false;
  major = static_cast<int>(number / 10);
  minor = static_cast<int>(number % 10);
  return true;
}

/// Whether `arch` is an AMD arch name ("gfx942", "gfx90a").
bool isAmdArch(StringRef arch) {
  return arch.consume_front("gfx") && !arch.empty() && arch.size() <= 8 &&
         llvm::all_of(arch, [](char c) { return llvm::isAlnum(c); });
}

llvm::Error MetadataReader::readTarget(const json::Object &root,
                                       Variant &variant) const {
  const json::Object *target = root.getObject("target");
  if (!target)
    return fail("missing target (an object)");
  if (llvm::Error error =
          getString(*target, "backend", "target.", variant.backend))
    return error;
  if (llvm::Error error = getString(*target, "arch", "target.", variant.arch))
    return error;
  if (llvm::Error error =
          getInteger(*target, "warp_size", "target.", variant.warpSize))
    return error;
  if (variant.backend == "cuda") {
    if (!parseCudaArch(variant.arch, variant.archMajor, variant.archMinor,
                       variant.archSpecific))
      return fail("target.arch '" + variant.arch +
                  "' is not a CUDA architecture (sm_NN or sm_NNa)");
    if (variant.warpSize != 32)
      return fail("target.warp_size must be 32 for cuda, got " +
                  llvm::Twine(variant.warpSize));
  } else if (variant.backend == "hip") {
    if (!isAmdArch(variant.arch))
      return fail("target.arch '" + variant.arch +
                  "' is not an AMD architecture (gfxNNN)");
    if (variant.warpSize != 32 && variant.warpSize != 64)
      return fail("target.warp_size must be 32 or 64 for hip, got " +
                  llvm::Twine(variant.warpSize));
  } else {
    return fail("target.backend must be \"cuda\" or \"hip\", got \"" +
                variant.backend + "\"");
  }
  return llvm::Error::success();
}

llvm::Error MetadataReader::readBinary(const json::Object &root,
                                       Variant &variant) const {
  const json::Object *binary = root.getObject("binary");
  if (!binary)
    return fail("missing binary (an object)");
  int64_t size;
  if (llvm::Error error =
          getString(*binary, "format", "binary.", variant.format))
    return error;
  if (llvm::Error error =
          getString(*binary, "file", "binary.", variant.binaryFile))
    return error;
  if (llvm::Error error = getInteger(*binary, "size", "binary.", size))
    return error;
  if (llvm::Error error =
          getString(*binary, "sha256", "binary.", variant.sha256))
    return error;
  StringRef expectedFormat = variant.backend == "cuda" ? "cubin" : "hsaco";
  if (variant.format != expectedFormat)
    return fail("binary.format must be \"" + expectedFormat + "\" for " +
                variant.backend + ", got \"" + variant.format + "\"");
  if (variant.sha256.size() != 64 || !llvm::all_of(variant.sha256, [](char c) {
        return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
      }))
    return fail("binary.sha256 must be 64 lowercase hex digits");
  if (variant.binaryFile.empty() ||
      llvm::sys::path::is_absolute(variant.binaryFile))
    return fail("binary.file must be a path relative to the metadata file, "
                "got '" +
                variant.binaryFile + "'");

  llvm::SmallString<256> binaryPath(llvm::sys::path::parent_path(path));
  llvm::sys::path::append(binaryPath, variant.binaryFile);
  auto buffer = llvm::MemoryBuffer::getFile(binaryPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return fail("cannot read the binary '" + binaryPath +
                "' (binary.file): " + buffer.getError().message());
  StringRef bytes = (*buffer)->getBuffer();
  if (bytes.empty())
    return fail("the binary '" + binaryPath + "' is empty");
  if (static_cast<int64_t>(bytes.size()) != size)
    return fail("the binary '" + binaryPath + "' has " +
                llvm::Twine(bytes.size()) + " bytes but binary.size says " +
                llvm::Twine(size));
  variant.binary.assign(bytes.begin(), bytes.end());
  std::string actual =
      llvm::toHex(llvm::SHA256::hash(variant.binary), /*LowerCase=*/true);
  if (actual != variant.sha256)
    return fail("the binary '" + binaryPath + "' has sha256 " + actual +
                " but binary.sha256 says " + variant.sha256);
  return llvm::Error::success();
}

/// The C types a caller may pass for a scalar of each dtype.
StringRef cTypeOfScalar(StringRef dtype) {
  return llvm::StringSwitch<StringRef>(dtype)
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

/// Whether `dtype` is one of Triton's element types of docs/metadata.md.
bool isKnownDType(StringRef dtype) {
  return !cTypeOfScalar(dtype).empty() || dtype == "fp8e4nv" ||
         dtype == "fp8e5";
}

/// Whether a scalar of `dtype` is an integer (divisibility and ==1 apply).
bool isIntegerDType(StringRef dtype) {
  return dtype.starts_with("i") || dtype.starts_with("u");
}

llvm::Error MetadataReader::readParams(const json::Object &root,
                                       Variant &variant) const {
  const json::Array *params = root.getArray("params");
  if (!params)
    return fail("missing params (an array)");
  llvm::StringSet<> seen;
  for (size_t i = 0; i < params->size(); ++i) {
    std::string where = "params[" + std::to_string(i) + "].";
    const json::Object *object = (*params)[i].getAsObject();
    if (!object)
      return fail("params[" + llvm::Twine(i) + "] must be an object");
    Param param;
    if (llvm::Error error = getString(*object, "name", where, param.name))
      return error;
    if (llvm::Error error = getString(*object, "kind", where, param.kind))
      return error;
    if (!isCIdentifier(param.name))
      return fail(where + "name '" + param.name + "' is not a C identifier");
    if (!seen.insert(param.name).second)
      return fail("parameter '" + param.name + "' is listed twice");
    if (param.kind == "constexpr") {
      const json::Value *value = object->get("value");
      if (!value)
        return fail("missing " + where + "value of constexpr '" + param.name +
                    "'");
      if (std::optional<StringRef> text = value->getAsString())
        param.value = text->str();
      else if (std::optional<int64_t> number = value->getAsInteger())
        param.value = std::to_string(*number);
      else
        return fail(where + "value must be a string");
      variant.params.push_back(std::move(param));
      continue;
    }
    if (param.kind != "pointer" && param.kind != "scalar")
      return fail(where + "kind must be pointer, scalar or constexpr, got '" +
                  param.kind + "'");
    if (llvm::Error error = getString(*object, "dtype", where, param.dtype))
      return error;
    if (llvm::Error error = getString(*object, "c_type", where, param.cType))
      return error;
    if (!isKnownDType(param.dtype))
      return fail(where + "dtype '" + param.dtype + "' is not a Triton type");
    if (param.isPointer() && object->get("access")) {
      if (llvm::Error error = getString(*object, "access", where, param.access))
        return error;
      if (param.access != "read" && param.access != "write" &&
          param.access != "readwrite" && param.access != "none")
        return fail(where +
                    "access must be read, write, readwrite or none, "
                    "got '" +
                    param.access + "'");
    }
    StringRef expected =
        param.isPointer() ? StringRef("void *") : cTypeOfScalar(param.dtype);
    if (expected.empty())
      return fail(where + "dtype '" + param.dtype +
                  "' cannot be a scalar parameter");
    if (param.cType != expected)
      return fail(where + "c_type of '" + param.name + "' must be '" +
                  expected + "' for a " + param.kind + " of " + param.dtype +
                  ", got '" + param.cType + "'");
    if (const json::Value *divisibility = object->get("divisibility")) {
      std::optional<int64_t> number = divisibility->getAsInteger();
      if (!number || *number < 1 || *number > (int64_t(1) << 30))
        return fail(where + "divisibility must be a positive integer");
      param.divisibility = *number;
    }
    if (const json::Value *one = object->get("equal_to_1")) {
      std::optional<bool> flag = one->getAsBoolean();
      if (!flag)
        return fail(where + "equal_to_1 must be true or false");
      param.equalToOne = *flag;
    }
    bool integer = !param.isPointer() && isIntegerDType(param.dtype);
    if (param.divisibility > 1 && !param.isPointer() && !integer)
      return fail(where +
                  "divisibility applies to pointers and integers, "
                  "not to '" +
                  param.name + "' of " + param.dtype);
    if (param.equalToOne && !integer)
      return fail(where + "equal_to_1 applies to integer scalars, not to '" +
                  param.name + "'");
    variant.params.push_back(std::move(param));
  }
  return llvm::Error::success();
}

llvm::Error MetadataReader::readKernelArgs(const json::Object &root,
                                           Variant &variant) const {
  const json::Array *args = root.getArray("kernel_args");
  if (!args)
    return fail("missing kernel_args (an array)");
  for (size_t i = 0; i < args->size(); ++i) {
    std::string where = "kernel_args[" + std::to_string(i) + "].";
    const json::Object *object = (*args)[i].getAsObject();
    if (!object)
      return fail("kernel_args[" + llvm::Twine(i) + "] must be an object");
    KernelArg arg;
    if (const json::Value *hidden = object->get("hidden"))
      arg.hidden = hidden->getAsBoolean().value_or(false);
    if (llvm::Error error = getInteger(*object, "size", where, arg.size))
      return error;
    if (llvm::Error error = getInteger(*object, "align", where, arg.align))
      return error;
    if (arg.size < 1 || arg.size > 4096)
      return fail(where + "size must be from 1 to 4096");
    if (arg.hidden) {
      variant.kernelArgs.push_back(std::move(arg));
      continue;
    }
    if (llvm::Error error = getString(*object, "name", where, arg.name))
      return error;
    if (llvm::Error error = getString(*object, "c_type", where, arg.cType))
      return error;
    const Param *param = variant.findParam(arg.name);
    if (!param)
      return fail(where + "name '" + arg.name + "' is not in params");
    if (param->isConstexpr() || param->equalToOne)
      return fail(where + "'" + arg.name +
                  "' is a constexpr or equal_to_1 parameter and is not "
                  "passed to the binary");
    if (arg.cType != param->cType)
      return fail(where + "c_type '" + arg.cType +
                  "' differs from the c_type '" + param->cType +
                  "' of parameter '" + arg.name + "'");
    variant.kernelArgs.push_back(std::move(arg));
  }
  return llvm::Error::success();
}

llvm::Expected<Variant> MetadataReader::read() {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read: " + buffer.getError().message());
  llvm::Expected<json::Value> parsed = json::parse((*buffer)->getBuffer());
  if (!parsed)
    return fail("not valid JSON: " + llvm::toString(parsed.takeError()));
  const json::Object *root = parsed->getAsObject();
  if (!root)
    return fail("the top level must be a JSON object");

  // The version first: nothing else is meaningful in an unknown schema.
  const json::Value *version = root->get("schema_version");
  if (!version)
    return fail("missing schema_version");
  std::optional<int64_t> number = version->getAsInteger();
  if (!number || *number != kMetadataSchemaVersion)
    return fail(
        "unsupported schema_version " +
        (number ? std::to_string(*number) : std::string("(not an integer)")) +
        "; this tkc-launcher-gen reads version " +
        llvm::Twine(kMetadataSchemaVersion));

  Variant variant;
  variant.path = path;
  variant.fileName = llvm::sys::path::filename(path).str();
  if (llvm::Error error = getString(*root, "kernel", "", variant.kernel))
    return error;
  if (llvm::Error error = getString(*root, "entry", "", variant.entry))
    return error;
  if (!isCIdentifier(variant.kernel))
    return fail("kernel '" + variant.kernel + "' is not an identifier");
  if (variant.entry.empty() || !llvm::all_of(variant.entry, [](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
      }))
    return fail("entry '" + variant.entry + "' is not a symbol name");
  if (llvm::Error error = readTarget(*root, variant))
    return error;
  if (llvm::Error error = getInteger(*root, "num_warps", "", variant.numWarps))
    return error;
  if (llvm::Error error =
          getInteger(*root, "threads_per_block", "", variant.threadsPerBlock))
    return error;
  if (llvm::Error error =
          getInteger(*root, "num_stages", "", variant.numStages))
    return error;
  if (llvm::Error error =
          getInteger(*root, "shared_bytes", "", variant.sharedBytes))
    return error;
  // Optional: metadata from before the field launches uncapped.
  if (root->get("max_blocks_per_sm")) {
    if (llvm::Error error =
            getInteger(*root, "max_blocks_per_sm", "", variant.maxBlocksPerSm))
      return error;
    if (variant.maxBlocksPerSm < 0 || variant.maxBlocksPerSm > 1024)
      return fail("max_blocks_per_sm must be from 0 to 1024, got " +
                  llvm::Twine(variant.maxBlocksPerSm));
  }
  if (variant.numWarps < 1 || variant.numWarps > 64)
    return fail("num_warps must be from 1 to 64, got " +
                llvm::Twine(variant.numWarps));
  if (variant.threadsPerBlock != variant.numWarps * variant.warpSize)
    return fail("threads_per_block " + llvm::Twine(variant.threadsPerBlock) +
                " is not num_warps * target.warp_size (" +
                llvm::Twine(variant.numWarps * variant.warpSize) + ")");
  if (variant.sharedBytes < 0 || variant.sharedBytes > (int64_t(1) << 30))
    return fail("shared_bytes " + llvm::Twine(variant.sharedBytes) +
                " is out of range");
  if (const json::Value *cluster = root->get("cluster_dims")) {
    const json::Array *dims = cluster->getAsArray();
    if (!dims || dims->size() != 3)
      return fail("cluster_dims must be an array of 3 integers");
    for (const json::Value &dim : *dims)
      if (dim.getAsInteger() != std::optional<int64_t>(1))
        return fail("cluster_dims other than [1, 1, 1] are not supported by "
                    "this tkc-launcher-gen yet");
  }
  if (llvm::Error error = readParams(*root, variant))
    return error;
  if (llvm::Error error = readKernelArgs(*root, variant))
    return error;
  if (llvm::Error error = readBinary(*root, variant))
    return error;
  return variant;
}

} // namespace

const Param *Variant::findParam(StringRef name) const {
  for (const Param &param : params)
    if (param.name == name)
      return &param;
  return nullptr;
}

bool tkc::launcher::isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

llvm::Expected<Variant> tkc::launcher::readVariant(StringRef path) {
  return MetadataReader(path).read();
}
