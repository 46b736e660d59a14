//===- RemoveLayoutConversions.cpp - Recompute instead of converting ------===//
//
// Implements tkc-gpu-remove-layout-conversions: first the layouts of dot
// results propagate forward to the values computed from them (elementwise
// ops, reductions, expand_dims, broadcasts, transposes, which take any
// layout permuted, loop-carried values; a broadcast of a row that holds the
// same registers in another MMA layout takes that one where the two meet),
// and so do those of reductions that feed chains of reductions, then a
// conversion whose source is recomputable only by a deeper search than the
// patterns afford (a random number generator's rounds) is recomputed once
// where that pays, then rewrite patterns clean up. A
// conversion whose source can be recomputed in the target layout without
// new conversions (its backward slice reaches only constants, splats,
// ranges, and conversions from the target layout, through elementwise ops,
// broadcasts, expand_dims, transposes and reshapes), or with conversions of
// fewer elements further up (a broadcast's loaded operand), becomes that
// recomputation; a loaded row of at most 256 elements is loaded again in
// the target layout instead (through a pointer the loop advances: the loop
// then carries the pointer there), unless its pointers' alignment would
// split that layout's runs into several times its own accesses. An
// elementwise op whose operands come from
// loads in different layouts runs in the one with the longest runs, the
// other loads issued there where their accesses stay as wide. Conversions
// of values that cannot be recomputed (loads)
// sink through elementwise ops, joins, transposes and reshapes instead, a
// reduction of converted values reduces them where they are, a loop-carried
// tensor takes the layout of its update (a dot's accumulator, that of the
// dot) or of its uses (advanced pointers, that of their loads, offset
// from them or not), or, where nothing in the loop places it, that of the
// loaded value its initial value is converted from, or is carried
// in each layout its uses take (offsets advanced by a constant), an scf.if's
// result the layout its branches compute it in, and a store
// of a converted value moves to the value's layout when its pointers can
// follow, its accesses stay as whole (no thread's run past 16 bytes) and
// not many times as many (a reduced row that every lane holds).
// A conversion into a blocked layout that the patterns leave moves up the
// elementwise chain that computes its value to the narrowest value on it
// (an upcast's operand).
// The folder of convert_layout collapses chains and identities; dead values
// in the old layout go.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tkc::gpu {
#define GEN_PASS_DEF_TKCGPUREMOVELAYOUTCONVERSIONS
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"
} // namespace mlir::tkc::gpu

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// How deep the backward slice may be searched by the rewrite patterns,
/// which search again each time they run.
constexpr unsigned kMaxDepth = 16;

/// How deep rematerializeSlices searches, once per conversion: past the
/// dozens of ops a random number generator's rounds take.
constexpr unsigned kMaxSliceDepth = 512;

/// The share of a conversion's elements, in a loop, that rematerializeSlices
/// may convert before the loop instead, where values of its slice cannot be
/// recomputed: a column of offsets, [M, 1], converted for a broadcast
/// (FlagAttention's dropout offsets, under Philox's rounds).
constexpr int64_t kLeafShare = 16;

/// The fewest rewrites the patterns may make before the pass stops them
/// (64 per op of the module, if more).
constexpr int64_t kMinRewrites = 16384;

/// Ops with no tensor operands that are as cheap in any layout.
bool isSource(Operation *op) {
  if (isa<SplatOp, MakeRangeOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  return false;
}

/// Whether `value` is computed from constants and ranges alone, through
/// elementwise ops and shape ops (an index or an indicator), all in its
/// block.
bool fromConstantsAlone(Value value) {
  SmallVector<Value> pending = {value};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!pending.empty()) {
    Operation *def = pending.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != value.getParentBlock())
      return false;
    // Sources but splats, whose scalar may be anything.
    if (!seen.insert(def).second || (isSource(def) && !isa<SplatOp>(def)))
      continue;
    if (!isa<ReshapeOp, ExpandDimsOp, BroadcastOp, arith::AddIOp, arith::SubIOp,
             arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
             arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp, arith::CmpIOp,
             arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp, arith::SelectOp>(
            def))
      return false;
    llvm::append_range(pending, def->getOperands());
  }
  return true;
}

/// Ops recomputed element by element from operands in the same layout:
/// arith and math ops, and tkc's pure elementwise ops (conversions between
/// float types, library calls, pointer casts, scalar functions mapped one
/// element at a time). Inline assembly is not one, nor a function mapped
/// over packs of elements: they take packs that a thread must hold together.
bool isElementwise(Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  if (isa<AddPtrOp, FpToFpOp, ExternElementwiseOp, IntToPtrOp, PtrToIntOp,
          PtrCastOp>(op))
    return true;
  if (auto map = dyn_cast<MapElementwiseOp>(op))
    return map.getPack() == 1;
  return op->hasTrait<OpTrait::Elementwise>() &&
         isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
}

/// Whether `layout` is a blocked, MMA or linear layout, or a slice or
/// permutation of one (through any number of them): the layouts in which
/// broadcasts and expand_dims move no data.
bool isDistributed(Attribute layout) {
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return isDistributed(slice.getParent());
  if (auto permuted = dyn_cast<PermutedEncodingAttr>(layout))
    return isDistributed(permuted.getParent());
  return isa<BlockedEncodingAttr, NvidiaMmaEncodingAttr, AmdMfmaEncodingAttr,
             LinearEncodingAttr>(layout);
}

/// Whether a tensor of `type` sits in the same registers of the same
/// threads in layouts `a` and `b` (a reduction's slice and the blocked layout
/// it equals): a conversion between them moves no data.
bool sameRegisters(RankedTensorType type, Attribute a, Attribute b) {
  LinearLayout inA = getLinearLayout(withLayout(type, a));
  LinearLayout inB = getLinearLayout(withLayout(type, b));
  return inA.getRegisterMapFrom(inB) && inB.getRegisterMapFrom(inA);
}

/// The layout `def`'s tensor operands need for it to produce `layout`, or
/// null when `def` cannot be recomputed in another layout.
Attribute operandLayout(Operation *def, Attribute layout) {
  // A load issued in another layout (canReissue) takes its pointers there.
  if (isElementwise(def) || isa<LoadOp>(def))
    return layout;
  // Broadcasts keep their result's layout on the operand; an expand_dims
  // operand has a slice of it (a constant 1x2 mask expanded to 1x2x1 is
  // recomputed in a slice of a slice).
  if (!isDistributed(layout))
    return {};
  if (isa<BroadcastOp>(def))
    return layout;
  if (auto expand = dyn_cast<ExpandDimsOp>(def))
    return SliceEncodingAttr::get(def->getContext(), expand.getAxis(),
                                  cast<LayoutEncodingAttr>(layout));
  // A transpose's operand has the layout with the dimensions permuted back.
  if (auto trans = dyn_cast<TransOp>(def)) {
    SmallVector<int32_t> inverse(trans.getOrder().size());
    for (auto [i, d] : llvm::enumerate(trans.getOrder()))
      inverse[d] = i;
    return getTransposedLayout(layout, inverse);
  }
  // A reshape's operand needs a layout in which each thread has the same
  // elements, if there is one (also from a slice that holds a whole vector
  // in each thread: AWQ's shift amounts, a 4x2 range reshaped to 8). One
  // computed from constants alone may also be recomputed in a linear
  // layout that holds copies of its elements: a bitonic network's
  // indicator, tl.arange(0, 2) reshaped to [1, .., 2, .., 1] and combined
  // with the hypercube its compare-and-swap broadcasts it over (Triton
  // 3.6's sort, as lmdeploy's top-k copies it: 543 conversions through
  // shared memory otherwise).
  if (auto reshape = dyn_cast<ReshapeOp>(def)) {
    auto encoding = cast<LayoutEncodingAttr>(layout);
    ArrayRef<int64_t> shape = reshape.getType().getShape(),
                      srcShape = reshape.getSrc().getType().getShape();
    if (BlockedEncodingAttr blocked =
            getReshapedLayout(encoding, shape, srcShape))
      return blocked;
    if (!fromConstantsAlone(reshape.getSrc()))
      return {};
    return getReshapedEncoding(encoding, shape, srcShape, /*broadcast=*/true);
  }
  // A join's operands need the layout without the pair, where each thread
  // holds both of its elements (AWQ's zeros, a packed row interleaved with
  // itself three times before its nibbles are shifted out).
  if (auto join = dyn_cast<JoinOp>(def))
    return getSplitLayout(cast<LayoutEncodingAttr>(layout),
                          join.getType().getShape());
  // A reduction whose only use wants its result in a slice of another
  // layout is recomputed over its operand in that layout, where its axis
  // stays within each warp (no shared memory): a bitonic network's
  // xor_sum over a pair's dimension, whose result the compare-and-swap
  // combines in the values' layout (lmdeploy's top-k carries its indices
  // in another, and converted each step's sum otherwise).
  if (auto reduce = dyn_cast<ReduceOp>(def)) {
    auto slice = dyn_cast<SliceEncodingAttr>(layout);
    if (!slice || slice.getDim() != reduce.getAxis() ||
        reduce->getNumResults() != 1 || !reduce->hasOneUse())
      return {};
    auto type = cast<RankedTensorType>(reduce.getSrcs().front().getType());
    return axisWarpBits(withLayout(type, slice.getParent()), reduce.getAxis())
               ? Attribute()
               : slice.getParent();
  }
  return {};
}

/// Whether `load` may be issued in `layout` instead of its own: a blocked
/// or MMA layout, or a slice of one, whose threads hold runs at least as long
/// along every dimension as the load's own layout does, so that no access
/// moves fewer bytes (an fp32 load of 4 elements per thread issued with a
/// bf16 operand's 8).
bool issuesAsWide(LoadOp load, Attribute layout) {
  if (!isDistributed(layout))
    return false;
  auto type = cast<RankedTensorType>(load.getType());
  LinearLayout from = getLinearLayout(type);
  LinearLayout to = getLinearLayout(withLayout(type, layout));
  for (unsigned dim = 0; dim < type.getRank(); ++dim)
    if (to.getContiguousRegisters(dim) < from.getContiguousRegisters(dim))
      return false;
  return true;
}

/// The most elements a load may have to be issued again in another layout
/// for each of its uses: a row or column of a tile (FLA's last decay of a
/// chunk, taken by the state's rows and by the keys' rows), whose second
/// read hits the cache, where a conversion takes a round trip through shared
/// memory and a barrier.
constexpr int64_t kMaxReissuedElements = 256;

/// The most elements each thread may load of such a row in the other
/// layout: a warpgroup accumulator's slice along N gives each thread 32 of
/// a 128-column row, 32 loads and their addresses in every iteration
/// (vLLM's block-fp8 matmul's column scales), where a conversion moves one
/// per thread through shared memory.
constexpr int64_t kMaxReissuedPerThread = 16;

/// How many of the program's threads hold each element of a tensor in
/// `layout` (the broadcast over its lanes and warps).
unsigned threadsPerElement(const LinearLayout &layout) {
  return 1u << (llvm::popcount(layout.getFreeBits(HwDim::Lane)) +
                llvm::popcount(layout.getFreeBits(HwDim::Warp)));
}

/// Whether issuing a load of `type` in `layout` would load each element in
/// more threads than its own layout does, and more than
/// kMaxReissuedPerThread in each, while the program has threads enough for
/// one each: a scale row broadcast over a tile's rows (vLLM's AWQ
/// dequantization: 256 scales, 32 in each thread, each loaded by 16 of 128
/// threads in the tile's layout), where a conversion moves each once.
bool widensBroadcast(RankedTensorType type, Attribute layout) {
  LinearLayout own = getLinearLayout(type);
  int64_t threads = own.getSize(HwDim::Lane) * own.getSize(HwDim::Warp);
  RankedTensorType there = withLayout(type, layout);
  return type.getNumElements() >= threads &&
         getDistinctElementsPerThread(there) > kMaxReissuedPerThread &&
         threadsPerElement(getLinearLayout(there)) > threadsPerElement(own);
}

/// How many times as many global accesses as its own layout's each thread
/// may make to issue a load in another, where the program has threads
/// enough for one element each: a query row broadcast over the rows of its
/// keys' tile (LightLLM's token attention: 128 unaligned fp16 elements, 8
/// scalar loads a thread in the tile's columns against 2), where a
/// conversion moves each element once through shared memory.
constexpr int64_t kMaxAccessGrowth = 2;

/// Whether issuing `load` in `layout` would multiply each thread's global
/// accesses past kMaxAccessGrowth because its pointers' alignment splits
/// the runs that layout gives each thread into narrower accesses.
bool multipliesAccesses(LoadOp load, Attribute layout) {
  auto type = cast<RankedTensorType>(load.getType());
  LinearLayout own = getLinearLayout(type);
  if (type.getNumElements() <
      own.getSize(HwDim::Lane) * own.getSize(HwDim::Warp))
    return false;
  AxisInfoAnalysis axis;
  auto width = [&](Attribute in) {
    return getAccessWidth(load.getPtr(), load.getMask(), axis,
                          /*boundedRuns=*/false, in);
  };
  RankedTensorType there = withLayout(type, layout);
  int64_t widthThere = width(layout);
  // Runs that stay whole there take no more accesses than they must.
  if (widthThere >=
      getLinearLayout(there).getContiguousRegisters(getAccessDim(there)))
    return false;
  return getDistinctElementsPerThread(there) / widthThere >
         kMaxAccessGrowth *
             (getDistinctElementsPerThread(type) / width(type.getEncoding()));
}

