//===- LLVMCodeGenTest.cpp - Unit tests of the shared code generation -----===//
//
// Checks that emitFile leaves straight-line strength reduction out of
// modules with a block longer than it handles in reasonable time, and runs
// it elsewhere: the same two multiplies of a stride, one rewritten from the
// other in a short block, both kept in a long one.
//
//===----------------------------------------------------------------------===//

#include "backends/common/LLVMCodeGen.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <string>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace {

/// PTX for a function storing b + 3s and b + 5s, then `padding` more
/// volatile stores in the same block.
std::string ptxOf(unsigned padding) {
  static const bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    return true;
  }();
  (void)initialized;
  std::string ir = "target triple = \"nvptx64-nvidia-cuda\"\n"
                   "define void @f(ptr addrspace(1) %p, i64 %b, i64 %s) {\n"
                   "  %m3 = mul i64 %s, 3\n"
                   "  %x = add i64 %b, %m3\n"
                   "  store volatile i64 %x, ptr addrspace(1) %p\n"
                   "  %m5 = mul i64 %s, 5\n"
                   "  %y = add i64 %b, %m5\n"
                   "  store volatile i64 %y, ptr addrspace(1) %p\n";
  for (unsigned i = 0; i < padding; ++i)
    ir += "  store volatile i64 %x, ptr addrspace(1) %p\n";
  ir += "  ret void\n}\n";
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  if (!module)
    return "";
  auto machine = tkc::createTargetMachine("nvptx64-nvidia-cuda", "sm_90a",
                                          "+ptx84", std::nullopt);
  EXPECT_TRUE(bool(machine)) << llvm::toString(machine.takeError());
  if (!machine)
    return "";
  auto ptx =
      tkc::emitFile(*module, **machine, llvm::CodeGenFileType::AssemblyFile);
  EXPECT_TRUE(bool(ptx)) << llvm::toString(ptx.takeError());
  return ptx ? *ptx : "";
}

TEST(EmitFileTest, ShortBlocksAreStrengthReduced) {
  // b + 5s is computed as (b + 3s) + (s << 1).
  std::string ptx = ptxOf(0);
  EXPECT_NE(ptx.find("shl.b64"), std::string::npos) << ptx;
  EXPECT_EQ(ptx.find(", 5,"), std::string::npos) << ptx;
}

TEST(EmitFileTest, LongBlocksAreNotStrengthReduced) {
  // Past 4,000 instructions in one block, b + 5s stays a multiply-add.
  std::string ptx = ptxOf(4001);
  EXPECT_NE(ptx.find(", 5,"), std::string::npos) << ptx.substr(0, 2000);
  EXPECT_EQ(ptx.find("shl.b64"), std::string::npos) << ptx.substr(0, 2000);
}

} // namespace
