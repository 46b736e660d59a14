//===- TKCGPUDialect.td - The tkc_gpu dialect ---------------*- tablegen -*-===//
//
// Declares the tkc_gpu dialect (the `ttgir` stage): tkc tensors annotated
// with layout encodings that say which thread holds which element, plus the
// ops that move data between layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TKCGPU_Dialect : Dialect {
  let name = "tkc_gpu";
  let cppNamespace = "::mlir::tkc::gpu";
  let summary = "Layout-annotated tensor IR for one GPU thread block";
  let description = [{
    Every tensor in tkc_gpu IR carries a layout encoding attribute. A layout
    is a map from the hardware indices of an element's holder (register
    within a thread, lane within a warp, warp within the block) to the
    element's coordinates; see README.md for why layouts are linear maps.
    The module carries `tkc_gpu.num_warps` and `tkc_gpu.threads_per_warp`.
  }];
  let dependentDialects = ["::mlir::tkc::TKCDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the attributes of TKCGPUAttrs.td.
    void registerAttributes();
    /// Registers the types of TKCGPUTypes.td.
    void registerTypes();

    /// Module attribute names.
    static constexpr ::llvm::StringLiteral kNumWarps = "tkc_gpu.num_warps";
    static constexpr ::llvm::StringLiteral kThreadsPerWarp =
        "tkc_gpu.threads_per_warp";
    static constexpr ::llvm::StringLiteral kSharedBytes = "tkc_gpu.shared";
    /// The most registers per thread a kernel may use (Triton's maxnreg;
    /// absent: the backend's choice).
    static constexpr ::llvm::StringLiteral kMaxRegisters =
        "tkc_gpu.max_registers";
    /// Marks a kernel lowered for more programs per SM rather than fewer
    /// instructions (set by the driver where registers alone keep the
    /// kernel below the programs its shared memory allows): pipelined
    /// loops refill the tiles they read into registers at the end of the
    /// iteration, from one tile fewer where a warpgroup multiply reads the
    /// others in place, and reductions across warps read the warps'
    /// partials with shuffles.
    static constexpr ::llvm::StringLiteral kFavorOccupancy =
        "tkc_gpu.favor_occupancy";
    /// Marks a kernel whose lowering computes what comes from the thread id
    /// again where it is used instead of keeping it live (set by the
    /// driver, beside kFavorOccupancy, in its first lowering that favors
    /// occupancy).
    static constexpr ::llvm::StringLiteral kRecomputeThreadIds =
        "tkc_gpu.recompute_thread_ids";
    /// Marks a kernel whose pipelined loops would hold fewer shared-memory
    /// tiles (set by tkc-gpu-pipeline), whose reductions fewer registers
    /// (set by tkc-convert-tkc-gpu-to-llvm), or whose mma.sync operands
    /// would be stored where they are made (tkc-gpu-stage-mma-operands),
    /// were it to favor occupancy:
    /// the driver then tries that lowering where registers limit programs
    /// (or where shared memory does, with kSharedHeadroom).
    static constexpr ::llvm::StringLiteral kOccupancyHeadroom =
        "tkc_gpu.occupancy_headroom";
    /// The most programs per SM worth running (an i32; set by
    /// tkc-gpu-warpgroup-mma for a K loop whose one warpgroup multiply
    /// takes fp16 or bf16 tiles, in programs of 4 warps): the driver caps
    /// the kernel's programs per SM there (metadata max_blocks_per_sm)
    /// where its registers and shared memory would fit more.
    static constexpr ::llvm::StringLiteral kMaxPrograms =
        "tkc_gpu.max_programs";
    /// Marks, beside kOccupancyHeadroom, a kernel whose pipelined loops
    /// would hold fewer shared-memory tiles were it to favor occupancy (set
    /// by tkc-gpu-pipeline): the driver then tries that lowering where
    /// shared memory limits programs too.
    static constexpr ::llvm::StringLiteral kSharedHeadroom =
        "tkc_gpu.shared_headroom";
    /// The tensor maps the kernel takes as parameters after its own (set by
    /// tkc-gpu-pipeline, which loads descriptors' blocks through them), an
    /// array of dictionaries in argument order: `descriptor`, the name of
    /// the descriptor; `source`, the kernel arguments the launcher encodes
    /// it from (its entry in tkc.tensor_descriptors); `arg`, the argument
    /// index; `box`, the block each copy moves (outermost dimension first);
    /// `swizzle`, the bytes of its swizzle span (0 for none); `element`,
    /// the element type. The driver writes them to the metadata.
    static constexpr ::llvm::StringLiteral kTensorMaps =
        "tkc_gpu.tensor_maps";
    /// The elements per global access of a load, store or atomic
    /// read-modify-write (set by tkc-gpu-record-vector-widths; 1 if
    /// absent).
    static constexpr ::llvm::StringLiteral kVectorWidth =
        "tkc_gpu.vector_width";
    /// Marks a load or store whose vector width spans runs in which the
    /// mask is true up to some element and false after it (`i < n`,
    /// getPrefixRuns) rather than runs of one value: each thread moves whole
    /// vectors where all its runs are true throughout, and element by
    /// element otherwise (set by tkc-gpu-record-vector-widths).
    static constexpr ::llvm::StringLiteral kBoundedRuns =
        "tkc_gpu.bounded_runs";
    /// Per dimension, the runs of equal values of a load's, store's or
    /// asynchronous copy's mask (the axis analysis' constancy, set with
    /// the vector width where some run is longer than 1): accesses whose
    /// elements share a run share a predicate.
    static constexpr ::llvm::StringLiteral kMaskConstancy =
        "tkc_gpu.mask_constancy";
    /// Per dimension, the runs of equal values of an integer elementwise
    /// op's result (the axis analysis' constancy, set by
    /// tkc-gpu-record-constancy where a run holds several of a thread's
    /// registers): the lowering computes each run's value once.
    static constexpr ::llvm::StringLiteral kConstancy = "tkc_gpu.constancy";
    /// The byte offset of an op's shared-memory scratch in the kernel's
    /// shared memory (set by tkc-gpu-allocate-shared-memory; 0 if absent).
    static constexpr ::llvm::StringLiteral kSharedOffset =
        "tkc_gpu.shared_offset";
    /// Marks an op whose scratch no thread can still be reading when it
    /// stores (set by tkc-gpu-allocate-shared-memory: it is the kernel's
    /// first user, or its scratch is disjoint from that of the user before
    /// it; a local_alloc that no scratch user precedes): its lowering needs
    /// no barrier before its first store.
    static constexpr ::llvm::StringLiteral kSharedUnguarded =
        "tkc_gpu.shared_unguarded";
    /// In how many rounds a convert_layout through shared memory moves its
    /// tensor (set by tkc-gpu-allocate-shared-memory where the whole
    /// tensor's scratch would not fit the block's shared memory; 1 if
    /// absent): see getMaxConversionRounds.
    static constexpr ::llvm::StringLiteral kConversionRounds =
        "tkc_gpu.rounds";
    /// Marks an async_wait that waits for no copy, only at its barrier, so
    /// that every thread has read the tiles the copies after it refill (set
    /// by tkc-gpu-pipeline): tkc-gpu-allocate-shared-memory erases it where
    /// the barrier of a scratch user after those reads already does that.
    static constexpr ::llvm::StringLiteral kOrdersReads =
        "tkc_gpu.orders_reads";
    /// Marks a local_alloc with an initial value that the next op, another
    /// such alloc of disjoint bytes, follows (set by
    /// tkc-gpu-allocate-shared-memory): its lowering stores and leaves the
    /// proxy fence and the barrier to the last alloc of the run.
    static constexpr ::llvm::StringLiteral kSharedStoresFollow =
        "tkc_gpu.shared_stores_follow";
    /// Marks the last local_alloc of a run (see kSharedStoresFollow) whose
    /// buffers only ordinary loads (tkc_gpu.local_load) read, in a function
    /// that makes no tensor copies (set by tkc-gpu-allocate-shared-memory):
    /// its lowering needs no proxy fence for warpgroup multiplies or the
    /// tensor memory accelerator.
    static constexpr ::llvm::StringLiteral kSharedGenericReads =
        "tkc_gpu.shared_generic_reads";
  }];
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUDIALECT_TD
