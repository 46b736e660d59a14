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
// (in loops pipelined through shared memory) the loads that produce it (a
// paged KV cache's block index: the clone reads it for the later iteration,
// masked off where that does not exist). Loops whose loads depend on
// anything else (an op with effects or regions, an integer division by a
// run-time value), loops that may write anywhere (a write not through a
// kernel argument, or beside a load that is not through one) and loops
// with volatile loads are left alone; a load through an argument the loop
// stores or atomically updates through stays where it is, and the others
// move (vectors whose addresses cannot be computed ahead stay too, while
// the operand tiles move). A loop pipelined through
// shared memory also copies the tiles it computes with in registers
// (read back in their own layout, or in the one their value is converted
// to, a dot operand in registers also through a gate or a scale, within a
// quarter of the block's shared memory and what the operands' stacks
// leave of it, a tile fewer each where that fits more): 2-D tiles, and
// vectors in any layout where each warp holds elements of its own and
// none reaches an address (a gate's or a scale's row: a copy held in
// registers across the multiplies would keep a scoreboard that ptxas then
// shares with the shared-memory reads after them, stalling those on the
// global load; FLA's gated delta rule ran at 0.73 of Triton so). It keeps
// the other loads (scalars, indices, vectors every warp holds; not an
// operand tile it could not copy, which stays in place as in Triton),
// which are then loaded an iteration early in registers, those read after
// the first dot only where their next copies take few registers
// (scalars read only after it: at the end of the iteration, for the same
// scoreboards); a copy's block index stays where the copy is. A loop
// that holds another and whose operands' stacks would not fit in a
// block's shared memory beside the operands it computes in registers for
// its warpgroup multiplies is pipelined in registers only.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUPIPELINE
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// `mask` (may be null) of a load or copy of pointer tensor `ptr`, further
/// restricted to `inRange` (i1: whether its iteration exists).
Value guardMask(OpBuilder &b, Location loc, Value ptr, Value mask,
                Value inRange) {
  Value guard = inRange;
  if (auto type = dyn_cast<RankedTensorType>(ptr.getType()))
    guard =
        SplatOp::create(b, loc,
                        RankedTensorType::get(type.getShape(), b.getI1Type(),
                                              type.getEncoding()),
                        inRange);
  return mask ? arith::AndIOp::create(b, loc, mask, guard).getResult() : guard;
}

/// `load` with its operands mapped by `operand` and its mask further
/// restricted to `inRange` (i1: whether its iteration exists).
Value cloneLoad(OpBuilder &b, LoadOp load, Value inRange,
                llvm::function_ref<Value(Value)> operand) {
  Location loc = load.getLoc();
  Value ptr = operand(load.getPtr());
  Value mask = guardMask(
      b, loc, ptr, load.getMask() ? operand(load.getMask()) : Value(), inRange);
  Value other = load.getOther() ? operand(load.getOther()) : Value();
  return LoadOp::create(b, loc, load.getType(), ptr, mask, other,
                        /*box=*/ValueRange(), load.getCacheAttr(),
                        load.getEvictAttr(), load.getIsVolatileAttr(),
                        /*descriptor=*/StringAttr());
}

/// Whether `op` may write memory that loads read: any but the block's
/// shared memory (ops of unknown effects may).
bool mayWrite(Operation *op) {
  if (isMemoryEffectFree(op))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::any_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Write>(e.getEffect()) &&
           !isa<SharedMemory>(e.getResource());
  });
}

/// The kernel argument that pointer (or pointer tensor) `ptr` points into,
/// followed through pointer arithmetic, splats, broadcasts, shape ops,
/// conversions and loop-carried values; null where it is not one argument.
/// `known`: the values traced so far.
Value basePointer(Value ptr, DenseMap<Value, Value> &known) {
  if (auto it = known.find(ptr); it != known.end())
    return it->second;
  known[ptr] = Value();
  Value base;
  if (auto arg = dyn_cast<BlockArgument>(ptr)) {
    Operation *owner = arg.getOwner()->getParentOp();
    auto loop = dyn_cast<scf::ForOp>(owner);
    if (isa<FunctionOpInterface>(owner)) {
      base = arg;
    } else if (loop && arg != loop.getInductionVar()) {
      // The same argument on entry and as the body advances it.
      unsigned index = arg.getArgNumber() - 1;
      Value entry = basePointer(loop.getInitArgs()[index], known);
      known[ptr] = entry;
      Value yielded = loop.getBody()->getTerminator()->getOperand(index);
      if (entry && basePointer(yielded, known) == entry)
        base = entry;
    }
  } else if (Operation *def = ptr.getDefiningOp();
             isa_and_nonnull<AddPtrOp, SplatOp, BroadcastOp, ExpandDimsOp,
                             ReshapeOp, TransOp, ConvertLayoutOp>(def)) {
    base = basePointer(def->getOperand(0), known);
  }
  known[ptr] = base;
  return base;
}

/// What a loop may write, for the loads its pipelining would issue
/// iterations early: through which kernel arguments its stores and atomics
/// write, or that it may write anywhere. As Triton's pipeliner, tkc takes
/// distinct arguments not to overlap (FLA's recurrences store each chunk's
/// state while loading the next chunk's keys).
class LoopWrites {
public:
  explicit LoopWrites(scf::ForOp loop) {
    bool writes = false, unknownLoad = false;
    loop.getBody()->walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op)) {
        unknownLoad |= !basePointer(load.getPtr(), known);
        return;
      }
      if (!mayWrite(op))
        return;
      writes = true;
      Value ptr;
      if (auto store = dyn_cast<StoreOp>(op))
        ptr = store.getPtr();
      else if (auto atomic = dyn_cast<AtomicRMWOp>(op))
        ptr = atomic.getPtr();
      else if (auto atomic = dyn_cast<AtomicCASOp>(op))
        ptr = atomic.getPtr();
      Value base = ptr ? basePointer(ptr, known) : Value();
      anywhere |= !base;
      written.insert(base);
    });
    // A loop that writes nothing cannot miss a write (tutorial 08's grouped
    // GEMM loads its tiles through pointers it read from memory); one that
    // writes, through a load it cannot trace either.
    anywhere |= writes && unknownLoad;
  }

  /// Whether no load of the loop may move: it may write memory that any
  /// of them reads.
  bool everywhere() const { return anywhere; }

  /// Whether `load`, issued an iteration early, could miss a write of the
  /// loop: it reads through an argument the loop writes through (the old
  /// attention backward's `dq += tl.dot(ds, k)`, loaded and stored in each
  /// iteration; the loop's other loads still move).
  bool mayMiss(LoadOp load) {
    return anywhere || written.contains(basePointer(load.getPtr(), known));
  }

private:
  bool anywhere = false;
  DenseSet<Value> written;
  DenseMap<Value, Value> known;
};

/// Recomputes values of a loop body for other iterations: before the loop
/// for its first iterations, or at the builder's insertion point inside the
/// body for iterations ahead of the current one.
class IterationCloner {
public:
  /// `cloneLoads`: whether values may come from loads of the body that
  /// `writes` lets move (LoopWrites::mayMiss); `cloneDivisions`: from
  /// integer divisions by a run-time value defined outside the loop
  /// (isInvariantDivision).
  IterationCloner(scf::ForOp loop, OpBuilder &builder, bool cloneLoads,
                  bool cloneDivisions = false, LoopWrites *writes = nullptr)
      : loop(loop), builder(builder), cloneLoads(cloneLoads),
        cloneDivisions(cloneDivisions), writes(writes) {}

  /// Whether every op of the body the operands of `op` (a load whose next
  /// copies are wanted) depend on, in this iteration or (through
  /// loop-carried values) the ones before, is pure (an integer division by
  /// a run-time value is not) and without regions, or (where allowed) a
  /// load that is not volatile and misses no write, so that it can be
  /// cloned. Ops found so are remembered for the next question.
  bool canCloneOperands(Operation *op) {
    if (llvm::all_of(op->getOperands(), [&](Value v) { return canClone(v); }))
      return true;
    // The ops visited before the answer was no were taken as clonable.
    checked.clear();
    carried.clear();
    return false;
  }

