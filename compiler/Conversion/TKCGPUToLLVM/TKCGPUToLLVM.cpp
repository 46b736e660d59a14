//===- TKCGPUToLLVM.cpp - Lower tkc_gpu IR to the LLVM dialect ------------===//
//
// Implements tkc-convert-tkc-gpu-to-llvm. A laid-out tensor becomes an LLVM
// struct of the thread's registers; each tkc/tkc_gpu op becomes scalar code
// over those registers. Upstream patterns lower arith, math, func and cf.
// Vendor-specific instructions come from the TargetInfo that the backend
// registered for the pass's `target`. Before converting, the pass rejects
// ops code generation does not support yet, at their source location, and
// records each load's and store's vector width from the axis analysis.
// This file holds the pass: those checks, the type conversion and the
// conversion target. The patterns live beside it, one file per op family
// (ElementwiseLowering, MemoryLowering, LayoutConversionLowering,
// ReduceLowering, ScanLowering, AtomicLowering, DotLowering,
// ShapeLowering), on the
// helpers of LayoutLowering.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Conversion/TKCGPUToLLVM/AtomicLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/DebugLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/DotLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/ElementwiseLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/Fp8Lowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/IndexingLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutConversionLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/MemoryLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/MmaOperandLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/ReduceLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/ScanLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/ShapeLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TensorCopyLowering.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tkc {
#define GEN_PASS_DEF_CONVERTTKCGPUTOLLVM
#include "compiler/Conversion/Passes.h.inc"
} // namespace mlir::tkc

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

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
               ScanOp, ScanReturnOp, MapElementwiseReturnOp, IntToPtrOp,
               PtrToIntOp, PtrCastOp, AssertOp, AssumeOp>(op);
  if (isa<TKCGPUDialect>(op->getDialect()))
    return isa<ConvertLayoutOp, LocalAllocOp, TileOp, TransTileOp, AsyncCopyOp,
               AsyncCommitOp, AsyncWaitOp, LocalLoadOp, WarpgroupDotOp,
               WarpgroupWaitOp, BarrierInitOp, BarrierInvalOp, BarrierExpectOp,
               TensorCopyOp, TensorStoreOp, BarrierWaitOp>(op);
  return true;
}

/// Erases each barrier that follows another in its block with nothing
/// between them that touches memory: every thread passed the first, and
/// none has accessed memory since. The lowering of consecutive ops that each
/// guard their own shared memory (tiles stored one after the other for
/// warpgroup multiplies) leaves such pairs.
void removeRepeatedBarriers(ModuleOp module, const ::tkc::TargetInfo &target) {
  SmallVector<Operation *> repeated;
  module.walk([&](Block *block) {
    Operation *barrier = nullptr;
    for (Operation &op : *block) {
      if (target.isBarrier(&op)) {
        if (barrier)
          repeated.push_back(&op);
        barrier = &op;
      } else if (!isMemoryEffectFree(&op) || op.getNumRegions()) {
        barrier = nullptr;
      }
    }
  });
  for (Operation *op : repeated)
    op->erase();
}

