//===- tkc.cpp - The tkc compiler driver ----------------------------------===//
//
// `tkc compile` turns a kernel into per-target binaries and metadata; this
// file parses the command line, checks it, and runs the stages: the
// frontend (`ast`, `ttir`), the GPU pipelines (`ttgir`, LLVM dialect), and
// the registered backend (`llir`, `ptx`, the binary). Every variant is
// compiled in memory first; files are written only when all succeeded.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/AMDBackend.h"
#include "backends/nvidia/NVIDIABackend.h"
#include "compiler/Dialect/TKC/Analysis/PointerAccess.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/CodeGen.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Signature.h"
#include "compiler/Pipelines/Pipelines.h"
#include "compiler/Target/KernelMetadata.h"
#include "compiler/Target/TargetBackend.h"
#include "compiler/Target/TargetSpec.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cstdlib>
#include <map>
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
    "  aot       Triton's compile.py command line: compile a kernel and\n"
    "            write its C entry points (tkc aot --help)\n"
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

/// Runs the passes `build` adds on `module`, with the pass manager options
/// of the command line (--mlir-timing, --mlir-print-ir-after-all, ...).
LogicalResult runPipeline(mlir::ModuleOp module,
                          function_ref<void(mlir::PassManager &)> build) {
  mlir::DefaultTimingManager timing;
  mlir::applyDefaultTimingManagerCLOptions(timing);
  mlir::TimingScope timingScope = timing.getRootScope();
  mlir::PassManager pm(module.getContext());
  pm.enableTiming(timingScope);
  if (failed(mlir::applyPassManagerCLOptions(pm)))
    return failure();
  build(pm);
  return pm.run(module);
}

/// Writes `print`'s output to `outputPath` ("-" for stdout).
int writeOutput(StringRef outputPath, function_ref<void(raw_ostream &)> print) {
  std::string error;
  auto output = mlir::openOutputFile(outputPath, &error);
  if (!output)
    return fail(error);
  print(output->os());
  output->keep();
  return 0;
}

/// What the GPU stages need besides the ttir module.
struct GpuOptions {
  SmallVector<tkc::TargetSpec> targets;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  /// Recorded in the metadata for the launcher (see KernelMetadata).
  unsigned maxBlocksPerSm = 0;
  Stage emit = Stage::Binary;
  std::string output;
  /// External tools per backend kind (ptxas and libdevice; ld.lld).
  std::map<tkc::Backend, tkc::BackendTools> tools;
};

/// One compiled variant, held in memory until every variant succeeded.
struct Variant {
  tkc::BinaryResult binary;
  tkc::KernelMetadata metadata;
};

/// Reads the `tkc.params` attribute the frontend puts on the kernel, and
/// gives each pointer the access PointerAccessAnalysis finds. `ttir` must be
/// the module after the ttir pipeline: helpers are inlined and dead loads
/// folded away, the function's arguments are still exactly the parameters
/// that are neither constexpr nor equal_to_1 (in source order), and the
/// result, like the parameters, is the same for every target.
std::optional<std::vector<tkc::KernelParam>> readParams(mlir::ModuleOp ttir,
                                                        std::string &entry) {
  for (auto func : ttir.getOps<mlir::func::FuncOp>()) {
    auto params = func->getAttrOfType<mlir::ArrayAttr>("tkc.params");
    if (!params)
      continue;
    entry = func.getName().str();
    mlir::tkc::PointerAccessAnalysis access(func);
    unsigned argIndex = 0;
    std::vector<tkc::KernelParam> result;
    for (auto dict : params.getAsRange<mlir::DictionaryAttr>()) {
      tkc::KernelParam p;
      auto str = [&](StringRef key) {
        auto attr = dict.getAs<mlir::StringAttr>(key);
        return attr ? attr.str() : std::string();
      };
      p.name = str("name");
      p.kind = str("kind");
      p.dtype = str("dtype");
      p.value = str("value");
      if (auto div = dict.getAs<mlir::IntegerAttr>("divisibility"))
        p.divisibility = div.getInt();
      p.equalToOne =
          static_cast<bool>(dict.getAs<mlir::BoolAttr>("equal_to_1"));
      if (p.kind != "constexpr" && !p.equalToOne) {
        if (p.kind == "pointer" && argIndex < func.getNumArguments() &&
            isa<mlir::tkc::PointerType>(func.getArgumentTypes()[argIndex]))
          p.access =
              mlir::tkc::stringifyPointerAccess(access.getArgAccess(argIndex))
                  .str();
        ++argIndex;
      }
      result.push_back(std::move(p));
    }
    return result;
  }
  return std::nullopt;
}

