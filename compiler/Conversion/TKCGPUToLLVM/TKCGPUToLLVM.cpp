//===- TKCGPUToLLVM.cpp - Lower tkc_gpu IR to the LLVM dialect ------------===//
//
// Implements tkc-convert-tkcgpu-to-llvm. A laid-out tensor becomes an LLVM
// struct of the thread's registers; each tkc/tkc_gpu op becomes scalar code
// over those registers. Upstream patterns lower arith, math, func and cf.
// Vendor-specific instructions come from the TargetInfo that the backend
// registered for the pass's `target`. Before converting, the pass rejects
// ops code generation does not support yet, at their source location, and
// records each load's and store's vector width from the axis analysis.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Conversion/TKCGPUToLLVM/AtomicLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/ReduceLowering.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/Analysis/AxisInfo.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_CONVERTTKCGPUTOLLVM
#include "compiler/Conversion/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// The discardable attribute carrying a load's or store's vector width.
constexpr StringLiteral kVectorWidth = "tkc_gpu.vector_width";

/// Base of the patterns: the type converter plus the target's info.
template <typename Op>
struct TargetPattern : public ConvertOpToLLVMPattern<Op> {
  TargetPattern(const LLVMTypeConverter &converter,
                const ::tkc::TargetInfo &target, PatternBenefit benefit = 1)
      : ConvertOpToLLVMPattern<Op>(converter, benefit), target(target) {}
  const ::tkc::TargetInfo &target;
};

/// `values` reordered by `map`.
SmallVector<Value> gather(ArrayRef<Value> values, ArrayRef<unsigned> map) {
  SmallVector<Value> out;
  for (unsigned i : map)
    out.push_back(values[i]);
  return out;
}

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

struct BarrierLowering : public TargetPattern<BarrierOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    target.emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

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

/// Any elementwise arith/math op on laid-out tensors becomes one scalar op
/// per register, which the upstream patterns then lower.
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
    SmallVector<SmallVector<Value>> registers;
    for (auto [original, converted] : llvm::zip(op->getOperands(), operands))
      registers.push_back(registersOf(rewriter, loc, original, converted));
    Type elem = getTypeConverter()->convertType(type.getElementType());
    SmallVector<Value> values;
    for (unsigned r = 0, e = registers.front().size(); r < e; ++r) {
      OperationState state(loc, op->getName());
      for (auto &operand : registers)
        state.addOperands(operand[r]);
      state.addTypes(elem);
      state.addAttributes(op->getAttrs());
      values.push_back(rewriter.create(state)->getResult(0));
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

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

/// The vector width recorded on a load or store before conversion.
unsigned vectorWidthOf(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kVectorWidth))
    return static_cast<unsigned>(attr.getInt());
  return 1;
}

/// The access type of `vec` elements of `elem`.
Type accessType(Type elem, unsigned vec) {
  return vec == 1 ? elem : VectorType::get({vec}, elem);
}

