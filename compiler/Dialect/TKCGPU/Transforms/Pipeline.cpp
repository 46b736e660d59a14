//===- Pipeline.cpp - Loads of the next iteration during this one ---------===//
//
// Implements tkc-gpu-pipeline: in an scf.for whose body computes a tkc.dot
// (a matmul's K loop), the global loads of iteration i+1 are issued in
// iteration i, before the first use of iteration i's tiles, so that their
// latency hides behind this iteration's shared-memory and matrix work; the
// loaded tiles travel to the next iteration as loop-carried values, and a copy
// of the loads before the loop fetches the first iteration's. Each copied load
// is masked off when its iteration does not exist (the loop's last, or a loop
// that never runs), so it touches no memory the original would not have.
//
// A load's operands in iteration i+1 are computed from this iteration's
// values: the induction variable plus the step, loop-carried values as the
// body will yield them, everything else recomputed by cloning the pure ops
// that produce it. Loops whose loads depend on anything else (another load,
// an op with effects or regions), loops that may write memory (a store the
// next iteration's load might read) and loops with volatile loads are left
// alone.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUPIPELINE
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// Recomputes values of a loop body at another point: before the loop for
/// its first iteration, or at `point` inside the body for the next one.
class IterationCloner {
public:
  IterationCloner(scf::ForOp loop, OpBuilder &builder)
      : loop(loop), builder(builder) {}

  /// Whether every op of the body `value` depends on, in this iteration or
  /// (through loop-carried values) the one before, is pure and without
  /// regions, so that it can be cloned.
  bool canClone(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody() && arg != loop.getInductionVar() &&
          carried.insert(arg).second)
        return canClone(loop.getBody()->getTerminator()->getOperand(
            arg.getArgNumber() - 1));
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        !checked.insert(def).second)
      return true;
    if (def->getNumRegions() || !isPure(def))
      return false;
    return llvm::all_of(def->getOperands(),
                        [&](Value v) { return canClone(v); });
  }

  /// `value` in the first iteration, computed before the loop.
  Value first(Value value) {
    if (Value known = firstMap.lookupOrNull(value))
      return known;
    if (value == loop.getInductionVar())
      return loop.getLowerBound();
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody())
        return loop.getInitArgs()[arg.getArgNumber() - 1];
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody())
      return value;
    return cloneWith(def, value, firstMap, [&](Value v) { return first(v); });
  }

  /// `value` in this iteration, available at the builder's insertion point
  /// inside the body.
  Value current(Value value, DominanceInfo &dominance) {
    if (Value known = currentMap.lookupOrNull(value))
      return known;
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        dominance.properlyDominates(value, &*builder.getInsertionPoint()))
      return value;
    return cloneWith(def, value, currentMap,
                     [&](Value v) { return current(v, dominance); });
  }

  /// `value` in the next iteration, computed at the builder's insertion
  /// point inside the body.
  Value next(Value value, DominanceInfo &dominance) {
    if (Value known = nextMap.lookupOrNull(value))
      return known;
    if (value == loop.getInductionVar())
      return nextInductionVar();
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody())
        return current(
            loop.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1),
            dominance);
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody())
      return value;
    return cloneWith(def, value, nextMap,
                     [&](Value v) { return next(v, dominance); });
  }

  /// The induction variable of the next iteration.
  Value nextInductionVar() {
    if (!nextIv)
      nextIv = arith::AddIOp::create(builder, loop.getLoc(),
                                     loop.getInductionVar(), loop.getStep());
    return nextIv;
  }

private:
  /// Clones `def` with its operands mapped by `operand`, records its
  /// results in `map`, and returns the clone's counterpart of `value`.
  Value cloneWith(Operation *def, Value value, IRMapping &map,
                  llvm::function_ref<Value(Value)> operand) {
    IRMapping mapping;
    for (Value v : def->getOperands())
      mapping.map(v, operand(v));
    Operation *clone = builder.clone(*def, mapping);
    for (auto [from, to] : llvm::zip(def->getResults(), clone->getResults()))
      map.map(from, to);
    return map.lookup(value);
  }

  scf::ForOp loop;
  OpBuilder &builder;
  DenseSet<Operation *> checked;
  DenseSet<Value> carried;
  IRMapping firstMap, currentMap, nextMap;
  Value nextIv;
};

