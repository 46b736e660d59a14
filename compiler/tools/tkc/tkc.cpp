//===- tkc.cpp - The tkc compiler driver ----------------------------------===//
//
// `tkc compile` turns a kernel into per-target binaries and metadata, and
// `tkc aot` does the same with Triton's compile.py options and then writes
// the C entry points. This file is the command line only: it parses and
// checks the options and hands one compilation to compiler/Driver.
//
//===----------------------------------------------------------------------===//

#include "backends/RegisterAllBackends.h"
#include "compiler/Driver/Driver.h"
#include "compiler/Target/TargetSpec.h"
#include "compiler/tools/tkc/AotAutotune.h"
#include "compiler/tools/tkc/AotManifest.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
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
    "  aot       Triton's compile.py command line: compile a kernel and\n"
    "            write its C entry points (tkc aot --help)\n"
    "\n"
    "OPTIONS:\n"
    "  --help     Print this help\n"
    "  --version  Print the version of tkc and of its LLVM\n";

/// Prints an error in the usual `tkc: error: ...` form and returns 1.
int fail(const Twine &message) {
  (void)tkc::driver::reportError(message);
  return 1;
}

/// The exit code of a compilation's result.
int exitCode(mlir::LogicalResult result) { return failed(result) ? 1 : 0; }

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
  cl::list<std::string> importPaths(
      "import-path",
      cl::desc("A directory to find the kernel's imported modules in (after "
               "the kernel's own directory and package root; repeatable)"),
      cl::value_desc("DIR"), cl::cat(category));
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
  cl::opt<unsigned> maxRegisters(
      "maxnreg",
      cl::desc("Use at most N registers per thread, as Triton's maxnreg "
               "(NVIDIA targets; 0: no cap)"),
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
  cl::opt<bool> tensorCopies(
      "tensor-copies",
      cl::desc("Copy the blocks of tensordesc parameters that Hopper "
               "(sm_90a) matmul loops read through tensor maps (TMA), which "
               "the launcher encodes (on by default; =false copies them "
               "thread by thread)"),
      cl::init(true), cl::cat(category));
  cl::opt<bool> tensorStores(
      "tensor-stores",
      cl::desc("With --tensor-copies, also store the blocks written through "
               "tensordesc parameters through their tensor maps on sm_90a "
               "(off by default: not faster on the H100 so far)"),
      cl::init(false), cl::cat(category));
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
  cl::opt<std::string> ocml(
      "ocml",
      cl::desc("ROCm's ocml bitcode for AMD math functions (default "
               "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc)"),
      cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ockl(
      "ockl",
      cl::desc("ROCm's ockl bitcode for AMD device printf (default "
               "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc)"),
      cl::value_desc("PATH"), cl::cat(category));
  std::string emitHelp =
      "Stop after a stage and print it: " + tkc::driver::emitChoicesHelp() +
      " (of the first lowering; where tkc also lowers a kernel favoring "
      "occupancy, its binary may come from that second lowering)";
  cl::opt<std::string> emit("emit", cl::desc(emitHelp), cl::value_desc("STAGE"),
                            cl::cat(category));
  cl::opt<std::string> origin(
      "origin",
      cl::desc("What is being compiled, e.g. a manifest entry: when "
               "compilation fails, tkc ends with 'note: while compiling "
               "TEXT'"),
      cl::value_desc("TEXT"), cl::cat(category));

  tkc::driver::registerCommandLineOptions();
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
    if (maxRegisters > 255)
      return fail("--maxnreg must be from 0 (no cap) to 255, got " +
                  Twine(maxRegisters));
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
    tkc::driver::EmitRequest request;
    if (!emit.empty()) {
      std::optional<tkc::driver::EmitRequest> parsed =
          tkc::driver::parseEmit(emit);
      if (!parsed)
        return fail("--emit must be one of " + tkc::driver::emitChoicesHelp() +
                    ", got '" + emit + "'");
      request = *parsed;
    }
    tkc::driver::Stage stage = request.stage;
    bool targetFree =
        stage == tkc::driver::Stage::Ast || stage == tkc::driver::Stage::TTIR;
    if (specs.empty() && !targetFree)
      return fail("--target is required to produce '" + request.name() +
                  "' (supported: " + tkc::supportedTargetsHelp() + ")");

    tkc::driver::CompileOptions gpu;
    gpu.targets = specs;
    gpu.numWarps = numWarps;
    gpu.numStages = numStages;
    gpu.maxBlocksPerSm = maxBlocksPerSm;
    gpu.maxRegisters = maxRegisters;
    gpu.tensorCopies = tensorCopies;
    gpu.tensorStores = tensorStores;
    gpu.emit = request;
    gpu.output = output;
    gpu.tools.paths["ptxas"] = ptxas;
    gpu.tools.paths["libdevice"] = libdevice;
    gpu.tools.paths["ld-lld"] = ldLld;
    gpu.tools.paths["ocml"] = ocml;
    gpu.tools.paths["ockl"] = ockl;

    StringRef extension = sys::path::extension(input);
    if (extension == ".py") {
      if (kernel.empty())
        return fail("--kernel is required for a .py input");
      tkc::driver::KernelSource source;
      source.input = input;
      source.kernel = kernel;
      source.signature = signature;
      source.debug = debug;
      source.importPaths.assign(importPaths.begin(), importPaths.end());
      for (StringRef kv : constexprs) {
        auto [k, v] = kv.split('=');
        source.constexprs.emplace_back(k.trim().str(), v.trim().str());
      }
      return exitCode(tkc::driver::compileKernel(source, gpu));
    }
    if (extension != ".mlir")
      return fail("input '" + input +
                  "' must be a Triton-language .py file or a tkc-dialect "
                  ".mlir file");
    if (stage == tkc::driver::Stage::Ast)
      return fail("--emit=ast needs a .py kernel; '" + input +
                  "' is already IR");
    return exitCode(tkc::driver::compileIRFile(input, gpu));
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
      "s",
      cl::desc("Signature, e.g. '*fp32:16, i32, 1024' (with --manifest: "
               "optional, compiled after the manifest's specializations)"),
      cl::value_desc("SIG"), cl::cat(category));
  cl::alias signatureLong("signature", cl::aliasopt(signature));
  cl::opt<std::string> grid("g",
                            cl::desc("Grid, e.g. 'cdiv(n, 1024), 1, 1' "
                                     "(with --manifest: optional)"),
                            cl::value_desc("GRID"), cl::cat(category));
  cl::alias gridLong("grid", cl::aliasopt(grid));
  cl::list<std::string> importPaths(
      "import-path",
      cl::desc("A directory to find the kernel's imported modules in "
               "(repeatable)"),
      cl::value_desc("DIR"), cl::cat(category));
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
  cl::opt<unsigned> maxRegisters(
      "maxnreg",
      cl::desc("At most N registers per thread (NVIDIA; 0: no cap) where no "
               "@triton.autotune config says"),
      cl::value_desc("N"), cl::init(0), cl::cat(category));
  cl::opt<bool> debug("debug",
                      cl::desc("Keep tl.device_assert checks (Triton's "
                               "debug mode)"),
                      cl::cat(category));
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
  cl::opt<std::string> libdevice("libdevice",
                                 cl::desc("NVIDIA's libdevice bitcode to use"),
                                 cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> variantsDir(
      "variants-dir",
      cl::desc("Keep each variant's binary and metadata, and the manifest "
               "handed to tkc-launcher-gen, in DIR (created) instead of a "
               "scratch directory"),
      cl::value_desc("DIR"), cl::cat(category));
  cl::opt<std::string> ldLld("ld-lld", cl::desc("ld.lld to use"),
                             cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ocml("ocml", cl::desc("ROCm's ocml.bc to use"),
                            cl::value_desc("PATH"), cl::cat(category));
  cl::opt<std::string> ockl("ockl", cl::desc("ROCm's ockl.bc to use"),
                            cl::value_desc("PATH"), cl::cat(category));
  cl::list<std::string> restore(
      "restore",
      cl::desc("With @triton.autotune: a buffer autotuning saves and "
               "restores (restore_value, reset_to_zero) and its size in "
               "bytes over the integer parameters, e.g. 'out=n * 4' "
               "(repeatable)"),
      cl::value_desc("PARAM=BYTES"), cl::cat(category));
  cl::list<std::string> heuristicValues(
      "heuristic-values",
      cl::desc("With @triton.heuristics: the values to compile for a "
               "heuristic that computes an integer, e.g. "
               "'BLOCK=64,128,256' (repeatable)"),
      cl::value_desc("NAME=V1,V2,..."), cl::cat(category));
  cl::list<std::string> constexprValues(
      "constexpr",
      cl::desc("The value of a tl.constexpr parameter that the signature "
               "leaves out and no decorator sets (a dtype such as "
               "tl.float16, an integer, a boolean; repeatable)"),
      cl::value_desc("NAME=VALUE"), cl::cat(category));
  cl::opt<std::string> manifestPath(
      "manifest",
      cl::desc("A manifest with \"decorators\": true that completes the "
               "kernel's @triton.autotune / @triton.heuristics: more "
               "specializations, config names and targets, a tuned table "
               "(docs/manifest.md)"),
      cl::value_desc("M.json"), cl::cat(category));
  tkc::driver::registerCommandLineOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "tkc aot: compile a kernel to C sources\n");

  // A manifest beside the decorators: what it gives and the command line
  // does not is taken; what both give must agree (-t overrides its targets).
  std::optional<tkc::aot::DecoratorManifest> manifest;
  std::vector<std::string> restoreValues(restore.begin(), restore.end());
  std::vector<std::string> heuristicTexts(heuristicValues.begin(),
                                          heuristicValues.end());
  std::string targetList = target;
  std::string gridText = grid;
  if (!manifestPath.empty()) {
    auto read = tkc::aot::readDecoratorManifest(manifestPath);
    if (!read)
      return fail(toString(read.takeError()));
    manifest = std::move(*read);
    if (manifest->kernel != kernel)
      return fail(manifestPath + ": kernel: '" + manifest->kernel +
                  "', but -n names '" + kernel + "'");
    if (manifest->src != sys::path::filename(input) &&
        sys::path::filename(manifest->src) != sys::path::filename(input))
      return fail(manifestPath + ": src: '" + manifest->src +
                  "', but the kernel file is '" + input + "'");
    if (manifest->grid && !grid.empty()) {
      auto squeeze = [](StringRef text) {
        std::string out;
        for (char c : text)
          if (!isSpace(c))
            out += c;
        return out;
      };
      if (squeeze(*manifest->grid) != squeeze(grid))
        return fail(manifestPath + ": grid: '" + *manifest->grid +
                    "', but -g says '" + grid + "'; give it once, or the same");
    }
    if (manifest->grid && grid.empty())
      gridText = *manifest->grid;
    if (manifest->targets && target.getNumOccurrences() == 0)
      targetList = join(*manifest->targets, ",");
    if (auto error =
            tkc::aot::mergeOptions(*manifest, restoreValues, heuristicTexts))
      return fail(toString(std::move(error)));
  }
  if (signature.empty() && (!manifest || manifest->specializations.empty()))
    return fail("-s (the signature) is required" +
                Twine(manifest ? ": the manifest has no specializations" : ""));
  if (gridText.empty())
    return fail("-g (the grid) is required" +
                Twine(manifest ? ": the manifest has no grid" : ""));
  // The signature the decorators are checked against: the parameters' types
  // are the same in every specialization.
  std::string planSignature = !signature.empty()
                                  ? std::string(signature)
                                  : manifest->specializations.front().second;

  if (maxRegisters > 255)
    return fail("--maxnreg must be from 0 (no cap) to 255, got " +
                Twine(maxRegisters));
  auto specs = tkc::parseTargetList(targetList);
  if (!specs)
    return fail(toString(specs.takeError()));
  std::string generator = findLauncherGen(launcherGen, argv0);
  if (generator.empty())
    return fail("tkc-launcher-gen not found (give --launcher-gen PATH or "
                "set TKC_LAUNCHER_GEN)");
  SmallString<128> scratch;
  if (!variantsDir.empty()) {
    scratch = variantsDir;
    if (std::error_code ec = sys::fs::create_directories(scratch))
      return fail("cannot create " + variantsDir + ": " + ec.message());
  } else if (std::error_code ec =
                 sys::fs::createUniqueDirectory("tkc-aot", scratch)) {
    return fail("cannot create a scratch directory: " + ec.message());
  }
  llvm::scope_exit cleanup([&] {
    if (variantsDir.empty())
      (void)sys::fs::remove_directories(scratch);
  });

  tkc::driver::KernelSource kernelSource;
  kernelSource.input = input;
  kernelSource.kernel = kernel;
  kernelSource.signature = planSignature;
  kernelSource.debug = debug;
  kernelSource.importPaths.assign(importPaths.begin(), importPaths.end());
  tkc::driver::CompileOptions opts;
  opts.targets = *specs;
  opts.numWarps = numWarps;
  opts.numStages = numStages;
  opts.maxBlocksPerSm = maxBlocksPerSm;
  opts.tools.paths["ptxas"] = ptxas;
  opts.tools.paths["libdevice"] = libdevice;
  opts.tools.paths["ld-lld"] = ldLld;
  opts.tools.paths["ocml"] = ocml;
  opts.tools.paths["ockl"] = ockl;
  // A kernel autotuned by its decorator, with the autotuned constexprs left
  // open, or with heuristics: every config is compiled, once per value of
  // each heuristic, and a manifest tells tkc-launcher-gen to autotune over
  // the configs and to evaluate the heuristics per call.
  auto plan =
      tkc::aot::planAutotune(input, kernel, planSignature, restoreValues,
                             heuristicTexts, numWarps, numStages);
  if (!plan)
    return fail(toString(plan.takeError()));
  if (!*plan && manifest)
    return fail("--manifest " + manifestPath +
                " completes a kernel's "
                "decorators, but '" +
                kernel +
                "' has no @triton.autotune or "
                "@triton.heuristics whose constexprs the signature leaves "
                "open (a manifest without \"decorators\" goes to "
                "tkc-launcher-gen, or triton_kernel(manifest = ...))");
  if (!*plan && !restoreValues.empty())
    return fail("--restore needs a kernel autotuned by @triton.autotune");
  if (!*plan && !heuristicTexts.empty())
    return fail("--heuristic-values needs a kernel with a @triton.heuristics "
                "entry whose constexpr the signature leaves open");
  std::vector<std::string> archs;
  for (const tkc::TargetSpec &spec : *specs)
    archs.push_back(spec.arch);
  if (manifest)
    if (auto error = tkc::aot::applyDecoratorManifest(*manifest, signature,
                                                      archs, **plan))
      return fail(toString(std::move(error)));
  // A signature that gives constexprs the decorators leave alone compiles
  // with them fixed; the compiler and the manifest get the other entries.
  std::string shortSignature =
      *plan ? tkc::aot::compilerSignature(**plan, signature)
            : std::string(signature);
  std::vector<std::pair<std::string, std::string>> fixedConstexprs;
  for (StringRef kv : constexprValues) {
    auto [name, value] = kv.split('=');
    name = name.trim();
    value = value.trim();
    if (name.empty() || value.empty() || !kv.contains('='))
      return fail("--constexpr expects NAME=VALUE, got '" + kv + "'");
    if (*plan) {
      for (const tkc::aot::AotConfig &c : (*plan)->configs)
        for (const auto &[configName, configValue] : c.constexprs)
          if (configName == name)
            return fail("--constexpr " + name +
                        ": @triton.autotune's "
                        "config " +
                        c.name + " (" + c.origin + ") sets it");
      for (const tkc::aot::AotHeuristic &h : (*plan)->heuristics)
        if (h.constexprName == name)
          return fail("--constexpr " + name + ": the heuristic at " + h.origin +
                      " sets it");
    }
    fixedConstexprs.emplace_back(name.str(), value.str());
  }
  if (*plan) {
    fixedConstexprs.insert(fixedConstexprs.end(),
                           (*plan)->fixedConstexprs.begin(),
                           (*plan)->fixedConstexprs.end());
    for (auto &spec : (*plan)->specializations)
      spec.second = tkc::aot::compilerSignature(**plan, spec.second);
  }
  kernelSource.decoratorsApplied = true; // planAutotune noted them.
  std::vector<tkc::aot::AotConfig> configs;
  std::vector<tkc::aot::AotHeuristic> heuristics;
  if (*plan) {
    configs = (*plan)->configs;
    heuristics = (*plan)->heuristics;
  } else {
    configs.push_back(
        tkc::aot::AotConfig{"", {}, {}, numWarps, numStages, maxRegisters});
  }
  size_t combinations = 1;
  for (const tkc::aot::AotHeuristic &h : heuristics)
    combinations *= h.valueTexts.size();
  // (name, signature) of each specialization; one unnamed without a
  // manifest's.
  std::vector<std::pair<std::string, std::string>> specializations = {
      {"", shortSignature}};
  if (*plan && !(*plan)->specializations.empty())
    specializations = (*plan)->specializations;

  SmallVector<std::string> metadata;
  // The configs some target kept, for the manifest.
  std::vector<bool> kept(configs.size(), false);
  for (size_t c = 0; c < configs.size(); ++c) {
    // A config's own targets (a manifest's) are a subset of all of them.
    SmallVector<tkc::TargetSpec> configSpecs;
    for (const tkc::TargetSpec &spec : *specs)
      if (configs[c].targets.empty() ||
          is_contained(configs[c].targets, spec.arch))
        configSpecs.push_back(spec);
    opts.targets = configSpecs;
    for (size_t n = 0; n < combinations * specializations.size(); ++n) {
      const auto &[specName, specSignature] = specializations[n / combinations];
      kernelSource.signature = specSignature;
      SmallString<128> prefix(scratch);
      std::string stem = *plan ? "config" + std::to_string(c) : "kernel";
      if (specializations.size() > 1)
        stem += "." + specName;
      opts.numWarps = configs[c].numWarps;
      opts.numStages = configs[c].numStages;
      opts.maxRegisters = configs[c].maxRegisters;
      kernelSource.constexprs = configs[c].constexprs;
      kernelSource.constexprs.insert(kernelSource.constexprs.end(),
                                     fixedConstexprs.begin(),
                                     fixedConstexprs.end());
      // The n-th combination of the heuristics' values.
      std::string values;
      for (size_t i = 0, rest = n % combinations; i < heuristics.size(); ++i) {
        const tkc::aot::AotHeuristic &h = heuristics[i];
        const std::string &value = h.valueTexts[rest % h.valueTexts.size()];
        rest /= h.valueTexts.size();
        kernelSource.constexprs.emplace_back(h.constexprName, value);
        values += (values.empty() ? "" : ", ") + h.constexprName + "=" + value;
      }
      if (!heuristics.empty())
        stem += ".h" + std::to_string(n % combinations);
      // Several targets name each output by its arch, also for a config
      // compiled for one of them.
      if (specs->size() > 1 && configSpecs.size() == 1)
        stem += "." + configSpecs.front().arch;
      sys::path::append(prefix, stem);
      opts.output = std::string(prefix);
      // With several configs, one that a target has too little shared
      // memory for is left out there, as Triton's autotuner prunes it.
      std::vector<std::string> skipped;
      opts.skippedTargets = configs.size() > 1 ? &skipped : nullptr;
      if (failed(tkc::driver::compileKernel(kernelSource, opts))) {
        if (*plan)
          WithColor::note(errs(), "tkc")
              << "while compiling config " << c << " (" << configs[c].name
              << ")" << (values.empty() ? "" : " with " + values)
              << (specName.empty() ? "" : ", specialization " + specName)
              << "\n";
        return 1;
      }
      if (!skipped.empty())
        WithColor::note(errs(), "tkc")
            << "config " << c << " (" << configs[c].name << ") is left out for "
            << join(skipped, ", ") << "\n";
      for (const tkc::TargetSpec &spec : configSpecs)
        if (!is_contained(skipped, spec.arch)) {
          metadata.push_back(opts.output +
                             (configSpecs.size() > 1 ? "." + spec.arch : "") +
                             ".json");
          kept[c] = true;
        }
    }
  }
  // A config no target kept is not autotuned over; one must remain.
  if (*plan) {
    if (llvm::none_of(kept, [](bool k) { return k; }))
      return fail("no config of '" + kernel +
                  "' has the shared memory it needs on any target");
    std::vector<tkc::aot::AotConfig> &planned = (**plan).configs;
    for (size_t c = configs.size(); c-- > 0;) {
      if (kept[c])
        continue;
      WithColor::note(errs(), "tkc")
          << "config " << c << " (" << configs[c].name
          << ") fits no target: it is not autotuned over\n";
      planned.erase(planned.begin() + c);
    }
  }

  std::string name = outName.empty() ? std::string(kernel) : outName;
  std::string header = output + ".h", source = output + ".c";
  SmallVector<std::string> args = {generator, "--name",   name,
                                   "--grid",  gridText,   "--header",
                                   header,    "--source", source};
  if (*plan) {
    SmallString<128> manifestPath(scratch);
    sys::path::append(manifestPath, "manifest.json");
    std::error_code ec;
    raw_fd_ostream os(manifestPath, ec);
    if (ec)
      return fail("cannot write " + manifestPath + ": " + ec.message());
    os << formatv("{0:2}", tkc::aot::makeManifest(
                               **plan, kernel, sys::path::filename(input),
                               shortSignature, gridText, archs));
    os.close();
    args.push_back("--manifest=" + std::string(manifestPath));
  }
  args.append(metadata.begin(), metadata.end());
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::string error;
  int rc =
      sys::ExecuteAndWait(generator, argRefs, std::nullopt, {}, 0, 0, &error);
  if (rc != 0)
    return fail("tkc-launcher-gen failed" +
                (error.empty() ? std::string() : ": " + error));
  return 0;
}

/// LLVM's fatal errors (instruction selection, libcalls it cannot make) end
/// the process: say which kernel, stage and target failed, then exit, so that
/// LLVM does not abort with a crash dump.
void onFatalError(void *, const char *reason, bool) {
  std::string stage = tkc::driver::describeRunningStage();
  (void)tkc::driver::reportError((stage.empty() ? "" : stage + ": ") + reason);
  std::exit(1);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  install_fatal_error_handler(onFatalError);
  tkc::registerAllBackends();
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
