//===- TKCGPUAttrs.td - Layout encodings of tkc_gpu ---------*- tablegen -*-===//
//
// The layout encodings a tkc_gpu tensor can carry. Each converts to a
// LinearLayout (LinearLayout.h), which is what lowering and analyses use;
// the encodings are the readable, parameterized front of that algebra.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUATTRS_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUATTRS_TD

include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.td"
include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

def TKCGPU_BlockedEncodingAttr : AttrDef<TKCGPU_Dialect, "BlockedEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "blocked";
  let summary = "Each thread holds a contiguous tile; tiles tile the block";
  let description = [{
    Threads own `sizePerThread` contiguous elements per dimension; a warp's
    lanes are laid out `threadsPerWarp`, the block's warps `warpsPerCTA`.
    `order` lists dimensions from fastest-varying to slowest. The tile
    repeats over a larger tensor (more registers per thread) and wraps over
    a smaller one (several threads hold the same element).

    ```mlir
    #blocked = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32],
                                 warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The default layout of a rank-`rank` tensor of `shape`: consecutive
    /// elements go to consecutive lanes along the last dimension.
    static BlockedEncodingAttr getDefault(::mlir::MLIRContext *context,
                                          ::llvm::ArrayRef<int64_t> shape,
                                          unsigned numWarps,
                                          unsigned threadsPerWarp);
    /// The layout of a tkc.dot's result of `shape` ([.., M, N]) computed
    /// with FMAs: each thread holds a tile of the result whose rows of `a`
    /// and columns of `b` (all K of each, see DotOperandEncodingAttr) take
    /// the fewest shared-memory reads (a warp's lanes on several rows of
    /// `a` count as conflicting reads); lanes, then warps, go along N
    /// first. A thread's
    /// columns come in runs of at most `maxColumnRun` (0: no limit), the
    /// lanes' runs side by side and the tile repeated along N for the rest:
    /// a warp's reads of `b` at one K are then adjacent runs.
    static BlockedEncodingAttr getForDotResult(::mlir::MLIRContext *context,
                                               ::llvm::ArrayRef<int64_t> shape,
                                               unsigned numWarps,
                                               unsigned threadsPerWarp,
                                               unsigned maxColumnRun = 0);
    /// This layout with `sizePerThread` replaced, threads and warps
    /// re-spread over the shape so that they still cover it.
    static BlockedEncodingAttr getWithSizePerThread(
        ::mlir::MLIRContext *context, ::llvm::ArrayRef<int64_t> shape,
        ::llvm::ArrayRef<unsigned> sizePerThread,
        ::llvm::ArrayRef<unsigned> order, unsigned numWarps,
        unsigned threadsPerWarp);
    /// This layout for the tkc.trans of its tensor by `order` (result
    /// dimension `i` is this layout's dimension `order[i]`): the same
    /// holders of the same elements, with coordinates permuted.
    BlockedEncodingAttr getTransposed(::llvm::ArrayRef<int32_t> order) const;
    /// This layout with a new last dimension of extent 2 that each thread
    /// holds in two consecutive registers, fastest: tkc.join's result
    /// layout for operands in this one (and tkc.split's operand layout for
    /// results in it), in which the pair of element i sits at registers
    /// 2i and 2i+1.
    BlockedEncodingAttr getJoined() const;
    /// The layout whose getJoined() this is (tkc.split's result layout for
    /// an operand in this one that moves no data), or null when there is
    /// none: the last dimension not two consecutive registers, fastest.
    BlockedEncodingAttr getSplit() const;
  }];
}

def TKCGPU_SliceEncodingAttr : AttrDef<TKCGPU_Dialect, "SliceEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "slice";
  let summary = "A parent layout with one dimension removed";
  let description = [{
    The layout of a tensor obtained from a `parent`-laid-out tensor by
    dropping dimension `dim` (a reduction's result, or the operand of
    expand_dims). Holders that differed only along `dim` hold the same
    element, so broadcasting the tensor back along `dim` moves no data.

    ```mlir
    #row = #tkc_gpu.slice<{dim = 1, parent = #blocked2d}>
    ```
  }];
  let parameters = (ins "unsigned":$dim,
                        "LayoutEncodingAttr":$parent);
  let assemblyFormat = "`<` `{` `dim` `=` $dim `,` `parent` `=` $parent `}` `>`";
}

def TKCGPU_LinearEncodingAttr : AttrDef<TKCGPU_Dialect, "LinearEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "linear";
  let summary = "A layout given by its linear map's bases";
  let description = [{
    Any distributed layout, written as its LinearLayout: the coordinates of
    the element that each register, lane and warp bit moves to, lowest bit
    first. It is made where no other encoding says where a shape op's
    result already is: a reshape, split or transpose of an MMA accumulator
    (the gate and up halves of a fused MoE's `acc.reshape(M, N // 2,
    2).split()`, a persistent matmul's epilogue split in two) stays in the
    accumulator's registers in it. For a tensor smaller than the bases
    reach, coordinates beyond its extent wrap (a broadcast, as a blocked
    layout's tile over a smaller tensor); for a larger one, the layout
    repeats along each dimension in further registers.

    ```mlir
    #halves = #tkc_gpu.linear<{register = [[0, 1], [8, 0]],
                               lane = [[0, 2], [0, 4], [1, 0], [2, 0],
                                       [4, 0]],
                               warp = [[16, 0], [32, 0]]}>
    ```
  }];
  let parameters = (ins "unsigned":$numDims,
                        ArrayRefParameter<"int32_t">:$registerBases,
                        ArrayRefParameter<"int32_t">:$laneBases,
                        ArrayRefParameter<"int32_t">:$warpBases);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The encoding of `layout` (its bases; the shape is the tensor's).
    static LinearEncodingAttr get(::mlir::MLIRContext *context,
                                  const LinearLayout &layout);
    /// The bases of hardware dimension `dim`, each `getRank()` coordinates.
    ::llvm::SmallVector<LinearLayout::Basis> getBases(HwDim dim) const;
    /// This layout with every basis replaced by `f` of it (`rank`
    /// coordinates each): a permutation, an added dimension.
    LinearEncodingAttr mapBases(unsigned rank,
        ::llvm::function_ref<LinearLayout::Basis(const LinearLayout::Basis &)>
            f) const;
  }];
}

def TKCGPU_PermutedEncodingAttr : AttrDef<TKCGPU_Dialect, "PermutedEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "permuted";
  let summary = "A parent layout with its dimensions permuted";
  let description = [{
    The layout of `tkc.trans` (by `order`) of a tensor laid out `parent`:
    the same holders of the same elements, dimension `i` being the
    parent's dimension `order[i]`, so that the transpose moves no data. It
    is made only for parents that cannot be permuted in their own terms
    (an MMA accumulator, whose transpose a loop then carries, as in FLA's
    `b_h += tl.trans(tl.dot(b_k, b_v))`); a blocked layout is transposed
    as a blocked one (getTransposedLayout).

    ```mlir
    #acc_t = #tkc_gpu.permuted<{order = [1, 0], parent = #mma}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int32_t">:$order,
                        "LayoutEncodingAttr":$parent);
  let assemblyFormat = "`<` `{` `order` `=` `[` $order `]` `,` `parent` `=` "
                       "$parent `}` `>`";
  let genVerifyDecl = 1;
}

