//===- ElementwiseLowering.cpp - Lowering of per-register ops -------------===//
//
// Each pattern here produces one value per register of its result. Program
// ids are one TargetInfo query; make_range adds its start to the
// coordinates the layout gives each register; splats and splat constants
// repeat one scalar; elementwise arith/math ops and addptr apply the scalar
// op (or a GEP) to the same register of every operand, leaving the scalar
// ops to the upstream arith and math patterns; inline assembly and
// map_elementwise's scalar regions run once per pack of registers.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/ElementwiseLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// program_id and num_programs: one TargetInfo query per axis.
template <typename Op, Value (::tkc::TargetInfo::*query)(OpBuilder &, Location,
                                                         unsigned) const>
struct ProgramIndexLowering : public TargetPattern<Op> {
  using TargetPattern<Op>::TargetPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, (this->target.*query)(rewriter, op.getLoc(), op.getAxis()));
    return success();
  }
};
using ProgramIdLowering =
    ProgramIndexLowering<ProgramIdOp, &::tkc::TargetInfo::getProgramId>;
using NumProgramsLowering =
    ProgramIndexLowering<NumProgramsOp, &::tkc::TargetInfo::getNumPrograms>;

/// make_range: each register's coordinate plus the range's start.
struct MakeRangeLowering : public TargetPattern<MakeRangeOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    auto coords = emitCoordinates(rewriter, loc, getLinearLayout(type),
                                  getHardwareIds(rewriter, loc, target));
    Value start = i32Constant(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (auto &c : coords)
      values.push_back(LLVM::AddOp::create(rewriter, loc, c[0], start));
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// splat: the scalar in every register.
struct SplatLowering : public TargetPattern<SplatOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned n =
        getLinearLayout(cast<RankedTensorType>(op.getType())).getNumRegisters();
    SmallVector<Value> values(n, adaptor.getSrc());
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// A splat-valued dense constant tensor: each register holds the value.
struct SplatConstantLowering : public TargetPattern<arith::ConstantOp> {
  SplatConstantLowering(const LLVMTypeConverter &converter,
                        const ::tkc::TargetInfo &target)
      : TargetPattern(converter, target, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !getLayout(type) || !splat)
      return rewriter.notifyMatchFailure(op, "not a laid-out splat");
    Type elem = getTypeConverter()->convertType(type.getElementType());
    Value scalar = LLVM::ConstantOp::create(rewriter, op.getLoc(), elem,
                                            splat.getSplatValue<Attribute>());
    SmallVector<Value> values(getLinearLayout(type).getNumRegisters(), scalar);
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// The registers of each of `originals`, whose converted values are
/// `converted`.
SmallVector<SmallVector<Value>> operandRegisters(OpBuilder &b, Location loc,
                                                 ValueRange originals,
                                                 ValueRange converted) {
  SmallVector<SmallVector<Value>> registers;
  for (auto [original, value] : llvm::zip(originals, converted))
    registers.push_back(registersOf(b, loc, original, value));
  return registers;
}

/// Any elementwise arith/math op on laid-out tensors becomes one scalar op
/// per register, which the upstream patterns then lower; where the result
/// has runs of equal values (tkc_gpu.constancy), one per run, copied to the
/// run's other registers.
struct ElementwiseLowering : public ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || !getLayout(type))
      return failure();
    Location loc = op->getLoc();
    SmallVector<SmallVector<Value>> registers =
        operandRegisters(rewriter, loc, op->getOperands(), operands);
    Type elem = getTypeConverter()->convertType(type.getElementType());
    SmallVector<int64_t> runs = getResultConstancy(op);
    SmallVector<unsigned> leaders;
    if (!runs.empty())
      leaders = getRunLeaders(type, runs);
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() != TKCGPUDialect::kConstancy)
        attrs.push_back(attr);
    SmallVector<Value> values;
    for (unsigned r = 0, e = registers.front().size(); r < e; ++r) {
      if (!leaders.empty() && leaders[r] != r) {
        values.push_back(values[leaders[r]]);
        continue;
      }
      OperationState state(loc, op->getName());
      for (auto &operand : registers)
        state.addOperands(operand[r]);
      state.addTypes(elem);
      state.addAttributes(attrs);
      values.push_back(rewriter.create(state)->getResult(0));
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// addptr: one GEP per register, scaled by the pointee type.
struct AddPtrLowering : public TargetPattern<AddPtrOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrType = cast<PointerType>(getElementTypeOrSelf(op.getType()));
    Type elem = getTypeConverter()->convertType(ptrType.getPointeeType());
    Type llvmPtr = getTypeConverter()->convertType(ptrType);
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> offsets =
        registersOf(rewriter, loc, op.getOffset(), adaptor.getOffset());
    SmallVector<Value> values;
    for (auto [p, o] : llvm::zip(ptrs, offsets))
      values.push_back(
          LLVM::GEPOp::create(rewriter, loc, llvmPtr, elem, p, ValueRange{o}));
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// extern_elementwise: one call per register of the math library function
/// the target names for the arguments' element type (declared on first use;
/// the backend links the library in), returning the result's.
struct ExternElementwiseLowering
    : public TargetPattern<ExternElementwiseOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getArgs().front().getType()));
    Type result =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    // The pass checked that the target has the function.
    std::string symbol = target.getExternFunctionSymbol(op.getFunction(), elem);
    SmallVector<SmallVector<Value>> args =
        operandRegisters(rewriter, loc, op.getArgs(), adaptor.getArgs());
    auto module = op->getParentOfType<ModuleOp>();
    // Each parameter of its argument's type (ldexp takes an int exponent).
    SmallVector<Type> params;
    for (Value arg : op.getArgs())
      params.push_back(
          getTypeConverter()->convertType(getElementTypeOrSelf(arg.getType())));
    FailureOr<LLVM::LLVMFuncOp> callee =
        LLVM::lookupOrCreateFn(rewriter, module, symbol, params, result);
    if (failed(callee))
      return op.emitOpError() << "'" << symbol
                              << "' is declared with another type";
    SmallVector<Value> values;
    for (size_t r = 0; r < args.front().size(); ++r) {
      SmallVector<Value> operands;
      for (auto &a : args)
        operands.push_back(a[r]);
      values.push_back(
          LLVM::CallOp::create(rewriter, loc, *callee, operands).getResult());
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// int_to_ptr, ptr_to_int and ptr_cast: one LLVM cast per register (none for
/// ptr_cast, whose address space does not change).
template <typename Op>
struct PointerCastLowering : public ConvertOpToLLVMPattern<Op> {
  using ConvertOpToLLVMPattern<Op>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *this->getTypeConverter();
    Type to = converter.convertType(getElementTypeOrSelf(op.getType()));
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getSrc(), adaptor.getSrc());
    for (Value &v : values) {
      if constexpr (std::is_same_v<Op, IntToPtrOp>)
        v = LLVM::IntToPtrOp::create(rewriter, loc, to, v);
      else if constexpr (std::is_same_v<Op, PtrToIntOp>)
        v = LLVM::PtrToIntOp::create(rewriter, loc, to, v);
    }
    replaceWithRegisters(rewriter, op, converter, values);
    return success();
  }
};