/// Whether `load` may be issued in `layout` for one use, besides its own:
/// `sole`ly loaded for that use, or small (kMaxReissuedElements), and as
/// wide there (issuesAsWide), without a wider broadcast (widensBroadcast)
/// or many more accesses (multipliesAccesses).
bool canReissue(LoadOp load, Attribute layout, bool sole) {
  auto type = cast<RankedTensorType>(load.getType());
  return (sole || (!load.getIsVolatile() &&
                   type.getNumElements() <= kMaxReissuedElements &&
                   getDistinctElementsPerThread(withLayout(type, layout)) <=
                       kMaxReissuedPerThread)) &&
         issuesAsWide(load, layout) && !widensBroadcast(type, layout) &&
         !multipliesAccesses(load, layout);
}

/// Whether `value` is a loop's pointer tensor that only its loads read
/// (directly or converted) and that each iteration advances (`dt_ptrs +=
/// BLOCK_K * stride`): converted where a load reads it, it is carried in the
/// new layout instead (CarryInUpdateLayout), so converting it costs nothing.
bool isAdvancedPointer(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!arg || !type || !isa<PointerType>(type.getElementType()))
    return false;
  auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!loop || arg.getArgNumber() < loop.getNumInductionVars())
    return false;
  Value next = loop.getBody()->getTerminator()->getOperand(
      arg.getArgNumber() - loop.getNumInductionVars());
  auto advance = next.getDefiningOp<AddPtrOp>();
  auto loads = [](Operation *user) { return isa<LoadOp>(user); };
  return advance && advance.getPtr() == arg &&
         llvm::all_of(arg.getUsers(), [&](Operation *user) {
           return user == advance.getOperation() || loads(user) ||
                  (isa<ConvertLayoutOp>(user) &&
                   llvm::all_of(user->getUsers(), loads));
         });
}

/// Whether a tensor of `type` would take more registers of each thread in
/// `layout` than in its own (a slice that replicates it across the threads
/// of the reduced dimension).
bool holdsMore(RankedTensorType type, Attribute layout) {
  return getLinearLayout(withLayout(type, layout)).getNumRegisters() >
         getLinearLayout(type).getNumRegisters();
}

/// Whether a loop may carry a tensor of `type` in `layout`
/// (CarryInUpdateLayout): a blocked or MMA layout, or a slice where it holds
/// the value in no more registers (a weighted sum of rows, carried across
/// iterations) or, for an advanced pointer (isAdvancedPointer), in few
/// (kMaxReissuedPerThread): Mamba's chunk state reads its decays in the rows
/// of the tile they scale, 4 pointers a thread instead of 1.
bool canCarryIn(RankedTensorType type, Attribute layout, bool advancedPointer) {
  if (isa<SliceEncodingAttr>(layout))
    return !holdsMore(type, layout) ||
           (advancedPointer && getDistinctElementsPerThread(withLayout(
                                   type, layout)) <= kMaxReissuedPerThread);
  return isa<BlockedEncodingAttr, NvidiaMmaEncodingAttr, AmdMfmaEncodingAttr>(
      layout);
}

/// A value asked for in a layout, loads reissued or not: the key under which
/// canRematerialize and recompute remember what they found and built, so
/// that values a slice reaches by several paths (Philox's rounds) are
/// visited once.
using SliceKey = std::tuple<Value, Attribute, unsigned>;

/// The load `value` is computed from through ops of one operand each
/// (casts: an upcast row of weights), or null.
LoadOp loadThroughCasts(Value value) {
  for (unsigned depth = 0; depth < kMaxDepth; ++depth) {
    Operation *def = value.getDefiningOp();
    if (auto load = dyn_cast_or_null<LoadOp>(def))
      return load;
    if (!def || !isElementwise(def) || def->getNumOperands() != 1)
      return {};
    value = def->getOperand(0);
  }
  return {};
}

bool canRematerialize(Value value, Attribute layout, unsigned depth,
                      int64_t *leafBudget, bool reissueLoads,
                      DenseMap<SliceKey, bool> &known, unsigned maxDepth,
                      bool throughIfs = true,
                      Operation *leavesOutside = nullptr);

/// Whether `value` can be produced in `layout` without a conversion. With a
/// `leafBudget`, a value below the top that cannot be recomputed (a load's
/// result, a loop argument, a conversion from another layout) may instead
/// be converted where it is, while the elements so converted stay within
/// the budget: a broadcast's operand is converted rather than its result.
/// With `reissueLoads`, a load whose value reaches the top through ops of
/// one user each (it is loaded for this value only) may be issued in
/// `layout` where that moves as many bytes per access (issuesAsWide).
/// With `throughIfs`, an scf.if's result counts as recomputable where both
/// branches can compute it in `layout` (a conversion of it that
/// IfResultInUsersLayout then moves into the branches).
bool canRematerialize(Value value, Attribute layout, unsigned depth,
                      int64_t *leafBudget = nullptr, bool reissueLoads = false,
                      bool throughIfs = true) {
  DenseMap<SliceKey, bool> known;
  return canRematerialize(value, layout, depth, leafBudget, reissueLoads, known,
                          kMaxDepth, throughIfs);
}

/// canRematerialize to `maxDepth`, remembering its answers in `known`; the
/// values converted where they are lie outside `leavesOutside`, if set.
bool canRematerialize(Value value, Attribute layout, unsigned depth,
                      int64_t *leafBudget, bool reissueLoads,
                      DenseMap<SliceKey, bool> &known, unsigned maxDepth,
                      bool throughIfs, Operation *leavesOutside) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == layout)
    return true;
  SliceKey key{value, layout, reissueLoads};
  if (auto it = known.find(key); it != known.end())
    return it->second;
  auto asLeaf = [&] {
    if (!leafBudget || depth == 0 ||
        (leavesOutside &&
         leavesOutside->isAncestor(value.getParentBlock()->getParentOp())))
      return false;
    *leafBudget -= type.getNumElements();
    return *leafBudget >= 0;
  };
  // Whether `operands` can be had in `needed`, loads among them reissued
  // where `reissue` and they have one use.
  auto operandsCan = [&](ValueRange operands, Attribute needed, int64_t *budget,
                         bool reissue) {
    return llvm::all_of(operands, [&](Value operand) {
      return !isa<RankedTensorType>(operand.getType()) ||
             canRematerialize(operand, needed, depth + 1, budget,
                              reissue && operand.hasOneUse(), known, maxDepth,
                              throughIfs, leavesOutside);
    });
  };
  auto answer = [&]() -> bool {
    Operation *def = value.getDefiningOp();
    if (!def || depth > maxDepth)
      return asLeaf();
    if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
      Value src = convert.getSrc();
      auto srcType = cast<RankedTensorType>(src.getType());
      if (srcType.getEncoding() == layout)
        return true;
      // A conversion of a load issued in `layout` instead.
      auto load = src.getDefiningOp<LoadOp>();
      if (load && canReissue(load, layout, reissueLoads && src.hasOneUse()) &&
          operandsCan(load->getOperands(), layout, leafBudget, reissueLoads))
        return true;
      // A split's half or a loaded tile (upcast or not: attorch's RMS norm
      // weights), converted from a layout that holds it in the same
      // registers as `layout`, moves no data: TE's mHC kernel
      // splits a loaded tile into quarters, two per thread, that the slice
      // of an accumulator keeping two columns per thread takes; aiter's mHC
      // post kernel takes a loaded tile in the slice of a 3-d layout that
      // equals the load's. (Not a load through pointers the loop advances:
      // TGI's GPTQ matmul then carried g_idx's pointers three times, one per
      // layout of their uses, CarryCopyPerLayout.)
      LoadOp loaded = loadThroughCasts(src);
      if (depth > 0 &&
          (src.getDefiningOp<SplitOp>() ||
           (loaded && !isAdvancedPointer(loaded.getPtr()))) &&
          sameRegisters(srcType, srcType.getEncoding(), layout))
        return true;
      return asLeaf();
    }
    if (isSource(def))
      return true;
    if (auto load = dyn_cast<LoadOp>(def)) {
      if (!canReissue(load, layout, reissueLoads))
        return asLeaf();
      // Reissued through an advanced pointer, it converts the pointer, which
      // the loop then carries in `layout`.
      Value ptr = load.getPtr();
      if (isAdvancedPointer(ptr) &&
          canCarryIn(cast<RankedTensorType>(ptr.getType()), layout, true))
        return operandsCan(load->getOperands().drop_front(), layout, leafBudget,
                           false) ||
               asLeaf();
      return operandsCan(load->getOperands(), layout, leafBudget,
                         reissueLoads) ||
             asLeaf();
    }
    // An if's result, where both branches can compute it in `layout`
    // without conversions (IfResultInUsersLayout moves it there).
    if (auto ifOp = dyn_cast<scf::IfOp>(def); ifOp && throughIfs) {
      unsigned i = cast<OpResult>(value).getResultNumber();
      SmallVector<Value, 2> yielded = {ifOp.thenYield().getOperand(i),
                                       ifOp.elseYield().getOperand(i)};
      return operandsCan(yielded, layout, nullptr, false) ||
             asLeaf();
    }
    Attribute needed = operandLayout(def, layout);
    if (!needed)
      return asLeaf();
    // A join's operands are recomputed in full or not at all: converting
    // them where they are is what JoinWhereValuesAre undoes.
    if (isa<JoinOp>(def))
      return operandsCan(def->getOperands(), needed, nullptr, reissueLoads) ||
             asLeaf();
    return operandsCan(def->getOperands(), needed, leafBudget, reissueLoads);
  }();
  known[key] = answer;
  return answer;
}

/// `value` produced in `layout` as canRematerialize (with the same
/// `reissueLoads`) found it can be: its ops cloned in `layout` (once each,
/// remembered in `built`), loads issued there, and what cannot be
/// recomputed converted where it is.
Value recompute(Value value, Attribute layout, bool reissueLoads,
                RewriterBase &rewriter, DenseMap<SliceKey, Value> &built) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getEncoding() == layout)
    return value;
  SliceKey key{value, layout, reissueLoads};
  if (Value done = built.lookup(key))
    return done;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfterValue(value);
  auto converted = [&](Value from) -> Value {
    if (cast<RankedTensorType>(from.getType()).getEncoding() == layout)
      return from;
    return ConvertLayoutOp::create(rewriter, value.getLoc(),
                                   withLayout(type, layout), from);
  };
  auto result = [&]() -> Value {
    Operation *def = value.getDefiningOp();
    if (!def)
      return converted(value);
    if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
      Value src = convert.getSrc();
      auto load = src.getDefiningOp<LoadOp>();
      bool sole = reissueLoads && src.hasOneUse();
      if (load && canReissue(load, layout, sole))
        return recompute(src, layout, sole, rewriter, built);
      return converted(src);
    }
    Attribute needed;
    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
        return arith::ConstantOp::create(
            rewriter, value.getLoc(),
            SplatElementsAttr::get(withLayout(type, layout),
                                   splat.getSplatValue<Attribute>()));
    } else if (auto load = dyn_cast<LoadOp>(def)) {
      if (canReissue(load, layout, reissueLoads))
        needed = layout;
    } else if (isSource(def) || isElementwise(def)) {
      needed = layout;
    } else {
      needed = operandLayout(def, layout);
    }
    if (!needed || def->getNumResults() != 1)
      return converted(value);
    IRMapping mapping;
    for (Value operand : def->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        mapping.map(operand, recompute(operand, needed,
                                       reissueLoads && operand.hasOneUse(),
                                       rewriter, built));
    Operation *clone = rewriter.clone(*def, mapping);
    clone->getResult(0).setType(withLayout(type, layout));
    return clone->getResult(0);
  }();
  built[key] = result;
  return result;
}

/// recompute() of one value, its slice's ops cloned once each.
Value recompute(Value value, Attribute layout, bool reissueLoads,
                RewriterBase &rewriter) {
  DenseMap<SliceKey, Value> built;
  return recompute(value, layout, reissueLoads, rewriter, built);
}

/// Whether `convert`'s source can be recomputed in its target layout, where
/// values that cannot be may be converted further up if they are smaller:
/// what RematerializeConversion does, and what the other patterns leave to
/// it (or they would undo each other's work).
bool rematerializable(ConvertLayoutOp convert) {
  int64_t leafBudget = convert.getType().getNumElements() - 1;
  return canRematerialize(convert.getSrc(), convert.getType().getEncoding(), 0,
                          &leafBudget);
}

