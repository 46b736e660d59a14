//===- TensorStores.cpp - Store descriptor blocks through tensor maps -----===//
//
// Implements tkc-gpu-tensor-stores: on targets with tensor copies, a store
// of a block of a host descriptor writes its value into a swizzled shared
// tile and stores the tile through the descriptor's tensor map (Hopper's
// TMA store), instead of one masked global store per element and thread.
// The value is taken before its layout conversions (the tile holds any
// layout) and before a reshape that only adds leading unit dimensions.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/SetVector.h"

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

/// Stores `store`'s block through its descriptor's tensor map where the
/// map can move it and its tile fits beside the function's other buffers
/// in `maxSharedBytes`, even were none of them dead by then (a kernel
/// that fit must not grow past the block's shared memory); returns
/// whether it did.
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
  if (!swizzle ||
      allocatedBytes(store->getParentOfType<FunctionOpInterface>()) +
              getSharedBytes(tile) >
          maxSharedBytes)
    return false;
  Value map = getTensorMapFor(
      store, descriptor, cast<RankedTensorType>(store.getValue().getType()),
      *swizzle);
  if (!map)
    return false;
  OpBuilder b(store);
  auto alloc = LocalAllocOp::create(b, store.getLoc(), tile, value);
  TensorStoreOp::create(b, store.getLoc(), map, store.getBox(), alloc);
  return true;
}

/// Erases `op`, then the ops that computed its operands and are left
/// unused (a replaced store's addresses, mask and conversions, before they
/// reach the lowering: a conversion's scratch).
void eraseWithUnusedProducers(Operation *op) {
  llvm::SetVector<Operation *> unused;
  unused.insert(op);
  while (!unused.empty()) {
    Operation *next = unused.pop_back_val();
    if (next != op && !isOpTriviallyDead(next))
      continue;
    for (Value operand : next->getOperands())
      if (Operation *producer = operand.getDefiningOp())
        unused.insert(producer);
    next->erase();
  }
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
      if (storeThroughTensorMap(store, info->getMaxSharedBytes()))
        eraseWithUnusedProducers(store);
  }
};

} // namespace