  /// `value` in iteration `iteration` (counted from 0), computed before the
  /// loop.
  Value before(Value value, unsigned iteration) {
    IRMapping &map = mapFor(beforeMaps, iteration);
    if (Value known = map.lookupOrNull(value))
      return known;
    if (value == loop.getInductionVar()) {
      Value iv = inductionVar(loop.getLowerBound(), iteration);
      map.map(value, iv);
      return iv;
    }
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody())
        return iteration == 0 ? loop.getInitArgs()[arg.getArgNumber() - 1]
                              : before(yielded(arg), iteration - 1);
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody())
      return value;
    return cloneWith(
        def, value, map, [&](Value v) { return before(v, iteration); },
        [&] { return exists(loop.getLowerBound(), iteration); });
  }

  /// `value` `distance` iterations after the current one (0: this one),
  /// computed at the builder's insertion point inside the body.
  Value ahead(Value value, unsigned distance, DominanceInfo &dominance) {
    IRMapping &map = mapFor(aheadMaps, distance);
    if (Value known = map.lookupOrNull(value))
      return known;
    Operation *def = value.getDefiningOp();
    if (distance == 0) {
      if (!def || def->getBlock() != loop.getBody() ||
          dominance.properlyDominates(value, &*builder.getInsertionPoint()))
        return value;
    } else {
      if (value == loop.getInductionVar()) {
        Value iv = inductionVar(value, distance);
        map.map(value, iv);
        return iv;
      }
      if (auto arg = dyn_cast<BlockArgument>(value))
        if (arg.getOwner() == loop.getBody())
          return ahead(yielded(arg), distance - 1, dominance);
      if (!def || def->getBlock() != loop.getBody())
        return value;
    }
    return cloneWith(
        def, value, map, [&](Value v) { return ahead(v, distance, dominance); },
        [&] { return exists(loop.getInductionVar(), distance); });
  }

  /// Whether the iteration `distance` after the one whose induction
  /// variable is `from` exists (i1, at the builder's insertion point).
  Value exists(Value from, unsigned distance) {
    return arith::CmpIOp::create(
        builder, loop.getLoc(), arith::CmpIPredicate::slt,
        inductionVar(from, distance), loop.getUpperBound());
  }

private:
  /// canCloneOperands for one value: true for ops visited already (cycles
  /// through loop-carried values included).
  bool canClone(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody() && arg != loop.getInductionVar() &&
          carried.insert(arg).second)
        return canClone(yielded(arg));
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() ||
        !checked.insert(def).second)
      return true;
    auto load = dyn_cast<LoadOp>(def);
    if (load ? !cloneLoads || load.getIsVolatile() ||
                   (writes && writes->mayMiss(load))
             : def->getNumRegions() ||
                   !(isPure(def) ||
                     (cloneDivisions && isInvariantDivision(def))))
      return false;
    return llvm::all_of(def->getOperands(),
                        [&](Value v) { return canClone(v); });
  }

  /// Whether `op` is an integer division or remainder by a run-time value
  /// defined outside the loop (GPTQ's `k // (groupsize // BLOCK_K)`).
  bool isInvariantDivision(Operation *op) {
    return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
               arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(
               op) &&
           !isPure(op) && loop.isDefinedOutsideOfLoop(op->getOperand(1));
  }

  /// The value `arg` (a loop-carried block argument) takes in the next
  /// iteration.
  Value yielded(BlockArgument arg) {
    return loop.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1);
  }

  /// `from` plus `distance` steps.
  Value inductionVar(Value from, unsigned distance) {
    if (distance == 0)
      return from;
    Location loc = loop.getLoc();
    Value step = loop.getStep();
    if (distance > 1)
      step = arith::MulIOp::create(
          builder, loc, step,
          arith::ConstantOp::create(
              builder, loc, IntegerAttr::get(step.getType(), distance)));
    return arith::AddIOp::create(builder, loc, from, step);
  }

  static IRMapping &mapFor(SmallVectorImpl<IRMapping> &maps, unsigned i) {
    if (maps.size() <= i)
      maps.resize(i + 1);
    return maps[i];
  }

  /// Clones `def` with its operands mapped by `operand` (a load also masked
  /// off where `inRange` says its iteration does not exist), records its
  /// results in `map`, and returns the clone's counterpart of `value`.
  Value cloneWith(Operation *def, Value value, IRMapping &map,
                  llvm::function_ref<Value(Value)> operand,
                  llvm::function_ref<Value()> inRange) {
    if (auto load = dyn_cast<LoadOp>(def)) {
      map.map(load.getResult(), cloneLoad(builder, load, inRange(), operand));
      return map.lookup(value);
    }
    IRMapping mapping;
    for (Value v : def->getOperands())
      mapping.map(v, operand(v));
    // A division of an iteration that may not exist divides by 1 there: the
    // loop may never have divided by its divisor (zero, perhaps).
    if (isInvariantDivision(def)) {
      Value divisor = def->getOperand(1);
      Value one = arith::ConstantOp::create(
          builder, def->getLoc(), builder.getOneAttr(divisor.getType()));
      mapping.map(divisor, arith::SelectOp::create(builder, def->getLoc(),
                                                   inRange(), divisor, one));
    }
    Operation *clone = builder.clone(*def, mapping);
    for (auto [from, to] : llvm::zip(def->getResults(), clone->getResults()))
      map.map(from, to);
    return map.lookup(value);
  }

  scf::ForOp loop;
  OpBuilder &builder;
  bool cloneLoads, cloneDivisions;
  LoopWrites *writes;
  DenseSet<Operation *> checked;
  DenseSet<Value> carried;
  SmallVector<IRMapping> beforeMaps, aheadMaps;
};

/// The 32-bit registers a thread holds a value of `type` in (registers
/// that hold the same element counted once).
int64_t getRegisterCount(Type type) {
  int64_t words =
      llvm::divideCeil(getStorageBytes(getElementTypeOrSelf(type)), 4);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return words;
  return getDistinctElementsPerThread(tensor) * words;
}

/// Whether `load`'s value only computes the addresses of asynchronous
/// copies (or the coordinates of tensor copies).
bool feedsOnlyCopies(LoadOp load) {
  SmallVector<Value> values = {load.getResult()};
  bool copied = false;
  while (!values.empty()) {
    Value value = values.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<AsyncCopyOp, TensorCopyOp>(user)) {
        copied = true;
        continue;
      }
      if (!isPure(user) || user->getNumRegions())
        return false;
      llvm::append_range(values, user->getResults());
    }
  }
  return copied;
}

/// The most registers the next iteration's loads may take when some come
/// after the first dot.
constexpr int64_t kFewRegisters = 16;

/// The conversion of `value` to a dot operand (defined below).
ConvertLayoutOp getOperandConversion(Value value, ReshapeOp &squeeze,
                                     TransOp &trans);

