//===- TKCGPUDialect.cpp - The tkc_gpu dialect ----------------------------===//
//
// Registers the tkc_gpu attributes and ops; parses, prints and verifies the
// blocked encoding; picks a dot's result layout; permutes a blocked layout's
// dimensions for tkc.trans and finds one for tkc.reshape; converts encodings
// (blocked, nvidia_mma, amd_mfma, slice, dot operand) to linear layouts;
// folds trivial
// layout conversions.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tkc::gpu;

#include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrInterfaces.cpp.inc"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUTypes.cpp.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/TKCGPU/IR/TKCGPUOps.cpp.inc"

namespace {
/// Prints layouts as `#blocked`, `#blocked1`, ... aliases.
struct TKCGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<NvidiaMmaEncodingAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<AmdMfmaEncodingAttr>(attr)) {
      os << "mfma";
      return AliasResult::FinalAlias;
    }
    if (isa<DotOperandEncodingAttr>(attr)) {
      os << "dot_op";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearEncodingAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TKCGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addInterfaces<TKCGPUOpAsmInterface>();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/TKCGPU/IR/TKCGPUOps.cpp.inc"
      >();
}

void TKCGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "compiler/Dialect/TKCGPU/IR/TKCGPUTypes.cpp.inc"
      >();
}

void TKCGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> fields[4];
  const char *names[] = {"sizePerThread", "threadsPerWarp", "warpsPerCTA",
                         "order"};
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  for (unsigned i = 0; i < 4; ++i) {
    if ((i && parser.parseComma()) || parser.parseKeyword(names[i]) ||
        parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          unsigned value;
          if (parser.parseInteger(value))
            return failure();
          fields[i].push_back(value);
          return success();
        }))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      parser.getContext(), fields[0], fields[1], fields[2], fields[3]);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  auto list = [&](StringRef name, ArrayRef<unsigned> values, bool first) {
    printer << (first ? "" : ", ") << name << " = [";
    llvm::interleaveComma(values, printer);
    printer << "]";
  };
  printer << "<{";
  list("sizePerThread", getSizePerThread(), true);
  list("threadsPerWarp", getThreadsPerWarp(), false);
  list("warpsPerCTA", getWarpsPerCTA(), false);
  list("order", getOrder(), false);
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0 || sizePerThread.size() != rank ||
      threadsPerWarp.size() != rank || warpsPerCTA.size() != rank)
    return emitError() << "blocked layout fields must all have the same, "
                          "non-zero rank";
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "blocked layout order must be a permutation of "
                            "0.."
                         << rank - 1;
    seen[d] = true;
  }
  for (ArrayRef<unsigned> field : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : field)
      if (!llvm::isPowerOf2_32(v))
        return emitError() << "blocked layout sizes must be powers of two, "
                              "got "
                           << v;
  return success();
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }

LinearLayout
BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return LinearLayout::blocked(shape, getSizePerThread(), getThreadsPerWarp(),
                               getWarpsPerCTA(), getOrder());
}

BlockedEncodingAttr BlockedEncodingAttr::getWithSizePerThread(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
    unsigned numWarps, unsigned threadsPerWarp) {
  unsigned rank = shape.size();
  SmallVector<unsigned> threads(rank, 1), warps(rank, 1);
  // Spread lanes, then warps, over what each dimension has left, fastest
  // dimension first; what cannot be spread goes to the slowest dimension,
  // where it replicates.
  auto spread = [&](SmallVector<unsigned> &out, unsigned count,
                    auto alreadyCovered) {
    for (unsigned d : order) {
      int64_t room = std::max<int64_t>(1, shape[d] / alreadyCovered(d));
      unsigned n = static_cast<unsigned>(std::min<int64_t>(count, room));
      out[d] = n;
      count /= n;
    }
    out[order.back()] *= count;
  };
  spread(threads, threadsPerWarp,
         [&](unsigned d) -> int64_t { return sizePerThread[d]; });
  spread(warps, numWarps, [&](unsigned d) -> int64_t {
    return static_cast<int64_t>(sizePerThread[d]) * threads[d];
  });
  return BlockedEncodingAttr::get(context, sizePerThread, threads, warps,
                                  order);
}

BlockedEncodingAttr BlockedEncodingAttr::getDefault(MLIRContext *context,
                                                    ArrayRef<int64_t> shape,
                                                    unsigned numWarps,
                                                    unsigned threadsPerWarp) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  SmallVector<unsigned> ones(rank, 1);
  return getWithSizePerThread(context, shape, ones, order, numWarps,
                              threadsPerWarp);
}

BlockedEncodingAttr BlockedEncodingAttr::getForDotResult(
    MLIRContext *context, ArrayRef<int64_t> shape, unsigned numWarps,
    unsigned threadsPerWarp, unsigned maxColumnRun) {
  unsigned rank = shape.size();
  bool batched = rank == 3;
  int64_t batch = batched ? shape[0] : 1;
  int64_t m = shape[rank - 2], n = shape[rank - 1];
  int64_t threads = int64_t(numWarps) * threadsPerWarp;
  auto perThread = [](int64_t extent, int64_t spread) {
    return std::max<int64_t>(1, extent / spread);
  };
  // Threads along batch, M and N. A thread reads K values of `a` per row
  // and of `b` per column of its tile from shared memory, so the split with
  // the fewest reads (per batch) wins. A warp whose lanes lie along several
  // rows of `a` reads as many rows at each K, which lie in the same banks
  // where a row is a multiple of 128 bytes: each read of `a` then counts
  // that many times (lanes go along N first, so threadsPerWarp / lanes
  // along N of them). Then one where no thread repeats another's elements;
  // then the one with most threads along N (the first found, as N's share
  // shrinks).
  int64_t tb = 1, tm = 1, tn = threads;
  std::pair<int64_t, bool> best{std::numeric_limits<int64_t>::max(), true};
  for (int64_t b = 1; b <= (batched ? threads : 1); b *= 2)
    for (int64_t r = 1; b * r <= threads; r *= 2) {
      int64_t c = threads / (b * r);
      int64_t rowsPerRead =
          threadsPerWarp / std::min<int64_t>(threadsPerWarp, c);
      std::pair<int64_t, bool> cost{
          perThread(batch, b) *
              (perThread(m, r) * rowsPerRead + perThread(n, c)),
          b > batch || r > m || c > n};
      if (cost < best) {
        best = cost;
        tb = b;
        tm = r;
        tn = c;
      }
    }
  // Lanes go along N first, then M, then the batch; warps take the rest.
  int64_t ln = std::min<int64_t>(threadsPerWarp, tn);
  int64_t lm = std::min<int64_t>(threadsPerWarp / ln, tm);
  int64_t lb = threadsPerWarp / (ln * lm);
  SmallVector<unsigned> size{unsigned(perThread(m, tm)),
                             unsigned(perThread(n, tn))};
  if (maxColumnRun)
    size[1] = std::min(size[1], maxColumnRun);
  SmallVector<unsigned> lanes{unsigned(lm), unsigned(ln)};
  SmallVector<unsigned> warps{unsigned(tm / lm), unsigned(tn / ln)};
  SmallVector<unsigned> order{1, 0};
  if (batched) {
    size.insert(size.begin(), unsigned(perThread(batch, tb)));
    lanes.insert(lanes.begin(), unsigned(lb));
    warps.insert(warps.begin(), unsigned(tb / lb));
    order = {2, 1, 0};
  }
  return BlockedEncodingAttr::get(context, size, lanes, warps, order);
}

