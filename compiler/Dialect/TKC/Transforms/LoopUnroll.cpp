//===- LoopUnroll.cpp - The tkc-tkc-loop-unroll pass ----------------------===//
//
// Unrolls the scf.for loops that tl.range's loop_unroll_factor marks, with
// MLIR's loop unrolling (a main loop of whole groups of iterations, then a
// remainder loop), as Triton does before pipelining.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_TKCLOOPUNROLL
#include "compiler/Dialect/TKC/Transforms/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;

namespace {

struct LoopUnrollPass : public tkc::impl::TKCLoopUnrollBase<LoopUnrollPass> {
  void runOnOperation() override {
    StringRef factorName = TKCDialect::kLoopUnrollFactor;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(factorName))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      auto factor = loop->getAttrOfType<IntegerAttr>(factorName);
      loop->removeAttr(factorName);
      if (!factor || factor.getInt() <= 1)
        continue;
      // MLIR counts the iterations of a run-time range unsigned: one whose
      // upper bound is below its lower bound would run the remainder loop
      // from below the lower bound. Such a range is empty; so is the range
      // up to the greater of the two.
      Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
      if (!matchPattern(lb, m_Constant()) || !matchPattern(ub, m_Constant())) {
        OpBuilder b(loop);
        loop.setUpperBound(
            loop.getUnsignedCmp()
                ? arith::MaxUIOp::create(b, loop.getLoc(), ub, lb).getResult()
                : arith::MaxSIOp::create(b, loop.getLoc(), ub, lb).getResult());
      }
      FailureOr<UnrolledLoopInfo> unrolled =
          loopUnrollByFactor(loop, factor.getInt());
      if (failed(unrolled)) {
        loop.emitWarning("loop_unroll_factor ")
            << factor.getInt() << " ignored: the loop cannot be unrolled";
        continue;
      }
      if (unrolled->epilogueLoopOp) {
        scf::ForOp rest = *unrolled->epilogueLoopOp;
        rest->removeAttr(factorName);
        rest->setAttr(TKCDialect::kLoopNumStages,
                      IntegerAttr::get(IntegerType::get(&getContext(), 32), 1));
      }
    }
  }
};

} // namespace