/// Pipelines `loop`'s loads by one iteration through registers, if it
/// computes a dot and every load can be moved. `copiesAsync`: whether the
/// target copies tiles to shared memory asynchronously; there, a matrix
/// operand's tile that could not be copied so (a row stride not known to
/// be a multiple of 16 bytes, a masked-off value other than zero) stays
/// where it is, as in Triton: its next copy would hold a tile's registers
/// beside the accumulator's (tutorial 03 with K not a multiple of 16,
/// 128x256x64 on 8 warps: 196 bytes of spills at 255 registers, none at
/// 254 without it).
void pipelineInRegisters(scf::ForOp loop, bool copiesAsync) {
  Block *body = loop.getBody();
  // Values left unused by pipelineInSharedMemory (a copied tile's block
  // index, loaded where the tile was) go first: they are not carried.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (isOpTriviallyDead(&op))
      op.erase();
  auto dots = body->getOps<DotOp>();
  if (dots.empty())
    return;
  Operation *firstDot = *dots.begin();
  // A load that could miss a write of the loop stays where it is.
  LoopWrites writes(loop);
  if (writes.everywhere())
    return;
  // A copy's block index, loaded where the copy is issued, stays there:
  // carried, it would take registers for every copy (a paged decode
  // attention ran 3% slower so).
  SmallVector<LoadOp> loads;
  for (LoadOp load : body->getOps<LoadOp>()) {
    ReshapeOp squeeze;
    TransOp trans;
    if (feedsOnlyCopies(load) || writes.mayMiss(load) ||
        (copiesAsync && getOperandConversion(load, squeeze, trans)))
      continue;
    loads.push_back(load);
  }
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
  // Nor may a volatile load be moved at all.
  if (llvm::any_of(loads, [](LoadOp load) { return load.getIsVolatile(); }))
    return;
  // A gathered tile's next copy would take its registers too (attention's
  // K and V tiles): loads from loaded pointers are left alone here.
  OpBuilder b(loop);
  IterationCloner cloner(loop, b, /*cloneLoads=*/false);
  for (LoadOp load : loads)
    if (!cloner.canCloneOperands(load))
      return;
  // Values loaded after the first dot feed later work, and their next
  // copies are live across the dots (attention's V): leave such loops
  // alone, unless all the next copies take a few registers (a gate's
  // scalar and row for the chunk, FLA's gated delta rule; attention
  // backward's rows of m and Di).
  if (llvm::any_of(
          loads,
          [&](LoadOp load) { return firstDot->isBeforeInBlock(load); }) &&
      llvm::sum_of(llvm::map_range(loads, [](LoadOp load) {
        return getRegisterCount(load.getType());
      })) > kFewRegisters)
    return;

  // The first iteration's tiles, before the loop.
  Value any = cloner.exists(loop.getLowerBound(), 0);
  SmallVector<Value> firstTiles;
  for (LoadOp load : loads)
    firstTiles.push_back(
        cloneLoad(b, load, any, [&](Value v) { return cloner.before(v, 0); }));
  // The next iteration's, loaded before the first dot; scalars read only
  // after it, in a loop whose tiles come through shared memory, at the end
  // of the iteration instead: in flight across the multiplies, their
  // scoreboard is one ptxas shares with the shared-memory reads after them,
  // which then wait for the global load (FLA's gated delta rule: 0.92 of
  // Triton so, 0.99-1.00 with its gate's scalar loaded at the end).
  bool scalarsAfterDots = point == firstDot &&
                          (!body->getOps<AsyncCopyOp>().empty() ||
                           !body->getOps<TensorCopyOp>().empty()) &&
                          llvm::all_of(loads, [](LoadOp load) {
                            return !isa<RankedTensorType>(load.getType());
                          });
  b.setInsertionPoint(scalarsAfterDots ? body->getTerminator() : point);
  DominanceInfo dominance(loop);
  Value exists = cloner.exists(loop.getInductionVar(), 1);
  SmallVector<Value> nextTiles;
  for (LoadOp load : loads)
    nextTiles.push_back(cloneLoad(b, load, exists, [&](Value v) {
      return cloner.ahead(v, 1, dominance);
    }));

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

/// A load the loop can copy into shared memory asynchronously, iterations
/// ahead, and read back from there: as the dot operand one conversion makes
/// of its tile, directly, without its unit dimensions or transposed
/// (tl.trans, .T: a dot by a matrix's transpose), or in its own layout for
/// any other use (a tile scaled before it is multiplied: FLA's keys and
/// their decay).
struct StagedLoad {
  LoadOp load;
  /// The reshape that drops the load's unit dimensions before the
  /// conversion (and the transpose), or null: a rank-3 descriptor's block
  /// [1, M, K] multiplied as [M, K]. The tile then holds the reshaped
  /// tensor: its copies take the pointers reshaped so.
  ReshapeOp squeeze;
  /// The transpose between the load and the conversion, or null. The tile
  /// then holds the transposed tensor: its copies take the transposed
  /// pointers (a relabeling of registers, like the transpose itself).
  TransOp trans;
  /// The conversion to a dot operand, or null: the tile is then read back
  /// in the load's layout.
  ConvertLayoutOp convert;
  /// One of the tiles it cycles through (the loop allocates a stack of
  /// them).
  SharedBufferType tile;
  /// Elements per copy (4, 8 or 16 bytes).
  int64_t width;
  /// The mask's runs of equal values per dimension of the tile (empty
  /// without a mask).
  SmallVector<int64_t> maskConstancy;
  /// Where the mask differs within a copy's run, the comparisons `i < n`
  /// that bound it (collectBounds), from which each copy computes how many
  /// elements it reads; empty if the copies must count the mask's elements.
  SmallVector<arith::CmpIOp> bounds;
  /// The tensor map (a kernel argument, getTensorMap) the tile is copied
  /// through instead, or null.
  Value tensorMap;
};

/// The comparisons `i < n` (or `i <= n`, `n > i`, `n >= i`; signed) among
/// the terms of `mask`, a tree of arith.andi, that differ within runs of
/// `width` along `dim`, where every other term is the same over each run
/// and those comparisons count up by one along it under an n that is the
/// same over it: then, at a run's first element, the least of `n - i` (one
/// more where equality is in bounds) is how many of its elements are in
/// bounds where the mask is true there. A comparison may be of fewer rows
/// or columns, broadcast along other dimensions than `dim` (`offs_k[None,
/// :] < K - k`, anded with a mask of rows). None otherwise.
SmallVector<arith::CmpIOp>
collectBounds(Value mask, unsigned dim, int64_t width, AxisInfoAnalysis &axis) {
  SmallVector<arith::CmpIOp> bounds;
  SmallVector<Value> terms = {mask};
  Type counterType;
  while (!terms.empty()) {
    Value term = terms.pop_back_val();
    if (axis.get(term).constancy[dim] >= width)
      continue;
    if (auto both = term.getDefiningOp<arith::AndIOp>()) {
      terms.append({both.getLhs(), both.getRhs()});
      continue;
    }
    if (auto broadcast = term.getDefiningOp<BroadcastOp>())
      if (cast<RankedTensorType>(broadcast.getSrc().getType())
              .getDimSize(dim) ==
          cast<RankedTensorType>(term.getType()).getDimSize(dim))
        term = broadcast.getSrc();
    using P = arith::CmpIPredicate;
    auto cmp = term.getDefiningOp<arith::CmpIOp>();
    if (!cmp)
      return {};
    P pred = cmp.getPredicate();
    bool lhsCounts = pred == P::slt || pred == P::sle;
    if (!lhsCounts && pred != P::sgt && pred != P::sge)
      return {};
    Value counter = cmp.getOperand(lhsCounts ? 0 : 1);
    Value bound = cmp.getOperand(lhsCounts ? 1 : 0);
    if (axis.get(counter).contiguity[dim] < width ||
        axis.get(bound).constancy[dim] < width ||
        (counterType && getElementTypeOrSelf(counter) != counterType))
      return {};
    counterType = getElementTypeOrSelf(counter);
    bounds.push_back(cmp);
  }
  return bounds;
}

/// For each element of `mask`'s type, the least over the comparisons
/// `bounds` (collectBounds) with operands mapped by `operand` of `n - i`
/// (plus one where `i == n` is in bounds), broadcast where a comparison is.
Value emitLimit(OpBuilder &b, Location loc, RankedTensorType mask,
                ArrayRef<arith::CmpIOp> bounds,
                llvm::function_ref<Value(Value)> operand) {
  using P = arith::CmpIPredicate;
  Value limit;
  for (arith::CmpIOp cmp : bounds) {
    P pred = cmp.getPredicate();
    bool lhsCounts = pred == P::slt || pred == P::sle;
    Value counter = operand(cmp.getOperand(lhsCounts ? 0 : 1));
    Value bound = operand(cmp.getOperand(lhsCounts ? 1 : 0));
    Value left = arith::SubIOp::create(b, loc, bound, counter);
    if (pred == P::sle || pred == P::sge)
      left = arith::AddIOp::create(
          b, loc, left, createScalarOrSplatConstant(b, loc, left.getType(), 1));
    auto type = RankedTensorType::get(
        mask.getShape(), getElementTypeOrSelf(left), mask.getEncoding());
    if (left.getType() != type)
      left = BroadcastOp::create(b, loc, type, left);
    limit =
        limit ? arith::MinSIOp::create(b, loc, limit, left).getResult() : left;
  }
  return limit;
}

/// Whether `reshape` only drops unit dimensions of its source, moving no
/// element to another thread (getReshapeRegisterMap).
bool dropsUnitDims(ReshapeOp reshape) {
  auto from = cast<RankedTensorType>(reshape.getSrc().getType());
  auto to = cast<RankedTensorType>(reshape.getType());
  SmallVector<int64_t> kept;
  llvm::copy_if(from.getShape(), std::back_inserter(kept),
                [](int64_t size) { return size != 1; });
  return !reshape.getAllowReorder() && ArrayRef(kept) == to.getShape() &&
         from.getEncoding() && to.getEncoding() &&
         getReshapeRegisterMap(from, to);
}

/// The conversion of `value` (through a reshape that drops its unit
/// dimensions, returned in `squeeze`, then a transpose, in `trans`) to the
/// dot operand that is its only use, or null.
ConvertLayoutOp getOperandConversion(Value value, ReshapeOp &squeeze,
                                     TransOp &trans) {
  squeeze = nullptr;
  trans = nullptr;
  if (!value.hasOneUse())
    return nullptr;
  Operation *user = *value.getUsers().begin();
  if (auto reshape = dyn_cast<ReshapeOp>(user)) {
    if (!reshape->hasOneUse() || !dropsUnitDims(reshape))
      return nullptr;
    squeeze = reshape;
    user = *reshape->getUsers().begin();
  }
  if (auto transpose = dyn_cast<TransOp>(user)) {
    if (!transpose->hasOneUse() ||
        transpose.getOrder() != ArrayRef<int32_t>{1, 0})
      return nullptr;
    trans = transpose;
    user = *transpose->getUsers().begin();
  }
  auto convert = dyn_cast<ConvertLayoutOp>(user);
  if (!convert || convert->getBlock() != value.getParentBlock() ||
      !isa<DotOperandEncodingAttr>(convert.getType().getEncoding()))
    return nullptr;
  return convert;
}

/// Whether a warpgroup multiply (of `warpgroupWarps` warps; none if 0) may
/// compute `dot`, reading its tiles where they lie in shared memory, and
/// still be reading them when its iteration ends: a dot on mma.sync's
/// layouts (a dot left to multiply-adds never is).
bool mayReadTilesInPlace(DotOp dot, unsigned warpgroupWarps) {
  auto type = cast<RankedTensorType>(dot.getType());
  return warpgroupWarps && isa<NvidiaMmaEncodingAttr>(type.getEncoding()) &&
         isWarpgroupMmaShape(type, warpgroupWarps) &&
         isWarpgroupMmaOperand(getElementTypeOrSelf(dot.getA().getType()));
}

/// Whether `value`, an operand beside a tile's value in an elementwise op,
/// can be remade in another layout without moving a tile: a splat, a splat
/// constant, or a vector broadcast along one dimension.
bool isRelayoutable(Value value) {
  if (value.getDefiningOp<SplatOp>())
    return true;
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense)))
    return dense.isSplat();
  auto broadcast = value.getDefiningOp<BroadcastOp>();
  auto expand =
      broadcast ? broadcast.getSrc().getDefiningOp<ExpandDimsOp>() : nullptr;
  return expand &&
         cast<RankedTensorType>(expand.getSrc().getType()).getRank() == 1;
}

