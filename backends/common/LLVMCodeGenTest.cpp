//===- LLVMCodeGenTest.cpp - Unit tests of the shared code generation -----===//
//
// Checks that the passes whose time grows with the square of a block's
// length run on short blocks only: emitFile's straight-line strength
// reduction (the same two multiplies of a stride, one rewritten from the
// other in a short block, both kept in a long one) and optimizeModule's
// VectorCombine (two elements of a vector load, loaded alone in a short
// block, extracted from the vector in a long one). And that runTool runs
// its tools without address space randomization on Linux, where the
// system allows it.
//
//===----------------------------------------------------------------------===//

#include "backends/common/LLVMCodeGen.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#if defined(__linux__)
#include <sys/personality.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <string>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

namespace {

/// A target machine for sm_90a, the NVPTX target registered once.
std::unique_ptr<llvm::TargetMachine> createMachine() {
  static const bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    return true;
  }();
  (void)initialized;
  auto machine = tkc::createTargetMachine("nvptx64-nvidia-cuda", "sm_90a",
                                          "+ptx84", std::nullopt);
  EXPECT_TRUE(bool(machine)) << llvm::toString(machine.takeError());
  return machine ? std::move(*machine) : nullptr;
}

/// Function @f of `body` (its parameters: pointers %p and %q, integers %b
/// and %s), then `padding` volatile stores of %b in the same block.
std::unique_ptr<llvm::Module> parseFunction(llvm::LLVMContext &context,
                                            const std::string &body,
                                            unsigned padding) {
  std::string ir = "target triple = \"nvptx64-nvidia-cuda\"\n"
                   "define void @f(ptr addrspace(1) %p, ptr addrspace(1) %q, "
                   "i64 %b, i64 %s) {\n" +
                   body;
  for (unsigned i = 0; i < padding; ++i)
    ir += "  store volatile i64 %b, ptr addrspace(1) %p\n";
  ir += "  ret void\n}\n";
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString(ir, error, context);
  EXPECT_TRUE(module) << error.getMessage().str();
  return module;
}

/// PTX for a function storing b + 3s and b + 5s, then `padding` more
/// volatile stores in the same block.
std::string ptxOf(unsigned padding) {
  llvm::LLVMContext context;
  auto module = parseFunction(context,
                              "  %m3 = mul i64 %s, 3\n"
                              "  %x = add i64 %b, %m3\n"
                              "  store volatile i64 %x, ptr addrspace(1) %p\n"
                              "  %m5 = mul i64 %s, 5\n"
                              "  %y = add i64 %b, %m5\n"
                              "  store volatile i64 %y, ptr addrspace(1) %p\n",
                              padding);
  auto machine = createMachine();
  if (!module || !machine)
    return "";
  auto ptx =
      tkc::emitFile(*module, *machine, llvm::CodeGenFileType::AssemblyFile);
  EXPECT_TRUE(bool(ptx)) << llvm::toString(ptx.takeError());
  return ptx ? *ptx : "";
}

/// The optimized IR of a function storing elements 0 and 2 of a vector it
/// loads, then `padding` volatile stores in the same block.
std::string optimizedOf(unsigned padding) {
  llvm::LLVMContext context;
  auto module =
      parseFunction(context,
                    "  %v = load <4 x float>, ptr addrspace(1) %p, align 16\n"
                    "  %x = extractelement <4 x float> %v, i32 0\n"
                    "  %y = extractelement <4 x float> %v, i32 2\n"
                    "  store volatile float %x, ptr addrspace(1) %q\n"
                    "  store volatile float %y, ptr addrspace(1) %q\n",
                    padding);
  auto machine = createMachine();
  if (!module || !machine)
    return "";
  tkc::optimizeModule(*module, *machine);
  std::string ir;
  llvm::raw_string_ostream os(ir);
  module->print(os, nullptr);
  return ir;
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

TEST(OptimizeModuleTest, ShortBlocksAreVectorCombined) {
  // VectorCombine loads the two elements alone.
  std::string ir = optimizedOf(0);
  EXPECT_EQ(ir.find("load <4 x float>"), std::string::npos) << ir;
  EXPECT_NE(ir.find("load float"), std::string::npos) << ir;
}

TEST(OptimizeModuleTest, LongBlocksAreNotVectorCombined) {
  // Past 4,000 instructions in one block, the vector load stays.
  std::string ir = optimizedOf(4001);
  EXPECT_NE(ir.find("load <4 x float>"), std::string::npos)
      << ir.substr(0, 2000);
  EXPECT_NE(ir.find("extractelement"), std::string::npos) << ir.substr(0, 2000);
}

#if defined(__linux__)
/// Whether this system lets a process turn address space randomization off
/// (a seccomp filter may refuse it), tried in a child process so that this
/// one's personality stays as it was.
bool canTurnRandomizationOff() {
  pid_t child = fork();
  if (child == 0)
    _exit(personality(personality(0xffffffff) | ADDR_NO_RANDOMIZE) == -1);
  int status = 0;
  return child > 0 && waitpid(child, &status, 0) == child &&
         WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST(RunToolTest, ToolsRunWithoutAddressRandomization) {
  if (!canTurnRandomizationOff())
    GTEST_SKIP() << "this system refuses to turn randomization off";
  // The tool writes its own personality (hexadecimal) to {out}.
  auto result = tkc::runTool(
      "/bin/sh", "sh", "--sh",
      {"-c", "cat /proc/self/personality > \"$0\"", "{out}"}, "", "txt", "txt");
  ASSERT_TRUE(bool(result)) << llvm::toString(result.takeError());
  std::string text(result->output.begin(), result->output.end());
  unsigned long flags = std::stoul(text, nullptr, 16);
  EXPECT_TRUE(flags & ADDR_NO_RANDOMIZE) << text;
}
#endif

} // namespace
