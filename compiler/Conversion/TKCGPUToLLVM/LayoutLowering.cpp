//===- LayoutLowering.cpp - Per-thread views of laid-out tensors ----------===//
//
// Packing registers into structs and evaluating linear layouts on the
// thread's hardware ids: coordinates are the register's constant part XOR
// the lane and warp parts, which are computed once per op from the ids' bits.
// Also the pieces several lowerings share: shared-memory scratch and its
// exchanges, owners of replicated elements, guarded blocks.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>

using namespace mlir;
using namespace mlir::tkc::gpu;

Value mlir::tkc::gpu::i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

Value mlir::tkc::gpu::xorIfBitSet(OpBuilder &b, Location loc, Value value,
                                  Value index, unsigned bit, int64_t mask) {
  Value set = LLVM::AndOp::create(
      b, loc, LLVM::LShrOp::create(b, loc, index, i32Constant(b, loc, bit)),
      i32Constant(b, loc, 1));
  Value all = LLVM::SubOp::create(b, loc, i32Constant(b, loc, 0), set);
  return LLVM::XOrOp::create(
      b, loc, value,
      LLVM::AndOp::create(b, loc, all, i32Constant(b, loc, mask)));
}

Value mlir::tkc::gpu::emitIsFirstThread(OpBuilder &b, Location loc,
                                        const ::tkc::TargetInfo &target) {
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                              target.getThreadId(b, loc),
                              i32Constant(b, loc, 0));
}

/// The row-major index of coordinates `c` in `shape`.
static Value emitRowMajorIndex(OpBuilder &b, Location loc, ArrayRef<Value> c,
                               ArrayRef<int64_t> shape) {
  Value index = c[0];
  for (unsigned d = 1; d < c.size(); ++d)
    index = LLVM::AddOp::create(
        b, loc,
        LLVM::MulOp::create(b, loc, index, i32Constant(b, loc, shape[d])),
        c[d]);
  return index;
}

SmallVector<Value>
mlir::tkc::gpu::emitRowMajorIndices(OpBuilder &b, Location loc,
                                    const LinearLayout &layout,
                                    const HardwareIds &ids) {
  SmallVector<Value> indices;
  for (const SmallVector<Value> &c : emitCoordinates(b, loc, layout, ids))
    indices.push_back(emitRowMajorIndex(b, loc, c, layout.getShape()));
  return indices;
}

Value mlir::tkc::gpu::getScratchBase(OpBuilder &b, Location loc,
                                     Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  Value base = LLVM::AddressOfOp::create(
      b, loc, module.lookupSymbol<LLVM::GlobalOp>(kSharedMemory));
  auto offset = op->getAttrOfType<IntegerAttr>(TKCGPUDialect::kSharedOffset);
  if (!offset || offset.getInt() == 0)
    return base;
  return LLVM::GEPOp::create(
      b, loc, base.getType(), b.getI8Type(), base,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset.getInt())});
}

Value mlir::tkc::gpu::elementAddress(OpBuilder &b, Location loc, Value base,
                                     Type type, Value index) {
  return LLVM::GEPOp::create(b, loc, base.getType(), type, base,
                             ValueRange{index});
}

SmallVector<Value> mlir::tkc::gpu::registersOf(OpBuilder &b, Location loc,
                                               Value original, Value value) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackRegisters(b, loc, value);
  return {value};
}

SmallVector<Value> mlir::tkc::gpu::maskRegistersOf(OpBuilder &b, Location loc,
                                                   Operation *op, Value mask,
                                                   Value value) {
  SmallVector<Value> registers = registersOf(b, loc, mask, value);
  SmallVector<int64_t> runs = getMaskConstancy(op);
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type || runs.size() != size_t(type.getRank()))
    return registers;
  SmallVector<unsigned> leaders = getRunLeaders(type, runs);
  for (unsigned r = 0; r < registers.size(); ++r)
    registers[r] = registers[leaders[r]];
  return registers;
}

void mlir::tkc::gpu::replaceWithRegisters(ConversionPatternRewriter &rewriter,
                                          Operation *op,
                                          const TypeConverter &converter,
                                          ValueRange values) {
  Type type = op->getResult(0).getType();
  if (isa<RankedTensorType>(type))
    rewriter.replaceOp(op, packRegisters(rewriter, op->getLoc(),
                                         converter.convertType(type), values));
  else
    rewriter.replaceOp(op, values.front());
}

bool mlir::tkc::gpu::needsScratchBarrier(Operation *op) {
  return !op->hasAttr(TKCGPUDialect::kSharedUnguarded);
}

SmallVector<Value> mlir::tkc::gpu::unpackRegisters(OpBuilder &b, Location loc,
                                                   Value packed) {
  auto structType = cast<LLVM::LLVMStructType>(packed.getType());
  SmallVector<Value> values;
  for (unsigned i = 0, e = structType.getBody().size(); i < e; ++i)
    values.push_back(LLVM::ExtractValueOp::create(b, loc, packed, i));
  return values;
}

Value mlir::tkc::gpu::packRegisters(OpBuilder &b, Location loc, Type structType,
                                    ValueRange values) {
  Value packed = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, v] : llvm::enumerate(values))
    packed = LLVM::InsertValueOp::create(b, loc, packed, v, i);
  return packed;
}

