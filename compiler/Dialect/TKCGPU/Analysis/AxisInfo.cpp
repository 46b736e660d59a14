//===- AxisInfo.cpp - Contiguity, divisibility, constancy of values -------===//
//
// Transfer functions of the axis analysis, one per modelled op, evaluated
// on demand from each value's definition. Structured control flow is
// followed: a for loop's induction variable is divisible by its lower
// bound's and step's common divisor; a loop-carried value is what its
// initial value and every iteration's yield have in common, found by
// iterating to a fixed point (a pointer advanced by a loop-invariant stride
// keeps its contiguity and the alignment both share); the results of an
// scf.if are what both branches yield have in common; hints on a
// loop-carried value (kept on its loop) raise it on every iteration.
// Anything else that
// crosses a region boundary is unknown, which is always safe.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "llvm/ADT/bit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::tkc::gpu;

namespace {

/// The extents of `type`, or {1} for a scalar.
SmallVector<int64_t, 4> extentsOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return SmallVector<int64_t, 4>(tensor.getShape());
  return {1};
}

/// The largest power of two dividing `value` (kMaxDivisibility for 0).
int64_t powerOfTwoDivisor(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  return std::min<int64_t>(value & -value, kMaxDivisibility);
}

/// Knowledge of a value that is `constant` everywhere in `type`.
AxisInfo constantInfo(Type type, int64_t constant) {
  SmallVector<int64_t, 4> extents = extentsOf(type);
  AxisInfo info = AxisInfo::unknown(extents.size());
  info.constancy = extents;
  info.divisibility.assign(extents.size(), powerOfTwoDivisor(constant));
  info.constant = constant;
  return info;
}

/// Bytes per pointee of a pointer(-tensor) type, or 1 for integers.
int64_t pointeeBytes(Type type) {
  auto ptr = dyn_cast<tkc::PointerType>(getElementTypeOrSelf(type));
  if (!ptr)
    return 1;
  unsigned bits = ptr.getPointeeType().getIntOrFloatBitWidth();
  return std::max<int64_t>(1, bits / 8);
}

/// Overrides facts with tl.multiple_of / max_contiguous / max_constancy
/// hints found on `attrs` (an op's or a function argument's attributes).
void applyHints(AxisInfo &info, DictionaryAttr attrs) {
  if (!attrs)
    return;
  auto apply = [&](StringRef name, SmallVector<int64_t, 4> &field) {
    Attribute attr = attrs.get(name);
    if (auto ints = dyn_cast_or_null<DenseI32ArrayAttr>(attr)) {
      for (auto [f, v] : llvm::zip(field, ints.asArrayRef()))
        f = std::max<int64_t>(f, v);
    } else if (auto one = dyn_cast_or_null<IntegerAttr>(attr)) {
      for (int64_t &f : field)
        f = std::max<int64_t>(f, one.getInt());
    }
  };
  apply(tkc::TKCDialect::kDivisibility, info.divisibility);
  apply(tkc::TKCDialect::kContiguity, info.contiguity);
  apply(tkc::TKCDialect::kConstancy, info.constancy);
}

/// `info` raised by the hints kept on `loop` for its body argument `arg`
/// (tl.multiple_of etc. of a loop-carried value).
AxisInfo withLoopHints(AxisInfo info, scf::ForOp loop, BlockArgument arg) {
  NamedAttrList hints;
  for (StringRef name :
       {tkc::TKCDialect::kDivisibility, tkc::TKCDialect::kContiguity,
        tkc::TKCDialect::kConstancy})
    if (Attribute attr = loop->getAttr(
            tkc::TKCDialect::getLoopArgHintName(name, arg.getArgNumber())))
      hints.set(name, attr);
  applyHints(info, hints.getDictionary(loop.getContext()));
  return info;
}

int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

