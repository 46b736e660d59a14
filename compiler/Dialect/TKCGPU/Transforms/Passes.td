//===- Passes.td - Passes over the tkc_gpu dialect ---------*- tablegen -*-===//
//
// Declares the tkc_gpu dialect's passes. Each has one .cpp beside this file
// and a lit test named after its argument in ../test/.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD
#define TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TKCGPUAccelerateMatmul
    : Pass<"tkc-gpu-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "Put each dot the target has a matrix instruction for on it";
  let description = [{
    Asks the target (TargetInfo::getMatrixInstruction) for a warp-wide
    matrix instruction for each rank-2 `tkc.dot`'s element types (fp32
    operands may use tf32 when the dot's input_precision is tf32). Where
    there is one and the dot's shape holds whole instructions, the dot's
    result takes the instruction's accumulator layout, warps spread over M
    and N so that each has whole tiles where the shape allows, each
    doubling halving the side whose operand tiles cost a warp more to read
    (on mma.sync, an operand ldmatrix cannot read costs twice); its operands
    and accumulator are converted to the matching `#tkc_gpu.dot_op`
    layouts, and its result back to the layout it had. Other dots keep the
    FMA layouts TKCToTKCGPU gave them. Whether an 8-bit operand was loaded
    K-major (as warpgroup multiplies read it) follows from its pointers'
    contiguity (the axis analysis), since the loads are not coalesced yet.

    ```mlir
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16, #dot_op_blocked> * ...
                             -> tensor<64x64xf32, #blocked>
    // becomes, for cuda:80
    %a2 = tkc_gpu.convert_layout %a : ... -> tensor<64x32xf16, #tkc_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d2 = tkc.dot %a2, %b2, %c2 : ... -> tensor<64x64xf32, #mma>
    %d = tkc_gpu.convert_layout %d2 : ... -> tensor<64x64xf32, #blocked>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target, e.g. cuda:80 or hip:gfx942 (required)">,
  ];
}

def TKCGPUSplitFp32Dots : Pass<"tkc-gpu-split-fp32-dots", "::mlir::ModuleOp"> {
  let summary = "Emulate fp32 dots asked for at tf32x3, bf16x3 or bf16x6 with "
                "several tf32 or bf16 dots";
  let description = [{
    A rank-2 fp32 `tkc.dot` at input_precision tf32x3, bf16x3 or bf16x6
    asks for about fp32's accuracy at the speed of the target's tf32 or
    bf16 matrix instruction. Where the target has that instruction for
    the dot's shape, and none that multiplies fp32 exactly (AMD's fp32
    MFMA), each operand `x` is split into parts that the instruction
    takes as they are: tf32x3 `x = hi + lo`, `hi` rounded to tf32 (to
    nearest, ties away from zero), bf16x3 `hi` and `lo` rounded to bf16,
    bf16x6 a third bf16 part for what is left. The dot becomes the sum of
    the parts' products that matter (tf32x3 and bf16x3: 3, bf16x6: 6),
    smallest first, each a dot of its own. Before the last, `hi * hi`,
    NaNs in the partial sum are zeroed: an infinite operand's `lo` is NaN
    where the true product is infinite, which `hi * hi` then gives. The
    dot's accumulator is added last. Other dots are left to the FMA path,
    which multiplies fp32 exactly. Runs on TKCToTKCGPU's layouts, before
    tkc-gpu-accelerate-matmul, which puts the new dots on the instruction.

    ```mlir
    %d = tkc.dot %a, %b, %c {input_precision = 2 : i32} : ...
    // becomes
    %d0 = tkc.dot %a_lo, %b_hi, %zero {input_precision = 1 : i32} : ...
    %d1 = tkc.dot %a_hi, %b_lo, %d0 {input_precision = 1 : i32} : ...
    %d2 = arith.select %d1_is_nan, %zero, %d1 : ...
    %d3 = tkc.dot %a_hi, %b_hi, %d2 {input_precision = 1 : i32} : ...
    %d = arith.addf %d3, %c : ...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target, e.g. cuda:80 or hip:gfx942 (required)">,
  ];
}