HardwareIds mlir::tkc::gpu::getHardwareIds(OpBuilder &b, Location loc,
                                           const ::tkc::TargetInfo &target) {
  auto module =
      b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  Value tid = module && module->hasAttr(TKCGPUDialect::kRecomputeThreadIds)
                  ? target.getThreadIdAfresh(b, loc)
                  : target.getThreadId(b, loc);
  Value warpSize = i32Constant(b, loc, target.getWarpSize());
  return {LLVM::URemOp::create(b, loc, tid, warpSize),
          LLVM::UDivOp::create(b, loc, tid, warpSize), tid,
          llvm::Log2_32(target.getWarpSize())};
}

/// The lane and warp part of each coordinate of `layout`'s elements in this
/// thread: the coordinates of its register 0.
static SmallVector<Value> emitThreadPart(OpBuilder &b, Location loc,
                                         const LinearLayout &layout,
                                         const HardwareIds &ids) {
  unsigned rank = layout.getShape().size();
  // The lane and warp parts: XOR of each set bit's basis. Bit p of the
  // thread index is lane bit p, or warp bit p - laneBits.
  SmallVector<const LinearLayout::Basis *> bitBasis;
  for (HwDim hw : {HwDim::Lane, HwDim::Warp}) {
    if (hw == HwDim::Warp)
      bitBasis.resize(ids.laneBits, nullptr); // Lanes the layout leaves out.
    for (const LinearLayout::Basis &basis : layout.getBases(hw))
      bitBasis.push_back(&basis);
  }
  /// The one dimension and power of two `basis` sets, if it sets one bit.
  auto singleBit = [&](const LinearLayout::Basis *basis)
      -> std::optional<std::pair<unsigned, int32_t>> {
    if (!basis)
      return std::nullopt;
    std::optional<std::pair<unsigned, int32_t>> found;
    for (unsigned d = 0; d < rank; ++d) {
      if ((*basis)[d] == 0)
        continue;
      if (found || !llvm::isPowerOf2_32((*basis)[d]))
        return std::nullopt;
      found = std::pair(d, (*basis)[d]);
    }
    return found;
  };
  SmallVector<Value> threadPart(rank);
  for (unsigned d = 0; d < rank; ++d)
    threadPart[d] = i32Constant(b, loc, 0);
  for (unsigned p = 0; p < bitBasis.size();) {
    const LinearLayout::Basis *basis = bitBasis[p];
    if (!basis) {
      ++p;
      continue;
    }
    // A run of thread bits p, p+1, ... that set consecutive bits of one
    // dimension (a blocked layout's lanes and warps, usually) is one shift
    // and mask of the thread index, not a bit at a time.
    unsigned length = 1;
    auto single = singleBit(basis);
    while (single && p + length < bitBasis.size()) {
      auto next = singleBit(bitBasis[p + length]);
      if (!next || next->first != single->first ||
          int64_t(next->second) != int64_t(single->second) << length)
        break;
      ++length;
    }
    if (single && length > 1) {
      auto [d, low] = *single;
      Value field = LLVM::AndOp::create(
          b, loc,
          LLVM::LShrOp::create(b, loc, ids.thread,
                               i32Constant(b, loc, static_cast<int64_t>(p))),
          i32Constant(b, loc, (int64_t(1) << length) - 1));
      threadPart[d] = LLVM::XOrOp::create(
          b, loc, threadPart[d],
          LLVM::ShlOp::create(b, loc, field,
                              i32Constant(b, loc, llvm::Log2_32(low))));
      p += length;
      continue;
    }
    Value isSet = LLVM::AndOp::create(
        b, loc,
        LLVM::LShrOp::create(b, loc, ids.thread,
                             i32Constant(b, loc, static_cast<int64_t>(p))),
        i32Constant(b, loc, 1));
    for (unsigned d = 0; d < rank; ++d)
      if ((*basis)[d] != 0)
        threadPart[d] = LLVM::XOrOp::create(
            b, loc, threadPart[d],
            LLVM::MulOp::create(b, loc, isSet,
                                i32Constant(b, loc, (*basis)[d])));
    ++p;
  }
  return threadPart;
}