BlockedEncodingAttr
BlockedEncodingAttr::getTransposed(ArrayRef<int32_t> order) const {
  unsigned rank = order.size();
  SmallVector<unsigned> size, threads, warps, inverse(rank), newOrder;
  for (auto [i, d] : llvm::enumerate(order)) {
    size.push_back(getSizePerThread()[d]);
    threads.push_back(getThreadsPerWarp()[d]);
    warps.push_back(getWarpsPerCTA()[d]);
    inverse[d] = i;
  }
  // The same dimensions, fastest first, under their new numbers.
  for (unsigned d : getOrder())
    newOrder.push_back(inverse[d]);
  return BlockedEncodingAttr::get(getContext(), size, threads, warps, newOrder);
}

BlockedEncodingAttr
mlir::tkc::gpu::getReshapedLayout(LayoutEncodingAttr layout,
                                  ArrayRef<int64_t> srcShape,
                                  ArrayRef<int64_t> shape) {
  LinearLayout want =
      LinearLayout::reshape(layout.toLinearLayout(srcShape), shape);
  unsigned rank = shape.size();
  unsigned numRegisters = want.getNumRegisters();
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  // Every sizePerThread of powers of two within the shape and the
  // registers, the slowest dimension counting fastest.
  SmallVector<unsigned> size(rank, 1);
  while (true) {
    int64_t product = 1;
    for (unsigned v : size)
      product *= v;
    if (product <= numRegisters) {
      auto candidate = BlockedEncodingAttr::getWithSizePerThread(
          layout.getContext(), shape, size, order, want.getSize(HwDim::Warp),
          want.getSize(HwDim::Lane));
      LinearLayout candidateLayout = candidate.toLinearLayout(shape);
      if (candidateLayout.getNumRegisters() == numRegisters &&
          candidateLayout.getRegisterMapFrom(want))
        return candidate;
    }
    unsigned d = 0;
    while (d < rank && (size[d] *= 2) > shape[d])
      size[d++] = 1;
    if (d == rank)
      return {};
  }
}

BlockedEncodingAttr BlockedEncodingAttr::getJoined() const {
  auto extend = [](ArrayRef<unsigned> values, unsigned last) {
    SmallVector<unsigned> extended(values);
    extended.push_back(last);
    return extended;
  };
  SmallVector<unsigned> order = {getRank()};
  llvm::append_range(order, getOrder());
  return get(getContext(), extend(getSizePerThread(), 2),
             extend(getThreadsPerWarp(), 1), extend(getWarpsPerCTA(), 1),
             order);
}

BlockedEncodingAttr BlockedEncodingAttr::getSplit() const {
  if (getRank() < 2 || getOrder().front() != getRank() - 1)
    return {};
  auto drop = [](ArrayRef<unsigned> values) {
    return SmallVector<unsigned>(values.drop_back());
  };
  auto single = get(getContext(), drop(getSizePerThread()),
                    drop(getThreadsPerWarp()), drop(getWarpsPerCTA()),
                    SmallVector<unsigned>(getOrder().drop_front()));
  return single.getJoined() == *this ? single : BlockedEncodingAttr();
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned version, ArrayRef<unsigned> warpsPerCTA,
                              unsigned instrN) {
  if (version != 2)
    return emitError() << "nvidia_mma supports version 2 (mma.sync), got "
                       << version;
  if (warpsPerCTA.size() != 2 || !llvm::all_of(warpsPerCTA, [](unsigned w) {
        return llvm::isPowerOf2_32(w);
      }))
    return emitError() << "nvidia_mma needs two power-of-two warp counts";
  if (instrN < 8 || !llvm::isPowerOf2_32(instrN))
    return emitError() << "nvidia_mma instrN must be a power of two of at "
                          "least 8, got "
                       << instrN;
  return success();
}

unsigned NvidiaMmaEncodingAttr::getRank() const { return 2; }

LinearLayout
NvidiaMmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return LinearLayout::nvidiaMmaV2(shape, getWarpsPerCTA(), getInstrN());
}

//===----------------------------------------------------------------------===//
// AmdMfmaEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
AmdMfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> instrShape) {
  if (warpsPerCTA.size() != 2 || !llvm::all_of(warpsPerCTA, [](unsigned w) {
        return llvm::isPowerOf2_32(w);
      }))
    return emitError() << "amd_mfma needs two power-of-two warp counts";
  if (instrShape.size() != 2 || instrShape[0] != instrShape[1] ||
      (instrShape[0] != 32 && instrShape[0] != 16))
    return emitError() << "amd_mfma instrShape must be [32, 32] or [16, 16]";
  return success();
}

unsigned AmdMfmaEncodingAttr::getRank() const { return 2; }

LinearLayout
AmdMfmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return LinearLayout::amdMfma(shape, getInstrShape(), getWarpsPerCTA());
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, LayoutEncodingAttr parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "dot operand index must be 0 (a) or 1 (b), got "
                       << opIdx;
  if (isa<NvidiaMmaEncodingAttr>(parent)) {
    if (kWidth != 1 && kWidth != 2 && kWidth != 4)
      return emitError() << "dot operands of an nvidia_mma parent need kWidth "
                            "1, 2 or 4, got "
                         << kWidth;
    return success();
  }
  if (isa<AmdMfmaEncodingAttr>(parent)) {
    if (kWidth != 1 && kWidth != 2 && kWidth != 4 && kWidth != 8)
      return emitError() << "dot operands of an amd_mfma parent need kWidth "
                            "1, 2, 4 or 8, got "
                         << kWidth;
    return success();
  }
  if (!isa<BlockedEncodingAttr>(parent))
    return emitError() << "dot operand layouts have blocked, nvidia_mma or "
                          "amd_mfma parents only, got "
                       << parent;
  if (kWidth != 0)
    return emitError() << "dot operands of a blocked parent take no kWidth";
  if (parent.getRank() != 2 && parent.getRank() != 3)
    return emitError() << "dot operand layouts need a parent of rank 2 or 3, "
                          "got rank "
                       << parent.getRank();
  return success();
}