/// The registers a value of converted type `type` holds per thread.
size_t registerCount(Type type) {
  auto body = dyn_cast<LLVM::LLVMStructType>(type);
  return body ? body.getBody().size() : 1;
}

/// Replaces `op`, whose results convert to `resultTypes`, by results made of
/// `outs`: each result's registers, in order.
void replaceWithRegisterLists(ConversionPatternRewriter &rewriter,
                              Operation *op, ArrayRef<Type> resultTypes,
                              ArrayRef<SmallVector<Value>> outs) {
  SmallVector<Value> results;
  for (auto [type, values] : llvm::zip(resultTypes, outs))
    results.push_back(isa<LLVM::LLVMStructType>(type)
                          ? packRegisters(rewriter, op->getLoc(), type, values)
                          : values.front());
  rewriter.replaceOp(op, results);
}

/// elementwise_inline_asm: one LLVM inline asm per `packed_element`
/// registers of the operands. Elements narrower than 32 bits travel packed
/// into 32-bit vectors, `32 / bits` (at most `packed_element`) to each, both
/// ways, as Triton's lowering passes them.
struct InlineAsmLowering
    : public ConvertOpToLLVMPattern<ElementwiseInlineAsmOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    unsigned pack = op.getPackedElement();
    // Pointers go to the assembly as 64-bit integers, one a register.
    auto perWord = [&](Type elem) {
      unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 64;
      return std::min(std::max(32 / bits, 1u), pack);
    };
    Type i64 = rewriter.getI64Type();
    auto asInteger = [&](Value value) -> Value {
      return isa<LLVM::LLVMPointerType>(value.getType())
                 ? LLVM::PtrToIntOp::create(rewriter, loc, i64, value)
                 : value;
    };
    SmallVector<SmallVector<Value>> ins =
        operandRegisters(rewriter, loc, op.getArgs(), adaptor.getArgs());
    SmallVector<Type> resultTypes, resultElems;
    for (Type t : op.getResultTypes()) {
      resultTypes.push_back(converter.convertType(t));
      resultElems.push_back(
          converter.convertType(getElementTypeOrSelf(t)));
    }
    // The pass checked that `pack` divides the count.
    size_t count = registerCount(resultTypes.front());

    SmallVector<SmallVector<Value>> outs(op.getNumResults());
    for (size_t first = 0; first < count; first += pack) {
      SmallVector<Value> operands;
      for (auto [arg, regs] : llvm::zip(op.getArgs(), ins)) {
        unsigned n = perWord(getElementTypeOrSelf(arg.getType()));
        for (unsigned j = 0; j < pack; j += n)
          operands.push_back(asInteger(packAccess(
              rewriter, loc, ArrayRef<Value>(regs).slice(first + j, n))));
      }
      SmallVector<Type> words;
      for (Type elem : resultElems)
        for (unsigned j = 0, n = perWord(elem); j < pack; j += n)
          words.push_back(
              isa<LLVM::LLVMPointerType>(elem) ? i64 : accessType(elem, n));
      Type asmType = words.size() == 1 ? words.front()
                                       : LLVM::LLVMStructType::getLiteral(
                                             rewriter.getContext(), words);
      auto asmOp = LLVM::InlineAsmOp::create(
          rewriter, loc, asmType, operands, op.getAsmString(),
          op.getConstraints(), /*has_side_effects=*/!op.getPure(),
          /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr(), ArrayAttr());
      unsigned word = 0;
      for (auto [r, elem] : llvm::enumerate(resultElems))
        for (unsigned j = 0, n = perWord(elem); j < pack; j += n, ++word) {
          Value w = words.size() == 1
                        ? asmOp.getResult(0)
                        : LLVM::ExtractValueOp::create(
                              rewriter, loc, asmOp.getResult(0), word);
          if (isa<LLVM::LLVMPointerType>(elem))
            outs[r].push_back(LLVM::IntToPtrOp::create(rewriter, loc, elem, w));
          else
            llvm::append_range(outs[r], unpackAccess(rewriter, loc, w, n));
        }
    }
    replaceWithRegisterLists(rewriter, op, resultTypes, outs);
    return success();
  }
};