/// Where `def`'s value is recomputed for `convert`: at the conversion,
/// unless a loop around it does not hold `def`. A load converted in a loop
/// but issued outside it (vLLM's MoE kernel's token ids, for a mask) reads
/// the same on every iteration: it is issued again once, before the
/// outermost such loop. Expensive arithmetic (isExpensiveArithmetic: vLLM's
/// block-fp8 matmul's `offs_am % M` and `offs_bn % N // group_n`, for its
/// scales), a dozen instructions per element on every iteration, is
/// recomputed right after `def`. `def` dominates both points, so it is as
/// safe to compute there as where it was. Other ops are recomputed in the
/// loop: a range or an index held across it would take registers.
Operation *recomputationPoint(Operation *def, ConvertLayoutOp convert) {
  bool load = isa<LoadOp>(def);
  if (!load && !isExpensiveArithmetic(def))
    return convert;
  Operation *point = convert;
  for (Operation *parent = convert->getParentOp();
       parent && !parent->isAncestor(def); parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      point = parent;
  return load || point == convert ? point : def->getNextNode();
}

struct RematerializeConversion : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Attribute layout = convert.getType().getEncoding();
    Operation *def = convert.getSrc().getDefiningOp();
    // What cannot be recomputed may be converted further up where that
    // converts fewer elements (a 128x256 pointer tensor from a loaded 128
    // rows of indices and a range). An if's result is moved by
    // IfResultInUsersLayout.
    if (!def || isa<ConvertLayoutOp, scf::IfOp>(def) ||
        !rematerializable(convert))
      return failure();
    Location loc = convert.getLoc();
    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      auto splat = cast<SplatElementsAttr>(constant.getValue());
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          convert, SplatElementsAttr::get(convert.getType(),
                                          splat.getSplatValue<Attribute>()));
      return success();
    }
    rewriter.setInsertionPoint(recomputationPoint(def, convert));
    IRMapping mapping;
    Attribute needed = operandLayout(def, layout);
    for (Value operand : def->getOperands())
      if (auto type = dyn_cast<RankedTensorType>(operand.getType()))
        mapping.map(operand,
                    ConvertLayoutOp::create(rewriter, loc,
                                            withLayout(type, needed), operand));
    Operation *clone = rewriter.clone(*def, mapping);
    Value result = clone->getResult(0);
    result.setType(
        withLayout(cast<RankedTensorType>(result.getType()), layout));
    rewriter.replaceOp(convert, result);
    return success();
  }
};

/// The layout all of `op`'s tensor operands can be had in without a
/// conversion, when at least one is a conversion from it of a value that
/// cannot be recomputed where it is converted to (a load's result, a
/// reduction's or a loop's), conversions from layouts that hold it in the
/// same registers aside: moving `op` there moves the conversion toward its
/// users, where stores and reductions absorb it. A slice counts where it
/// holds the result in no more registers, or, with `replicate`, where it
/// replicates it over more, unless the value converted is loaded (issued
/// again where it is needed instead): Triton's forward propagation keeps
/// such values in the slice. NSA's decode reduces a [16, 128, 128] product
/// to scores, takes their softmax and expands it again to weigh its values;
/// converted out of the slice (16 lanes to a score), the scores went
/// through shared memory and the probabilities were computed twice, once in
/// each layout. The other operands may convert values below them (a
/// broadcast's operand) that are fewer elements than the conversion moved:
/// vLLM's scaled matmul multiplies its accumulator by a transposed column
/// of scales, which is converted to the accumulator's layout (128
/// elements), not the accumulator to the column's (128x128). A linear layout
/// counts too: a reshape's result where it moves no data (tl.dot_scaled's
/// operand, viewed as groups of 32 along K to be scaled, multiplied by its
/// broadcast scales there). Null when there is no such layout.
Attribute sinkLayout(Operation *op, bool replicate) {
  Attribute from;
  RankedTensorType converted;
  bool loaded = false;
  for (Value operand : op->getOperands()) {
    auto convert = operand.getDefiningOp<ConvertLayoutOp>();
    if (!convert || !isa<RankedTensorType>(operand.getType()))
      continue;
    // A conversion of a conversion is the folder's to make one first: moved
    // to the middle layout, `op` went back where RematerializeConversion
    // sees through both (FLA's attnres forward, until the rewrite bound).
    if (convert.getSrc().getDefiningOp<ConvertLayoutOp>())
      return {};
    Attribute layout =
        cast<RankedTensorType>(convert.getSrc().getType()).getEncoding();
    if (rematerializable(convert) ||
        (from && from != layout &&
         !sameRegisters(convert.getType(), from, layout)))
      return {};
    if (!from)
      from = layout;
    converted = convert.getType();
    loaded |= isa_and_nonnull<LoadOp>(convert.getSrc().getDefiningOp());
  }
  if (!from ||
      !isa<BlockedEncodingAttr, NvidiaMmaEncodingAttr, AmdMfmaEncodingAttr,
           LinearEncodingAttr, SliceEncodingAttr>(from) ||
      (isa<SliceEncodingAttr>(from) && holdsMore(converted, from) &&
       (!replicate || loaded)))
    return {};
  int64_t leafBudget = converted.getNumElements() - 1;
  for (Value operand : op->getOperands())
    if (isa<RankedTensorType>(operand.getType()) &&
        !operand.getDefiningOp<ConvertLayoutOp>() &&
        !canRematerialize(operand, from, 0, &leafBudget))
      return {};
  return from;
}

/// `op`'s operands as they are in `layout`: conversion sources, or new
/// conversions that the rematerialization pattern then removes.
IRMapping operandsIn(Operation *op, Attribute layout,
                     PatternRewriter &rewriter) {
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || type.getEncoding() == layout)
      continue;
    auto convert = operand.getDefiningOp<ConvertLayoutOp>();
    if (convert &&
        cast<RankedTensorType>(convert.getSrc().getType()).getEncoding() ==
            layout)
      mapping.map(operand, convert.getSrc());
    else
      mapping.map(operand,
                  ConvertLayoutOp::create(rewriter, op->getLoc(),
                                          withLayout(type, layout), operand));
  }
  return mapping;
}

/// A conversion of an expand_dims of a converted value (a row loaded once,
/// converted to a slice, expanded, then converted again for its use)
/// converts the row once, to the slice of the final layout, and expands
/// it there. Elementwise ops of one operand between the expand_dims and the
/// conversion (TE's mHC kernel widens a bf16 row to fp32 after expanding
/// it) are recomputed in the final layout.
struct ConvertRowOnce : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    Attribute layout = convert.getType().getEncoding();
    if (!isDistributed(layout))
      return failure();
    // The elementwise ops from the conversion up to the expand_dims.
    SmallVector<Operation *> chain;
    Value value = convert.getSrc();
    while (Operation *def = value.getDefiningOp()) {
      if (isa<ExpandDimsOp>(def) || !isElementwise(def) ||
          def->getNumOperands() != 1 || !value.hasOneUse())
        break;
      chain.push_back(def);
      value = def->getOperand(0);
    }
    auto expand = value.getDefiningOp<ExpandDimsOp>();
    if (!expand || (!chain.empty() && !value.hasOneUse()))
      return failure();
    auto row = expand.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!row)
      return failure();
    auto slice = SliceEncodingAttr::get(getContext(), expand.getAxis(),
                                        cast<LayoutEncodingAttr>(layout));
    Value converted = ConvertLayoutOp::create(
        rewriter, convert.getLoc(),
        withLayout(cast<RankedTensorType>(row.getType()), slice), row.getSrc());
    Value result = ExpandDimsOp::create(rewriter, convert.getLoc(),
                                        withLayout(expand.getType(), layout),
                                        converted, expand.getAxis());
    for (Operation *op : llvm::reverse(chain)) {
      IRMapping mapping;
      mapping.map(op->getOperand(0), result);
      Operation *clone = rewriter.clone(*op, mapping);
      clone->getResult(0).setType(withLayout(
          cast<RankedTensorType>(op->getResult(0).getType()), layout));
      result = clone->getResult(0);
    }
    rewriter.replaceOp(convert, result);
    return success();
  }
};

/// An elementwise op, a scan or a mapped function fed by a conversion of a
/// loaded value runs in the loaded value's layout and converts its results
/// instead.
struct SinkConversion : public RewritePattern {
  /// `replicate`: as sinkLayout's.
  SinkConversion(MLIRContext *context, bool replicate)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        replicate(replicate) {}
  bool replicate;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    // Scans and mapped functions, like elementwise ops, give results in
    // their operands' layout.
    auto map = dyn_cast<MapElementwiseOp>(op);
    if (!isElementwise(op) && !isa<ScanOp>(op) && !map)
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type)
      return failure();
    Attribute from = sinkLayout(op, replicate);
    // A scan walks its axis as registers, then lanes, then warps: a blocked
    // layout's order, not an MMA layout's (whose rows alternate lanes and
    // registers). A mapped function needs whole packs in each thread.
    if (!from || (isa<ScanOp>(op) && !isa<BlockedEncodingAttr>(from)) ||
        (map && getLinearLayout(withLayout(type, from)).getNumRegisters() %
                        map.getPack() !=
                    0))
      return failure();
    IRMapping mapping = operandsIn(op, from, rewriter);
    Operation *clone = rewriter.clone(*op, mapping);
    SmallVector<Value> results;
    for (auto [old, fresh] : llvm::zip(op->getResults(), clone->getResults())) {
      auto oldType = cast<RankedTensorType>(old.getType());
      fresh.setType(withLayout(oldType, from));
      results.push_back(
          ConvertLayoutOp::create(rewriter, op->getLoc(), oldType, fresh));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// An elementwise op whose operands are conversions of values loaded in
/// different blocked layouts (a bf16 input and its fp32 weights, each
/// coalesced 16 bytes per thread; a tile and the decay computed from
/// another load that scales it) runs in one of the layouts instead: the one
/// whose threads hold the most contiguous elements. The other operands are
/// recomputed there, their loads issued in it where each access moves as
/// many bytes (a load costs about the same in any such layout; a
/// conversion is a shared-memory round trip), and values that are fewer
/// elements than the op (a broadcast's operand) converted.
struct LoadsInOneLayout : public RewritePattern {
  /// `replicate`: as sinkLayout's.
  LoadsInOneLayout(MLIRContext *context, bool replicate)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        replicate(replicate) {}
  bool replicate;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op) || sinkLayout(op, replicate))
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type)
      return failure();
    BlockedEncodingAttr best;
    int64_t bestRun = -1;
    for (Value operand : op->getOperands()) {
      auto convert = operand.getDefiningOp<ConvertLayoutOp>();
      if (!convert)
        continue;
      auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
      auto layout = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
      // A conversion of a conversion: as in sinkLayout.
      if (!layout || convert.getSrc().getDefiningOp<ConvertLayoutOp>() ||
          rematerializable(convert))
        return failure();
      int64_t run = getLinearLayout(srcType).getContiguousRegisters(
          layout.getOrder().front());
      if (run > bestRun) {
        best = layout;
        bestRun = run;
      }
    }
    if (!best || type.getEncoding() == best)
      return failure();
    // What each operand is computed from: a conversion's source, or itself.
    auto computed = [](Value operand) {
      auto convert = operand.getDefiningOp<ConvertLayoutOp>();
      return convert ? convert.getSrc() : operand;
    };
    int64_t leafBudget = type.getNumElements() - 1;
    for (Value operand : op->getOperands()) {
      Value value = computed(operand);
      if (isa<RankedTensorType>(value.getType()) &&
          !canRematerialize(value, best, 0, &leafBudget, value.hasOneUse()))
        return failure();
    }
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      Value value = computed(operand);
      if (isa<RankedTensorType>(value.getType()))
        mapping.map(operand,
                    recompute(value, best, value.hasOneUse(), rewriter));
    }
    Operation *clone = rewriter.clone(*op, mapping);
    clone->getResult(0).setType(withLayout(type, best));
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, type, clone->getResult(0));
    return success();
  }
};

/// The layout in which a transpose of a value in `from` moves no data:
/// `from` with the dimensions permuted.
Attribute layoutWhereValueIs(TransOp trans, LayoutEncodingAttr from,
                             RankedTensorType) {
  return getTransposedLayout(from, trans.getOrder());
}

/// The layout in which a reshape of a value in `from` moves no data: a
/// blocked one where there is one, else a linear one (getReshapedEncoding).
Attribute layoutWhereValueIs(ReshapeOp reshape, LayoutEncodingAttr from,
                             RankedTensorType srcType) {
  return getReshapedEncoding(
      from, srcType.getShape(),
      cast<RankedTensorType>(reshape.getType()).getShape());
}

/// A transpose or reshape of a converted value that cannot be recomputed
/// in the conversion's layout (a load's result, a dot's accumulator) is
/// done where the value is, in the layout in which it moves no data
/// (layoutWhereValueIs), and its result converted: the conversion moves
/// toward its users.
template <typename ShapeOp>
struct ShapeOpWhereValueIs : public OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto convert = op.getSrc().template getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
    auto from = dyn_cast<LayoutEncodingAttr>(srcType.getEncoding());
    if (!from || !isDistributed(from) || rematerializable(convert))
      return failure();
    Attribute layout = layoutWhereValueIs(op, from, srcType);
    if (!layout)
      return failure();
    auto type = cast<RankedTensorType>(op.getType());
    Operation *moved = rewriter.clone(*op.getOperation());
    moved->setOperand(0, convert.getSrc());
    moved->getResult(0).setType(withLayout(type, layout));
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, type, moved->getResult(0));
    return success();
  }
};

