//===- MmaOperandLowering.cpp - Dot operands through swizzled shared memory
//===//
//
// Shared-memory tiles (!tkc_gpu.shared): their buffers, asynchronous copies
// into them (TargetInfo::asyncCopy, one per run of up to 16 bytes, each
// into its swizzled place) and the reads of dot operands out of them
// (tkc_gpu.local_load), plus a convert_layout from a blocked layout to a
// `#tkc_gpu.dot_op` of an nvidia_mma parent on targets with matrix loads
// (TargetInfo::loadMatrices: ldmatrix). A tile is stored in its order (the
// fastest dimension contiguous) with the 16-byte chunks of each row
// XOR-swizzled by the row, so that the eight rows one matrix load reads
// fall in eight different bank groups. Each warp loads its fragments as
// 8x8 matrices of 16-bit words (8 rows of one chunk): four per 16 x (2
// chunks) tile of `a`, four per two K-steps of `b` (two when K holds a
// single step), transposed when the stored rows of 16-bit elements run
// along M (N) rather than along K. Layouts matrix loads cannot produce
// (32-bit operands stored along M or N, any other layout) are read one
// access per run of registers, or as 8x8 matrices where a layout's lanes
// hold such fragments (an accumulator's, getMatrixAccess); tiles stored from
// registers are written likewise (stmatrix where the target has it).
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

/// A stored tile (TileSwizzle) and the addresses of its elements: on
/// targets whose 32-bit operands mma.sync reads (matrix loads, no
/// warpgroup multiplies), its 128-byte rows of 32-bit elements interleave
/// the phases.
struct SwizzledTile : TileSwizzle {
  SwizzledTile(ArrayRef<int64_t> shape, unsigned fast, Type elem,
               const ::tkc::TargetInfo &target, bool swizzled = true)
      : TileSwizzle(shape, fast, elem, swizzled,
                    target.hasMatrixLoads() && !target.hasWarpgroupMma()) {}

  /// Bytes of one block row: the swizzle atom's width.
  int64_t rowBytes() const { return blockCols * bytes; }
  /// Bytes between consecutive blocks of columns.
  int64_t blockBytes() const { return rows * rowBytes(); }

  /// The element offset of (`row`, `col`) (i32; `col` a multiple of the
  /// access width, which divides the chunk): TileSwizzle::offset, emitted.
  Value offset(OpBuilder &b, Location loc, Value row, Value col) const {
    auto constant = [&](int64_t v) { return i32Constant(b, loc, v); };
    Value inBlock = col;
    Value blockStart;
    if (blockCols < cols) {
      inBlock = LLVM::URemOp::create(b, loc, col, constant(blockCols));
      blockStart = LLVM::MulOp::create(
          b, loc, LLVM::UDivOp::create(b, loc, col, constant(blockCols)),
          constant(rows * blockCols));
    }
    Value rowStart = LLVM::MulOp::create(b, loc, row, constant(blockCols));
    auto withBlock = [&](Value offset) -> Value {
      return blockStart ? LLVM::AddOp::create(b, loc, blockStart, offset)
                        : offset;
    };
    // Unswizzled: the chunks stay in place.
    if (maxPhase == 1)
      return withBlock(LLVM::AddOp::create(b, loc, rowStart, inBlock));
    int64_t chunkBits = llvm::Log2_64(chunk);
    Value chunkIndex =
        LLVM::LShrOp::create(b, loc, inBlock, constant(chunkBits));
    Value within = LLVM::AndOp::create(b, loc, inBlock, constant(chunk - 1));
    Value phase;
    if (interleaved) {
      Value inAtom = LLVM::AndOp::create(b, loc, row, constant(7));
      phase = LLVM::OrOp::create(
          b, loc,
          LLVM::ShlOp::create(b, loc,
                              LLVM::AndOp::create(b, loc, inAtom, constant(3)),
                              constant(1)),
          LLVM::LShrOp::create(b, loc, inAtom, constant(2)));
    } else {
      phase = LLVM::AndOp::create(
          b, loc, LLVM::UDivOp::create(b, loc, row, constant(perPhase)),
          constant(maxPhase - 1));
    }
    Value swizzled = LLVM::XOrOp::create(b, loc, chunkIndex, phase);
    Value colStart = LLVM::OrOp::create(
        b, loc, LLVM::ShlOp::create(b, loc, swizzled, constant(chunkBits)),
        within);
    return withBlock(LLVM::AddOp::create(b, loc, rowStart, colStart));
  }