/// map_elementwise: its region copied once per `pack` registers of the
/// operands, which its entry block takes (inlineScalarRegion).
struct MapElementwiseLowering
    : public ConvertOpToLLVMPattern<MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &converter = *getTypeConverter();
    unsigned pack = op.getPack();
    SmallVector<SmallVector<Value>> ins =
        operandRegisters(rewriter, loc, op.getArgs(), adaptor.getArgs());
    SmallVector<Type> resultTypes;
    for (Type t : op.getResultTypes())
      resultTypes.push_back(converter.convertType(t));
    // The pass checked that `pack` divides the count.
    size_t count = registerCount(resultTypes.front());

    SmallVector<SmallVector<Value>> outs(op.getNumResults());
    for (size_t first = 0; first < count; first += pack) {
      SmallVector<Value> scalars;
      for (ArrayRef<Value> regs : ins)
        llvm::append_range(scalars, regs.slice(first, pack));
      SmallVector<Value> returned =
          inlineScalarRegion(rewriter, loc, op.getScalarOp(), scalars);
      for (auto [i, v] : llvm::enumerate(returned))
        outs[i / pack].push_back(v);
    }
    replaceWithRegisterLists(rewriter, op, resultTypes, outs);
    return success();
  }
};

/// A scalar float division as LLVM's fdiv, without the fastmath afn that
/// marks Triton's `/` (arith.divf afn): afn lets the target's own pattern
/// (TargetInfo::populateMathPatterns) use the fast division Triton uses
/// there (div.full.f32 on NVIDIA), but no further approximation of LLVM's
/// (div.approx.f32 for fp16 operands on NVIDIA, a reciprocal on AMD).
struct DivFLowering : public ConvertOpToLLVMPattern<arith::DivFOp> {
  DivFLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern<arith::DivFOp>(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<FloatType>(op.getType()))
      return failure();
    arith::FastMathFlags flags = op.getFastmath() & ~arith::FastMathFlags::afn;
    rewriter.replaceOpWithNewOp<LLVM::FDivOp>(
        op, adaptor.getLhs(), adaptor.getRhs(),
        arith::convertArithFastMathFlagsToLLVM(flags));
    return success();
  }
};

} // namespace

void mlir::tkc::gpu::populateElementwiseLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<ProgramIdLowering, NumProgramsLowering, MakeRangeLowering,
               SplatLowering, SplatConstantLowering, AddPtrLowering,
               ExternElementwiseLowering>(converter, target);
  patterns.add<ElementwiseLowering>(converter, patterns.getContext());
  patterns.add<PointerCastLowering<IntToPtrOp>, PointerCastLowering<PtrToIntOp>,
               PointerCastLowering<PtrCastOp>, InlineAsmLowering,
               MapElementwiseLowering, DivFLowering>(converter);
}