/// Keeps `info`'s divisibility true where `operand`'s runs are longer than
/// `info`'s: a run of the result may start inside one of the operand's,
/// where only the operand's divisibility and the result's run length both
/// divide the value (`tl.where(m, arange, 0)` has runs of one, and holds
/// odd numbers).
void narrowToRuns(AxisInfo &info, const AxisInfo &operand) {
  for (unsigned d = 0; d < info.getRank(); ++d)
    if (operand.contiguity[d] > info.contiguity[d])
      info.divisibility[d] = gcd(info.divisibility[d], info.contiguity[d]);
}

/// What `a` and `b` both guarantee: a value that may be either.
AxisInfo join(const AxisInfo &a, const AxisInfo &b) {
  AxisInfo info = a;
  for (unsigned d = 0; d < a.getRank(); ++d) {
    info.contiguity[d] = gcd(a.contiguity[d], b.contiguity[d]);
    info.divisibility[d] = gcd(a.divisibility[d], b.divisibility[d]);
    info.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
  }
  narrowToRuns(info, a);
  narrowToRuns(info, b);
  if (a.constant != b.constant)
    info.constant = std::nullopt;
  return info;
}

/// The facts of `src` (of shape `from`) reshaped in row-major order to
/// `to`, where each of `to`'s dimensions merges consecutive dimensions of
/// `from` (`[64, 32, 8] -> [64, 256]`, a gathered window flattened into a
/// dot's operand); otherwise nothing is known. A merged dimension keeps
/// the facts of its innermost dimension longer than 1 (a run that ends with
/// it: what comes after, across the outer dimension, is not known to follow
/// on), except that a value constant along all of that dimension stays
/// constant over as many of the next outer one's steps as that one's
/// constancy.
AxisInfo reshapedInfo(const AxisInfo &src, ArrayRef<int64_t> from,
                      ArrayRef<int64_t> to) {
  AxisInfo info = AxisInfo::unknown(to.size());
  std::optional<SmallVector<unsigned>> ends = tkc::getMergedDims(from, to);
  if (!ends)
    return info;
  unsigned begin = 0;
  for (auto [d, end] : llvm::enumerate(*ends)) {
    SmallVector<unsigned> merged;
    for (unsigned i = begin; i < end; ++i)
      if (from[i] > 1)
        merged.push_back(i);
    begin = end;
    if (merged.empty())
      continue;
    unsigned i = merged.back();
    info.contiguity[d] = src.contiguity[i];
    info.divisibility[d] = src.divisibility[i];
    info.constancy[d] = src.constancy[i];
    if (merged.size() > 1 && src.constancy[i] == from[i])
      info.constancy[d] *= src.constancy[merged[merged.size() - 2]];
  }
  info.constant = src.constant;
  return info;
}

/// The most iterations a loop's fixed point takes before its loop-carried
/// values are given up as unknown. Each iteration only lowers facts (a gcd
/// of powers of two), so real loops settle in two or three.
constexpr unsigned kMaxLoopIterations = 8;

} // namespace

bool AxisInfo::operator==(const AxisInfo &other) const {
  return contiguity == other.contiguity && divisibility == other.divisibility &&
         constancy == other.constancy && constant == other.constant;
}

AxisInfo AxisInfo::unknown(unsigned rank) {
  AxisInfo info;
  info.contiguity.assign(rank, 1);
  info.divisibility.assign(rank, 1);
  info.constancy.assign(rank, 1);
  return info;
}

const AxisInfo &AxisInfoAnalysis::get(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  AxisInfo info = compute(value);
  // compute() may have filled the entry already (a loop's fixed point
  // records its iteration arguments); its result is the final word.
  return cache.insert_or_assign(value, std::move(info)).first->second;
}

void AxisInfoAnalysis::forgetBody(Operation *loop, ValueRange kept) {
  llvm::SmallPtrSet<Value, 8> keep(kept.begin(), kept.end());
  for (Region &body : loop->getRegions())
    body.walk([&](Block *block) {
      for (BlockArgument arg : block->getArguments())
        if (!keep.contains(arg))
          cache.erase(arg);
      for (Operation &op : *block)
        for (Value result : op.getResults())
          cache.erase(result);
    });
}

