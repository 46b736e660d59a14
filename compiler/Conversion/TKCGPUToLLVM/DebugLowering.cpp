//===- DebugLowering.cpp - tl.device_print and tl.device_assert -----------===//
//
// tkc.print prints every element of each argument once, from the thread
// and register that own it (ownersOf), one line per element through the
// target's printf, in the format Triton's JIT prints:
//
//   pid (<x>, <y>, <z>) idx (<i>, <j>)<prefix>[(operand <n>) ]<value>
//
// A scalar prints once per program, with `idx ()`. tkc.assert calls the
// target's assertion failure from every thread that holds a false element,
// naming the op's source file, line and function (printed first, as HIP's
// assert does, where the target's failure does not report them). tkc.assume
// becomes llvm.intr.assume, for LLVM to simplify with.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/DebugLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/LayoutLowering.h"
#include "compiler/Conversion/TKCGPUToLLVM/TargetPattern.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tkc;
using namespace mlir::tkc::gpu;

namespace {

/// A NUL-terminated string in global memory.
struct GlobalString {
  /// Its generic address.
  Value address;
  /// Its length, with the NUL.
  uint64_t bytes;
};

/// A NUL-terminated copy of `text` in global memory: one constant global per
/// distinct text in the module of `op`.
GlobalString globalString(OpBuilder &b, Location loc, Operation *op,
                          StringRef text, const ::tkc::TargetInfo &target) {
  auto module = op->getParentOfType<ModuleOp>();
  std::string bytes = text.str();
  bytes.push_back('\0');
  LLVM::GlobalOp global;
  unsigned count = 0;
  for (auto candidate : module.getOps<LLVM::GlobalOp>()) {
    if (!candidate.getSymName().starts_with("tkc_string_"))
      continue;
    ++count;
    auto value = dyn_cast_or_null<StringAttr>(candidate.getValueOrNull());
    if (value && value.getValue() == bytes)
      global = candidate;
  }
  if (!global) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
    global = LLVM::GlobalOp::create(
        b, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        "tkc_string_" + std::to_string(count), b.getStringAttr(bytes),
        /*alignment=*/1, target.getGlobalAddressSpace());
  }
  Value address = LLVM::AddressOfOp::create(b, loc, global);
  return {LLVM::AddrSpaceCastOp::create(
              b, loc, LLVM::LLVMPointerType::get(b.getContext()), address),
          bytes.size()};
}

/// A value's printf conversion and the argument that goes with it.
struct Formatted {
  std::string conversion;
  Value arg;
};

/// `value` (an element of MLIR type `elem`) as printf prints it: floats as
/// doubles (`%f`), integers as signed or unsigned 32- or 64-bit numbers,
/// pointers as `%p`; with `hex`, numbers as the hexadecimal of their bits.
Formatted format(OpBuilder &b, Location loc, Value value, Type elem,
                 bool isSigned, bool hex, const ::tkc::TargetInfo &target) {
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    return {"%p", value};
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  if (isa<FloatType>(elem) && !hex) {
    if (type.isInteger()) {
      // An 8-bit float travels as its byte; the target widens it.
      auto wide = target.extendFromFp8(b, loc, value, cast<FloatType>(elem));
      if (!wide)
        return format(b, loc, value, elem, false, /*hex=*/true, target);
      value = wide->front();
    }
    return {"%f",
            LLVM::FPExtOp::create(b, loc, b.getF64Type(), value).getResult()};
  }
  if (isa<FloatType>(type))
    value = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), value);
  bool wide = bits > 32;
  Type argType = wide ? b.getI64Type() : b.getI32Type();
  bool extendSigned = isSigned && !hex && bits > 1;
  if (bits < argType.getIntOrFloatBitWidth())
    value = extendSigned
                ? LLVM::SExtOp::create(b, loc, argType, value).getResult()
                : LLVM::ZExtOp::create(b, loc, argType, value).getResult();
  if (hex)
    return {"0x%0" + std::to_string((bits + 3) / 4) + (wide ? "llx" : "x"),
            value};
  return {std::string(wide ? "%ll" : "%") + (extendSigned ? "i" : "u"), value};
}

/// tkc.assume: llvm.intr.assume of the same condition.
struct AssumeLowering : public TargetPattern<AssumeOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AssumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::AssumeOp>(op, adaptor.getCond());
    return success();
  }
};

