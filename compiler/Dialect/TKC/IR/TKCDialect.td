//===- TKCDialect.td - The tkc dialect definition ----------*- tablegen -*-===//
//
// Declares the tkc dialect: the target-neutral, tensor-level IR that the
// Triton-language frontend produces (the `ttir` stage). Blocks are ranked,
// statically shaped tensors; standard dialects (arith, math, scf, cf, func)
// provide arithmetic, control flow and functions.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_IR_TKCDIALECT_TD
#define TKC_DIALECT_TKC_IR_TKCDIALECT_TD

include "mlir/IR/OpBase.td"

def TKC_Dialect : Dialect {
  let name = "tkc";
  let cppNamespace = "::mlir::tkc";
  let summary = "Target-neutral tensor IR for Triton-language kernels";
  let description = [{
    The tkc dialect models one program instance of a Triton kernel operating
    on blocks: ranked tensors of static shape whose elements are integers,
    floats or `!tkc.ptr` pointers. It carries no layout or target
    information; the tkc_gpu dialect adds that. Elementwise arithmetic,
    math functions, control flow and functions come from the upstream
    arith, math, scf, cf and func dialects.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    /// Registers the types of TKCTypes.td.
    void registerTypes();

    /// Discardable attribute names. The hints of tl.multiple_of,
    /// tl.max_contiguous and tl.max_constancy, and the signature's
    /// divisibility on a kernel argument (an integer, or one per dimension):
    static constexpr ::llvm::StringLiteral kDivisibility = "tkc.divisibility";
    static constexpr ::llvm::StringLiteral kContiguity = "tkc.contiguity";
    static constexpr ::llvm::StringLiteral kConstancy = "tkc.constancy";
    /// A hint on an scf.for's body argument (a loop-carried value) is kept
    /// on the loop as `<hint>_arg<N>`, N the argument's number in the body
    /// (0: the induction variable), as Triton keeps it.
    static std::string getLoopArgHintName(::llvm::StringRef hint,
                                          unsigned argNumber) {
      return (hint + "_arg" + ::llvm::Twine(argNumber)).str();
    }
    /// On the kernel: its parameters in source order, as the metadata
    /// describes them (name, kind, dtype, divisibility, equal_to_1, value).
    static constexpr ::llvm::StringLiteral kParams = "tkc.params";
    /// On the kernel: the tensor descriptors whose tensor maps a launcher
    /// can encode from its arguments, by the name a `tkc.load`'s box gives
    /// (a dictionary each: `base`, the pointer argument's name; `shape` and
    /// `strides`, all but the last, each `[constant, "arg", ...]`, their
    /// product).
    static constexpr ::llvm::StringLiteral kTensorDescriptors =
        "tkc.tensor_descriptors";
    /// The prefix of every tkc attribute, and of the tl.range options kept
    /// on an scf.for (`tkc.num_stages`, `tkc.loop_unroll_factor`, ...).
    static constexpr ::llvm::StringLiteral kAttrPrefix = "tkc.";
    /// Two of those options, as the passes that act on them read them.
    static constexpr ::llvm::StringLiteral kLoopNumStages = "tkc.num_stages";
    static constexpr ::llvm::StringLiteral kLoopUnrollFactor =
        "tkc.loop_unroll_factor";
  }];
}

#endif // TKC_DIALECT_TKC_IR_TKCDIALECT_TD