void AxisInfoAnalysis::solveLoop(
    Operation *loop, ValueRange inits, ValueRange args, ValueRange yielded,
    llvm::function_ref<AxisInfo(AxisInfo, BlockArgument)> hints) {
  // Start from the initial values and lower the facts until an iteration's
  // yields add nothing new.
  // Hints on the loop-carried values hold on every iteration.
  SmallVector<AxisInfo> current;
  for (auto [init, arg] : llvm::zip(inits, args))
    current.push_back(hints(get(init), cast<BlockArgument>(arg)));
  // A for loop's induction variable stays known across iterations.
  auto kept = [&] {
    if (auto forOp = dyn_cast<scf::ForOp>(loop))
      return ValueRange(forOp.getBody()->getArguments());
    return args;
  }();
  for (unsigned iteration = 0; iteration < kMaxLoopIterations; ++iteration) {
    for (auto [arg, info] : llvm::zip(args, current))
      cache.insert_or_assign(arg, info);
    SmallVector<AxisInfo> next;
    for (auto [info, value, arg] : llvm::zip(current, yielded, args))
      next.push_back(hints(join(info, get(value)), cast<BlockArgument>(arg)));
    forgetBody(loop, kept);
    if (next == current) {
      for (auto [arg, info] : llvm::zip(args, current))
        cache.insert_or_assign(arg, info);
      return;
    }
    current = std::move(next);
  }
  for (Value arg : args)
    cache.insert_or_assign(arg,
                           AxisInfo::unknown(extentsOf(arg.getType()).size()));
}