/// Compiles `ttir` for one target, printing the stage `opts.emit` asks
/// for, or completing `variant` (whose parameters are already read) when the
/// binary is wanted.
int compileVariant(mlir::ModuleOp ttir, const tkc::TargetSpec &spec,
                   const GpuOptions &opts, Variant &variant) {
  const tkc::TargetBackend *backend = tkc::lookupTargetBackend(spec.backend);
  if (!backend)
    return fail("this tkc has no backend for target '" + spec.str() + "'");
  if ((opts.emit == Stage::PTX && spec.backend != tkc::Backend::Cuda) ||
      (opts.emit == Stage::AMDGCN && spec.backend != tkc::Backend::Hip))
    return fail("--emit=" + stageName(opts.emit) +
                " does not apply to target '" + spec.str() + "'");
  tkc::BackendTools tools;
  if (auto it = opts.tools.find(spec.backend); it != opts.tools.end())
    tools = it->second;
  mlir::OwningOpRef<mlir::ModuleOp> module(ttir.clone());
  unsigned warpSize = backend->createTargetInfo(spec)->getWarpSize();
  if (failed(runPipeline(*module, [&](mlir::PassManager &pm) {
        mlir::tkc::buildTTGIRPipeline(pm, opts.numWarps, warpSize);
      })))
    return 1;
  if (opts.emit == Stage::TTGIR)
    return writeOutput(opts.output,
                       [&](raw_ostream &os) { module->print(os); });

  tkc::KernelMetadata &meta = variant.metadata;
  if (auto shared = (*module)->getAttrOfType<mlir::IntegerAttr>(
          mlir::tkc::gpu::TKCGPUDialect::kSharedBytes))
    meta.sharedBytes = shared.getInt();
  if (failed(runPipeline(*module, [&](mlir::PassManager &pm) {
        mlir::tkc::buildLLVMPipeline(pm, spec.str());
      })))
    return 1;
  // The shared-memory size is final only after lowering.
  if (auto shared = (*module)->getAttrOfType<mlir::IntegerAttr>(
          mlir::tkc::gpu::TKCGPUDialect::kSharedBytes))
    meta.sharedBytes = shared.getInt();

  LLVMContext llvmContext;
  auto llvmModule =
      backend->translateToLLVMIR(*module, llvmContext, spec, tools);
  if (!llvmModule)
    return fail(toString(llvmModule.takeError()));
  if (opts.emit == Stage::LLIR)
    return writeOutput(opts.output, [&](raw_ostream &os) {
      (*llvmModule)->print(os, nullptr);
    });
  auto assembly = backend->emitAssembly(**llvmModule, spec);
  if (!assembly)
    return fail(toString(assembly.takeError()));
  if (opts.emit == Stage::PTX || opts.emit == Stage::AMDGCN)
    return writeOutput(opts.output, [&](raw_ostream &os) { os << *assembly; });
  auto binary = backend->makeBinary(**llvmModule, *assembly, spec, tools);
  if (!binary)
    return fail(spec.str() + ": " + toString(binary.takeError()));
  variant.binary = std::move(*binary);
  meta.target = spec;
  meta.binaryFormat = backend->getBinaryFormat().str();
  meta.numWarps = opts.numWarps;
  meta.numStages = opts.numStages;
  meta.maxBlocksPerSm = opts.maxBlocksPerSm;
  meta.binaryStats = variant.binary.stats;
  meta.binarySize = variant.binary.bytes.size();
  meta.sha256 = tkc::sha256Hex(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(variant.binary.bytes.data()),
      variant.binary.bytes.size()));
  return 0;
}

