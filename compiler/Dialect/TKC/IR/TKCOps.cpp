//===- TKCOps.cpp - Verifiers, folders and canonicalizations of tkc ops ---===//
//
// Everything about tkc ops that ODS cannot say declaratively: shape and type
// rules with readable diagnostics, folds of identity and constant cases, and
// canonicalization patterns that simplify block construction (splat,
// broadcast, expand_dims, reshape, trans) and constant masks.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tkc;

/// Prints a shape as `AxBxC` for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(shape, os, "x");
  return s;
}

/// If `attr` is a splat constant of a tensor, returns it re-shaped to
/// `resultType` (same element type); otherwise null. Used by every
/// shape-only op to fold a constant operand.
static OpFoldResult foldSplatConstant(Attribute attr, Type resultType) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!splat)
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(resultType),
                                splat.getSplatValue<Attribute>());
}

/// Folds a shape-only op: to its source when the types already agree, to a
/// constant when the source is a splat constant.
static OpFoldResult foldShapeOp(Value src, Attribute srcAttr, Type resultType) {
  if (src.getType() == resultType)
    return src;
  return foldSplatConstant(srcAttr, resultType);
}

namespace {
/// `OP(tkc.splat %x)` -> `tkc.splat %x` for shape-only ops OP: moving a
/// uniform block around changes nothing but its shape.
template <typename OpTy>
struct SplatThroughShapeOp : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// program_id, num_programs
//===----------------------------------------------------------------------===//

static LogicalResult verifyGridAxis(Operation *op, int32_t axis) {
  if (axis < 0 || axis > 2)
    return op->emitOpError("axis must be 0, 1 or 2 (x, y or z), got ") << axis;
  return success();
}

LogicalResult ProgramIdOp::verify() { return verifyGridAxis(*this, getAxis()); }
LogicalResult NumProgramsOp::verify() {
  return verifyGridAxis(*this, getAxis());
}

//===----------------------------------------------------------------------===//
// make_range
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  auto type = getType();
  if (type.getRank() != 1 || !type.getElementType().isInteger(32))
    return emitOpError("result must be a 1-D block of i32, got ") << type;
  int64_t start = getStart(), end = getEnd();
  if (end <= start)
    return emitOpError("end (")
           << end << ") must be greater than start (" << start << ")";
  if (type.getDimSize(0) != end - start)
    return emitOpError("result has ")
           << type.getDimSize(0) << " elements but the range [" << start << ", "
           << end << ") has " << end - start;
  if (!llvm::isPowerOf2_64(end - start))
    return emitOpError("range size ")
           << end - start << " must be a power of two";
  return success();
}

//===----------------------------------------------------------------------===//
// splat
//===----------------------------------------------------------------------===//

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  if (!isa_and_nonnull<IntegerAttr, FloatAttr>(adaptor.getSrc()))
    return {};
  return DenseElementsAttr::get(getType(), adaptor.getSrc());
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto srcType = getSrc().getType();
  auto resultType = getType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError("source rank ")
           << srcType.getRank() << " differs from result rank "
           << resultType.getRank() << "; use tkc.expand_dims first";
  for (auto [i, dims] :
       llvm::enumerate(llvm::zip(srcType.getShape(), resultType.getShape()))) {
    auto [src, result] = dims;
    if (src != result && src != 1)
      return emitOpError("cannot broadcast dimension ")
             << i << " of size " << src << " to " << result
             << " (only size-1 dimensions broadcast)";
  }
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  return foldShapeOp(getSrc(), adaptor.getSrc(), getType());
}

namespace {
/// broadcast(broadcast(x)) -> broadcast(x).
struct BroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<SplatThroughShapeOp<BroadcastOp>, BroadcastOfBroadcast>(context);
}

//===----------------------------------------------------------------------===//
// expand_dims
//===----------------------------------------------------------------------===//

void ExpandDimsOp::build(OpBuilder &builder, OperationState &state, Value src,
                         int axis) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  build(builder, state, RankedTensorType::get(shape, srcType.getElementType()),
        src, axis);
}