unsigned DotOperandEncodingAttr::getRank() const {
  return getParent().getRank();
}

LinearLayout
DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(getParent()))
    return LinearLayout::nvidiaMmaV2Operand(
        shape, getOpIdx(), getKWidth(), mma.getWarpsPerCTA(), mma.getInstrN());
  if (auto mfma = dyn_cast<AmdMfmaEncodingAttr>(getParent()))
    return LinearLayout::amdMfmaOperand(shape, getOpIdx(), getKWidth(),
                                        mfma.getInstrShape(),
                                        mfma.getWarpsPerCTA());
  // The parent laid over the operand's shape with K collapsed to 1 has, in
  // the other dimensions, the bases of the dot's result (a blocked layout
  // treats each dimension alone) and zero along K, where the result has N
  // (for a) or M (for b): exactly the operand's lanes and warps.
  unsigned kDim = getKDim();
  SmallVector<int64_t> parentShape(shape);
  parentShape[kDim] = 1;
  return LinearLayout::spanInRegisters(getParent().toLinearLayout(parentShape),
                                       kDim, shape[kDim]);
}

//===----------------------------------------------------------------------===//
// PermutedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
PermutedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             ArrayRef<int32_t> order,
                             LayoutEncodingAttr parent) {
  if (order.size() != parent.getRank())
    return emitError() << "permuted layout needs an order of the parent's "
                       << parent.getRank() << " dimensions, got "
                       << order.size();
  SmallVector<int32_t> sorted(order);
  llvm::sort(sorted);
  for (auto [i, d] : llvm::enumerate(sorted))
    if (d != static_cast<int32_t>(i))
      return emitError() << "permuted layout's order is not a permutation";
  return success();
}

unsigned PermutedEncodingAttr::getRank() const { return getOrder().size(); }

LinearLayout
PermutedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  ArrayRef<int32_t> order = getOrder();
  SmallVector<int64_t> parentShape(shape.size());
  for (auto [i, d] : llvm::enumerate(order))
    parentShape[d] = shape[i];
  LinearLayout parent = getParent().toLinearLayout(parentShape);
  LinearLayout layout(shape);
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : parent.getBases(dim)) {
      LinearLayout::Basis permuted(shape.size());
      for (auto [i, d] : llvm::enumerate(order))
        permuted[i] = basis[d];
      layout.addBasis(dim, permuted);
    }
  return layout;
}

Attribute mlir::tkc::gpu::getTransposedLayout(Attribute layout,
                                              ArrayRef<int32_t> order) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return blocked.getTransposed(order);
  // A linear layout's bases take the permuted coordinates.
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout))
    return linear.mapBases(order.size(), [&](const LinearLayout::Basis &b) {
      LinearLayout::Basis permuted;
      for (int32_t d : order)
        permuted.push_back(b[d]);
      return permuted;
    });
  auto parent = dyn_cast<LayoutEncodingAttr>(layout);
  if (!parent || isa<DotOperandEncodingAttr>(layout))
    return {};
  // A permutation of a permutation is one permutation of the parent.
  SmallVector<int32_t> composed(order);
  if (auto permuted = dyn_cast<PermutedEncodingAttr>(layout)) {
    for (auto [i, d] : llvm::enumerate(order))
      composed[i] = permuted.getOrder()[d];
    parent = permuted.getParent();
  }
  if (llvm::all_of(llvm::enumerate(composed), [](auto p) {
        return p.value() == static_cast<int32_t>(p.index());
      }))
    return parent;
  return PermutedEncodingAttr::get(layout.getContext(), composed, parent);
}