  /// The element offset of the element at tensor coordinates `at`.
  Value offsetAt(OpBuilder &b, Location loc, ArrayRef<Value> at) const {
    Value row = at.size() == 1 ? i32Constant(b, loc, 0) : at[1 - fast];
    return offset(b, loc, row, at[fast]);
  }
};

/// Loads the registers of `type` (a dot operand layout, isMatrixLoadable
/// with rows along `tile.fast`) from `tile` stored at `base` (shared
/// memory): each warp loads its fragments as 8x8 matrices of 16-bit words
/// (8 rows of one 16-byte chunk), lane l addressing row l%8 of matrix l/8;
/// each 32-bit word a lane receives is one register of kWidth elements.
SmallVector<Value> loadOperand(OpBuilder &b, Location loc, Value base,
                               const SwizzledTile &tile, RankedTensorType type,
                               Type elem, const HardwareIds &ids,
                               const ::tkc::TargetInfo &target) {
  auto operand = cast<DotOperandEncodingAttr>(type.getEncoding());
  unsigned kDim = operand.getKDim(), oDim = 1 - kDim;
  bool isA = operand.getOpIdx() == 0;
  unsigned kWidth = operand.getKWidth();
  ArrayRef<int64_t> shape = type.getShape();
  LinearLayout to = getLinearLayout(type);
  HardwareIds warpIds = ids;
  warpIds.thread =
      LLVM::ShlOp::create(b, loc, ids.warp, i32Constant(b, loc, ids.laneBits));
  SmallVector<SmallVector<Value>> tileAt = emitCoordinates(b, loc, to, warpIds);
  Value matrix = LLVM::LShrOp::create(b, loc, ids.lane, i32Constant(b, loc, 3));
  Value row = LLVM::AndOp::create(b, loc, ids.lane, i32Constant(b, loc, 7));
  auto times = [&](Value v, int64_t factor) {
    return LLVM::MulOp::create(b, loc, v, i32Constant(b, loc, factor))
        .getResult();
  };
  // a: matrix i covers rows 8(i%2), K chunk i/2 of a 16 x (2 chunks) tile
  // (a0..a3); b: K chunk i of two consecutive (2-chunk) K steps (b0, b1 of
  // each), or of one.
  bool pairSteps = !isA && shape[kDim] % (4 * tile.chunk) == 0;
  unsigned count = isA || pairSteps ? 4 : 2;
  unsigned perLoad = count * kWidth;
  Value one = i32Constant(b, loc, 1);
  Value oOffset = isA ? times(LLVM::AndOp::create(b, loc, matrix, one), 8)
                      : i32Constant(b, loc, 0);
  Value kOffset = times(
      isA ? LLVM::LShrOp::create(b, loc, matrix, one).getResult()
          : (pairSteps ? matrix
                       : LLVM::AndOp::create(b, loc, matrix, one).getResult()),
      tile.chunk);
  bool transpose = tile.fast != kDim;
  Type word = VectorType::get({kWidth}, elem);
  SmallVector<Value> values;
  for (unsigned r = 0; r < to.getNumRegisters(); r += perLoad) {
    Value o = LLVM::AddOp::create(b, loc, tileAt[r][oDim], oOffset);
    Value k = LLVM::AddOp::create(b, loc, tileAt[r][kDim], kOffset);
    // The lane's row runs along the stored rows' slow dimension.
    Value storedRow = transpose ? k : o, storedCol = transpose ? o : k;
    storedRow = LLVM::AddOp::create(b, loc, storedRow, row);
    Value offset = tile.offset(b, loc, storedRow, storedCol);
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), elem, base,
                                    ValueRange{offset});
    for (Value loaded : target.loadMatrices(b, loc, ptr, count, transpose)) {
      Value elements = LLVM::BitcastOp::create(b, loc, word, loaded);
      for (unsigned i = 0; i < kWidth; ++i)
        values.push_back(LLVM::ExtractElementOp::create(
            b, loc, elements, i32Constant(b, loc, i)));
    }
  }
  return values;
}