struct ConvertTKCGPUToLLVMPass
    : public mlir::tkc::impl::ConvertTKCGPUToLLVMBase<ConvertTKCGPUToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    if (auto info = ::tkc::createTargetInfo(target))
      (*info)->getDependentDialects(registry);
    else
      llvm::consumeError(info.takeError());
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    std::unique_ptr<::tkc::TargetInfo> info =
        ::tkc::createTargetInfoOrReport(target, module);
    if (!info)
      return signalPassFailure();
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
          } else if (isa<DotOp>(op)) {
            if (isDotLowerable(op, *info, reason))
              return WalkResult::advance();
          } else if (isa<ElementwiseInlineAsmOp, MapElementwiseOp>(op)) {
            auto asmOp = dyn_cast<ElementwiseInlineAsmOp>(op);
            unsigned pack = asmOp ? asmOp.getPackedElement()
                                  : cast<MapElementwiseOp>(op).getPack();
            auto type = dyn_cast<RankedTensorType>(op->getResultTypes()[0]);
            unsigned count = type ? getLinearLayout(type).getNumRegisters() : 1;
            if (count % pack == 0)
              return WalkResult::advance();
            reason = "packing " + std::to_string(pack) + " elements per " +
                     (asmOp ? "asm" : "call") + " where each thread holds " +
                     std::to_string(count);
          } else if (auto call = dyn_cast<ExternElementwiseOp>(op)) {
            Type elem = getElementTypeOrSelf(call.getArgs().front().getType());
            if (!info->getExternFunctionSymbol(call.getFunction(), elem)
                     .empty())
              return WalkResult::advance();
            std::string type;
            llvm::raw_string_ostream(type) << elem;
            reason = "of '" + call.getFunction().str() + "' for " + type +
                     " on '" + target + "'";
          } else if (isa<PrintOp>(op)) {
            if (info->hasPrintf())
              return WalkResult::advance();
            reason = "on '" + target + "'";
          } else if (isa<GatherOp, HistogramOp>(op)) {
            if (isIndexingOpLowerable(op, reason))
              return WalkResult::advance();
          } else if (isa<FpToFpOp>(op)) {
            if (isFpToFpLowerable(op, reason))
              return WalkResult::advance();
          } else if (isa<TransOp, ReshapeOp, JoinOp, SplitOp>(op)) {
            if (isShapeOpLowerable(op, reason))
              return WalkResult::advance();
          } else if (auto convert = dyn_cast<ConvertLayoutOp>(op);
                     convert && getConversionRounds(convert) > 1) {
            unsigned rounds = getConversionRounds(convert);
            if (llvm::isPowerOf2_32(rounds) &&
                rounds <=
                    getMaxConversionRounds(
                        cast<RankedTensorType>(convert.getSrc().getType()),
                        cast<RankedTensorType>(convert.getType())))
              return WalkResult::advance();
            reason = "in " + std::to_string(rounds) +
                     " rounds, which its layouts do not split its tensor into";
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

    // A reduction that would hold fewer registers favoring occupancy tells
    // the driver so, as tkc-gpu-pipeline does for its tiles.
    if (!module->hasAttr(TKCGPUDialect::kFavorOccupancy) &&
        module
            .walk([](ReduceOp reduce) {
              return hasOccupancyHeadroom(reduce) ? WalkResult::interrupt()
                                                  : WalkResult::advance();
            })
            .wasInterrupted())
      module->setAttr(TKCGPUDialect::kOccupancyHeadroom,
                      UnitAttr::get(context));

    // Hints and parameter descriptions have served; LLVM has no use for
    // them.
    module.walk([](func::FuncOp func) {
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        func.setArgAttrs(i, ArrayRef<NamedAttribute>());
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : func->getDiscardableAttrs())
        if (attr.getName().strref().starts_with(TKCDialect::kAttrPrefix))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        func->removeAttr(name);
    });
    module.walk([](Operation *op) {
      for (StringRef name : {TKCDialect::kDivisibility, TKCDialect::kContiguity,
                             TKCDialect::kConstancy})
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
    // A shared-memory tile is the address of its first element.
    converter.addConversion([&](SharedBufferType) -> Type {
      return LLVM::LLVMPointerType::get(context, info->getSharedAddressSpace());
    });

    // One populate function per op family, each in its own file. tkc.dot
    // runs on mma.sync for nvidia_mma results and with multiply-adds
    // otherwise; its mma.sync operands come through swizzled shared memory
    // (MmaOperandLowering). wgmma and MFMA are still to come.
    RewritePatternSet patterns(context);
    populateElementwiseLoweringPatterns(converter, *info, patterns);
    populateMemoryLoweringPatterns(converter, *info, patterns);
    populateLayoutConversionLoweringPatterns(converter, *info, patterns);
    populateMmaOperandLoweringPatterns(converter, *info, patterns);
    populateReduceLoweringPatterns(converter, *info, patterns);
    populateScanLoweringPatterns(converter, *info, patterns);
    populateAtomicLoweringPatterns(converter, *info, patterns);
    populateDotLoweringPatterns(converter, *info, patterns);
    populateShapeLoweringPatterns(converter, *info, patterns);
    populateTensorCopyLoweringPatterns(converter, *info, patterns);
    populateIndexingLoweringPatterns(converter, *info, patterns);
    populateFp8LoweringPatterns(converter, *info, patterns);
    populateDebugLoweringPatterns(converter, *info, patterns);
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

    // Buffers the lowering allocated where their op was (a print's
    // arguments) move to their function's entry, so that no loop grows the
    // stack.
    SmallVector<LLVM::AllocaOp> allocas;
    module.walk([&](LLVM::AllocaOp alloca) {
      if (alloca.getArraySize().getDefiningOp<LLVM::ConstantOp>())
        allocas.push_back(alloca);
    });
    for (LLVM::AllocaOp alloca : allocas) {
      Block &entry = alloca->getParentOfType<LLVM::LLVMFuncOp>().front();
      if (alloca->getBlock() == &entry)
        continue;
      OpBuilder b(&entry, entry.begin());
      Operation *size = b.clone(*alloca.getArraySize().getDefiningOp());
      alloca->moveAfter(size);
      alloca.getArraySizeMutable().assign(size->getResult(0));
    }

    removeRepeatedBarriers(module, *info);

    unsigned threads = numWarps * info->getWarpSize();
    unsigned maxRegisters = 0;
    if (auto cap =
            module->getAttrOfType<IntegerAttr>(TKCGPUDialect::kMaxRegisters))
      maxRegisters = cap.getInt();
    auto tensorMaps =
        module->getAttrOfType<ArrayAttr>(TKCGPUDialect::kTensorMaps);
    if (tensorMaps && !info->hasTensorCopies()) {
      module.emitError("tensor maps (tkc_gpu.tensor_maps) on a target "
                       "without tensor copies");
      return signalPassFailure();
    }
    module.walk([&](LLVM::LLVMFuncOp func) {
      // Kernels return nothing; helpers left uninlined stay functions.
      if (func.isExternal() ||
          !isa<LLVM::LLVMVoidType>(func.getFunctionType().getReturnType()))
        return;
      info->markKernel(func, threads, maxRegisters);
      // The maps are the kernel's arguments (a helper left uninlined has
      // fewer, or others).
      if (tensorMaps)
        for (Attribute map : tensorMaps) {
          auto arg = dyn_cast_or_null<IntegerAttr>(
              cast<DictionaryAttr>(map).get("arg"));
          if (arg && arg.getInt() < func.getNumArguments() &&
              isa<LLVM::LLVMPointerType>(func.getArgumentTypes()[arg.getInt()]))
            info->markTensorMapParameter(func, arg.getInt());
        }
    });
  }
};

} // namespace