/// The bits the lane and warp parts of `layout`'s coordinates can set, per
/// dimension. Where a register's part avoids them, XOR is an addition,
/// which LLVM folds into addresses.
static LinearLayout::Basis threadBitsOf(const LinearLayout &layout) {
  LinearLayout::Basis threadBits(layout.getShape().size(), 0);
  for (HwDim hw : {HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : layout.getBases(hw))
      for (unsigned d = 0; d < threadBits.size(); ++d)
        threadBits[d] |= basis[d];
  return threadBits;
}

/// `value` XOR constant `c`, where `value` can set only the bits of
/// `valueBits`: `value` itself for 0, an addition (which LLVM folds into
/// addresses) where the bits do not overlap.
static Value emitXorConstant(OpBuilder &b, Location loc, Value value, int64_t c,
                             int64_t valueBits) {
  if (c == 0)
    return value;
  Value constant = i32Constant(b, loc, c);
  if ((c & valueBits) == 0)
    return LLVM::AddOp::create(b, loc, value, constant);
  return LLVM::XOrOp::create(b, loc, value, constant);
}

SmallVector<SmallVector<Value>>
mlir::tkc::gpu::emitCoordinates(OpBuilder &b, Location loc,
                                const LinearLayout &layout,
                                const HardwareIds &ids) {
  unsigned rank = layout.getShape().size();
  SmallVector<Value> threadPart = emitThreadPart(b, loc, layout, ids);
  LinearLayout::Basis threadBits = threadBitsOf(layout);
  SmallVector<SmallVector<Value>> coords;
  for (unsigned r = 0; r < layout.getNumRegisters(); ++r) {
    LinearLayout::Basis regPart = layout.applyDim(HwDim::Register, r);
    SmallVector<Value> c;
    for (unsigned d = 0; d < rank; ++d)
      c.push_back(
          emitXorConstant(b, loc, threadPart[d], regPart[d], threadBits[d]));
    coords.push_back(std::move(c));
  }
  return coords;
}

/// `value` (any integer or float up to 64 bits) exchanged with lane
/// `lane ^ mask`, as one or two 32-bit shuffles.
Value mlir::tkc::gpu::packBits(OpBuilder &b, Location loc, Value id,
                               ArrayRef<unsigned> bits) {
  Value packed = i32Constant(b, loc, 0);
  for (auto [position, bit] : llvm::enumerate(bits)) {
    Value one = LLVM::AndOp::create(
        b, loc, LLVM::LShrOp::create(b, loc, id, i32Constant(b, loc, bit)),
        i32Constant(b, loc, 1));
    packed = LLVM::OrOp::create(
        b, loc, packed,
        LLVM::ShlOp::create(b, loc, one, i32Constant(b, loc, position)));
  }
  return packed;
}

Value mlir::tkc::gpu::depositBits(OpBuilder &b, Location loc, Value packed,
                                  ArrayRef<unsigned> bits) {
  Value id = i32Constant(b, loc, 0);
  for (auto [position, bit] : llvm::enumerate(bits)) {
    Value one = LLVM::AndOp::create(
        b, loc,
        LLVM::LShrOp::create(b, loc, packed, i32Constant(b, loc, position)),
        i32Constant(b, loc, 1));
    id = LLVM::OrOp::create(
        b, loc, id, LLVM::ShlOp::create(b, loc, one, i32Constant(b, loc, bit)));
  }
  return id;
}

/// `value` (any integer or float of up to 64 bits) through `shuffle32`, a
/// shuffle of i32 values, once per 32-bit word.
static Value shuffleAnyType(OpBuilder &b, Location loc, Value value,
                            llvm::function_ref<Value(Value)> shuffle32) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Type intType = b.getIntegerType(bits);
  Value asInt =
      type == intType
          ? value
          : LLVM::BitcastOp::create(b, loc, intType, value).getResult();
  Value result;
  if (bits == 64) {
    Type vec = VectorType::get({2}, i32);
    Value words = LLVM::BitcastOp::create(b, loc, vec, asInt);
    Value out = LLVM::UndefOp::create(b, loc, vec);
    for (int i = 0; i < 2; ++i) {
      Value index = i32Constant(b, loc, i);
      Value word = LLVM::ExtractElementOp::create(b, loc, words, index);
      out = LLVM::InsertElementOp::create(b, loc, out, shuffle32(word), index);
    }
    result = LLVM::BitcastOp::create(b, loc, intType, out);
  } else if (bits == 32) {
    result = shuffle32(asInt);
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    result = LLVM::TruncOp::create(b, loc, intType, shuffle32(wide));
  }
  return type == intType
             ? result
             : LLVM::BitcastOp::create(b, loc, type, result).getResult();
}

Value mlir::tkc::gpu::shuffleXorAnyType(OpBuilder &b, Location loc,
                                        const ::tkc::TargetInfo &target,
                                        Value value, unsigned mask) {
  return shuffleAnyType(b, loc, value, [&](Value word) {
    return target.shuffleXor(b, loc, word, mask);
  });
}

Value mlir::tkc::gpu::shuffleIdxAnyType(OpBuilder &b, Location loc,
                                        const ::tkc::TargetInfo &target,
                                        Value value, Value lane) {
  return shuffleAnyType(b, loc, value, [&](Value word) {
    return target.shuffleIdx(b, loc, word, lane);
  });
}

SmallVector<Value>
mlir::tkc::gpu::inlineScalarRegion(ConversionPatternRewriter &rewriter,
                                   Location loc, Region &region,
                                   ValueRange args) {
  IRMapping mapping;
  if (region.hasOneBlock()) {
    Block &body = region.front();
    mapping.map(body.getArguments(), args);
    for (Operation &inner : body.without_terminator())
      rewriter.clone(inner, mapping);
    return llvm::map_to_vector(
        body.getTerminator()->getOperands(),
        [&](Value v) { return mapping.lookupOrDefault(v); });
  }
  // The copy goes between the insertion point's block and the rest of it,
  // split off; its returns branch to a join block that takes their values.
  auto isReturn = [](Block &block) {
    return block.mightHaveTerminator() &&
           block.getTerminator()->hasTrait<OpTrait::ReturnLike>();
  };
  Block *anyReturn = &*llvm::find_if(region, isReturn);
  SmallVector<Type> types(anyReturn->getTerminator()->getOperandTypes());
  SmallVector<Location> locs(types.size(), loc);
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *join = rewriter.createBlock(after->getParent(),
                                     Region::iterator(after), types, locs);
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  rewriter.cloneRegionBefore(region, *join->getParent(), Region::iterator(join),
                             mapping);
  for (Block &block : region) {
    if (!isReturn(block))
      continue;
    Operation *ret = mapping.lookup(&block)->getTerminator();
    rewriter.setInsertionPoint(ret);
    rewriter.replaceOpWithNewOp<LLVM::BrOp>(ret, ret->getOperands(), join);
  }
  rewriter.setInsertionPointToEnd(before);
  LLVM::BrOp::create(rewriter, loc, args, mapping.lookup(&region.front()));
  rewriter.setInsertionPointToStart(after);
  return SmallVector<Value>(join->getArguments());
}