LogicalResult ExpandDimsOp::verify() {
  auto srcShape = getSrc().getType().getShape();
  int64_t axis = getAxis();
  if (axis < 0 || axis > static_cast<int64_t>(srcShape.size()))
    return emitOpError("axis ")
           << axis << " is out of range [0, " << srcShape.size() << "]";
  SmallVector<int64_t> expected(srcShape);
  expected.insert(expected.begin() + axis, 1);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeStr(getType().getShape()) << " must be "
           << shapeStr(expected) << " (a size-1 dimension inserted at axis "
           << axis << ")";
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldShapeOp(getSrc(), adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<SplatThroughShapeOp<ExpandDimsOp>>(context);
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto srcType = getSrc().getType();
  if (srcType.getNumElements() != getType().getNumElements())
    return emitOpError("cannot reshape ")
           << srcType.getNumElements() << " elements ("
           << shapeStr(srcType.getShape()) << ") into "
           << getType().getNumElements() << " ("
           << shapeStr(getType().getShape()) << ")";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  return foldShapeOp(getSrc(), adaptor.getSrc(), getType());
}

namespace {
/// reshape(reshape(x)) -> reshape(x); either one allowing reorder makes the
/// combined one allow it.
struct ReshapeOfReshape : public OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return failure();
    auto combined = rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(),
                                                           inner.getSrc());
    combined.setAllowReorder(op.getAllowReorder() || inner.getAllowReorder());
    return success();
  }
};
} // namespace

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SplatThroughShapeOp<ReshapeOp>, ReshapeOfReshape>(context);
}

//===----------------------------------------------------------------------===//
// trans
//===----------------------------------------------------------------------===//

void TransOp::build(OpBuilder &builder, OperationState &state, Value src,
                    ArrayRef<int32_t> order) {
  auto srcType = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape;
  for (int32_t dim : order)
    shape.push_back(srcType.getDimSize(dim));
  build(builder, state, RankedTensorType::get(shape, srcType.getElementType()),
        src, builder.getDenseI32ArrayAttr(order));
}

/// Whether `joined` is `single`'s shape with a last dimension of 2.
static bool isJoinedShape(RankedTensorType single, RankedTensorType joined) {
  SmallVector<int64_t> shape(single.getShape());
  shape.push_back(2);
  return joined.getShape() == ArrayRef<int64_t>(shape);
}

LogicalResult JoinOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  if (!isJoinedShape(lhs, cast<RankedTensorType>(getType())))
    return emitOpError("result must have the operands' shape plus a last "
                       "dimension of 2");
  return success();
}

LogicalResult SplitOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (!isJoinedShape(cast<RankedTensorType>(getOutLHS().getType()), src))
    return emitOpError("source must have the results' shape plus a last "
                       "dimension of 2");
  return success();
}

LogicalResult TransOp::verify() {
  auto srcShape = getSrc().getType().getShape();
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != srcShape.size())
    return emitOpError("order has ")
           << order.size() << " entries but the source has rank "
           << srcShape.size();
  SmallVector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= static_cast<int32_t>(order.size()) || seen[dim])
      return emitOpError("order must be a permutation of [0, ")
             << order.size() << ")";
    seen[dim] = true;
  }
  SmallVector<int64_t> expected;
  for (int32_t dim : order)
    expected.push_back(srcShape[dim]);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeStr(getType().getShape()) << " must be "
           << shapeStr(expected) << " for this order";
  return success();
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity)
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

namespace {
/// trans(trans(x, inner), outer) -> trans(x, inner[outer[i]]).
struct TransOfTrans : public OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return failure();
    SmallVector<int32_t> order;
    for (int32_t dim : op.getOrder())
      order.push_back(inner.getOrder()[dim]);
    rewriter.replaceOpWithNewOp<TransOp>(op, inner.getSrc(), order);
    return success();
  }
};
} // namespace

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SplatThroughShapeOp<TransOp>, TransOfTrans>(context);
}

//===----------------------------------------------------------------------===//
// addptr
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  if (adaptor.getOffset() && matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// load, store
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  build(builder, state, getPointeeTypeLike(ptr.getType()), ptr, mask, other,
        /*box=*/ValueRange(), /*cache=*/nullptr, /*evict=*/nullptr,
        /*is_volatile=*/false, /*descriptor=*/nullptr);
}

/// Checks the block of a tensor descriptor that load or store `op` names:
/// one coordinate of `box` per dimension of `type` (its value), and none
/// without a descriptor.
static LogicalResult verifyDescriptorBox(Operation *op, StringAttr descriptor,
                                         ValueRange box, Type type) {
  if (descriptor) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getRank() != static_cast<int64_t>(box.size()))
      return op->emitOpError("a descriptor's block needs one box coordinate "
                             "per dimension");
  } else if (!box.empty()) {
    return op->emitOpError("box coordinates need a descriptor");
  }
  return success();
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' is only meaningful with a mask");
  return verifyDescriptorBox(*this, getDescriptorAttr(), getBox(), getType());
}

void StoreOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                    Value value, Value mask, CacheModifierAttr cache,
                    EvictionPolicyAttr evict) {
  build(builder, state, ptr, value, mask, /*box=*/ValueRange(), cache, evict,
        /*descriptor=*/nullptr);
}

LogicalResult StoreOp::verify() {
  return verifyDescriptorBox(*this, getDescriptorAttr(), getBox(),
                             getValue().getType());
}

namespace {
/// A load whose mask is a constant: all-true drops the mask (and other);
/// all-false becomes `other` when there is one.
struct LoadWithConstantMask : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (matchPattern(mask, m_Zero()) && op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};

/// A store whose mask is a constant: all-true drops the mask; all-false
/// erases the store.
struct StoreWithConstantMask : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (matchPattern(mask, m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<LoadWithConstantMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<StoreWithConstantMask>(context);
}

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto aType = getA().getType(), bType = getB().getType();
  auto dType = getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError("operands must be 2-D, or 3-D with a batch dimension; "
                       "a has rank ")
           << rank;
  if (bType.getRank() != rank || dType.getRank() != rank)
    return emitOpError("a, b and the accumulator must have the same rank, got ")
           << rank << ", " << bType.getRank() << " and " << dType.getRank();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape();
  if (a[rank - 1] != b[rank - 2])
    return emitOpError("inner dimensions differ: a is ")
           << shapeStr(a) << ", b is " << shapeStr(b);
  SmallVector<int64_t> expected(a.begin(), a.end() - 1);
  expected.push_back(b[rank - 1]);
  if (rank == 3 && a[0] != b[0])
    return emitOpError("batch dimensions differ: ") << a[0] << " vs " << b[0];
  if (dType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeStr(dType.getShape()) << " must be " << shapeStr(expected);
  Type aElem = aType.getElementType(), bElem = bType.getElementType();
  Type dElem = dType.getElementType();
  bool floatInputs = isa<FloatType>(aElem) && isa<FloatType>(bElem);
  bool intInputs = aElem.isInteger() && bElem.isInteger();
  if (!floatInputs && !intInputs)
    return emitOpError("a and b must both be float or both be integer, got ")
           << aElem << " and " << bElem;
  if (floatInputs != isa<FloatType>(dElem))
    return emitOpError("accumulator type ")
           << dElem << " does not match " << (floatInputs ? "float" : "integer")
           << " inputs";
  return success();
}

//===----------------------------------------------------------------------===//
// reduce, scan
//===----------------------------------------------------------------------===//

/// Checks what reduce and scan share: sources of one shape and a valid
/// axis. Returns that shape's type in `first`.
static LogicalResult verifyCombineSources(Operation *op, ValueRange srcs,
                                          int32_t axis,
                                          RankedTensorType &first) {
  if (srcs.empty())
    return op->emitOpError("needs at least one source block");
  first = cast<RankedTensorType>(srcs.front().getType());
  for (Value src : srcs.drop_front()) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("all sources must have one shape, got ")
             << first << " and " << type;
  }
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for rank " << first.getRank();
  return success();
}

/// Checks a region of scalar ops (a combine function, a mapped function):
/// its entry block takes `args`, and each of its returns (it may branch to
/// several) gives `results`.
template <typename ReturnOpTy>
static LogicalResult verifyScalarRegion(Operation *op, Region &region,
                                        TypeRange args, TypeRange results) {
  Block &entry = region.front();
  if (entry.getArgumentTypes() != args) {
    auto diag = op->emitOpError("region must take ")
                << args.size() << " scalars (";
    llvm::interleaveComma(args, diag);
    return diag << "), got (" << entry.getArgumentTypes() << ")";
  }
  bool returns = false;
  for (Block &block : region) {
    auto ret =
        dyn_cast_or_null<ReturnOpTy>(block.empty() ? nullptr : &block.back());
    if (!ret)
      continue;
    returns = true;
    if (TypeRange(ret->getOperandTypes()) != results) {
      auto diag = ret.emitOpError("must return ")
                  << results.size() << " value(s) of type(s) (";
      llvm::interleaveComma(results, diag);
      return diag << "), got (" << ret->getOperandTypes() << ")";
    }
  }
  if (!returns)
    return op->emitOpError("region must end in ")
           << ReturnOpTy::getOperationName();
  return success();
}

/// A combine region takes 2N scalars of the N sources' element types and
/// returns N.
template <typename ReturnOpTy>
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         ValueRange srcs) {
  SmallVector<Type> elemTypes;
  for (Value src : srcs)
    elemTypes.push_back(getElementTypeOrSelf(src.getType()));
  SmallVector<Type> args(elemTypes);
  args.append(elemTypes);
  return verifyScalarRegion<ReturnOpTy>(op, region, args, elemTypes);
}