LayoutEncodingAttr mlir::tkc::gpu::getJoinedLayout(Attribute layout) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    return blocked.getJoined();
  // The parent's new last dimension is the slice's new last dimension.
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout)) {
    LayoutEncodingAttr parent = getJoinedLayout(slice.getParent());
    return parent ? SliceEncodingAttr::get(layout.getContext(), slice.getDim(),
                                           parent)
                  : LayoutEncodingAttr();
  }
  // The pair in a new first register bit, a new last coordinate.
  if (auto linear = dyn_cast<LinearEncodingAttr>(layout)) {
    unsigned rank = linear.getRank() + 1;
    auto extended = linear.mapBases(rank, [](LinearLayout::Basis b) {
      b.push_back(0);
      return b;
    });
    SmallVector<int32_t> registers(rank - 1, 0);
    registers.push_back(1);
    llvm::append_range(registers, extended.getRegisterBases());
    return LinearEncodingAttr::get(layout.getContext(), rank, registers,
                                   extended.getLaneBases(),
                                   extended.getWarpBases());
  }
  // The pair's dimension stays last, where the parent adds it.
  if (auto permuted = dyn_cast<PermutedEncodingAttr>(layout)) {
    LayoutEncodingAttr parent = getJoinedLayout(permuted.getParent());
    if (!parent)
      return {};
    SmallVector<int32_t> order(permuted.getOrder());
    order.push_back(order.size());
    return PermutedEncodingAttr::get(layout.getContext(), order, parent);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

namespace {
/// The hardware dimensions of a linear encoding, in the order it prints
/// them.
constexpr std::pair<HwDim, const char *> kLinearDims[] = {
    {HwDim::Register, "register"},
    {HwDim::Lane, "lane"},
    {HwDim::Warp, "warp"}};
} // namespace

LinearEncodingAttr LinearEncodingAttr::get(MLIRContext *context,
                                           const LinearLayout &layout) {
  SmallVector<int32_t> flat[3];
  for (auto [dim, name] : kLinearDims)
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      llvm::append_range(flat[static_cast<unsigned>(dim)], basis);
  return get(context, layout.getShape().size(), flat[0], flat[1], flat[2]);
}

LinearEncodingAttr LinearEncodingAttr::mapBases(
    unsigned rank,
    function_ref<LinearLayout::Basis(const LinearLayout::Basis &)> f) const {
  SmallVector<int32_t> flat[3];
  for (auto [dim, name] : kLinearDims)
    for (const LinearLayout::Basis &basis : getBases(dim)) {
      LinearLayout::Basis mapped = f(basis);
      assert(mapped.size() == rank && "mapped basis rank mismatch");
      llvm::append_range(flat[static_cast<unsigned>(dim)], mapped);
    }
  return get(getContext(), rank, flat[0], flat[1], flat[2]);
}

SmallVector<LinearLayout::Basis> LinearEncodingAttr::getBases(HwDim dim) const {
  ArrayRef<int32_t> flat = dim == HwDim::Register ? getRegisterBases()
                           : dim == HwDim::Lane   ? getLaneBases()
                                                  : getWarpBases();
  SmallVector<LinearLayout::Basis> bases;
  for (size_t i = 0; i < flat.size(); i += getRank())
    bases.emplace_back(flat.slice(i, getRank()));
  return bases;
}

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<int32_t> flat[3];
  unsigned rank = 0;
  bool ranked = false;
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  for (auto [dim, name] : kLinearDims) {
    SmallVector<int32_t> &out = flat[static_cast<unsigned>(dim)];
    auto parseCoordinate = [&]() -> ParseResult {
      return parser.parseInteger(out.emplace_back());
    };
    auto parseBasis = [&]() -> ParseResult {
      size_t before = out.size();
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                         parseCoordinate))
        return failure();
      unsigned size = out.size() - before;
      if (ranked && size != rank)
        return parser.emitError(parser.getCurrentLocation(),
                                "linear layout bases must all have the "
                                "same rank");
      rank = size;
      ranked = true;
      return success();
    };
    if ((dim != HwDim::Register && parser.parseComma()) ||
        parser.parseKeyword(name) || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                       parseBasis))
      return {};
  }
  if (parser.parseRBrace() || parser.parseGreater())
    return {};
  if (!ranked) {
    parser.emitError(parser.getNameLoc(),
                     "linear layout needs at least one basis");
    return {};
  }
  return parser.getChecked<LinearEncodingAttr>(parser.getContext(), rank,
                                               flat[0], flat[1], flat[2]);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  for (auto [dim, name] : kLinearDims) {
    printer << (dim == HwDim::Register ? "" : ", ") << name << " = [";
    llvm::interleaveComma(getBases(dim), printer,
                          [&](const LinearLayout::Basis &basis) {
                            printer << "[";
                            llvm::interleaveComma(basis, printer);
                            printer << "]";
                          });
    printer << "]";
  }
  printer << "}>";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           unsigned rank, ArrayRef<int32_t> registerBases,
                           ArrayRef<int32_t> laneBases,
                           ArrayRef<int32_t> warpBases) {
  if (rank == 0)
    return emitError() << "linear layout needs a rank of at least 1";
  for (ArrayRef<int32_t> flat : {registerBases, laneBases, warpBases}) {
    if (flat.size() % rank)
      return emitError() << "linear layout bases must have " << rank
                         << " coordinates each";
    if (llvm::any_of(flat, [](int32_t c) { return c < 0; }))
      return emitError() << "linear layout coordinates must not be negative";
  }
  return success();
}

unsigned LinearEncodingAttr::getRank() const { return getNumDims(); }

LinearLayout LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  assert(shape.size() == getRank() && "linear layout rank mismatch");
  LinearLayout layout(shape);
  // How far the bases reach along each dimension, as a power of two.
  SmallVector<int64_t> reach(shape.size(), 1);
  for (auto [dim, name] : kLinearDims)
    for (LinearLayout::Basis basis : getBases(dim)) {
      for (auto [d, c] : llvm::enumerate(basis)) {
        reach[d] = std::max<int64_t>(reach[d], llvm::PowerOf2Ceil(c + 1));
        // Beyond a smaller tensor's extent, coordinates wrap.
        c &= static_cast<int32_t>(shape[d] - 1);
      }
      layout.addBasis(dim, std::move(basis));
    }
  // A larger tensor repeats the layout in further registers.
  for (auto [d, extent] : llvm::enumerate(shape))
    for (int64_t step = reach[d]; step < extent; step *= 2) {
      LinearLayout::Basis basis(shape.size(), 0);
      basis[d] = static_cast<int32_t>(step);
      layout.addBasis(HwDim::Register, std::move(basis));
    }
  return layout;
}

/// Whether `layout` puts each element in one register of one thread: no
/// hardware bit is a broadcast. The linear layouts of shape ops are made
/// only for such layouts: a chain of reshapes and reductions (tl.topk's
/// tournament) kept in the slices of its reductions would hold ever more
/// copies of ever fewer elements, where conversions spread them out again.
static bool holdsEachElementOnce(const LinearLayout &layout) {
  return !layout.getFreeBits(HwDim::Register) &&
         !layout.getFreeBits(HwDim::Lane) && !layout.getFreeBits(HwDim::Warp);
}

LayoutEncodingAttr mlir::tkc::gpu::getSplitLayout(LayoutEncodingAttr layout,
                                                  ArrayRef<int64_t> shape) {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
    if (BlockedEncodingAttr single = blocked.getSplit())
      return single;
  if (shape.size() < 2 || shape.back() != 2)
    return {};
  // One register bit must choose the pair's side, and no other bit may
  // move along the pair's dimension.
  LinearLayout pair = layout.toLinearLayout(shape);
  if (!holdsEachElementOnce(pair))
    return {};
  unsigned rank = shape.size() - 1;
  SmallVector<int32_t> flat[3];
  bool sided = false;
  for (HwDim dim : {HwDim::Register, HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : pair.getBases(dim)) {
      bool zero = llvm::all_of(ArrayRef(basis).drop_back(),
                               [](int32_t c) { return c == 0; });
      if (basis.back() == 1 && zero && dim == HwDim::Register && !sided) {
        sided = true;
        continue;
      }
      if (basis.back() != 0)
        return {};
      llvm::append_range(flat[static_cast<unsigned>(dim)],
                         ArrayRef(basis).drop_back());
    }
  if (!sided)
    return {};
  return LinearEncodingAttr::get(layout.getContext(), rank, flat[0], flat[1],
                                 flat[2]);
}

LayoutEncodingAttr
mlir::tkc::gpu::getReshapedEncoding(LayoutEncodingAttr layout,
                                    ArrayRef<int64_t> srcShape,
                                    ArrayRef<int64_t> shape, bool broadcast) {
  if (BlockedEncodingAttr blocked = getReshapedLayout(layout, srcShape, shape))
    return blocked;
  LinearLayout reshaped =
      LinearLayout::reshape(layout.toLinearLayout(srcShape), shape);
  return broadcast || holdsEachElementOnce(reshaped)
             ? LinearEncodingAttr::get(layout.getContext(), reshaped)
             : LayoutEncodingAttr();
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

unsigned SliceEncodingAttr::getRank() const {
  return getParent().getRank() - 1;
}

LinearLayout SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return LinearLayout::dropDim(getParent().toLinearLayout(parentShape),
                               getDim());
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) is one conversion from x.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

LayoutEncodingAttr mlir::tkc::gpu::getLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  return dyn_cast_or_null<LayoutEncodingAttr>(tensor.getEncoding());
}

