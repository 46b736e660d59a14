//===- LayoutLowering.cpp - Per-thread views of laid-out tensors ----------===//
//
// Packing registers into structs and evaluating linear layouts on the
// thread's hardware ids: coordinates are the register's constant part XOR
// the lane and warp parts, which are computed once per op from the ids' bits.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

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