/// The matrix access of `type`'s registers in `tile`, where `op`'s lowering
/// may use the instructions (`loads`: loadMatrices, else storeMatrices).
std::optional<MatrixAccess> matrixAccessIn(Operation *op,
                                           const SwizzledTile &tile,
                                           RankedTensorType type, bool loads,
                                           const ::tkc::TargetInfo &target) {
  if (type.getRank() != 2 || !mayMoveMatrices(op, target, tile.bytes, loads))
    return std::nullopt;
  return getMatrixAccess(getLinearLayout(type), tile.fast);
}

/// The address of each matrix-access instruction's row in `tile` at `base`.
SmallVector<Value> matrixRowAddresses(OpBuilder &b, Location loc, Value base,
                                      const SwizzledTile &tile, Type elem,
                                      const MatrixAccess &access,
                                      const HardwareIds &ids) {
  SmallVector<Value> addresses;
  for (const SmallVector<Value> &at : emitCoordinates(b, loc, access.rows, ids))
    addresses.push_back(
        elementAddress(b, loc, base, elem, tile.offsetAt(b, loc, at)));
  return addresses;
}

/// A thread's registers of a layout grouped into aligned runs along the
/// rows of a tile (LinearLayout::getAlignedRunBits, within one 16-byte
/// chunk): one vector access per run, its registers consecutive or not (a
/// dot operand left to multiply-adds has K in its lowest register bits,
/// the stored rows of b run along N).
struct RegisterRuns {
  RegisterRuns(const LinearLayout &layout, const SwizzledTile &tile)
      : bits(layout.getAlignedRunBits(tile.fast, tile.chunk)),
        width(int64_t(1) << bits.size()),
        numRegisters(layout.getNumRegisters()) {
    for (unsigned bit : bits)
      mask |= 1u << bit;
  }
  /// The first register of each run.
  SmallVector<unsigned> starts() const {
    SmallVector<unsigned> result;
    for (unsigned r = 0; r < numRegisters; ++r)
      if (!(r & mask))
        result.push_back(r);
    return result;
  }
  /// The register of element `i` of the run that starts at `start`.
  unsigned member(unsigned start, int64_t i) const {
    unsigned r = start;
    for (auto [k, bit] : llvm::enumerate(bits))
      if (i & (int64_t(1) << k))
        r |= 1u << bit;
    return r;
  }

  /// The register bits that run along the rows, and the run's length.
  SmallVector<unsigned> bits;
  int64_t width;
  unsigned numRegisters;
  /// `bits` as a mask of register indices.
  unsigned mask = 0;
};

/// Loads the registers of `type` (any layout of the tile's shape) from
/// `tile` stored at `base`, for `op`: as 8x8 matrices where the layout and
/// target allow (matrixAccessIn), else one access per run of registers
/// along the stored rows, within a 16-byte chunk (RegisterRuns).
SmallVector<Value> loadRegisters(OpBuilder &b, Location loc, Operation *op,
                                 Value base, const SwizzledTile &tile,
                                 RankedTensorType type, Type elem,
                                 const HardwareIds &ids,
                                 const ::tkc::TargetInfo &target) {
  if (auto access = matrixAccessIn(op, tile, type, /*loads=*/true, target))
    return loadMatrixRows(
        b, loc, target, *access,
        matrixRowAddresses(b, loc, base, tile, elem, *access, ids), elem);
  LinearLayout layout = getLinearLayout(type);
  RegisterRuns runs(layout, tile);
  SmallVector<SmallVector<Value>> at = emitCoordinates(b, loc, layout, ids);
  SmallVector<Value> values(layout.getNumRegisters());
  for (unsigned r : runs.starts()) {
    Value offset = tile.offsetAt(b, loc, at[r]);
    Value ptr = elementAddress(b, loc, base, elem, offset);
    Type accessType =
        runs.width == 1 ? elem : VectorType::get({runs.width}, elem);
    Value loaded =
        LLVM::LoadOp::create(b, loc, accessType, ptr, runs.width * tile.bytes);
    for (auto [i, value] :
         llvm::enumerate(unpackAccess(b, loc, loaded, runs.width)))
      values[runs.member(r, i)] = value;
  }
  return values;
}