LinearLayout mlir::tkc::gpu::getLinearLayout(RankedTensorType type) {
  return getLayout(type).toLinearLayout(type.getShape());
}

RankedTensorType mlir::tkc::gpu::withLayout(RankedTensorType type,
                                            Attribute layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

unsigned mlir::tkc::gpu::getModuleUInt(ModuleOp module, StringRef name) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return static_cast<unsigned>(attr.getInt());
  return 0;
}

void mlir::tkc::gpu::setMaskConstancy(Operation *op,
                                      ArrayRef<int64_t> constancy) {
  if (llvm::any_of(constancy, [](int64_t run) { return run > 1; }))
    op->setAttr(TKCGPUDialect::kMaskConstancy,
                DenseI64ArrayAttr::get(op->getContext(), constancy));
}

SmallVector<int64_t> mlir::tkc::gpu::getMaskConstancy(Operation *op) {
  if (auto attr =
          op->getAttrOfType<DenseI64ArrayAttr>(TKCGPUDialect::kMaskConstancy))
    return SmallVector<int64_t>(attr.asArrayRef());
  return {};
}

SmallVector<unsigned> mlir::tkc::gpu::getRunLeaders(RankedTensorType type,
                                                    ArrayRef<int64_t> runs) {
  // A register's coordinates combine with its lane's and warp's by XOR, so
  // two registers' elements share a block of the runs in every thread
  // exactly where their own coordinates, divided by the runs, agree.
  LinearLayout layout = getLinearLayout(type);
  unsigned count = layout.getNumRegisters();
  SmallVector<unsigned> leaders(count);
  std::map<SmallVector<int64_t, 4>, unsigned> firstOf;
  for (unsigned r = 0; r < count; ++r) {
    LinearLayout::Basis at = layout.applyDim(HwDim::Register, r);
    SmallVector<int64_t, 4> block;
    for (auto [c, run] : llvm::zip(at, runs))
      block.push_back(c / std::max<int64_t>(1, run & -run));
    leaders[r] = firstOf.try_emplace(block, r).first->second;
  }
  return leaders;
}

void mlir::tkc::gpu::setResultConstancy(Operation *op,
                                        ArrayRef<int64_t> constancy) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !getLayout(type) || constancy.size() != size_t(type.getRank()) ||
      llvm::all_of(constancy, [](int64_t run) { return run <= 1; }))
    return;
  SmallVector<unsigned> leaders = getRunLeaders(type, constancy);
  for (unsigned r = 0; r < leaders.size(); ++r)
    if (leaders[r] != r) {
      op->setAttr(TKCGPUDialect::kConstancy,
                  DenseI64ArrayAttr::get(op->getContext(), constancy));
      return;
    }
}

SmallVector<int64_t> mlir::tkc::gpu::getResultConstancy(Operation *op) {
  if (auto attr =
          op->getAttrOfType<DenseI64ArrayAttr>(TKCGPUDialect::kConstancy))
    return SmallVector<int64_t>(attr.asArrayRef());
  return {};
}

int64_t mlir::tkc::gpu::getDistinctElementsPerThread(RankedTensorType type) {
  LinearLayout layout = getLinearLayout(type);
  return layout.getNumRegisters() >>
         llvm::popcount(layout.getFreeBits(HwDim::Register));
}

int64_t mlir::tkc::gpu::getStorageBytes(Type type) {
  if (!type.isIntOrFloat())
    return 8; // Pointers.
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

bool mlir::tkc::gpu::isExpensiveArithmetic(Operation *op) {
  return isa<math::MathDialect>(op->getDialect()) ||
         isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::RemFOp,
             arith::RemSIOp, arith::RemUIOp>(op);
}

int64_t mlir::tkc::gpu::getSharedBytes(SharedBufferType type) {
  int64_t bytes = getStorageBytes(type.getElementType());
  for (int64_t size : type.getShape())
    bytes *= size;
  return bytes;
}

Value mlir::tkc::gpu::getViewedBuffer(Value view) {
  if (auto transposed = view.getDefiningOp<TransTileOp>())
    view = transposed.getTile();
  if (auto tile = view.getDefiningOp<TileOp>())
    view = tile.getBuffer();
  return view;
}

namespace {
/// Scratch of `warpBits` warps times `numOutputs` slots for each of `srcs`.
ReduceScratch makeScratch(unsigned warpBits, int64_t numOutputs,
                          ValueRange srcs) {
  ReduceScratch scratch;
  scratch.warpBits = warpBits;
  scratch.numOutputs = numOutputs;
  if (!warpBits)
    return scratch;
  for (Value src : srcs) {
    int64_t elem = getStorageBytes(getElementTypeOrSelf(src.getType()));
    scratch.bytes = llvm::alignTo(scratch.bytes, elem);
    scratch.offsets.push_back(scratch.bytes);
    scratch.bytes += (int64_t(1) << warpBits) * numOutputs * elem;
  }
  return scratch;
}

} // namespace

unsigned mlir::tkc::gpu::axisWarpBits(RankedTensorType type, unsigned axis) {
  unsigned bits = 0;
  // (The layout outlives the loop over its bases.)
  LinearLayout layout = getLinearLayout(type);
  for (const LinearLayout::Basis &basis : layout.getBases(HwDim::Warp))
    bits += basis[axis] != 0;
  return bits;
}

ReduceScratch mlir::tkc::gpu::getReduceScratch(ReduceOp reduce) {
  auto srcType = cast<RankedTensorType>(reduce.getSrcs().front().getType());
  unsigned axis = reduce.getAxis();
  return makeScratch(axisWarpBits(srcType, axis),
                     srcType.getNumElements() / srcType.getDimSize(axis),
                     reduce.getSrcs());
}

int64_t mlir::tkc::gpu::getScanRepetitions(RankedTensorType type,
                                           unsigned axis) {
  LinearLayout layout = getLinearLayout(type);
  // Lanes and warps cover the axis above the thread's first run of
  // registers; register bits above them repeat that tile.
  int32_t lowest = type.getDimSize(axis);
  for (HwDim dim : {HwDim::Lane, HwDim::Warp})
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      if (basis[axis] != 0)
        lowest = std::min(lowest, basis[axis]);
  int64_t repetitions = 1;
  for (const LinearLayout::Basis &basis : layout.getBases(HwDim::Register))
    if (basis[axis] > lowest)
      repetitions *= 2;
  return repetitions;
}

std::optional<SmallVector<unsigned>>
mlir::tkc::gpu::getReshapeRegisterMap(RankedTensorType srcType,
                                      RankedTensorType type) {
  if (!getLayout(srcType) || !getLayout(type))
    return std::nullopt;
  return getLinearLayout(type).getRegisterMapFrom(
      LinearLayout::reshape(getLinearLayout(srcType), type.getShape()));
}

int64_t mlir::tkc::gpu::getAtomicScratchBytes(Operation *atomic) {
  Value result = atomic->getResult(0);
  if (result.use_empty())
    return 0;
  int64_t bytes = getStorageBytes(getElementTypeOrSelf(result.getType()));
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type)
    return bytes; // every thread holds a scalar
  LinearLayout layout = getLinearLayout(type);
  if (!layout.getFreeBits(HwDim::Lane) && !layout.getFreeBits(HwDim::Warp))
    return 0;
  return type.getNumElements() * bytes;
}

