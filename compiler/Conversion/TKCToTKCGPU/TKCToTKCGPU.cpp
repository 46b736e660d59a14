//===- TKCToTKCGPU.cpp - Assign layouts: ttir → ttgir ---------------------===//
//
// Implements tkc-convert-tkc-to-tkc-gpu. Every tensor value gets the default
// blocked layout of its shape; ops whose operand and result layouts are
// related (expand_dims, broadcast, reduce, dot) get the conversions that
// relate them. A dot's result takes the blocked layout its FMA lowering
// wants (BlockedEncodingAttr::getForDotResult) and its operands the dot_op
// layouts of it. A trans's result takes its operand's blocked layout with
// the dimensions permuted (BlockedEncodingAttr::getTransposed), so the
// transpose moves no data; a reshape's, where one exists, a blocked layout
// in which each thread keeps its operand's elements. A join's result, and a
// split's operand, take the layout of the single values extended by the
// pair in registers (BlockedEncodingAttr::getJoined). Later passes
// (coalescing, removal of conversions) improve the choice; this pass only
// makes it consistent.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_CONVERTTKCTOTKCGPU
#include "compiler/Conversion/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

struct ConvertTKCToTKCGPUPass
    : public mlir::tkc::impl::ConvertTKCToTKCGPUBase<ConvertTKCToTKCGPUPass> {
  using Base::Base;

  /// `type` with the default layout of its shape (types without tensors
  /// and tensors that already have a layout are returned as they are).
  Type withDefaultLayout(Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getEncoding())
      return type;
    return withLayout(tensor, BlockedEncodingAttr::getDefault(
                                  &getContext(), tensor.getShape(), numWarps,
                                  threadsPerWarp));
  }

  /// Replaces `value` at `use` by a conversion of it to `type`.
  static void convertOperand(OpOperand &use, Type type) {
    if (use.get().getType() == type)
      return;
    OpBuilder b(use.getOwner());
    use.set(
        ConvertLayoutOp::create(b, use.getOwner()->getLoc(), type, use.get()));
  }

  /// Gives `result` (of a single-result op) the layout `layout`, converted
  /// back to the type it had for its users.
  static void setResultLayout(Value result, Attribute layout) {
    auto type = cast<RankedTensorType>(result.getType());
    result.setType(withLayout(type, layout));
    OpBuilder after(result.getContext());
    after.setInsertionPointAfter(result.getDefiningOp());
    auto back = ConvertLayoutOp::create(after, result.getLoc(), type, result);
    result.replaceAllUsesExcept(back, back);
  }

  /// Gives `dot` the result layout of the FMA path, its operands the
  /// dot_op layouts of that, and converts the result back to the default
  /// layout for its users.
  void layOutDot(DotOp dot) {
    MLIRContext *context = &getContext();
    auto type = cast<RankedTensorType>(dot.getType());
    // b's columns in runs of one 16-byte chunk each.
    Type bElem = getElementTypeOrSelf(dot.getB().getType());
    auto result = BlockedEncodingAttr::getForDotResult(
        context, type.getShape(), numWarps, threadsPerWarp,
        16 / getStorageBytes(bElem));
    RankedTensorType resultType = withLayout(type, result);
    OpOperand *operands[] = {&dot.getAMutable(), &dot.getBMutable()};
    for (auto [index, operand] : llvm::enumerate(operands))
      convertOperand(
          *operand,
          withLayout(cast<RankedTensorType>(operand->get().getType()),
                     DotOperandEncodingAttr::get(context, index, result)));
    convertOperand(dot.getCMutable(), resultType);
    setResultLayout(dot.getResult(), result);
  }

  /// Gives `trans` its operand's layout with the dimensions permuted (a
  /// blocked operand first, converted to the default layout if it is not)
  /// and converts the result back to the default layout for its users.
  void layOutTrans(TransOp trans) {
    auto srcType = cast<RankedTensorType>(trans.getSrc().getType());
    auto blocked = dyn_cast<BlockedEncodingAttr>(getLayout(srcType));
    if (!blocked) {
      blocked = BlockedEncodingAttr::getDefault(
          &getContext(), srcType.getShape(), numWarps, threadsPerWarp);
      convertOperand(trans.getSrcMutable(), withLayout(srcType, blocked));
    }
    setResultLayout(trans.getResult(), blocked.getTransposed(trans.getOrder()));
  }

  /// Gives `reshape` a blocked layout in which each thread keeps its
  /// operand's elements (getReshapedLayout) when there is
  /// one, converted back to the default layout for its users; else the
  /// default layout, and the reshape goes through shared memory.
  void layOutReshape(ReshapeOp reshape) {
    RankedTensorType srcType = reshape.getSrc().getType();
    auto blocked = dyn_cast<BlockedEncodingAttr>(getLayout(srcType));
    if (!blocked)
      return;
    auto type = cast<RankedTensorType>(reshape.getType());
    BlockedEncodingAttr layout =
        getReshapedLayout(blocked, srcType.getShape(), type.getShape());
    if (!layout || layout == getLayout(type))
      return;
    setResultLayout(reshape.getResult(), layout);
  }

  /// Gives `join`'s result its operands' layout extended by the pair
  /// (BlockedEncodingAttr::getJoined), converted back to the default
  /// layout for its users: the join moves no data.
  void layOutJoin(JoinOp join) {
    auto blocked =
        dyn_cast<BlockedEncodingAttr>(getLayout(join.getLhs().getType()));
    if (!blocked)
      return;
    setResultLayout(join.getResult(), blocked.getJoined());
  }

  /// Converts `split`'s operand to its results' layout extended by the pair,
  /// so that the split moves no data.
  void layOutSplit(SplitOp split) {
    auto blocked =
        dyn_cast<BlockedEncodingAttr>(getLayout(split.getOutLHS().getType()));
    if (!blocked)
      return;
    convertOperand(split.getSrcMutable(),
                   withLayout(split.getSrc().getType(), blocked.getJoined()));
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (threadsPerWarp == 0) {
      module.emitError() << "threads-per-warp is required: the target's warp "
                            "size (32, or 64 on AMD's wave64 chips)";
      return signalPassFailure();
    }
    if (numWarps == 0 || !llvm::isPowerOf2_32(numWarps) ||
        threadsPerWarp == 0 || !llvm::isPowerOf2_32(threadsPerWarp)) {
      module.emitError() << "num-warps and threads-per-warp must be powers "
                            "of two, got "
                         << numWarps << " and " << threadsPerWarp;
      return signalPassFailure();
    }
    // A dot's shapes must be powers of two, as its layouts are.
    WalkResult badDot = module.walk([&](DotOp dot) {
      for (Value v : {dot.getA(), dot.getB(), dot.getC()})
        if (!llvm::all_of(cast<RankedTensorType>(v.getType()).getShape(),
                          [](int64_t d) { return llvm::isPowerOf2_64(d); })) {
          dot.emitOpError() << "needs power-of-two shapes to be laid out, got "
                            << v.getType();
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (badDot.wasInterrupted())
      return signalPassFailure();

    Builder b(&getContext());
    module->setAttr(TKCGPUDialect::kNumWarps, b.getI32IntegerAttr(numWarps));
    module->setAttr(TKCGPUDialect::kThreadsPerWarp,
                    b.getI32IntegerAttr(threadsPerWarp));

    // Every tensor-typed result and block argument gets the default layout.
    module.walk([&](Operation *op) {
      for (Value result : op->getResults())
        result.setType(withDefaultLayout(result.getType()));
      // A dense constant's value has the type of its result.
      if (auto constant = dyn_cast<arith::ConstantOp>(op))
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
          constant.setValueAttr(
              dense.reshape(cast<ShapedType>(constant.getType())));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(withDefaultLayout(arg.getType()));
    });

    // Function signatures follow their (entry block's) values.
    module.walk([&](func::FuncOp func) {
      auto convert = [&](TypeRange types) {
        return llvm::map_to_vector(
            types, [&](Type t) { return withDefaultLayout(t); });
      };
      FunctionType type = func.getFunctionType();
      func.setType(FunctionType::get(&getContext(), convert(type.getInputs()),
                                     convert(type.getResults())));
    });

    // Relate the layouts of shape-changing ops.
    module.walk([&](Operation *op) {
      if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
        auto resultLayout = getLayout(expand.getType());
        auto src = cast<RankedTensorType>(expand.getSrc().getType());
        convertOperand(expand.getSrcMutable(),
                       withLayout(src, SliceEncodingAttr::get(&getContext(),
                                                              expand.getAxis(),
                                                              resultLayout)));
      } else if (auto broadcast = dyn_cast<BroadcastOp>(op)) {
        auto src = cast<RankedTensorType>(broadcast.getSrc().getType());
        convertOperand(broadcast.getSrcMutable(),
                       withLayout(src, getLayout(broadcast.getType())));
      } else if (auto dot = dyn_cast<DotOp>(op)) {
        layOutDot(dot);
      } else if (auto trans = dyn_cast<TransOp>(op)) {
        layOutTrans(trans);
      } else if (auto reshape = dyn_cast<ReshapeOp>(op)) {
        layOutReshape(reshape);
      } else if (auto join = dyn_cast<JoinOp>(op)) {
        layOutJoin(join);
      } else if (auto split = dyn_cast<SplitOp>(op)) {
        layOutSplit(split);
      } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
        auto srcLayout = getLayout(reduce.getSrcs().front().getType());
        OpBuilder after(op->getContext());
        after.setInsertionPointAfter(op);
        for (Value result : reduce.getResults()) {
          auto tensor = dyn_cast<RankedTensorType>(result.getType());
          if (!tensor)
            continue;
          Type defaultType = tensor;
          result.setType(withLayout(
              tensor, SliceEncodingAttr::get(&getContext(), reduce.getAxis(),
                                             srcLayout)));
          auto back =
              ConvertLayoutOp::create(after, op->getLoc(), defaultType, result);
          result.replaceAllUsesExcept(back, back);
        }
      }
    });
  }
};

} // namespace
