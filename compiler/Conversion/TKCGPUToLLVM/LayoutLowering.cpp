//===- LayoutLowering.cpp - Per-thread views of laid-out tensors ----------===//
//
// Packing registers into structs and evaluating linear layouts on the
// thread's hardware ids: coordinates are the register's constant part XOR
// the lane and warp parts, which are computed once per op from the ids' bits.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tkc::gpu;

Value mlir::tkc::gpu::i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
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
  Value tid = target.getThreadId(b, loc);
  Value warpSize = i32Constant(b, loc, target.getWarpSize());
  return {LLVM::URemOp::create(b, loc, tid, warpSize),
          LLVM::UDivOp::create(b, loc, tid, warpSize)};
}

SmallVector<SmallVector<Value>>
mlir::tkc::gpu::emitCoordinates(OpBuilder &b, Location loc,
                                const LinearLayout &layout,
                                const HardwareIds &ids) {
  unsigned rank = layout.getShape().size();
  // The lane and warp parts: XOR of each set bit's basis.
  SmallVector<Value> threadPart(rank);
  for (unsigned d = 0; d < rank; ++d)
    threadPart[d] = i32Constant(b, loc, 0);
  for (auto [hw, id] :
       {std::pair(HwDim::Lane, ids.lane), std::pair(HwDim::Warp, ids.warp)}) {
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(hw))) {
      Value isSet;
      for (unsigned d = 0; d < rank; ++d) {
        if (basis[d] == 0)
          continue;
        if (!isSet) {
          Value shifted = LLVM::LShrOp::create(
              b, loc, id, i32Constant(b, loc, static_cast<int64_t>(bit)));
          isSet = LLVM::AndOp::create(b, loc, shifted, i32Constant(b, loc, 1));
        }
        Value contribution =
            LLVM::MulOp::create(b, loc, isSet, i32Constant(b, loc, basis[d]));
        threadPart[d] =
            LLVM::XOrOp::create(b, loc, threadPart[d], contribution);
      }
    }
  }
  // Bits the lane and warp parts can set, per dimension. Where a register
  // part avoids them, XOR is an addition, which LLVM folds into addresses.
  SmallVector<int32_t> threadBits(rank, 0);
  for (HwDim hw : {HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : layout.getBases(hw))
      for (unsigned d = 0; d < rank; ++d)
        threadBits[d] |= basis[d];
  SmallVector<SmallVector<Value>> coords;
  for (unsigned r = 0; r < layout.getNumRegisters(); ++r) {
    LinearLayout::Basis regPart = layout.applyDim(HwDim::Register, r);
    SmallVector<Value> c;
    for (unsigned d = 0; d < rank; ++d) {
      if (regPart[d] == 0) {
        c.push_back(threadPart[d]);
        continue;
      }
      Value reg = i32Constant(b, loc, regPart[d]);
      if ((regPart[d] & threadBits[d]) == 0)
        c.push_back(LLVM::AddOp::create(b, loc, threadPart[d], reg));
      else
        c.push_back(LLVM::XOrOp::create(b, loc, threadPart[d], reg));
    }
    coords.push_back(std::move(c));
  }
  return coords;
}

/// `value` (any integer or float up to 64 bits) exchanged with lane
/// `lane ^ mask`, as one or two 32-bit shuffles.
Value mlir::tkc::gpu::shuffleXorAnyType(OpBuilder &b, Location loc,
                                        const ::tkc::TargetInfo &target,
                                        Value value, unsigned mask) {
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
      out = LLVM::InsertElementOp::create(
          b, loc, out, target.shuffleXor(b, loc, word, mask), index);
    }
    result = LLVM::BitcastOp::create(b, loc, intType, out);
  } else if (bits == 32) {
    result = target.shuffleXor(b, loc, asInt, mask);
  } else {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, asInt);
    result = LLVM::TruncOp::create(b, loc, intType,
                                   target.shuffleXor(b, loc, wide, mask));
  }
  return type == intType
             ? result
             : LLVM::BitcastOp::create(b, loc, type, result).getResult();
}

SmallVector<Value> mlir::tkc::gpu::applyCombineRegion(Region &region,
                                                      OpBuilder &b,
                                                      ValueRange lhs,
                                                      ValueRange rhs) {
  Block &body = region.front();
  IRMapping mapping;
  unsigned n = lhs.size();
  for (unsigned i = 0; i < n; ++i) {
    mapping.map(body.getArgument(i), lhs[i]);
    mapping.map(body.getArgument(n + i), rhs[i]);
  }
  for (Operation &inner : body.without_terminator())
    b.clone(inner, mapping);
  SmallVector<Value> results;
  for (Value v : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(v));
  return results;
}