/// A join of converted values that cannot be recomputed in the conversion's
/// layout (an int4 weight's two nibbles, unpacked from one load) is done
/// where they are, both in one layout, in that layout extended by the pair
/// (getJoinedLayout), and its result converted: the conversion moves toward
/// its users, through the transposes and reshapes that follow
/// (ShapeOpWhereValueIs), which then move no data.
struct JoinWhereValuesAre : public OpRewritePattern<JoinOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(JoinOp join,
                                PatternRewriter &rewriter) const override {
    Value operands[] = {join.getLhs(), join.getRhs()};
    Value sources[2];
    bool converted = false;
    for (auto [i, operand] : llvm::enumerate(operands)) {
      auto convert = operand.getDefiningOp<ConvertLayoutOp>();
      if (convert && rematerializable(convert))
        return failure();
      converted |= bool(convert);
      sources[i] = convert ? convert.getSrc() : operand;
    }
    LayoutEncodingAttr joined = getJoinedLayout(
        cast<RankedTensorType>(sources[0].getType()).getEncoding());
    if (!converted || !joined || sources[1].getType() != sources[0].getType())
      return failure();
    auto type = cast<RankedTensorType>(join.getType());
    auto moved =
        JoinOp::create(rewriter, join.getLoc(), withLayout(type, joined),
                       sources[0], sources[1]);
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(join, type, moved);
    return success();
  }
};

/// A split of a converted value that cannot be recomputed in the
/// conversion's layout (TE's mHC kernel splits a loaded tile reshaped to
/// 4x256x2x2, twice; a fused MoE splits its accumulator into gate and up)
/// is done where the value is, when each thread there holds both halves of
/// its pairs (getSplitLayout), and its results converted: the conversions
/// move toward their users, where they may move no data.
struct SplitWhereValueIs : public OpRewritePattern<SplitOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SplitOp split,
                                PatternRewriter &rewriter) const override {
    auto convert = split.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert || rematerializable(convert))
      return failure();
    auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
    auto from = dyn_cast<LayoutEncodingAttr>(srcType.getEncoding());
    LayoutEncodingAttr single = from && isDistributed(from)
                                    ? getSplitLayout(from, srcType.getShape())
                                    : nullptr;
    if (!single)
      return failure();
    auto type = cast<RankedTensorType>(split.getOutLHS().getType());
    auto moved =
        SplitOp::create(rewriter, split.getLoc(), withLayout(type, single),
                        withLayout(type, single), convert.getSrc());
    SmallVector<Value> results;
    for (Value result : moved->getResults())
      results.push_back(
          ConvertLayoutOp::create(rewriter, split.getLoc(), type, result));
    rewriter.replaceOp(split, results);
    return success();
  }
};

/// A reduction of converted values reduces them where they are: its results
/// take the slice of that layout, converted back for their users.
struct ReduceWhereValuesAre : public OpRewritePattern<ReduceOp> {
  /// `replicate`: as sinkLayout's.
  ReduceWhereValuesAre(MLIRContext *context, bool replicate)
      : OpRewritePattern(context), replicate(replicate) {}
  bool replicate;

  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    Attribute from = sinkLayout(reduce, replicate);
    if (!from)
      return failure();
    IRMapping mapping = operandsIn(reduce, from, rewriter);
    auto clone = cast<ReduceOp>(rewriter.clone(*reduce, mapping));
    SmallVector<Value> results;
    for (auto [old, fresh] :
         llvm::zip(reduce.getResults(), clone.getResults())) {
      auto type = dyn_cast<RankedTensorType>(old.getType());
      if (!type) {
        results.push_back(fresh);
        continue;
      }
      fresh.setType(withLayout(
          type, SliceEncodingAttr::get(rewriter.getContext(), reduce.getAxis(),
                                       cast<LayoutEncodingAttr>(from))));
      results.push_back(
          ConvertLayoutOp::create(rewriter, reduce.getLoc(), type, fresh));
    }
    rewriter.replaceOp(reduce, results);
    return success();
  }
};

/// A loop-carried tensor takes the layout its update is computed in: when
/// the value yielded for it is computed by elementwise ops in the loop from
/// the loop's arguments, conversions from one layout L (of values that
/// cannot be recomputed) and values that can be recomputed in L; or when it is
/// a conversion from L of a value computed in the loop (a dot's result) and
/// every use of the argument converts it to L (the dot's accumulator); or when
/// the argument's only other uses convert it to L (advanced pointers, converted
/// for a coalesced load) and the elementwise update can be computed in L: the
/// iteration argument, the initial value and the result move to L. Conversions
/// at the loop's edges keep the IR valid; the other patterns then remove them.
struct CarryInUpdateLayout : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The layout `convert`'s value ends up in: that of the last of a chain
  /// of conversions (which the folder will collapse into one), so that a
  /// chain left by this pattern's own rewrite is not taken for a use.
  static Attribute finalLayout(ConvertLayoutOp convert) {
    while (convert->hasOneUse()) {
      auto next = dyn_cast<ConvertLayoutOp>(*convert->getUsers().begin());
      if (!next)
        break;
      convert = next;
    }
    return convert.getType().getEncoding();
  }

  /// For an argument that only its update uses in the loop, computed from
  /// constants alone (a counter, `cnt += 1`, whose `leaves` are as cheap in
  /// any layout): the layout the loop's other tensors of its shape all share,
  /// so that what combines them after the loop needs no conversion; or null.
  static Attribute siblingLayout(Operation *update, BlockArgument arg,
                                 ArrayRef<Value> leaves) {
    auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
    auto type = cast<RankedTensorType>(arg.getType());
    if (llvm::any_of(update->getOperands(), [&](Value operand) {
          return operand != arg && isa<BlockArgument>(operand) &&
                 isa<RankedTensorType>(operand.getType());
        }))
      return {};
    Attribute siblings;
    for (BlockArgument other : loop.getRegionIterArgs()) {
      auto otherType = dyn_cast<RankedTensorType>(other.getType());
      if (other == arg || !otherType || otherType.getShape() != type.getShape())
        continue;
      if (siblings && siblings != otherType.getEncoding())
        return {};
      siblings = otherType.getEncoding();
    }
    if (!siblings || !llvm::all_of(leaves, [&](Value leaf) {
          return canRematerialize(leaf, siblings, 0);
        }))
      return {};
    return siblings;
  }

  /// Whether `convert`, of an iteration argument carried in `layout`, only
  /// leads back to it: each user converts back, or is an elementwise op
  /// whose users all do. This pattern's own move leaves such conversions
  /// until the other patterns recompute those ops in `layout`; they say
  /// nothing of where the argument is used (taken for a use, a pointer
  /// advanced before its load moved back and forth).
  static bool leadsBack(ConvertLayoutOp convert, Attribute layout) {
    auto back = [&](Operation *op) {
      auto to = dyn_cast<ConvertLayoutOp>(op);
      return to && to.getType().getEncoding() == layout;
    };
    return llvm::all_of(convert->getUsers(), [&](Operation *user) {
      return back(user) || (isElementwise(user) && !user->use_empty() &&
                            llvm::all_of(user->getUsers(), back));
    });
  }

  /// The layout the iteration argument `arg` should take for `update`, the
  /// op in the loop body that yields its next value, or null.
  static Attribute updateLayout(Operation *update, BlockArgument arg) {
    // A conversion of a value computed in the loop that cannot be
    // recomputed in the argument's layout (a dot's result) to which every
    // use of the argument converts it: carried in that layout, the loop
    // needs no conversion at all.
    if (auto convert = dyn_cast<ConvertLayoutOp>(update)) {
      Operation *def = convert.getSrc().getDefiningOp();
      Attribute from =
          cast<RankedTensorType>(convert.getSrc().getType()).getEncoding();
      if (!def || def->getBlock() != update->getBlock() ||
          rematerializable(convert) ||
          !llvm::all_of(arg.getUsers(), [&](Operation *user) {
            auto use = dyn_cast<ConvertLayoutOp>(user);
            return use && finalLayout(use) == from;
          }))
        return {};
      return from;
    }
    if (!isElementwise(update))
      return {};
    // The update's elementwise slice in the loop body, back to the loop's
    // arguments: the conversions it starts from (of loads, say) must all
    // come from one layout L, and its other leaves must be computable in L.
    // A Welford loop's mean and sum of squares, updated from each other and
    // a converted load, then all move to the load's layout.
    Attribute layout;
    SmallVector<Value> leaves;
    SmallVector<Value> worklist(update->getOperands().begin(),
                                update->getOperands().end());
    llvm::SmallPtrSet<Operation *, 16> visited;
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!isa<RankedTensorType>(value.getType()) || isa<BlockArgument>(value))
        continue;
      Operation *def = value.getDefiningOp();
      if (!visited.insert(def).second)
        continue;
      if (auto convert = dyn_cast<ConvertLayoutOp>(def)) {
        // Through a chain of conversions (which the folder will collapse);
        // one of the argument itself, left by this pattern's own move, is
        // the argument.
        Value src = convert.getSrc();
        while (auto inner = src.getDefiningOp<ConvertLayoutOp>())
          src = inner.getSrc();
        if (src == arg)
          continue;
        Attribute from = cast<RankedTensorType>(src.getType()).getEncoding();
        if (layout && layout != from)
          return {};
        layout = from;
        continue;
      }
      if (def->getBlock() == update->getBlock() && isElementwise(def) &&
          visited.size() <= kMaxDepth * 4) {
        worklist.append(def->getOperands().begin(), def->getOperands().end());
        continue;
      }
      leaves.push_back(value);
    }
    if (layout)
      return llvm::all_of(
                 leaves,
                 [&](Value leaf) { return canRematerialize(leaf, layout, 0); })
                 ? layout
                 : Attribute();
    auto reachable = [&](Attribute layout) {
      return llvm::all_of(update->getOperands(), [&](Value operand) {
        return operand == arg || !isa<RankedTensorType>(operand.getType()) ||
               canRematerialize(operand, layout, 0);
      });
    };
    // An argument used only by its update and by conversions to one layout
    // (a pointer tensor advanced each iteration, converted for a coalesced
    // load), or by elementwise ops that combine it with values converted
    // from one layout (a Welford loop's count, which scales the mean carried
    // in the load's layout), when the update's other operands can be had
    // there. The update's own conversions count as the argument's where it
    // is yielded and converted only (a pointer advanced before its load:
    // DeepSpeed's fp8 matmul loads the next weights at the end of the
    // iteration, and converted its 64x64 pointers through shared memory in
    // every one).
    SmallVector<Operation *> users(arg.getUsers().begin(),
                                   arg.getUsers().end());
    Value next = update->getResult(0);
    if (llvm::all_of(next.getUsers(), [](Operation *user) {
          return isa<scf::YieldOp, ConvertLayoutOp>(user);
        }))
      for (Operation *user : next.getUsers())
        if (isa<ConvertLayoutOp>(user))
          users.push_back(user);
    Attribute current = cast<RankedTensorType>(arg.getType()).getEncoding();
    bool usedAsCarried = false;
    for (Operation *user : users) {
      if (user == update)
        continue;
      if (auto convert = dyn_cast<ConvertLayoutOp>(user);
          convert && convert.getSrc() == arg && leadsBack(convert, current)) {
        usedAsCarried = true;
        continue;
      }
      Attribute wanted;
      auto offset = dyn_cast<AddPtrOp>(user);
      if (auto convert = dyn_cast<ConvertLayoutOp>(user))
        wanted = finalLayout(convert);
      else if (offset && offset.getPtr() == arg && !offset->use_empty() &&
               llvm::all_of(offset->getUsers(), [](Operation *use) {
                 return isa<ConvertLayoutOp>(use);
               })) {
        // Pointers offset from the argument and converted for a load (a K
        // loop unrolled by hand loads `p`, `p + BLOCK_K`, ...: SGLang's
        // fp8 block matmul, which converted 160 KB of pointers through
        // shared memory): they want the layout of their conversions, where
        // the offset can be had.
        for (Operation *use : offset->getUsers()) {
          Attribute to = finalLayout(cast<ConvertLayoutOp>(use));
          if (wanted && wanted != to)
            return {};
          wanted = to;
        }
        if (!canRematerialize(offset.getOffset(), wanted, 0))
          return {};
      } else if (isElementwise(user))
        for (Value operand : user->getOperands())
          // (A conversion the other patterns will recompute away, a splat's,
          // is no such value.)
          if (auto convert = operand.getDefiningOp<ConvertLayoutOp>();
              convert && !rematerializable(convert))
            wanted = cast<RankedTensorType>(convert.getSrc().getType())
                         .getEncoding();
      if (!wanted || (layout && layout != wanted))
        return {};
      layout = wanted;
    }
    // (An argument used where it is, through this pattern's conversions
    // there and back, is no counter: SGLang's fused MoE carried its A
    // pointers in the accumulator's layout, converted for every load.)
    if (!layout && usedAsCarried)
      return {};
    if (!layout)
      if (Attribute sibling = siblingLayout(update, arg, leaves))
        return sibling;
    // An argument no use places, whose initial value is converted from a
    // value that cannot be recomputed (a loaded row of counts, to which
    // each iteration adds a match): carried where that value is, the loop
    // needs no conversion before it, and the one after it sinks toward
    // what the result meets (vLLM's penalties converted its 8192 logits
    // and counts through shared memory, to a reshaped bitmask's layout).
    if (!layout) {
      auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
      auto init =
          loop.getTiedLoopInit(arg)->get().getDefiningOp<ConvertLayoutOp>();
      if (!init || rematerializable(init))
        return {};
      layout = init.getSrc().getType().getEncoding();
    }
    if (!reachable(layout))
      return {};
    return layout;
  }

  /// The loop attribute counting each argument's moves, which the pass
  /// removes when it is done.
  static constexpr llvm::StringLiteral kMoves = "tkc_gpu.carried_moves";

  /// The most times one argument moves. Arguments updated from each other
  /// (a Welford loop's mean, count and sum of squares, whose updates mix a
  /// load's layout and the loop's) can otherwise take each other's layouts
  /// in turn forever: FlagGems' var_mean grew 131,000 conversions before
  /// the rewrite bound stopped it.
  static constexpr int32_t kMaxMoves = 4;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    SmallVector<int32_t> moves(loop.getNumRegionIterArgs(), 0);
    // (CarryCopyPerLayout appends arguments, which have not moved.)
    if (auto counted = loop->getAttrOfType<DenseI32ArrayAttr>(kMoves))
      llvm::copy(counted.asArrayRef(), moves.begin());
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      Operation *update = yield.getOperand(i).getDefiningOp();
      if (!type || !update || update->getBlock() != loop.getBody() ||
          moves[i] >= kMaxMoves)
        continue;
      Attribute layout = updateLayout(update, arg);
      if (!layout || layout == type.getEncoding())
        continue;
      if (!canCarryIn(type, layout, isAdvancedPointer(arg)))
        continue;
      RankedTensorType carried = withLayout(type, layout);
      Location loc = loop.getLoc();
      Value result = loop.getResult(i);
      rewriter.setInsertionPoint(loop);
      Value init = ConvertLayoutOp::create(rewriter, loc, carried,
                                           loop.getInitArgs()[i]);
      rewriter.setInsertionPoint(yield);
      Value next =
          ConvertLayoutOp::create(rewriter, loc, carried, yield.getOperand(i));
      ++moves[i];
      rewriter.modifyOpInPlace(loop, [&] {
        loop.getInitArgsMutable()[i].assign(init);
        arg.setType(carried);
        result.setType(carried);
        loop->setAttr(kMoves, rewriter.getDenseI32ArrayAttr(moves));
      });
      rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, next); });
      rewriter.setInsertionPointToStart(loop.getBody());
      auto inside = ConvertLayoutOp::create(rewriter, loc, type, arg);
      rewriter.replaceAllUsesExcept(arg, inside, inside);
      rewriter.setInsertionPointAfter(loop);
      auto after = ConvertLayoutOp::create(rewriter, loc, type, result);
      rewriter.replaceAllUsesExcept(result, after, after);
      return success();
    }
    return failure();
  }
};

