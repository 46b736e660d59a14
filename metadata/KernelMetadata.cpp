//===- KernelMetadata.cpp - The metadata file of one variant --------------===//
//
// Writes KernelMetadata as the JSON of docs/metadata.md and reads it back,
// checking every field: types, ranges, the target's spelling, the binary's
// format, parameter kinds, dtypes and C types, and that kernel_args match
// the parameters. Errors name the file and the field.
//
//===----------------------------------------------------------------------===//

#include "metadata/KernelMetadata.h"

#include "metadata/JsonFields.h"
#include "metadata/TargetName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <tuple>

using namespace tkc::metadata;
using llvm::StringRef;
namespace json = llvm::json;

StringRef tkc::metadata::scalarCType(StringRef dtype) {
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

unsigned tkc::metadata::scalarSize(StringRef dtype) {
  return llvm::StringSwitch<unsigned>(dtype)
      .Cases({"i1", "i8", "u8"}, 1)
      .Cases({"i16", "u16", "fp16", "bf16"}, 2)
      .Cases({"i32", "u32", "fp32"}, 4)
      .Cases({"i64", "u64", "fp64"}, 8)
      .Default(0);
}

bool tkc::metadata::isKnownDType(StringRef dtype) {
  return !scalarCType(dtype).empty() || dtype == "fp8e4nv" || dtype == "fp8e5";
}

std::string tkc::metadata::sha256Hex(llvm::ArrayRef<uint8_t> bytes) {
  return llvm::toHex(llvm::SHA256::hash(bytes), /*LowerCase=*/true);
}

bool tkc::metadata::isCIdentifier(StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::string KernelParam::cType() const {
  return isPointer() ? "void *" : scalarCType(dtype).str();
}

const KernelParam *KernelMetadata::findParam(StringRef name) const {
  for (const KernelParam &param : params)
    if (param.name == name)
      return &param;
  return nullptr;
}

std::vector<KernelArg>
tkc::metadata::kernelArgsOf(llvm::ArrayRef<KernelParam> params) {
  std::vector<KernelArg> args;
  for (const KernelParam &p : params) {
    if (!p.isPassed())
      continue;
    int64_t size = p.isPointer() ? 8 : scalarSize(p.dtype);
    args.push_back({p.name, p.cType(), size, size, /*hidden=*/false});
  }
  return args;
}

json::Value KernelMetadata::toJSON() const {
  json::Array paramsJson, argsJson;
  for (const KernelParam &p : params) {
    json::Object entry{{"name", p.name}, {"kind", p.kind}};
    if (p.isConstexpr()) {
      entry["value"] = p.value;
    } else {
      entry["dtype"] = p.dtype;
      entry["c_type"] = p.cType();
      if (p.equalToOne)
        entry["equal_to_1"] = true;
      else
        entry["divisibility"] = p.divisibility;
      if (p.isPointer() && !p.access.empty())
        entry["access"] = p.access;
    }
    paramsJson.push_back(std::move(entry));
  }
  for (const KernelArg &arg : kernelArgs) {
    json::Object entry{{"size", arg.size}, {"align", arg.align}};
    if (arg.hidden) {
      entry["hidden"] = true;
    } else {
      entry["name"] = arg.name;
      entry["c_type"] = arg.cType;
    }
    argsJson.push_back(std::move(entry));
  }
  json::Object binary{{"format", binaryFormat},
                      {"file", binaryFile},
                      {"size", binarySize},
                      {"sha256", sha256}};
  for (const auto &[name, value] : binaryStats)
    binary[name] = value;
  json::Object root{
      {"schema_version", kSchemaVersion},
      {"tkc_version", kToolVersion},
      {"kernel", kernel},
      {"entry", entry},
      {"target", json::Object{{"backend", target.backend},
                              {"arch", target.arch},
                              {"warp_size", target.warpSize}}},
      {"binary", std::move(binary)},
      {"num_warps", numWarps},
      {"threads_per_block", threadsPerBlock()},
      {"num_stages", numStages},
      {"shared_bytes", sharedBytes},
      {"max_blocks_per_sm", maxBlocksPerSm},
      {"maxnreg", maxRegisters},
      {"cluster_dims", json::Array{1, 1, 1}},
      {"params", std::move(paramsJson)},
      {"kernel_args", std::move(argsJson)},
  };
  if (maxBlocksPerSmChosen)
    root["max_blocks_per_sm_chosen"] = true;
  if (!tensorMaps.empty()) {
    // An operand as an integer (a constant), a string (one argument), or
    // an array (their product: the arguments, then a constant other than 1).
    auto operands = [](llvm::ArrayRef<TensorMapOperand> list) {
      json::Array out;
      for (const TensorMapOperand &op : list) {
        if (op.args.empty()) {
          out.push_back(op.scale);
        } else if (op.args.size() == 1 && op.scale == 1) {
          out.push_back(op.args.front());
        } else {
          json::Array product(op.args);
          if (op.scale != 1)
            product.push_back(op.scale);
          out.push_back(std::move(product));
        }
      }
      return out;
    };
    json::Array maps;
    for (const TensorMapDesc &map : tensorMaps)
      maps.push_back(json::Object{{"descriptor", map.descriptor},
                                  {"base", map.base},
                                  {"shape", operands(map.shape)},
                                  {"strides", operands(map.strides)},
                                  {"element_bytes", map.elementBytes},
                                  {"box", json::Array(map.box)},
                                  {"swizzle", map.swizzle}});
    root["tensor_maps"] = std::move(maps);
  }
  return root;
}

namespace {

/// The fields of `binary` that are not resource figures.
constexpr StringRef kBinaryFields[] = {"format", "file", "size", "sha256"};

/// Reads one metadata document, field by field.
class MetadataParser : public JsonFieldReader {
public:
  using JsonFieldReader::JsonFieldReader;

  llvm::Expected<KernelMetadata> parse(const json::Value &json) const;

private:
  llvm::Error readTarget(const json::Object &root, KernelMetadata &meta) const;
  llvm::Error readBinary(const json::Object &root, KernelMetadata &meta) const;
  llvm::Error readParams(const json::Object &root, KernelMetadata &meta) const;
  llvm::Error readParam(const json::Object &object, const std::string &where,
                        KernelParam &param) const;
  llvm::Error readKernelArgs(const json::Object &root,
                             KernelMetadata &meta) const;
  llvm::Error readTensorMaps(const json::Object &root,
                             KernelMetadata &meta) const;
};

llvm::Error MetadataParser::readTarget(const json::Object &root,
                                       KernelMetadata &meta) const {
  auto target = getObject(root, "", "target");
  if (!target)
    return target.takeError();
  TargetDesc &desc = meta.target;
  if (llvm::Error error =
          getString(**target, "target", "backend", desc.backend))
    return error;
  if (llvm::Error error = getString(**target, "target", "arch", desc.arch))
    return error;
  if (llvm::Error error =
          getInteger(**target, "target", "warp_size", desc.warpSize))
    return error;
  const VendorSpelling *vendor = findVendor(desc.backend);
  if (!vendor) {
    std::string names;
    for (const VendorSpelling &v : vendorSpellings())
      names += (names.empty() ? "\"" : " or \"") + v.backend.str() + "\"";
    return fail("target.backend",
                "expected " + names + ", got \"" + desc.backend + "\"");
  }
  StringRef rest = StringRef(desc.arch);
  if (!rest.consume_front(vendor->archPrefix) || rest.empty() ||
      rest.size() > 8 || !llvm::all_of(rest, llvm::isAlnum))
    return fail("target.arch", "'" + desc.arch + "' is not a " + desc.backend +
                                   " architecture (" + vendor->archPrefix +
                                   "...)");
  if (desc.warpSize < vendor->minWarpSize ||
      desc.warpSize > vendor->maxWarpSize ||
      !llvm::isPowerOf2_64(static_cast<uint64_t>(desc.warpSize)))
    return fail("target.warp_size",
                "expected " +
                    (vendor->minWarpSize == vendor->maxWarpSize
                         ? llvm::Twine(vendor->minWarpSize)
                         : llvm::Twine(vendor->minWarpSize) + " to " +
                               llvm::Twine(vendor->maxWarpSize)) +
                    " for " + desc.backend + ", got " +
                    llvm::Twine(desc.warpSize));
  return llvm::Error::success();
}

llvm::Error MetadataParser::readBinary(const json::Object &root,
                                       KernelMetadata &meta) const {
  auto binary = getObject(root, "", "binary");
  if (!binary)
    return binary.takeError();
  const json::Object &object = **binary;
  if (llvm::Error error =
          getString(object, "binary", "format", meta.binaryFormat))
    return error;
  if (llvm::Error error = getString(object, "binary", "file", meta.binaryFile))
    return error;
  if (llvm::Error error = getInteger(object, "binary", "size", meta.binarySize))
    return error;
  if (llvm::Error error = getString(object, "binary", "sha256", meta.sha256))
    return error;
  StringRef expectedFormat = findVendor(meta.target.backend)->binaryFormat;
  if (meta.binaryFormat != expectedFormat)
    return fail("binary.format", "expected \"" + expectedFormat + "\" for " +
                                     meta.target.backend + ", got \"" +
                                     meta.binaryFormat + "\"");
  if (meta.binarySize < 1)
    return fail("binary.size", "expected a positive integer");
  if (meta.sha256.size() != 64 || !llvm::all_of(meta.sha256, [](char c) {
        return llvm::isDigit(c) || (c >= 'a' && c <= 'f');
      }))
    return fail("binary.sha256", "expected 64 lowercase hex digits");
  if (meta.binaryFile.empty() || llvm::sys::path::is_absolute(meta.binaryFile))
    return fail("binary.file",
                "expected a path relative to the metadata file, got '" +
                    meta.binaryFile + "'");
  // Resource figures: every other field, an integer each, in name order.
  std::vector<std::string> names;
  for (const auto &kv : object)
    if (!llvm::is_contained(kBinaryFields, kv.first.str()))
      names.push_back(kv.first.str());
  llvm::sort(names);
  for (const std::string &name : names) {
    int64_t value = 0;
    if (llvm::Error error = getInteger(object, "binary", name, value))
      return error;
    meta.binaryStats.emplace_back(name, value);
  }
  return llvm::Error::success();
}

llvm::Error MetadataParser::readParam(const json::Object &object,
                                      const std::string &where,
                                      KernelParam &param) const {
  if (llvm::Error error = getString(object, where, "name", param.name))
    return error;
  if (llvm::Error error = getString(object, where, "kind", param.kind))
    return error;
  if (!isCIdentifier(param.name))
    return fail(where + ".name", "'" + param.name + "' is not a C identifier");
  if (param.isConstexpr()) {
    const json::Value *value = object.get("value");
    if (!value)
      return fail(where + ".value",
                  "missing (the value of constexpr '" + param.name + "')");
    if (std::optional<StringRef> text = value->getAsString())
      param.value = text->str();
    else if (std::optional<int64_t> number = value->getAsInteger())
      param.value = std::to_string(*number);
    else
      return expected(where + ".value", "a string", *value);
    return llvm::Error::success();
  }
  if (param.kind != "pointer" && param.kind != "scalar")
    return fail(where + ".kind",
                "expected pointer, scalar or constexpr, got '" + param.kind +
                    "'");
  std::string cType;
  if (llvm::Error error = getString(object, where, "dtype", param.dtype))
    return error;
  if (llvm::Error error = getString(object, where, "c_type", cType))
    return error;
  if (!isKnownDType(param.dtype))
    return fail(where + ".dtype", "'" + param.dtype + "' is not a Triton type");
  if (param.isPointer()) {
    if (llvm::Error error = getString(object, where, "access", param.access,
                                      /*required=*/false))
      return error;
    if (object.get("access") && param.access != "read" &&
        param.access != "write" && param.access != "readwrite" &&
        param.access != "none")
      return fail(where + ".access",
                  "expected read, write, readwrite or none, got '" +
                      param.access + "'");
  }
  std::string expectedCType = param.cType();
  if (expectedCType.empty())
    return fail(where + ".dtype",
                "'" + param.dtype + "' cannot be a scalar parameter");
  if (cType != expectedCType)
    return fail(where + ".c_type", "expected '" + expectedCType + "' for " +
                                       param.kind + " '" + param.name +
                                       "' of " + param.dtype + ", got '" +
                                       cType + "'");
  if (object.get("divisibility")) {
    if (llvm::Error error =
            getInteger(object, where, "divisibility", param.divisibility))
      return error;
    if (param.divisibility < 1 || param.divisibility > (int64_t(1) << 30))
      return fail(where + ".divisibility", "expected a positive integer");
  }
  if (llvm::Error error = getBool(object, where, "equal_to_1", param.equalToOne,
                                  /*required=*/false))
    return error;
  bool integer =
      !param.isPointer() && (StringRef(param.dtype).starts_with("i") ||
                             StringRef(param.dtype).starts_with("u"));
  if (param.divisibility > 1 && !param.isPointer() && !integer)
    return fail(where + ".divisibility",
                "applies to pointers and integers, not to '" + param.name +
                    "' of " + param.dtype);
  if (param.equalToOne && !integer)
    return fail(where + ".equal_to_1",
                "applies to integer scalars, not to '" + param.name + "'");
  return llvm::Error::success();
}

llvm::Error MetadataParser::readParams(const json::Object &root,
                                       KernelMetadata &meta) const {
  auto params = getArray(root, "", "params");
  if (!params)
    return params.takeError();
  llvm::StringSet<> seen;
  for (size_t i = 0; i < (*params)->size(); ++i) {
    std::string where = "params[" + std::to_string(i) + "]";
    const json::Value &value = (**params)[i];
    const json::Object *object = value.getAsObject();
    if (!object)
      return expected(where, "an object", value);
    KernelParam param;
    if (llvm::Error error = readParam(*object, where, param))
      return error;
    if (!seen.insert(param.name).second)
      return fail(where + ".name",
                  "parameter '" + param.name + "' is listed twice");
    meta.params.push_back(std::move(param));
  }
  return llvm::Error::success();
}

llvm::Error MetadataParser::readKernelArgs(const json::Object &root,
                                           KernelMetadata &meta) const {
  auto args = getArray(root, "", "kernel_args");
  if (!args)
    return args.takeError();
  for (size_t i = 0; i < (*args)->size(); ++i) {
    std::string where = "kernel_args[" + std::to_string(i) + "]";
    const json::Value &value = (**args)[i];
    const json::Object *object = value.getAsObject();
    if (!object)
      return expected(where, "an object", value);
    KernelArg arg;
    if (llvm::Error error = getBool(*object, where, "hidden", arg.hidden,
                                    /*required=*/false))
      return error;
    if (llvm::Error error = getInteger(*object, where, "size", arg.size))
      return error;
    if (llvm::Error error = getInteger(*object, where, "align", arg.align))
      return error;
    if (arg.size < 1 || arg.size > 4096)
      return fail(where + ".size",
                  "expected 1 to 4096, got " + llvm::Twine(arg.size));
    if (arg.hidden) {
      meta.kernelArgs.push_back(std::move(arg));
      continue;
    }
    if (llvm::Error error = getString(*object, where, "name", arg.name))
      return error;
    if (llvm::Error error = getString(*object, where, "c_type", arg.cType))
      return error;
    const KernelParam *param = meta.findParam(arg.name);
    if (!param)
      return fail(where + ".name", "'" + arg.name + "' is not in params");
    if (!param->isPassed())
      return fail(where + ".name", "'" + arg.name +
                                       "' is a constexpr or equal_to_1 "
                                       "parameter and is not passed to the "
                                       "binary");
    if (arg.cType != param->cType())
      return fail(where + ".c_type",
                  "'" + arg.cType + "' differs from the c_type '" +
                      param->cType() + "' of parameter '" + arg.name + "'");
    meta.kernelArgs.push_back(std::move(arg));
  }
  return llvm::Error::success();
}

llvm::Error MetadataParser::readTensorMaps(const json::Object &root,
                                           KernelMetadata &meta) const {
  auto maps = getArray(root, "", "tensor_maps", /*required=*/false);
  if (!maps)
    return maps.takeError();
  if (!*maps)
    return llvm::Error::success();
  for (size_t i = 0; i < (*maps)->size(); ++i) {
    std::string where = "tensor_maps[" + std::to_string(i) + "]";
    const json::Object *object = (**maps)[i].getAsObject();
    if (!object)
      return expected(where, "an object", (**maps)[i]);
    if (llvm::Error error =
            checkKeys(*object, where,
                      {"base", "box", "descriptor", "element_bytes", "shape",
                       "strides", "swizzle"}))
      return error;
    TensorMapDesc map;
    if (llvm::Error error =
            getString(*object, where, "descriptor", map.descriptor))
      return error;
    // Launchers spell it as a C string.
    if (llvm::any_of(map.descriptor, [](char c) {
          return !llvm::isPrint(c) || c == '"' || c == '\\';
        }))
      return fail(where + ".descriptor",
                  "expected printable characters other than '\"' and '\\'");
    if (llvm::Error error =
            getInteger(*object, where, "element_bytes", map.elementBytes))
      return error;
    if (llvm::Error error = getInteger(*object, where, "swizzle", map.swizzle))
      return error;
    auto box = getArray(*object, where, "box");
    if (!box)
      return box.takeError();
    for (const json::Value &extent : **box) {
      std::optional<int64_t> value = extent.getAsInteger();
      if (!value)
        return expected(where + ".box", "integer extents", extent);
      if (*value < 1 || *value > 256)
        return fail(where + ".box",
                    "expected extents of 1 to 256, got " + llvm::Twine(*value));
      map.box.push_back(*value);
    }
    if (map.box.empty() || map.box.size() > 5)
      return fail(where + ".box", "expected 1 to 5 extents");
    if (!llvm::is_contained({1, 2, 4}, map.elementBytes))
      return fail(where + ".element_bytes",
                  "expected 1, 2 or 4, got " + llvm::Twine(map.elementBytes));
    int64_t rowBytes = map.box.back() * map.elementBytes;
    if (rowBytes % 16)
      return fail(where + ".box",
                  "the innermost extent must span a multiple of 16 bytes");
    if (!llvm::is_contained({0, 32, 64, 128}, map.swizzle) ||
        (map.swizzle && rowBytes > map.swizzle))
      return fail(where + ".swizzle",
                  "expected 0, 32, 64 or 128 bytes, at least the innermost "
                  "extent's, got " +
                      llvm::Twine(map.swizzle));
    // The kernel arguments the launcher encodes the map from: its base, a
    // pointer, and the i32 or i64 factors of its extents and strides.
    auto needs = [&](const std::string &field, const std::string &leaf,
                     bool pointer) -> llvm::Error {
      const KernelParam *param = meta.findParam(leaf);
      if (!param || !param->isPassed() || param->isPointer() != pointer ||
          (!pointer && param->dtype != "i32" && param->dtype != "i64"))
        return fail(where + "." + field,
                    "'" + map.descriptor + "' has no " +
                        (pointer ? "pointer" : "i32 or i64") + " parameter '" +
                        leaf + "'");
      return llvm::Error::success();
    };
    if (llvm::Error error = getString(*object, where, "base", map.base))
      return error;
    if (llvm::Error error = needs("base", map.base, /*pointer=*/true))
      return error;
    for (auto [field, list, count] :
         {std::tuple("shape", &map.shape, map.box.size()),
          std::tuple("strides", &map.strides, map.box.size() - 1)}) {
      std::string at = where + "." + field;
      auto operands = getArray(*object, where, field);
      if (!operands)
        return operands.takeError();
      if ((*operands)->size() != count)
        return fail(at, "expected " + llvm::Twine(count) + " operands, one " +
                            (count == map.box.size() ? "per dimension"
                                                     : "per stride but the "
                                                       "last") +
                            ", got " + llvm::Twine((*operands)->size()));
      for (const json::Value &operand : **operands) {
        TensorMapOperand op;
        const json::Array *product = operand.getAsArray();
        llvm::ArrayRef<json::Value> factors(operand);
        if (product)
          factors =
              llvm::ArrayRef<json::Value>(product->data(), product->size());
        for (const json::Value &factor : factors) {
          if (std::optional<int64_t> value = factor.getAsInteger()) {
            if (llvm::MulOverflow(op.scale, *value, op.scale))
              return fail(at, "the product overflows 64 bits");
          } else if (std::optional<llvm::StringRef> name =
                         factor.getAsString()) {
            op.args.push_back(name->str());
            if (llvm::Error error = needs(field, op.args.back(), false))
              return error;
          } else {
            return expected(at, "integers, parameter names, or arrays of them",
                            operand);
          }
        }
        if (op.args.size() > kMaxTensorMapOperandArgs)
          return fail(at, "expected at most " +
                              llvm::Twine(kMaxTensorMapOperandArgs) +
                              " parameters in a product");
        list->push_back(std::move(op));
      }
    }
    meta.tensorMaps.push_back(std::move(map));
  }
  return llvm::Error::success();
}

llvm::Expected<KernelMetadata>
MetadataParser::parse(const json::Value &json) const {
  const json::Object *root = json.getAsObject();
  if (!root)
    return expected("", "an object at the top level", json);

  // The version first: nothing else is meaningful in an unknown schema.
  int64_t version = 0;
  if (llvm::Error error = getInteger(*root, "", "schema_version", version))
    return std::move(error);
  if (version != kSchemaVersion)
    return fail("schema_version",
                "unsupported version " + llvm::Twine(version) +
                    "; this tkc reads version " + llvm::Twine(kSchemaVersion));

  KernelMetadata meta;
  if (llvm::Error error = getString(*root, "", "kernel", meta.kernel))
    return std::move(error);
  if (llvm::Error error = getString(*root, "", "entry", meta.entry))
    return std::move(error);
  if (!isCIdentifier(meta.kernel))
    return fail("kernel", "'" + meta.kernel + "' is not an identifier");
  if (meta.entry.empty() || !llvm::all_of(meta.entry, [](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
      }))
    return fail("entry", "'" + meta.entry + "' is not a symbol name");
  if (llvm::Error error = readTarget(*root, meta))
    return std::move(error);
  int64_t threads = 0;
  if (llvm::Error error = getInteger(*root, "", "num_warps", meta.numWarps))
    return std::move(error);
  if (llvm::Error error = getInteger(*root, "", "threads_per_block", threads))
    return std::move(error);
  if (llvm::Error error = getInteger(*root, "", "num_stages", meta.numStages))
    return std::move(error);
  if (llvm::Error error =
          getInteger(*root, "", "shared_bytes", meta.sharedBytes))
    return std::move(error);
  // Optional: metadata from before the field launches uncapped.
  if (llvm::Error error = getInteger(*root, "", "max_blocks_per_sm",
                                     meta.maxBlocksPerSm, /*required=*/false))
    return std::move(error);
  if (meta.maxBlocksPerSm < 0 || meta.maxBlocksPerSm > 1024)
    return fail("max_blocks_per_sm",
                "expected 0 to 1024, got " + llvm::Twine(meta.maxBlocksPerSm));
  if (llvm::Error error =
          getBool(*root, "", "max_blocks_per_sm_chosen",
                  meta.maxBlocksPerSmChosen, /*required=*/false))
    return std::move(error);
  if (llvm::Error error = getInteger(*root, "", "maxnreg", meta.maxRegisters,
                                     /*required=*/false))
    return std::move(error);
  if (meta.maxRegisters < 0 || meta.maxRegisters > 255)
    return fail("maxnreg", "expected 0 (no cap) to 255, got " +
                               llvm::Twine(meta.maxRegisters));
  if (meta.numWarps < 1 || meta.numWarps > 64)
    return fail("num_warps",
                "expected 1 to 64, got " + llvm::Twine(meta.numWarps));
  if (threads != meta.threadsPerBlock())
    return fail("threads_per_block",
                llvm::Twine(threads) +
                    " is not num_warps * target.warp_size (" +
                    llvm::Twine(meta.threadsPerBlock()) + ")");
  if (meta.sharedBytes < 0 || meta.sharedBytes > (int64_t(1) << 30))
    return fail("shared_bytes",
                llvm::Twine(meta.sharedBytes) + " is out of range");
  if (const json::Value *cluster = root->get("cluster_dims")) {
    const json::Array *dims = cluster->getAsArray();
    if (!dims || dims->size() != 3)
      return expected("cluster_dims", "an array of 3 integers", *cluster);
    for (const json::Value &dim : *dims)
      if (dim.getAsInteger() != std::optional<int64_t>(1))
        return fail("cluster_dims",
                    "expected [1, 1, 1] (clusters are not supported yet)");
  }
  if (llvm::Error error = readParams(*root, meta))
    return std::move(error);
  if (llvm::Error error = readKernelArgs(*root, meta))
    return std::move(error);
  if (llvm::Error error = readTensorMaps(*root, meta))
    return std::move(error);
  if (llvm::Error error = readBinary(*root, meta))
    return std::move(error);
  return meta;
}

} // namespace

llvm::Expected<KernelMetadata>
tkc::metadata::parseKernelMetadata(const json::Value &json, StringRef file) {
  return MetadataParser(file).parse(json);
}

llvm::Expected<KernelMetadata>
tkc::metadata::readKernelMetadata(StringRef path) {
  MetadataParser parser(path);
  llvm::Expected<json::Value> json = parser.load();
  if (!json)
    return json.takeError();
  return parser.parse(*json);
}