AxisInfo AxisInfoAnalysis::compute(Value value) {
  Type type = value.getType();
  unsigned rank = extentsOf(type).size();
  AxisInfo unknown = AxisInfo::unknown(rank);

  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto func = dyn_cast_or_null<func::FuncOp>(owner)) {
      if (arg.getOwner()->isEntryBlock())
        applyHints(unknown, func.getArgAttrDict(arg.getArgNumber()));
    } else if (auto loop = dyn_cast_or_null<scf::ForOp>(owner)) {
      // The induction variable is lb + i * step: divisible by both.
      if (arg == loop.getInductionVar()) {
        unknown.divisibility[0] = gcd(get(loop.getLowerBound()).divisibility[0],
                                      get(loop.getStep()).divisibility[0]);
        return unknown;
      }
      solveLoop(loop, loop.getInitArgs(), loop.getRegionIterArgs(),
                loop.getBody()->getTerminator()->getOperands(),
                [&](AxisInfo info, BlockArgument carried) {
                  return withLoopHints(std::move(info), loop, carried);
                });
      return cache.find(arg)->second;
    } else if (auto loop = dyn_cast_or_null<scf::WhileOp>(owner)) {
      // The arguments of the condition's region are carried (a
      // `while i < n:` loop advancing pointers, as FlagGems' upsample
      // does); those of the body are what the condition forwards.
      if (arg.getOwner() == loop.getAfterBody())
        return get(loop.getConditionOp().getArgs()[arg.getArgNumber()]);
      solveLoop(loop, loop.getInits(), loop.getBeforeArguments(),
                loop.getYieldOp().getOperands(),
                [](AxisInfo info, BlockArgument) { return info; });
      return cache.find(arg)->second;
    }
    return unknown;
  }

  Operation *op = value.getDefiningOp();
  AxisInfo info = unknown;
  // Binary ops read both operands' facts.
  auto lhs = [&]() -> const AxisInfo & { return get(op->getOperand(0)); };
  auto rhs = [&]() -> const AxisInfo & { return get(op->getOperand(1)); };

  // Sums: contiguous + constant stays contiguous; divisibility is the gcd.
  auto addLike = [&](int64_t rhsScale) {
    AxisInfo a = lhs(), b = rhs();
    for (unsigned d = 0; d < rank; ++d) {
      info.contiguity[d] = std::max(gcd(a.contiguity[d], b.constancy[d]),
                                    gcd(a.constancy[d], b.contiguity[d]));
      info.divisibility[d] =
          gcd(a.divisibility[d],
              std::min(kMaxDivisibility, b.divisibility[d] * rhsScale));
      info.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
    }
    narrowToRuns(info, a);
    narrowToRuns(info, b);
    if (a.constant && b.constant)
      info.constant = *a.constant + *b.constant * rhsScale;
  };
  // Ops that combine elementwise without creating runs: constancy only.
  auto constancyOnly = [&]() {
    for (unsigned d = 0; d < rank; ++d) {
      info.constancy[d] = extentsOf(type)[d];
      for (Value operand : op->getOperands())
        info.constancy[d] = gcd(info.constancy[d], get(operand).constancy[d]);
    }
  };

  llvm::TypeSwitch<Operation *>(op)
      .Case([&](scf::ForOp loop) {
        // What the loop-carried value holds on every iteration (and when
        // the loop runs none).
        info = get(loop.getTiedLoopRegionIterArg(cast<OpResult>(value)));
      })
      .Case([&](scf::WhileOp loop) {
        // What the condition forwards when it ends the loop.
        info = get(loop.getConditionOp()
                       .getArgs()[cast<OpResult>(value).getResultNumber()]);
      })
      .Case([&](scf::IfOp branch) {
        unsigned index = cast<OpResult>(value).getResultNumber();
        if (branch.elseBlock()) {
          // Copies: the second get() may move the first one's entry.
          AxisInfo thenInfo = get(branch.thenYield().getOperand(index));
          info = join(thenInfo, get(branch.elseYield().getOperand(index)));
        }
      })
      .Case([&](arith::ConstantOp constant) {
        APInt bits;
        // Integers and splats of integers of up to 64 bits; floats and
        // wider integers (umulhi's i128 products) stay unknown. Booleans
        // are 0 and 1, as arith.extui makes them.
        if (matchPattern(constant.getResult(), m_ConstantInt(&bits)) &&
            bits.getSignificantBits() <= 64)
          info = constantInfo(type, bits.getBitWidth() == 1
                                        ? int64_t(bits.getZExtValue())
                                        : bits.getSExtValue());
      })
      .Case([&](tkc::MakeRangeOp range) {
        info.contiguity[0] = range.getEnd() - range.getStart();
        info.divisibility[0] = powerOfTwoDivisor(range.getStart());
      })
      .Case([&](tkc::SplatOp splat) {
        const AxisInfo &src = get(splat.getSrc());
        info.constancy = extentsOf(type);
        info.divisibility.assign(rank, src.divisibility[0]);
        info.constant = src.constant;
      })
      .Case([&](tkc::BroadcastOp broadcast) {
        const AxisInfo &src = get(broadcast.getSrc());
        auto srcShape = extentsOf(broadcast.getSrc().getType());
        auto shape = extentsOf(type);
        info = src;
        for (unsigned d = 0; d < rank; ++d)
          if (srcShape[d] == 1 && shape[d] != 1) {
            info.contiguity[d] = 1;
            info.constancy[d] = shape[d];
          }
      })
      .Case([&](tkc::ExpandDimsOp expand) {
        const AxisInfo &src = get(expand.getSrc());
        info = src;
        unsigned axis = expand.getAxis();
        // Along the new axis each element is a run of its own: what divides
        // every element. Past the first element of a contiguous run, that
        // is 1 (`start + arange` holds odd numbers whatever `start` is).
        int64_t div = kMaxDivisibility;
        for (unsigned d = 0; d < src.getRank(); ++d)
          div = std::min(div, src.contiguity[d] > 1 ? 1 : src.divisibility[d]);
        info.contiguity.insert(info.contiguity.begin() + axis, 1);
        info.divisibility.insert(info.divisibility.begin() + axis, div);
        info.constancy.insert(info.constancy.begin() + axis, 1);
      })
      .Case([&](tkc::ReshapeOp reshape) {
        if (!reshape.getAllowReorder())
          info = reshapedInfo(get(reshape.getSrc()),
                              extentsOf(reshape.getSrc().getType()),
                              extentsOf(type));
      })
      .Case([&](tkc::AddPtrOp addptr) { addLike(pointeeBytes(type)); })
      .Case([&](tkc::PtrCastOp cast) {
        // The same addresses (a bool tensor's pointers read as bytes): runs
        // of consecutive elements stay runs where the elements keep their
        // size.
        info = get(cast.getSrc());
        if (pointeeBytes(cast.getSrc().getType()) != pointeeBytes(type))
          for (unsigned d = 0; d < rank; ++d)
            info.contiguity[d] = 1;
      })
      .Case([&](arith::AddIOp) { addLike(1); })
      .Case([&](arith::SubIOp) {
        AxisInfo a = lhs(), b = rhs();
        for (unsigned d = 0; d < rank; ++d) {
          info.contiguity[d] = gcd(a.contiguity[d], b.constancy[d]);
          info.divisibility[d] = gcd(a.divisibility[d], b.divisibility[d]);
          info.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
        }
        narrowToRuns(info, a);
        narrowToRuns(info, b);
        if (a.constant && b.constant)
          info.constant = *a.constant - *b.constant;
      })
      .Case([&](arith::MulIOp) {
        AxisInfo a = lhs(), b = rhs();
        for (unsigned d = 0; d < rank; ++d) {
          info.contiguity[d] = b.constant == 1   ? a.contiguity[d]
                               : a.constant == 1 ? b.contiguity[d]
                                                 : 1;
          // A contiguous run's divisibility is its first element's; past
          // it (the product is no longer a run), only 1 divides them all.
          auto divisor = [&](const AxisInfo &x, const AxisInfo &other) {
            return x.contiguity[d] > 1 && other.constant != 1
                       ? int64_t(1)
                       : x.divisibility[d];
          };
          info.divisibility[d] =
              std::min(kMaxDivisibility, divisor(a, b) * divisor(b, a));
          info.constancy[d] = gcd(a.constancy[d], b.constancy[d]);
        }
        if (a.constant && b.constant)
          info.constant = *a.constant * *b.constant;
      })
      .Case([&](arith::CmpIOp cmp) {
        AxisInfo a = lhs(), b = rhs();
        using P = arith::CmpIPredicate;
        P pred = cmp.getPredicate();
        // `base + i < bound` with base and bound multiples of k is the
        // same for every i in [0, k): runs of k equal results.
        bool lhsRuns = pred == P::slt || pred == P::ult || pred == P::sge ||
                       pred == P::uge;
        bool rhsRuns = pred == P::sgt || pred == P::ugt || pred == P::sle ||
                       pred == P::ule;
        for (unsigned d = 0; d < rank; ++d) {
          int64_t c = gcd(a.constancy[d], b.constancy[d]);
          auto runs = [&](const AxisInfo &range, const AxisInfo &bound) {
            return gcd(gcd(range.contiguity[d], range.divisibility[d]),
                       gcd(bound.divisibility[d], bound.constancy[d]));
          };
          if (lhsRuns)
            c = std::max(c, runs(a, b));
          if (rhsRuns)
            c = std::max(c, runs(b, a));
          info.constancy[d] = c;
        }
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, ConvertLayoutOp>(
          [&](Operation *) {
            info = get(op->getOperand(0));
            if (!info.constant || isa<ConvertLayoutOp>(op))
              return;
            // A known value, as the result type reads its bits (booleans
            // as 0 and 1).
            unsigned from = getElementTypeOrSelf(op->getOperand(0).getType())
                                .getIntOrFloatBitWidth();
            unsigned to = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
            if (from > 64 || to > 64) {
              info.constant.reset();
              return;
            }
            APInt bits(64, uint64_t(*info.constant), /*isSigned=*/true);
            bits = bits.trunc(isa<arith::TruncIOp>(op) ? to : from);
            bool isSigned =
                isa<arith::ExtSIOp>(op) || (isa<arith::TruncIOp>(op) && to > 1);
            info = constantInfo(type, isSigned ? bits.getSExtValue()
                                               : int64_t(bits.getZExtValue()));
          })
      .Case<arith::DivSIOp, arith::DivUIOp>([&](Operation *) {
        AxisInfo a = lhs(), b = rhs();
        constancyOnly();
        if (!b.constant) {
          // x // n for a run-time n the same over the tensor, of a range
          // contiguous over all of it (`idx // OW`, OW a multiple of 16):
          // the aligned groups that n's divisibility leaves whole share a
          // quotient, as Triton takes it (FlagGems' upsample: its rows of
          // 16 output pixels, stored 8 at a time).
          auto extents = extentsOf(type);
          for (unsigned d = 0; d < rank; ++d)
            if (a.contiguity[d] == extents[d] && b.constancy[d] == extents[d])
              info.constancy[d] =
                  std::max(info.constancy[d],
                           gcd(a.contiguity[d],
                               gcd(a.divisibility[d], b.divisibility[d])));
          return;
        }
        if (*b.constant <= 0)
          return;
        int64_t c = *b.constant;
        for (unsigned d = 0; d < rank; ++d) {
          // x // c is the same for the aligned groups of gcd(run, c)
          // consecutive x of a contiguous run; runs of one x (constancy)
          // stay runs.
          info.constancy[d] =
              std::max(info.constancy[d],
                       gcd(gcd(a.contiguity[d], a.divisibility[d]), c));
          if (a.contiguity[d] == 1 && c == powerOfTwoDivisor(c))
            info.divisibility[d] = std::max<int64_t>(1, a.divisibility[d] / c);
        }
        if (a.constant && c)
          info.constant = *a.constant / c;
      })
      .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *) {
        AxisInfo a = lhs(), b = rhs();
        constancyOnly();
        if (b.constant && *b.constant <= 0)
          return;
        for (unsigned d = 0; d < rank; ++d) {
          // The aligned groups of a contiguous run that the divisor's
          // divisibility splits stay contiguous, each starting at a
          // multiple of its length, where the divisor is the same over the
          // group (`x % N` with N a multiple of 16: runs of 16).
          int64_t runs = gcd(gcd(a.contiguity[d], a.divisibility[d]),
                             gcd(b.divisibility[d], b.constancy[d]));
          info.contiguity[d] = runs;
          info.divisibility[d] = a.contiguity[d] == 1
                                     ? gcd(a.divisibility[d], b.divisibility[d])
                                     : runs;
        }
        if (a.constant && b.constant && *b.constant != 0)
          info.constant = *a.constant % *b.constant;
      })
      .Case([&](arith::SelectOp select) {
        // Either value, element by element: what both hold, where the
        // condition is constant over the run.
        AxisInfo trueInfo = get(select.getTrueValue());
        info = join(trueInfo, get(select.getFalseValue()));
        const AxisInfo &cond = get(select.getCondition());
        AxisInfo either = info;
        if (cond.getRank() == rank)
          for (unsigned d = 0; d < rank; ++d) {
            info.contiguity[d] = gcd(info.contiguity[d], cond.constancy[d]);
            info.constancy[d] = gcd(info.constancy[d], cond.constancy[d]);
          }
        narrowToRuns(info, either);
      })
      .Case<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *) {
            // One of the two, element by element: as a select on a
            // condition nothing is known of, except where both agree.
            AxisInfo a = lhs();
            info = join(a, rhs());
            AxisInfo either = info;
            for (unsigned d = 0; d < rank; ++d)
              info.contiguity[d] = 1;
            narrowToRuns(info, either);
            constancyOnly();
          })
      .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          [&](Operation *) { constancyOnly(); })
      .Default([](Operation *) {});

  applyHints(info, op->getAttrDictionary());
  return info;
}