struct PrintLowering : public TargetPattern<PrintOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> pid;
    for (unsigned axis = 0; axis < 3; ++axis)
      pid.push_back(target.getProgramId(rewriter, loc, axis));
    std::string head = "pid (%u, %u, %u) idx (";
    if (op.getArgs().empty()) {
      GlobalString format = globalString(
          rewriter, loc, op, head + ")" + op.getPrefix().str() + "\n", target);
      emitGuarded(
          rewriter, loc, emitIsFirstThread(rewriter, loc, target), {}, [&] {
            target.emitPrintf(rewriter, loc, format.address, format.bytes, pid);
            return Value();
          });
      rewriter.eraseOp(op);
      return success();
    }
    HardwareIds ids = getHardwareIds(rewriter, loc, target);
    for (auto [n, original, converted] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      Type elem = getElementTypeOrSelf(original.getType());
      SmallVector<Value> registers =
          registersOf(rewriter, loc, original, converted);
      Owners owners = ownersOf(rewriter, loc, original.getType(), target);
      // The indices of each register's element, each as wide as the
      // largest index of its dimension.
      SmallVector<SmallVector<Value>> coords(registers.size());
      std::string indices;
      if (auto tensor = dyn_cast<RankedTensorType>(original.getType())) {
        coords = emitCoordinates(rewriter, loc, getLinearLayout(tensor), ids);
        SmallVector<std::string> fields;
        for (int64_t size : tensor.getShape()) {
          size_t width = std::to_string(size - 1).size();
          fields.push_back(width > 1 ? "%" + std::to_string(width) + "u"
                                     : "%u");
        }
        indices = llvm::join(fields, ", ");
      }
      std::string operand =
          op.getArgs().size() > 1 ? "(operand " + std::to_string(n) + ") " : "";
      emitGuarded(rewriter, loc, owners.thread, {}, [&] {
        // Every element of the operand prints with one format string.
        std::optional<GlobalString> text;
        for (auto [r, value] : llvm::enumerate(registers)) {
          if (owners.ownerOf[r] != r)
            continue;
          Formatted f = format(rewriter, loc, value, elem, op.getIsSigned()[n],
                               op.getHex(), target);
          if (!text)
            text = globalString(rewriter, loc, op,
                                head + indices + ")" + op.getPrefix().str() +
                                    operand + f.conversion + "\n",
                                target);
          SmallVector<Value> args(pid);
          llvm::append_range(args, coords[r]);
          args.push_back(f.arg);
          target.emitPrintf(rewriter, loc, text->address, text->bytes, args);
        }
        return Value();
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AssertLowering : public TargetPattern<AssertOp> {
  using TargetPattern::TargetPattern;
  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value holds;
    for (Value value :
         registersOf(rewriter, loc, op.getCondition(), adaptor.getCondition()))
      holds = both(rewriter, loc, holds, value);
    Value fails = LLVM::XOrOp::create(
        rewriter, loc, holds,
        LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(), 1));
    StringRef file = "unknown";
    unsigned line = 0;
    if (auto position = loc->findInstanceOf<FileLineColLoc>()) {
      file = position.getFilename();
      line = position.getLine();
    }
    StringRef function = "kernel";
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      function = func.getName();
    Value message =
        globalString(rewriter, loc, op, op.getMessage(), target).address;
    Value fileName = globalString(rewriter, loc, op, file, target).address;
    Value functionName =
        globalString(rewriter, loc, op, function, target).address;
    Value lineNumber = i32Constant(rewriter, loc, line);
    emitGuarded(rewriter, loc, fails, {}, [&] {
      if (!target.reportsAssertions() && target.hasPrintf()) {
        // As HIP's assert prints it.
        GlobalString format = globalString(
            rewriter, loc, op,
            "%s:%u: %s: Device-side assertion `%s' failed.\n", target);
        target.emitPrintf(rewriter, loc, format.address, format.bytes,
                          {fileName, lineNumber, functionName, message});
      }
      target.emitAssertFail(rewriter, loc, message, fileName, lineNumber,
                            functionName);
      return Value();
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tkc::gpu::populateDebugLoweringPatterns(
    const LLVMTypeConverter &converter, const ::tkc::TargetInfo &target,
    RewritePatternSet &patterns) {
  patterns.add<AssumeLowering, PrintLowering, AssertLowering>(converter,
                                                              target);
}