/// `value` (isRelayoutable) remade in `layout`; a broadcast vector is
/// converted to the slice of `layout` where it is made, then expanded.
Value relayout(OpBuilder &b, Value value, Attribute layout) {
  Location loc = value.getLoc();
  auto type = withLayout(cast<RankedTensorType>(value.getType()), layout);
  if (auto splat = value.getDefiningOp<SplatOp>())
    return SplatOp::create(b, loc, type, splat.getSrc());
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense)))
    return arith::ConstantOp::create(
        b, loc, type,
        DenseElementsAttr::get(type, dense.getSplatValue<Attribute>()));
  auto expand =
      value.getDefiningOp<BroadcastOp>().getSrc().getDefiningOp<ExpandDimsOp>();
  // Where the vector is made (before a loop, for a loop-invariant one).
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(expand.getSrc());
  auto vector = cast<RankedTensorType>(expand.getSrc().getType());
  auto slice = SliceEncodingAttr::get(b.getContext(), expand.getAxis(),
                                      cast<LayoutEncodingAttr>(layout));
  Value converted = ConvertLayoutOp::create(b, loc, withLayout(vector, slice),
                                            expand.getSrc());
  Value expanded = ExpandDimsOp::create(
      b, loc, withLayout(cast<RankedTensorType>(expand.getType()), layout),
      converted, expand.getAxis());
  return BroadcastOp::create(b, loc, type, expanded);
}

/// Whether `layout` is a dot operand's of a dot left to multiply-adds.
bool isFmaOperand(Attribute layout) {
  auto operand = dyn_cast<DotOperandEncodingAttr>(layout);
  return operand && isa<BlockedEncodingAttr>(operand.getParent());
}

/// Where the threads are done reading the tile that `read` reads: the read
/// itself, or for an operand of a dot left to multiply-adds, that dot (the
/// operand's loads go where its multiply-adds take them; a barrier before
/// the dot would hold them all in registers first).
Operation *readDone(Operation *read) {
  Value value = read->getResult(0);
  if (isFmaOperand(cast<RankedTensorType>(value.getType()).getEncoding()) &&
      value.hasOneUse())
    if (auto dot = dyn_cast<DotOp>(*value.getUsers().begin()))
      return dot;
  return read;
}

/// Where the copies that refill the tiles go, once `lastRead`, the last of
/// their reads in the iteration, is done. Past it come arithmetic,
/// conversions and, once a conversion through shared memory has come, dots:
/// the copies go after the last such conversion or dot, or, where none of
/// the conversions goes through shared memory, right after `lastRead`. The
/// conversion's barrier, between its stores and its loads, then orders every
/// thread's reads before the copies, which need none of their own
/// (AllocateSharedMemory drops their wait's), and what is converted and
/// multiplied is dead before they are issued, as where Triton refills, at
/// the end of the iteration (applied-ai's GPTQ matmul, its B dequantized in
/// registers then converted to its dot operand: a barrier fewer, 490
/// instructions in the loop instead of 542, 0.80 of Triton's speed -> 0.94).
/// `replaced`: the loads the tiles replace, and their conversions.
Operation *getRefillPoint(Operation *lastRead,
                          const llvm::SmallPtrSetImpl<Operation *> &replaced) {
  Operation *point = lastRead;
  bool ordered = false;
  for (Operation *op = lastRead->getNextNode(); op; op = op->getNextNode()) {
    if (replaced.contains(op))
      continue;
    if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
      if (convertsThroughSharedMemory(
              cast<RankedTensorType>(convert.getSrc().getType()),
              cast<RankedTensorType>(convert.getType()))) {
        ordered = true;
        point = op;
      }
      continue;
    }
    if (isa<DotOp>(op) && ordered) {
      point = op;
      continue;
    }
    if (op->getNumRegions() || !isMemoryEffectFree(op) ||
        !isa_and_present<arith::ArithDialect, math::MathDialect>(
            op->getDialect()))
      break;
  }
  return ordered ? point : lastRead;
}

/// `read` (a tile read back in its load's layout), read instead in the
/// layout its value is converted to where that conversion is its only use,
/// through casts (a bf16 tile extended to f32, then converted to a dot's
/// accumulator layout to be added to it): the read goes through shared
/// memory anyway, the conversion would go through it again. Into a dot
/// operand that stays in registers (mma.sync's; a warpgroup multiply's A,
/// where `warpgroupWarps` is the warps of one), also through other
/// elementwise ops whose other operands are splats, constants or
/// broadcast vectors, remade in that layout (FLA's q scaled by the gate
/// before its tf32 multiply, stored and read again for it before), as
/// Triton's dot operand hoisting does. Returns the read.
Value readWhereConverted(OpBuilder &b, LocalLoadOp read,
                         unsigned warpgroupWarps) {
  // The ops from the read to the conversion, and which operand of each
  // carries the tile's value.
  SmallVector<std::pair<Operation *, unsigned>> chain;
  bool castsOnly = true;
  Value value = read.getResult();
  while (value.hasOneUse()) {
    OpOperand &use = *value.getUses().begin();
    Operation *user = use.getOwner();
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      Attribute layout = convert.getType().getEncoding();
      if (convert->getBlock() != read->getBlock())
        return read;
      if (auto operand = dyn_cast<DotOperandEncodingAttr>(layout)) {
        auto dot = convert->hasOneUse()
                       ? dyn_cast<DotOp>(*convert->getUsers().begin())
                       : nullptr;
        // A warpgroup multiply takes A from registers in 32-bit words. A
        // tile of wider elements than the operand's (GPTQ's packed int32
        // weights, dequantized to f16) is read in its own layout, a run of
        // them at once, not one element at a time along K.
        if (!dot ||
            getElementTypeOrSelf(read.getType()).getIntOrFloatBitWidth() >
                getElementTypeOrSelf(convert.getType())
                    .getIntOrFloatBitWidth() ||
            (mayReadTilesInPlace(dot, warpgroupWarps) &&
             (operand.getOpIdx() != 0 ||
              !holdsWordPerRegister(operand,
                                    getElementTypeOrSelf(convert.getType())))))
          return read;
      } else if (!castsOnly) {
        return read;
      }
      // An operand of a dot left to multiply-adds holds all of K for each
      // of the thread's rows, each element in as many threads as the dot
      // has along its other dimension: the tile alone is read into it (ops
      // between would compute that many times over, and hold all of it),
      // where the dot is, so that each K step's values can be loaded where
      // the multiply-adds take them.
      if (isFmaOperand(layout)) {
        if (!chain.empty())
          return read;
        b.setInsertionPoint(convert);
      } else {
        b.setInsertionPoint(read);
      }
      Value moved = LocalLoadOp::create(
          b, read.getLoc(), withLayout(read.getType(), layout), read.getTile());
      Value result = moved;
      for (auto [op, carried] : chain) {
        b.setInsertionPoint(op);
        IRMapping operands;
        for (OpOperand &other : op->getOpOperands())
          if (other.getOperandNumber() != carried)
            operands.map(other.get(), relayout(b, other.get(), layout));
        operands.map(op->getOperand(carried), result);
        Operation *clone = b.clone(*op, operands);
        clone->getResult(0).setType(withLayout(
            cast<RankedTensorType>(op->getResult(0).getType()), layout));
        result = clone->getResult(0);
      }
      convert.getResult().replaceAllUsesWith(result);
      convert.erase();
      for (auto [op, carried] : llvm::reverse(chain))
        op->erase();
      read.erase();
      return moved;
    }
    if (user->getNumResults() != 1 || !user->hasTrait<OpTrait::Elementwise>() ||
        !isa<RankedTensorType>(user->getResult(0).getType()))
      return read;
    for (OpOperand &other : user->getOpOperands())
      if (&other != &use) {
        if (!isRelayoutable(other.get()))
          return read;
        castsOnly = false;
      }
    chain.push_back({user, use.getOperandNumber()});
    value = user->getResult(0);
  }
  return read;
}