def TKCGPU_NvidiaMmaEncodingAttr : AttrDef<TKCGPU_Dialect, "NvidiaMmaEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "nvidia_mma";
  let summary = "The accumulator of NVIDIA's warp-wide matrix instructions";
  let description = [{
    The layout of a `tkc.dot` result computed with NVIDIA's `mma.sync`
    (`version` 2, sm_80 and later): each warp computes 16x8 tiles of the
    result, lane `l` holding rows `l/4` and `l/4 + 8`, columns `2(l%4)` and
    `2(l%4) + 1` of each; a warp's tile repeats in registers along N to
    `instrN` columns (8, one tile, unless given), then `warpsPerCTA` warps
    tile M then N, and the block's tile repeats in registers along N, then
    M. Its operands take `#tkc_gpu.dot_op` layouts with this parent and the
    instruction's `kWidth`. Rank 2.

    `instrN` is the N of Hopper's warpgroup multiply (wgmma) where warps
    also go along N: each warpgroup (4 warps along M) then computes
    `instrN` consecutive columns, as one instruction does.

    ```mlir
    #mma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [2, 2]}>
    #wgmma = #tkc_gpu.nvidia_mma<{version = 2, warpsPerCTA = [4, 2],
                                  instrN = 128}>
    ```
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        DefaultValuedParameter<"unsigned", "8">:$instrN);
  let assemblyFormat = "`<` `{` `version` `=` $version `,` `warpsPerCTA` `=` "
                       "`[` $warpsPerCTA `]` (`,` `instrN` `=` $instrN^)? "
                       "`}` `>`";
  let builders = [
    AttrBuilder<(ins "unsigned":$version, "ArrayRef<unsigned>":$warpsPerCTA),
    [{
      return $_get($_ctxt, version, warpsPerCTA, 8);
    }]>
  ];
  let genVerifyDecl = 1;
}

