//===- Builtins.cpp - The builtin table, its lookups and attributes -------===//
//
// Joins the families' entries into the one table of builtins and sends a
// call to its handler. Name lookup asks the same table which names of
// triton.language and of Python's builtins exist and which tkc does not
// support yet, and block attributes ask it which methods blocks have. Also
// the argument binder the handlers share, the dtype queries
// (`p.dtype.element_ty.is_fp16()`), and the attributes of blocks (`x.dtype`,
// `x.shape`, `x.T`, methods) and of dtypes (`p.dtype.element_ty`).
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

/// triton.language functions that tkc does not implement (Gluon's slices
/// of distributed tensors): naming one is an error, and so is calling the block
/// method of one
/// (`x.sort()`).
static const BuiltinEntry kUnsupported[] = {
    {"tl.extract_slice", nullptr},
    {"tl.insert_slice", nullptr},
};

namespace {

/// Every family's entries, by full name and by block method.
struct BuiltinTable {
  llvm::StringMap<const BuiltinEntry *> byName;
  llvm::StringMap<const BuiltinEntry *> byMethod;
};

} // namespace

/// The table, built on first use.
static const BuiltinTable &builtinTable() {
  static const BuiltinTable table = [] {
    BuiltinTable t;
    for (llvm::ArrayRef<BuiltinEntry> family :
         {pythonBuiltins(), creationBuiltins(), memoryBuiltins(),
          mathBuiltins(), libdeviceBuiltins(), reduceBuiltins(),
          shapeBuiltins(), debugBuiltins(), blockPointerBuiltins(),
          llvm::ArrayRef<BuiltinEntry>(kUnsupported)})
      for (const BuiltinEntry &entry : family) {
        [[maybe_unused]] bool added =
            t.byName.try_emplace(entry.name, &entry).second;
        assert(added && "a builtin is listed twice");
        if (!entry.method.empty())
          t.byMethod.try_emplace(entry.method, &entry);
      }
    return t;
  }();
  return table;
}

/// The entry named `fullName` (`tl.load`), or null.
static const BuiltinEntry *findBuiltin(const llvm::Twine &fullName) {
  const auto &byName = builtinTable().byName;
  auto it = byName.find(fullName.str());
  return it == byName.end() ? nullptr : it->second;
}

/// The entry that the block method `method` forwards to, or null.
static const BuiltinEntry *findTensorMethod(llvm::StringRef method) {
  const auto &byMethod = builtinTable().byMethod;
  auto it = byMethod.find(method);
  return it == byMethod.end() ? nullptr : it->second;
}

bool isPythonBuiltin(llvm::StringRef name) {
  return findBuiltin("builtins." + name) != nullptr;
}

bool isStringMethod(llvm::StringRef name) {
  return findBuiltin("str." + name) != nullptr;
}

bool isDescriptorMethod(llvm::StringRef name) {
  return findBuiltin("tensor_descriptor." + name) != nullptr;
}

bool isIntMethod(llvm::StringRef name) {
  return findBuiltin("int." + name) != nullptr;
}

bool isMathFunction(llvm::StringRef name) {
  return findBuiltin("math." + name) != nullptr;
}

bool isLanguageBuiltin(llvm::StringRef name) {
  const BuiltinEntry *entry = findBuiltin("tl." + name);
  return (entry && entry->handler) || DType::fromLanguageName(name).has_value();
}

bool isUnsupportedLanguageFeature(llvm::StringRef name) {
  const BuiltinEntry *entry = findBuiltin("tl." + name);
  return entry && !entry->handler;
}

