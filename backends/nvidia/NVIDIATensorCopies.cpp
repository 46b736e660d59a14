//===- NVIDIATensorCopies.cpp - TMA copies and memory barriers ------------===//
//
// Hopper's tensor memory accelerator (sm_90 and later) for tkc_gpu's tensor
// copies: `cp.async.bulk.tensor` copies a box of a tensor, described by a
// 128-byte tensor map the launcher encodes (CUtensorMap) and passes as a
// `__grid_constant__` kernel parameter, into shared memory; its bytes
// complete an `mbarrier`, on which the threads then wait by phase parity.
// Written as PTX, as the instructions are spelled in the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/NVIDIATargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tkc::nvidia;

namespace {

/// Emits PTX `text` over `operands` (with `constraints`), kept in place.
void emitAsm(OpBuilder &b, Location loc, ValueRange operands, StringRef text,
             StringRef constraints) {
  LLVM::InlineAsmOp::create(b, loc, TypeRange(), operands, text, constraints,
                            /*has_side_effects=*/true,
                            /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

/// The 32-bit shared-memory address of shared pointer `ptr`.
Value sharedAddress(OpBuilder &b, Location loc, Value ptr) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
}

} // namespace

void NVIDIATargetInfo::initMemoryBarrier(OpBuilder &b, Location loc,
                                         Value barrier) const {
  emitAsm(b, loc, {sharedAddress(b, loc, barrier)},
          "mbarrier.init.shared::cta.b64 [$0], 1;", "r");
}

void NVIDIATargetInfo::fenceBarrierInits(OpBuilder &b, Location loc) const {
  // The initializations and other stores, generic-proxy writes, are ordered
  // before the async proxy's: the tensor copies that complete the barriers
  // and may write where earlier code stored.
  emitAsm(b, loc, {}, "fence.mbarrier_init.release.cluster;", "");
  emitAsm(b, loc, {}, "fence.proxy.async.shared::cta;", "");
}

void NVIDIATargetInfo::invalidateMemoryBarrier(OpBuilder &b, Location loc,
                                               Value barrier) const {
  emitAsm(b, loc, {sharedAddress(b, loc, barrier)},
          "mbarrier.inval.shared::cta.b64 [$0];", "r");
}

void NVIDIATargetInfo::expectMemoryBarrierBytes(OpBuilder &b, Location loc,
                                                Value barrier, int64_t bytes,
                                                Value pred) const {
  Value count = LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                         b.getI32IntegerAttr(bytes));
  emitAsm(b, loc, {sharedAddress(b, loc, barrier), count, pred},
          "@$2 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;",
          "r,r,b");
}

void NVIDIATargetInfo::copyTensorBox(OpBuilder &b, Location loc, Value dst,
                                     Value tensorMap, ArrayRef<Value> coords,
                                     Value barrier, Value pred) const {
  SmallVector<Value> operands = {sharedAddress(b, loc, dst), tensorMap};
  std::string list;
  for (auto [i, coord] : llvm::enumerate(coords)) {
    operands.push_back(coord);
    list += (i ? ", $" : "$") + std::to_string(i + 2);
  }
  unsigned next = coords.size() + 2;
  operands.push_back(sharedAddress(b, loc, barrier));
  operands.push_back(pred);
  std::string text =
      "@$" + std::to_string(next + 1) + " cp.async.bulk.tensor." +
      std::to_string(coords.size()) +
      "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, "
      "{" +
      list + "}], [$" + std::to_string(next) + "];";
  std::string constraints = "r,l";
  for (size_t i = 0; i < coords.size(); ++i)
    constraints += ",r";
  constraints += ",r,b";
  emitAsm(b, loc, operands, text, constraints);
}

void NVIDIATargetInfo::waitMemoryBarrier(OpBuilder &b, Location loc,
                                         Value barrier, Value phase) const {
  // try_wait suspends the thread for a while where the phase is not yet
  // complete; the loop asks again until it is.
  emitAsm(b, loc, {sharedAddress(b, loc, barrier), phase},
          "{\n"
          ".reg .pred done;\n"
          "wait_again:\n"
          "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n"
          "@!done bra wait_again;\n"
          "}",
          "r,r");
}

void NVIDIATargetInfo::markTensorMapParameter(LLVM::LLVMFuncOp func,
                                              unsigned index) const {
  // A CUtensorMap: 128 bytes, 64-byte aligned, passed by value and read in
  // place (__grid_constant__), so that its address is the parameter's.
  Builder b(func.getContext());
  func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(b.getI8Type(), 128)));
  func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                  b.getI64IntegerAttr(64));
  func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                  b.getUnitAttr());
}