Type mlir::tkc::gpu::accessType(Type elem, unsigned count) {
  return count == 1 ? elem : VectorType::get({count}, elem);
}

Value mlir::tkc::gpu::packAccess(OpBuilder &b, Location loc,
                                 ArrayRef<Value> values) {
  if (values.size() == 1)
    return values.front();
  Value vector = LLVM::UndefOp::create(
      b, loc, accessType(values.front().getType(), values.size()));
  for (auto [i, value] : llvm::enumerate(values))
    vector = LLVM::InsertElementOp::create(b, loc, vector, value,
                                           i32Constant(b, loc, i));
  return vector;
}

SmallVector<Value> mlir::tkc::gpu::unpackAccess(OpBuilder &b, Location loc,
                                                Value access, unsigned count) {
  if (count == 1)
    return {access};
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i)
    values.push_back(
        LLVM::ExtractElementOp::create(b, loc, access, i32Constant(b, loc, i)));
  return values;
}

namespace {

/// Rank over GF(2) of `vectors`.
unsigned rankOf(ArrayRef<int64_t> vectors) {
  SmallVector<int64_t> basis;
  for (int64_t v : vectors) {
    for (int64_t b : basis)
      v = std::min(v, v ^ b);
    if (v)
      basis.push_back(v);
  }
  return basis.size();
}

/// `index` ^ S(`index`): the terms that move one bit of the index by the
/// same distance as one shift and mask, the others each by its bit.
Value emitSwizzle(OpBuilder &b, Location loc, const ScratchSwizzle &swizzle,
                  Value index) {
  std::map<unsigned, int64_t> shifted; // distance -> target bits
  Value place = index;
  for (auto [bit, bits] : swizzle.terms) {
    if (llvm::popcount(uint64_t(bits)) == 1) {
      shifted[bit - llvm::Log2_64(bits)] |= bits;
      continue;
    }
    place = xorIfBitSet(b, loc, place, index, bit, bits);
  }
  for (auto [distance, bits] : shifted)
    place = LLVM::XOrOp::create(
        b, loc, place,
        LLVM::AndOp::create(
            b, loc,
            LLVM::LShrOp::create(b, loc, index, i32Constant(b, loc, distance)),
            i32Constant(b, loc, bits)));
  return place;
}

} // namespace

ScratchSwizzle mlir::tkc::gpu::chooseScratchSwizzle(const LinearLayout &from,
                                                    const LinearLayout &to,
                                                    unsigned bytes,
                                                    unsigned maxRun) {
  ArrayRef<int64_t> shape = from.getShape();
  unsigned indexBits = 0;
  for (int64_t size : shape)
    indexBits += llvm::Log2_64(size);
  unsigned lineBits =
      std::min<unsigned>(indexBits, llvm::Log2_32(128 / std::min(bytes, 8u)));
  struct Side {
    SmallVector<int64_t> lanes; // index of each lane bit
    unsigned maxRun, registers;
  };
  Side sides[2];
  for (auto [side, layout] : llvm::zip(sides, std::array{&from, &to})) {
    for (const LinearLayout::Basis &basis : layout->getBases(HwDim::Lane))
      side.lanes.push_back(layout->rowMajorIndex(basis));
    side.maxRun = layout->getAlignedRun(layout->getShape().size() - 1, maxRun);
    side.registers = layout->getNumRegisters();
  }
  int64_t line = (int64_t(1) << lineBits) - 1;
  ScratchSwizzle best;
  std::pair<int64_t, int64_t> bestCost = {INT64_MAX, INT64_MAX};
  for (unsigned fromRun = sides[0].maxRun; fromRun >= 1; fromRun /= 2)
    for (unsigned toRun = sides[1].maxRun; toRun >= 1; toRun /= 2) {
      unsigned runs[2] = {fromRun, toRun};
      unsigned low = llvm::Log2_32(std::max(fromRun, toRun));
      // The lanes of one pass of each side, and the bank bits it sees.
      SmallVector<int64_t> pass[2];
      int64_t bank[2];
      for (int s = 0; s < 2; ++s) {
        unsigned runBits = llvm::Log2_32(runs[s]);
        unsigned passLanes =
            lineBits > runBits
                ? std::min<unsigned>(sides[s].lanes.size(), lineBits - runBits)
                : 0;
        pass[s].assign(sides[s].lanes.begin(),
                       sides[s].lanes.begin() + passLanes);
        bank[s] = line & ~((int64_t(1) << runBits) - 1);
      }
      ScratchSwizzle swizzle;
      swizzle.fromRun = fromRun;
      swizzle.toRun = toRun;
      SmallVector<int64_t> spans[2];
      for (int s = 0; s < 2; ++s)
        for (int64_t lane : pass[s])
          if (!(lane & ~line))
            spans[s].push_back(lane & bank[s]);
      for (unsigned bit = lineBits; bit < indexBits; ++bit) {
        int64_t single = int64_t(1) << bit;
        SmallVector<std::pair<int, int64_t>> reached; // (side, lane's low part)
        for (int s = 0; s < 2; ++s)
          for (int64_t lane : pass[s])
            if ((lane & ~line) == single)
              reached.push_back({s, lane & line});
        if (reached.empty())
          continue;
        // Ties go to fewer bits, then to lower ones: consecutive bits of i
        // then land on consecutive bits, one shift for all of them.
        unsigned ranks[2] = {rankOf(spans[0]), rankOf(spans[1])};
        int64_t chosen = 0;
        int bestGain = 0;
        for (int64_t x = int64_t(1) << low; x <= line; x += int64_t(1) << low) {
          int gain = 0;
          for (auto [s, lowPart] : reached) {
            SmallVector<int64_t> with(spans[s]);
            with.push_back((lowPart ^ x) & bank[s]);
            gain += rankOf(with) > ranks[s];
          }
          bool better =
              gain > bestGain ||
              (gain == bestGain && gain > 0 &&
               llvm::popcount(uint64_t(x)) < llvm::popcount(uint64_t(chosen)));
          if (better) {
            bestGain = gain;
            chosen = x;
          }
        }
        if (!chosen)
          continue;
        swizzle.terms.push_back({bit, chosen});
        for (auto [s, lowPart] : reached)
          spans[s].push_back((lowPart ^ chosen) & bank[s]);
      }
      // Passes: per access, the passes of the warp's lanes, each as many
      // times as its lanes reach distinct places in one bank.
      int64_t passes = 0, accesses = 0;
      for (int s = 0; s < 2; ++s) {
        SmallVector<int64_t> places, banks;
        for (int64_t lane : pass[s]) {
          int64_t place = swizzle.apply(lane);
          places.push_back(place);
          banks.push_back(place & bank[s]);
        }
        int64_t perAccess =
            (int64_t(1) << (sides[s].lanes.size() - pass[s].size()))
            << (rankOf(places) - rankOf(banks));
        accesses += sides[s].registers / runs[s];
        passes += sides[s].registers / runs[s] * perAccess;
      }
      if (std::pair(passes, accesses) < bestCost) {
        bestCost = {passes, accesses};
        best = swizzle;
        best.cost = bestCost;
      }
    }
  return best;
}

