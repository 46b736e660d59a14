//===- PointerAccess.cpp - How a kernel accesses its pointers -------------===//
//
// Walks a function's memory ops and traces each one's address backwards:
// through tkc.addptr, the shape ops (splat, broadcast, expand_dims, reshape,
// trans), tkc.ptr_cast and arith.select, and across scf ops (for, if, while)
// from a region argument or result to the operands forwarded to it, until
// it reaches the function's own arguments. Anything else an address can come
// from (a load, tkc.int_to_ptr, an op not listed here) cannot be tied to one
// argument, so the analysis then gives up and calls every pointer argument
// read and written: a kernel that may write a buffer must never be assumed
// to leave it alone.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/Analysis/PointerAccess.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tkc;

namespace {

/// Whether `type` is a pointer or a tensor of pointers.
bool isPointerLike(Type type) {
  return isa<PointerType>(getElementTypeOrSelf(type));
}

/// Whether `op`, which is not a load, store or atomic, may use a pointer in
/// a way the tracing cannot see: tkc.ptr_to_int (the integer may come back
/// as an addptr offset that moves into another buffer), and any op with
/// memory effects that takes a pointer (a call the inliner left, an op of
/// another dialect). Ops with regions that forward values (scf) and
/// terminators only pass pointers on; tkc.print only prints them.
bool letsAddressEscape(Operation *op) {
  if (isa<PtrToIntOp>(op))
    return true;
  if (isa<PrintOp, RegionBranchOpInterface>(op) ||
      op->hasTrait<OpTrait::IsTerminator>() || isMemoryEffectFree(op))
    return false;
  return llvm::any_of(op->getOperandTypes(), isPointerLike);
}

/// Traces pointer values of one function back to the arguments they may
/// point into.
class PointerOrigins {
public:
  explicit PointerOrigins(Block *entry) : entry(entry) {}

  /// Adds to `args` the number of every argument `ptr` may derive from.
  /// Fails when some path leads to a value that is not an argument: a
  /// loaded pointer, an integer cast to a pointer, a block argument of an
  /// unstructured region, or the result of an op not modelled here.
  LogicalResult trace(Value ptr, llvm::SetVector<unsigned> &args);

private:
  /// Calls `visit` on each value forwarded to `input`, a block argument of
  /// one of `op`'s regions or one of its results. Fails when the interface
  /// names no operand for it.
  LogicalResult forEachForwarded(RegionBranchOpInterface op, Value input,
                                 llvm::function_ref<void(Value)> visit);

  Block *entry;
  /// Per scf op, from each region argument and result to its sources.
  llvm::DenseMap<Operation *, RegionBranchInverseSuccessorMapping> mappings;
};

LogicalResult PointerOrigins::trace(Value ptr,
                                    llvm::SetVector<unsigned> &args) {
  SmallVector<Value> worklist{ptr};
  llvm::DenseSet<Value> seen{ptr};
  auto visit = [&](Value value) {
    if (seen.insert(value).second)
      worklist.push_back(value);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == entry) {
        args.insert(arg.getArgNumber());
        continue;
      }
      auto branch = dyn_cast_or_null<RegionBranchOpInterface>(
          arg.getOwner()->getParentOp());
      if (!branch || failed(forEachForwarded(branch, arg, visit)))
        return failure();
      continue;
    }
    Operation *def = value.getDefiningOp();
    bool traced = llvm::TypeSwitch<Operation *, bool>(def)
                      .Case([&](AddPtrOp op) {
                        visit(op.getPtr());
                        return true;
                      })
                      .Case<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp,
                            TransOp, PtrCastOp>([&](auto op) {
                        visit(op.getSrc());
                        return true;
                      })
                      .Case([&](arith::SelectOp op) {
                        visit(op.getTrueValue());
                        visit(op.getFalseValue());
                        return true;
                      })
                      .Case([&](RegionBranchOpInterface op) {
                        return succeeded(forEachForwarded(op, value, visit));
                      })
                      .Default(false);
    if (!traced)
      return failure();
  }
  return success();
}

LogicalResult
PointerOrigins::forEachForwarded(RegionBranchOpInterface op, Value input,
                                 llvm::function_ref<void(Value)> visit) {
  auto [it, inserted] = mappings.try_emplace(op);
  if (inserted)
    op.getSuccessorInputOperandMapping(it->second);
  auto found = it->second.find(input);
  if (found == it->second.end() || found->second.empty())
    return failure();
  for (OpOperand *operand : found->second)
    visit(operand->get());
  return success();
}

} // namespace

StringRef mlir::tkc::stringifyPointerAccess(PointerAccess access) {
  switch (access) {
  case PointerAccess::None:
    return "none";
  case PointerAccess::Read:
    return "read";
  case PointerAccess::Write:
    return "write";
  case PointerAccess::ReadWrite:
    return "readwrite";
  }
  return "readwrite";
}

PointerAccessAnalysis::PointerAccessAnalysis(Operation *op) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return;
  ArrayRef<Type> argTypes = func.getArgumentTypes();
  argAccess.assign(argTypes.size(), PointerAccess::None);
  if (func.isExternal()) {
    // A declaration: nothing is known of what the body does.
    untraced = op;
  } else {
    PointerOrigins origins(&func.getFunctionBody().front());
    auto record = [&](Operation *memOp, Value ptr, PointerAccess access) {
      llvm::SetVector<unsigned> args;
      if (failed(origins.trace(ptr, args))) {
        untraced = memOp;
        return WalkResult::interrupt();
      }
      for (unsigned arg : args)
        argAccess[arg] = argAccess[arg] | access;
      return WalkResult::advance();
    };
    func.getFunctionBody().walk([&](Operation *nested) {
      return llvm::TypeSwitch<Operation *, WalkResult>(nested)
          .Case([&](LoadOp load) {
            return record(nested, load.getPtr(), PointerAccess::Read);
          })
          .Case([&](StoreOp store) {
            return record(nested, store.getPtr(), PointerAccess::Write);
          })
          .Case<AtomicRMWOp, AtomicCASOp>([&](auto atomic) {
            return record(nested, atomic.getPtr(), PointerAccess::ReadWrite);
          })
          .Default([&](Operation *) {
            if (!letsAddressEscape(nested))
              return WalkResult::advance();
            untraced = nested;
            return WalkResult::interrupt();
          });
    });
  }
  // Conservatively, an address the tracing lost may point into any buffer
  // the kernel was given, and the op may read or write it: every pointer
  // argument is then read and written.
  if (untraced)
    for (auto [type, access] : llvm::zip(argTypes, argAccess))
      if (isPointerLike(type))
        access = PointerAccess::ReadWrite;
}

PointerAccess PointerAccessAnalysis::getArgAccess(unsigned index) const {
  return index < argAccess.size() ? argAccess[index] : PointerAccess::None;
}