/// `load` as a StagedLoad, if the target's asynchronous
/// copies can move it and local_load read it back: as the dot operand it
/// is converted to, or else (`inRegisters`) in its own layout (blocked for
/// a 2-D tile, any for a vector).
/// Where the dot will be a warpgroup multiply (`warpgroupWarps` warps, 0
/// if the target has none), which reads tf32 (and fp8) operands only with K
/// along the stored rows, a 32-bit tile is stored that way, one element per
/// copy (an 8-bit one cannot be: copies move 4 bytes or more, so unless
/// the operand is loaded K-major, as `x @ w.T`, tkc-gpu-warpgroup-mma
/// copies its tile into one along K).
std::optional<StagedLoad> getStagedLoad(LoadOp load, AxisInfoAnalysis &axis,
                                        unsigned warpgroupWarps,
                                        bool inRegisters) {
  auto loadType = dyn_cast<RankedTensorType>(load.getType());
  // Shared-memory tiles hold integers and floats (not loaded pointers).
  if (!loadType || load.getIsVolatile() || load->use_empty() ||
      !loadType.getElementType().isIntOrFloat())
    return std::nullopt;
  ReshapeOp squeeze;
  TransOp trans;
  ConvertLayoutOp convert =
      inRegisters ? nullptr : getOperandConversion(load, squeeze, trans);
  if (!inRegisters && !convert)
    return std::nullopt;
  // The tensor the tile holds: 2-D in a blocked layout, or a vector read
  // back in its own layout, whatever it is (a gate's slice of the
  // accumulator's layout).
  auto type = trans     ? trans.getType()
              : squeeze ? cast<RankedTensorType>(squeeze.getType())
                        : loadType;
  SmallVector<unsigned> order;
  if (type.getRank() == 1 && !convert)
    order = {0};
  else if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
           blocked && type.getRank() == 2)
    order.assign(blocked.getOrder().begin(), blocked.getOrder().end());
  else
    return std::nullopt;
  // The dimension the layout's registers run along first.
  unsigned layoutFast = order.front();
  int64_t bytes = getStorageBytes(type.getElementType());
  if (convert) {
    auto operand =
        cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
    bool kMajor = false;
    if (bytes == 4 && convert->hasOneUse() &&
        isWarpgroupMmaOperand(type.getElementType()))
      if (auto dot = dyn_cast<DotOp>(*convert->getUsers().begin()))
        kMajor = mayReadTilesInPlace(dot, warpgroupWarps);
    if (kMajor)
      order = {operand.getKDim(), 1 - operand.getKDim()};
    if (!isSharedOperand(convert.getType(), order.front()))
      return std::nullopt;
  } else if (type.getDimSize(order.front()) %
                 getChunkElements(type.getElementType()) !=
             0) {
    // local_load reads rows of whole 16-byte chunks.
    return std::nullopt;
  }
  unsigned fast = order.front();
  // Masked-off elements are copied as zeros.
  if (Value other = load.getOther())
    if (!matchPattern(other, m_PosZeroFloat()) &&
        !matchPattern(other, m_Zero()))
      return std::nullopt;
  // Copies of 4 to 16 bytes along the tile's rows. A copy reads its run's
  // leading elements and zero-fills the rest, so a mask that bounds the
  // rows (`col < n`, a tensor descriptor's shape) leaves it whole.
  int64_t width = getAccessWidth(load.getPtr(), load.getMask(), axis,
                                 /*boundedRuns=*/true);
  if (fast != layoutFast)
    width = 1;
  if (width * bytes < 4 ||
      getLinearLayout(type).getContiguousRegisters(fast) < width)
    return std::nullopt;
  // A tile a dot left to multiply-adds reads (readWhereConverted) is
  // swizzled only where that may spread the copies or reads over more banks.
  bool swizzled = true;
  ReshapeOp squeezed;
  TransOp transposed;
  if (ConvertLayoutOp use = getOperandConversion(load, squeezed, transposed);
      use && !squeezed && !transposed &&
      isFmaOperand(use.getType().getEncoding()))
    swizzled = !accessesOneRowPerPass({type, use.getType()}, fast);
  auto tile = SharedBufferType::get(load.getContext(), type.getShape(),
                                    type.getElementType(), order, swizzled);
  SmallVector<int64_t> maskConstancy;
  SmallVector<arith::CmpIOp> bounds;
  if (Value mask = load.getMask()) {
    const AxisInfo &runs = axis.get(mask);
    // Per dimension of the tile: without the dimensions the reshape drops,
    // in the transpose's order.
    SmallVector<int64_t> loaded;
    for (auto [size, constancy] :
         llvm::zip(loadType.getShape(), runs.constancy))
      if (!squeeze || size != 1)
        loaded.push_back(constancy);
    maskConstancy = loaded;
    if (trans)
      for (auto [d, from] : llvm::enumerate(trans.getOrder()))
        maskConstancy[d] = loaded[from];
    bounds = collectBounds(
        mask, getAccessDim(cast<RankedTensorType>(load.getPtr().getType())),
        width, axis);
  }
  return StagedLoad{load,
                    squeeze,
                    trans,
                    convert,
                    tile,
                    width,
                    std::move(maskConstancy),
                    std::move(bounds)};
}

/// Starts copying `staged`'s tile, with operands mapped by `operand`, into
/// `tile` where `inRange` (i1: whether its iteration exists).
void emitCopy(OpBuilder &b, const StagedLoad &staged, Value tile, Value inRange,
              llvm::function_ref<Value(Value)> operand) {
  LoadOp load = staged.load;
  Location loc = load.getLoc();
  Value ptr = operand(load.getPtr());
  Value mask = load.getMask() ? operand(load.getMask()) : Value();
  Value limit =
      staged.bounds.empty()
          ? Value()
          : emitLimit(b, loc, cast<RankedTensorType>(load.getMask().getType()),
                      staged.bounds, operand);
  if (ReshapeOp squeeze = staged.squeeze) {
    // Pointers and mask reshaped as the loaded tile was.
    auto type = cast<RankedTensorType>(squeeze.getType());
    auto reshape = [&](Value v) -> Value {
      auto elem = cast<RankedTensorType>(v.getType()).getElementType();
      return ReshapeOp::create(
          b, loc,
          RankedTensorType::get(type.getShape(), elem, type.getEncoding()), v);
    };
    ptr = reshape(ptr);
    if (mask)
      mask = reshape(mask);
    if (limit)
      limit = reshape(limit);
  }
  if (TransOp trans = staged.trans) {
    // Pointers and mask transposed as the loaded tile was.
    RankedTensorType type = trans.getType();
    auto transpose = [&](Value v) {
      auto elem = cast<RankedTensorType>(v.getType()).getElementType();
      return TransOp::create(b, loc,
                             RankedTensorType::get(type.getShape(), elem,
                                                   type.getEncoding()),
                             v, trans.getOrderAttr())
          .getResult();
    };
    ptr = transpose(ptr);
    if (mask)
      mask = transpose(mask);
    if (limit)
      limit = transpose(limit);
  }
  mask = guardMask(b, loc, ptr, mask, inRange);
  auto copy = AsyncCopyOp::create(b, loc, ptr, tile, mask, limit);
  // The width and the mask's runs hold for every iteration's pointers and
  // masks: the axis facts are the loop's invariants.
  copy->setAttr(TKCGPUDialect::kVectorWidth, b.getI32IntegerAttr(staged.width));
  setMaskConstancy(copy, staged.maskConstancy);
}