ReduceScratch mlir::tkc::gpu::getScanScratch(ScanOp scan) {
  auto srcType = cast<RankedTensorType>(scan.getSrcs().front().getType());
  unsigned axis = scan.getAxis();
  return makeScratch(axisWarpBits(srcType, axis),
                     srcType.getNumElements() / srcType.getDimSize(axis) *
                         getScanRepetitions(srcType, axis),
                     scan.getSrcs());
}

//===----------------------------------------------------------------------===//
// Shared-memory tiles
//===----------------------------------------------------------------------===//

LogicalResult
SharedBufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, Type elementType,
                         ArrayRef<unsigned> order, bool swizzled) {
  if (order.size() == 1
          ? order[0] != 0
          : order.size() != 2 || order[0] > 1 || order[1] != 1 - order[0])
    return emitError() << "order must be [0], [1, 0] or [0, 1]";
  if (shape.size() != order.size() && shape.size() != order.size() + 1)
    return emitError() << "a shared buffer is one " << order.size()
                       << "-D tile (as its order says) or a stack of them; "
                          "got rank "
                       << shape.size();
  if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
    return emitError() << "dimensions must be positive";
  if (!elementType.isIntOrFloat())
    return emitError() << "elements must be integers or floats";
  return success();
}

int64_t mlir::tkc::gpu::getChunkElements(Type type) {
  return 16 / getStorageBytes(type);
}

TileSwizzle::TileSwizzle(ArrayRef<int64_t> shape, unsigned fast, Type elem,
                         bool swizzled, bool interleaved)
    : fast(fast), rows(shape.size() == 1 ? 1 : shape[1 - fast]),
      cols(shape[fast]), bytes(getStorageBytes(elem)),
      chunk(getChunkElements(elem)) {
  blockCols = std::min<int64_t>(cols, 128 / bytes);
  // Eight consecutive rows must start in eight different 16-byte bank
  // groups of 128 bytes: rows of 8 chunks take phases 0..7, one row each;
  // shorter rows share a phase among 8 / chunks rows.
  maxPhase = swizzled ? std::min<int64_t>(blockCols / chunk, 8) : 1;
  perPhase = 8 / maxPhase;
  this->interleaved = interleaved && bytes == 4 && maxPhase == 8;
}

int64_t TileSwizzle::phase(int64_t row) const {
  if (interleaved)
    return (row & 3) << 1 | (row & 7) >> 2;
  return row / perPhase % maxPhase;
}

int64_t TileSwizzle::offset(int64_t row, int64_t col) const {
  int64_t inBlock = col % blockCols;
  int64_t swizzled = inBlock / chunk ^ phase(row);
  return col / blockCols * rows * blockCols + row * blockCols +
         swizzled * chunk + inBlock % chunk;
}

std::optional<TileSwizzle>
mlir::tkc::gpu::getTensorCopySwizzle(SharedBufferType tile) {
  if (tile.getShape().size() != 2 || !tile.getSwizzled())
    return std::nullopt;
  Type elem = tile.getElementType();
  int64_t bytes = getStorageBytes(elem);
  TileSwizzle swizzle(tile.getShape(), tile.getOrder().front(), elem,
                      /*swizzled=*/true, /*interleaved=*/false);
  if (bytes > 4 || swizzle.rows > 256 || swizzle.cols % swizzle.blockCols ||
      swizzle.blockCols * bytes % 16)
    return std::nullopt;
  return swizzle;
}

Value mlir::tkc::gpu::getTensorMapFor(Operation *access, StringAttr descriptor,
                                      RankedTensorType block,
                                      const TileSwizzle &swizzle) {
  auto func = access->getParentOfType<FunctionOpInterface>();
  auto sources =
      func->getAttrOfType<DictionaryAttr>(TKCDialect::kTensorDescriptors);
  Attribute source = sources ? sources.get(descriptor) : Attribute();
  if (!source || block.getRank() < 2 || block.getRank() > 5)
    return nullptr;
  ArrayRef<int64_t> leading = block.getShape().drop_back(2);
  if (llvm::any_of(leading, [](int64_t size) { return size != 1; }))
    return nullptr;
  Type elem = block.getElementType();
  int64_t rowBytes = swizzle.blockCols * getStorageBytes(elem);
  int64_t swizzleBytes = rowBytes == 16 ? 0 : rowBytes;

  auto module = access->getParentOfType<ModuleOp>();
  Builder b(access->getContext());
  SmallVector<int64_t> box(leading.size(), 1);
  box.append({swizzle.rows, swizzle.blockCols});
  SmallVector<Attribute> maps;
  if (auto known = module->getAttrOfType<ArrayAttr>(TKCGPUDialect::kTensorMaps))
    maps.assign(known.begin(), known.end());
  for (Attribute attr : maps) {
    auto map = cast<DictionaryAttr>(attr);
    if (map.get("descriptor") != descriptor)
      continue;
    if (map.get("box") != b.getDenseI64ArrayAttr(box) ||
        map.get("swizzle") != b.getI32IntegerAttr(swizzleBytes) ||
        map.get("element") != TypeAttr::get(elem))
      return nullptr;
    return func.getArgument(cast<IntegerAttr>(map.get("arg")).getInt());
  }
  unsigned arg = func.getNumArguments();
  if (failed(func.insertArgument(arg,
                                 LLVM::LLVMPointerType::get(b.getContext()),
                                 DictionaryAttr(), access->getLoc())))
    return nullptr;
  maps.push_back(b.getDictionaryAttr({
      b.getNamedAttr("descriptor", descriptor),
      b.getNamedAttr("arg", b.getI32IntegerAttr(arg)),
      b.getNamedAttr("box", b.getDenseI64ArrayAttr(box)),
      b.getNamedAttr("swizzle", b.getI32IntegerAttr(swizzleBytes)),
      b.getNamedAttr("element", TypeAttr::get(elem)),
      b.getNamedAttr("source", source),
  }));
  module->setAttr(TKCGPUDialect::kTensorMaps, b.getArrayAttr(maps));
  return func.getArgument(arg);
}

