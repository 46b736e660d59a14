//===- BuiltinsBlockPointer.cpp - tl.make_block_ptr and tl.advance --------===//
//
// Block pointers as Triton defines them, lowered in the frontend to what
// every target already has: a block pointer is a compile-time object holding
// runtime scalars (the base pointer, and per dimension the tensor's extent,
// its stride and the block's offset) and the block's shape and order.
// tl.advance adds to the offsets; tl.load and tl.store through one become
// an ordinary masked access of the block's pointers,
// base + sum_d (offset_d + arange(block_d)) * stride_d, with the mask
// 0 <= offset_d + i < extent_d for each dimension in `boundary_check`, and
// `padding_option` ("zero" or "nan") as the value of masked-off elements.
// Address arithmetic is in 64 bits, as Triton's. A block pointer that a loop
// carries is carried as its runtime parts (CodeGenStatements.cpp).
// Tensor descriptors (tl.make_tensor_descriptor) are lowered the same way on
// every target: desc.load(offsets) and desc.store(offsets, value) are the
// accesses of a block pointer at `offsets`, every dimension checked,
// desc.atomic_add (and the other reductions) relaxed atomics of that block,
// and desc.gather/scatter the accesses of rows given by index. What Triton
// requires of a descriptor (a 16-byte aligned base, strides but the last in
// multiples of 16 bytes) is told to the axis analysis, so those accesses
// vectorize. A descriptor made of the kernel's arguments alone, as a
// parameter is, is recorded (CodeGen::recordTensorDescriptor) and its loads
// name it, so that tkc-gpu-pipeline may copy its blocks through a tensor
// map the launcher encodes from those arguments (Hopper's TMA).
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"
#include "metadata/KernelMetadata.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <tuple>

namespace tkcir = mlir::tkc;

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;

namespace {

/// The elements of argument `i`: a tuple's, a single value as a tuple of
/// one; none when it is not given.
std::vector<Obj> listArg(BuiltinCall &c, size_t i) {
  auto v = c.args.get(i);
  if (!v)
    return {};
  return v->kind == Kind::Tuple ? v->elems : std::vector<Obj>{*v};
}

/// The elements of a tl.make_block_ptr tuple argument (listArg), or
/// nullopt after an error naming `what` when it is not given.
std::optional<std::vector<Obj>> tupleArg(BuiltinCall &c, size_t i,
                                         llvm::StringRef what) {
  if (!c.args.has(i)) {
    c.error(std::string("tl.make_block_ptr needs '") + what.str() + "'");
    return std::nullopt;
  }
  return listArg(c, i);
}

/// Runtime integer scalars of type `to` for `values`; nullopt after an
/// error.
std::optional<std::vector<Obj>> integerScalars(BuiltinCall &c,
                                               const std::vector<Obj> &values,
                                               DType to, size_t argIndex,
                                               llvm::StringRef what) {
  std::vector<Obj> out;
  for (const Obj &v : values) {
    auto t = c.cg.toTensor(v, c.args.loc(argIndex));
    if (!t)
      return std::nullopt;
    if (!t->type.elem.isInt() || t->type.isBlock()) {
      c.error(what + " of a block pointer must be integer scalars, got " +
              t->type.str());
      return std::nullopt;
    }
    auto cast = c.cg.cast(*t, to, c.args.loc(argIndex));
    if (!cast)
      return std::nullopt;
    out.push_back(*cast);
  }
  return out;
}

/// Constexpr ints of a tuple argument; nullopt after an error.
std::optional<std::vector<int64_t>> constInts(BuiltinCall &c, size_t i,
                                              llvm::StringRef what) {
  auto elems = tupleArg(c, i, what);
  if (!elems)
    return std::nullopt;
  std::vector<int64_t> out;
  for (const Obj &e : *elems) {
    auto n =
        c.cg.constInt(e, c.args.loc(i), ("tl.make_block_ptr's " + what).str());
    if (!n)
      return std::nullopt;
    out.push_back(*n);
  }
  return out;
}

/// The parts of a block pointer of rank `rank`.
struct Parts {
  const Obj &base;
  llvm::ArrayRef<Obj> shape, strides, offsets;

