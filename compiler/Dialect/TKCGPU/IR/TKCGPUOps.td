//===- TKCGPUOps.td - Ops of the tkc_gpu dialect ------------*- tablegen -*-===//
//
// Ops that exist only once tensors have layouts: moving a tensor from one
// layout to another, and tiles kept in shared memory across ops (the
// buffers of a pipelined loop, filled by asynchronous copies, or by tensor
// copies that complete memory barriers).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD

include "compiler/Dialect/TKCGPU/IR/TKCGPUAttrs.td"
include "compiler/Dialect/TKCGPU/IR/TKCGPUTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TKCGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TKCGPU_Dialect, mnemonic, traits>;

def TKCGPU_ConvertLayoutOp : TKCGPU_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Redistribute a tensor over the threads of the block";
  let description = [{
    Returns `src` with the layout of the result type. Lowering moves the
    elements through registers or shared memory as the two layouts need;
    tkc-gpu-remove-layout-conversions removes the conversions it can.

    ```mlir
    %1 = tkc_gpu.convert_layout %0
        : tensor<1024xf32, #a> -> tensor<1024xf32, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

/// The block's shared memory, and global memory (declared by the tkc
/// dialect), as resources of memory effects.
def TKCGPU_SharedMemory : Resource<"::mlir::tkc::gpu::SharedMemory">;
def TKCGPU_GlobalMemory : Resource<"::mlir::tkc::GlobalMemory">;

def TKCGPU_LocalAllocOp : TKCGPU_Op<"local_alloc",
    [MemoryEffects<[MemAlloc<TKCGPU_SharedMemory>]>]> {
  let summary = "Shared memory for tiles that live across ops";
  let description = [{
    Reserves the buffer of the result type; it lives until its last use
    (tkc-gpu-allocate-shared-memory places it). Its contents start
    undefined, or, given `init` (a tensor of the tile's shape, in any
    layout), hold `init`: every thread stores its elements, then waits at a
    barrier, so that every thread and every warpgroup multiply
    (tkc_gpu.warpgroup_dot) reads them after the op. (Where another such
    alloc's stores follow, tkc_gpu.shared_stores_follow, the barrier comes
    after those.)

    ```mlir
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 128, 32], f16, order = [1, 0]>
    %t = tkc_gpu.local_alloc %v : (tensor<64x128xf16, #blocked>) -> !tkc_gpu.shared<[64, 128], f16, order = [1, 0]>
    ```
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$init);
  let results = (outs TKCGPU_SharedBufferType:$result);
  let assemblyFormat = [{
    ($init^)? attr-dict `:` (`(` type($init)^ `)` `->`)?
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TKCGPU_TileOp : TKCGPU_Op<"tile", [Pure]> {
  let summary = "One tile of a stack of tiles in shared memory";
  let description = [{
    Tile `index` (i32) of `buffer`, whose leading dimension counts tiles.

    ```mlir
    %t = tkc_gpu.tile %buf[%i] : !tkc_gpu.shared<[3, 128, 32], f16, order = [1, 0]> -> !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$buffer, I32:$index);
  let results = (outs TKCGPU_SharedBufferType:$result);
  let assemblyFormat = [{
    $buffer `[` $index `]` attr-dict `:` qualified(type($buffer)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TKCGPU_TransTileOp : TKCGPU_Op<"trans_tile", [Pure]> {
  let summary = "A 2-D tile in shared memory seen transposed";
  let description = [{
    The same bytes as `tile`, its two dimensions swapped in both the shape
    and the order: element (i, j) of the result is element (j, i) of
    `tile`. A warpgroup multiply reads a tile loaded once both ways through
    it (attention's backward: qT for one dot, its transpose for another).

    ```mlir
    %t = tkc_gpu.trans_tile %q : !tkc_gpu.shared<[64, 32], f16, order = [0, 1]> -> !tkc_gpu.shared<[32, 64], f16, order = [1, 0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$tile);
  let results = (outs TKCGPU_SharedBufferType:$result);
  let assemblyFormat = [{
    $tile attr-dict `:` qualified(type($tile)) `->` qualified(type($result))
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$tile)>];
  let extraClassDeclaration = [{
    /// The type of the 2-D `tile` seen transposed: shape and order swapped.
    static SharedBufferType getTransposedType(SharedBufferType tile);
  }];
  let hasVerifier = 1;
}

def TKCGPU_AsyncCopyOp : TKCGPU_Op<"async_copy",
    [AttrSizedOperandSegments,
     MemoryEffects<[MemRead<TKCGPU_GlobalMemory>,
                    MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Start copying a tile from global to shared memory";
  let description = [{
    Each thread starts copying its elements of the tile that `ptr` (a
    tensor of pointers) addresses into their places in `tile`, without
    waiting for them; elements whose `mask` is false are written as zero.
    The copies join the thread's current group (tkc_gpu.async_commit);
    they are visible in `tile` after the tkc_gpu.async_wait that waits for
    their group. The lowering moves runs of up to 16 bytes at once
    (tkc-gpu-record-vector-widths); where several lanes of a warp hold an
    element (a 1-D tile in a slice layout), one of them copies it.

    A run's mask may be true up to some element and false after it (`col <
    n`, where n bounds the rows: tkc-gpu-pipeline copies such runs whole):
    the copy then reads the elements that lead it true and zero-fills the
    rest. `limit`, where given, says how many they are more cheaply than
    the mask: at an element whose mask is true, how many elements from it
    on are in bounds (`n - col`; more than the run holds is the whole run).

    ```mlir
    tkc_gpu.async_copy %ptrs, %t mask %m : tensor<128x32x!tkc.ptr<f16>, #blocked>, !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>, tensor<128x32xi1, #blocked>
    tkc_gpu.async_copy %ptrs, %t mask %m limit %l : tensor<128x32x!tkc.ptr<f16>, #blocked>, !tkc_gpu.shared<[128, 32], f16, order = [1, 0]>, tensor<128x32xi1, #blocked>, tensor<128x32xi32, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptr, TKCGPU_SharedBufferType:$tile,
                       Optional<AnyRankedTensor>:$mask,
                       Optional<AnyRankedTensor>:$limit);
  let assemblyFormat = [{
    $ptr `,` $tile (`mask` $mask^)? (`limit` $limit^)? attr-dict `:`
    type($ptr) `,` qualified(type($tile)) (`,` type($mask)^)?
    (`,` type($limit)^)?
  }];
  let hasVerifier = 1;
}

def TKCGPU_AsyncCommitOp : TKCGPU_Op<"async_commit",
    [MemoryEffects<[MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Close the thread's current group of asynchronous copies";
  let description = [{
    The copies started since the last commit form one group, which
    tkc_gpu.async_wait waits for as a whole.
  }];
  let assemblyFormat = "attr-dict";
}

def TKCGPU_AsyncWaitOp : TKCGPU_Op<"async_wait",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>,
                    MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Wait for all but the last groups of asynchronous copies";
  let description = [{
    Waits until at most `pending` of the thread's latest groups are still
    in flight, then for every thread of the block at a barrier: the tiles
    of all earlier groups are then visible to every thread, and every
    thread's reads of shared memory before the wait are done.

    ```mlir
    tkc_gpu.async_wait {pending = 1 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pending);
  let assemblyFormat = "attr-dict";
}

def TKCGPU_LocalLoadOp : TKCGPU_Op<"local_load",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>]>]> {
  let summary = "Read a tile of shared memory into registers";
  let description = [{
    Returns the tile's elements in the result's layout (a dot operand
    layout: the lowering uses matrix loads).

    ```mlir
    %a = tkc_gpu.local_load %t : !tkc_gpu.shared<[128, 32], f16, order = [1, 0]> -> tensor<128x32xf16, #dot_op>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$tile);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat =
      "$tile attr-dict `:` qualified(type($tile)) `->` type($result)";
  let hasVerifier = 1;
}

def TKCGPU_WarpgroupDotOp : TKCGPU_Op<"warpgroup_dot",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>]>,
     AllTypesMatch<["c", "d"]>]> {
  let summary = "A dot whose B operand a warpgroup reads from shared memory";
  let description = [{
    `a` (an [M, K] tile in shared memory, or a tensor in the dot operand
    layout of the result) times `b` (a [K, N] tile) plus `c`, with `c` and
    the result in an nvidia_mma layout whose warps all lie along M, so that
    each group of four consecutive warps (a warpgroup) holds 64 whole rows.
    The lowering issues Hopper's wgmma.mma_async, which reads the tiles
    from shared memory directly, then waits until at most `pending` of the
    warpgroup's multiplies are in flight (0: this one is done). With
    `pending` > 0 the result is not ready: only a later warpgroup_dot
    (accumulating onto it) or a tkc_gpu.warpgroup_wait may use it, and a
    barrier follows the wait so that every warpgroup's earlier multiplies
    are done with their tiles.

    ```mlir
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %c : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> * !tkc_gpu.shared<[64, 128], f16, order = [1, 0]> -> tensor<128x128xf32, #mma>
    %e = tkc_gpu.warpgroup_dot %p, %tv, %c : tensor<128x64xf16, #dot_op> * !tkc_gpu.shared<[64, 64], f16, order = [1, 0]> -> tensor<128x64xf32, #mma>
    %f = tkc_gpu.warpgroup_dot %ta, %tb, %c {pending = 1 : i32} : !tkc_gpu.shared<[128, 64], f16, order = [1, 0]> * !tkc_gpu.shared<[64, 128], f16, order = [1, 0]> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins AnyTypeOf<[TKCGPU_SharedBufferType, AnyRankedTensor]>:$a,
                       TKCGPU_SharedBufferType:$b, AnyRankedTensor:$c,
                       DefaultValuedAttr<I32Attr, "0">:$pending);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `*` qualified(type($b))
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def TKCGPU_WarpgroupWaitOp : TKCGPU_Op<"warpgroup_wait",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>]>,
     AllTypesMatch<["acc", "result"]>]> {
  let summary = "Waits for a warpgroup_dot's result";
  let description = [{
    Waits until at most `pending` warpgroup multiplies of this warpgroup are
    in flight, and returns `acc` (the result of a warpgroup_dot issued with
    `pending` > 0), now readable. Until then the multiplies still read
    their tiles: it reads shared memory.

    ```mlir
    %ready = tkc_gpu.warpgroup_wait %acc {pending = 0 : i32} : tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$acc,
                       DefaultValuedAttr<I32Attr, "0">:$pending);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$acc attr-dict `:` type($acc)";
}

def TKCGPU_BarrierInitOp : TKCGPU_Op<"barrier_init",
    [MemoryEffects<[MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Make memory barriers of a buffer's words";
  let description = [{
    Each 64-bit word of `barriers` (a 1-D i64 buffer) becomes a barrier
    (Hopper's mbarrier) whose phase one arrival completes, once the bytes it
    was told to expect (tkc_gpu.barrier_expect) have arrived too. Every
    thread of the block may use them after this op.

    ```mlir
    tkc_gpu.barrier_init %bars : !tkc_gpu.shared<[3], i64, order = [0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$barriers);
  let assemblyFormat = "$barriers attr-dict `:` qualified(type($barriers))";
  let hasVerifier = 1;
}

def TKCGPU_BarrierInvalOp : TKCGPU_Op<"barrier_inval",
    [MemoryEffects<[MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Give the words of memory barriers back";
  let description = [{
    Ends the barriers of tkc_gpu.barrier_init, once no thread waits on them
    and no copy counts on them any more; their bytes may then hold other
    data (or new barriers). Every thread passes it together.

    ```mlir
    tkc_gpu.barrier_inval %bars : !tkc_gpu.shared<[3], i64, order = [0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$barriers);
  let assemblyFormat = "$barriers attr-dict `:` qualified(type($barriers))";
  let hasVerifier = 1;
}

def TKCGPU_BarrierExpectOp : TKCGPU_Op<"barrier_expect",
    [MemoryEffects<[MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Arrive on a memory barrier, expecting bytes";
  let description = [{
    Where `pred` holds, one thread of the block arrives on barrier `slot` of
    `barriers`, telling it that tensor copies (tkc_gpu.tensor_copy) will
    complete `bytes` more bytes before its phase may complete.

    ```mlir
    tkc_gpu.barrier_expect %bars[%slot], %pred {bytes = 32768 : i32} : !tkc_gpu.shared<[3], i64, order = [0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$barriers, I32:$slot, I1:$pred,
                       I32Attr:$bytes);
  let assemblyFormat = [{
    $barriers `[` $slot `]` `,` $pred attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TKCGPU_TensorCopyOp : TKCGPU_Op<"tensor_copy",
    [MemoryEffects<[MemRead<TKCGPU_GlobalMemory>,
                    MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Start copying a block of a tensor through its tensor map";
  let description = [{
    Where `pred` holds, one thread of the block starts copying the 2-D block
    at `coords` (one per dimension, outermost first: two, or more for a
    tensor of more dimensions, whose box is 1 along all but the last two)
    of the tensor that `tensor_map` describes into `tile`. `tensor_map` is a
    kernel parameter the launcher encodes (a CUtensorMap,
    tkc_gpu.tensor_maps of the module): its box is the tile's rows by one
    swizzle block of columns (the whole row where it is narrower), after
    any leading ones, and its swizzle the tile's, so that the copy
    writes the tile as !tkc_gpu.shared lays it out; a tile of several column
    blocks takes one copy per block. Elements outside the tensor are written
    as zero. The copied bytes complete barrier `slot` of `barriers`, which
    must expect them (tkc_gpu.barrier_expect); a thread sees the tile after
    waiting on it (tkc_gpu.barrier_wait).

    ```mlir
    tkc_gpu.tensor_copy %map[%row, %col], %tile, %bars[%slot], %pred : !llvm.ptr, !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>, !tkc_gpu.shared<[3], i64, order = [0]>
    ```
  }];
  let arguments = (ins AnyType:$tensor_map, Variadic<I32>:$coords,
                       TKCGPU_SharedBufferType:$tile,
                       TKCGPU_SharedBufferType:$barriers, I32:$slot, I1:$pred);
  let assemblyFormat = [{
    $tensor_map `[` $coords `]` `,` $tile `,` $barriers `[` $slot `]` `,`
    $pred attr-dict `:` type($tensor_map) `,` qualified(type($tile)) `,`
    qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TKCGPU_TensorStoreOp : TKCGPU_Op<"tensor_store",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>,
                    MemWrite<TKCGPU_GlobalMemory>]>]> {
  let summary = "Store a tile into a block of a tensor through its tensor map";
  let description = [{
    Writes `tile` to the block at `coords` (as tkc_gpu.tensor_copy's) of
    the tensor that `tensor_map` describes, whose box and swizzle are
    tensor_copy's for the tile; elements of the block outside the tensor
    are not written. The block's first thread issues one store per column
    block of the tile, once every thread's writes of the tile are visible
    to the copies, and the op ends when they have read the tile: its bytes
    may then hold anything else.

    ```mlir
    tkc_gpu.tensor_store %map[%row, %col], %tile : !llvm.ptr, !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
    ```
  }];
  let arguments = (ins AnyType:$tensor_map, Variadic<I32>:$coords,
                       TKCGPU_SharedBufferType:$tile);
  let assemblyFormat = [{
    $tensor_map `[` $coords `]` `,` $tile attr-dict `:` type($tensor_map) `,`
    qualified(type($tile))
  }];
  let hasVerifier = 1;
}

def TKCGPU_BarrierWaitOp : TKCGPU_Op<"barrier_wait",
    [MemoryEffects<[MemRead<TKCGPU_SharedMemory>,
                    MemWrite<TKCGPU_SharedMemory>]>]> {
  let summary = "Wait for a memory barrier's phase";
  let description = [{
    The thread waits until barrier `slot` of `barriers` has completed its
    phase of parity `phase` (0 for its first, 1 for its second, ...): the
    tiles its tensor copies wrote are then visible to the thread.

    ```mlir
    tkc_gpu.barrier_wait %bars[%slot], %phase : !tkc_gpu.shared<[3], i64, order = [0]>
    ```
  }];
  let arguments = (ins TKCGPU_SharedBufferType:$barriers, I32:$slot,
                       I32:$phase);
  let assemblyFormat = [{
    $barriers `[` $slot `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUOPS_TD