LogicalResult ReduceOp::verify() {
  RankedTensorType srcType;
  if (failed(verifyCombineSources(*this, getSrcs(), getAxis(), srcType)))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("has ") << getSrcs().size() << " sources but "
                               << getNumResults() << " results";
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + getAxis());
  for (auto [src, result] : llvm::zip(getSrcs(), getResults())) {
    Type elem = getElementTypeOrSelf(src.getType());
    // Layout encodings (tkc_gpu) may differ; shape and element type may not.
    Type expected = shape.empty() ? elem : RankedTensorType::get(shape, elem);
    auto resultTensor = dyn_cast<RankedTensorType>(result.getType());
    Type actual = resultTensor
                      ? RankedTensorType::get(resultTensor.getShape(),
                                              resultTensor.getElementType())
                      : result.getType();
    if (actual != expected)
      return emitOpError("result type ")
             << result.getType() << " must be " << expected
             << " (the source without axis " << getAxis() << ")";
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion<ReduceReturnOp>(*this, getCombineOp(), getSrcs());
}

LogicalResult ScanOp::verify() {
  RankedTensorType srcType;
  if (failed(verifyCombineSources(*this, getSrcs(), getAxis(), srcType)))
    return failure();
  if (TypeRange(getResultTypes()) != TypeRange(getSrcs().getTypes()))
    return emitOpError("result types must equal the source types");
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion<ScanReturnOp>(*this, getCombineOp(), getSrcs());
}

//===----------------------------------------------------------------------===//
// atomic_rmw, atomic_cas
//===----------------------------------------------------------------------===//

/// Atomics work on 16-, 32- and 64-bit integers and floats.
static LogicalResult verifyAtomicElement(Operation *op, Type elem) {
  if (!isa<IntegerType, FloatType>(elem))
    return op->emitOpError("atomics need an integer or float pointee, got ")
           << elem;
  unsigned width = elem.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return op->emitOpError("atomics need a 16-, 32- or 64-bit pointee, got ")
           << elem;
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  if (failed(verifyAtomicElement(*this, elem)))
    return failure();
  bool isFloat = isa<FloatType>(elem);
  switch (getRmwOp()) {
  case RMWOp::fadd:
    if (!isFloat)
      return emitOpError("fadd needs a float pointee, got ") << elem;
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::add:
  case RMWOp::umax:
  case RMWOp::umin:
    if (isFloat)
      return emitOpError() << stringifyRMWOp(getRmwOp())
                           << " needs an integer pointee, got " << elem;
    break;
  case RMWOp::max:
  case RMWOp::min:
  case RMWOp::xchg:
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  return verifyAtomicElement(*this, getElementTypeOrSelf(getVal().getType()));
}

//===----------------------------------------------------------------------===//
// ptr_cast, fp_to_fp
//===----------------------------------------------------------------------===//

LogicalResult PtrCastOp::verify() {
  auto src = cast<PointerType>(getElementTypeOrSelf(getSrc().getType()));
  auto dst = cast<PointerType>(getElementTypeOrSelf(getType()));
  if (src.getAddressSpace() != dst.getAddressSpace())
    return emitOpError("cannot change the address space (")
           << src.getAddressSpace() << " to " << dst.getAddressSpace() << ")";
  return success();
}

OpFoldResult PtrCastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t rank = src.getRank();
  if (indices.getRank() != rank)
    return emitOpError("needs indices of the source's rank ")
           << rank << ", got " << indices.getRank();
  if (getAxis() < 0 || getAxis() >= rank)
    return emitOpError("axis ") << getAxis() << " is out of range";
  for (int64_t d = 0; d < rank; ++d)
    if (d != getAxis() && indices.getDimSize(d) != src.getDimSize(d))
      return emitOpError("needs indices of the source's shape but along the "
                         "axis, got ")
             << indices << " for " << src;
  if (result.getShape() != indices.getShape() ||
      result.getElementType() != src.getElementType())
    return emitOpError("result must have the indices' shape and the "
                       "source's element type");
  return success();
}

LogicalResult HistogramOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (result.getRank() != 1 || !result.getElementType().isInteger(32))
    return emitOpError("result must be a 1-D block of i32 (the bins)");
  if (getMask() &&
      cast<RankedTensorType>(getMask().getType()).getShape() != src.getShape())
    return emitOpError("mask must have the source's shape");
  return success();
}