  explicit Parts(const Obj &bp)
      : base(bp.elems[0]),
        shape(llvm::ArrayRef<Obj>(bp.elems).slice(1, bp.blockShape.size())),
        strides(llvm::ArrayRef<Obj>(bp.elems).slice(1 + bp.blockShape.size(),
                                                    bp.blockShape.size())),
        offsets(llvm::ArrayRef<Obj>(bp.elems).slice(
            1 + 2 * bp.blockShape.size(), bp.blockShape.size())) {}
};

/// `tl.make_block_ptr(base, shape, strides, offsets, block_shape, order)`.
std::optional<Obj> makeBlockPtr(BuiltinCall &c) {
  if (!c.args.bind(
          {"base", "shape", "strides", "offsets", "block_shape", "order"}))
    return std::nullopt;
  auto base = c.args.tensor(0);
  if (!base)
    return std::nullopt;
  if (!base->type.elem.isPtr() || base->type.isBlock())
    return c.error("tl.make_block_ptr needs a scalar pointer as its base, "
                   "got " +
                   base->type.str());
  auto shape = tupleArg(c, 1, "shape");
  auto strides = shape ? tupleArg(c, 2, "strides") : std::nullopt;
  auto offsets = strides ? tupleArg(c, 3, "offsets") : std::nullopt;
  auto block = offsets ? constInts(c, 4, "block_shape") : std::nullopt;
  auto order = block ? constInts(c, 5, "order") : std::nullopt;
  if (!order)
    return std::nullopt;
  size_t rank = block->size();
  if (rank == 0 || shape->size() != rank || strides->size() != rank ||
      offsets->size() != rank || order->size() != rank)
    return c.error(
        "tl.make_block_ptr needs shape, strides, offsets, "
        "block_shape and order of one length, got " +
        std::to_string(shape->size()) + ", " + std::to_string(strides->size()) +
        ", " + std::to_string(offsets->size()) + ", " + std::to_string(rank) +
        " and " + std::to_string(order->size()));
  for (int64_t extent : *block)
    if (extent <= 0 || !llvm::isPowerOf2_64(extent))
      return c.error("tl.make_block_ptr's block_shape must be powers of two, "
                     "got " +
                     std::to_string(extent));
  std::vector<bool> seen(rank, false);
  for (int64_t d : *order) {
    if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d])
      return c.error("tl.make_block_ptr's order must be a permutation of 0.." +
                     std::to_string(rank - 1));
    seen[d] = true;
  }
  auto shapes = integerScalars(c, *shape, DType(DK::I64), 1, "the shape");
  auto strideValues =
      shapes ? integerScalars(c, *strides, DType(DK::I64), 2, "the strides")
             : std::nullopt;
  auto offsetValues = strideValues ? integerScalars(c, *offsets, DType(DK::I32),
                                                    3, "the offsets")
                                   : std::nullopt;
  if (!offsetValues)
    return std::nullopt;
  Obj bp;
  bp.kind = Kind::BlockPtr;
  bp.elems.push_back(*base);
  for (auto *part : {&*shapes, &*strideValues, &*offsetValues})
    bp.elems.insert(bp.elems.end(), part->begin(), part->end());
  bp.blockShape = *block;
  bp.order = *order;
  return bp;
}

/// `tl.advance(base, offsets)`: the block pointer moved by `offsets`.
std::optional<Obj> advance(BuiltinCall &c) {
  if (!c.args.bind({"base", "offsets"}))
    return std::nullopt;
  const std::optional<Obj> &bp = c.args.raw(0);
  if (!bp || bp->kind != Kind::BlockPtr)
    return c.error("tl.advance needs a block pointer (from "
                   "tl.make_block_ptr), got " +
                   (bp ? bp->describe() : std::string("nothing")));
  std::vector<Obj> list = listArg(c, 1);
  size_t rank = bp->blockShape.size();
  if (list.size() != rank)
    return c.error("tl.advance needs " + std::to_string(rank) +
                   " offsets for this block pointer, got " +
                   std::to_string(list.size()));
  auto values = integerScalars(c, list, DType(DK::I32), 1, "the offsets");
  if (!values)
    return std::nullopt;
  Obj moved = *bp;
  for (size_t d = 0; d < rank; ++d) {
    auto sum =
        c.cg.binaryOp(BinOp::Add, Parts(*bp).offsets[d], (*values)[d], c.l);
    if (!sum)
      return std::nullopt;
    moved.elems[1 + 2 * rank + d] = *sum;
  }
  return moved;
}

} // namespace

/// The pointers of a block and the mask of its checked dimensions.
struct BlockAddress {
  Obj ptr;
  std::optional<Obj> mask;
};

