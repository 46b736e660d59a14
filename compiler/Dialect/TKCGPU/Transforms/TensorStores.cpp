//===- TensorStores.cpp - Store descriptor blocks through tensor maps -----===//
//
// Implements tkc-gpu-tensor-stores: on targets with tensor copies, a store
// of a block of a host descriptor writes its value into a swizzled shared
// tile and stores the tile through the descriptor's tensor map (Hopper's
// TMA store), instead of one masked global store per element and thread.
// The value is taken before its layout conversions (the tile holds any
// layout) and before a reshape that only adds leading unit dimensions. A
// tensor store writes whole 16-byte chunks where the block crosses the
// tensor's innermost end, so a run-time test picks it only where that
// extent is whole chunks or the block lies inside; the masked store is the
// other branch.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUTENSORSTORES
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// `value` before the layout conversions that produce it.
Value beforeConversions(Value value) {
  while (auto convert = value.getDefiningOp<ConvertLayoutOp>())
    value = convert.getSrc();
  return value;
}

/// The 2-D tile whose elements `value` (a descriptor's block) holds, in
/// order: `value` itself, or the source of a reshape that only adds leading
/// unit dimensions to it; each before its conversions. Null otherwise.
Value storedTile(Value value) {
  value = beforeConversions(value);
  if (auto reshape = value.getDefiningOp<ReshapeOp>()) {
    auto from = cast<RankedTensorType>(reshape.getSrc().getType());
    auto to = cast<RankedTensorType>(reshape.getType());
    ArrayRef<int64_t> shape = to.getShape();
    if (!reshape.getAllowReorder() && from.getRank() == 2 &&
        shape.take_back(2) == from.getShape() &&
        llvm::all_of(shape.drop_back(2), [](int64_t n) { return n == 1; }))
      value = beforeConversions(reshape.getSrc());
  }
  return cast<RankedTensorType>(value.getType()).getRank() == 2 ? value
                                                                : Value();
}

/// The bytes of every shared buffer `function` allocates (an upper bound
/// on what they take at once).
int64_t allocatedBytes(FunctionOpInterface function) {
  int64_t bytes = 0;
  function.walk(
      [&](LocalAllocOp alloc) { bytes += getSharedBytes(alloc.getType()); });
  return bytes;
}

/// The kernel argument of parameter `name` (TKCDialect::kParams lists the
/// parameters; only those neither constexpr nor equal_to_1 are arguments,
/// in order); `one` is set instead where it is equal_to_1. Null where the
/// parameter is missing or constexpr.
Value parameterArgument(FunctionOpInterface func, ArrayAttr params,
                        StringAttr name, bool &one) {
  one = false;
  unsigned index = 0;
  for (auto param : params.getAsRange<DictionaryAttr>()) {
    bool constexpr_ = param.get("kind") == StringAttr::get(
                                               func->getContext(), "constexpr");
    bool equalToOne = static_cast<bool>(param.getAs<BoolAttr>("equal_to_1"));
    if (param.get("name") == name) {
      one = equalToOne && !constexpr_;
      return constexpr_ || equalToOne || index >= func.getNumArguments()
                 ? Value()
                 : func.getArgument(index);
    }
    if (!constexpr_ && !equalToOne)
      ++index;
  }
  return nullptr;
}

/// The innermost extent of the descriptor `source` (a
/// TKCDialect::kTensorDescriptors entry) describes, as an i32 made at `b`'s
/// insertion point from `func`'s arguments (its last shape entry: a
/// constant times parameters named in TKCDialect::kParams); null where a
/// parameter is not an argument (nor equal_to_1).
Value innermostExtent(OpBuilder &b, Location loc, FunctionOpInterface func,
                      DictionaryAttr source) {
  auto shape = dyn_cast_or_null<ArrayAttr>(source.get("shape"));
  auto params = func->getAttrOfType<ArrayAttr>(TKCDialect::kParams);
  auto last = shape && !shape.empty()
                  ? dyn_cast<ArrayAttr>(shape[shape.size() - 1])
                  : ArrayAttr();
  if (!last || last.empty() || !params)
    return nullptr;
  auto constant = dyn_cast<IntegerAttr>(last[0]);
  if (!constant)
    return nullptr;
  Value extent =
      arith::ConstantIntOp::create(b, loc, b.getI32Type(), constant.getInt());
  for (Attribute entry : last.getValue().drop_front()) {
    auto name = dyn_cast<StringAttr>(entry);
    bool one = false;
    Value arg = name ? parameterArgument(func, params, name, one) : Value();
    if (one)
      continue;
    if (!arg)
      return nullptr;
    if (arg.getType().isInteger(64))
      arg = arith::TruncIOp::create(b, loc, b.getI32Type(), arg);
    else if (!arg.getType().isInteger(32))
      return nullptr;
    extent = arith::MulIOp::create(b, loc, extent, arg);
  }
  return extent;
}