SmallVector<unsigned> mlir::tkc::gpu::getContiguityOrder(const AxisInfo &info,
                                                         ContiguityTies ties) {
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < info.getRank(); ++d)
    order.push_back(d);
  if (ties == ContiguityTies::RowMajor)
    std::reverse(order.begin(), order.end());
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return info.contiguity[a] > info.contiguity[b];
  });
  return order;
}

unsigned mlir::tkc::gpu::getAccessDim(RankedTensorType type) {
  LinearLayout layout = getLinearLayout(type);
  unsigned dim = 0;
  for (unsigned d = 1; d < type.getRank(); ++d)
    if (layout.getContiguousRegisters(d) > layout.getContiguousRegisters(dim))
      dim = d;
  return dim;
}

int64_t mlir::tkc::gpu::getPrefixRuns(Value mask, unsigned dim,
                                      AxisInfoAnalysis &axis) {
  int64_t constancy = axis.get(mask).constancy[dim];
  Operation *def = mask.getDefiningOp();
  if (!def)
    return constancy;
  int64_t runs =
      llvm::TypeSwitch<Operation *, int64_t>(def)
          .Case([&](arith::AndIOp) {
            // A run is true up to the first element either is false.
            return std::min(getPrefixRuns(def->getOperand(0), dim, axis),
                            getPrefixRuns(def->getOperand(1), dim, axis));
          })
          .Case([&](arith::CmpIOp cmp) -> int64_t {
            using P = arith::CmpIPredicate;
            P pred = cmp.getPredicate();
            // `i < n` (or `n > i`): true up to the run's first i at n.
            bool lhsCounts =
                llvm::is_contained({P::slt, P::sle, P::ult, P::ule}, pred);
            bool rhsCounts =
                llvm::is_contained({P::sgt, P::sge, P::ugt, P::uge}, pred);
            if (!lhsCounts && !rhsCounts)
              return 1;
            const AxisInfo &counter = axis.get(cmp.getOperand(rhsCounts));
            const AxisInfo &bound = axis.get(cmp.getOperand(lhsCounts));
            int64_t runs =
                std::min(counter.contiguity[dim], bound.constancy[dim]);
            // Unsigned, a run must not count from -1 to 0: one that starts
            // at a multiple of its length does not.
            bool isUnsigned =
                llvm::is_contained({P::ult, P::ule, P::ugt, P::uge}, pred);
            if (isUnsigned)
              runs = std::min(runs, counter.divisibility[dim]);
            return runs;
          })
          .Case([&](tkc::BroadcastOp broadcast) {
            if (cast<RankedTensorType>(broadcast.getSrc().getType())
                    .getDimSize(dim) == 1)
              return int64_t(1); // Constant along dim: its constancy says so.
            return getPrefixRuns(broadcast.getSrc(), dim, axis);
          })
          .Case([&](tkc::ExpandDimsOp expand) {
            unsigned axisOfNew = expand.getAxis();
            if (dim == axisOfNew)
              return int64_t(1);
            return getPrefixRuns(expand.getSrc(),
                                 dim < axisOfNew ? dim : dim - 1, axis);
          })
          .Case([&](tkc::TransOp trans) {
            return getPrefixRuns(trans.getSrc(), trans.getOrder()[dim], axis);
          })
          .Case([&](ConvertLayoutOp convert) {
            return getPrefixRuns(convert.getSrc(), dim, axis);
          })
          .Default([](Operation *) { return int64_t(1); });
  return std::max(constancy, runs);
}

int64_t mlir::tkc::gpu::getAccessWidth(Value ptr, Value mask,
                                       AxisInfoAnalysis &axis, bool boundedRuns,
                                       Attribute layout) {
  auto type = cast<RankedTensorType>(ptr.getType());
  if (layout)
    type = withLayout(type, layout);
  LinearLayout linear = getLinearLayout(type);
  int64_t bytes = std::max<unsigned>(1, cast<PointerType>(type.getElementType())
                                                .getPointeeType()
                                                .getIntOrFloatBitWidth() /
                                            8);
  unsigned dim = getAccessDim(type);
  const AxisInfo &info = axis.get(ptr);
  int64_t best = std::min<int64_t>(linear.getContiguousRegisters(dim),
                                   info.contiguity[dim]);
  best = std::min(best, std::max<int64_t>(1, info.divisibility[dim] / bytes));
  best = std::min(best, 16 / bytes);
  if (mask)
    best = std::min(best, boundedRuns ? getPrefixRuns(mask, dim, axis)
                                      : axis.get(mask).constancy[dim]);
  return std::max<int64_t>(1, llvm::bit_floor(static_cast<uint64_t>(best)));
}