/// Whether `op` may write memory (ops of unknown effects may).
bool mayWrite(Operation &op) {
  if (isMemoryEffectFree(&op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !effects || !effects.onlyHasEffect<MemoryEffects::Read>();
}

/// `load` with its operands mapped by `operand` and its mask further
/// restricted to `inRange` (i1: whether its iteration exists).
Value cloneLoad(OpBuilder &b, LoadOp load, Value inRange,
                llvm::function_ref<Value(Value)> operand) {
  Location loc = load.getLoc();
  Value ptr = operand(load.getPtr());
  Value guard = inRange;
  if (auto type = dyn_cast<RankedTensorType>(ptr.getType()))
    guard =
        SplatOp::create(b, loc,
                        RankedTensorType::get(type.getShape(), b.getI1Type(),
                                              type.getEncoding()),
                        inRange);
  Value mask =
      load.getMask()
          ? arith::AndIOp::create(b, loc, operand(load.getMask()), guard)
                .getResult()
          : guard;
  Value other = load.getOther() ? operand(load.getOther()) : Value();
  return LoadOp::create(b, loc, load.getType(), ptr, mask, other,
                        load.getCacheAttr(), load.getEvictAttr(),
                        load.getIsVolatileAttr());
}

/// Pipelines `loop`'s loads by one iteration, if it computes a dot and
/// every load can be moved.
void pipeline(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto dots = body->getOps<DotOp>();
  if (dots.empty())
    return;
  Operation *firstDot = *dots.begin();
  SmallVector<LoadOp> loads(body->getOps<LoadOp>());
  if (loads.empty())
    return;
  // The next iteration's loads go right before the first use of this
  // iteration's tiles: as early as their operands allow.
  Operation *point = firstDot;
  for (LoadOp load : loads)
    for (Operation *user : load->getUsers())
      if (Operation *inBody = body->findAncestorOpInBlock(*user))
        if (inBody->isBeforeInBlock(point))
          point = inBody;
  // A load issued an iteration early must not miss a store of this one,
  // nor may a volatile load be moved at all.
  if (llvm::any_of(body->without_terminator(), mayWrite) ||
      llvm::any_of(loads, [](LoadOp load) { return load.getIsVolatile(); }))
    return;
  OpBuilder b(loop);
  IterationCloner cloner(loop, b);
  for (LoadOp load : loads)
    if (!llvm::all_of(load->getOperands(),
                      [&](Value v) { return cloner.canClone(v); }))
      return;
  // Loads after the first dot feed later work: leave such loops alone.
  if (llvm::any_of(
          loads, [&](LoadOp load) { return firstDot->isBeforeInBlock(load); }))
    return;

  Location loc = loop.getLoc();
  // The first iteration's tiles, before the loop.
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                    loop.getLowerBound(), loop.getUpperBound());
  SmallVector<Value> firstTiles;
  for (LoadOp load : loads)
    firstTiles.push_back(
        cloneLoad(b, load, any, [&](Value v) { return cloner.first(v); }));
  // The next iteration's, loaded before the first dot.
  b.setInsertionPoint(point);
  DominanceInfo dominance(loop);
  Value exists =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                            cloner.nextInductionVar(), loop.getUpperBound());
  SmallVector<Value> nextTiles;
  for (LoadOp load : loads)
    nextTiles.push_back(cloneLoad(
        b, load, exists, [&](Value v) { return cloner.next(v, dominance); }));

  // Carry them: this iteration's tiles replace the loads.
  IRRewriter rewriter(loop.getContext());
  auto grown = loop.replaceWithAdditionalYields(
      rewriter, firstTiles, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> tiles) {
        for (auto [load, tile] : llvm::zip(loads, tiles))
          load.getResult().replaceAllUsesWith(tile);
        return nextTiles;
      });
  if (succeeded(grown))
    for (LoadOp load : loads)
      load.erase();
}

struct PipelinePass : public gpu::impl::TKCGPUPipelineBase<PipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      // tl.range(..., num_stages=) overrides the kernel's num_stages.
      unsigned stages = numStages;
      if (auto attr = loop->getAttrOfType<IntegerAttr>("tkc.num_stages"))
        stages = attr.getInt();
      if (stages >= 2)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      pipeline(loop);
  }
};

} // namespace