/// Whether the addresses of a block of `block` elements of `pointee` are
/// formed from its offsets and indices apart (blockAddress): where each
/// thread (of 32-lane warps, 64 on AMD) holds at least kSplitRows rows of
/// 16-byte accesses (NSA's decode:
/// 16 x 128 x 128 fp16 on 8 warps, 128 rows a thread), multiplying each
/// row's offset plus index by its stride in the loop costs more than the
/// registers of the indices' products, which stay the same from one
/// iteration to the next (3.2-3.7x faster on the H100). With fewer rows, those
/// registers cost more (attention's K and V tiles: 3% slower).
static bool formsAddressesApart(BuiltinCall &c, llvm::ArrayRef<int64_t> block,
                                DType pointee) {
  constexpr int64_t kSplitRows = 64;
  int64_t bytes = pointee.getBitWidth() / 8;
  for (int64_t extent : block)
    bytes *= extent;
  int64_t threads = int64_t(c.cg.numWarps) * (c.cg.vendor == "hip" ? 64 : 32);
  return bytes / (threads * 16) >= kSplitRows;
}

/// The addresses of the block `bp` names, of shape `block`: base + sum over
/// dimensions of position * stride, in 64 bits, where a dimension's
/// positions are its offset plus the indices along it, or, for dimension 0
/// where `rows` is given, that 1-D block of row indices (a descriptor's
/// gather and scatter); masked to 0 <= position < extent in the dimensions
/// `checked`. Where formsAddressesApart(), base + offset * stride (a
/// scalar) and index * stride (the same in every iteration of a loop that
/// advances the block) are added instead.
static std::optional<BlockAddress>
blockAddress(BuiltinCall &c, const Obj &bp, llvm::ArrayRef<int64_t> block,
             const std::vector<bool> &checked, const std::optional<Obj> &rows) {
  Parts parts(bp);
  bool apart = formsAddressesApart(c, block, parts.base.type.elem.getPointee());
  std::optional<Obj> base = parts.base;
  for (size_t d = 0; apart && d < block.size() && base; ++d) {
    if (d == 0 && rows)
      continue;
    auto offset = c.cg.cast(parts.offsets[d], DType(DK::I64), c.l);
    auto scaled =
        offset ? c.cg.binaryOp(BinOp::Mul, *offset, parts.strides[d], c.l)
               : std::nullopt;
    base =
        scaled ? c.cg.binaryOp(BinOp::Add, *base, *scaled, c.l) : std::nullopt;
  }
  std::optional<Obj> ptr =
      base ? c.cg.broadcastTo(*base, block, c.l) : std::nullopt;
  std::optional<Obj> mask;
  for (size_t d = 0; d < block.size() && ptr; ++d) {
    std::optional<Obj> position;
    if (apart && !(d == 0 && rows)) {
      auto index =
          c.cg.cast(axisIndices(c.cg, block, d, c.l), DType(DK::I64), c.l);
      auto scaled =
          index ? c.cg.binaryOp(BinOp::Mul, *index, parts.strides[d], c.l)
                : std::nullopt;
      ptr =
          scaled ? c.cg.binaryOp(BinOp::Add, *ptr, *scaled, c.l) : std::nullopt;
      if (!ptr || !checked[d])
        continue;
    }
    if (d == 0 && rows) {
      TType column{rows->type.elem, {block[0], 1}};
      position = c.cg.broadcastTo(
          Obj::tensor(tkcir::ExpandDimsOp::create(c.b, c.L, rows->value, 1),
                      column),
          block, c.l);
    } else {
      position = c.cg.binaryOp(BinOp::Add, axisIndices(c.cg, block, d, c.l),
                               parts.offsets[d], c.l);
    }
    auto wide =
        position ? c.cg.cast(*position, DType(DK::I64), c.l) : std::nullopt;
    if (!wide)
      return std::nullopt;
    if (!apart || (d == 0 && rows)) {
      auto scaled = c.cg.binaryOp(BinOp::Mul, *wide, parts.strides[d], c.l);
      ptr =
          scaled ? c.cg.binaryOp(BinOp::Add, *ptr, *scaled, c.l) : std::nullopt;
    }
    if (!ptr || !checked[d])
      continue;
    auto low = c.cg.compare(CmpOp::GtE, *wide, Obj::integer(0), c.l);
    auto high = low ? c.cg.compare(CmpOp::Lt, *wide, parts.shape[d], c.l)
                    : std::nullopt;
    auto inside =
        high ? c.cg.binaryOp(BinOp::BitAnd, *low, *high, c.l) : std::nullopt;
    if (inside && mask)
      inside = c.cg.binaryOp(BinOp::BitAnd, *mask, *inside, c.l);
    if (!inside)
      return std::nullopt;
    mask = inside;
  }
  if (!ptr)
    return std::nullopt;
  return BlockAddress{*ptr, mask};
}