bool mlir::tkc::gpu::holdsWordPerRegister(DotOperandEncodingAttr layout,
                                          Type elementType) {
  return layout.getKWidth() * getStorageBytes(elementType) == 4;
}

std::optional<WarpShuffles>
mlir::tkc::gpu::getOperandShuffles(RankedTensorType from, RankedTensorType to) {
  // The registers a lane sends from, times the rounds a register comes from,
  // beyond which the selects cost more than shared memory.
  constexpr unsigned kMaxChoices = 4;
  auto operand = dyn_cast<DotOperandEncodingAttr>(to.getEncoding());
  if (!operand || !isa<NvidiaMmaEncodingAttr>(operand.getParent()) ||
      !from.getElementType().isIntOrFloat())
    return std::nullopt;
  // A blocked tile that matrix loads can read goes through shared memory
  // (MmaOperandLowering), which the scratch allocation must then provide.
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(from.getEncoding()))
    if (isMatrixLoadable(to, blocked.getOrder().front()))
      return std::nullopt;
  return getWarpShuffles(getLinearLayout(from), getLinearLayout(to),
                         kMaxChoices);
}

bool mlir::tkc::gpu::convertsThroughSharedMemory(RankedTensorType from,
                                                 RankedTensorType to) {
  return !getLinearLayout(to).getRegisterMapFrom(getLinearLayout(from)) &&
         !getOperandShuffles(from, to);
}

unsigned mlir::tkc::gpu::getMaxConversionRounds(RankedTensorType from,
                                                RankedTensorType to) {
  if (isa<DotOperandEncodingAttr>(to.getEncoding()))
    return 1;
  LinearLayout src = getLinearLayout(from), dst = getLinearLayout(to);
  unsigned k = 0;
  while (src.getTopRegisterBits(k + 1) && dst.getTopRegisterBits(k + 1))
    ++k;
  return 1u << k;
}

unsigned mlir::tkc::gpu::getConversionRounds(Operation *convert) {
  auto rounds =
      convert->getAttrOfType<IntegerAttr>(TKCGPUDialect::kConversionRounds);
  return rounds ? rounds.getInt() : 1;
}

bool mlir::tkc::gpu::isSharedOperand(RankedTensorType type, unsigned fast) {
  auto operand = dyn_cast<DotOperandEncodingAttr>(type.getEncoding());
  if (!operand || !isa<NvidiaMmaEncodingAttr>(operand.getParent()) ||
      type.getRank() != 2 || fast > 1)
    return false;
  return holdsWordPerRegister(operand, type.getElementType()) &&
         type.getDimSize(fast) % getChunkElements(type.getElementType()) == 0;
}

bool mlir::tkc::gpu::accessesOneRowPerPass(ArrayRef<RankedTensorType> types,
                                           unsigned fast) {
  return fast <= 1 && llvm::all_of(types, [&](RankedTensorType type) {
           if (type.getRank() != 2)
             return false;
           LinearLayout layout = getLinearLayout(type);
           int64_t bytes = getStorageBytes(type.getElementType());
           int64_t run = int64_t(1)
                         << layout.getAlignedRunBits(fast, 16 / bytes).size();
           int64_t passLanes = 128 / (run * bytes);
           ArrayRef<LinearLayout::Basis> lanes = layout.getBases(HwDim::Lane);
           for (unsigned bit = 0; bit < lanes.size() && (1 << bit) < passLanes;
                ++bit)
             if (lanes[bit][1 - fast] != 0)
               return false;
           return true;
         });
}

bool mlir::tkc::gpu::isMatrixLoadable(RankedTensorType type, unsigned fast) {
  if (!isSharedOperand(type, fast))
    return false;
  auto operand = cast<DotOperandEncodingAttr>(type.getEncoding());
  unsigned kDim = operand.getKDim(), oDim = 1 - kDim;
  if (fast != kDim && getStorageBytes(type.getElementType()) != 2)
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  return shape[kDim] % (2 * getChunkElements(type.getElementType())) == 0 &&
         shape[oDim] % (operand.getOpIdx() == 0 ? 16 : 8) == 0;
}

NvidiaMmaEncodingAttr
mlir::tkc::gpu::getWarpgroupMmaLayout(RankedTensorType type,
                                      unsigned numWarps) {
  Type acc = type.getElementType();
  bool integer = acc.isInteger(32);
  if (type.getRank() != 2 || !(acc.isF32() || acc.isF16() || integer) ||
      numWarps % 4 || numWarps == 0)
    return {};
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  unsigned wm = 4, wn = 1;
  while (wm * wn < numWarps) {
    if (m > 16 * int64_t(wm))
      wm *= 2;
    else
      wn *= 2;
  }
  if (m % (16 * wm) || n % wn)
    return {};
  int64_t instrN = n / wn;
  if (instrN % 8 || instrN > 256)
    return {};
  // Integer multiplies past n = 32 come in steps of 16 columns.
  if (integer && instrN > 32 && instrN % 16)
    return {};
  // With one group along N the layout is the same whatever instrN says.
  return NvidiaMmaEncodingAttr::get(type.getContext(), 2, {wm, wn},
                                    wn == 1 ? 8 : unsigned(instrN));
}

bool mlir::tkc::gpu::isWarpgroupMmaShape(RankedTensorType type,
                                         unsigned numWarps) {
  NvidiaMmaEncodingAttr layout = getWarpgroupMmaLayout(type, numWarps);
  if (!layout)
    return false;
  auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(type.getEncoding());
  return !mma || mma == layout;
}