def TKCGPUPipeline : Pass<"tkc-gpu-pipeline", "::mlir::ModuleOp"> {
  let summary = "Load the next iterations' tiles of a dot loop during this one";
  let description = [{
    Applies to each scf.for whose body computes a `tkc.dot` and runs with
    two or more stages (`num-stages`, or the loop's `tkc.num_stages` from
    `tl.range(..., num_stages=)`). Loops whose loads depend on anything but
    pure ops (an integer division by a run-time value too), that may write
    memory anywhere, or that have volatile loads are left alone; a load
    through a kernel argument the loop stores or atomically updates through
    (the old attention backward's `dq += tl.dot(ds, k)`) stays where it is
    while the loop's other loads move.

    **Through shared memory** (targets with asynchronous copies and matrix
    loads; every load of the body read by one conversion to an mma.sync
    operand, directly or through a `tkc.reshape` that drops unit dimensions
    (a 3-D descriptor's [1, M, K] block) and then a 2-D `tkc.trans`, whose
    tile then holds the reshaped or transposed tensor and is copied from
    the pointers reshaped or transposed so): each load
    gets a stack of `stages`
    tiles (`tkc_gpu.local_alloc`). The copies of the first `stages - 1`
    iterations start before the loop, one group each. Iteration i waits
    until its own group has landed (`tkc_gpu.async_wait`, a barrier), starts
    the copies of iteration i + stages - 1 into the tiles iteration i - 1
    read, and reads its operands with `tkc_gpu.local_load`. Copies of
    iterations that do not exist are masked off. A tile read straight into
    the operand of a dot left to multiply-adds (which holds all of K for
    each of a thread's rows) is read where the dot is, and where tiles are
    refilled once read, they are refilled after the dot, so that no barrier
    parts the reads from the multiply-adds.

    ```mlir
    scf.for %k = %lb to %ub step %s iter_args(%acc = ..., %p = ...) {
      %a = tkc.load %p, %m ...
      %a_op = tkc_gpu.convert_layout %a ... -> #dot_op
      ...
    }
    // becomes, with 3 stages
    %buf = tkc_gpu.local_alloc : !tkc_gpu.shared<[3, 128, 32], f16, ...>
    tkc_gpu.async_copy %p0, tile 0 of %buf, %m0 & (%lb < %ub)
    tkc_gpu.async_commit
    tkc_gpu.async_copy %p1, tile 1 of %buf, %m1 & (%lb + %s < %ub)
    tkc_gpu.async_commit
    scf.for ... iter_args(..., %read = 0, %write = 2) {
      tkc_gpu.async_wait {pending = 1}
      tkc_gpu.async_copy (%p two iterations on), tile %write of %buf, ...
      tkc_gpu.async_commit
      %a_op = tkc_gpu.local_load (tile %read of %buf) ... -> #dot_op
      ...
    }
    tkc_gpu.async_wait {pending = 0}
    ```

    Where every tile is read into registers (no warpgroup multiply reads
    one in place) and `stages` tiles of each would leave room for one
    program per SM where `stages - 1` leave room for two, the stacks hold
    `stages - 1` tiles and iteration i refills the tiles it read: its
    copies follow its `tkc_gpu.local_load`s and a second `async_wait`,
    marked `tkc_gpu.orders_reads` (it waits for no copy: its barrier is
    one after which every thread has read them). In a module marked
    `tkc_gpu.favor_occupancy`, so do tiles read into registers where
    `stages - 1` tiles leave room for more programs per SM than `stages`
    (also counting the SM's 2,048 threads where no tile is read in place;
    beside tiles a warpgroup multiply reads in place, their stacks hold
    `stages - 1` tiles, the others `stages`, each group its own commit
    groups and tile indices), and every such refill comes at the end of
    the iteration; without the mark, a loop where that would apply marks
    the module `tkc_gpu.occupancy_headroom` (the driver then tries that
    lowering).

    **Through registers** (elsewhere): the global loads before the first
    dot are issued one iteration early: before the loop for the first
    iteration, and in iteration i, before the first use of its tiles, for
    iteration i+1, masked off where that iteration does not exist. The
    loaded tiles are carried by the loop. On targets with asynchronous
    copies, what the shared-memory path leaves goes this way too, except a
    matrix operand's tile (one it could not copy: a row stride not known to
    be a multiple of 16 bytes, a masked-off value other than zero), which is
    loaded where it is, as in Triton: carried, it would hold a tile's
    registers beside the accumulator's.

    ```mlir
    %a0 = tkc.load %p0, (%m0 & %lb < %ub)
    scf.for %k = ... iter_args(%acc = ..., %p = ..., %a = %a0) {
      %a1 = tkc.load (%p + 32), (%m' & %k + %s < %ub)
      %d = tkc.dot ... uses %a
      scf.yield %d, (%p + 32), %a1
    }
    ```

    Operands of other iterations are recomputed from this one's by cloning
    the pure ops that produce them.

    **Through tensor maps** (`tensor-copies`, on by default, on targets
    with tensor copies, Hopper's TMA): a tile (read in place by a
    warpgroup multiply, or into registers) that is the block of a
    descriptor that the kernel's `tkc.tensor_descriptors` lists
    (`tkc.load ... box "a_desc"[...]`: a parameter, or one made of the
    kernel's arguments), laid out in shared memory as a tensor copy
    writes it, is copied by one thread through a tensor map instead: a
    kernel argument appended to the function and listed in the module's
    `tkc_gpu.tensor_maps` with the arguments the launcher encodes it from
    (a block of more dimensions, all but the last two of them 1, through a
    map of its rank whose box is 1 along them). Its group of copies completes a memory
    barrier per slot (`tkc_gpu.barrier_expect`, `tkc_gpu.tensor_copy`); the
    loop carries the phase of the slot it reads and waits on it
    (`tkc_gpu.barrier_wait`) after its `async_wait`; the barriers are made
    before the loop and ended after it.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"1",
           "Stages of loops without their own (below 2: not pipelined)">,
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target (cuda:90a, hip:gfx942, ...); without one, or on targets "
           "without asynchronous copies, tiles are pipelined in registers">,
    Option<"tensorCopies", "tensor-copies", "bool", /*default=*/"true",
           "Copy host descriptors' blocks through tensor maps where the "
           "target has tensor copies">,
  ];
  // The tensor maps' arguments are LLVM pointers.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TKCGPUWarpgroupMma : Pass<"tkc-gpu-warpgroup-mma", "::mlir::ModuleOp"> {
  let summary = "Dots read their operands from shared memory (Hopper wgmma)";
  let description = [{
    On targets with warpgroup matrix multiplies, a `tkc.dot` of 16-bit,
    tf32, fp8 or int8 operands whose B operand (and A, unless A is a tensor in
    registers) is a whole-tile `tkc_gpu.local_load` read only by it, and
    whose result layout keeps whole warpgroups along M
    (tkc-gpu-accelerate-matmul chooses it), becomes a
    `tkc_gpu.warpgroup_dot` of the tiles. The instruction reads tf32, fp8
    and int8 tiles only K-major: such a tile that lies along M or N is read
    again into registers and stored into a tile along K, in the layout (of
    a few) whose reads and stores take the fewest instructions and bank
    wavefronts. Its accumulator is fp32 (int32 for int8), or fp16 for fp16
    operands (`out_dtype=tl.float16`).

    An A operand converted once for a loop stays in registers while it
    takes at most 32 per thread and the loop holds at most 192 with it (its
    carried tensors, its dots' results, the A operands kept before); the
    module is then marked `tkc_gpu.occupancy_headroom`, and in a module
    marked `tkc_gpu.favor_occupancy` (the driver's second lowering) such an
    operand goes to a tile instead.

    A loop's only warpgroup_dot that just accumulates (its accumulator is
    loop-carried and used by nothing else) overlaps the next iteration:
    `pending = 1`, the loop's copies into the tiles the previous iteration
    read move after it, and a `tkc_gpu.warpgroup_wait` follows the loop
    (not for fp16 accumulators, which are waited for at once). Where such a
    loop multiplies fp16 or bf16 tiles in programs of one warpgroup (4
    warps), and runs an unknown number of iterations or at least 8, the
    module is marked `tkc_gpu.max_programs = 2`: two programs
    per SM ran such matmuls faster than three or four, and the driver keeps
    the others off.

    ```mlir
    %a = tkc_gpu.local_load %ta : ... -> tensor<128x64xf16, #dot_a>
    %b = tkc_gpu.local_load %tb : ... -> tensor<64x128xf16, #dot_b>
    %d = tkc.dot %a, %b, %acc
    // becomes
    %d = tkc_gpu.warpgroup_dot %ta, %tb, %acc
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target (cuda:90a, ...): which instructions it has">,
  ];
}

def TKCGPUCoalesce : Pass<"tkc-gpu-coalesce", "::mlir::ModuleOp"> {
  let summary = "Lay out global memory accesses for wide, coalesced transfers";
  let description = [{
    For each tensor load, store and atomic, the axis analysis says along which
    dimension its pointers are contiguous and how far they are aligned. The
    pass gives the access a blocked layout in which each thread owns that
    many consecutive elements (up to 16 bytes) along that dimension, and
    consecutive lanes own consecutive groups, then converts operands and
    result to and from the access's old layout. An atomic takes at most as
    many consecutive elements per thread as one atomic adds on `target`
    (sm_90's f32 additions: 4), so that a warp's scalar atomics stay on
    adjacent addresses.

    ```mlir
    %v = tkc.load %p, %m : tensor<1024x!tkc.ptr<f32>, #sizePerThread1>
    // becomes, when %p is contiguous and 16-byte aligned
    %p4 = tkc_gpu.convert_layout %p : ... -> tensor<..., #sizePerThread4>
    %m4 = tkc_gpu.convert_layout %m : ...
    %v4 = tkc.load %p4, %m4 : tensor<1024x!tkc.ptr<f32>, #sizePerThread4>
    %v = tkc_gpu.convert_layout %v4 : ... -> tensor<1024xf32, #sizePerThread1>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target, e.g. cuda:90a (optional: without one, atomics keep one "
           "element per thread)">,
  ];
}

def TKCGPURecordVectorWidths
    : Pass<"tkc-gpu-record-vector-widths", "::mlir::ModuleOp"> {
  let summary = "Record how many elements each global access moves at once";
  let description = [{
    Gives every tensor load and store the width of its vector accesses
    (`tkc_gpu.vector_width`), which the LLVM conversion reads: as many
    elements as the layout's contiguous registers, the pointers' contiguity
    and alignment, the mask's constancy and 16 bytes all allow; and, where
    the mask has runs of equal values along some dimension (`offs_k[:,
    None] < K - k * BLOCK_K` with K a multiple of 16: runs of 16 rows), those
    runs (`tkc_gpu.mask_constancy`), so that accesses in one run share one
    predicate. The axis
    analysis follows structured control flow (loop induction variables,
    loop-carried pointers, scf.if results), so this runs on the ttgir
    before loops become branches.

    ```mlir
    scf.for %off = %c0 to %n step %c1024 ... {
      %p = tkc.addptr %base, (%off + make_range) : ... #sizePerThread8
      %v = tkc.load %p, %m, %other : tensor<1024x!tkc.ptr<f16>, ...>
    }
    // gets, with %base and %n 16-byte aligned
      %v = tkc.load %p, %m, %other {tkc_gpu.vector_width = 8 : i32} ...
    ```
  }];
}

def TKCGPUStageFmaOperands
    : Pass<"tkc-gpu-stage-fma-operands", "::mlir::ModuleOp"> {
  let summary = "Give an FMA dot's operands shared-memory buffers";
  let description = [{
    Replaces the two layout conversions that make the operands of a rank-2
    `tkc.dot` computed with FMAs (a blocked result layout) by a
    `tkc_gpu.local_alloc` of each source and, after both, a
    `tkc_gpu.local_load` of each in its dot_op layout. A tile's rows run
    along M (N) where the source's do and each thread reads whole 16-byte
    chunks of them at each K, else along K; it is unswizzled (`swizzled =
    false`: each read at its thread's base plus a constant) where no pass
    of the banks of its stores or reads spans two rows
    (accessesOneRowPerPass), as Triton's FMA operand tiles are. Both are stored
    before the one barrier the reads wait for, and the buffers live until
    the dot, so the reads can go where the FMAs use them: a thread's rows
    and columns, every K value of them, are not all held at once (FLA's
    chunk_local_cumsum_vector, an fp32 64x64 by 64x32 dot with
    `allow_tf32=False`, took 255 registers and spilled). Operands whose rows
    along K are not whole 16-byte chunks keep their conversions. An operand
    read straight from a tile into its dot_op layout (the pipeliner reads a
    loop's tiles so) is not stored again: its read moves to the dot, after
    the other operand's store.

    ```mlir
    %a = tkc_gpu.convert_layout %x : tensor<64x64xf32, #l> -> tensor<64x64xf32, #dot_a>
    %b = tkc_gpu.convert_layout %y : tensor<64x32xf32, #l> -> tensor<64x32xf32, #dot_b>
    %d = tkc.dot %a, %b, %c ...
    // becomes
    %sa = tkc_gpu.local_alloc %x : (...) -> !tkc_gpu.shared<[64, 64], f32, order = [1, 0], swizzled = false>
    %sb = tkc_gpu.local_alloc %y : (...) -> !tkc_gpu.shared<[64, 32], f32, order = [1, 0], swizzled = false>
    %a = tkc_gpu.local_load %sa : ... -> tensor<64x64xf32, #dot_a>
    %b = tkc_gpu.local_load %sb : ... -> tensor<64x32xf32, #dot_b>
    %d = tkc.dot %a, %b, %c ...
    ```
  }];
}

def TKCGPUStageMmaOperands
    : Pass<"tkc-gpu-stage-mma-operands", "::mlir::ModuleOp"> {
  let summary = "Store a mma.sync dot's operands where they are made";
  let description = [{
    Splits the layout conversion that makes an operand of a `tkc.dot` on
    mma.sync (an `#tkc_gpu.nvidia_mma` result) from a rank-2 blocked value
    into a `tkc_gpu.local_alloc` of the value right after the op that makes
    it and a `tkc_gpu.local_load` in the dot_op layout where the conversion
    was. The conversion went through shared memory anyway; this way the
    blocked value's registers are free from the store on, instead of held
    until the dot (a loop body loading K and V before its two dots holds one
    tile at a time, not both).

    A value made outside the loop around its dot (attention's Q), converted
    for that dot alone, is stored once, right after it is made, and read
    right before the dot in every iteration, as Triton does, where the
    target's shared memory has room beside the kernel's other tiles and
    those reads move at most half what the loop's other operand reads move
    (warps that split N each read all of A): its dot_op registers are not
    held through the loop. Others are left to the rules below.

    Of values made in the loop, an early store makes the next
    load wait for it, so only blocks whose converted values would take more
    registers than a thread has (255) are staged, and of those only values
    of 32 or more; other blocks with such values mark the module's
    occupancy headroom, and are staged when it is lowered favoring
    occupancy (the driver keeps that binary where it fits more programs).
    Dots in pipelined loops (the pipeliner ordered their copies), values
    across such a loop and rows that are not whole 16-byte chunks keep
    their conversions.

    ```mlir
    %k = tkc.load %pk : tensor<128x64x!tkc.ptr<bf16>, #blocked>
    %v = tkc.load %pv : tensor<64x128x!tkc.ptr<bf16>, #blocked1>
    %kd = tkc_gpu.convert_layout %k : ... -> tensor<128x64xbf16, #dot_b>
    // becomes
    %k = tkc.load %pk : tensor<128x64x!tkc.ptr<bf16>, #blocked>
    %sk = tkc_gpu.local_alloc %k : (...) -> !tkc_gpu.shared<[128, 64], bf16, order = [0, 1]>
    %v = tkc.load %pv : tensor<64x128x!tkc.ptr<bf16>, #blocked1>
    %kd = tkc_gpu.local_load %sk : ... -> tensor<128x64xbf16, #dot_b>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target (cuda:90a, ...): the shared memory a block may have "
           "(none: no limit)">,
  ];
}

def TKCGPUSinkLargeLoads
    : Pass<"tkc-gpu-sink-large-loads", "::mlir::ModuleOp"> {
  let summary = "Issue loads that fill a thread's registers where they are used";
  let description = [{
    A load whose tile takes more than 128 of a thread's 32-bit registers,
    and that reaches its first use only past layout conversions and ops
    without memory effects, moves down to that use. A conversion through
    shared memory ends in a barrier that the GPU's instruction scheduler
    does not move instructions across: a load issued before it holds its
    whole tile in registers there, and spills. Native Sparse Attention's
    decode kernel loads a [16, 128, 128] value tile (1,024 fp16 elements a
    thread on 8 warps) before its softmax's conversions; issued after them,
    its stack went from 5,384 to 2,272 bytes and it ran in 2.82 ms instead
    of 6.10 on the H100.

    ```mlir
    %v = tkc.load %ptrs : tensor<16x128x128x!tkc.ptr<f16>, #blocked>
    %p = tkc_gpu.convert_layout %s : tensor<16xf32, #a> -> tensor<16xf32, #b>
    %pv = arith.mulf %pb, %v : tensor<16x128x128xf16, #blocked>
    // becomes
    %p = tkc_gpu.convert_layout %s : tensor<16xf32, #a> -> tensor<16xf32, #b>
    %v = tkc.load %ptrs : tensor<16x128x128x!tkc.ptr<f16>, #blocked>
    %pv = arith.mulf %pb, %v : tensor<16x128x128xf16, #blocked>
    ```
  }];
}

def TKCGPUTensorStores
    : Pass<"tkc-gpu-tensor-stores", "::mlir::ModuleOp"> {
  let summary = "Store the blocks of host descriptors through tensor maps";
  let description = [{
    On targets with tensor copies (Hopper's TMA; in tkc's pipeline with
    `tkc compile --tensor-stores`), a `tkc.store` that names
    a block of a host descriptor (`box`) writes its value into a swizzled
    shared tile (`tkc_gpu.local_alloc`) and stores the tile through the
    descriptor's tensor map (`tkc_gpu.tensor_store`), a kernel argument
    the launcher encodes: one thread issues the block's stores, where the
    masked stores took a predicate and an address per element and thread.
    The value is taken before any layout conversion, and before a reshape
    that only adds leading unit dimensions (the `[1, M, N]` block of a
    batched descriptor). Stores the tensor maps cannot make stay as they
    are: elements wider than 4 bytes, tiles of more than 256 rows or of
    rows under 16 bytes, a descriptor already copied through a map of
    another box, or a tile that would not fit in the block's shared memory
    beside every buffer the function allocates (whether or not their lives
    overlap: a kernel that fit still fits). A tensor store writes whole
    16-byte chunks of the innermost dimension where the block crosses its
    end, so the tile goes through the map under a run-time test, that the
    descriptor's innermost extent (from its shape arguments) is a whole
    number of 16 bytes or the block's columns lie inside it; the original
    store, with what only it uses, is the other branch.

    ```mlir
    tkc.store %p, %v, %m box "c_desc"[%row, %col] : tensor<128x64x!tkc.ptr<f16>, #blocked>
    // becomes, %c_map a new argument of the kernel, %n c_desc's extent
    %whole = ... (%n & 7) == 0, %inside = ... %col + 64 <= %n
    scf.if (%whole | %inside) {
      %t = tkc_gpu.local_alloc %v : (tensor<128x64xf16, #blocked>) -> !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
      tkc_gpu.tensor_store %c_map[%row, %col], %t : !llvm.ptr, !tkc_gpu.shared<[128, 64], f16, order = [1, 0]>
    } else {
      tkc.store %p, %v, %m box "c_desc"[%row, %col] : ...
    }
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target (cuda:90a, ...); without one, or on targets without "
           "tensor copies, stores stay as they are">,
  ];
  // The tensor maps' arguments are LLVM pointers.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TKCGPURecordConstancy
    : Pass<"tkc-gpu-record-constancy", "::mlir::ModuleOp"> {
  let summary = "Record the runs of equal values of integer elementwise ops";
  let description = [{
    Gives every integer elementwise arith op whose result, by the axis
    analysis, has runs of equal values that hold several registers of a
    thread those runs (`tkc_gpu.constancy`). The LLVM conversion then
    computes one register of each run and copies it to the others, and what
    is computed from them folds (LLVM merges equal computations). A loop
    over columns' mask `off + arange < N`, with N a multiple of 16, is then
    one comparison per 16 columns a thread holds, as Triton's lowering
    deduplicates it; so are `x // 8` and the broadcasts of a row's values.
    Like the vector widths, it reads the analysis on the ttgir, before loops
    become branches.

    ```mlir
    // 8 consecutive columns per thread, %cols = off + arange, N % 16 == 0
    %m = arith.cmpi slt, %cols, %ns : tensor<1024xi32, #sizePerThread8>
    // gets
    %m = arith.cmpi slt, %cols, %ns {tkc_gpu.constancy = array<i64: 16>} ...
    ```
  }];
}

def TKCGPURemoveLayoutConversions
    : Pass<"tkc-gpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove layout conversions by recomputing cheap values";
  let description = [{
    A conversion of a value that is cheap to compute in the target layout
    (a constant, splat or range, or an elementwise op whose operands are
    all such values or conversions from the target layout) is replaced by
    that computation in the target layout. Conversions chains collapse, and
    conversions to the source's own layout disappear. Stores take their
    value's layout (but for a warpgroup multiply's accumulator of 32-bit
    elements on a `target` that has them: through shared memory its stores
    are 16 bytes wide, not 8), and atomics the layout of a converted
    operand (pointers cannot move through shared memory), where their other
    operands can be recomputed there.

    Before those patterns, the layout of each dot's result propagates
    forward through the values computed from it (elementwise ops,
    conversions, reductions to its slices, expand_dims and broadcasts back,
    loop-carried values), as Triton's layout propagation does, so that an
    attention loop keeps its scores and running statistics in the MMA
    layout. An scf.if result takes the layout its branches compute it in,
    and a conversion of a loop-invariant value moves before the loop; a
    division, remainder or math function recomputed for a conversion in a
    loop it is outside of is recomputed right after it, not per iteration.
    A loop-carried tensor takes the layout of its update or of its uses,
    also where the update itself is what is converted (pointers advanced
    before their load); one advanced by a constant step that several
    layouts take (AWQ's K offsets, masking a tile's columns and another's
    rows) is carried once in each. A store keeps its coalesced layout where
    the value's would leave a thread a run longer than one 16-byte access
    (its lanes' stores then write every sector piecemeal).
    Then, also before the patterns (whose searches stop 16 ops deep), a
    conversion whose source is recomputable only deeper (a Philox
    generator's rounds, between a load and a store) is recomputed once,
    where Triton's cost model says it pays: the ops it keeps alive for other
    users cost less than the conversion's round trip through shared memory.
    The patterns run twice: the second time, elementwise ops and
    reductions also follow a converted value into a reduction's slice that
    replicates it over more registers (not a loaded value's), once the
    first has settled where each reduction runs.

    ```mlir
    %a = tkc.splat %x : tensor<1024xi32, #A>
    %b = tkc_gpu.convert_layout %a : tensor<1024xi32, #A> -> tensor<1024xi32, #B>
    // becomes
    %b = tkc.splat %x : tensor<1024xi32, #B>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "Target, e.g. cuda:90a (optional: without one, no store of an "
           "accumulator is kept in its coalesced layout for width)">,
  ];
}

def TKCGPUAllocateSharedMemory
    : Pass<"tkc-gpu-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Place each op's shared-memory scratch, sparing barriers";
  let description = [{
    Layout conversions that cross threads, reductions and scans across
    warps, and atomics whose old values threads other than the one that ran
    them need, go through shared memory. Each uses it as scratch that is live
    only inside the op (stores, a barrier, loads), so no two buffers are
    ever live at once and all could share offset 0. But a user must then
    wait, with a barrier, for threads still reading the scratch of the user
    before it. So the pass gives each user a byte offset,
    `tkc_gpu.shared_offset`: where the previous user lies in the same block,
    the next one goes beside it (or below it) if both fit in the largest
    buffer the function needs or in 1 KiB, and is marked
    `tkc_gpu.shared_unguarded`; its lowering then omits that barrier. The
    first user outside any loop is unguarded too, and so is the first one
    after a `tkc_gpu.async_wait` (which waits at a barrier) with no region
    or other user between them, in its loop body or outside any loop: a
    pipelined loop's conversion of the tiles it waited for. Other users in
    loops keep their barrier and offset 0. An `async_wait` marked
    `tkc_gpu.orders_reads` whose nearest op before it in its block that
    touches shared memory is a user is erased: that user's barrier already
    follows the reads it orders. The module attribute `tkc_gpu.shared` records the
    bytes needed (0 when nothing needs shared memory).

    A convert_layout whose whole tensor would not fit in the target's shared
    memory beside the buffers live around it moves the tensor in rounds, one
    slab along dimension 0 at a time (`tkc_gpu.rounds`, the fewest whose
    slab fits, or as many as its layouts allow: getMaxConversionRounds).

    Local_allocs that store initial values into disjoint buffers, with only
    ops that touch no shared memory between them (arithmetic, global
    loads), form a run: one barrier before the first one's stores and one
    after the last one's serve them all. Every alloc of a run but the first
    is unguarded and every one but the last is marked
    `tkc_gpu.shared_stores_follow`; so the loads between them still issue
    before any barrier, as in Triton, where barriers wait until a read needs
    them. The last is marked `tkc_gpu.shared_generic_reads` where only
    ordinary loads read the run's buffers and the function makes no tensor
    copies: its stores need no fence for the async proxy.

    ```mlir
    module {  // two reductions across warps of tensor<8x256xf32>
    // becomes
    module attributes {tkc_gpu.shared = 128 : i32} {
      %m = "tkc.reduce"(%x) ({...}) {axis = 1 : i32,
          tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded}
      %s = "tkc.reduce"(%y) ({...}) {axis = 1 : i32,
          tkc_gpu.shared_offset = 64 : i32, tkc_gpu.shared_unguarded}
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "Target, e.g. cuda:90a or hip:gfx942: its shared memory per block "
           "bounds conversions (none: unbounded)">,
  ];
}

#endif // TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_TD