/// Writes `bytes` to `path` atomically enough: through a ToolOutputFile
/// that is removed again unless kept.
int writeFile(StringRef path, StringRef bytes) {
  std::error_code ec;
  ToolOutputFile file(path, ec, sys::fs::OF_None);
  if (ec)
    return fail("cannot write '" + path + "': " + ec.message());
  file.os() << bytes;
  file.os().flush();
  if (file.os().has_error())
    return fail("cannot write '" + path + "'");
  file.keep();
  return 0;
}

/// Compiles `ttir` for every target; for binaries, writes OUT.<format> and
/// OUT.json (OUT.<arch>.* when there are several targets) once all
/// variants compiled.
int compileForTargets(mlir::ModuleOp ttir, const GpuOptions &opts) {
  if (opts.emit != Stage::Binary && opts.targets.size() != 1)
    return fail("--emit=" + stageName(opts.emit) +
                " needs exactly one --target");
  if (opts.emit == Stage::Binary && opts.output == "-")
    return fail("-o OUT is required to write binaries");
  std::string entry;
  auto params = readParams(ttir, entry);
  if (!params && opts.emit == Stage::Binary)
    return fail("the kernel carries no parameter description (tkc.params); "
                "binaries are made from .py kernels");
  std::vector<Variant> variants(opts.targets.size());
  for (Variant &variant : variants) {
    variant.metadata.entry = entry;
    if (params)
      variant.metadata.params = *params;
  }
  for (auto [spec, variant] : llvm::zip(opts.targets, variants))
    if (int rc = compileVariant(ttir, spec, opts, variant))
      return rc;
  if (opts.emit != Stage::Binary)
    return 0;
  for (Variant &variant : variants) {
    tkc::KernelMetadata &meta = variant.metadata;
    std::string prefix = opts.output;
    if (variants.size() > 1)
      prefix += "." + meta.target.arch;
    std::string binaryPath = prefix + "." + meta.binaryFormat;
    meta.kernel = meta.entry;
    meta.binaryFile = sys::path::filename(binaryPath).str();
    std::string json;
    raw_string_ostream os(json);
    os << formatv("{0:2}", meta.toJSON()) << "\n";
    if (int rc = writeFile(binaryPath, StringRef(variant.binary.bytes.data(),
                                                 variant.binary.bytes.size())))
      return rc;
    if (int rc = writeFile(prefix + ".json", json))
      return rc;
  }
  return 0;
}

/// Runs the ttir pipeline on `module`, then prints it (`--emit=ttir`) or
/// carries on with the GPU stages.
int compileTTIR(mlir::ModuleOp module, const GpuOptions &opts) {
  if (failed(runPipeline(module, mlir::tkc::buildTTIRPipeline)))
    return 1;
  if (opts.emit == Stage::TTIR)
    return writeOutput(opts.output, [&](raw_ostream &os) { module.print(os); });
  return compileForTargets(module, opts);
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

/// Compiles tkc-dialect .mlir input.
int compileMLIR(StringRef inputPath, const GpuOptions &opts) {
  auto context = makeContext();
  SourceMgr sourceMgr;
  if (!loadSource(sourceMgr, inputPath))
    return 1;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, context.get());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, context.get());
  if (!module)
    return 1;
  return compileTTIR(*module, opts);
}

/// What `tkc compile` needs to compile a .py kernel.
struct PyCompileOptions {
  std::string input, kernel, signature;
  std::vector<std::pair<std::string, std::string>> constexprs;
  bool debug = false;
  GpuOptions gpu;
};