/// The tensor map through which the target's tensor copies can fill
/// `one`'s tile (getTensorMapFor); null where the load names no descriptor
/// (tkc.load's `box`), or its tile is not laid out as such copies write it
/// (getTensorCopySwizzle, with its rows along the descriptor's last
/// dimension). A block of more than two dimensions is copied where all but
/// its last two are 1 (the reshape that drops them makes the tile: a
/// batched descriptor's [1, M, K]). Tiles of 4-byte elements (tf32
/// operands) are copied asynchronously: tensor copies of them were not
/// tried on a GPU.
Value getTensorMap(const StagedLoad &one) {
  LoadOp load = one.load;
  auto type = cast<RankedTensorType>(load.getType());
  TransOp trans = one.trans;
  unsigned fast = one.tile.getOrder().front();
  std::optional<TileSwizzle> swizzle = getTensorCopySwizzle(one.tile);
  if (!load.getDescriptorAttr() || !swizzle || swizzle->bytes > 2 ||
      (type.getRank() > 2 && !one.squeeze) ||
      (trans ? trans.getOrder()[fast] : fast) != 1)
    return nullptr;
  return getTensorMapFor(load, load.getDescriptorAttr(), type, *swizzle);
}

/// Where `inRange` (i1: whether its iteration exists), starts copying
/// `staged`'s block, at its box coordinates mapped by `operand`, into
/// `tile` through its tensor map, each copy one column block of the tile;
/// the bytes complete barrier `slot` of `barriers`.
void emitTensorCopy(OpBuilder &b, const StagedLoad &staged, Value tile,
                    Value barriers, Value slot, Value inRange,
                    llvm::function_ref<Value(Value)> operand) {
  LoadOp load = staged.load;
  Location loc = load.getLoc();
  SmallVector<Value> coords;
  for (Value coord : load.getBox())
    coords.push_back(operand(coord));
  TensorCopyOp::create(b, loc, staged.tensorMap, coords, tile, barriers, slot,
                       inRange);
}

/// Whether `load`'s values reach an address (the offset of a tkc.addptr)
/// within its block, through any ops.
bool feedsAddresses(LoadOp load) {
  SmallVector<Value> values = {load.getResult()};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!values.empty())
    for (Operation *user : values.pop_back_val().getUsers()) {
      if (isa<AddPtrOp>(user))
        return true;
      if (user->getBlock() == load->getBlock() && seen.insert(user).second)
        llvm::append_range(values, user->getResults());
    }
  return false;
}

