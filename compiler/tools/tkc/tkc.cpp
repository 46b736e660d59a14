//===- tkc.cpp - The tkc compiler driver ----------------------------------===//
//
// `tkc compile` turns a kernel into per-target binaries and metadata; this
// file parses the command line, checks it, and runs the stages that exist.
// Today that is the frontend (`ast` and `ttir` from a .py kernel) and the
// `ttir` stage on tkc-dialect `.mlir` input; the GPU stages report clearly
// that they are not built yet.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/CodeGen.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Signature.h"
#include "compiler/Pipelines/Pipelines.h"
#include "compiler/Target/TargetSpec.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cstdlib>
#include <unistd.h>

using namespace llvm;

namespace {

constexpr const char *kVersion = "0.1.0";

constexpr const char *kUsage =
    "tkc: ahead-of-time compiler for Triton-language GPU kernels\n"
    "\n"
    "USAGE: tkc <command> [options]\n"
    "\n"
    "COMMANDS:\n"
    "  compile   Compile a kernel for one or more targets\n"
    "            (tkc compile --help lists its options)\n"
    "\n"
    "OPTIONS:\n"
    "  --help     Print this help\n"
    "  --version  Print the version of tkc and of its LLVM\n";

/// Prints an error in the usual `tkc: error: ...` form and returns 1.
int fail(const Twine &message) {
  WithColor::error(errs(), "tkc") << message << "\n";
  return 1;
}

/// The compilation stages `--emit` can stop at, in pipeline order.
enum class Stage { Ast, TTIR, TTGIR, LLIR, PTX, AMDGCN, Binary };

StringRef stageName(Stage stage) {
  switch (stage) {
  case Stage::Ast:
    return "ast";
  case Stage::TTIR:
    return "ttir";
  case Stage::TTGIR:
    return "ttgir";
  case Stage::LLIR:
    return "llir";
  case Stage::PTX:
    return "ptx";
  case Stage::AMDGCN:
    return "amdgcn";
  case Stage::Binary:
    return "cubin/hsaco";
  }
  return "?";
}

/// Runs the ttir pipeline on `module` and writes the result to
/// `outputPath` ("-" for stdout), only if every pass succeeded.
int runTTIRAndPrint(mlir::ModuleOp module, StringRef outputPath) {
  mlir::DefaultTimingManager timing;
  mlir::applyDefaultTimingManagerCLOptions(timing);
  mlir::TimingScope timingScope = timing.getRootScope();
  mlir::PassManager pm(module.getContext());
  pm.enableTiming(timingScope);
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return 1;
  mlir::tkc::buildTTIRPipeline(pm);
  if (failed(pm.run(module)))
    return 1;
  // Write only after every stage succeeded: nothing half-written on error.
  std::string error;
  auto output = mlir::openOutputFile(outputPath, &error);
  if (!output)
    return fail(error);
  module.print(output->os());
  output->keep();
  return 0;
}

/// Reads `path` into `sourceMgr`; returns its buffer id, or 0 after an
/// error.
unsigned loadSource(SourceMgr &sourceMgr, StringRef path) {
  std::string error;
  auto input = mlir::openInputFile(path, &error);
  if (!input) {
    fail(error);
    return 0;
  }
  return sourceMgr.AddNewSourceBuffer(std::move(input), SMLoc());
}

/// Creates a context with every dialect tkc's IR may contain loaded.
std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  mlir::tkc::registerTKCDialects(registry);
  auto context = std::make_unique<mlir::MLIRContext>(registry);
  context->loadAllAvailableDialects();
  return context;
}

/// `--emit=ttir` for tkc-dialect .mlir input.
int compileMLIR(StringRef inputPath, StringRef outputPath) {
  auto context = makeContext();
  SourceMgr sourceMgr;
  if (!loadSource(sourceMgr, inputPath))
    return 1;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, context.get());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, context.get());
  if (!module)
    return 1;
  return runTTIRAndPrint(*module, outputPath);
}