LogicalResult ExternElementwiseOp::verify() {
  if (getArgs().empty())
    return emitOpError("needs at least one argument");
  Type first = getArgs().front().getType();
  // A vendor's symbol or an LLVM intrinsic in full takes the types that
  // symbol takes.
  bool named =
      getFunction().starts_with("__") || getFunction().starts_with("llvm.");
  if (!named && !isa<FloatType>(getElementTypeOrSelf(first)))
    return emitOpError("needs a float first argument");
  auto shapeOf = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor ? tensor.getShape() : ArrayRef<int64_t>();
  };
  for (Type t : getArgs().getTypes())
    if (shapeOf(t) != shapeOf(first) ||
        (!named && t != first && !getElementTypeOrSelf(t).isInteger()))
      return emitOpError("needs arguments of one shape, and of one type but "
                         "for integer parameters");
  if (shapeOf(first) != shapeOf(getType()))
    return emitOpError("needs a result of its arguments' shape");
  return success();
}

/// Checks that an op applied element by element (in packs) has at least one
/// result and operands and results of one shape.
static LogicalResult verifyOneShape(Operation *op, TypeRange operands,
                                    TypeRange results) {
  if (results.empty())
    return op->emitOpError("needs at least one result");
  auto shapeOf = [](Type t) {
    auto shaped = dyn_cast<RankedTensorType>(t);
    return shaped ? shaped.getShape() : ArrayRef<int64_t>();
  };
  ArrayRef<int64_t> shape = shapeOf(results.front());
  for (Type t : llvm::concat<const Type>(operands, results))
    if (shapeOf(t) != shape)
      return op->emitOpError("needs operands and results of one shape");
  return success();
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() < 1)
    return emitOpError("packs at least one element per asm, got ")
           << getPackedElement();
  return verifyOneShape(*this, getArgs().getTypes(), getResultTypes());
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult MapElementwiseOp::verifyRegions() {
  int64_t pack = getPack();
  if (pack < 1)
    return emitOpError("maps at least one element per call, got pack = ")
           << pack;
  if (failed(verifyOneShape(*this, getArgs().getTypes(), getResultTypes())))
    return failure();
  // The entry block takes `pack` scalars of each operand, and every return
  // gives `pack` scalars of each result, in turn.
  auto packed = [&](TypeRange types) {
    SmallVector<Type> scalars;
    for (Type t : types)
      scalars.append(pack, getElementTypeOrSelf(t));
    return scalars;
  };
  return verifyScalarRegion<MapElementwiseReturnOp>(
      *this, getScalarOp(), packed(getArgs().getTypes()),
      packed(getResultTypes()));
}

LogicalResult FpToFpOp::verify() {
  auto src = cast<FloatType>(getElementTypeOrSelf(getSrc().getType()));
  auto dst = cast<FloatType>(getElementTypeOrSelf(getType()));
  bool exact = src == dst ||
               llvm::APFloatBase::isRepresentableBy(src.getFloatSemantics(),
                                                    dst.getFloatSemantics());
  if (exact && getRounding())
    return emitOpError("conversion from ")
           << src << " to " << dst << " is exact and takes no rounding mode";
  if (!exact && !getRounding())
    return emitOpError("narrowing conversion from ")
           << src << " to " << dst << " needs a rounding mode (rtne or rtz)";
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // A constant (`other=0.0` of an fp8 load) converts here, rounded as the
  // op says.
  auto dst = cast<FloatType>(getElementTypeOrSelf(getType()));
  auto convert = [&](APFloat value) {
    bool lost;
    value.convert(dst.getFloatSemantics(),
                  getRounding() == RoundingMode::rtz
                      ? APFloat::rmTowardZero
                      : APFloat::rmNearestTiesToEven,
                  &lost);
    return value;
  };
  if (auto scalar = dyn_cast_or_null<FloatAttr>(adaptor.getSrc()))
    return FloatAttr::get(dst, convert(scalar.getValue()));
  if (auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getSrc()))
    return SplatElementsAttr::get(cast<ShapedType>(getType()),
                                  convert(splat.getSplatValue<APFloat>()));
  return {};
}

//===----------------------------------------------------------------------===//
// print
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError("needs one isSigned flag per argument");
  return success();
}

#define GET_OP_CLASSES
#include "compiler/Dialect/TKC/IR/TKCOps.cpp.inc"