/// Stores `values` (the registers of `type`, any layout of the tile's shape)
/// into `tile` at `base` (shared memory), for `op`: as 8x8 matrices where the
/// layout and target allow (matrixAccessIn), else one access per run of
/// registers along the stored rows, within a 16-byte chunk (RegisterRuns).
void storeRegisters(OpBuilder &b, Location loc, Operation *op, Value base,
                    const SwizzledTile &tile, RankedTensorType type, Type elem,
                    ArrayRef<Value> values, const HardwareIds &ids,
                    const ::tkc::TargetInfo &target) {
  if (auto access = matrixAccessIn(op, tile, type, /*loads=*/false, target)) {
    storeMatrixRows(b, loc, target, *access,
                    matrixRowAddresses(b, loc, base, tile, elem, *access, ids),
                    values);
    return;
  }
  LinearLayout layout = getLinearLayout(type);
  RegisterRuns runs(layout, tile);
  SmallVector<SmallVector<Value>> at = emitCoordinates(b, loc, layout, ids);
  for (unsigned r : runs.starts()) {
    Value offset = tile.offsetAt(b, loc, at[r]);
    SmallVector<Value> run;
    for (int64_t i = 0; i < runs.width; ++i)
      run.push_back(values[runs.member(r, i)]);
    LLVM::StoreOp::create(b, loc, packAccess(b, loc, run),
                          elementAddress(b, loc, base, elem, offset),
                          runs.width * tile.bytes);
  }
}

/// blocked -> dot_op<nvidia_mma> of 16-bit elements through swizzled shared
/// memory and matrix loads.
struct MmaOperandLowering : public TargetPattern<ConvertLayoutOp> {
  using TargetPattern::TargetPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto blocked = dyn_cast<BlockedEncodingAttr>(srcType.getEncoding());
    if (!blocked || !target.hasMatrixLoads() ||
        !isMatrixLoadable(dstType, blocked.getOrder().front()))
      return failure();
    SwizzledTile tile(dstType.getShape(), blocked.getOrder().front(),
                      dstType.getElementType(), target);
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(dstType.getElementType());
    Value base = getScratchBase(rewriter, loc, op);
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());

    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    storeRegisters(rewriter, loc, op, base, tile, srcType, elem, src, ids,
                   target);
    target.emitBarrier(rewriter, loc);
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        loadOperand(rewriter, loc, base, tile, dstType, elem, ids, target));
    return success();
  }
};

/// The swizzled tile a !tkc_gpu.shared tile type stores.
SwizzledTile tileOf(SharedBufferType type, const ::tkc::TargetInfo &target) {
  return SwizzledTile(type.getTileShape(), type.getOrder().front(),
                      type.getElementType(), target, type.getSwizzled());
}

/// tkc_gpu.local_alloc: the kernel's shared memory at the buffer's offset,
/// after a barrier where earlier ops' scratch may still be read there (or,
/// in a loop, the previous iteration's reads of the buffer); an initial
/// value is stored there, fenced for warpgroup multiplies where the target
/// has them and they may read it, and waited for at a barrier (where
/// another alloc's stores follow, after those).
struct LocalAllocLowering : public TargetPattern<LocalAllocOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    Value base = getScratchBase(rewriter, loc, op);
    if (Value init = op.getInit()) {
      auto type = cast<RankedTensorType>(init.getType());
      Type elem = getTypeConverter()->convertType(type.getElementType());
      storeRegisters(rewriter, loc, op, base, tileOf(op.getType(), target),
                     type, elem,
                     unpackRegisters(rewriter, loc, adaptor.getInit()),
                     getHardwareIds(rewriter, loc, target), target);
      if (!op->hasAttr(TKCGPUDialect::kSharedStoresFollow)) {
        if (target.hasWarpgroupMma() &&
            !op->hasAttr(TKCGPUDialect::kSharedGenericReads))
          target.fenceStoresForWarpgroupMma(rewriter, loc);
        target.emitBarrier(rewriter, loc);
      }
    }
    rewriter.replaceOp(op, base);
    return success();
  }
};