/// What `tkc compile` needs to compile a .py kernel.
struct PyCompileOptions {
  std::string input, kernel, signature, output;
  std::vector<std::pair<std::string, std::string>> constexprs;
  bool emitAst = false;
  bool debug = false;
};

/// Parses a Triton-language file and emits the kernel's AST or ttir.
int compilePython(const PyCompileOptions &opts) {
  using namespace tkc::frontend;
  SourceMgr sourceMgr;
  unsigned bufferId = loadSource(sourceMgr, opts.input);
  if (!bufferId)
    return 1;
  Diagnostics diags(sourceMgr, errs());
  std::unique_ptr<Module> module = parseModule(bufferId, diags);
  if (!module)
    return 1;
  const FunctionDef *fn = module->findFunction(opts.kernel);
  if (!fn) {
    std::string jitNames;
    for (const auto &f : module->functions)
      if (f->isJit)
        jitNames += (jitNames.empty() ? "" : ", ") + f->name;
    return fail("no function '" + opts.kernel + "' in '" + opts.input +
                "'" +
                (jitNames.empty() ? std::string(" (it has no @triton.jit "
                                                "functions)")
                                  : " (its @triton.jit functions: " +
                                        jitNames + ")"));
  }
  if (opts.emitAst) {
    std::string error;
    auto output = mlir::openOutputFile(opts.output, &error);
    if (!output)
      return fail(error);
    printAST(*fn, diags, output->os());
    output->keep();
    return 0;
  }

  KernelRequest request;
  request.kernelName = opts.kernel;
  request.constexprs = opts.constexprs;
  request.debug = opts.debug;
  auto signature = parseSignature(opts.signature);
  if (!signature)
    return fail("--signature: " + toString(signature.takeError()));
  request.signature = std::move(*signature);

  auto context = makeContext();
  mlir::SourceMgrDiagnosticHandler mlirDiagnostics(sourceMgr, context.get());
  mlir::OwningOpRef<mlir::ModuleOp> ttir =
      generateTTIR(*module, request, diags, *context);
  if (!ttir)
    return 1;
  return runTTIRAndPrint(*ttir, opts.output);
}