/// A loop-carried tensor advanced by an elementwise step (`offs_k +=
/// BLOCK_K`) whose other uses in the loop all convert it, directly or
/// through elementwise ops and expand_dims (`offs_k < K`, `offs[:, None] *
/// stride`), to layouts it cannot take at once (AWQ's K offsets, masking the
/// columns of one tile and the rows of another; lightning attention's block
/// offsets, expanded for the rows of three loads): the loop carries a copy in
/// each layout those uses need of it, advanced there, and each use is
/// recomputed from its copy, so the loop converts none. The original stays
/// for the loop's result (LLVM drops it where nothing reads it). Copies are
/// made of small values only (kMaxCopyElementsPerThread); an argument that
/// one layout serves is CarryInUpdateLayout's.
struct CarryCopyPerLayout : public OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The most distinct elements a thread may hold of each copy.
  static constexpr int64_t kMaxCopyElementsPerThread = 16;

  /// The most ops between the argument and a conversion of a use.
  static constexpr unsigned kMaxChain = 3;

  /// A conversion of the argument, the ops it converts the result of (each
  /// taking the one before it, the first the argument; elementwise ops and
  /// expand_dims), and the layout the argument is needed in for them.
  struct Use {
    ConvertLayoutOp convert;
    SmallVector<Operation *, kMaxChain> via;
    Attribute layout;
  };

  /// The layout `op`'s carried operand needs for `op` to produce `layout`
  /// (for an expand_dims, the slice), or null if there is none.
  static Attribute layoutBefore(Operation *op, Attribute layout) {
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      return isDistributed(layout)
                 ? SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                          cast<LayoutEncodingAttr>(layout))
                 : Attribute();
    return layout;
  }

  /// Appends to `uses` those of `value`, which `via` computes from the
  /// argument, other than `update`; false unless each ends in a conversion.
  static bool collectUses(Value value, SmallVector<Operation *, kMaxChain> via,
                          Operation *update, SmallVector<Use> &uses) {
    for (Operation *user : value.getUsers()) {
      if (user == update)
        continue;
      if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
        Attribute layout = convert.getType().getEncoding();
        for (Operation *op : llvm::reverse(via))
          if (layout)
            layout = layoutBefore(op, layout);
        if (!layout)
          return false;
        uses.push_back({convert, via, layout});
        continue;
      }
      if (via.size() == kMaxChain ||
          !(isa<ExpandDimsOp>(user) || isElementwise(user)) ||
          user->getNumResults() != 1 || user->use_empty())
        return false;
      SmallVector<Operation *, kMaxChain> longer = via;
      longer.push_back(user);
      if (!collectUses(user->getResult(0), longer, update, uses))
        return false;
    }
    return true;
  }

  /// Whether `op`'s tensor operands other than `carried` can be recomputed
  /// in `layout`.
  static bool othersIn(Operation *op, Value carried, Attribute layout) {
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      return operand == carried || !isa<RankedTensorType>(operand.getType()) ||
             canRematerialize(operand, layout, 0);
    });
  }

  /// Whether each op of `use` can be recomputed from the argument `arg` in
  /// the layouts the use needs.
  static bool chainIn(const Use &use, Value arg) {
    Attribute layout = use.layout;
    Value carried = arg;
    for (Operation *op : use.via) {
      if (auto expand = dyn_cast<ExpandDimsOp>(op))
        layout = cast<SliceEncodingAttr>(layout).getParent();
      else if (!othersIn(op, carried, layout))
        return false;
      carried = op->getResult(0);
    }
    return true;
  }

  /// `op` cloned before `at` with `carried` replaced by `copy` and its other
  /// tensor operands converted to `copy`'s layout (which the other patterns
  /// recompute there); its result, in that layout or (an expand_dims) the
  /// parent of that slice.
  static Value cloneWith(Operation *op, Value carried, Value copy,
                         Operation *at, PatternRewriter &rewriter) {
    Attribute layout = cast<RankedTensorType>(copy.getType()).getEncoding();
    if (isa<ExpandDimsOp>(op))
      layout = cast<SliceEncodingAttr>(layout).getParent();
    rewriter.setInsertionPoint(at);
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (operand == carried)
        mapping.map(operand, copy);
      else if (type)
        mapping.map(operand,
                    ConvertLayoutOp::create(rewriter, op->getLoc(),
                                            withLayout(type, layout), operand));
    }
    Operation *clone = rewriter.clone(*op, mapping);
    Value result = clone->getResult(0);
    result.setType(
        withLayout(cast<RankedTensorType>(result.getType()), layout));
    return result;
  }

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      Operation *update = yield.getOperand(i).getDefiningOp();
      if (!type || !update || update->getBlock() != loop.getBody() ||
          !isElementwise(update) || update->getNumResults() != 1 ||
          !update->hasOneUse())
        continue;
      SmallVector<Use> uses;
      if (!collectUses(arg, {}, update, uses) || uses.empty())
        continue;
      llvm::SetVector<Attribute> layouts;
      bool through = false;
      for (const Use &use : uses) {
        layouts.insert(use.layout);
        through |= !use.via.empty();
      }
      if ((layouts.size() < 2 && !through) ||
          CarryInUpdateLayout::updateLayout(update, arg))
        continue;
      if (!llvm::all_of(layouts,
                        [&](Attribute layout) {
                          return isDistributed(layout) &&
                                 getDistinctElementsPerThread(
                                     withLayout(type, layout)) <=
                                     kMaxCopyElementsPerThread &&
                                 othersIn(update, arg, layout);
                        }) ||
          !llvm::all_of(uses,
                        [&](const Use &use) { return chainIn(use, arg); }))
        continue;
      // The copies' initial values, then the loop with them carried.
      rewriter.setInsertionPoint(loop);
      SmallVector<Value> inits;
      for (Attribute layout : layouts)
        inits.push_back(ConvertLayoutOp::create(rewriter, loop.getLoc(),
                                                withLayout(type, layout),
                                                loop.getInitArgs()[i]));
      unsigned numArgs = loop.getNumRegionIterArgs();
      auto grown = cast<scf::ForOp>(
          *cast<LoopLikeOpInterface>(loop.getOperation())
               .replaceWithAdditionalYields(
                   rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
                   [&](OpBuilder &, Location, ArrayRef<BlockArgument> copies) {
                     // (The body may not have moved to the new loop yet.)
                     Value moved =
                         copies.front().getOwner()->getArguments()[1 + i];
                     if (llvm::is_contained(update->getOperands(), arg))
                       moved = arg;
                     SmallVector<Value> next;
                     for (BlockArgument copy : copies)
                       next.push_back(cloneWith(update, moved, copy,
                                                update->getNextNode(),
                                                rewriter));
                     return next;
                   }));
      Value moved = grown.getRegionIterArgs()[i];
      ArrayRef<BlockArgument> copies =
          grown.getRegionIterArgs().drop_front(numArgs);
      // Each op of a chain is recomputed once per copy.
      DenseMap<std::pair<Operation *, Attribute>, Value> cloned;
      for (const Use &use : uses) {
        Value value = copies[std::distance(layouts.begin(),
                                           llvm::find(layouts, use.layout))];
        Value carried = moved;
        for (Operation *op : use.via) {
          Value &clone = cloned[{op, use.layout}];
          if (!clone)
            clone = cloneWith(op, carried, value, op, rewriter);
          value = clone;
          carried = op->getResult(0);
        }
        rewriter.replaceOp(use.convert, value);
      }
      return success();
    }
    return failure();
  }
};

/// A tensor result of an scf.if takes the layout its branches compute it in:
/// when one branch yields it as a conversion from a layout L, and every
/// branch yields such a conversion or a value that can be recomputed in L,
/// the result moves to L and one conversion after the if gives its users the
/// old layout (which the sinking patterns then take further down, or away).
/// Recomputed means by RematerializeConversion, which stops at an inner
/// if's result: counted as recomputable (canRematerialize's `throughIfs`),
/// it left a conversion in its branch, and the result of verl's entropy
/// backward (an if in an if) moved back and forth between the two
/// branches' layouts 170,000 times (17 s of compilation).
struct IfResultInBranchLayout : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The layout the branches' `yields` produce result `i` in, or null.
  static Attribute branchLayout(ArrayRef<scf::YieldOp> yields, unsigned i) {
    Attribute layout;
    for (scf::YieldOp yield : yields)
      if (auto convert = yield.getOperand(i).getDefiningOp<ConvertLayoutOp>()) {
        Attribute from =
            cast<RankedTensorType>(convert.getSrc().getType()).getEncoding();
        if (layout && layout != from)
          return {};
        layout = from;
      }
    if (!layout || !llvm::all_of(yields, [&](scf::YieldOp yield) {
          Value value = yield.getOperand(i);
          auto convert = value.getDefiningOp<ConvertLayoutOp>();
          return (convert && cast<RankedTensorType>(convert.getSrc().getType())
                                     .getEncoding() == layout) ||
                 canRematerialize(value, layout, 0, nullptr, false,
                                  /*throughIfs=*/false);
        }))
      return {};
    return layout;
  }

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0)
      return failure();
    SmallVector<scf::YieldOp> yields = {ifOp.thenYield(), ifOp.elseYield()};
    for (OpResult result : ifOp->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      unsigned i = result.getResultNumber();
      Attribute layout = type ? branchLayout(yields, i) : Attribute();
      if (!layout || layout == type.getEncoding())
        continue;
      RankedTensorType moved = withLayout(type, layout);
      for (scf::YieldOp yield : yields) {
        // A conversion from the layout yields its source; another value is
        // converted (and then recomputed there).
        Value value = yield.getOperand(i);
        auto convert = value.getDefiningOp<ConvertLayoutOp>();
        if (convert && convert.getSrc().getType() == moved) {
          value = convert.getSrc();
        } else {
          rewriter.setInsertionPoint(yield);
          value =
              ConvertLayoutOp::create(rewriter, yield.getLoc(), moved, value);
        }
        rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, value); });
      }
      rewriter.modifyOpInPlace(ifOp, [&] { result.setType(moved); });
      rewriter.setInsertionPointAfter(ifOp);
      auto back =
          ConvertLayoutOp::create(rewriter, ifOp.getLoc(), type, result);
      rewriter.replaceAllUsesExcept(result, back, back);
      return success();
    }
    return failure();
  }
};

