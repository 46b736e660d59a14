//===- MmaOperandLowering.cpp - Dot operands through swizzled shared memory
//===//
//
// A convert_layout from a blocked layout to a 16-bit `#tkc_gpu.dot_op` of an
// nvidia_mma parent, on targets with matrix loads (TargetInfo::
// loadMatrices: ldmatrix). The tile is stored in the scratch in the
// source's order (its fastest dimension contiguous), each thread writing
// its runs of up to eight elements as one vector, with the 16-byte chunks
// of each row XOR-swizzled by the row so that the eight rows one matrix
// load reads fall in eight different bank groups. Each warp then loads its
// fragments as 8x8 matrices: four per 16x16 tile of `a`, four per two
// 16x8 K-steps of `b` (two when K holds a single step), transposed when the
// stored rows run along M (N) rather than along K.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/MmaOperandLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// Elements per 16-byte chunk of a stored row.
constexpr int64_t kChunk = 8;

/// The stored tile: `rows` x `cols` 16-bit elements, `fast` the tensor
/// dimension along its rows; chunk `c` of row `r` lies at chunk
/// c ^ ((r / perPhase) % maxPhase).
struct SwizzledTile {
  unsigned fast;
  int64_t rows, cols;
  int64_t perPhase, maxPhase;

  SwizzledTile(ArrayRef<int64_t> shape, unsigned fast)
      : fast(fast), rows(shape[1 - fast]), cols(shape[fast]) {
    // Eight consecutive rows must start in eight different 16-byte bank
    // groups of 128 bytes: rows of 8 or more chunks take phases 0..7, one
    // row each; shorter rows share a phase among 8 / chunks rows.
    maxPhase = std::min<int64_t>(cols / kChunk, 8);
    perPhase = 8 / maxPhase;
  }

  /// The element offset of (`row`, `col`) (i32; `col` a multiple of the
  /// access width, which divides the chunk).
  Value offset(OpBuilder &b, Location loc, Value row, Value col) const {
    Value chunk = LLVM::LShrOp::create(b, loc, col, i32Constant(b, loc, 3));
    Value within = LLVM::AndOp::create(b, loc, col, i32Constant(b, loc, 7));
    Value phase = LLVM::AndOp::create(
        b, loc,
        LLVM::UDivOp::create(b, loc, row, i32Constant(b, loc, perPhase)),
        i32Constant(b, loc, maxPhase - 1));
    Value swizzled = LLVM::XOrOp::create(b, loc, chunk, phase);
    Value rowStart =
        LLVM::MulOp::create(b, loc, row, i32Constant(b, loc, cols));
    Value colStart = LLVM::OrOp::create(
        b, loc, LLVM::ShlOp::create(b, loc, swizzled, i32Constant(b, loc, 3)),
        within);
    return LLVM::AddOp::create(b, loc, rowStart, colStart);
  }
};

