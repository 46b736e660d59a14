//===- Passes.td - Conversions between tkc's dialects ------*- tablegen -*-===//
//
// The dialect conversions: tkc → tkc_gpu (assigning layouts) and tkc_gpu →
// LLVM (+ the target's intrinsic dialect, through TargetInfo). Each has one
// directory of its own here and a lit test in test/.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_PASSES_TD
#define TKC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTKCToTKCGPU : Pass<"tkc-convert-tkc-to-tkc-gpu", "::mlir::ModuleOp"> {
  let summary = "Give every tensor a layout: the ttir → ttgir step";
  let description = [{
    Annotates every tensor with the default blocked layout of its shape for
    `num-warps` warps of `threads-per-warp` lanes, records both on the
    module, and inserts the layout conversions that shape-changing ops need
    (expand_dims takes a slice of its result's layout; a reduction yields a
    slice of its operand's; a dot computes in the blocked layout its FMA
    lowering wants, from operands in the `#tkc_gpu.dot_op` layouts of it,
    and needs power-of-two shapes). Ops code generation does not handle yet
    are reported at their source location.

    ```mlir
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    // becomes
    %r = tkc.make_range {...} : tensor<1024xi32, #tkc_gpu.blocked<{
           sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4],
           order = [0]}>>
    ```
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", "4", "Warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "unsigned", /*default=*/"0",
           "Lanes per warp: the target's warp size (required)">,
  ];
  let dependentDialects = ["::mlir::tkc::gpu::TKCGPUDialect"];
}

def ConvertTKCGPUToLLVM : Pass<"tkc-convert-tkc-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower tkc_gpu IR to the LLVM dialect for one target";
  let description = [{
    Each thread's share of a tensor becomes an LLVM struct of its registers;
    tensor ops become per-register scalar code whose indices come from the
    layout's linear map. Loads and stores are vectorized as wide as
    tkc-gpu-record-vector-widths recorded (scalar where it did not run). Layout conversions go through
    shared memory. Everything vendor-specific (thread and program ids,
    barriers, predicated memory accesses, kernel attributes) is asked of the
    `TargetInfo` that the backend registered for `target`, which has no
    default: the pass fails, with an error, when it is not given.

    ```mlir
    %p = tkc.program_id 0
    // becomes, for target=cuda:90a
    %p = nvvm.read.ptx.sreg.ctaid.x : i32
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "The target, as `tkc compile --target` accepts it (required)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TKC_CONVERSION_PASSES_TD