bool mlir::tkc::gpu::favorsOccupancy(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  return module && module->hasAttr(TKCGPUDialect::kFavorOccupancy);
}

bool mlir::tkc::gpu::mayMoveMatrices(Operation *op,
                                     const ::tkc::TargetInfo &target,
                                     int64_t bytes, bool loads) {
  if (bytes != 2)
    return false;
  return loads ? target.hasMatrixLoads()
               : target.hasMatrixStores() && !favorsOccupancy(op);
}

std::optional<MatrixAccess>
mlir::tkc::gpu::getMatrixAccess(const LinearLayout &layout, unsigned fast) {
  using Basis = LinearLayout::Basis;
  ArrayRef<Basis> regs = layout.getBases(HwDim::Register);
  ArrayRef<Basis> lanes = layout.getBases(HwDim::Lane);
  if (regs.empty() || lanes.size() != 5)
    return std::nullopt;
  unsigned rank = layout.getShape().size();
  auto along = [&](int32_t n) {
    Basis basis(rank, 0);
    basis[fast] = n;
    return basis;
  };
  auto inChunks = [&](ArrayRef<Basis> bases) {
    return llvm::all_of(
        bases, [&](const Basis &basis) { return basis[fast] % 8 == 0; });
  };
  SmallVector<Basis> columns = {regs[0], lanes[0], lanes[1]};
  SmallVector<Basis> fragmentRows(lanes.begin() + 2, lanes.end());
  bool transpose =
      fragmentRows == SmallVector<Basis>{along(1), along(2), along(4)};
  if (!transpose && columns != SmallVector<Basis>{along(1), along(2), along(4)})
    return std::nullopt;
  SmallVector<Basis> rowStarts = transpose ? columns : fragmentRows;
  if (!inChunks(rowStarts) || !inChunks(regs.drop_front()) ||
      !inChunks(layout.getBases(HwDim::Warp)))
    return std::nullopt;
  unsigned matrixBits = std::min<unsigned>(2, regs.size() - 1);
  LinearLayout rows(layout.getShape());
  for (const Basis &basis : regs.drop_front(1 + matrixBits))
    rows.addBasis(HwDim::Register, basis);
  for (const Basis &basis : rowStarts)
    rows.addBasis(HwDim::Lane, basis);
  for (unsigned i = 0; i < 2; ++i)
    rows.addBasis(HwDim::Lane, i < matrixBits ? regs[1 + i] : Basis(rank, 0));
  for (const Basis &basis : layout.getBases(HwDim::Warp))
    rows.addBasis(HwDim::Warp, basis);
  return MatrixAccess{transpose, 1u << matrixBits, rows};
}

void mlir::tkc::gpu::storeMatrixRows(OpBuilder &b, Location loc,
                                     const ::tkc::TargetInfo &target,
                                     const MatrixAccess &access,
                                     ArrayRef<Value> rowAddresses,
                                     ArrayRef<Value> values) {
  unsigned perInstruction = 2 * access.count;
  for (auto [g, row] : llvm::enumerate(rowAddresses)) {
    SmallVector<Value> words;
    for (unsigned i = 0; i < access.count; ++i)
      words.push_back(
          packAccess(b, loc, values.slice(g * perInstruction + 2 * i, 2)));
    target.storeMatrices(b, loc, row, words, access.transpose);
  }
}