/// Pipelines `loop` through `stages` shared-memory tiles per operand, for
/// the loads of its body that feed a dot operand the target can copy
/// asynchronously (the others stay as they are); returns the loop that
/// replaces it, or null if it did not. Copies run `stages - 1`
/// iterations ahead: before the loop for the first `stages - 1`
/// iterations, then in each iteration, after waiting for its own tiles, for
/// the iteration `stages - 1` later, into the tiles the previous iteration
/// read. Tiles read into registers (mma.sync operands, tiles computed
/// with; not those a warpgroup multiply reads in place) may instead cycle
/// through `stages - 1` tiles, each iteration refilling the ones it read
/// once every thread has read them, as Triton does, where that leaves room
/// for more programs per SM (`maxSharedBytes`, the most a block may have):
/// in loops of register tiles only, where the `stages` tiles would leave
/// room for only one (vLLM's MoE decode, 80 KB instead of 120 KB, ran 6%
/// faster so; elsewhere the copies issued at the top of the iteration,
/// without a second barrier, keep the matmuls 5-10% faster than Triton's),
/// and where they would fit more programs by threads too and the kernel
/// favors occupancy; beside tiles read in place, only where it favors
/// occupancy (`favorOccupancy`: TKCGPUDialect::kFavorOccupancy), which moves
/// the refills to the end of the iteration, where the tiles read are dead
/// (FLA's chunk_h: 48 KB instead of 72, 128 registers instead of 152).
/// `warpgroupWarps`: as getStagedLoad takes it.
scf::ForOp pipelineInSharedMemory(scf::ForOp loop, unsigned stages,
                                  AxisInfoAnalysis &axis,
                                  unsigned warpgroupWarps,
                                  int64_t maxSharedBytes, bool favorOccupancy,
                                  bool tensorCopies) {
  Block *body = loop.getBody();
  LoopWrites writes(loop);
  if (body->getOps<DotOp>().empty() || writes.everywhere())
    return nullptr;
  SmallVector<StagedLoad> staged;
  SmallVector<LoadOp> others;
  for (LoadOp load : body->getOps<LoadOp>()) {
    if (load.getIsVolatile())
      return nullptr;
    // Loads that could miss a write of the loop stay where they are.
    if (writes.mayMiss(load))
      continue;
    if (std::optional<StagedLoad> one =
            getStagedLoad(load, axis, warpgroupWarps, /*inRegisters=*/false))
      staged.push_back(*one);
    else
      others.push_back(load);
  }
  // The operands' stacks must leave room for what the block's shared memory
  // also holds while the loop runs: the operands a warpgroup multiply reads
  // there though the loop computes them in registers, in this loop and the
  // loops it holds (FLA's path attention backward: its outer loop's four
  // stacks of 48 KB beside such operands took the block past its 227 KB;
  // Triton pipelines its inner loop only), or the loop is pipelined in
  // registers only.
  int64_t freeBytes = maxSharedBytes;
  for (const StagedLoad &one : staged)
    freeBytes -= stages * getSharedBytes(one.tile);
  llvm::SmallPtrSet<Value, 8> storedOperands;
  loop.walk([&](DotOp dot) {
    Value b = dot.getB();
    if (mayReadTilesInPlace(dot, warpgroupWarps) &&
        llvm::none_of(staged,
                      [&](StagedLoad one) {
                        return one.convert && one.convert.getResult() == b;
                      }) &&
        storedOperands.insert(b).second)
      freeBytes -= getStorageBytes(getElementTypeOrSelf(b.getType())) *
                   cast<RankedTensorType>(b.getType()).getNumElements();
  });
  // An innermost loop keeps its stacks where they do not fit: the block's
  // allocation then refuses them, as Triton's runs out of resources (and
  // an autotuned config is left out for that target). Triton pipelines
  // no loop that holds another.
  bool holdsLoops = false;
  body->walk(
      [&](Operation *op) { holdsLoops |= isa<scf::ForOp, scf::WhileOp>(op); });
  if (freeBytes < 0 && holdsLoops)
    return nullptr;
  // Tiles the loop computes with in registers come through shared memory
  // too (they then take no registers while in flight), in stacks `depth`
  // deep while they fit in `budget` bytes. So do its vectors, as Triton
  // copies GPTQ's scales and zero points (applied-ai's GPTQ matmul: 0.67 of
  // Triton with them loaded in the loop, 0.81 so), except beside warpgroup
  // multiplies, where they do only if each warp holds elements of its own:
  // vectors that every warp holds (a column's m and Di in tutorial 06's
  // backward) came back wrong there in 4 of 4 runs, and right in 4 of 4
  // with mma.sync (the cause is not known), and a loop that kept some
  // vectors in registers beside others in shared memory took more
  // registers (FLA's chunk_h: 168 instead of 128): all of a loop's vectors,
  // or none. Vectors of addresses stay in registers too: a paged cache's
  // token indices, which an extra shared-memory read would only delay
  // (vLLM's and LightLLM's decode attentions ran 0.6% slower so).
  bool warpgroupLoop = false;
  loop.walk([&](DotOp dot) {
    warpgroupLoop |= mayReadTilesInPlace(dot, warpgroupWarps);
  });
  bool sharedVectors = !warpgroupLoop || llvm::none_of(others, [](LoadOp load) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    return type && type.getRank() == 1 &&
           getLinearLayout(type).getFreeBits(HwDim::Warp);
  });
  // Vectors whose addresses cannot be computed ahead stay loads, as the
  // loop's operand tiles still move. Beside warpgroup multiplies that
  // includes addresses that divide by a run-time value (vLLM's block-fp8
  // matmul's scales, indexed by `k // group_k`: 0.84 of Triton unpipelined,
  // 0.99 so; copied ahead, 0.89 with 214 registers against 197); elsewhere
  // the copy ahead divides too (IterationCloner's cloneDivisions). 2-D
  // tiles whose addresses cannot be computed ahead keep the loop from
  // moving (GPTQ's and AWQ's dequantized weights: TGI's GPTQ kernel ran at
  // 2.2 times Triton's speed unpipelined, 1.2 with its other tiles
  // pipelined).
  SmallVector<StagedLoad> candidates;
  OpBuilder probe(loop);
  IterationCloner ahead(loop, probe, /*cloneLoads=*/true,
                        /*cloneDivisions=*/false, &writes);
  IterationCloner aheadVectors(loop, probe, /*cloneLoads=*/true,
                               /*cloneDivisions=*/!warpgroupLoop, &writes);
  for (LoadOp load : others) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (type && type.getRank() == 1 && (!sharedVectors || feedsAddresses(load)))
      continue;
    if (type && type.getRank() == 1 && !aheadVectors.canCloneOperands(load))
      continue;
    if (std::optional<StagedLoad> one =
            getStagedLoad(load, axis, warpgroupWarps, /*inRegisters=*/true))
      candidates.push_back(*one);
  }
  auto registerTiles = [&](int64_t budget, int64_t depth) {
    SmallVector<StagedLoad> tiles;
    for (const StagedLoad &one : candidates) {
      if (depth * getSharedBytes(one.tile) > budget)
        continue;
      budget -= depth * getSharedBytes(one.tile);
      tiles.push_back(one);
    }
    return tiles;
  };
  // As deep as the operands' stacks, within a quarter of the block's shared
  // memory (conversions and reductions need room too). Where that leaves
  // some out (of three stages or more), a tile fewer each, refilled once
  // read, as Triton's stacks of tiles read into registers are, within what
  // the operands leave but a sixteenth (FLA's dhu backward: its q tiles,
  // scaled by the gate before their multiply, were loaded where they are
  // used, past two of them). Only beside warpgroup multiplies: mma.sync
  // loops convert more through shared memory (FLA's path attention
  // backward then needed 176 KB on sm_80).
  SmallVector<StagedLoad> inRegisters =
      registerTiles(std::min(maxSharedBytes / 4, freeBytes), stages);
  bool refillToFit = false;
  if (warpgroupWarps && stages > 2 && inRegisters.size() < candidates.size())
    if (SmallVector<StagedLoad> fewer =
            registerTiles(freeBytes - maxSharedBytes / 16, stages - 1);
        fewer.size() > inRegisters.size()) {
      inRegisters = std::move(fewer);
      refillToFit = true;
    }
  llvm::append_range(staged, inRegisters);
  // Vectors are copied beside the tiles they scale or index, not alone (an
  // aiter MoE loop would copy its token ids, read from the same address
  // each iteration, and nothing else: 40 registers instead of 32).
  if (llvm::all_of(staged, [](const StagedLoad &one) {
        return one.tile.getShape().size() < 2;
      }))
    return nullptr;
  // Tiles a warpgroup multiply reads in place stay in their stack until it
  // has read them; the others are read into registers.
  auto readInPlace = [&](const StagedLoad &one) {
    if (!one.convert || !one.convert->hasOneUse())
      return false;
    auto dot = dyn_cast<DotOp>(*one.convert->getUsers().begin());
    return dot && mayReadTilesInPlace(dot, warpgroupWarps);
  };
  int64_t inPlaceBytes = 0, registerBytes = 0;
  for (const StagedLoad &one : staged)
    (readInPlace(one) ? inPlaceBytes : registerBytes) +=
        getSharedBytes(one.tile);
  int64_t fullBytes = stages * (inPlaceBytes + registerBytes);
  int64_t refillBytes = fullBytes - registerBytes;
  auto programs = [&](int64_t bytes) { return maxSharedBytes / bytes; };
  // Where it makes room for more programs per SM, the kernel is marked as
  // one that favoring occupancy would take fewer tiles, and refills so when
  // it favors occupancy (the driver keeps that binary where registers and
  // all of its shared memory fit more programs).
  auto refillToFavor = [&](bool morePrograms) {
    if (morePrograms && !favorOccupancy)
      for (StringRef mark :
           {TKCGPUDialect::kOccupancyHeadroom, TKCGPUDialect::kSharedHeadroom})
        loop->getParentOfType<ModuleOp>()->setAttr(
            mark, UnitAttr::get(loop.getContext()));
    return morePrograms && favorOccupancy;
  };
  // Register tiles alone: where one program per SM becomes two, and
  // otherwise where more fit by threads too (2,048 an SM), favoring
  // occupancy: applied-ai's split-K GPTQ matmul (three stacks of 20 KB,
  // 512 programs of 4 warps) then runs in one wave of four programs an SM,
  // not two of three. Beside tiles read in place: favoring occupancy.
  bool refillAfterRead;
  if (refillToFit) {
    refillAfterRead = true;
  } else if (!inPlaceBytes) {
    int64_t warps = getModuleUInt(loop->getParentOfType<ModuleOp>(),
                                  TKCGPUDialect::kNumWarps);
    auto fitting = [&](int64_t bytes) {
      return warps ? std::min<int64_t>(programs(bytes), 64 / warps)
                   : programs(bytes);
    };
    refillAfterRead =
        registerBytes && programs(fullBytes) <= 1 && programs(refillBytes) >= 2;
    if (!refillAfterRead)
      refillAfterRead = refillToFavor(registerBytes && fitting(refillBytes) >
                                                           fitting(fullBytes));
  } else {
    refillAfterRead = refillToFavor(registerBytes && programs(refillBytes) >
                                                         programs(fullBytes));
  }
  for (const StagedLoad &one : staged)
    if (one.tile.getShape().size() > 1 && !ahead.canCloneOperands(one.load))
      return nullptr;

  // The tiles copied at the top of each iteration (in `stages` slots), and
  // the ones refilled once read (in `stages - 1`); each has its own group
  // of copies per iteration.
  struct CopyGroup {
    SmallVector<unsigned> tiles;
    bool refill;
    Value readSlot, writeSlot;
  };
  auto depthOf = [&](const CopyGroup &group) {
    return group.refill ? stages - 1 : stages;
  };
  SmallVector<CopyGroup> groups;
  for (bool refill : {false, true}) {
    CopyGroup group{{}, refill, {}, {}};
    for (auto [i, one] : llvm::enumerate(staged))
      if ((refillAfterRead && !readInPlace(one)) == refill)
        group.tiles.push_back(i);
    if (!group.tiles.empty())
      groups.push_back(group);
  }
  std::vector<unsigned> depths(staged.size());
  for (const CopyGroup &group : groups)
    for (unsigned i : group.tiles)
      depths[i] = depthOf(group);
  // Blocks of host descriptors are copied through their tensor maps where
  // the target can: each thread's asynchronous copies would compute
  // addresses and masks per run, in registers the loop may lack (the
  // block-scaled matmul tutorial's fp8 tiles, read into registers to be
  // scaled: 1,712 bytes of stack with them, 1,400 without).
  if (tensorCopies)
    for (StagedLoad &one : staged)
      one.tensorMap = getTensorMap(one);
  auto copiesTensors = [&](const CopyGroup &group) {
    return llvm::any_of(group.tiles,
                        [&](unsigned i) { return staged[i].tensorMap; });
  };

  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto i32 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v))
        .getResult();
  };
  SmallVector<Value> buffers;
  for (auto [i, one] : llvm::enumerate(staged)) {
    SmallVector<int64_t> shape{depths[i]};
    llvm::append_range(shape, one.tile.getShape());
    auto stack = SharedBufferType::get(
        loop.getContext(), shape, one.tile.getElementType(),
        one.tile.getOrder(), one.tile.getSwizzled());
    buffers.push_back(LocalAllocOp::create(b, loc, stack, Value()));
  }
  // A group of tensor copies completes one memory barrier per slot: the
  // loop waits on the one of the tiles it reads, for the parity of the
  // times that slot was filled before (the phase it carries flips as the
  // slot it reads wraps around).
  SmallVector<Value> barriers(groups.size());
  for (auto [n, group] : llvm::enumerate(groups))
    if (copiesTensors(group)) {
      barriers[n] = LocalAllocOp::create(
          b, loc,
          SharedBufferType::get(loop.getContext(), {depthOf(group)},
                                b.getI64Type(), {0}, /*swizzled=*/false),
          Value());
      BarrierInitOp::create(b, loc, barriers[n]);
    }
  // Per group, the loop carries the tile it reads and the one it copies
  // into (the same one where it refills the tiles it read), then the
  // phase of its barrier, if it has one.
  SmallVector<Value> firstSlots;
  for (auto [n, group] : llvm::enumerate(groups)) {
    firstSlots.push_back(i32(0));
    firstSlots.push_back(i32(group.refill ? 0 : stages - 1));
    if (barriers[n])
      firstSlots.push_back(i32(0));
  }
  IRRewriter rewriter(loop.getContext());
  auto grown = loop.replaceWithAdditionalYields(
      rewriter, firstSlots,
      /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &yb, Location, ArrayRef<BlockArgument> carried) {
        auto constant = [&](int64_t v) {
          return arith::ConstantOp::create(yb, loc, yb.getI32IntegerAttr(v))
              .getResult();
        };
        Value one = constant(1), zero = constant(0);
        SmallVector<Value> next;
        for (auto [n, group] : llvm::enumerate(groups)) {
          Value count = constant(depthOf(group));
          Value readWraps;
          for (unsigned k = 0; k < 2; ++k) {
            Value inc = arith::AddIOp::create(yb, loc, carried.front(), one);
            carried = carried.drop_front();
            Value wraps = arith::CmpIOp::create(
                yb, loc, arith::CmpIPredicate::eq, inc, count);
            next.push_back(arith::SelectOp::create(yb, loc, wraps, zero, inc));
            if (k == 0)
              readWraps = wraps;
          }
          if (barriers[n]) {
            Value phase = carried.front();
            carried = carried.drop_front();
            Value flipped = arith::XOrIOp::create(yb, loc, phase, one);
            next.push_back(
                arith::SelectOp::create(yb, loc, readWraps, flipped, phase));
          }
        }
        return next;
      });
  if (failed(grown))
    return nullptr;
  loop = cast<scf::ForOp>(grown->getOperation());
  body = loop.getBody();
  SmallVector<Value> phases(groups.size());
  {
    auto carried = loop.getRegionIterArgs().take_back(firstSlots.size());
    for (auto [n, group] : llvm::enumerate(groups)) {
      group.readSlot = carried[0];
      group.writeSlot = carried[1];
      carried = carried.drop_front(2);
      if (barriers[n]) {
        phases[n] = carried[0];
        carried = carried.drop_front();
      }
    }
  }
  auto tileOf = [&](unsigned i, Value slot) {
    return TileOp::create(b, loc, staged[i].tile, buffers[i], slot).getResult();
  };
  auto emitCopies = [&](const CopyGroup &group, Value slot, Value exists,
                        llvm::function_ref<Value(Value)> operand) {
    unsigned n = &group - groups.data();
    if (barriers[n]) {
      int64_t bytes = 0;
      for (unsigned i : group.tiles)
        if (staged[i].tensorMap)
          bytes += getSharedBytes(staged[i].tile);
      BarrierExpectOp::create(b, loc, barriers[n], slot, exists,
                              b.getI32IntegerAttr(bytes));
    }
    for (unsigned i : group.tiles)
      if (staged[i].tensorMap)
        emitTensorCopy(b, staged[i], tileOf(i, slot), barriers[n], slot, exists,
                       operand);
      else
        emitCopy(b, staged[i], tileOf(i, slot), exists, operand);
    AsyncCommitOp::create(b, loc);
  };

  // The first stages - 1 iterations' copies, one group each per group of
  // tiles.
  b.setInsertionPoint(loop);
  IterationCloner cloner(loop, b, /*cloneLoads=*/true,
                         /*cloneDivisions=*/!warpgroupLoop);
  for (unsigned it = 0; it + 1 < stages; ++it) {
    Value exists = cloner.exists(loop.getLowerBound(), it);
    for (const CopyGroup &group : groups)
      emitCopies(group, i32(it), exists,
                 [&](Value v) { return cloner.before(v, it); });
  }

  // Each iteration waits for its tiles (the groups of the next stages - 2
  // iterations may still run), then starts the copies of the iteration
  // stages - 1 later into the tiles the one before read, or, refilling the
  // tiles it read, reads them and waits for every thread to have read them
  // first.
  b.setInsertionPointToStart(body);
  int64_t pending = groups.size() * (stages - 2);
  AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(pending));
  for (auto [n, group] : llvm::enumerate(groups))
    if (barriers[n])
      BarrierWaitOp::create(b, loc, barriers[n], group.readSlot, phases[n]);
  DominanceInfo dominance(loop);
  auto emitAhead = [&](const CopyGroup &group) {
    Value exists = cloner.exists(loop.getInductionVar(), stages - 1);
    emitCopies(group, group.writeSlot, exists,
               [&](Value v) { return cloner.ahead(v, stages - 1, dominance); });
  };
  if (!groups.front().refill) {
    emitAhead(groups.front());
    ++pending;
  }
  Operation *lastRead = nullptr;
  llvm::SmallPtrSet<Operation *, 8> replaced;
  for (StagedLoad &one : staged)
    for (Operation *op : {one.load.getOperation(), one.convert.getOperation(),
                          one.trans.getOperation(), one.squeeze.getOperation()})
      if (op)
        replaced.insert(op);
  for (const CopyGroup &group : groups) {
    for (unsigned i : group.tiles) {
      StagedLoad &one = staged[i];
      // The tile read where the operand conversion (or the load) was.
      Operation *read =
          one.convert ? one.convert.getOperation() : one.load.getOperation();
      b.setInsertionPoint(read);
      Value tile = LocalLoadOp::create(b, loc, read->getResult(0).getType(),
                                       tileOf(i, group.readSlot));
      read->getResult(0).replaceAllUsesWith(tile);
      if (!one.convert)
        tile = readWhereConverted(b, tile.getDefiningOp<LocalLoadOp>(),
                                  warpgroupWarps);
      Operation *done = readDone(tile.getDefiningOp());
      if (group.refill && (!lastRead || lastRead->isBeforeInBlock(done)))
        lastRead = done;
    }
  }
  if (groups.back().refill) {
    // The wait has nothing left to wait for; its barrier orders every
    // thread's reads before the copies.
    if (favorOccupancy)
      b.setInsertionPoint(body->getTerminator());
    else
      b.setInsertionPointAfter(getRefillPoint(lastRead, replaced));
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(pending))
        ->setAttr(TKCGPUDialect::kOrdersReads, b.getUnitAttr());
    emitAhead(groups.back());
  }
  for (StagedLoad &one : staged) {
    if (one.convert)
      one.convert.erase();
    if (one.trans)
      one.trans.erase();
    if (one.squeeze)
      one.squeeze.erase();
    one.load.erase();
  }
  // No copy may still be writing when later code reuses the memory (every
  // tensor copy issued was waited for: its iteration existed).
  b.setInsertionPointAfter(loop);
  AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  for (Value stack : barriers)
    if (stack)
      BarrierInvalOp::create(b, loc, stack);
  return loop;
}