bool isLibdeviceFunction(llvm::StringRef name) {
  const BuiltinEntry *entry = findBuiltin("libdevice." + name);
  return entry && entry->handler;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

bool Binder::bind(std::initializer_list<const char *> params) {
  names.clear();
  values.assign(params.size(), std::nullopt);
  locs.assign(params.size(), callLoc);
  std::vector<bool> required;
  for (llvm::StringRef p : params) {
    bool optional = p.consume_back("=");
    names.push_back(p.str());
    required.push_back(!optional);
  }
  if (call.args.size() > params.size())
    return cg.diags.error(
        callLoc, fnName + "() takes at most " + std::to_string(params.size()) +
                     " arguments but " + std::to_string(call.args.size()) +
                     " were given");
  for (size_t i = 0; i < call.args.size(); ++i) {
    values[i] = call.args[i];
    if (i < call.argLocs.size())
      locs[i] = call.argLocs[i];
  }
  for (size_t k = 0; k < call.keywords.size(); ++k) {
    const auto &[name, value] = call.keywords[k];
    auto it = llvm::find(names, name);
    Loc kl = k < call.keywordLocs.size() ? call.keywordLocs[k] : callLoc;
    if (it == names.end())
      return cg.diags.error(
          kl, fnName + "() got an unexpected keyword argument '" + name + "'");
    size_t i = it - names.begin();
    if (values[i])
      return cg.diags.error(kl, fnName + "() got multiple values for '" + name +
                                    "'");
    values[i] = value;
    locs[i] = kl;
  }
  for (size_t i = 0; i < names.size(); ++i)
    if (required[i] && !values[i])
      return cg.diags.error(callLoc,
                            fnName + "() missing argument '" + names[i] + "'");
  return true;
}

std::optional<Obj> Binder::get(size_t i) const {
  if (!values[i] || values[i]->kind == Kind::None)
    return std::nullopt;
  return values[i];
}

std::optional<Obj> Binder::tensor(size_t i) {
  auto v = get(i);
  if (!v)
    return std::nullopt;
  return cg.toTensor(*v, locs[i]);
}

std::optional<int64_t> Binder::integer(size_t i, int64_t dflt) {
  auto v = get(i);
  if (!v)
    return dflt;
  return cg.constInt(*v, locs[i], "argument '" + names[i] + "'");
}

std::optional<bool> Binder::flag(size_t i, bool dflt) {
  auto v = get(i);
  if (!v)
    return dflt;
  if (!v->isConstexpr()) {
    cg.diags.error(locs[i],
                   "argument '" + names[i] + "' must be a compile-time value");
    return std::nullopt;
  }
  return cg.truthy(*v);
}

std::optional<std::string> Binder::string(size_t i, llvm::StringRef dflt) {
  auto v = get(i);
  if (!v)
    return dflt.str();
  if (v->kind != Kind::Str) {
    cg.diags.error(locs[i], "argument '" + names[i] +
                                "' must be a string, got " + v->describe());
    return std::nullopt;
  }
  return v->str;
}

std::optional<DType> Binder::dtype(size_t i) {
  auto v = get(i);
  if (!v || v->kind != Kind::DTypeObj) {
    cg.diags.error(locs[i], "argument '" + names[i] +
                                "' must be a dtype such as tl.float32" +
                                (v ? ", got " + v->describe() : ""));
    return std::nullopt;
  }
  return v->dtype;
}

std::optional<llvm::SmallVector<int64_t>> varInts(CodeGen &cg, CallArgs &call,
                                                  size_t first, Loc l,
                                                  llvm::StringRef what) {
  std::vector<Obj> items(call.args.begin() + std::min(first, call.args.size()),
                         call.args.end());
  if (items.size() == 1 && items[0].kind == Kind::Tuple)
    items = items[0].elems;
  llvm::SmallVector<int64_t> out;
  for (const Obj &o : items) {
    auto v = cg.constInt(o, l, what);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

BuiltinCall::BuiltinCall(FunctionGen &gen, llvm::StringRef fullName,
                         CallArgs &call, const Obj *self, Loc l)
    : gen(gen), cg(gen.cg), b(gen.cg.builder), fullName(fullName),
      name(fullName.split('.').second), call(call), self(self), l(l),
      L(gen.cg.loc(l)), args(gen.cg, fullName, call, l) {}

std::optional<Obj> BuiltinCall::error(const llvm::Twine &message) const {
  cg.diags.error(l, message);
  return std::nullopt;
}

std::optional<Obj> BuiltinCall::callBuiltin(llvm::StringRef fullName,
                                            CallArgs &call) const {
  return gen.callBuiltin(fullName, call, nullptr, l);
}

/// A question a dtype answers.
using DTypeQuery = bool (*)(const DType &);

/// A query true for one kind of dtype.
template <DK kind> static bool isKind(const DType &t) {
  return t.getKind() == kind;
}

/// The dtype queries (`tl.float16.is_fp16()`), by method name.
static const std::pair<llvm::StringRef, DTypeQuery> kDTypeQueries[] = {
    {"is_floating", [](const DType &t) { return t.isFloat(); }},
    {"is_int", [](const DType &t) { return t.isInt(); }},
    {"is_ptr", [](const DType &t) { return t.isPtr(); }},
    {"is_bool", [](const DType &t) { return t.isBool(); }},
    {"is_fp8", [](const DType &t) { return t.isFP8(); }},
    {"is_fp16", isKind<DK::FP16>},
    {"is_bf16", isKind<DK::BF16>},
    {"is_fp32", isKind<DK::FP32>},
    {"is_fp64", isKind<DK::FP64>},
    {"is_fp8e4nv", isKind<DK::FP8E4NV>},
    {"is_fp8e5", isKind<DK::FP8E5>},
    {"is_fp8e4b8", isKind<DK::FP8E4B8>},
    {"is_fp8e5b16", isKind<DK::FP8E5B16>},
    {"is_fp8e4b15", isKind<DK::FP8E4B15>},
    {"is_int1", isKind<DK::I1>},
    {"is_int8", isKind<DK::I8>},
    {"is_int16", isKind<DK::I16>},
    {"is_int32", isKind<DK::I32>},
    {"is_int64", isKind<DK::I64>},
    {"is_uint8", isKind<DK::U8>},
    {"is_uint16", isKind<DK::U16>},
    {"is_uint32", isKind<DK::U32>},
    {"is_uint64", isKind<DK::U64>},
    {"is_block", [](const DType &) { return false; }},
    {"is_const", [](const DType &) { return false; }},
    {"is_standard_floating",
     [](const DType &t) { return t.isFloat() && !t.isFP8(); }},
    {"is_int_signed",
     [](const DType &t) { return t.isSigned() || t.isBool(); }},
    {"is_int_unsigned",
     [](const DType &t) { return t.isUnsigned() && !t.isBool(); }},
};

/// The dtype query named `name`, or null.
static DTypeQuery findDTypeQuery(llvm::StringRef name) {
  const auto *it = llvm::find_if(
      kDTypeQueries, [&](const auto &query) { return query.first == name; });
  return it == std::end(kDTypeQueries) ? nullptr : it->second;
}

std::optional<Obj> FunctionGen::callBuiltin(llvm::StringRef fullName,
                                            CallArgs &call, const Obj *self,
                                            Loc l) {
  if (self) {
    call.args.insert(call.args.begin(), *self);
    call.argLocs.insert(call.argLocs.begin(), l);
  }
  BuiltinCall c(*this, fullName, call, self, l);

  if (fullName == "dtype.get_block_shapes") {
    // A block type's shape, as a tuple (AITER's mxfp4 quantizers).
    if (!c.args.bind({"self"}))
      return std::nullopt;
    std::vector<Obj> dims;
    for (int64_t extent : self->blockShape)
      dims.push_back(Obj::integer(extent));
    return Obj::tuple(std::move(dims));
  }
  if (fullName.starts_with("dtype.")) {
    // A block type is no dtype of its own: it answers only is_block().
    if (self->isBlockType())
      return Obj::boolean(c.name == "is_block");
    auto query = findDTypeQuery(c.name);
    return Obj::boolean(query && query(self->dtype));
  }
  if (const BuiltinEntry *entry = findBuiltin(fullName))
    if (entry->handler)
      return entry->handler(c);

  llvm::StringRef name = fullName;
  if (name.consume_front("builtins."))
    return c.error("builtin '" + name + "' is not supported in Triton kernels");
  if (!name.consume_front("tl."))
    return c.error("'" + fullName + "' cannot be called inside a kernel");
  if (DType::fromLanguageName(name))
    return c.error("dtype tl." + name + " is not callable; use x.to(tl." +
                   name + ")");
  return c.error("tl." + name + " is not supported by tkc yet");
}

//===----------------------------------------------------------------------===//
// Attributes of blocks and dtypes
//===----------------------------------------------------------------------===//

std::optional<Obj> FunctionGen::tensorAttribute(const Obj &t,
                                                llvm::StringRef attr, Loc l) {
  if (attr == "dtype")
    return Obj::dtypeObj(t.type.elem);
  if (attr == "type")
    return Obj::blockTypeObj(t.type.elem, t.type.shape);
  if (attr == "shape") {
    std::vector<Obj> dims;
    for (int64_t d : t.type.shape)
      dims.push_back(Obj::integer(d));
    return Obj::tuple(std::move(dims));
  }
  if (attr == "numel")
    return Obj::integer(t.type.numel());
  if (attr == "T") {
    CallArgs call;
    call.args = {t};
    return callBuiltin("tl.trans", call, nullptr, l);
  }
  if (const BuiltinEntry *method = findTensorMethod(attr)) {
    Obj m = Obj::named(Obj::Kind::Method, method->name.str());
    m.self = std::make_shared<Obj>(t);
    return m;
  }
  if (auto function = cg.libraryFunction(attr, /*method=*/true)) {
    Obj m = *function;
    m.kind = Obj::Kind::Method;
    m.str = attr.str();
    m.self = std::make_shared<Obj>(t);
    return m;
  }
  // A descriptor parameter given a pointer's signature entry.
  if (attr == "load" && t.type.elem.isPtr()) {
    cg.diags.error(l, "pointers have no method 'load'; for a tensor "
                      "descriptor parameter, give it a signature entry such "
                      "as 'tensordesc<fp16[64, 64]>' (its block shape)");
    return std::nullopt;
  }
  cg.diags.error(l, "a block has no attribute '" + attr + "'");
  return std::nullopt;
}

/// The explicit mantissa bits of float dtype `d` (Triton's
/// fp_mantissa_width).
static int64_t mantissaWidth(const DType &d) {
  switch (d.getKind()) {
  case DK::FP8E5:
  case DK::FP8E5B16:
    return 2;
  case DK::FP8E4NV:
  case DK::FP8E4B8:
  case DK::FP8E4B15:
    return 3;
  case DK::FP16:
    return 10;
  case DK::BF16:
    return 7;
  case DK::FP32:
    return 23;
  default:
    return 52;
  }
}

/// The exponent bias of float dtype `d` (Triton's exponent_bias).
static int64_t exponentBias(const DType &d) {
  switch (d.getKind()) {
  case DK::FP8E4NV:
    return 7;
  case DK::FP8E4B8:
    return 8;
  case DK::FP8E5:
  case DK::FP8E4B15:
  case DK::FP16:
    return 15;
  case DK::FP8E5B16:
    return 16;
  case DK::BF16:
  case DK::FP32:
    return 127;
  default:
    return 1023;
  }
}

std::optional<Obj> FunctionGen::dtypeAttribute(const Obj &t,
                                               llvm::StringRef attr, Loc l) {
  const DType &d = t.dtype;
  // Triton's `.scalar`: a block type's element type, else the type itself.
  if (attr == "scalar")
    return t.isBlockType() ? Obj::dtypeObj(d) : t;
  if (t.isBlockType()) {
    if (attr == "element_ty")
      return Obj::dtypeObj(d);
    if (attr == "shape") {
      std::vector<Obj> dims;
      for (int64_t extent : t.blockShape)
        dims.push_back(Obj::integer(extent));
      return Obj::tuple(std::move(dims));
    }
    if (attr == "numel") {
      int64_t n = 1;
      for (int64_t extent : t.blockShape)
        n *= extent;
      return Obj::integer(n);
    }
    if (attr == "name")
      return Obj::string(t.describe());
    if (findDTypeQuery(attr) || attr == "get_block_shapes") {
      Obj m = Obj::named(Obj::Kind::Method, "dtype." + attr.str());
      m.self = std::make_shared<Obj>(t);
      return m;
    }
    cg.diags.error(l, t.describe() + " has no attribute '" + attr +
                          "' (tkc supports element_ty, scalar, shape, numel, "
                          "name, is_block() and get_block_shapes())");
    return std::nullopt;
  }
  // The type of a block pointer: a pointer to a block type.
  if (t.pointerToBlock && attr == "element_ty")
    return Obj::blockTypeObj(d.getPointee(), t.blockShape);
  if (attr == "address_space" && d.isPtr())
    return Obj::integer(d.getAddressSpace());
  if (attr == "fp_mantissa_width" && d.isFloat())
    return Obj::integer(mantissaWidth(d));
  if (attr == "exponent_bias" && d.isFloat())
    return Obj::integer(exponentBias(d));
  if (attr == "element_ty") {
    if (!d.isPtr()) {
      cg.diags.error(l, "dtype " + d.str() +
                            " has no element_ty (it is not "
                            "a pointer)");
      return std::nullopt;
    }
    return Obj::dtypeObj(d.getPointee());
  }
  if (attr == "primitive_bitwidth" || attr == "int_bitwidth")
    return Obj::integer(d.getBitWidth());
  if (attr == "itemsize")
    return Obj::integer(d.getBitWidth() / 8);
  if (attr == "name")
    return Obj::string(d.str());
  if (findDTypeQuery(attr)) {
    Obj m = Obj::named(Obj::Kind::Method, "dtype." + attr.str());
    m.self = std::make_shared<Obj>(t);
    return m;
  }
  cg.diags.error(l, "dtype has no attribute '" + attr + "'");
  return std::nullopt;
}

} // namespace tkc::frontend