/// Moves `store`, after the ops before it in its block that only it uses,
/// directly or through each other, and that have no memory effects (its
/// addresses, mask and value conversions), to just before `before`.
void moveWithExclusiveProducers(StoreOp store, Operation *before) {
  llvm::SmallPtrSet<Operation *, 16> exclusive = {store};
  SmallVector<Operation *> moved;
  for (Operation *op = store->getPrevNode(); op; op = op->getPrevNode()) {
    if (!isMemoryEffectFree(op) || op->getNumRegions() || op->use_empty() ||
        !llvm::all_of(op->getUsers(),
                      [&](Operation *user) { return exclusive.count(user); }))
      continue;
    exclusive.insert(op);
    moved.push_back(op);
  }
  for (Operation *op : llvm::reverse(moved))
    op->moveBefore(before);
  store->moveBefore(before);
}

/// Stores `store`'s block through its descriptor's tensor map where the
/// map can move it and its tile fits beside the function's other buffers
/// in `maxSharedBytes`, even were none of them dead by then (a kernel
/// that fit must not grow past the block's shared memory); returns
/// whether it did. A tensor store writes whole 16 bytes of the innermost
/// dimension where the block crosses its end (on the H100, an extent of 70
/// fp32 got 72 written), so it runs where the extent's bytes are a multiple
/// of 16 or the block's columns lie inside it; elsewhere the block is
/// stored through its addresses and mask, which only that branch computes.
bool storeThroughTensorMap(StoreOp store, int64_t maxSharedBytes) {
  StringAttr descriptor = store.getDescriptorAttr();
  Value value = descriptor ? storedTile(store.getValue()) : Value();
  if (!value)
    return false;
  auto type = cast<RankedTensorType>(value.getType());
  auto tile = SharedBufferType::get(store.getContext(), type.getShape(),
                                    type.getElementType(), {1, 0},
                                    /*swizzled=*/true);
  std::optional<TileSwizzle> swizzle = getTensorCopySwizzle(tile);
  auto func = store->getParentOfType<FunctionOpInterface>();
  if (!swizzle || allocatedBytes(func) + getSharedBytes(tile) > maxSharedBytes)
    return false;
  auto sources =
      func->getAttrOfType<DictionaryAttr>(TKCDialect::kTensorDescriptors);
  auto source = sources
                    ? dyn_cast_or_null<DictionaryAttr>(sources.get(descriptor))
                    : DictionaryAttr();
  if (!source)
    return false;
  // The extent first: its ops are pure, left unused where no map follows,
  // while a map is a kernel argument.
  Location loc = store.getLoc();
  OpBuilder b(store);
  Value extent = innermostExtent(b, loc, func, source);
  if (!extent)
    return false;
  Value map = getTensorMapFor(
      store, descriptor, cast<RankedTensorType>(store.getValue().getType()),
      *swizzle);
  if (!map)
    return false;
  // Whole 16-byte chunks of the extent, or the block's columns inside it.
  int64_t chunk = 16 / getStorageBytes(type.getElementType());
  auto i32 = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  };
  Value whole = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(b, loc, extent, i32(chunk - 1)), i32(0));
  Value end = arith::AddIOp::create(b, loc, store.getBox().back(),
                                    i32(type.getShape().back()));
  Value inside =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, end, extent);
  Value viaMap = arith::OrIOp::create(b, loc, whole, inside);
  auto branch = scf::IfOp::create(b, loc, viaMap, /*withElseRegion=*/true);
  b.setInsertionPointToStart(branch.thenBlock());
  auto alloc = LocalAllocOp::create(b, loc, tile, value);
  TensorStoreOp::create(b, loc, map, store.getBox(), alloc);
  // The store, and what only it uses, into the else branch.
  moveWithExclusiveProducers(store, branch.elseBlock()->getTerminator());
  return true;
}

struct TensorStoresPass
    : public gpu::impl::TKCGPUTensorStoresBase<TensorStoresPass> {
  using TKCGPUTensorStoresBase::TKCGPUTensorStoresBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (target.empty())
      return;
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
    if (!info->hasTensorCopies())
      return;
    SmallVector<StoreOp> stores;
    module.walk([&](StoreOp store) {
      if (store.getDescriptorAttr())
        stores.push_back(store);
    });
    for (StoreOp store : stores)
      (void)storeThroughTensorMap(store, info->getMaxSharedBytes());
  }
};

} // namespace