/// A tensor result of an scf.if that all its users convert to one layout L
/// is computed in L by both branches, when they can recompute it there
/// without conversions (canRematerialize): FlagGems' pooling divisor, a
/// constant or a count of the window's valid elements chosen at run time,
/// taken by the quotient of a load in the load's layout.
struct IfResultInUsersLayout : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The layout every user of `result` converts it to, or null.
  static Attribute usersLayout(OpResult result) {
    Attribute layout;
    for (Operation *user : result.getUsers()) {
      auto convert = dyn_cast<ConvertLayoutOp>(user);
      if (!convert || (layout && layout != convert.getType().getEncoding()))
        return {};
      layout = convert.getType().getEncoding();
    }
    return layout;
  }

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0)
      return failure();
    SmallVector<scf::YieldOp> yields = {ifOp.thenYield(), ifOp.elseYield()};
    for (OpResult result : ifOp->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      Attribute layout = type ? usersLayout(result) : Attribute();
      unsigned i = result.getResultNumber();
      if (!layout || layout == type.getEncoding() ||
          !llvm::all_of(yields, [&](scf::YieldOp yield) {
            return canRematerialize(yield.getOperand(i), layout, 0, nullptr,
                                    false, /*throughIfs=*/false);
          }))
        continue;
      // Recomputed, not converted: a conversion in a branch (an inner if's
      // result, which recompute converts) is what IfResultInBranchLayout
      // would move the result back for.
      for (scf::YieldOp yield : yields) {
        Value value =
            recompute(yield.getOperand(i), layout, /*reissueLoads=*/false,
                      rewriter);
        rewriter.modifyOpInPlace(yield, [&] { yield->setOperand(i, value); });
      }
      rewriter.modifyOpInPlace(
          ifOp, [&] { result.setType(withLayout(type, layout)); });
      for (Operation *user : llvm::make_early_inc_range(result.getUsers()))
        rewriter.replaceOp(user, result);
      return success();
    }
    return failure();
  }
};

/// Whether a conversion still sinks into an elementwise op of the slice
/// that computes `value` (SinkConversion, with `replicate`), through
/// elementwise ops (within kMaxDepth of them).
bool sinksInto(Value value, bool replicate) {
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Operation *, 16> visited;
  while (!worklist.empty() && visited.size() < kMaxDepth) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || !isElementwise(def) || !visited.insert(def).second)
      continue;
    if (sinkLayout(def, replicate))
      return true;
    worklist.append(def->getOperands().begin(), def->getOperands().end());
  }
  return false;
}

/// A store of a converted value stores in the value's layout instead, when
/// its pointers and mask can be produced there without conversions and
/// each thread's accesses stay at least a word wide: a store only needs
/// each element's pointer beside its value.
struct StoreInValueLayout : public OpRewritePattern<StoreOp> {
  /// `numWarps`: the module's warps where the target has warpgroup
  /// multiplies, else 0; `replicate`: as sinkLayout's.
  StoreInValueLayout(MLIRContext *context, unsigned numWarps, bool replicate)
      : OpRewritePattern(context), numWarps(numWarps), replicate(replicate) {}
  unsigned numWarps;
  bool replicate;

  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto convert = store.getValue().getDefiningOp<ConvertLayoutOp>();
    // A value that can be recomputed in the store's layout is, instead.
    if (!convert || rematerializable(convert))
      return failure();
    // Decided once the value's conversions have sunk as far as they go: an
    // elementwise op fed by a conversion of a loaded value (an upcast) runs
    // in the loaded layout first (SinkConversion), or the store would take
    // the op's layout, an intermediate one (the frontend's one element per
    // thread: scalar stores of an fp16 -> fp32 cast; of the sum of two
    // upcast rows, flash-attention's residual in its layer norm).
    if (sinksInto(convert.getSrc(), replicate))
      return failure();
    Attribute layout =
        cast<RankedTensorType>(convert.getSrc().getType()).getEncoding();
    for (Value operand : {store.getPtr(), store.getMask()})
      if (operand && !canRematerialize(operand, layout, 0))
        return failure();
    // Not at the cost of accesses narrower than a 32-bit word when the
    // coalesced layout's are wider (a thread storing lone fp16 elements),
    // nor of a warpgroup multiply's accumulator's accesses narrower than
    // the coalesced layout's 16 bytes (its pairs of 32-bit elements: 8
    // bytes; through shared memory, half as many stores, each 16 bytes: an
    // int8 x @ w.T of 4096^3 ran 4.8% faster so on the H100, where the
    // same conversion made mma.sync's 6% slower), nor of warp-wide
    // stores that write 32-byte sectors piecemeal where the coalesced
    // layout writes them whole (an MMA accumulator's row runs of 8
    // elements, 16 bytes of fp16: two writes per sector; or a thread's run
    // longer than one 16-byte access, which leaves its lanes' accesses
    // apart: AWQ's dequantized rows of 32 fp16 each ran at 0.58 of
    // Triton's coalesced stores).
    // The store's own layout is coalesce's, or one an earlier move gave it
    // (a reduction's slice, before the reduction moved into its loaded
    // operand's layout).
    auto type = cast<RankedTensorType>(store.getValue().getType());
    if (isDistributed(type.getEncoding()) && isDistributed(layout)) {
      // Not at the cost of more than kMaxReissuedPerThread stores a thread,
      // kMaxAccessGrowth times as many as its own layout's: a reduced row
      // in a slice that replicates it over the reduced dimension's threads
      // (Native Sparse Attention's pools, a 64-element row at a run-time
      // stride: 32 scalar stores a thread, against 1 after a conversion).
      // Fewer (FLA's attention residuals store rows of 4 in a loop) cost
      // less than the conversion's barrier.
      AxisInfoAnalysis axis;
      auto accesses = [&](Attribute in) {
        return getDistinctElementsPerThread(withLayout(type, in)) /
               getAccessWidth(store.getPtr(), store.getMask(), axis,
                              /*boundedRuns=*/false, in);
      };
      int64_t movedAccesses = accesses(layout);
      if (movedAccesses > kMaxReissuedPerThread &&
          movedAccesses > kMaxAccessGrowth * accesses(type.getEncoding()))
        return failure();
      LinearLayout moved = getLinearLayout(withLayout(type, layout));
      LinearLayout kept = getLinearLayout(type);
      // The dimension the kept layout's warps run along.
      unsigned dim = 0;
      if (auto blocked = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
        dim = blocked.getOrder().front();
      else
        for (unsigned d = 1; d < type.getRank(); ++d)
          if (kept.getContiguousWarpElements(d) >
              kept.getContiguousWarpElements(dim))
            dim = d;
      int64_t bytes = getStorageBytes(type.getElementType());
      int64_t width = bytes * moved.getContiguousRegisters(dim);
      int64_t keptWidth = bytes * kept.getContiguousRegisters(dim);
      if (width < 4 && width < keptWidth)
        return failure();
      constexpr int64_t kWidest = 16;
      if (numWarps && width < kWidest && keptWidth >= kWidest &&
          layout == getWarpgroupMmaLayout(type, numWarps))
        return failure();
      constexpr int64_t kSector = 32;
      // The bytes one store instruction of the warp writes contiguously.
      auto runPerStore = [&](const LinearLayout &in, int64_t threadBytes) {
        return threadBytes > kWidest
                   ? kWidest
                   : bytes * in.getContiguousWarpElements(dim);
      };
      if (runPerStore(moved, width) < kSector &&
          runPerStore(kept, keptWidth) >= kSector)
        return failure();
    }
    rewriter.modifyOpInPlace(store, [&] {
      for (OpOperand &operand : store->getOpOperands()) {
        if (operand.get() == convert.getResult()) {
          operand.set(convert.getSrc());
          continue;
        }
        // A descriptor's box coordinates are scalars.
        auto type = dyn_cast<RankedTensorType>(operand.get().getType());
        if (type)
          operand.set(ConvertLayoutOp::create(rewriter, store.getLoc(),
                                              withLayout(type, layout),
                                              operand.get()));
      }
    });
    return success();
  }
};

/// An atomic one of whose operands is converted runs in that operand's
/// source layout instead, when its other operands can be produced there
/// without conversions (pointers, which cannot move through shared memory,
/// are tried first); a used result is converted back. Not where a float
/// addition would lose the run of consecutive elements its coalesced layout
/// gives each thread on a target that adds such runs in one atomic
/// (Liger's embedding backward: v4 additions, the 128 gathered row indices
/// converted, where the whole 128x128 tile was converted before).
template <typename Op>
struct AtomicInOperandLayout : public OpRewritePattern<Op> {
  /// `target`: what the target adds in one atomic (null: no target, one
  /// element at a time).
  AtomicInOperandLayout(MLIRContext *context, const ::tkc::TargetInfo *target)
      : OpRewritePattern<Op>(context), target(target) {}
  const ::tkc::TargetInfo *target;

  /// Whether `atomic` in `layout` would add fewer consecutive elements at
  /// once than in its own layout, where its pointers can be had (they
  /// cannot move through shared memory).
  bool losesVectors(Op atomic, Attribute layout) const {
    auto rmw = dyn_cast<AtomicRMWOp>(atomic.getOperation());
    auto type = cast<RankedTensorType>(atomic.getType());
    auto own = dyn_cast<BlockedEncodingAttr>(type.getEncoding());
    if (!target || !rmw || rmw.getRmwOp() != RMWOp::fadd || !own)
      return false;
    unsigned width = target->getAtomicAddVectorWidth(type.getElementType());
    if (width < 2)
      return false;
    if (auto pointers = rmw.getPtr().template getDefiningOp<ConvertLayoutOp>();
        pointers && !rematerializable(pointers))
      return false;
    unsigned dim = own.getOrder().front();
    auto run = [&](RankedTensorType in) {
      return std::min<unsigned>(getLinearLayout(in).getContiguousRegisters(dim),
                                width);
    };
    return run(withLayout(type, layout)) < run(type);
  }

  LogicalResult matchAndRewrite(Op atomic,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(atomic.getType());
    if (!type)
      return failure();
    for (OpOperand &anchor : atomic->getOpOperands()) {
      // (An operand that can be recomputed in the atomic's layout is; moving
      // the atomic to its source instead could move it back and forth.)
      auto convert = anchor.get().template getDefiningOp<ConvertLayoutOp>();
      if (!convert || rematerializable(convert))
        continue;
      Attribute layout =
          cast<RankedTensorType>(convert.getSrc().getType()).getEncoding();
      if (layout == type.getEncoding() || losesVectors(atomic, layout) ||
          !llvm::all_of(atomic->getOpOperands(), [&](OpOperand &operand) {
            return &operand == &anchor ||
                   canRematerialize(operand.get(), layout, 0);
          }))
        continue;
      Location loc = atomic.getLoc();
      rewriter.setInsertionPoint(atomic);
      SmallVector<Value> operands;
      for (OpOperand &operand : atomic->getOpOperands())
        operands.push_back(&operand == &anchor
                               ? convert.getSrc()
                               : ConvertLayoutOp::create(
                                     rewriter, loc,
                                     withLayout(cast<RankedTensorType>(
                                                    operand.get().getType()),
                                                layout),
                                     operand.get())
                                     .getResult());
      Operation *moved = rewriter.clone(*atomic);
      moved->setOperands(operands);
      moved->getResult(0).setType(withLayout(type, layout));
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(atomic, type,
                                                   moved->getResult(0));
      return success();
    }
    return failure();
  }
};

/// Forward propagation of layouts chosen for a reason, before the patterns:
/// the values computed from a seed (elementwise ops, reductions to its
/// slices, expand_dims and broadcasts back, reshapes, transposes, joins
/// and splits that move no data, loop-carried values yielded from them;
/// an accumulator reshaped or split takes a linear layout) take the layout
/// derived from the seed's, as in Triton. The seeds are a dot's result (an
/// attention loop keeps its scores, running maxima and sums and its
/// accumulator in the MMA layout and its slices this way; left to the
/// patterns, which start at the conversions the default layouts need, each
/// of them went through shared memory every iteration), and a reshape's or
/// transpose's result in the layout in which it moves no data (tl.flip's
/// and tl.sort's chains of reshapes and reductions stay in registers).
/// Operands from outside the propagated values are converted where they are
/// used, and users outside them get the old layout back; the patterns then
/// recompute or remove those conversions. A value reached in two different
/// layouts makes the propagation from those seeds keep the layouts as they
/// are.
class LayoutPropagation {
public:
  /// Propagates from the values of `seeds` in their current layouts (or in
  /// `layout`); false when nothing changed. With `onlyToCarry`, only where the
  /// propagation moves a loop-carried value and every value it moves is in one
  /// blocked layout and goes to another (a load's layout, taken through a
  /// loop's elementwise updates, branches included, by the tiles they carry).
  bool run(ArrayRef<Value> seeds, bool onlyToCarry = false,
           Attribute layout = {}) {
    for (unsigned pins = 0;; ++pins) {
      layouts.clear();
      worklist.clear();
      conflict = false;
      for (Value seed : seeds)
        set(seed, layout
                      ? layout
                      : cast<RankedTensorType>(seed.getType()).getEncoding());
      while (!worklist.empty() && !conflict) {
        Value value = worklist.pop_back_val();
        for (OpOperand &use : value.getUses())
          visit(use, layouts.lookup(value));
      }
      if (!conflict || pins == kMaxPins || !pinBroadcast())
        break;
    }
    // Only values whose layout changes.
    for (auto it = layouts.begin(); it != layouts.end();) {
      auto current = it++;
      if (cast<RankedTensorType>(current->first.getType()).getEncoding() ==
          current->second)
        layouts.erase(current);
    }
    if (conflict || layouts.empty())
      return false;
    if (onlyToCarry && !movesOnlyCarriedTiles())
      return false;
    rewrite();
    return true;
  }

private:
  DenseMap<Value, Attribute> layouts;
  SmallVector<Value> worklist;
  bool conflict = false;
  /// The first value reached in a second layout, and that layout.
  Value conflicted;
  Attribute conflicting;
  /// Broadcasts whose result takes a layout other than their operand's
  /// (pinBroadcast), and the layout.
  DenseMap<Operation *, Attribute> pinned;