/// The access of the block `bp` names, of shape `block` (see blockAddress
/// for `checked` and `rows`), with `padding` ("zero" or "nan") where a load
/// is masked off; `stored` is a store's value.
static std::optional<Obj>
accessBlock(BuiltinCall &c, const Obj &bp, llvm::ArrayRef<int64_t> block,
            const std::vector<bool> &checked, llvm::StringRef padding,
            std::optional<Obj> stored, Loc storedLoc, const AccessHints &hints,
            const std::optional<Obj> &rows = std::nullopt) {
  bool isLoad = !stored;
  DType pointee = Parts(bp).base.type.elem.getPointee();
  if (isLoad && padding == "nan" && !pointee.isFloat())
    return c.error("padding_option \"nan\" needs a floating-point block, "
                   "not " +
                   pointee.str());
  auto address = blockAddress(c, bp, block, checked, rows);
  if (!address)
    return std::nullopt;
  const std::optional<Obj> &mask = address->mask;

  std::optional<Obj> other;
  if (stored) {
    stored = c.cg.castObj(*stored, pointee, storedLoc);
    if (stored)
      stored = c.cg.broadcastTo(*stored, block, storedLoc);
    if (!stored)
      return std::nullopt;
  } else if (mask) {
    Obj fill = padding == "nan"
                   ? Obj::floating(std::numeric_limits<double>::quiet_NaN())
                   : Obj::integer(0);
    other = c.cg.castObj(fill, pointee, c.l);
    if (other)
      other = c.cg.broadcastTo(*other, block, c.l);
    if (!other)
      return std::nullopt;
  }
  return emitLoadStore(c, isLoad, address->ptr, stored, mask, other, hints);
}

std::optional<Obj> lowerBlockPointerAccess(BuiltinCall &c, const Obj &bp,
                                           bool isLoad, size_t maskIndex) {
  if (c.args.has(maskIndex) || (isLoad && c.args.has(2)))
    return c.error(std::string("tl.") + (isLoad ? "load" : "store") +
                   " through a block pointer takes boundary_check and "
                   "padding_option, not mask and other");
  size_t rank = bp.blockShape.size();
  std::vector<bool> checked(rank, false);
  for (const Obj &d : listArg(c, 3)) {
    auto n = c.cg.constInt(d, c.args.loc(3), "a boundary_check dimension");
    if (!n)
      return std::nullopt;
    if (*n < 0 || *n >= static_cast<int64_t>(rank))
      return c.error("boundary_check dimension " + std::to_string(*n) +
                     " is out of range for a block pointer of rank " +
                     std::to_string(rank));
    checked[*n] = true;
  }
  std::string padding = "zero";
  if (isLoad) {
    auto text = c.args.string(4, "");
    if (!text)
      return std::nullopt;
    if (!text->empty())
      padding = *text;
    if (padding != "zero" && padding != "nan")
      return c.error("padding_option must be \"zero\" or \"nan\", got \"" +
                     padding + "\"");
  }
  auto hints = readAccessHints(c, isLoad);
  if (!hints)
    return std::nullopt;
  std::optional<Obj> stored;
  if (!isLoad)
    stored = *c.args.raw(1);
  return accessBlock(c, bp, bp.blockShape, checked, padding, stored,
                     c.args.loc(1), *hints);
}

namespace {

/// Records that scalar `value` is a multiple of `divisor` (of its bytes, for
/// a pointer), as tl.multiple_of does, keeping a larger hint given before:
/// on the op that defines it, or on the kernel argument it is.
void assumeMultipleOf(mlir::Value value, int64_t divisor) {
  llvm::StringRef name = mlir::tkc::TKCDialect::kDivisibility;
  auto merged = [&](mlir::Attribute old) {
    int64_t given = 0;
    if (auto one = mlir::dyn_cast_or_null<mlir::IntegerAttr>(old))
      given = one.getInt();
    else if (auto ints = mlir::dyn_cast_or_null<mlir::DenseI32ArrayAttr>(old))
      given = ints.size() == 1 ? ints[0] : 0;
    return static_cast<int32_t>(std::max(given, divisor));
  };
  mlir::Builder b(value.getContext());
  if (mlir::Operation *def = value.getDefiningOp()) {
    if (!def->hasTrait<mlir::OpTrait::ConstantLike>())
      def->setAttr(name, b.getDenseI32ArrayAttr({merged(def->getAttr(name))}));
    return;
  }
  auto arg = mlir::cast<mlir::BlockArgument>(value);
  if (auto func = mlir::dyn_cast_or_null<mlir::func::FuncOp>(
          arg.getOwner()->getParentOp()))
    func.setArgAttr(
        arg.getArgNumber(), name,
        b.getI32IntegerAttr(merged(func.getArgAttr(arg.getArgNumber(), name))));
}

} // namespace