def TKCGPU_AmdMfmaEncodingAttr : AttrDef<TKCGPU_Dialect, "AmdMfmaEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "amd_mfma";
  let summary = "The accumulator of AMD's wave64 matrix instructions (MFMA)";
  let description = [{
    The layout of a `tkc.dot` result computed with the MFMA instructions of
    CDNA2 and CDNA3 (gfx90a, gfx942) that compute one `instrShape` block
    of 32x32 or 16x16 per wave of 64 lanes (e.g. v_mfma_f32_32x32x8_f16,
    v_mfma_f32_16x16x16_f16). Lane `l` holds column `l % n` of the block;
    its registers hold runs of 4 consecutive rows, lane group `l / n`
    picking the run: register `i` is row `8 (i / 4) + 4 (l / 32) + i % 4`
    for 32x32 (16 registers) and row `4 (l / 16) + i` for 16x16 (4
    registers), as AMD's CDNA3 ISA guide and its matrix instruction
    calculator give them (LinearLayout::amdMfma). `warpsPerCTA` warps tile
    M then N, and the block's tile repeats in registers along N, then M.
    Its operands take `#tkc_gpu.dot_op` layouts with this parent and the
    instruction's `kWidth`. Rank 2.

    ```mlir
    #mfma = #tkc_gpu.amd_mfma<{warpsPerCTA = [2, 2], instrShape = [32, 32]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let assemblyFormat = "`<` `{` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,` "
                       "`instrShape` `=` `[` $instrShape `]` `}` `>`";
  let genVerifyDecl = 1;
}

def TKCGPU_DotOperandEncodingAttr : AttrDef<TKCGPU_Dialect, "DotOperandEncoding",
    [DeclareAttrInterfaceMethods<TKCGPU_LayoutEncodingInterface>]> {
  let mnemonic = "dot_op";
  let summary = "An operand of tkc.dot, laid out for its result's layout";
  let description = [{
    The layout of operand `opIdx` of a `tkc.dot` (0: `a`, [.., M, K]; 1:
    `b`, [.., K, N]) whose result has layout `parent`. With a blocked
    parent (the FMA path, no matrix units), each thread holds, for every
    row of `a` (column of `b`) among its result elements, all K values of
    it in registers, K fastest: the parent's lane and warp bases are kept
    for M (N) and the batch dimension, and are zero along K, so the threads
    that share rows (columns) hold the same values. With an `nvidia_mma`
    parent it is the instruction's operand fragment (LinearLayout::
    nvidiaMmaV2Operand), `kWidth` elements along K per 32-bit register.
    With an `amd_mfma` parent it is the MFMA operand fragment (LinearLayout::
    amdMfmaOperand): `kWidth` consecutive elements along K per lane and
    instruction, lane `l` holding row (column) `l % 32` (`l % 16`) of the
    block. `kWidth` is 0 (left out) with a blocked parent.

    ```mlir
    #acc = #tkc_gpu.blocked<{sizePerThread = [4, 2], threadsPerWarp = [2, 16],
                             warpsPerCTA = [4, 1], order = [1, 0]}>
    #a = #tkc_gpu.dot_op<{opIdx = 0, parent = #acc}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx,
                        "LayoutEncodingAttr":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let assemblyFormat =
      "`<` `{` `opIdx` `=` $opIdx `,` `parent` `=` $parent "
      "(`,` `kWidth` `=` $kWidth^)? `}` `>`";
  let builders = [
    AttrBuilder<(ins "unsigned":$opIdx, "LayoutEncodingAttr":$parent), [{
      return $_get($_ctxt, opIdx, parent, 0);
    }]>,
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The dimension of the operand that K runs along: the last of `a`,
    /// the one before it of `b`.
    unsigned getKDim() const { return getRank() - 1 - getOpIdx(); }
  }];
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUATTRS_TD