SmallVector<Value> mlir::tkc::gpu::loadMatrixRows(
    OpBuilder &b, Location loc, const ::tkc::TargetInfo &target,
    const MatrixAccess &access, ArrayRef<Value> rowAddresses, Type elem) {
  Type word = VectorType::get({2}, elem);
  SmallVector<Value> values;
  for (Value row : rowAddresses)
    for (Value loaded :
         target.loadMatrices(b, loc, row, access.count, access.transpose))
      llvm::append_range(
          values,
          unpackAccess(b, loc, LLVM::BitcastOp::create(b, loc, word, loaded),
                       2));
  return values;
}

namespace {

/// `layout` over the places of a 1-D scratch that holds element i (its
/// row-major index) at the place whose bit k is bit `indexBits[k]` of i,
/// its registers reordered so that those of its widest aligned run of up
/// to `maxRun` places (LinearLayout::getAlignedRunBits) come first.
PlacedSide placeSide(const LinearLayout &layout, ArrayRef<unsigned> indexBits,
                     unsigned maxRun) {
  int64_t size = int64_t(1) << indexBits.size();
  auto place = [&](const LinearLayout::Basis &basis) {
    int64_t index = layout.rowMajorIndex(basis), placed = 0;
    for (auto [k, bit] : llvm::enumerate(indexBits))
      if (index >> bit & 1)
        placed |= int64_t(1) << k;
    return LinearLayout::Basis{static_cast<int32_t>(placed)};
  };
  LinearLayout flat(ArrayRef<int64_t>{size});
  for (HwDim hw : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : layout.getBases(hw))
      flat.addBasis(hw, place(basis));
  PlacedSide side{LinearLayout(ArrayRef<int64_t>{size}),
                  flat.getAlignedRunBits(0, maxRun)};
  ArrayRef<LinearLayout::Basis> registers = flat.getBases(HwDim::Register);
  for (unsigned bit = 0; bit < registers.size(); ++bit)
    if (!llvm::is_contained(side.registerBits, bit))
      side.registerBits.push_back(bit);
  for (unsigned bit : side.registerBits)
    side.layout.addBasis(HwDim::Register, registers[bit]);
  for (HwDim hw : {HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : flat.getBases(hw))
      side.layout.addBasis(hw, basis);
  return side;
}

/// The `indexBits` bits of the row-major index of a tensor that `layout`
/// holds, those that its first registers stepping along one bit each set
/// (up to `maxRun` elements' worth) first, then the others in order: an
/// order of places that holds each thread's runs of such registers
/// together, where a row-major one would split them (a vector of scales
/// broadcast along an MMA accumulator's columns, each thread's 2 x 16
/// columns 8 apart).
SmallVector<unsigned> runFirstIndexBits(const LinearLayout &layout,
                                        unsigned indexBits, unsigned maxRun) {
  SmallVector<unsigned> order;
  for (const LinearLayout::Basis &basis : layout.getBases(HwDim::Register)) {
    if ((1u << order.size()) >= maxRun)
      break;
    int64_t index = layout.rowMajorIndex(basis);
    if (!llvm::isPowerOf2_64(index))
      continue;
    unsigned bit = llvm::Log2_64(index);
    if (!llvm::is_contained(order, bit))
      order.push_back(bit);
  }
  for (unsigned bit = 0; bit < indexBits; ++bit)
    if (!llvm::is_contained(order, bit))
      order.push_back(bit);
  return order;
}

} // namespace

ScratchPlacement
mlir::tkc::gpu::chooseScratchPlacement(const LinearLayout &from,
                                       const LinearLayout &to, unsigned bytes,
                                       unsigned maxRun, bool byCostAlone) {
  ScratchSwizzle rowMajor = chooseScratchSwizzle(from, to, bytes, maxRun);
  ScratchPlacement best{rowMajor, {}};
  unsigned indexBits = 0;
  for (int64_t size : from.getShape())
    indexBits += llvm::Log2_64(size);
  for (const LinearLayout *lead : {&to, &from}) {
    SmallVector<unsigned> order = runFirstIndexBits(*lead, indexBits, maxRun);
    PlacedSide f = placeSide(from, order, maxRun),
               t = placeSide(to, order, maxRun);
    ScratchSwizzle swizzle =
        chooseScratchSwizzle(f.layout, t.layout, bytes, maxRun);
    if (swizzle.cost < best.swizzle.cost)
      best = {swizzle, std::pair(f, t)};
  }
  // The cheapest order, where it widens the loads and keeps the stores
  // (or, by cost alone, where it takes no more passes and at most 3/4 of
  // the accesses: stores narrowed for a few fewer accesses took TGI's GPTQ
  // matmul on gfx942 from 232 to 298 VGPRs).
  const auto &[passes, accesses] = best.swizzle.cost;
  bool cheaper =
      passes <= rowMajor.cost.first && 4 * accesses <= 3 * rowMajor.cost.second;
  if (best.sides &&
      (byCostAlone ? cheaper
                   : best.swizzle.toRun > rowMajor.toRun &&
                         best.swizzle.fromRun >= rowMajor.fromRun))
    return best;
  return {rowMajor, {}};
}

FailureOr<SmallVector<Value>> mlir::tkc::gpu::exchangeThroughScratch(
    OpBuilder &b, Location loc, Operation *op, const ::tkc::TargetInfo &target,
    Type elem, const LinearLayout &from, const LinearLayout &to,
    ArrayRef<Value> src, bool reused) {
  bool isBool = elem.isInteger(1);
  bool isPointer = isa<LLVM::LLVMPointerType>(elem);
  if (!elem.isIntOrFloat() && !isPointer)
    return op->emitOpError("cannot move elements of type ")
           << elem << " through shared memory";
  Type memType = isBool ? b.getI8Type() : isPointer ? b.getI64Type() : elem;
  Value base = getScratchBase(b, loc, op);
  HardwareIds ids = getHardwareIds(b, loc, target);
  // Runs of registers along the last dimension are consecutive row-major
  // places: each moves as one access of up to 16 bytes, or fewer where the
  // swizzle takes fewer passes of the banks so.
  unsigned maxRun = std::max<int64_t>(1, 16 / getStorageBytes(memType));
  bool powersOfTwo = llvm::all_of(from.getShape(), llvm::isPowerOf2_64) &&
                     llvm::all_of(to.getShape(), llvm::isPowerOf2_64);
  ScratchSwizzle swizzle;
  // Where the places are not row-major, both sides over them.
  std::optional<std::pair<PlacedSide, PlacedSide>> placed;
  // 16-bit elements in layouts that matrix loads or stores move (their rows
  // eight places along the last dimension, which the swizzle keeps
  // together) move four 8x8 matrices an instruction.
  auto matrixAccess = [&](const LinearLayout &layout,
                          bool loads) -> std::optional<MatrixAccess> {
    if (!powersOfTwo || placed ||
        !mayMoveMatrices(op, target, getStorageBytes(memType), loads) ||
        llvm::any_of(swizzle.terms, [](auto term) { return term.second & 7; }))
      return std::nullopt;
    return getMatrixAccess(layout, layout.getShape().size() - 1);
  };
  if (powersOfTwo) {
    unsigned bytes = getStorageBytes(memType);
    swizzle = chooseScratchSwizzle(from, to, bytes, maxRun);
    // Places in another order only for vectors (scales, biases, row
    // statistics), where neither side moves matrices: on NVIDIA, tiles in
    // that order took more registers (FLA's chunk_h 128 -> 167, past what
    // two programs per SM allow) for wider accesses. Targets without
    // matrix loads (AMD) order tiles so too: an MFMA operand B read from
    // rows along N takes one 16-bit access per element, where rows along K
    // give each lane its kWidth elements in one (tutorial 03 on one stage,
    // gfx942: 64 ds_read_u16 a K step -> 16 ds_read_b64).
    if ((from.getShape().size() == 1 || !target.hasMatrixLoads()) &&
        from.getShape().size() == to.getShape().size() &&
        !matrixAccess(from, /*loads=*/false) &&
        !matrixAccess(to, /*loads=*/true)) {
      ScratchPlacement placement =
          chooseScratchPlacement(from, to, bytes, maxRun,
                                 /*byCostAlone=*/!target.hasMatrixLoads());
      swizzle = placement.swizzle;
      placed = placement.sides;
    }
  } else {
    swizzle.fromRun = from.getAlignedRun(from.getShape().size() - 1, maxRun);
    swizzle.toRun = to.getAlignedRun(to.getShape().size() - 1, maxRun);
  }
  auto runs = [&](const LinearLayout &layout, unsigned run) {
    ArrayRef<int64_t> layoutShape = layout.getShape();
    SmallVector<Value> starts;
    auto start = [&](Value index) {
      starts.push_back(LLVM::GEPOp::create(b, loc, base.getType(), memType,
                                           base, ValueRange{index}));
    };
    if (!powersOfTwo) {
      SmallVector<Value> indices = emitRowMajorIndices(b, loc, layout, ids);
      for (unsigned r = 0; r < indices.size(); r += run)
        start(indices[r]);
      return starts;
    }
    // The row-major index and the swizzle are linear over XOR in the
    // coordinates, which are the thread's part XOR the register's: each
    // register's place is the thread's place (computed once) XOR a
    // constant, an addition folded into the access's address where their
    // bits do not overlap.
    Value threadIndex = emitRowMajorIndex(
        b, loc, emitThreadPart(b, loc, layout, ids), layoutShape);
    threadIndex = emitSwizzle(b, loc, swizzle, threadIndex);
    int64_t threadMask =
        swizzle.mask(layout.rowMajorIndex(threadBitsOf(layout)));
    for (unsigned r = 0; r < layout.getNumRegisters(); r += run)
      start(emitXorConstant(b, loc, threadIndex,
                            swizzle.apply(layout.rowMajorIndex(
                                layout.applyDim(HwDim::Register, r))),
                            threadMask));
    return starts;
  };
  unsigned fromRun = swizzle.fromRun, toRun = swizzle.toRun;
  const LinearLayout &fromPlaces = placed ? placed->first.layout : from;
  const LinearLayout &toPlaces = placed ? placed->second.layout : to;
  // Wait for earlier readers of the scratch first, unless none can be.
  if (reused || needsScratchBarrier(op))
    target.emitBarrier(b, loc);
  if (auto access = matrixAccess(from, /*loads=*/false)) {
    storeMatrixRows(b, loc, target, *access, runs(access->rows, 1), src);
  } else {
    SmallVector<Value> stored(src);
    if (placed)
      for (unsigned r = 0; r < stored.size(); ++r)
        stored[r] = src[placed->first.original(r)];
    for (auto [i, ptr] : llvm::enumerate(runs(fromPlaces, fromRun))) {
      SmallVector<Value> run;
      for (Value value : ArrayRef(stored).slice(i * fromRun, fromRun)) {
        if (isBool)
          value = LLVM::ZExtOp::create(b, loc, memType, value);
        else if (isPointer)
          value = LLVM::PtrToIntOp::create(b, loc, memType, value);
        run.push_back(value);
      }
      LLVM::StoreOp::create(b, loc, packAccess(b, loc, run), ptr,
                            fromRun * getStorageBytes(memType));
    }
  }
  target.emitBarrier(b, loc);
  SmallVector<Value> values;
  if (auto access = matrixAccess(to, /*loads=*/true))
    return loadMatrixRows(b, loc, target, *access, runs(access->rows, 1),
                          memType);
  SmallVector<Value> toStarts = runs(toPlaces, toRun);
  for (Value ptr : toStarts) {
    Value access = LLVM::LoadOp::create(b, loc, accessType(memType, toRun), ptr,
                                        toRun * getStorageBytes(memType));
    for (Value loaded : unpackAccess(b, loc, access, toRun)) {
      if (isBool)
        loaded = LLVM::TruncOp::create(b, loc, elem, loaded);
      else if (isPointer)
        loaded = LLVM::IntToPtrOp::create(b, loc, elem, loaded);
      values.push_back(loaded);
    }
  }
  if (!placed)
    return values;
  SmallVector<Value> inOrder(values.size());
  for (unsigned r = 0; r < values.size(); ++r)
    inOrder[placed->second.original(r)] = values[r];
  return inOrder;
}

Owners mlir::tkc::gpu::ownersOf(OpBuilder &b, Location loc, Type type,
                                const ::tkc::TargetInfo &target,
                                bool withinWarps) {
  Owners owners;
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    owners.ownerOf = {0};
    owners.thread = emitIsFirstThread(b, loc, target);
    return owners;
  }
  LinearLayout layout = getLinearLayout(tensor);
  unsigned freeRegisters = layout.getFreeBits(HwDim::Register);
  for (unsigned r = 0; r < layout.getNumRegisters(); ++r)
    owners.ownerOf.push_back(r & ~freeRegisters);
  HardwareIds ids = getHardwareIds(b, loc, target);
  for (auto [dim, id] :
       {std::pair{HwDim::Lane, ids.lane}, std::pair{HwDim::Warp, ids.warp}}) {
    unsigned mask =
        dim == HwDim::Warp && withinWarps ? 0 : layout.getFreeBits(dim);
    if (!mask)
      continue;
    Value bits =
        LLVM::AndOp::create(b, loc, id, i32Constant(b, loc, mask)).getResult();
    Value own = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                     i32Constant(b, loc, 0));
    owners.thread =
        owners.thread ? LLVM::AndOp::create(b, loc, owners.thread, own) : own;
  }
  return owners;
}