/// tkc_gpu.tile: the stack's address plus `index` tiles.
struct TileLowering : public TargetPattern<TileOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedBufferType type = op.getType();
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Value offset = LLVM::MulOp::create(
        rewriter, loc, adaptor.getIndex(),
        i32Constant(rewriter, loc,
                    ShapedType::getNumElements(type.getTileShape())));
    rewriter.replaceOp(
        op, elementAddress(rewriter, loc, adaptor.getBuffer(), elem, offset));
    return success();
  }
};

/// tkc_gpu.trans_tile: the tile's own address (the transposed type
/// describes the same bytes: rows and columns of its swizzled tile are
/// those of the original).
struct TransTileLowering : public TargetPattern<TransTileOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(TransTileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getTile());
    return success();
  }
};

/// The bytes a copy of a run of elements of `elementBytes` each reads under
/// its `masks` (i1), the others being zero-filled: all or none where one
/// mask holds for the run; else, the pipeline having copied runs that are
/// true up to some element and false after it at once (getPrefixRuns), as
/// many as lead it true: none where the first is false, else as many as
/// `limit` (AsyncCopyOp's, at the first element; null if absent) says, up
/// to the run's length, or else the count of true masks.
static Value bytesRead(OpBuilder &b, Location loc, ArrayRef<Value> masks,
                       Value limit, int64_t elementBytes) {
  Type i32 = b.getI32Type();
  auto constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(v));
  };
  int64_t bytes = elementBytes * masks.size();
  if (llvm::all_equal(masks))
    return LLVM::SelectOp::create(b, loc, masks.front(), constant(bytes),
                                  constant(0));
  if (limit) {
    Value most = LLVM::ConstantOp::create(
        b, loc, limit.getType(),
        b.getIntegerAttr(limit.getType(), masks.size()));
    Value count = LLVM::SMinOp::create(b, loc, limit, most);
    if (count.getType() != i32)
      count = LLVM::TruncOp::create(b, loc, i32, count);
    Value read = LLVM::MulOp::create(b, loc, count, constant(elementBytes));
    return LLVM::SelectOp::create(b, loc, masks.front(), read, constant(0));
  }
  Value count = LLVM::ZExtOp::create(b, loc, i32, masks.front());
  for (Value mask : masks.drop_front())
    count = LLVM::AddOp::create(b, loc, count,
                                LLVM::ZExtOp::create(b, loc, i32, mask));
  return LLVM::MulOp::create(b, loc, count, constant(elementBytes));
}