bool mlir::tkc::gpu::isWarpgroupMmaOperand(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() ||
         type.isSignlessInteger(8) ||
         isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// Whether `tile` is one tile of `buffer`: the same tile and elements.
static bool isTileOf(SharedBufferType tile, SharedBufferType buffer) {
  return tile.getShape() == buffer.getTileShape() &&
         tile.getElementType() == buffer.getElementType() &&
         tile.getOrder() == buffer.getOrder() &&
         tile.getSwizzled() == buffer.getSwizzled();
}

LogicalResult TileOp::verify() {
  auto buffer = getBuffer().getType(), tile = getType();
  if (buffer.getShape().size() != buffer.getOrder().size() + 1 ||
      !isTileOf(tile, buffer))
    return emitOpError("result must be one tile of the stack ")
           << buffer << ", not " << tile;
  return success();
}

SharedBufferType TransTileOp::getTransposedType(SharedBufferType tile) {
  ArrayRef<int64_t> shape = tile.getShape();
  ArrayRef<unsigned> order = tile.getOrder();
  return SharedBufferType::get(
      tile.getContext(), {shape[1], shape[0]}, tile.getElementType(),
      {1 - order[0], 1 - order[1]}, tile.getSwizzled());
}

void TransTileOp::build(OpBuilder &builder, OperationState &state, Value tile) {
  build(builder, state,
        getTransposedType(cast<SharedBufferType>(tile.getType())), tile);
}

LogicalResult TransTileOp::verify() {
  SharedBufferType tile = getTile().getType();
  if (tile.getShape().size() != 2 || tile.getOrder().size() != 2 ||
      getType() != getTransposedType(tile))
    return emitOpError("result must be the 2-D tile ")
           << tile << " transposed, not " << getType();
  return success();
}

/// Whether `tensor` holds exactly the elements of `tile`.
static bool matchesTile(RankedTensorType tensor, SharedBufferType tile) {
  return tile.getShape().size() == tile.getOrder().size() &&
         tensor.getShape() == tile.getShape();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrType = cast<RankedTensorType>(getPtr().getType());
  SharedBufferType tile = getTile().getType();
  if (!matchesTile(ptrType, tile) ||
      getPointeeTypeLike(ptrType.getElementType()) != tile.getElementType())
    return emitOpError("pointers ")
           << ptrType << " do not address the elements of " << tile;
  if (getMask() && cast<RankedTensorType>(getMask().getType()).getShape() !=
                       ptrType.getShape())
    return emitOpError("mask must have the pointers' shape");
  if (Value limit = getLimit()) {
    auto type = cast<RankedTensorType>(limit.getType());
    if (!getMask() || type.getShape() != ptrType.getShape() ||
        !type.getElementType().isSignlessInteger())
      return emitOpError("limit must be integers of the pointers' shape, "
                         "beside a mask");
  }
  return success();
}

/// Whether `barriers` is a 1-D buffer of i64 words (memory barriers).
static bool isBarrierStack(SharedBufferType barriers) {
  return barriers.getShape().size() == 1 &&
         barriers.getElementType().isInteger(64);
}

/// The verifier of an op on memory barriers `barriers`.
static LogicalResult verifyBarriers(Operation *op, SharedBufferType barriers) {
  if (!isBarrierStack(barriers))
    return op->emitOpError("barriers must be a 1-D buffer of i64, got ")
           << barriers;
  return success();
}

LogicalResult BarrierInitOp::verify() {
  return verifyBarriers(*this, getBarriers().getType());
}

LogicalResult BarrierInvalOp::verify() {
  return verifyBarriers(*this, getBarriers().getType());
}

LogicalResult BarrierExpectOp::verify() {
  if (getBytes() <= 0)
    return emitOpError("expects a positive number of bytes");
  return verifyBarriers(*this, getBarriers().getType());
}

LogicalResult BarrierWaitOp::verify() {
  return verifyBarriers(*this, getBarriers().getType());
}

/// Checks what tensor copy or store `op` moves: 2-D `tile`, at two to five
/// `coords`, through a tensor map that is a pointer and in a layout the
/// copies read and write.
static LogicalResult verifyTensorCopy(Operation *op, Value tensorMap,
                                      ValueRange coords,
                                      SharedBufferType tile) {
  if (tile.getShape().size() != 2 || coords.size() < 2 || coords.size() > 5)
    return op->emitOpError("moves 2-D tiles, at two to five coordinates; got ")
           << coords.size() << " for " << tile;
  if (!isa<LLVM::LLVMPointerType>(tensorMap.getType()))
    return op->emitOpError("takes its tensor map as an !llvm.ptr");
  if (!getTensorCopySwizzle(tile))
    return op->emitOpError("cannot move ")
           << tile << ": tensor copies move swizzled rows of 1-, 2- or "
           << "4-byte elements, whole 16-byte chunks, at most 256 of them";
  return success();
}

LogicalResult TensorCopyOp::verify() {
  if (failed(verifyTensorCopy(*this, getTensorMap(), getCoords(),
                              getTile().getType())))
    return failure();
  return verifyBarriers(*this, getBarriers().getType());
}

LogicalResult TensorStoreOp::verify() {
  return verifyTensorCopy(*this, getTensorMap(), getCoords(),
                          getTile().getType());
}

LogicalResult LocalAllocOp::verify() {
  if (!getInit())
    return success();
  auto type = cast<RankedTensorType>(getInit().getType());
  SharedBufferType tile = getType();
  if (!matchesTile(type, tile) ||
      type.getElementType() != tile.getElementType())
    return emitOpError("initial value ")
           << type << " does not hold the elements of " << tile;
  return success();
}

LogicalResult LocalLoadOp::verify() {
  RankedTensorType type = getType();
  SharedBufferType tile = getTile().getType();
  if (!matchesTile(type, tile) ||
      type.getElementType() != tile.getElementType())
    return emitOpError("result ")
           << type << " does not hold the elements of " << tile;
  return success();
}

LogicalResult WarpgroupDotOp::verify() {
  SharedBufferType b = getB().getType();
  RankedTensorType d = getType();
  ArrayRef<int64_t> a;
  if (auto tile = dyn_cast<SharedBufferType>(getA().getType()))
    a = tile.getShape();
  else
    a = cast<RankedTensorType>(getA().getType()).getShape();
  if (a.size() != 2 || b.getShape().size() != 2 || d.getRank() != 2 ||
      a[1] != b.getShape()[0] || a[0] != d.getDimSize(0) ||
      b.getShape()[1] != d.getDimSize(1))
    return emitOpError("expects [M, K] and [K, N] operands and an [M, N] "
                       "result");
  if (!isa<NvidiaMmaEncodingAttr>(d.getEncoding()))
    return emitOpError("result must have an nvidia_mma layout");
  auto aTile = dyn_cast<SharedBufferType>(getA().getType());
  if (!b.getSwizzled() || (aTile && !aTile.getSwizzled()))
    return emitOpError("reads swizzled tiles only");
  return success();
}