struct LoadLowering : public TargetPattern<LoadOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask());
    // Masked-off lanes of loadGlobal read as zero unless given `other`: an
    // `other` of +0 (or integer 0) need not be passed.
    if (op.getOther() && !matchPattern(op.getOther(), m_PosZeroFloat()) &&
        !matchPattern(op.getOther(), m_Zero()))
      others = registersOf(rewriter, loc, op.getOther(), adaptor.getOther());
    unsigned vec = vectorWidthOf(op);
    Type access = accessType(elem, vec);
    SmallVector<Value> values;
    for (unsigned i = 0; i < ptrs.size(); i += vec) {
      // A vector's mask is uniform (coalescing vectorizes only where the
      // mask is constant across it): one predicate for all its elements.
      Value pred = masks.empty() ? Value() : masks[i];
      Value other;
      if (pred && !others.empty()) {
        other = others[i];
        if (vec > 1) {
          other = LLVM::UndefOp::create(rewriter, loc, access);
          for (unsigned j = 0; j < vec; ++j)
            other = LLVM::InsertElementOp::create(
                rewriter, loc, other, others[i + j],
                i32Constant(rewriter, loc, j));
        }
      }
      Value loaded =
          target.loadGlobal(rewriter, loc, ptrs[i], access, pred, other);
      for (unsigned j = 0; j < vec; ++j)
        values.push_back(
            vec == 1 ? loaded
                     : LLVM::ExtractElementOp::create(
                           rewriter, loc, loaded, i32Constant(rewriter, loc, j))
                           .getResult());
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

struct StoreLowering : public TargetPattern<StoreOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getValue().getType()));
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr());
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getValue(), adaptor.getValue());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask());
    // Every thread holds a scalar: only the block's first thread stores it.
    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      Value first = emitIsFirstThread(rewriter, loc, target);
      masks = {masks.empty()
                   ? first
                   : LLVM::AndOp::create(rewriter, loc, masks[0], first)
                         .getResult()};
    }
    unsigned vec = vectorWidthOf(op);
    for (unsigned i = 0; i < ptrs.size(); i += vec) {
      Value data = values[i];
      if (vec > 1) {
        data = LLVM::UndefOp::create(rewriter, loc, accessType(elem, vec));
        for (unsigned j = 0; j < vec; ++j)
          data =
              LLVM::InsertElementOp::create(rewriter, loc, data, values[i + j],
                                            i32Constant(rewriter, loc, j));
      }
      target.storeGlobal(rewriter, loc, ptrs[i], data,
                         masks.empty() ? Value() : masks[i]);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// broadcast and expand_dims: each result register is a source register of
/// the same thread, given the layouts TKCToTKCGPU chose.
template <typename Op>
struct RegisterShuffleLowering : public TargetPattern<Op> {
  using TargetPattern<Op>::TargetPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto project = [&](LinearLayout::Basis c) {
      if constexpr (std::is_same_v<Op, ExpandDimsOp>) {
        c.erase(c.begin() + op.getAxis());
      } else {
        for (unsigned d = 0; d < c.size(); ++d)
          if (srcType.getDimSize(d) == 1)
            c[d] = 0;
      }
      return c;
    };
    auto map = getLinearLayout(dstType).getRegisterMapFrom(
        getLinearLayout(srcType), project);
    if (!map)
      return op.emitOpError("cannot be lowered: its source and result "
                            "layouts are not related register by register");
    SmallVector<Value> src =
        unpackRegisters(rewriter, op.getLoc(), adaptor.getSrc());
    replaceWithRegisters(rewriter, op, *this->getTypeConverter(),
                         gather(src, *map));
    return success();
  }
};

/// A layout conversion: a register permutation when no element changes
/// thread, else a round trip through shared memory (see
/// tkc-gpu-allocate-shared-memory for the space it uses).
struct ConvertLayoutLowering : public TargetPattern<ConvertLayoutOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    LinearLayout from = getLinearLayout(srcType), to = getLinearLayout(dstType);
    SmallVector<Value> src = unpackRegisters(rewriter, loc, adaptor.getSrc());
    if (auto map = to.getRegisterMapFrom(from)) {
      replaceWithRegisters(rewriter, op, *getTypeConverter(),
                           gather(src, *map));
      return success();
    }

    Type elem = getTypeConverter()->convertType(srcType.getElementType());
    if (!elem.isIntOrFloat())
      return op.emitOpError("cannot move pointers through shared memory yet");
    bool isBool = elem.isInteger(1);
    Type memType = isBool ? rewriter.getI8Type() : elem;
    Value base = getScratchBase(rewriter, loc, op);
    Type sharedPtr = base.getType();

    // The address of each register's element, row-major.
    auto offsets = [&](const LinearLayout &layout) {
      SmallVector<Value> result;
      for (Value index : emitRowMajorIndices(
               rewriter, loc, layout, getHardwareIds(rewriter, loc, target)))
        result.push_back(LLVM::GEPOp::create(rewriter, loc, sharedPtr, memType,
                                             base, ValueRange{index}));
      return result;
    };
    // Wait for earlier readers of the scratch first, unless none can be.
    if (needsScratchBarrier(op))
      target.emitBarrier(rewriter, loc);
    for (auto [ptr, value] : llvm::zip(offsets(from), src)) {
      Value stored =
          isBool
              ? LLVM::ZExtOp::create(rewriter, loc, memType, value).getResult()
              : value;
      LLVM::StoreOp::create(rewriter, loc, stored, ptr);
    }
    target.emitBarrier(rewriter, loc);
    SmallVector<Value> values;
    for (Value ptr : offsets(to)) {
      Value loaded = LLVM::LoadOp::create(rewriter, loc, memType, ptr);
      values.push_back(
          isBool
              ? LLVM::TruncOp::create(rewriter, loc, elem, loaded).getResult()
              : loaded);
    }
    replaceWithRegisters(rewriter, op, *getTypeConverter(), values);
    return success();
  }
};