struct PipelinePass : public gpu::impl::TKCGPUPipelineBase<PipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, unsigned>> loops;
    getOperation().walk([&](scf::ForOp loop) {
      // tl.range(..., num_stages=) overrides the kernel's num_stages.
      unsigned stages = numStages;
      if (auto attr =
              loop->getAttrOfType<IntegerAttr>(TKCDialect::kLoopNumStages))
        stages = attr.getInt();
      if (stages >= 2)
        loops.push_back({loop, stages});
    });
    std::unique_ptr<::tkc::TargetInfo> info;
    if (!target.empty()) {
      info = ::tkc::createTargetInfoOrReport(target, getOperation());
      if (!info)
        return signalPassFailure();
    }
    bool shared = info && info->hasAsyncCopies() && info->hasMatrixLoads();
    unsigned warpgroupWarps =
        info && info->hasWarpgroupMma()
            ? getModuleUInt(getOperation(), TKCGPUDialect::kNumWarps)
            : 0;
    int64_t maxSharedBytes = info ? info->getMaxSharedBytes() : 0;
    bool favorOccupancy =
        getOperation()->hasAttr(TKCGPUDialect::kFavorOccupancy);
    for (auto [loop, stages] : loops) {
      if (shared) {
        // A fresh analysis: earlier loops' rewrites erased values.
        AxisInfoAnalysis axis;
        // The loads it leaves (operands that cannot be copied, scales,
        // block indices) are loaded an iteration early in registers.
        if (scf::ForOp grown = pipelineInSharedMemory(
                loop, stages, axis, warpgroupWarps, maxSharedBytes,
                favorOccupancy, tensorCopies && info->hasTensorCopies()))
          loop = grown;
      }
      pipelineInRegisters(loop, shared);
    }
  }
};

} // namespace