/// Parses a Triton-language file and compiles the kernel to the requested
/// stage.
int compilePython(const PyCompileOptions &opts) {
  using namespace tkc::frontend;
  SourceMgr sourceMgr;
  unsigned bufferId = loadSource(sourceMgr, opts.input);
  if (!bufferId)
    return 1;
  Diagnostics diags(sourceMgr, errs());
  std::unique_ptr<tkc::frontend::Module> module = parseModule(bufferId, diags);
  if (!module)
    return 1;
  const FunctionDef *fn = module->findFunction(opts.kernel);
  if (!fn) {
    std::string jitNames;
    for (const auto &f : module->functions)
      if (f->isJit)
        jitNames += (jitNames.empty() ? "" : ", ") + f->name;
    return fail("no function '" + opts.kernel + "' in '" + opts.input + "'" +
                (jitNames.empty()
                     ? std::string(" (it has no @triton.jit "
                                   "functions)")
                     : " (its @triton.jit functions: " + jitNames + ")"));
  }
  if (opts.gpu.emit == Stage::Ast)
    return writeOutput(opts.gpu.output,
                       [&](raw_ostream &os) { printAST(*fn, diags, os); });

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
  return compileTTIR(*ttir, opts.gpu);
}

/// Registers MLIR's own command-line options (--mlir-timing,
/// --mlir-print-ir-after-all, ...) and tkc's passes, which every command
/// that runs pipelines accepts.
void registerMLIROptions() {
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::tkc::registerTKCPassesAndPipelines();
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
  cl::opt<unsigned> maxBlocksPerSm(
      "max-blocks-per-sm",
      cl::desc("Let at most N programs run at once on one SM (CU); the "
               "launcher pads dynamic shared memory to enforce it (0: no "
               "cap)"),
      cl::value_desc("N"), cl::init(0), cl::cat(category));
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
  cl::opt<std::string> ptxas(
      "ptxas",
      cl::desc("ptxas to assemble NVIDIA binaries with (default "
               "/usr/local/cuda/bin/ptxas)"),
      cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> libdevice(
      "libdevice",
      cl::desc("NVIDIA's libdevice bitcode for math functions "
               "(default /usr/local/cuda/nvvm/libdevice/"
               "libdevice.10.bc)"),
      cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ldLld(
      "ld-lld",
      cl::desc("ld.lld to link AMD code objects with (default "
               "/usr/lib/llvm-22/bin/ld.lld)"),
      cl::value_desc("PATH"), cl::cat(category));
  cl::opt<Stage> emit(
      "emit", cl::desc("Stop after a stage and print it"),
      cl::values(clEnumValN(Stage::Ast, "ast", "the parsed kernel"),
                 clEnumValN(Stage::TTIR, "ttir", "tkc dialect IR"),
                 clEnumValN(Stage::TTGIR, "ttgir", "tkc_gpu dialect IR"),
                 clEnumValN(Stage::LLIR, "llir", "LLVM IR"),
                 clEnumValN(Stage::PTX, "ptx", "PTX assembly"),
                 clEnumValN(Stage::AMDGCN, "amdgcn", "AMDGPU assembly")),
      cl::init(Stage::Binary), cl::cat(category));
  cl::opt<std::string> origin(
      "origin",
      cl::desc("What is being compiled, e.g. a manifest entry: when "
               "compilation fails, tkc ends with 'note: while compiling "
               "TEXT'"),
      cl::value_desc("TEXT"), cl::cat(category));

  registerMLIROptions();
  // LLVM's and MLIR's own options still work (--mlir-timing, ...) but only
  // ours are listed; --help-hidden shows the rest.
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv, "tkc compile: compile a Triton-language kernel\n");

  // Everything after the command line itself is one compilation, which
  // --origin names when it fails.
  int rc = [&]() -> int {
    if (numWarps == 0 || numWarps > 32 || !isPowerOf2_32(numWarps))
      return fail("--num-warps must be a power of two from 1 to 32, got " +
                  Twine(numWarps));
    if (numStages == 0)
      return fail("--num-stages must be at least 1");
    if (maxBlocksPerSm > 1024)
      return fail("--max-blocks-per-sm must be from 0 (no cap) to 1024, got " +
                  Twine(maxBlocksPerSm));
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

    GpuOptions gpu;
    gpu.targets = specs;
    gpu.numWarps = numWarps;
    gpu.numStages = numStages;
    gpu.maxBlocksPerSm = maxBlocksPerSm;
    gpu.emit = emit;
    gpu.output = output;
    gpu.tools[tkc::Backend::Cuda] = {ptxas, libdevice};
    gpu.tools[tkc::Backend::Hip] = {ldLld, ""};

    StringRef extension = sys::path::extension(input);
    if (extension == ".py") {
      if (kernel.empty())
        return fail("--kernel is required for a .py input");
      PyCompileOptions opts;
      opts.input = input;
      opts.kernel = kernel;
      opts.signature = signature;
      opts.debug = debug;
      opts.gpu = std::move(gpu);
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
    return compileMLIR(input, gpu);
  }();
  if (rc != 0 && !origin.empty())
    WithColor::note(errs(), "tkc") << "while compiling " << origin << "\n";
  return rc;
}

/// The tkc-launcher-gen to run: `flag` if given, else $TKC_LAUNCHER_GEN,
/// else next to this program (also where Bazel puts it, in bazel-bin),
/// else on PATH.
std::string findLauncherGen(StringRef flag, const char *argv0) {
  if (!flag.empty())
    return flag.str();
  if (const char *env = std::getenv("TKC_LAUNCHER_GEN"))
    return env;
  std::string self = sys::fs::getMainExecutable(argv0, (void *)&fail);
  SmallString<256> dir(sys::path::parent_path(self));
  for (StringRef candidate :
       {"tkc-launcher-gen", "../../../launcher_gen/tkc-launcher-gen"}) {
    SmallString<256> path(dir);
    sys::path::append(path, candidate);
    if (sys::fs::can_execute(path))
      return std::string(path);
  }
  if (auto onPath = sys::findProgramByName("tkc-launcher-gen"))
    return *onPath;
  return "";
}

/// `tkc aot`: the options of Triton's compile.py, compiled like `tkc
/// compile` into a scratch directory, then handed to tkc-launcher-gen,
/// which writes OUT.h and OUT.c.
int runAot(int argc, char **argv, const char *argv0) {
  cl::OptionCategory category("tkc aot options (as Triton's compile.py)");
  cl::opt<std::string> input(cl::Positional, cl::Required,
                             cl::desc("<kernel.py>"), cl::cat(category));
  cl::opt<std::string> kernel("n", cl::desc("Name of the kernel to compile"),
                              cl::value_desc("NAME"), cl::Required,
                              cl::cat(category));
  cl::alias kernelLong("kernel-name", cl::aliasopt(kernel));
  cl::opt<std::string> signature(
      "s", cl::desc("Signature, e.g. '*fp32:16, i32, 1024'"),
      cl::value_desc("SIG"), cl::Required, cl::cat(category));
  cl::alias signatureLong("signature", cl::aliasopt(signature));
  cl::opt<std::string> grid("g", cl::desc("Grid, e.g. 'cdiv(n, 1024), 1, 1'"),
                            cl::value_desc("GRID"), cl::Required,
                            cl::cat(category));
  cl::alias gridLong("grid", cl::aliasopt(grid));
  cl::opt<unsigned> numWarps("w", cl::desc("Warps per program"), cl::init(4),
                             cl::cat(category));
  cl::alias numWarpsLong("num-warps", cl::aliasopt(numWarps));
  cl::opt<unsigned> numStages("ns", cl::desc("Pipelining stages"), cl::init(3),
                              cl::cat(category));
  cl::alias numStagesLong("num-stages", cl::aliasopt(numStages));
  cl::opt<unsigned> maxBlocksPerSm(
      "max-blocks-per-sm",
      cl::desc("At most N programs at once per SM (CU); 0: no cap"),
      cl::value_desc("N"), cl::init(0), cl::cat(category));
  cl::opt<std::string> target("t", cl::desc("Targets, comma-separated"),
                              cl::value_desc("T"), cl::init("cuda:90a"),
                              cl::cat(category));
  cl::alias targetLong("target", cl::aliasopt(target));
  cl::opt<std::string> output("o", cl::desc("Output prefix: OUT.h, OUT.c"),
                              cl::value_desc("OUT"), cl::Required,
                              cl::cat(category));
  cl::alias outputLong("out-path", cl::aliasopt(output));
  cl::opt<std::string> outName("on",
                               cl::desc("Name of the C entry point "
                                        "(default: the kernel's)"),
                               cl::value_desc("NAME"), cl::cat(category));
  cl::alias outNameLong("out-name", cl::aliasopt(outName));
  cl::opt<std::string> launcherGen("launcher-gen",
                                   cl::desc("tkc-launcher-gen to use"),
                                   cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ptxas("ptxas", cl::desc("ptxas to use"),
                             cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ldLld("ld-lld", cl::desc("ld.lld to use"),
                             cl::value_desc("PATH"), cl::cat(category));
  registerMLIROptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tkc aot: compile a kernel to C sources\n");

  auto specs = tkc::parseTargetList(target);
  if (!specs)
    return fail(toString(specs.takeError()));
  std::string generator = findLauncherGen(launcherGen, argv0);
  if (generator.empty())
    return fail("tkc-launcher-gen not found (give --launcher-gen PATH or "
                "set TKC_LAUNCHER_GEN)");
  SmallString<128> scratch;
  if (std::error_code ec = sys::fs::createUniqueDirectory("tkc-aot", scratch))
    return fail("cannot create a scratch directory: " + ec.message());
  llvm::scope_exit cleanup([&] { (void)sys::fs::remove_directories(scratch); });

  PyCompileOptions opts;
  opts.input = input;
  opts.kernel = kernel;
  opts.signature = signature;
  opts.gpu.targets = *specs;
  opts.gpu.numWarps = numWarps;
  opts.gpu.numStages = numStages;
  opts.gpu.maxBlocksPerSm = maxBlocksPerSm;
  opts.gpu.tools[tkc::Backend::Cuda] = {ptxas, ""};
  opts.gpu.tools[tkc::Backend::Hip] = {ldLld, ""};
  SmallString<128> prefix(scratch);
  sys::path::append(prefix, "kernel");
  opts.gpu.output = std::string(prefix);
  if (int rc = compilePython(opts))
    return rc;

  std::string name = outName.empty() ? std::string(kernel) : outName;
  std::string header = output + ".h", source = output + ".c";
  SmallVector<std::string> args = {generator, "--name",   name,
                                   "--grid",  grid,       "--header",
                                   header,    "--source", source};
  for (const tkc::TargetSpec &spec : *specs)
    args.push_back(opts.gpu.output +
                   (specs->size() > 1 ? "." + spec.arch : "") + ".json");
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::string error;
  int rc =
      sys::ExecuteAndWait(generator, argRefs, std::nullopt, {}, 0, 0, &error);
  if (rc != 0)
    return fail("tkc-launcher-gen failed" +
                (error.empty() ? std::string() : ": " + error));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  tkc::nvidia::registerNVIDIABackend();
  tkc::amd::registerAMDBackend();
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
  if (command == "aot") {
    std::string program = std::string(argv[0]) + " aot";
    SmallVector<char *> args = {program.data()};
    args.append(argv + 2, argv + argc);
    return runAot(static_cast<int>(args.size()), args.data(), argv[0]);
  }
  errs() << "tkc: error: unknown command '" << command << "'\n\n" << kUsage;
  return 1;
}