/// tkc_gpu.async_copy: each thread's runs of the recorded width, one
/// asynchronous copy each, into their swizzled places; an element several
/// lanes or registers of a warp hold is copied by one of them alone, and by
/// each warp that holds it, so that a warp's wait covers what it reads.
struct AsyncCopyLowering : public TargetPattern<AsyncCopyOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SharedBufferType type = op.getTile().getType();
    auto width = op->getAttrOfType<IntegerAttr>(TKCGPUDialect::kVectorWidth);
    int64_t bytes = getStorageBytes(type.getElementType());
    if (!target.hasAsyncCopies() || !width ||
        !llvm::is_contained({4, 8, 16}, width.getInt() * bytes))
      return op.emitOpError("cannot be lowered: the target copies runs of 4, "
                            "8 or 16 bytes asynchronously, and tkc-gpu-"
                            "pipeline records the run");
    SwizzledTile tile = tileOf(type, target);
    Type elem = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> ptrs = unpackRegisters(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, limits;
    if (op.getMask())
      masks =
          maskRegistersOf(rewriter, loc, op, op.getMask(), adaptor.getMask());
    if (op.getLimit())
      limits = unpackRegisters(rewriter, loc, adaptor.getLimit());
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    SmallVector<SmallVector<Value>> at =
        emitCoordinates(rewriter, loc, getLinearLayout(ptrType),
                        getHardwareIds(rewriter, loc, target));
    Owners owners =
        ownersOf(rewriter, loc, ptrType, target, /*withinWarps=*/true);
    for (unsigned r = 0; r < ptrs.size(); r += width.getInt()) {
      if (owners.ownerOf[r] != r)
        continue;
      Value dst = elementAddress(rewriter, loc, adaptor.getTile(), elem,
                                 tile.offsetAt(rewriter, loc, at[r]));
      emitGuarded(rewriter, loc, owners.thread, Type(), [&] {
        Value readBytes =
            masks.empty()
                ? Value()
                : bytesRead(rewriter, loc,
                            ArrayRef<Value>(masks).slice(r, width.getInt()),
                            limits.empty() ? Value() : limits[r], bytes);
        target.asyncCopy(rewriter, loc, dst, ptrs[r], width.getInt() * bytes,
                         readBytes);
        return Value();
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitLowering : public TargetPattern<AsyncCommitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.commitAsyncCopies(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// tkc_gpu.async_wait: the thread's wait, then a barrier for everyone's.
struct AsyncWaitLowering : public TargetPattern<AsyncWaitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.waitAsyncCopies(rewriter, op.getLoc(), op.getPending());
    target.emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// tkc_gpu.local_load: matrix loads where the target has them and the
/// layout is theirs, else one shared-memory access per run of registers.
struct LocalLoadLowering : public TargetPattern<LocalLoadOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SharedBufferType type = op.getTile().getType();
    RankedTensorType result = op.getType();
    SwizzledTile tile = tileOf(type, target);
    if (tile.cols % tile.chunk)
      return op.emitOpError("cannot be lowered: the tile's rows must be "
                            "whole 16-byte chunks");
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(result.getElementType());
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    bool matrices =
        target.hasMatrixLoads() && isMatrixLoadable(result, tile.fast);
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        matrices ? loadOperand(rewriter, loc, adaptor.getTile(), tile, result,
                               elem, ids, target)
                 : loadRegisters(rewriter, loc, op, adaptor.getTile(), tile,
                                 result, elem, ids, target));
    return success();
  }
};

/// tkc_gpu.warpgroup_dot: for each warpgroup and each block of 64 of its
/// rows, one m64nNkK instruction (N: the group's columns, all of the
/// result's or, with groups along N too, its share) per 32 bytes of K (K = 16
/// of 16-bit elements, 8 of tf32), reading the tiles where they lie in shared
/// memory (A from registers where it is a tensor), then a wait until at most
/// `pending` groups are in flight (and, when that leaves some, a barrier,
/// so that every warpgroup's previous multiplies are done with their
/// tiles).
struct WarpgroupDotLowering : public TargetPattern<WarpgroupDotOp> {
  using TargetPattern::TargetPattern;

  /// The part of `tile` (stored at i32 address `base`) that starts at
  /// (`mnStart`, `kStart`), K being tensor dimension `kDim`.
  ::tkc::TargetInfo::WarpgroupOperand
  operandAt(OpBuilder &b, Location loc, const SwizzledTile &tile, Value base,
            unsigned kDim, Value mnStart, int64_t kStart) const {
    auto constant = [&](int64_t v) { return i32Constant(b, loc, v); };
    bool kMajor = tile.fast == kDim;
    // The offset along K is a constant, kept apart: the target adds it to
    // the descriptor of the rest, which every K step then shares.
    ::tkc::TargetInfo::WarpgroupOperand operand;
    Value mnOffset;
    if (kMajor) {
      // Along the rows: K; across them: M/N.
      operand.offsetBytes = (kStart / tile.blockCols) * tile.blockBytes() +
                            (kStart % tile.blockCols) * tile.bytes;
      mnOffset =
          LLVM::MulOp::create(b, loc, mnStart, constant(tile.rowBytes()));
    } else {
      operand.offsetBytes = kStart * tile.rowBytes();
      mnOffset = LLVM::AddOp::create(
          b, loc,
          LLVM::MulOp::create(
              b, loc,
              LLVM::UDivOp::create(b, loc, mnStart, constant(tile.blockCols)),
              constant(tile.blockBytes())),
          LLVM::MulOp::create(
              b, loc,
              LLVM::URemOp::create(b, loc, mnStart, constant(tile.blockCols)),
              constant(tile.bytes)));
    }
    operand.address = LLVM::AddOp::create(b, loc, base, mnOffset);
    operand.swizzleBytes = static_cast<unsigned>(tile.rowBytes());
    operand.blockBytes = tile.blockBytes();
    operand.kMajor = kMajor;
    return operand;
  }

  LogicalResult
  matchAndRewrite(WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    SharedBufferType bType = op.getB().getType();
    auto aTensor = dyn_cast<RankedTensorType>(op.getA().getType());
    auto mma = cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    unsigned warpsM = mma.getWarpsPerCTA()[0];
    unsigned warpsN = mma.getWarpsPerCTA()[1];
    if (!target.hasWarpgroupMma() ||
        !isWarpgroupMmaShape(type, warpsM * warpsN))
      return op.emitOpError("cannot be lowered: the target has no warpgroup "
                            "multiply of this shape");
    int64_t m = type.getDimSize(0), n = type.getDimSize(1) / warpsN;
    int64_t bytes = getStorageBytes(bType.getElementType());
    int64_t kStep = 32 / bytes, kWidth = 4 / bytes;
    int64_t k = bType.getShape()[0], kSteps = k / kStep;
    // The instruction's accumulators, thread by thread, are the layout's
    // registers in order: per block of 16 * warpsM rows, per 8 of the
    // group's n columns, (row, col), (row, col + 1), (row + 8, col), (row +
    // 8, col + 1). A in registers likewise: per block of rows and K step,
    // mma.sync's four words of kWidth elements along K (rows +8 at word bit
    // 0, K + kStep/2 at word bit 1).
    int64_t perInstruction = n / 2, blockRows = 16 * warpsM;
    LinearLayout layout = getLinearLayout(type);
    std::optional<LinearLayout> aLayout;
    if (aTensor)
      aLayout = getLinearLayout(aTensor);
    for (int64_t r = 0; r < m / blockRows; ++r) {
      for (int64_t i = 0; i < perInstruction; ++i) {
        LinearLayout::Basis at =
            layout.applyDim(HwDim::Register, r * perInstruction + i);
        if (at[0] != r * blockRows + 8 * ((i % 4) / 2) ||
            at[1] != 8 * (i / 4) + (i % 2))
          return op.emitOpError("cannot be lowered: its accumulator layout "
                                "differs from the warpgroup multiply's");
      }
      int64_t perStep = 4 * kWidth;
      for (int64_t e = 0; aLayout && e < kSteps * perStep; ++e) {
        LinearLayout::Basis at =
            aLayout->applyDim(HwDim::Register, r * kSteps * perStep + e);
        int64_t word = (e % perStep) / kWidth;
        if (at[0] != r * blockRows + 8 * (word % 2) ||
            at[1] !=
                kStep * (e / perStep) + kStep / 2 * (word / 2) + e % kWidth)
          return op.emitOpError("cannot be lowered: its A operand layout "
                                "differs from the warpgroup multiply's");
      }
    }

    SmallVector<Value> accValues =
        unpackRegisters(rewriter, loc, adaptor.getC());
    Type accElem = accValues.front().getType();
    // A zero accumulator (a product's first K steps, attention's scores)
    // is not read: the first multiply of each row block writes A * B alone
    // (scale-d 0), so no register is written between the fence and it.
    bool zeroAccumulator = matchPattern(op.getC(), m_PosZeroFloat()) ||
                           matchPattern(op.getC(), m_Zero());
    SmallVector<Value> aRegisters;
    if (aTensor)
      aRegisters = unpackRegisters(rewriter, loc, adaptor.getA());
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    // Warps go along M first: group g owns rows 64 (g % (warpsM / 4)) of
    // each block and columns n (g / (warpsM / 4)).
    Value group =
        target.warpUniform(rewriter, loc,
                           LLVM::LShrOp::create(rewriter, loc, ids.warp,
                                                i32Constant(rewriter, loc, 2)));
    Value groupM = LLVM::AndOp::create(
        rewriter, loc, group, i32Constant(rewriter, loc, warpsM / 4 - 1));
    Value columnStart = LLVM::MulOp::create(
        rewriter, loc,
        LLVM::LShrOp::create(
            rewriter, loc, group,
            i32Constant(rewriter, loc, llvm::Log2_32(warpsM / 4))),
        i32Constant(rewriter, loc, n));
    Type i32 = rewriter.getI32Type();
    Value aBase =
        aTensor ? Value()
                : LLVM::PtrToIntOp::create(rewriter, loc, i32, adaptor.getA())
                      .getResult();
    Value bBase = LLVM::PtrToIntOp::create(rewriter, loc, i32, adaptor.getB());
    SwizzledTile bTile = tileOf(bType, target);
    std::optional<SwizzledTile> aTile;
    if (!aTensor)
      aTile = tileOf(cast<SharedBufferType>(op.getA().getType()), target);
    Type elem = getTypeConverter()->convertType(bType.getElementType());
    Type word = VectorType::get({kWidth}, elem);
    // Every operand is ready before the fence: registers the instructions
    // read must not be written between them.
    SmallVector<::tkc::TargetInfo::WarpgroupOperand> aOperands, bOperands;
    for (int64_t r = 0; r < m / blockRows; ++r) {
      // This warpgroup's 64 rows of the block.
      Value rowStart = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, groupM,
                              i32Constant(rewriter, loc, 64)),
          i32Constant(rewriter, loc, r * blockRows));
      for (int64_t kk = 0; kk < kSteps; ++kk) {
        ::tkc::TargetInfo::WarpgroupOperand a;
        if (aTensor) {
          for (int64_t j = 0; j < 4; ++j) {
            int64_t first = ((r * kSteps + kk) * 4 + j) * kWidth;
            Value packed = LLVM::UndefOp::create(rewriter, loc, word);
            for (int64_t h = 0; h < kWidth; ++h)
              packed = LLVM::InsertElementOp::create(
                  rewriter, loc, packed, aRegisters[first + h],
                  i32Constant(rewriter, loc, h));
            a.registers.push_back(
                LLVM::BitcastOp::create(rewriter, loc, i32, packed));
          }
        } else {
          a = operandAt(rewriter, loc, *aTile, aBase, 1, rowStart, kStep * kk);
        }
        aOperands.push_back(a);
        if (r == 0)
          bOperands.push_back(operandAt(rewriter, loc, bTile, bBase, 0,
                                        columnStart, kStep * kk));
      }
    }
    // The accumulators' registers (fp16 ones in pairs), written before the
    // fence like the operands'.
    SmallVector<Value> acc =
        target.packWarpgroupAccumulators(rewriter, loc, accValues);
    int64_t perGroup = acc.size() / (m / blockRows);
    target.beginWarpgroupMma(rewriter, loc);
    for (int64_t r = 0; r < m / blockRows; ++r) {
      MutableArrayRef<Value> slice =
          MutableArrayRef(acc).slice(r * perGroup, perGroup);
      for (int64_t kk = 0; kk < kSteps; ++kk) {
        SmallVector<Value> d =
            target.emitWarpgroupMma(rewriter, loc, bType.getElementType(), n,
                                    aOperands[r * kSteps + kk], bOperands[kk],
                                    slice, kk != 0 || !zeroAccumulator);
        llvm::copy(d, slice.begin());
      }
    }
    target.commitWarpgroupMma(rewriter, loc);
    acc = target.waitWarpgroupMma(rewriter, loc, op.getPending(), acc);
    if (op.getPending())
      target.emitBarrier(rewriter, loc);
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        target.unpackWarpgroupAccumulators(rewriter, loc, acc, accElem));
    return success();
  }
};

