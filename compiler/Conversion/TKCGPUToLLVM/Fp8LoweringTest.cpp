//===- Fp8LoweringTest.cpp - The software fp8 conversions, run on the host ===//
//
// Builds emitSoftwareFp8Truncate/Extend into LLVM functions, compiles them
// for the host with LLVM's JIT and checks them against APFloat: every fp8
// byte widened, and f32 inputs covering every exponent and both rounding
// halves narrowed (rounded to nearest even, saturated to the largest finite
// value, NaN to 0x7f, as NVIDIA's cvt.rn.satfinite gives).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/TKCGPUToLLVM/Fp8Lowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/TargetSelect.h"

#include "gtest/gtest.h"

#include "llvm/ADT/bit.h"
#include <cmath>
#include <cstring>
#include <random>

namespace {

using Truncate = uint8_t (*)(float);
using Extend = float (*)(uint8_t);

/// The four software conversions, compiled for the host.
class SoftwareFp8 : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    mlir::DialectRegistry registry;
    registry.insert<mlir::LLVM::LLVMDialect>();
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    mlir::MLIRContext context(registry);
    context.loadAllAvailableDialects();
    mlir::OpBuilder b(&context);
    mlir::Location loc = b.getUnknownLoc();
    auto module = mlir::ModuleOp::create(loc);
    b.setInsertionPointToEnd(module.getBody());
    auto define = [&](llvm::StringRef name, mlir::Type arg, mlir::Type result,
                      auto body) {
      auto func = mlir::LLVM::LLVMFuncOp::create(
          b, loc, name, mlir::LLVM::LLVMFunctionType::get(result, {arg}));
      mlir::OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(func.addEntryBlock(b));
      mlir::LLVM::ReturnOp::create(b, loc, body(func.getArgument(0)));
    };
    for (auto [suffix, type] :
         {std::pair<const char *, mlir::FloatType>(
              "e4m3", b.getType<mlir::Float8E4M3FNType>()),
          {"e5m2", b.getType<mlir::Float8E5M2Type>()}}) {
      define(std::string("truncate_") + suffix, b.getF32Type(), b.getI8Type(),
             [&](mlir::Value v) {
               return mlir::tkc::gpu::emitSoftwareFp8Truncate(b, loc, v, type);
             });
      define(std::string("extend_") + suffix, b.getI8Type(), b.getF32Type(),
             [&](mlir::Value v) {
               return mlir::tkc::gpu::emitSoftwareFp8Extend(b, loc, v, type);
             });
    }
    auto llvmContext = std::make_unique<llvm::LLVMContext>();
    std::unique_ptr<llvm::Module> llvmModule =
        mlir::translateModuleToLLVMIR(module, *llvmContext);
    module->erase();
    ASSERT_TRUE(llvmModule);
    auto built = llvm::orc::LLJITBuilder().create();
    ASSERT_TRUE(!!built) << llvm::toString(built.takeError());
    jit = std::move(*built);
    auto libc = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        jit->getDataLayout().getGlobalPrefix());
    ASSERT_TRUE(!!libc) << llvm::toString(libc.takeError());
    jit->getMainJITDylib().addGenerator(std::move(*libc));
    llvmModule->setDataLayout(jit->getDataLayout());
    ASSERT_FALSE(!!jit->addIRModule(llvm::orc::ThreadSafeModule(
        std::move(llvmModule),
        llvm::orc::ThreadSafeContext(std::move(llvmContext)))));
  }

  static void TearDownTestSuite() { jit.reset(); }

  template <typename Fn> static Fn lookup(llvm::StringRef name) {
    auto address = jit->lookup(name);
    if (!address) {
      ADD_FAILURE() << llvm::toString(address.takeError());
      return nullptr;
    }
    return address->toPtr<Fn>();
  }

  static std::unique_ptr<llvm::orc::LLJIT> jit;
};

std::unique_ptr<llvm::orc::LLJIT> SoftwareFp8::jit;

/// The reference narrowing: saturate, then APFloat's round to nearest even.
uint8_t referenceTruncate(float x, const llvm::fltSemantics &sem,
                          float maxFinite) {
  if (std::isnan(x))
    return 0x7f;
  float clamped = std::copysign(std::min(std::fabs(x), maxFinite), x);
  llvm::APFloat value(clamped);
  bool lost;
  value.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint8_t>(value.bitcastToAPInt().getZExtValue());
}

/// f32 inputs: every exponent and sign with low mantissa bits that sit
/// below, at and above each rounding halfway point, plus random patterns.
std::vector<float> narrowingInputs() {
  std::vector<float> inputs;
  const uint32_t lows[] = {0,       1,        0x7ffff,  0x80000,  0x80001,
                           0xfffff, 0x100000, 0x17ffff, 0x180000, 0x7fffff};
  for (uint32_t high = 0; high < 0x10000; ++high)
    for (uint32_t low : lows)
      inputs.push_back(llvm::bit_cast<float>((high << 16) | (low & 0xffff) |
                                             (low & 0x7f0000)));
  std::mt19937 random(7);
  for (int i = 0; i < 1 << 20; ++i)
    inputs.push_back(llvm::bit_cast<float>(static_cast<uint32_t>(random())));
  return inputs;
}

void checkTruncate(Truncate fn, const llvm::fltSemantics &sem,
                   float maxFinite) {
  ASSERT_NE(fn, nullptr);
  int failures = 0;
  for (float x : narrowingInputs()) {
    uint8_t expected = referenceTruncate(x, sem, maxFinite);
    uint8_t got = fn(x);
    if (got != expected && ++failures <= 10)
      ADD_FAILURE() << "f32 0x" << std::hex << llvm::bit_cast<uint32_t>(x)
                    << " (" << x << "): got 0x" << int(got) << ", expected 0x"
                    << int(expected);
  }
  EXPECT_EQ(failures, 0);
}

void checkExtend(Extend fn, const llvm::fltSemantics &sem) {
  ASSERT_NE(fn, nullptr);
  for (unsigned byte = 0; byte < 256; ++byte) {
    llvm::APFloat expected(sem, llvm::APInt(8, byte));
    float got = fn(static_cast<uint8_t>(byte));
    if (expected.isNaN())
      EXPECT_TRUE(std::isnan(got)) << "byte 0x" << std::hex << byte;
    else
      EXPECT_EQ(llvm::bit_cast<uint32_t>(got),
                llvm::bit_cast<uint32_t>(expected.convertToFloat()))
          << "byte 0x" << std::hex << byte << ": got " << got;
  }
}

TEST_F(SoftwareFp8, TruncatesToE4M3FN) {
  checkTruncate(lookup<Truncate>("truncate_e4m3"),
                llvm::APFloat::Float8E4M3FN(), 448.0f);
}

TEST_F(SoftwareFp8, TruncatesToE5M2) {
  checkTruncate(lookup<Truncate>("truncate_e5m2"), llvm::APFloat::Float8E5M2(),
                57344.0f);
}

TEST_F(SoftwareFp8, ExtendsE4M3FN) {
  checkExtend(lookup<Extend>("extend_e4m3"), llvm::APFloat::Float8E4M3FN());
}

TEST_F(SoftwareFp8, ExtendsE5M2) {
  checkExtend(lookup<Extend>("extend_e5m2"), llvm::APFloat::Float8E5M2());
}

} // namespace