  /// The most broadcasts one propagation pins.
  static constexpr unsigned kMaxPins = 8;

  /// Where the propagation reached an elementwise op in two layouts, one of
  /// them through a broadcast whose operand holds the same registers in the
  /// other (a row of an attention's scores' statistics, [M, 1], scaling an
  /// accumulator of another MMA layout: FlagGems' flash MLA multiplies
  /// scores 64 wide and values 512 wide, and carried its 128 KB accumulator
  /// in a blocked layout, converted twice an iteration): the broadcast
  /// produces the other layout from then on. False where there is none.
  bool pinBroadcast() {
    Operation *op = conflicted.getDefiningOp();
    Attribute first = layouts.lookup(conflicted);
    if (!op || !isElementwise(op) || !first)
      return false;
    for (Value operand : op->getOperands()) {
      auto broadcast = operand.getDefiningOp<BroadcastOp>();
      Attribute own = layouts.lookup(operand);
      if (!broadcast || pinned.count(broadcast) ||
          (own != first && own != conflicting))
        continue;
      Attribute other = own == first ? conflicting : first;
      Value src = broadcast.getSrc();
      Attribute srcLayout = layouts.lookup(src);
      auto srcType = cast<RankedTensorType>(src.getType());
      if (!srcLayout)
        srcLayout = srcType.getEncoding();
      if (!isDistributed(other) || !sameRegisters(srcType, srcLayout, other) ||
          holdsMore(broadcast.getType(), other))
        continue;
      pinned[broadcast] = other;
      return true;
    }
    return false;
  }

  /// Whether the propagation moves some loop-carried value, and only
  /// values of blocked layouts (or their slices: a carried tile reduced
  /// after the loop) to blocked layouts (or their slices), and each carried
  /// value with its update (not an FMA dot's accumulator, whose update the
  /// dot pins to its layout: the loop would convert it twice an iteration).
  bool movesOnlyCarriedTiles() const {
    auto blockedOrSlice = [](Attribute layout) {
      if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
        layout = slice.getParent();
      return isa<BlockedEncodingAttr>(layout);
    };
    bool carried = false;
    for (auto [value, layout] : layouts) {
      if (!blockedOrSlice(layout) ||
          !blockedOrSlice(
              cast<RankedTensorType>(value.getType()).getEncoding()))
        return false;
      auto arg = dyn_cast<BlockArgument>(value);
      auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                      : scf::ForOp();
      if (!loop || arg.getArgNumber() < loop.getNumInductionVars())
        continue;
      carried = true;
      Value update = loop.getTiedLoopYieldedValue(arg)->get();
      if (update.getParentBlock() == loop.getBody() &&
          !layouts.contains(update))
        return false;
    }
    return carried;
  }

  /// Gives `value` `layout`, and with it the loop result or iteration
  /// argument tied to it, which share its type (a seed may be either).
  void set(Value value, Attribute layout) {
    if (!isa<RankedTensorType>(value.getType()) || !layout)
      return;
    auto [it, inserted] = layouts.try_emplace(value, layout);
    if (!inserted) {
      if (it->second != layout && !conflict) {
        conflict = true;
        conflicted = value;
        conflicting = layout;
      }
      return;
    }
    worklist.push_back(value);
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (loop && arg.getArgNumber() >= loop.getNumInductionVars())
        set(loop.getTiedLoopResult(arg), layout);
    } else if (auto loop = dyn_cast<scf::ForOp>(value.getDefiningOp())) {
      set(loop.getTiedLoopRegionIterArg(cast<OpResult>(value)), layout);
    }
  }

  /// The layout `op`'s result takes when its operand has `layout`, or null
  /// when the propagation stops at `op`.
  static Attribute resultLayout(Operation *op, Attribute layout) {
    if (isElementwise(op))
      return layout;
    // A layout made for a broadcast's smaller operand may replicate its
    // result across threads (a transposed row of scales, [1, 16] on 128
    // threads, broadcast over a 16x16 accumulator: 16 registers each
    // instead of 2): the propagation stops there.
    if (auto broadcast = dyn_cast<BroadcastOp>(op))
      return holdsMore(broadcast.getType(), layout) ? Attribute() : layout;
    // A conversion the default layouts needed goes; one to a dot operand
    // stays.
    if (auto convert = dyn_cast<ConvertLayoutOp>(op))
      return isa<DotOperandEncodingAttr>(convert.getType().getEncoding())
                 ? Attribute()
                 : layout;
    if (auto reduce = dyn_cast<ReduceOp>(op))
      if (reduce.getSrcs().size() == 1)
        return SliceEncodingAttr::get(op->getContext(), reduce.getAxis(),
                                      cast<LayoutEncodingAttr>(layout));
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
        if (slice.getDim() == expand.getAxis())
          return slice.getParent();
    // A transpose takes any distributed layout with it (an accumulator's,
    // permuted: FLA's state updated with tl.trans(tl.dot(k, v))).
    if (auto trans = dyn_cast<TransOp>(op))
      return getTransposedLayout(layout, trans.getOrder());
    // A reshape of a blocked layout stays blocked or stops the propagation;
    // any other layout (an accumulator's) is reshaped into a linear one.
    if (auto reshape = dyn_cast<ReshapeOp>(op)) {
      ArrayRef<int64_t> from = reshape.getSrc().getType().getShape();
      ArrayRef<int64_t> to = reshape.getType().getShape();
      if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
        return getReshapedLayout(blocked, from, to);
      return isDistributed(layout)
                 ? getReshapedEncoding(cast<LayoutEncodingAttr>(layout), from,
                                       to)
                 : Attribute();
    }
    if (isa<JoinOp>(op))
      return getJoinedLayout(layout);
    return {};
  }

  /// The layout `op` needs its tensor `operand` in to produce its result in
  /// `layout` (the inverse of resultLayout).
  Attribute neededOperandLayout(Operation *op, Value operand,
                                Attribute layout) const {
    // A reshape or transpose in the propagation moves its operand's layout.
    if (isa<ReshapeOp, TransOp, SplitOp>(op)) {
      if (Attribute propagated = layouts.lookup(operand))
        return propagated;
      return cast<RankedTensorType>(operand.getType()).getEncoding();
    }
    // A join's operands take the layout of the one propagated.
    if (isa<JoinOp>(op))
      for (Value side : op->getOperands())
        if (Attribute propagated = layouts.lookup(side))
          return propagated;
    if (auto reduce = dyn_cast<ReduceOp>(op))
      return cast<SliceEncodingAttr>(layout).getParent();
    if (auto expand = dyn_cast<ExpandDimsOp>(op))
      return SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                    cast<LayoutEncodingAttr>(layout));
    return layout;
  }

  void visit(OpOperand &use, Attribute layout) {
    Operation *user = use.getOwner();
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp())) {
        set(loop.getRegionIterArgs()[use.getOperandNumber()], layout);
      } else if (auto branch = dyn_cast<scf::IfOp>(yield->getParentOp())) {
        set(branch.getResult(use.getOperandNumber()), layout);
      }
      return;
    }
    // A split's halves drop the register bit that picks them, when one
    // does (getSplitLayout).
    if (auto split = dyn_cast<SplitOp>(user)) {
      if (!isDistributed(layout))
        return;
      LayoutEncodingAttr single =
          getSplitLayout(cast<LayoutEncodingAttr>(layout),
                         split.getSrc().getType().getShape());
      for (Value half : split->getResults())
        set(half, single);
      return;
    }
    if (auto it = pinned.find(user); it != pinned.end())
      return set(user->getResult(0), it->second);
    if (user->getNumResults() == 1)
      set(user->getResult(0), resultLayout(user, layout));
  }

  /// `value` converted to `type` before `user`, unless it has it.
  static Value convertFor(OpBuilder &b, Operation *user, Value value,
                          RankedTensorType type) {
    if (value.getType() == type)
      return value;
    b.setInsertionPoint(user);
    return ConvertLayoutOp::create(b, user->getLoc(), type, value);
  }

  void rewrite() {
    DenseMap<Value, Type> old;
    for (auto [value, layout] : layouts) {
      old[value] = value.getType();
      value.setType(
          withLayout(cast<RankedTensorType>(value.getType()), layout));
    }
    OpBuilder b(layouts.begin()->first.getContext());
    SmallVector<std::pair<OpOperand *, Value>> updates;
    auto needs = [&](Operation *user, unsigned operand) -> Attribute {
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        if (auto branch = dyn_cast<scf::IfOp>(yield->getParentOp()))
          return layouts.lookup(branch.getResult(operand));
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop)
          return {};
        return layouts.lookup(loop.getRegionIterArgs()[operand]);
      }
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (operand < loop.getNumControlOperands())
          return {};
        return layouts.lookup(
            loop.getRegionIterArgs()[operand - loop.getNumControlOperands()]);
      }
      if (isa<SplitOp>(user) || user->getNumResults() == 1)
        if (Attribute layout = layouts.lookup(user->getResult(0)))
          return neededOperandLayout(user, user->getOperand(operand), layout);
      return {};
    };
    // Every use of a tensor by an op whose layouts changed, or of a changed
    // tensor by any op, gets the layout its user now needs.
    SetVector<Operation *> users;
    for (auto [value, layout] : layouts) {
      for (Operation *user : value.getUsers())
        users.insert(user);
      if (Operation *def = value.getDefiningOp()) {
        users.insert(def);
        if (auto branch = dyn_cast<scf::IfOp>(def)) {
          users.insert(branch.thenYield());
          if (branch.elseBlock())
            users.insert(branch.elseYield());
        }
      }
      if (auto arg = dyn_cast<BlockArgument>(value))
        if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
          users.insert(loop);
          users.insert(loop.getBody()->getTerminator());
        }
    }
    for (Operation *user : users)
      for (OpOperand &use : user->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(use.get().getType());
        if (!type)
          continue;
        Attribute want = needs(user, use.getOperandNumber());
        RankedTensorType wanted =
            want ? withLayout(type, want)
                 : cast<RankedTensorType>(old.lookup(use.get())
                                              ? old.lookup(use.get())
                                              : use.get().getType());
        if (wanted != type)
          updates.push_back({&use, convertFor(b, user, use.get(), wanted)});
      }
    for (auto [use, value] : updates)
      use->set(value);
  }
};

/// Carries a loop's tiles in the layout of the load they are computed from:
/// each load in a loop propagates its layout through the loop's updates,
/// branches included (Inductor's Welford loops, whose first iteration takes
/// the loaded tile as it is through a branch), the loads of the layout most
/// loads have last, so that a tile computed from several loads ends in that
/// layout and the fewest loads are converted each iteration; then the
/// loop's other carried tiles of a shape (a Welford count, updated from
/// constants alone) join the layout most of its carried tiles have.
void carryLoadedTiles(func::FuncOp func) {
  SmallVector<Value> loads;
  func.walk([&](LoadOp load) {
    if (load->getParentOfType<scf::ForOp>() &&
        isa<RankedTensorType>(load.getType()))
      loads.push_back(load.getResult());
  });
  llvm::DenseMap<Attribute, unsigned> loadsOf;
  for (Value load : loads)
    ++loadsOf[cast<RankedTensorType>(load.getType()).getEncoding()];
  llvm::stable_sort(loads, [&](Value a, Value b) {
    return loadsOf.lookup(cast<RankedTensorType>(a.getType()).getEncoding()) <
           loadsOf.lookup(cast<RankedTensorType>(b.getType()).getEncoding());
  });
  for (Value load : loads)
    LayoutPropagation().run({load}, /*onlyToCarry=*/true);
  func.walk([](scf::ForOp loop) {
    llvm::MapVector<Attribute, unsigned> counts;
    for (Value arg : loop.getRegionIterArgs())
      if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
        if (isa<BlockedEncodingAttr>(type.getEncoding()))
          ++counts[type.getEncoding()];
    if (counts.size() < 2)
      return;
    Attribute most = counts.front().first;
    for (auto [layout, count] : counts)
      if (count > counts.lookup(most))
        most = layout;
    for (Value arg : loop.getRegionIterArgs()) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (type && type.getEncoding() != most &&
          isa<BlockedEncodingAttr>(type.getEncoding()) &&
          llvm::any_of(loop.getRegionIterArgs(), [&](Value other) {
            return other.getType() == withLayout(type, most);
          }))
        LayoutPropagation().run({arg}, /*onlyToCarry=*/true, most);
    }
  });
}

/// Whether recomputing `slice` for `convert` costs no more than the
/// conversion, weighed as Triton weighs them: a conversion moves each
/// element through shared memory and back (4 bytes at least, 8 for a
/// pointer; 32 units a byte); a recomputed op costs one unit an element, 8
/// for a division or a math function, but only if it stays alive for users
/// outside the slice (otherwise the computation in the old layout dies,
/// and the recomputation replaces it). Sources and conversions cost nothing.
bool recomputingPays(ConvertLayoutOp convert,
                     const SetVector<Operation *> &slice) {
  auto type = convert.getType();
  int64_t bytes = std::max<int64_t>(4, getStorageBytes(type.getElementType()));
  int64_t conversionCost = 32 * bytes * type.getNumElements();
  int64_t duplicateCost = 0;
  for (Operation *op : slice) {
    if (isSource(op) || isa<ConvertLayoutOp>(op) ||
        llvm::all_of(op->getUsers(), [&](Operation *user) {
          return user == convert || slice.contains(user);
        }))
      continue;
    bool expensive = isExpensiveArithmetic(op);
    for (Value result : op->getResults())
      if (auto resultType = dyn_cast<RankedTensorType>(result.getType()))
        duplicateCost += (expensive ? 8 : 1) * resultType.getNumElements();
  }
  return duplicateCost <= conversionCost;
}