/// tkc_gpu.warpgroup_wait: the target's wait, the accumulators passing
/// through it.
struct WarpgroupWaitLowering : public TargetPattern<WarpgroupWaitOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(WarpgroupWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!target.hasWarpgroupMma())
      return op.emitOpError("cannot be lowered: the target has no warpgroup "
                            "multiplies");
    Location loc = op.getLoc();
    SmallVector<Value> acc = unpackRegisters(rewriter, loc, adaptor.getAcc());
    Type accElem = acc.front().getType();
    SmallVector<Value> waited = target.waitWarpgroupMma(
        rewriter, loc, op.getPending(),
        target.packWarpgroupAccumulators(rewriter, loc, acc));
    replaceWithRegisters(
        rewriter, op, *getTypeConverter(),
        target.unpackWarpgroupAccumulators(rewriter, loc, waited, accElem));
    return success();
  }
};

} // namespace

void mlir::tkc::gpu::populateMmaOperandLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  // Before the generic conversion, which handles what this declines.
  patterns.add<MmaOperandLowering>(converter, target, /*benefit=*/2);
  patterns.add<LocalAllocLowering, TileLowering, TransTileLowering,
               AsyncCopyLowering, AsyncCommitLowering, AsyncWaitLowering,
               LocalLoadLowering, WarpgroupDotLowering, WarpgroupWaitLowering>(
      converter, target);
}