SmallVector<Value>
mlir::tkc::gpu::emitGuardedValues(ConversionPatternRewriter &rewriter,
                                  Location loc, Value pred, TypeRange types,
                                  function_ref<SmallVector<Value>()> body) {
  if (!pred)
    return body();
  return emitEitherValues(rewriter, loc, pred, types, body, [&] {
    SmallVector<Value> zeros;
    for (Type type : types)
      zeros.push_back(LLVM::ZeroOp::create(rewriter, loc, type));
    return zeros;
  });
}

SmallVector<Value>
mlir::tkc::gpu::emitEitherValues(ConversionPatternRewriter &rewriter,
                                 Location loc, Value cond, TypeRange types,
                                 function_ref<SmallVector<Value>()> whenTrue,
                                 function_ref<SmallVector<Value>()> whenFalse) {
  SmallVector<Location> locs(types.size(), loc);
  Block *before = rewriter.getInsertionBlock();
  Block *after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
  Block *join = rewriter.createBlock(after->getParent(),
                                     Region::iterator(after), types, locs);
  LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
  Block *taken = rewriter.createBlock(join);
  LLVM::BrOp::create(rewriter, loc, whenTrue(), join);
  Block *notTaken = rewriter.createBlock(join);
  LLVM::BrOp::create(rewriter, loc, whenFalse(), join);
  rewriter.setInsertionPointToEnd(before);
  LLVM::CondBrOp::create(rewriter, loc, cond, taken, notTaken);
  rewriter.setInsertionPointToStart(after);
  return SmallVector<Value>(join->getArguments());
}

Value mlir::tkc::gpu::emitGuarded(ConversionPatternRewriter &rewriter,
                                  Location loc, Value pred, Type type,
                                  function_ref<Value()> body) {
  SmallVector<Value> results = emitGuardedValues(
      rewriter, loc, pred, type ? TypeRange(type) : TypeRange(), [&] {
        Value result = body();
        return type ? SmallVector<Value>{result} : SmallVector<Value>();
      });
  return type ? results.front() : Value();
}

Value mlir::tkc::gpu::both(OpBuilder &b, Location loc, Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return LLVM::AndOp::create(b, loc, x, y);
}