/// Replaces each conversion whose source can be recomputed in its target
/// layout from sources, values already there and conversions of few
/// elements before its loop (kLeafShare) only deeper than the patterns
/// search (kMaxDepth, as they search again each time they run),
/// where recomputingPays and no load is issued again. As Triton's backward
/// rematerialization, once per conversion, before the patterns: a random
/// number generator's rounds (tl.rand's Philox) go to the layout of the
/// load they meet, not through shared memory. Shallower slices are the
/// patterns' to weigh against sinking or converting smaller operands.
/// Values left unused go at once, so that what they shared with other
/// slices no longer counts as kept for them.
void rematerializeSlices(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  SetVector<Operation *> converts;
  func.walk([&](ConvertLayoutOp convert) { converts.insert(convert); });
  while (!converts.empty()) {
    auto convert = cast<ConvertLayoutOp>(converts.pop_back_val());
    Attribute layout = convert.getType().getEncoding();
    DenseMap<SliceKey, bool> known;
    if (canRematerialize(convert.getSrc(), layout, 0))
      continue;
    if (!canRematerialize(convert.getSrc(), layout, 0, nullptr, false, known,
                          kMaxSliceDepth)) {
      // Small values may be converted where they are, before the loop
      // around the conversion, once for all its iterations, where the
      // patterns would not convert them instead.
      auto loop = convert->getParentOfType<LoopLikeOpInterface>();
      if (!loop || rematerializable(convert))
        continue;
      known.clear();
      int64_t leafBudget = convert.getType().getNumElements() / kLeafShare;
      if (!canRematerialize(convert.getSrc(), layout, 0, &leafBudget, false,
                            known, kMaxSliceDepth, /*throughIfs=*/true, loop))
        continue;
    }
    SetVector<Operation *> slice;
    for (auto &[key, can] : known)
      if (Operation *def = std::get<0>(key).getDefiningOp())
        slice.insert(def);
    // Loads issued again are the patterns' to place (before a loop, where
    // they read the same on each iteration).
    if (llvm::any_of(slice, [](Operation *op) { return isa<LoadOp>(op); }) ||
        !recomputingPays(convert, slice))
      continue;
    rewriter.setInsertionPoint(convert);
    DenseMap<SliceKey, Value> built;
    rewriter.replaceOp(
        convert, recompute(convert.getSrc(), layout, false, rewriter, built));
    // Users outside the slice of its values that only a deep search
    // recomputes take the recomputed ones, converted back, so that the
    // slice is computed once (flash-attention's dropout computes Philox's
    // rounds for a stored mask and for the row they drop, and computed
    // them twice, once in each layout); the patterns then move those users
    // or remove their conversions. Shallow values stay where they are.
    for (auto &[key, fresh] : built) {
      Value old = std::get<0>(key);
      Attribute builtIn = std::get<1>(key);
      Operation *def = old.getDefiningOp();
      Operation *clone = fresh.getDefiningOp();
      if (!def || !clone || !slice.contains(def) ||
          clone->getName() != def->getName() ||
          canRematerialize(old, builtIn, 0))
        continue;
      auto outside = [&](OpOperand &use) {
        return !slice.contains(use.getOwner());
      };
      if (llvm::none_of(old.getUses(), outside))
        continue;
      rewriter.setInsertionPointAfterValue(fresh);
      Value back =
          ConvertLayoutOp::create(rewriter, old.getLoc(), old.getType(), fresh);
      rewriter.replaceUsesWithIf(old, back, outside);
    }
    for (bool erased = true; erased;) {
      SmallVector<Operation *> dead(llvm::make_filter_range(
          slice, [](Operation *op) { return op->use_empty() && isPure(op); }));
      for (Operation *op : dead) {
        slice.remove(op);
        converts.remove(op);
        rewriter.eraseOp(op);
      }
      erased = !dead.empty();
    }
  }
}

/// The most ops countFedReductions visits.
constexpr unsigned kMaxReductionChain = 256;

/// The fewest reductions a reduction must feed for the propagation to take
/// its layout forward: shorter chains (a softmax's maximum, then its sum)
/// are the patterns' to place.
constexpr unsigned kMinFedReductions = 4;

/// How many reductions `reduce`, of one tensor result, feeds through
/// elementwise ops, expand_dims, broadcasts, conversions and reductions
/// (within kMaxReductionChain ops): an iteration whose steps each reduce
/// what the last one computed feeds one per step (vLLM's Kimi planner
/// bisects 20 times, each step broadcasting its bounds over a tile and
/// summing the tile back). Left to the patterns, each step's conversions
/// were recomputed from all the steps before it, and the pass took 100 s.
unsigned countFedReductions(ReduceOp reduce) {
  if (reduce->getNumResults() != 1 ||
      !isa<RankedTensorType>(reduce->getResult(0).getType()))
    return 0;
  SmallVector<Operation *> worklist(reduce->getUsers().begin(),
                                    reduce->getUsers().end());
  llvm::SmallPtrSet<Operation *, 32> visited;
  unsigned reductions = 0;
  while (!worklist.empty() && visited.size() < kMaxReductionChain) {
    Operation *op = worklist.pop_back_val();
    if (!visited.insert(op).second)
      continue;
    reductions += isa<ReduceOp>(op);
    if (isElementwise(op) ||
        isa<ExpandDimsOp, BroadcastOp, ConvertLayoutOp, ReduceOp>(op))
      worklist.append(op->getUsers().begin(), op->getUsers().end());
  }
  return reductions;
}

/// Moves each conversion that the patterns left up the chain of elementwise
/// ops that computes its value (each with one use, in the conversion's
/// block, its other operands recomputable in the target layout: a splat
/// scale) to the narrowest value on that chain. Fewer bytes go through
/// shared memory, and the chain is computed in the target layout, as Triton
/// does: a bf16 load upcast to fp32 for a store in another layout converts
/// the bf16 values; DeepSeek-V3's fp8 weights, upcast, scaled and rounded to
/// bf16, convert the fp8 ones. Done here rather than among the patterns,
/// which sink conversions below elementwise ops.
void convertNarrowest(Operation *root) {
  SmallVector<ConvertLayoutOp> converts;
  root->walk([&](ConvertLayoutOp convert) { converts.push_back(convert); });
  IRRewriter rewriter(root->getContext());
  for (ConvertLayoutOp convert : converts) {
    // (Not into an accumulator's layout: FlagGems' addmm converted its fp16
    // input to the MMA layout 6% slower than its fp32 upcast on the H100;
    // each thread's pairs of 16-bit elements take narrower accesses.)
    // (Pointers never go through shared memory.)
    Attribute layout = convert.getType().getEncoding();
    Type element = convert.getType().getElementType();
    if (!element.isIntOrFloat() || !isa<BlockedEncodingAttr>(layout))
      continue;
    int64_t bytes = getStorageBytes(element);
    // The chain, from the conversion up, and how much of it to move.
    SmallVector<Operation *> chain;
    size_t moved = 0;
    Value narrowest;
    for (Value value = convert.getSrc(); chain.size() < kMaxDepth;) {
      Operation *def = value.getDefiningOp();
      if (!def || !isElementwise(def) || !value.hasOneUse() ||
          def->getBlock() != convert->getBlock())
        break;
      // The one operand that cannot be recomputed in `layout`.
      Value up;
      unsigned fixed = 0;
      for (Value operand : def->getOperands())
        if (isa<RankedTensorType>(operand.getType()) &&
            !canRematerialize(operand, layout, 0)) {
          up = operand;
          ++fixed;
        }
      if (fixed != 1 ||
          !isDistributed(cast<RankedTensorType>(up.getType()).getEncoding()))
        break;
      chain.push_back(def);
      value = up;
      Type upElement = getElementTypeOrSelf(up.getType());
      if (!upElement.isIntOrFloat())
        break;
      if (getStorageBytes(upElement) < bytes) {
        bytes = getStorageBytes(upElement);
        narrowest = up;
        moved = chain.size();
      }
    }
    if (!moved)
      continue;
    rewriter.setInsertionPoint(convert);
    IRMapping mapping;
    mapping.map(
        narrowest,
        ConvertLayoutOp::create(
            rewriter, convert.getLoc(),
            withLayout(cast<RankedTensorType>(narrowest.getType()), layout),
            narrowest));
    for (Operation *op : llvm::reverse(ArrayRef(chain).take_front(moved))) {
      for (Value operand : op->getOperands())
        if (isa<RankedTensorType>(operand.getType()) &&
            !mapping.contains(operand))
          mapping.map(operand, recompute(operand, layout, false, rewriter));
      Operation *clone = rewriter.clone(*op, mapping);
      clone->getResult(0).setType(withLayout(
          cast<RankedTensorType>(op->getResult(0).getType()), layout));
      mapping.map(op->getResult(0), clone->getResult(0));
    }
    rewriter.replaceOp(convert, mapping.lookup(chain.front()->getResult(0)));
    for (Operation *op : ArrayRef(chain).take_front(moved))
      if (op->use_empty())
        rewriter.eraseOp(op);
  }
}

struct RemoveLayoutConversionsPass
    : public mlir::tkc::gpu::impl::TKCGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([](func::FuncOp func) {
      SmallVector<Value> dots;
      func.walk([&](DotOp dot) { dots.push_back(dot.getResult()); });
      LayoutPropagation().run(dots);
      // Each reshape or transpose on its own, in program order: a later one
      // that the propagation reaches already has its layout then.
      SmallVector<Operation *> shapeOps;
      func.walk([&](Operation *op) {
        if (isa<ReshapeOp, TransOp>(op))
          shapeOps.push_back(op);
      });
      for (Operation *op : shapeOps)
        LayoutPropagation().run({op->getResult(0)});
      // Each reduction that feeds a chain of them, in program order.
      SmallVector<Value> reduced;
      func.walk([&](ReduceOp reduce) {
        if (countFedReductions(reduce) >= kMinFedReductions)
          reduced.push_back(reduce->getResult(0));
      });
      for (Value value : reduced)
        LayoutPropagation().run({value});
      carryLoadedTiles(func);
      rematerializeSlices(func);
    });
    unsigned warpgroupWarps = 0;
    std::unique_ptr<::tkc::TargetInfo> info;
    if (!target.empty()) {
      ModuleOp module = getOperation();
      info = ::tkc::createTargetInfoOrReport(target, module);
      if (!info)
        return signalPassFailure();
      if (info->hasWarpgroupMma())
        warpgroupWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    }
    // Patterns that undo each other's layout choices on some kernel would
    // rewrite forever: a bound on the rewrites (far above what any kernel
    // here needs) stops them. What they leave is correct, conversions and
    // all, so a kernel that hits it still compiles.
    int64_t ops = 0;
    getOperation()->walk([&](Operation *) { ++ops; });
    GreedyRewriteConfig config;
    config.setMaxNumRewrites(std::max<int64_t>(kMinRewrites, 64 * ops));
    // Slices that replicate values (sinkLayout's `replicate`) are taken in
    // a second round, once the first has settled where each reduction
    // runs: taken at once, ops followed a reduction into the frontend's
    // layout, which the reduction then left for its operand's (Mamba's
    // state update: its epilogue in x's slice, the reduction converted to
    // it, where it had run in the reduction's final slice, x loaded again
    // there: 4% slower).
    MLIRContext *context = &getContext();
    for (bool replicate : {false, true}) {
      RewritePatternSet patterns(context);
      patterns.add<RematerializeConversion, ConvertRowOnce>(context);
      patterns.add<SinkConversion, LoadsInOneLayout>(context, replicate);
      patterns.add<ShapeOpWhereValueIs<TransOp>, ShapeOpWhereValueIs<ReshapeOp>,
                   JoinWhereValuesAre, SplitWhereValueIs>(context);
      patterns.add<ReduceWhereValuesAre>(context, replicate);
      patterns.add<CarryInUpdateLayout, CarryCopyPerLayout,
                   IfResultInBranchLayout, IfResultInUsersLayout>(context);
      patterns.add<StoreInValueLayout>(context, warpgroupWarps, replicate);
      patterns.add<AtomicInOperandLayout<AtomicRMWOp>,
                   AtomicInOperandLayout<AtomicCASOp>>(context, info.get());
      (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
    }
    getOperation()->walk(
        [](scf::ForOp loop) { loop->removeAttr(CarryInUpdateLayout::kMoves); });
    convertNarrowest(getOperation());
    // A conversion of a value defined before a loop (attention's queries,
    // converted to a dot operand) happens once, before it.
    getOperation()->walk([](scf::ForOp loop) {
      for (Operation &op : llvm::make_early_inc_range(*loop.getBody()))
        if (auto convert = dyn_cast<ConvertLayoutOp>(op))
          if (loop.isDefinedOutsideOfLoop(convert.getSrc()))
            convert->moveBefore(loop);
    });
  }
};

} // namespace