unsigned descriptorStrideAlignment(const DType &elem) {
  return 128 / std::max(8u, elem.getBitWidth());
}

namespace {

/// `o` as the product of a constant and integer kernel arguments: the
/// constant, then the arguments' names; empty if it is another value.
llvm::SmallVector<mlir::Attribute>
argumentProduct(const CodeGen &cg, const Obj &o, mlir::Builder &b) {
  int64_t scale = 1;
  llvm::SmallVector<mlir::Attribute> args;
  // Multiplies `term`'s factors in, in source order; false for a term that
  // is no such product.
  std::function<bool(mlir::Value)> multiply = [&](mlir::Value term) {
    auto name = cg.argumentNames.find(term);
    mlir::APInt constant;
    if (name != cg.argumentNames.end()) {
      args.push_back(b.getStringAttr(name->second));
      return term.getType().isInteger(); // Not a pointer.
    }
    if (auto ext = term.getDefiningOp<mlir::arith::ExtSIOp>())
      return multiply(ext.getIn());
    if (auto mul = term.getDefiningOp<mlir::arith::MulIOp>())
      return multiply(mul.getLhs()) && multiply(mul.getRhs());
    return mlir::matchPattern(term, mlir::m_ConstantInt(&constant)) &&
           !llvm::MulOverflow(scale, constant.getSExtValue(), scale);
  };
  if (o.kind == Kind::Int || o.kind == Kind::Bool) {
    if (o.intValue < std::numeric_limits<int64_t>::min() ||
        o.intValue > std::numeric_limits<int64_t>::max())
      return {};
    scale = static_cast<int64_t>(o.intValue);
  } else if (o.kind != Kind::Tensor || o.type.isBlock() || !multiply(o.value))
    return {};
  if (args.size() > tkc::metadata::kMaxTensorMapOperandArgs)
    return {};
  args.insert(args.begin(), b.getI64IntegerAttr(scale));
  return args;
}

/// The product `factors` (argumentProduct's) as the source spells it.
std::string spellProduct(llvm::ArrayRef<mlir::Attribute> factors) {
  llvm::SmallVector<std::string> parts;
  int64_t scale = llvm::cast<mlir::IntegerAttr>(factors.front()).getInt();
  for (mlir::Attribute arg : factors.drop_front())
    parts.push_back(llvm::cast<mlir::StringAttr>(arg).str());
  if (scale != 1 || parts.empty())
    parts.push_back(std::to_string(scale));
  return llvm::join(parts, "*");
}

} // namespace

std::string CodeGen::recordTensorDescriptor(
    std::string name, const Obj &base, llvm::ArrayRef<Obj> shape,
    llvm::ArrayRef<Obj> strides, llvm::ArrayRef<int64_t> blockShape) {
  mlir::Builder b(&ctx);
  auto baseName = argumentNames.find(base.value);
  if (base.kind != Kind::Tensor || baseName == argumentNames.end())
    return "";
  llvm::SmallVector<mlir::Attribute> extents, steps;
  llvm::SmallVector<std::string> spelt[2];
  for (auto [list, values, out] : {std::tuple(&extents, shape, &spelt[0]),
                                   std::tuple(&steps, strides, &spelt[1])})
    for (const Obj &value : values) {
      llvm::SmallVector<mlir::Attribute> factors =
          argumentProduct(*this, value, b);
      if (factors.empty())
        return "";
      out->push_back(spellProduct(factors));
      list->push_back(b.getArrayAttr(factors));
    }
  // The last stride must be 1 (TMA moves rows of consecutive elements).
  if (steps.empty() || spelt[1].back() != "1")
    return "";
  steps.pop_back();
  if (name.empty()) {
    llvm::SmallVector<std::string> block;
    for (int64_t extent : blockShape)
      block.push_back(std::to_string(extent));
    name = "tl.make_tensor_descriptor(" + baseName->second + ", [" +
           llvm::join(spelt[0], ", ") + "], [" + llvm::join(spelt[1], ", ") +
           "], [" + llvm::join(block, ", ") + "])";
  }
  if (llvm::none_of(tensorDescriptors, [&](const mlir::NamedAttribute &known) {
        return known.getName() == name;
      }))
    tensorDescriptors.push_back(b.getNamedAttr(
        name, b.getDictionaryAttr(
                  {b.getNamedAttr("base", b.getStringAttr(baseName->second)),
                   b.getNamedAttr("shape", b.getArrayAttr(extents)),
                   b.getNamedAttr("strides", b.getArrayAttr(steps))})));
  return name;
}

