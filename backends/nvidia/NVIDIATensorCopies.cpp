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
  emitAsm(b, loc, {}, "fence.mbarrier_init.release.cluster;", "");
  fenceSharedForTensorCopies(b, loc);
}

void NVIDIATargetInfo::fenceSharedForTensorCopies(OpBuilder &b,
                                                  Location loc) const {
  // Stores to shared memory, generic-proxy writes, are ordered before the
  // async proxy's accesses: the tensor copies that complete the barriers
  // and may write where earlier code stored, the tensor stores that read
  // what it stored.
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

/// The operands of a tensor copy or store of the box at `coords` of the
/// tensor `tensorMap` describes, to or from shared `tile`: the tile's
/// address ($0), the map ($1), the coordinates ($2 on), then `more`. Sets
/// `box` to the PTX of the box's address (`[$1, {$2, ...}]`) and
/// `constraints` to the constraints of all of them.
static SmallVector<Value>
tensorBoxOperands(OpBuilder &b, Location loc, Value tile, Value tensorMap,
                  ArrayRef<Value> coords, ArrayRef<Value> more,
                  std::string &box, std::string &constraints) {
  SmallVector<Value> operands = {sharedAddress(b, loc, tile), tensorMap};
  box = "[$1, {";
  constraints = "r,l";
  for (auto [i, coord] : llvm::enumerate(coords)) {
    operands.push_back(coord);
    box += (i ? ", $" : "$") + std::to_string(i + 2);
    constraints += ",r";
  }
  box += "}]";
  llvm::append_range(operands, more);
  return operands;
}

void NVIDIATargetInfo::copyTensorBox(OpBuilder &b, Location loc, Value dst,
                                     Value tensorMap, ArrayRef<Value> coords,
                                     Value barrier, Value pred) const {
  std::string box, constraints;
  SmallVector<Value> operands = tensorBoxOperands(
      b, loc, dst, tensorMap, coords, {sharedAddress(b, loc, barrier), pred},
      box, constraints);
  unsigned next = coords.size() + 2;
  std::string text =
      "@$" + std::to_string(next + 1) + " cp.async.bulk.tensor." +
      std::to_string(coords.size()) +
      "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], " +
      box + ", [$" + std::to_string(next) + "];";
  emitAsm(b, loc, operands, text, constraints + ",r,b");
}

void NVIDIATargetInfo::storeTensorBox(OpBuilder &b, Location loc, Value src,
                                      Value tensorMap, ArrayRef<Value> coords,
                                      Value pred) const {
  std::string box, constraints;
  SmallVector<Value> operands = tensorBoxOperands(
      b, loc, src, tensorMap, coords, {pred}, box, constraints);
  std::string text = "@$" + std::to_string(coords.size() + 2) +
                     " cp.async.bulk.tensor." + std::to_string(coords.size()) +
                     "d.global.shared::cta.bulk_group " + box + ", [$0];";
  emitAsm(b, loc, operands, text, constraints + ",b");
}

void NVIDIATargetInfo::waitTensorStoreReads(OpBuilder &b, Location loc,
                                            Value pred) const {
  // The stores started since the last commit form one bulk group; waiting
  // for its reads (not its writes to global memory) frees the tile.
  emitAsm(b, loc, {pred},
          "@$0 cp.async.bulk.commit_group;\n"
          "@$0 cp.async.bulk.wait_group.read 0;",
          "b");
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