/// blocked -> dot_op<nvidia_mma> of 16-bit elements through swizzled shared
/// memory and matrix loads.
struct MmaOperandLowering : public TargetPattern<ConvertLayoutOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto operand = dyn_cast<DotOperandEncodingAttr>(dstType.getEncoding());
    auto blocked = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
    if (!operand || !blocked || !target.hasMatrixLoads() ||
        !isa<NvidiaMmaEncodingAttr>(operand.getParent()) ||
        operand.getKWidth() != 2 || dstType.getRank() != 2 ||
        getStorageBytes(dstType.getElementType()) != 2)
      return failure();
    unsigned kDim = operand.getKDim(), oDim = 1 - kDim;
    bool isA = operand.getOpIdx() == 0;
    ArrayRef<int64_t> shape = dstType.getShape();
    // Whole 16x16 tiles of a, 16x8 tiles of b, and whole chunks per row.
    SwizzledTile tile(shape, blocked.getOrder().front());
    if (shape[kDim] % 16 || shape[oDim] % (isA ? 16 : 8) || tile.cols % kChunk)
      return failure();
    LinearLayout from = getLinearLayout(srcType), to = getLinearLayout(dstType);
    int64_t width = from.getAlignedRun(tile.fast, kChunk);

    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(dstType.getElementType());
    Value base = getScratchBase(rewriter, loc, op);
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());

    // Each thread stores its runs.
    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    SmallVector<SmallVector<Value>> at =
        emitCoordinates(rewriter, loc, from, ids);
    unsigned slow = 1 - tile.fast;
    for (unsigned r = 0; r < src.size(); r += width) {
      Value offset = tile.offset(rewriter, loc, at[r][slow], at[r][tile.fast]);
      Value ptr = LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                                      ValueRange{offset});
      LLVM::StoreOp::create(
          rewriter, loc,
          packAccess(rewriter, loc, ArrayRef(src).slice(r, width)), ptr,
          width * 2);
    }
    target.emitBarrier(rewriter, loc);

    // Each warp loads its tiles: lane l addresses row l%8 of matrix l/8.
    HardwareIds warpIds = ids;
    warpIds.thread = LLVM::ShlOp::create(
        rewriter, loc, ids.warp, i32Constant(rewriter, loc, ids.laneBits));
    SmallVector<SmallVector<Value>> tileAt =
        emitCoordinates(rewriter, loc, to, warpIds);
    Value matrix = LLVM::LShrOp::create(rewriter, loc, ids.lane,
                                        i32Constant(rewriter, loc, 3));
    Value row = LLVM::AndOp::create(rewriter, loc, ids.lane,
                                    i32Constant(rewriter, loc, 7));
    auto times8 = [&](Value v) {
      return LLVM::ShlOp::create(rewriter, loc, v,
                                 i32Constant(rewriter, loc, 3))
          .getResult();
    };
    // a: matrix i covers rows 8(i%2), K 8(i/2) of a 16x16 tile (a0..a3);
    // b: K 8i of two consecutive 16x8 steps (b0, b1 of each), or of one.
    bool pairSteps = !isA && shape[kDim] % 32 == 0;
    unsigned perLoad = isA || pairSteps ? 8 : 4;
    unsigned count = perLoad / 2;
    Value one = i32Constant(rewriter, loc, 1);
    Value oOffset =
        isA ? times8(LLVM::AndOp::create(rewriter, loc, matrix, one))
            : i32Constant(rewriter, loc, 0);
    Value kOffset =
        isA ? times8(LLVM::LShrOp::create(rewriter, loc, matrix, one))
            : times8(pairSteps ? matrix
                               : LLVM::AndOp::create(rewriter, loc, matrix, one)
                                     .getResult());
    bool transpose = tile.fast != kDim;
    SmallVector<Value> values;
    for (unsigned r = 0; r < to.getNumRegisters(); r += perLoad) {
      Value o = LLVM::AddOp::create(rewriter, loc, tileAt[r][oDim], oOffset);
      Value k = LLVM::AddOp::create(rewriter, loc, tileAt[r][kDim], kOffset);
      // The lane's row runs along the stored rows' slow dimension.
      Value storedRow = transpose ? k : o, storedCol = transpose ? o : k;
      storedRow = LLVM::AddOp::create(rewriter, loc, storedRow, row);
      Value offset = tile.offset(rewriter, loc, storedRow, storedCol);
      Value ptr = LLVM::GEPOp::create(rewriter, loc, base.getType(), elem, base,
                                      ValueRange{offset});
      Type pair = VectorType::get({2}, elem);
      for (Value word :
           target.loadMatrices(rewriter, loc, ptr, count, transpose)) {
        Value both = LLVM::BitcastOp::create(rewriter, loc, pair, word);
        for (int i = 0; i < 2; ++i)
          values.push_back(LLVM::ExtractElementOp::create(
              rewriter, loc, both, i32Constant(rewriter, loc, i)));
      }
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

} // namespace

void mlir::tkc::gpu::populateMmaOperandLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  // Before the generic conversion, which handles what this declines.
  patterns.add<MmaOperandLowering>(converter, target, /*benefit=*/2);
}