/// Whether code generation handles `op`; ops of other dialects are left to
/// the upstream patterns.
bool isSupported(Operation *op) {
  if (isa<LoadOp, StoreOp>(op)) {
    Type pointee =
        cast<PointerType>(getElementTypeOrSelf(op->getOperand(0).getType()))
            .getPointeeType();
    return pointee.isIntOrFloat() && pointee.getIntOrFloatBitWidth() >= 8;
  }
  if (isa<TKCDialect>(op->getDialect()))
    return isa<ProgramIdOp, NumProgramsOp, MakeRangeOp, SplatOp, BroadcastOp,
               ExpandDimsOp, AddPtrOp, BarrierOp, ReduceOp, ReduceReturnOp,
               ScanOp, ScanReturnOp>(op);
  if (isa<TKCGPUDialect>(op->getDialect()))
    return isa<ConvertLayoutOp>(op);
  return true;
}

struct ConvertTKCGPUToLLVMPass
    : public mlir::tkc::impl::ConvertTKCGPUToLLVMBase<ConvertTKCGPUToLLVMPass> {
  using Base::Base;

  /// The backend for the `target` option, or null after an error.
  const ::tkc::TargetBackend *getBackend(::tkc::TargetSpec &spec,
                                         std::string &error) const {
    auto parsed = ::tkc::parseTarget(target);
    if (!parsed) {
      error = llvm::toString(parsed.takeError());
      return nullptr;
    }
    spec = *parsed;
    const ::tkc::TargetBackend *backend =
        ::tkc::lookupTargetBackend(spec.backend);
    if (!backend)
      error = "no backend is linked in for target '" + target + "'";
    return backend;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    ::tkc::TargetSpec spec;
    std::string error;
    if (const ::tkc::TargetBackend *backend = getBackend(spec, error))
      backend->createTargetInfo(spec)->getDependentDialects(registry);
  }

  /// Records each load's and store's vector width: as wide as the layout's
  /// contiguous registers, the pointers' contiguity and alignment, the
  /// mask's constancy and 16 bytes allow.
  static void recordVectorWidths(ModuleOp module) {
    AxisInfoAnalysis axis;
    module.walk([&](Operation *op) {
      if (!isa<LoadOp, StoreOp>(op))
        return;
      Value ptr = op->getOperand(0);
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type)
        return;
      LinearLayout layout = getLinearLayout(type);
      unsigned bytes = cast<PointerType>(type.getElementType())
                           .getPointeeType()
                           .getIntOrFloatBitWidth() /
                       8;
      // Vectors run along the dimension of the layout's leading registers.
      unsigned dim = 0;
      for (unsigned d = 1; d < type.getRank(); ++d)
        if (layout.getContiguousRegisters(d) >
            layout.getContiguousRegisters(dim))
          dim = d;
      const AxisInfo &info = axis.get(ptr);
      int64_t best = std::min<int64_t>(layout.getContiguousRegisters(dim),
                                       info.contiguity[dim]);
      best = std::min<int64_t>(
          best, std::max<int64_t>(1, info.divisibility[dim] / bytes));
      best = std::min<int64_t>(best, 16 / bytes);
      Value mask = isa<LoadOp>(op) ? cast<LoadOp>(op).getMask()
                                   : cast<StoreOp>(op).getMask();
      if (mask)
        best = std::min(best, axis.get(mask).constancy[dim]);
      best = std::max<int64_t>(1, llvm::bit_floor(static_cast<uint64_t>(best)));
      op->setAttr(
          kVectorWidth,
          IntegerAttr::get(IntegerType::get(op->getContext(), 32), best));
    });
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    ::tkc::TargetSpec spec;
    std::string error;
    const ::tkc::TargetBackend *backend = getBackend(spec, error);
    if (!backend) {
      module.emitError() << error;
      return signalPassFailure();
    }
    std::unique_ptr<::tkc::TargetInfo> info = backend->createTargetInfo(spec);
    unsigned numWarps = getModuleUInt(module, TKCGPUDialect::kNumWarps);
    if (getModuleUInt(module, TKCGPUDialect::kThreadsPerWarp) !=
        info->getWarpSize()) {
      module.emitError() << "the module was laid out for "
                         << getModuleUInt(module,
                                          TKCGPUDialect::kThreadsPerWarp)
                         << " threads per warp, but '" << target << "' has "
                         << info->getWarpSize();
      return signalPassFailure();
    }

    WalkResult unsupported =
        module.walk<WalkOrder::PreOrder>([&](Operation *op) {
          std::string reason;
          if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
            if (isAtomicLowerable(op, reason))
              return WalkResult::advance();
          } else if (isSupported(op)) {
            return WalkResult::advance();
          } else if (isa<LoadOp, StoreOp>(op)) {
            reason = "of this element type";
          }
          op->emitError() << "code generation does not support '"
                          << op->getName() << "' "
                          << (reason.empty() ? "" : reason + " ") << "yet";
          return WalkResult::interrupt();
        });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    recordVectorWidths(module);
    // Hints and parameter descriptions have served; LLVM has no use for
    // them.
    module.walk([](func::FuncOp func) {
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        func.setArgAttrs(i, ArrayRef<NamedAttribute>());
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : func->getDiscardableAttrs())
        if (attr.getName().strref().starts_with("tkc."))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        func->removeAttr(name);
    });
    module.walk([](Operation *op) {
      for (StringRef name :
           {"tkc.divisibility", "tkc.contiguity", "tkc.constancy"})
        op->removeAttr(name);
    });

    if (getModuleUInt(module, TKCGPUDialect::kSharedBytes) > 0) {
      OpBuilder b(module.getBodyRegion());
      auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
      LLVM::GlobalOp::create(b, module.getLoc(), arrayType,
                             /*isConstant=*/false, LLVM::Linkage::External,
                             kSharedMemory, Attribute(), /*alignment=*/16,
                             info->getSharedAddressSpace());
    }

    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    converter.addConversion([&](PointerType type) -> Type {
      return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
    });
    converter.addConversion([&](RankedTensorType type) -> std::optional<Type> {
      if (!getLayout(type))
        return std::nullopt;
      Type elem = converter.convertType(type.getElementType());
      SmallVector<Type> fields(getLinearLayout(type).getNumRegisters(), elem);
      return LLVM::LLVMStructType::getLiteral(context, fields);
    });

    RewritePatternSet patterns(context);
    patterns.add<ProgramIdLowering, NumProgramsLowering, BarrierLowering,
                 MakeRangeLowering, SplatLowering, SplatConstantLowering,
                 AddPtrLowering, LoadLowering, StoreLowering,
                 RegisterShuffleLowering<BroadcastOp>,
                 RegisterShuffleLowering<ExpandDimsOp>, ConvertLayoutLowering>(
        converter, *info);
    patterns.add<ElementwiseLowering>(converter, context);
    populateReduceLowering(converter, *info, patterns);
    populateScanLowering(converter, *info, patterns);
    populateAtomicLowering(converter, *info, patterns);
    info->populateMathPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);

    ConversionTarget conversionTarget(*context);
    conversionTarget.addLegalDialect<LLVM::LLVMDialect>();
    conversionTarget.addIllegalDialect<
        TKCDialect, TKCGPUDialect, arith::ArithDialect, math::MathDialect,
        func::FuncDialect, cf::ControlFlowDialect, scf::SCFDialect>();
    // The target's own dialect (NVVM, ROCDL, ...) is legal.
    conversionTarget.markUnknownOpDynamicallyLegal(
        [](Operation *) { return true; });
    conversionTarget.addLegalOp<ModuleOp>();
    if (failed(
            applyFullConversion(module, conversionTarget, std::move(patterns))))
      return signalPassFailure();

    unsigned threads = numWarps * info->getWarpSize();
    module.walk([&](LLVM::LLVMFuncOp func) {
      // Kernels return nothing; helpers left uninlined stay functions.
      if (!func.isExternal() &&
          isa<LLVM::LLVMVoidType>(func.getFunctionType().getReturnType()))
        info->markKernel(func, threads);
    });
  }
};

} // namespace