Obj tensorDescriptor(const Obj &base, llvm::ArrayRef<Obj> shape,
                     llvm::ArrayRef<Obj> strides,
                     llvm::ArrayRef<int64_t> blockShape, std::string padding) {
  assumeMultipleOf(base.value, 16);
  for (const Obj &stride : strides.drop_back())
    if (stride.kind == Kind::Tensor)
      assumeMultipleOf(stride.value,
                       descriptorStrideAlignment(base.type.elem.getPointee()));
  Obj desc;
  desc.kind = Kind::TensorDesc;
  desc.elems.push_back(base);
  desc.elems.insert(desc.elems.end(), shape.begin(), shape.end());
  desc.elems.insert(desc.elems.end(), strides.begin(), strides.end());
  desc.blockShape.assign(blockShape.begin(), blockShape.end());
  desc.str = std::move(padding);
  return desc;
}

namespace {

/// `tl.make_tensor_descriptor(base, shape, strides, block_shape,
/// padding_option)`: on every target, its loads and stores are the masked
/// accesses of a block pointer at the offsets they are given.
std::optional<Obj> makeTensorDescriptor(BuiltinCall &c) {
  if (!c.args.bind(
          {"base", "shape", "strides", "block_shape", "padding_option="}))
    return std::nullopt;
  auto base = c.args.tensor(0);
  if (!base)
    return std::nullopt;
  if (!base->type.elem.isPtr() || base->type.isBlock())
    return c.error("tl.make_tensor_descriptor needs a scalar pointer as its "
                   "base, got " +
                   base->type.str());
  auto shape = tupleArg(c, 1, "shape");
  auto strides = shape ? tupleArg(c, 2, "strides") : std::nullopt;
  auto block = strides ? constInts(c, 3, "block_shape") : std::nullopt;
  auto padding = block ? c.args.string(4, "zero") : std::nullopt;
  if (!padding)
    return std::nullopt;
  size_t rank = block->size();
  if (rank == 0 || shape->size() != rank || strides->size() != rank)
    return c.error("tl.make_tensor_descriptor needs shape, strides and "
                   "block_shape of one length");
  for (int64_t extent : *block)
    if (extent <= 0 || !llvm::isPowerOf2_64(extent))
      return c.error("tl.make_tensor_descriptor's block_shape must be powers "
                     "of two, got " +
                     std::to_string(extent));
  if (*padding != "zero" && *padding != "nan")
    return c.error("padding_option must be \"zero\" or \"nan\", got \"" +
                   *padding + "\"");
  auto shapes = integerScalars(c, *shape, DType(DK::I64), 1, "the shape");
  auto strideValues =
      shapes ? integerScalars(c, *strides, DType(DK::I64), 2, "the strides")
             : std::nullopt;
  if (!strideValues)
    return std::nullopt;
  // The strides as given (an i32 kernel argument before its extension):
  // what is known of them is known of the argument everywhere.
  for (const Obj &stride : llvm::ArrayRef(*strides).drop_back())
    if (stride.kind == Kind::Tensor)
      assumeMultipleOf(stride.value,
                       descriptorStrideAlignment(base->type.elem.getPointee()));
  Obj desc = tensorDescriptor(*base, *shapes, *strideValues, *block, *padding);
  // Made of the kernel's arguments, it is the same in every program: a
  // launcher can encode its tensor map as it does a host descriptor's.
  desc.hostDescriptor =
      c.cg.recordTensorDescriptor("", *base, *shape, *strides, *block);
  return desc;
}

/// The tensor descriptor a descriptor method or function is given first;
/// nullopt after an error.
std::optional<Obj> descriptorArg(BuiltinCall &c) {
  const std::optional<Obj> &given = c.args.raw(0);
  if (!given || given->kind != Kind::TensorDesc)
    return c.error("tl." + c.name.str() +
                   " needs a tensor descriptor (from "
                   "tl.make_tensor_descriptor), got " +
                   (given ? given->describe() : std::string("nothing")));
  return *given;
}

/// The block of descriptor `desc` at `offsets` (argument `index`): a block
/// pointer whose offsets are those, its order row-major; nullopt after an
/// error.
std::optional<Obj> descriptorBlock(BuiltinCall &c, const Obj &desc,
                                   const std::vector<Obj> &offsets,
                                   size_t index) {
  size_t rank = desc.blockShape.size();
  if (offsets.size() != rank)
    return c.error("a tensor descriptor of rank " + std::to_string(rank) +
                   " needs " + std::to_string(rank) + " offsets, got " +
                   std::to_string(offsets.size()));
  auto values =
      integerScalars(c, offsets, DType(DK::I32), index, "the offsets");
  if (!values)
    return std::nullopt;
  Obj block = desc;
  block.kind = Kind::BlockPtr;
  block.elems.insert(block.elems.end(), values->begin(), values->end());
  for (size_t d = rank; d-- > 0;)
    block.order.push_back(static_cast<int64_t>(d));
  return block;
}

/// The descriptor a method is given first and its block at the offsets of
/// argument 1 (a tuple, or one offset for rank 1); nullopt after an error.
std::optional<std::pair<Obj, Obj>> descriptorAndBlock(BuiltinCall &c) {
  auto desc = descriptorArg(c);
  if (!desc)
    return std::nullopt;
  auto block = descriptorBlock(c, *desc, listArg(c, 1), 1);
  if (!block)
    return std::nullopt;
  return std::make_pair(*desc, *block);
}

/// `desc.load(offsets)` and `desc.store(offsets, value)` (and their
/// functional forms tl.load_tensor_descriptor, tl.store_tensor_descriptor):
/// the block at `offsets`, every dimension checked against the shape.
std::optional<Obj> accessTensorDescriptor(BuiltinCall &c) {
  bool isLoad = c.name == "load" || c.name == "load_tensor_descriptor";
  if (!(isLoad ? c.args.bind({"desc", "offsets"})
               : c.args.bind({"desc", "offsets", "value"})))
    return std::nullopt;
  auto parts = descriptorAndBlock(c);
  if (!parts)
    return std::nullopt;
  auto &[desc, block] = *parts;
  std::optional<Obj> stored;
  if (!isLoad)
    stored = *c.args.raw(2);
  size_t rank = desc.blockShape.size();
  auto result = accessBlock(c, block, desc.blockShape,
                            std::vector<bool>(rank, true), desc.str, stored,
                            isLoad ? c.l : c.args.loc(2), AccessHints());
  // An access of a host descriptor's block names it, for targets that load
  // and store through the descriptor itself (tkc.load's and tkc.store's
  // `box`). A store is the last op emitted.
  if (!result || desc.hostDescriptor.empty())
    return result;
  auto name = [&](auto access) {
    for (const Obj &offset : Parts(block).offsets)
      access.getBoxMutable().append(offset.value);
    access.setDescriptor(desc.hostDescriptor);
  };
  if (isLoad) {
    if (auto load = result->value.getDefiningOp<tkcir::LoadOp>())
      name(load);
  } else if (c.b.getInsertionPoint() != c.b.getInsertionBlock()->begin()) {
    if (auto store =
            llvm::dyn_cast<tkcir::StoreOp>(*std::prev(c.b.getInsertionPoint())))
      name(store);
  }
  return result;
}

/// `desc.gather(x_offsets, y_offset)` and `desc.scatter(value, x_offsets,
/// y_offset)` of a 2-D descriptor whose block is one row: the rows
/// `x_offsets` (a 1-D block of N indices) from column `y_offset`, an N x
/// columns block; what lies outside the shape reads zero and is not
/// written. Triton's limits (at least 8 rows and 32 bytes of columns) are
/// kept, so that what tkc accepts Triton accepts too.
std::optional<Obj> gatherScatterTensorDescriptor(BuiltinCall &c) {
  bool isGather = c.name == "gather";
  if (!(isGather ? c.args.bind({"desc", "x_offsets", "y_offset"})
                 : c.args.bind({"desc", "value", "x_offsets", "y_offset"})))
    return std::nullopt;
  size_t rowsIndex = isGather ? 1 : 2;
  auto desc = descriptorArg(c);
  if (!desc)
    return std::nullopt;
  llvm::ArrayRef<int64_t> shape = desc->blockShape;
  if (shape.size() != 2 || shape[0] != 1)
    return c.error("tensor_descriptor." + c.name.str() +
                   " needs a 2-D descriptor whose block is one row");
  auto rows = c.args.tensor(rowsIndex);
  if (!rows)
    return std::nullopt;
  if (!rows->type.elem.isInt() || rows->type.shape.size() != 1)
    return c.error("x_offsets of tensor_descriptor." + c.name.str() +
                   " must be a 1-D block of integers, got " + rows->type.str());
  DType elem = desc->elems.front().type.elem.getPointee();
  int64_t minColumns = 256 / std::max(8u, elem.getBitWidth());
  if (rows->type.shape[0] < 8 || shape[1] < minColumns)
    return c.error(
        "tensor_descriptor." + c.name.str() + " needs at least 8 rows and " +
        std::to_string(minColumns) + " columns of " + elem.str() + ", got " +
        std::to_string(rows->type.shape[0]) + " x " + std::to_string(shape[1]));
  // The block at (0, y_offset), whose rows are then `rows`.
  auto column = c.args.get(rowsIndex + 1);
  if (!column)
    return c.error("tensor_descriptor." + c.name.str() + " needs y_offset");
  auto block =
      descriptorBlock(c, *desc, {Obj::integer(0), *column}, rowsIndex + 1);
  if (!block)
    return std::nullopt;
  llvm::SmallVector<int64_t> gathered = {rows->type.shape[0], shape[1]};
  std::optional<Obj> stored;
  if (!isGather)
    stored = *c.args.raw(1);
  return accessBlock(c, *block, gathered, {true, true}, desc->str, stored,
                     isGather ? c.l : c.args.loc(1), AccessHints(), *rows);
}

/// `desc.atomic_add(offsets, value)`, and atomic_min, _max, _and, _or and
/// _xor: relaxed atomics on the block at `offsets`, which leave what lies
/// outside the shape alone. The dtypes are Triton's; 16-bit float minima
/// and maxima need TMA's reductions, which tkc does not lower yet.
std::optional<Obj> atomicTensorDescriptor(BuiltinCall &c) {
  if (!c.args.bind({"desc", "offsets", "value"}))
    return std::nullopt;
  auto parts = descriptorAndBlock(c);
  if (!parts)
    return std::nullopt;
  auto &[desc, block] = *parts;
  llvm::StringRef kind = c.name.drop_front(llvm::StringRef("atomic_").size());
  DType elem = desc.elems.front().type.elem.getPointee();
  DK k = elem.getKind();
  bool integer = k == DK::I32 || k == DK::U32 || k == DK::I64 || k == DK::U64;
  bool halfFloat = k == DK::FP16 || k == DK::BF16;
  if (halfFloat && (kind == "min" || kind == "max"))
    return c.error("tensor_descriptor." + c.name.str() + " of " + elem.str() +
                   " needs TMA's reductions, which tkc does not lower yet");
  bool supported = kind == "add"
                       ? (integer && k != DK::I64) || halfFloat || k == DK::FP32
                       : integer;
  if (!supported)
    return c.error("tensor_descriptor." + c.name.str() + " does not support " +
                   elem.str());
  auto value = c.cg.castObj(*c.args.raw(2), elem, c.args.loc(2));
  if (!value)
    return std::nullopt;
  if (value->type.shape != llvm::ArrayRef(desc.blockShape))
    return c.error("tensor_descriptor." + c.name.str() +
                   " needs a value of the block's shape, got " +
                   value->type.str());
  size_t rank = desc.blockShape.size();
  auto address = blockAddress(c, block, desc.blockShape,
                              std::vector<bool>(rank, true), std::nullopt);
  if (!address)
    return std::nullopt;
  return emitAtomicRMW(c, kind, address->ptr, *value, address->mask,
                       tkcir::MemSemantic::relaxed, tkcir::MemSyncScope::gpu);
}

} // namespace

llvm::ArrayRef<BuiltinEntry> blockPointerBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.make_block_ptr", makeBlockPtr},
      {"tl.advance", advance, "advance"},
      {"tl.make_tensor_descriptor", makeTensorDescriptor},
      {"tensor_descriptor.load", accessTensorDescriptor},
      {"tensor_descriptor.store", accessTensorDescriptor},
      {"tl.load_tensor_descriptor", accessTensorDescriptor},
      {"tl.store_tensor_descriptor", accessTensorDescriptor},
      {"tensor_descriptor.gather", gatherScatterTensorDescriptor},
      {"tensor_descriptor.scatter", gatherScatterTensorDescriptor},
      {"tensor_descriptor.atomic_add", atomicTensorDescriptor},
      {"tensor_descriptor.atomic_min", atomicTensorDescriptor},
      {"tensor_descriptor.atomic_max", atomicTensorDescriptor},
      {"tensor_descriptor.atomic_and", atomicTensorDescriptor},
      {"tensor_descriptor.atomic_or", atomicTensorDescriptor},
      {"tensor_descriptor.atomic_xor", atomicTensorDescriptor},
  };
  return entries;
}

} // namespace tkc::frontend