int runCompile(int argc, char **argv) {
  cl::OptionCategory category("tkc compile options");
  cl::opt<std::string> input(cl::Positional, cl::Required,
                             cl::desc("<kernel.py or ttir .mlir>"),
                             cl::cat(category));
  cl::opt<std::string> kernel("kernel",
                              cl::desc("Name of the @triton.jit "
                                       "function to compile"),
                              cl::value_desc("NAME"), cl::cat(category));
  cl::opt<std::string> signature(
      "signature",
      cl::desc("Parameter types and hints in Triton's AOT syntax, e.g. "
               "'*fp16:16, i32, i32:16, 1024'"),
      cl::value_desc("SIG"), cl::cat(category));
  cl::list<std::string> constexprs(
      "constexpr", cl::desc("Value of a tl.constexpr parameter"),
      cl::value_desc("K=V"), cl::cat(category));
  cl::opt<unsigned> numWarps("num-warps", cl::desc("Warps per program"),
                             cl::init(4), cl::cat(category));
  cl::opt<unsigned> numStages("num-stages",
                              cl::desc("Software pipelining stages"),
                              cl::init(3), cl::cat(category));
  cl::list<std::string> targets(
      "target",
      cl::desc("Targets, comma-separated: cuda:90a, hip:gfx942, sm_80, "
               "gfx942, ..."),
      cl::value_desc("T"), cl::cat(category));
  cl::opt<bool> debug("debug",
                      cl::desc("Keep tl.device_assert checks (Triton's "
                               "debug mode)"),
                      cl::cat(category));
  cl::opt<std::string> output("o",
                              cl::desc("Output path (prefix for binary "
                                       "outputs; file for --emit)"),
                              cl::value_desc("OUT"), cl::init("-"),
                              cl::cat(category));
  cl::opt<Stage> emit(
      "emit", cl::desc("Stop after a stage and print it"),
      cl::values(clEnumValN(Stage::Ast, "ast", "the parsed kernel"),
                 clEnumValN(Stage::TTIR, "ttir", "tkc dialect IR"),
                 clEnumValN(Stage::TTGIR, "ttgir", "tkc_gpu dialect IR"),
                 clEnumValN(Stage::LLIR, "llir", "LLVM IR"),
                 clEnumValN(Stage::PTX, "ptx", "PTX assembly"),
                 clEnumValN(Stage::AMDGCN, "amdgcn", "AMDGPU assembly")),
      cl::init(Stage::Binary), cl::cat(category));

  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::tkc::registerTKCPassesAndPipelines();
  // LLVM's and MLIR's own options still work (--mlir-timing, ...) but only
  // ours are listed; --help-hidden shows the rest.
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv, "tkc compile: compile a Triton-language kernel\n");

  if (numWarps == 0 || numWarps > 32 || !isPowerOf2_32(numWarps))
    return fail("--num-warps must be a power of two from 1 to 32, got " +
                Twine(numWarps));
  if (numStages == 0)
    return fail("--num-stages must be at least 1");
  for (StringRef kv : constexprs)
    if (!kv.contains('=') || kv.starts_with("="))
      return fail("--constexpr expects NAME=VALUE, got '" + kv + "'");

  SmallVector<tkc::TargetSpec> specs;
  for (StringRef list : targets) {
    auto parsed = tkc::parseTargetList(list);
    if (!parsed)
      return fail(toString(parsed.takeError()));
    specs.append(parsed->begin(), parsed->end());
  }
  bool targetFree = emit == Stage::Ast || emit == Stage::TTIR;
  if (specs.empty() && !targetFree)
    return fail("--target is required to produce '" + stageName(emit) +
                "' (supported: " + tkc::supportedTargetsHelp() + ")");

  StringRef extension = sys::path::extension(input);
  if (extension == ".py") {
    if (kernel.empty())
      return fail("--kernel is required for a .py input");
    if (emit != Stage::Ast && emit != Stage::TTIR)
      return fail("stage '" + stageName(emit) +
                  "' is not supported yet: this tkc stops after 'ttir' (the "
                  "GPU dialect and code generation are not built yet)");
    PyCompileOptions opts;
    opts.input = input;
    opts.kernel = kernel;
    opts.signature = signature;
    opts.output = output;
    opts.emitAst = emit == Stage::Ast;
    opts.debug = debug;
    for (StringRef kv : constexprs) {
      auto [k, v] = kv.split('=');
      opts.constexprs.emplace_back(k.trim().str(), v.trim().str());
    }
    return compilePython(opts);
  }
  if (extension != ".mlir")
    return fail("input '" + input +
                "' must be a Triton-language .py file or a tkc-dialect "
                ".mlir file");
  if (emit == Stage::Ast)
    return fail("--emit=ast needs a .py kernel; '" + input +
                "' is already IR");
  if (emit != Stage::TTIR)
    return fail("stage '" + stageName(emit) +
                "' is not supported yet: this tkc stops after 'ttir' (the "
                "GPU dialect and code generation are not built yet)");
  return compileMLIR(input, output);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  // Under `bazel run`, resolve relative paths against the user's directory.
  if (const char *dir = std::getenv("BUILD_WORKING_DIRECTORY"))
    (void)chdir(dir);
  if (argc < 2) {
    errs() << kUsage;
    return 1;
  }
  StringRef command = argv[1];
  if (command == "--version" || command == "-version") {
    outs() << "tkc version " << kVersion << " (LLVM " << LLVM_VERSION_STRING
           << ")\n";
    return 0;
  }
  if (command == "--help" || command == "-help" || command == "-h") {
    outs() << kUsage;
    return 0;
  }
  if (command == "compile") {
    // Parse the rest as if "tkc compile" were the program name.
    std::string program = std::string(argv[0]) + " compile";
    SmallVector<char *> args = {program.data()};
    args.append(argv + 2, argv + argc);
    return runCompile(static_cast<int>(args.size()), args.data());
  }
  errs() << "tkc: error: unknown command '" << command << "'\n\n" << kUsage;
  return 1;
}
