//===- Driver.cpp - One compilation, from kernel source to files ----------===//
//
// Runs the stages of a compilation: the frontend (`ast`, `ttir`), the GPU
// pipelines (`ttgir`, LLVM dialect), and the registered backend of each
// target (`llir`, assembly, the binary). Every variant is compiled in memory
// first; files are written only when all succeeded.
//
//===----------------------------------------------------------------------===//

#include "compiler/Driver/Driver.h"

#include "compiler/Dialect/TKC/Analysis/PointerAccess.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/CodeGen.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Signature.h"
#include "compiler/Pipelines/Pipelines.h"
#include "metadata/KernelMetadata.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace tkc::driver;
using mlir::failure;
using mlir::LogicalResult;
using mlir::success;

namespace {

/// The stages every target has, by their `--emit` names.
constexpr std::pair<StringRef, Stage> kStageNames[] = {
    {"ast", Stage::Ast},
    {"ttir", Stage::TTIR},
    {"ttgir", Stage::TTGIR},
    {"llir", Stage::LLIR},
};

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
    return reportError("the pass manager's command-line options are not "
                       "registered (call registerCommandLineOptions() first)");
  build(pm);
  return pm.run(module);
}

/// Writes `print`'s output to `outputPath` ("-" for stdout).
LogicalResult writeOutput(StringRef outputPath,
                          function_ref<void(raw_ostream &)> print) {
  std::string error;
  auto output = mlir::openOutputFile(outputPath, &error);
  if (!output)
    return reportError(error);
  print(output->os());
  output->keep();
  return success();
}

/// Writes `bytes` to `path` through a ToolOutputFile that is removed again
/// unless kept.
LogicalResult writeFile(StringRef path, StringRef bytes) {
  std::error_code ec;
  ToolOutputFile file(path, ec, sys::fs::OF_None);
  if (ec)
    return reportError("cannot write '" + path + "': " + ec.message());
  file.os() << bytes;
  file.os().flush();
  if (file.os().has_error())
    return reportError("cannot write '" + path + "'");
  file.keep();
  return success();
}

/// What a lowering favors: fewer instructions, or more programs per SM
/// (TKCGPUDialect::kFavorOccupancy); either may also recompute what comes
/// from the thread id where it is used (TKCGPUDialect::kRecomputeThreadIds).
struct Favor {
  bool occupancy = false;
  bool recomputeThreadIds = false;
};

/// One compiled variant, held in memory until every variant succeeded.
struct Variant {
  tkc::BinaryResult binary;
  tkc::metadata::KernelMetadata metadata;
  /// Left out: more shared memory than the target has (see
  /// CompileOptions::skippedTargets).
  bool skipped = false;
  /// Favoring occupancy would take it fewer registers or tiles: its
  /// pipelined loops would hold fewer tiles, its warpgroup dots read an
  /// invariant A from a tile, or its reductions across warps read their
  /// partials with shuffles (TKCGPUDialect::kOccupancyHeadroom).
  bool occupancyHeadroom = false;
  /// Favoring occupancy would take its loops fewer tiles
  /// (TKCGPUDialect::kSharedHeadroom).
  bool sharedHeadroom = false;
  /// The most programs per SM worth running (TKCGPUDialect::kMaxPrograms);
  /// 0 if its lowering did not say.
  unsigned maxPrograms = 0;
};

/// Reads the `tkc.params` attribute the frontend puts on the kernel, and
/// gives each pointer the access PointerAccessAnalysis finds. `ttir` must be
/// the module after the ttir pipeline: helpers are inlined and dead loads
/// folded away, the function's arguments are still exactly the parameters
/// that are neither constexpr nor equal_to_1 (in source order), and the
/// result, like the parameters, is the same for every target.
std::optional<std::vector<tkc::metadata::KernelParam>>
readParams(mlir::ModuleOp ttir, std::string &entry) {
  for (auto func : ttir.getOps<mlir::func::FuncOp>()) {
    auto params =
        func->getAttrOfType<mlir::ArrayAttr>(mlir::tkc::TKCDialect::kParams);
    if (!params)
      continue;
    entry = func.getName().str();
    mlir::tkc::PointerAccessAnalysis access(func);
    unsigned argIndex = 0;
    std::vector<tkc::metadata::KernelParam> result;
    for (auto dict : params.getAsRange<mlir::DictionaryAttr>()) {
      tkc::metadata::KernelParam p;
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
      if (p.isPassed()) {
        if (p.isPointer() && argIndex < func.getNumArguments() &&
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

/// The shared-memory size the module records, if any.
std::optional<int64_t> sharedBytesOf(mlir::ModuleOp module) {
  if (auto shared = module->getAttrOfType<mlir::IntegerAttr>(
          mlir::tkc::gpu::TKCGPUDialect::kSharedBytes))
    return shared.getInt();
  return std::nullopt;
}

/// The tensor maps the kernel takes after its arguments, as the pipeline
/// listed them (TKCGPUDialect::kTensorMaps), each with the kernel arguments
/// its descriptor is made of (`source`: TKCDialect::kTensorDescriptors').
std::vector<tkc::metadata::TensorMapDesc> tensorMapsOf(mlir::ModuleOp module) {
  std::vector<tkc::metadata::TensorMapDesc> maps;
  auto listed = module->getAttrOfType<mlir::ArrayAttr>(
      mlir::tkc::gpu::TKCGPUDialect::kTensorMaps);
  if (!listed)
    return maps;
  auto operands = [](mlir::Attribute list) {
    std::vector<tkc::metadata::TensorMapOperand> ops;
    for (mlir::Attribute product : mlir::cast<mlir::ArrayAttr>(list)) {
      auto factors = mlir::cast<mlir::ArrayAttr>(product).getValue();
      tkc::metadata::TensorMapOperand op;
      op.scale = mlir::cast<mlir::IntegerAttr>(factors.front()).getInt();
      for (mlir::Attribute arg : factors.drop_front())
        op.args.push_back(mlir::cast<mlir::StringAttr>(arg).str());
      ops.push_back(std::move(op));
    }
    return ops;
  };
  for (mlir::Attribute attr : listed) {
    auto map = mlir::cast<mlir::DictionaryAttr>(attr);
    tkc::metadata::TensorMapDesc desc;
    desc.descriptor = mlir::cast<mlir::StringAttr>(map.get("descriptor")).str();
    auto source = mlir::cast<mlir::DictionaryAttr>(map.get("source"));
    desc.base = mlir::cast<mlir::StringAttr>(source.get("base")).str();
    desc.shape = operands(source.get("shape"));
    desc.strides = operands(source.get("strides"));
    desc.elementBytes = mlir::cast<mlir::TypeAttr>(map.get("element"))
                            .getValue()
                            .getIntOrFloatBitWidth() /
                        8;
    auto box = mlir::cast<mlir::DenseI64ArrayAttr>(map.get("box"));
    desc.box.assign(box.asArrayRef().begin(), box.asArrayRef().end());
    desc.swizzle = mlir::cast<mlir::IntegerAttr>(map.get("swizzle")).getInt();
    maps.push_back(std::move(desc));
  }
  return maps;
}

/// `loc` as `kernel.py:12:5`, or "" where it is null.
std::string formatLocation(mlir::FileLineColLoc loc) {
  if (!loc)
    return std::string();
  return formatv("{0}:{1}:{2}", loc.getFilename().getValue(), loc.getLine(),
                 loc.getColumn())
      .str();
}

/// Where the kernel is defined, `kernel.py:12:1`, or "" when the IR does not
/// say (tkc-dialect input without locations).
std::string kernelLocation(mlir::ModuleOp module) {
  std::string where;
  module.walk([&](mlir::func::FuncOp func) {
    if (!func->hasAttr(mlir::tkc::TKCDialect::kParams) && !where.empty())
      return;
    if (auto loc = dyn_cast<mlir::FileLineColLoc>(func.getLoc()))
      where = formatLocation(loc);
  });
  return where;
}

/// What identifies an inline assembly call on both sides of the translation
/// to LLVM IR: its text and constraints.
std::string inlineAsmKey(StringRef text, StringRef constraints) {
  return (text + Twine('\0') + constraints).str();
}

/// Where each inline assembly call of LLVM-dialect `module`
/// (`llvm.inline_asm`) was written, `kernel.py:12:5`, keyed by its text and
/// constraints, in the order of the module.
llvm::StringMap<std::vector<std::string>>
inlineAsmSources(mlir::ModuleOp module) {
  llvm::StringMap<std::vector<std::string>> sources;
  module.walk([&](mlir::LLVM::InlineAsmOp op) {
    sources[inlineAsmKey(op.getAsmString(), op.getConstraints())].push_back(
        formatLocation(op.getLoc()->findInstanceOf<mlir::FileLineColLoc>()));
  });
  return sources;
}

/// Tags each inline assembly call of `module`, the translation of the module
/// `sources` describes, with LLVM's `srcloc` cookie: the index in `places`
/// (which it appends to) of where it was written, plus one. LLVM's errors
/// about the assembly carry the cookie (DiagnosticInfoInlineAsm,
/// DiagnosticInfoSrcMgr). The calls of one text are taken to come in the
/// order of their ops (straight-line code; else the last place stands for
/// the rest).
void tagInlineAsm(llvm::Module &module,
                  const llvm::StringMap<std::vector<std::string>> &sources,
                  std::vector<std::string> &places) {
  llvm::LLVMContext &context = module.getContext();
  llvm::StringMap<size_t> seen;
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      auto *call = dyn_cast<llvm::CallBase>(&inst);
      auto *asmText =
          call ? dyn_cast<llvm::InlineAsm>(call->getCalledOperand()) : nullptr;
      if (!asmText)
        continue;
      std::string key =
          inlineAsmKey(asmText->getAsmString(), asmText->getConstraintString());
      auto it = sources.find(key);
      if (it == sources.end())
        continue;
      size_t index = std::min(seen[key]++, it->second.size() - 1);
      if (it->second[index].empty())
        continue;
      places.push_back(it->second[index]);
      llvm::Metadata *cookie =
          llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
              llvm::Type::getInt64Ty(context), places.size()));
      call->setMetadata("srcloc", llvm::MDNode::get(context, cookie));
    }
}

/// What LLVM reports while a backend stage runs, said with the kernel's
/// location, the stage and the target: errors LLVM sends to the context's
/// diagnostic handler are collected for check(); while it lives, it is the
/// thread's running stage that describeRunningStage() names for a fatal
/// error handler.
class BackendStageReporter {
public:
  BackendStageReporter(LLVMContext &context, std::string where,
                       std::string target)
      : where(std::move(where)), target(std::move(target)), outer(running) {
    context.setDiagnosticHandlerCallBack(&BackendStageReporter::onDiagnostic,
                                         this);
    running = this;
  }
  ~BackendStageReporter() { running = outer; }
  BackendStageReporter(const BackendStageReporter &) = delete;
  BackendStageReporter &operator=(const BackendStageReporter &) = delete;

  /// Names the stage that runs next (`llir`, `ptx`, ...).
  void enter(StringRef name) { stage = name.str(); }

  /// The source locations of inline assembly, by `srcloc` cookie minus one
  /// (tagInlineAsm): an error about one says where it was written.
  std::vector<std::string> inlineAsmPlaces;

  /// Reports `error` or the errors LLVM sent meanwhile, in context; success
  /// when there were none.
  LogicalResult check(llvm::Error error) {
    std::string reason = error ? toString(std::move(error)) : std::string();
    if (!diagnostics.empty())
      reason += (reason.empty() ? "" : "; ") + diagnostics;
    diagnostics.clear();
    if (reason.empty())
      return success();
    return reportError(context() + ": " + reason);
  }

  /// "kernel.py:12:5: stage 'ptx' for cuda:90a failed".
  std::string context() const {
    return (where.empty() ? "" : where + ": ") + "stage '" + stage + "' for " +
           target + " failed";
  }

  /// The innermost reporter of this thread, or null.
  static thread_local BackendStageReporter *running;

private:
  static void onDiagnostic(const llvm::DiagnosticInfo *info, void *self) {
    if (info->getSeverity() != llvm::DS_Error)
      return;
    auto *reporter = static_cast<BackendStageReporter *>(self);
    std::string text;
    raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    // An error about inline assembly (its constraints; its text, which the
    // target's assembler parsed) says where the assembly was written.
    uint64_t cookie = 0;
    std::string message;
    if (auto *asmInfo = dyn_cast<llvm::DiagnosticInfoInlineAsm>(info)) {
      cookie = asmInfo->getLocCookie();
      message = asmInfo->getMsgStr().str();
    } else if (auto *parsed = dyn_cast<llvm::DiagnosticInfoSrcMgr>(info)) {
      cookie = parsed->getLocCookie();
      message = (parsed->getSMDiag().getMessage() + " in '" +
                 parsed->getSMDiag().getLineContents().trim() + "'")
                    .str();
    }
    if (cookie >= 1 && cookie <= reporter->inlineAsmPlaces.size())
      os << reporter->inlineAsmPlaces[cookie - 1]
         << ": inline assembly: " << message;
    else
      info->print(printer);
    reporter->diagnostics += (reporter->diagnostics.empty() ? "" : "; ") + text;
  }

  std::string where, target, stage, diagnostics;
  BackendStageReporter *outer;
};

thread_local BackendStageReporter *BackendStageReporter::running = nullptr;

/// The footprint of `variant`'s programs.
tkc::ProgramFootprint footprintOf(const Variant &variant,
                                  const tkc::TargetSpec &spec,
                                  const CompileOptions &opts) {
  return {opts.numWarps * spec.warpSize, variant.metadata.sharedBytes,
          opts.maxBlocksPerSm};
}

/// Compiles `ttir` for one target, printing the stage `opts.emit` asks
/// for, or completing `variant` (whose parameters are already read) when the
/// binary is wanted; `favor` marks the module before lowering.
LogicalResult lowerVariant(mlir::ModuleOp ttir, const tkc::TargetSpec &spec,
                           const CompileOptions &opts, Favor favor,
                           Variant &variant) {
  const tkc::TargetBackend *backend = tkc::lookupTargetBackend(spec.backend);
  if (!backend)
    return reportError("this tkc has no backend for target '" + spec.str() +
                       "'");
  Stage emit = opts.emit.stage;
  if (emit == Stage::Assembly &&
      opts.emit.assemblyName != backend->getAssemblyName())
    return reportError("--emit=" + opts.emit.name() +
                       " does not apply to target '" + spec.str() + "'");
  mlir::OwningOpRef<mlir::ModuleOp> module(ttir.clone());
  auto unit = mlir::UnitAttr::get(module->getContext());
  if (favor.occupancy)
    (*module)->setAttr(mlir::tkc::gpu::TKCGPUDialect::kFavorOccupancy, unit);
  if (favor.recomputeThreadIds)
    (*module)->setAttr(mlir::tkc::gpu::TKCGPUDialect::kRecomputeThreadIds,
                       unit);
  unsigned warpSize = backend->createTargetInfo(spec)->getWarpSize();
  if (failed(runPipeline(*module, [&](mlir::PassManager &pm) {
        mlir::tkc::buildTTGIRPipeline(pm, opts.numWarps, warpSize,
                                      opts.numStages, spec.str(),
                                      opts.tensorCopies, opts.tensorStores);
      })))
    return failure();
  if (opts.maxRegisters)
    (*module)->setAttr(
        mlir::tkc::gpu::TKCGPUDialect::kMaxRegisters,
        mlir::IntegerAttr::get(mlir::IntegerType::get(module->getContext(), 32),
                               opts.maxRegisters));
  if (emit == Stage::TTGIR)
    return writeOutput(opts.output,
                       [&](raw_ostream &os) { module->print(os); });

  tkc::metadata::KernelMetadata &meta = variant.metadata;
  meta.sharedBytes = sharedBytesOf(*module).value_or(meta.sharedBytes);
  meta.tensorMaps = tensorMapsOf(*module);
  if (failed(runPipeline(*module, [&](mlir::PassManager &pm) {
        mlir::tkc::buildLLVMPipeline(pm, spec.str());
      })))
    return failure();
  // Marked by passes of either pipeline.
  variant.occupancyHeadroom =
      (*module)->hasAttr(mlir::tkc::gpu::TKCGPUDialect::kOccupancyHeadroom);
  variant.sharedHeadroom =
      (*module)->hasAttr(mlir::tkc::gpu::TKCGPUDialect::kSharedHeadroom);
  if (auto cap = (*module)->getAttrOfType<mlir::IntegerAttr>(
          mlir::tkc::gpu::TKCGPUDialect::kMaxPrograms))
    variant.maxPrograms = cap.getInt();
  // The shared-memory size is final only after lowering.
  meta.sharedBytes = sharedBytesOf(*module).value_or(meta.sharedBytes);
  // A binary that cannot launch is refused (printed stages are not).
  int64_t maxShared = backend->createTargetInfo(spec)->getMaxSharedBytes();
  if (emit == Stage::Binary && meta.sharedBytes > maxShared) {
    std::string why = kernelLocation(ttir) + ": kernel needs " +
                      std::to_string(meta.sharedBytes) +
                      " bytes of shared memory, more than the " +
                      std::to_string(maxShared) + " one block has on " +
                      spec.str();
    if (!opts.skippedTargets)
      return reportError(why +
                         " (smaller blocks or fewer num_stages need less)");
    WithColor::warning(errs(), "tkc") << why << ": left out for that target\n";
    variant.skipped = true;
    return success();
  }

  LLVMContext llvmContext;
  BackendStageReporter reporter(llvmContext, kernelLocation(ttir), spec.str());
  reporter.enter("llir");
  auto asmSources = inlineAsmSources(*module);
  auto llvmModule =
      backend->translateToLLVMIR(*module, llvmContext, spec, opts.tools);
  if (failed(reporter.check(llvmModule.takeError())))
    return failure();
  tagInlineAsm(**llvmModule, asmSources, reporter.inlineAsmPlaces);
  if (emit == Stage::LLIR)
    return writeOutput(opts.output, [&](raw_ostream &os) {
      (*llvmModule)->print(os, nullptr);
    });
  std::string assembly;
  if (emit == Stage::Assembly || backend->binaryNeedsAssembly()) {
    reporter.enter(backend->getAssemblyName());
    auto emitted = backend->emitAssembly(**llvmModule, spec);
    if (failed(reporter.check(emitted.takeError())))
      return failure();
    if (emit == Stage::Assembly)
      return writeOutput(opts.output, [&](raw_ostream &os) { os << *emitted; });
    assembly = std::move(*emitted);
  }
  reporter.enter(backend->getBinaryFormat());
  tkc::ProgramFootprint footprint = footprintOf(variant, spec, opts);
  auto binary =
      backend->makeBinary(**llvmModule, assembly, spec, footprint, opts.tools);
  if (failed(reporter.check(binary.takeError())))
    return failure();
  variant.binary = std::move(*binary);
  meta.target = {spec.backend, spec.arch, spec.warpSize};
  meta.binaryFormat = backend->getBinaryFormat().str();
  meta.numWarps = opts.numWarps;
  meta.numStages = opts.numStages;
  meta.maxBlocksPerSm = opts.maxBlocksPerSm;
  meta.maxRegisters = opts.maxRegisters;
  meta.binaryStats = variant.binary.stats;
  meta.binarySize = variant.binary.bytes.size();
  meta.sha256 = tkc::metadata::sha256Hex(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(variant.binary.bytes.data()),
      variant.binary.bytes.size()));
  return success();
}

/// The most spill traffic (bytes of spill stores and loads) a binary may have
/// for tkc to lower it again. Recomputing thread ids frees the registers of
/// the addresses computed from them, a few dozen at most: the gains measured
/// were from 1,336 bytes to none (lightning attention's forward) and from
/// 1,468 to 1,260 (not kept). Kilobytes more are beyond its reach, or
/// favoring occupancy's, and the second ptxas run is what a heavily spilling
/// binary costs most: FLA's KDA inter-solve (fp32 'ieee' dots, 47,000 lines of
/// PTX, 83,984 bytes) took 140 s, its second lowering 68 s of them (Triton
/// 3.6: 59 s in all), for the same binary; FLA's based attention forward on
/// one warp (64x64 fp32 tiles, 64 registers and 316 KB of spills) took 73 s
/// a ptxas run, three runs in all (Triton: 61 s).
constexpr int64_t kMaxSpillsToRecompute = 4096;

/// Whether `module` has a loop.
bool hasLoops(mlir::ModuleOp module) {
  return module
      .walk([](mlir::LoopLikeOpInterface) {
        return mlir::WalkResult::interrupt();
      })
      .wasInterrupted();
}

/// lowerVariant(); where favoring occupancy would take it fewer tiles or
/// registers (TKCGPUDialect::kOccupancyHeadroom) and the kernel sets no
/// register cap, and registers limit its programs, or shared memory does and
/// its loops would hold fewer tiles (kSharedHeadroom), or it spills a little,
/// also lowered favoring occupancy, whose binary is kept where it fits more
/// programs spilling no more, or as many spilling less (the first binary may
/// spill a little where the backend capped its registers to pair its programs):
/// first recomputing thread ids, then, where that fits no more programs,
/// keeping them. FLA's chunk_h so gets 128 registers and 48 KB instead of 170
/// and 72 KB (two programs): 0.91-0.92 of Triton's time instead of 0.81 on the
/// H200; with matrix stores its first binary takes 163 registers, three
/// programs as its shared memory allows, and the favored one's fewer tiles
/// still fit four (0.92 against 0.75). Inductor's layer norm backward (two sums
/// across 8 warps) gets 32 registers instead of 37 only where thread ids are
/// kept (46 where they are recomputed). Lowered so everywhere, kernels that
/// gained no program lost up to 5%. Tried also where registers do not limit
/// programs, it added 9% to the public kernels' compile time (81 s to 88 s for
/// 96 of them on sm_90a; tutorial 06's backward 1.4 s to 3.6 s): there it is
/// tried only where the loops would hold fewer tiles. A binary that spills with
/// all the registers a thread may hold is not lowered favoring occupancy
/// (SGLang's kkt solve, 255 registers and 68 KB spilled, took 41 s to compile,
/// and 140 s with both favored lowerings), only again recomputing thread ids,
/// and none that spills more than kMaxSpillsToRecompute bytes is lowered
/// again at all.
LogicalResult compileVariant(mlir::ModuleOp ttir, const tkc::TargetSpec &spec,
                             const CompileOptions &opts, Variant &variant) {
  Variant original = variant;
  if (failed(lowerVariant(ttir, spec, opts, Favor(), variant)))
    return failure();
  const tkc::TargetBackend *backend = tkc::lookupTargetBackend(spec.backend);
  if (opts.emit.stage != Stage::Binary || variant.skipped || opts.maxRegisters)
    return success();
  auto programs = [&](const Variant &v, bool countRegisters) {
    return backend->programsPerMultiprocessor(spec, footprintOf(v, spec, opts),
                                              v.binary, countRegisters);
  };
  unsigned first = programs(variant, true);
  int64_t spills = variant.binary.stat("spill_bytes");
  if (spills > kMaxSpillsToRecompute)
    return success();
  // A binary that spills with all the registers a thread may hold is lowered
  // again recomputing thread ids, and kept where that spills at most half as
  // much: the shared-memory addresses each thread computes from its id are
  // otherwise loop invariants, held across the loop or spilled. On the H200:
  // lightning attention's forward, 255 registers and 1,336 bytes of spills,
  // then 242 and none (0.63 of Triton's time, then 1.52); FLA's gated delta
  // rule backward 1.17 -> 1.40, NSA's forward on one warp 0.87 -> 0.93, TGI's
  // GPTQ matmul 2.24 -> 2.54, but NSA's on two warps (32 bytes of spills)
  // 1.09 -> 1.04. TGI's GPTQ matmul of 64x256 tiles, whose spills went only
  // from 1,468 to 1,260 bytes, lost 3%: it keeps the first binary. A kernel
  // without loops holds nothing across iterations and is not lowered again
  // (LightLLM's rotary kernel at 64x64x64 on 8 warps, one block of 2,048
  // scalar loads: two more ptxas runs of 35 s each).
  if (spills > 0 && variant.binary.stat("registers") >= 255) {
    if (!hasLoops(ttir))
      return success();
    Variant recomputed = original;
    if (failed(lowerVariant(ttir, spec, opts, Favor{false, true}, recomputed)))
      return failure();
    if (!recomputed.skipped &&
        2 * recomputed.binary.stat("spill_bytes") <= spills &&
        programs(recomputed, true) >= first)
      variant = std::move(recomputed);
    return success();
  }
  // Where registers do not limit programs, only fewer tiles can add one.
  if (!variant.occupancyHeadroom || first == 0 ||
      (first >= programs(variant, false) && spills <= 0 &&
       !variant.sharedHeadroom))
    return success();
  for (Favor favor : {Favor{true, true}, Favor{true, false}}) {
    Variant favored = original;
    if (failed(lowerVariant(ttir, spec, opts, favor, favored)))
      return failure();
    unsigned more = programs(favored, true);
    int64_t favoredSpills = favored.binary.stat("spill_bytes");
    if (!favored.skipped && favoredSpills <= spills &&
        (more > first || (more == first && favoredSpills < spills))) {
      variant = std::move(favored);
      break;
    }
  }
  return success();
}

/// Caps `variant`'s programs per SM (metadata max_blocks_per_sm, which the
/// launcher enforces by padding dynamic shared memory) at the most its
/// lowering found worth running (Variant::maxPrograms) where its registers
/// and shared memory would fit more and the command line sets no cap.
void capPrograms(const tkc::TargetSpec &spec, const CompileOptions &opts,
                 Variant &variant) {
  if (opts.emit.stage != Stage::Binary || variant.skipped ||
      opts.maxBlocksPerSm || !variant.maxPrograms)
    return;
  const tkc::TargetBackend *backend = tkc::lookupTargetBackend(spec.backend);
  if (backend->programsPerMultiprocessor(
          spec, footprintOf(variant, spec, opts), variant.binary,
          /*countRegisters=*/true) > variant.maxPrograms) {
    variant.metadata.maxBlocksPerSm = variant.maxPrograms;
    variant.metadata.maxBlocksPerSmChosen = true;
  }
}

/// The kernel's TTIR for one target.
using TTIRForTarget =
    llvm::function_ref<mlir::ModuleOp(const tkc::TargetSpec &target)>;

/// Compiles the kernel (its TTIR for each target: `ttirFor`) for
/// every target; for binaries, writes OUT.<format> and OUT.json
/// (OUT.<arch>.* when there are several targets) once all variants
/// compiled.
LogicalResult compileForTargets(TTIRForTarget ttirFor,
                                const CompileOptions &opts) {
  bool binaries = opts.emit.stage == Stage::Binary;
  if (!binaries && opts.targets.size() != 1)
    return reportError("--emit=" + opts.emit.name() +
                       " needs exactly one --target");
  if (binaries && opts.output == "-")
    return reportError("-o OUT is required to write binaries");
  if (opts.targets.empty())
    return reportError("no target to compile for (--target)");
  mlir::ModuleOp ttir = ttirFor(opts.targets.front());
  std::string entry;
  auto params = readParams(ttir, entry);
  if (!params && binaries)
    return reportError(
        "the kernel carries no parameter description (tkc.params); "
        "binaries are made from .py kernels");
  std::vector<Variant> variants(opts.targets.size());
  for (Variant &variant : variants) {
    variant.metadata.entry = entry;
    if (params)
      variant.metadata.params = *params;
  }
  for (auto [spec, variant] : llvm::zip(opts.targets, variants)) {
    if (failed(compileVariant(ttirFor(spec), spec, opts, variant)))
      return failure();
    capPrograms(spec, opts, variant);
  }
  if (!opts.skippedTargets &&
      llvm::all_of(variants, [](const Variant &v) { return v.skipped; }))
    return reportError(kernelLocation(ttir) +
                       ": no target has the shared memory this kernel needs");
  for (auto [spec, variant] : llvm::zip(opts.targets, variants))
    if (variant.skipped)
      opts.skippedTargets->push_back(spec.arch);
  if (!binaries)
    return success();
  for (Variant &variant : variants) {
    if (variant.skipped)
      continue;
    tkc::metadata::KernelMetadata &meta = variant.metadata;
    std::string prefix = opts.output;
    if (variants.size() > 1)
      prefix += "." + meta.target.arch;
    std::string binaryPath = prefix + "." + meta.binaryFormat;
    meta.kernel = meta.entry;
    meta.binaryFile = sys::path::filename(binaryPath).str();
    meta.kernelArgs = tkc::metadata::kernelArgsOf(meta.params);
    std::string json;
    raw_string_ostream os(json);
    os << formatv("{0:2}", meta.toJSON()) << "\n";
    if (failed(writeFile(binaryPath, StringRef(variant.binary.bytes.data(),
                                               variant.binary.bytes.size()))) ||
        failed(writeFile(prefix + ".json", json)))
      return failure();
  }
  return success();
}

/// Runs the ttir pipeline on `module`; prints it for `--emit=ttir`.
LogicalResult runTTIRPipeline(mlir::ModuleOp module,
                              const CompileOptions &opts) {
  if (failed(runPipeline(module, mlir::tkc::buildTTIRPipeline)))
    return failure();
  if (opts.emit.stage == Stage::TTIR)
    return writeOutput(opts.output, [&](raw_ostream &os) { module.print(os); });
  return success();
}

/// Reads `path` into `sourceMgr`; returns its buffer id, or 0 after an
/// error.
unsigned loadSource(SourceMgr &sourceMgr, StringRef path) {
  std::string error;
  auto input = mlir::openInputFile(path, &error);
  if (!input) {
    (void)reportError(error);
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

} // namespace

std::string EmitRequest::name() const {
  if (stage == Stage::Assembly)
    return assemblyName;
  if (stage == Stage::Binary)
    return "cubin/hsaco";
  for (const auto &[text, value] : kStageNames)
    if (value == stage)
      return text.str();
  return "?";
}

std::optional<EmitRequest> tkc::driver::parseEmit(StringRef text) {
  for (const auto &[name, stage] : kStageNames)
    if (name == text)
      return EmitRequest{stage, ""};
  for (const tkc::TargetBackend *backend : tkc::registeredTargetBackends())
    if (backend->getAssemblyName() == text)
      return EmitRequest{Stage::Assembly, text.str()};
  return std::nullopt;
}

std::string tkc::driver::emitChoicesHelp() {
  std::string out;
  for (const auto &[name, stage] : kStageNames)
    out += (out.empty() ? "" : ", ") + name.str();
  for (const tkc::TargetBackend *backend : tkc::registeredTargetBackends())
    out += ", " + backend->getAssemblyName().str();
  return out;
}

void tkc::driver::registerCommandLineOptions() {
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  mlir::tkc::registerTKCPassesAndPipelines();
}

std::string tkc::driver::describeRunningStage() {
  BackendStageReporter *reporter = BackendStageReporter::running;
  return reporter ? reporter->context() : std::string();
}

LogicalResult tkc::driver::reportError(const Twine &message) {
  WithColor::error(errs(), "tkc") << message << "\n";
  return failure();
}

LogicalResult tkc::driver::compileIRFile(StringRef path,
                                         const CompileOptions &opts) {
  auto context = makeContext();
  SourceMgr sourceMgr;
  if (!loadSource(sourceMgr, path))
    return failure();
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, context.get());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, context.get());
  if (!module || failed(runTTIRPipeline(*module, opts)))
    return failure();
  if (opts.emit.stage == Stage::TTIR)
    return success();
  return compileForTargets([&](const tkc::TargetSpec &) { return *module; },
                           opts);
}

LogicalResult tkc::driver::compileKernel(const KernelSource &source,
                                         const CompileOptions &opts) {
  using namespace tkc::frontend;
  SourceMgr sourceMgr;
  unsigned bufferId = loadSource(sourceMgr, source.input);
  if (!bufferId)
    return failure();
  Diagnostics diags(sourceMgr, errs());
  auto signature = parseSignature(source.signature);
  auto context = makeContext();
  mlir::SourceMgrDiagnosticHandler mlirDiagnostics(sourceMgr, context.get());
  // Module-level code may ask which vendor's GPU runs it (`if IS_NVIDIA:`),
  // a kernel which architecture (triton.language.target_info's
  // `cuda_capability_geq`): the frontend runs once per target, in their
  // order, each parse answering for its backend (parseModule()) and each
  // kernel for its architecture.
  llvm::SmallVector<tkc::TargetSpec> targets(opts.targets.begin(),
                                             opts.targets.end());
  if (targets.empty())
    targets.emplace_back();
  llvm::StringMap<mlir::OwningOpRef<mlir::ModuleOp>> ttirs;
  for (const tkc::TargetSpec &target : targets) {
    const std::string &backend = target.backend;
    std::unique_ptr<Module> module =
        parseModule(bufferId, diags, backend, tritonModuleHasAttribute);
    if (!module)
      return failure();
    const FunctionDef *fn = module->findFunction(source.kernel);
    if (!fn) {
      std::string jitNames;
      for (const auto &f : module->functions)
        if (f->isJit)
          jitNames += (jitNames.empty() ? "" : ", ") + f->name;
      return reportError(
          "no function '" + source.kernel + "' in '" + source.input + "'" +
          (jitNames.empty()
               ? std::string(" (it has no @triton.jit functions)")
               : " (its @triton.jit functions: " + jitNames + ")"));
    }
    if (opts.emit.stage == Stage::Ast)
      return writeOutput(opts.output,
                         [&](raw_ostream &os) { printAST(*fn, diags, os); });
    if (!signature)
      return reportError("--signature: " + toString(signature.takeError()));

    KernelRequest request;
    request.kernelName = source.kernel;
    request.constexprs = source.constexprs;
    request.debug = source.debug;
    request.numWarps = opts.numWarps;
    request.decoratorsApplied = source.decoratorsApplied;
    request.importPaths = source.importPaths;
    request.signature = *signature;
    request.vendor = backend;
    request.arch = target.arch;
    mlir::OwningOpRef<mlir::ModuleOp> ttir =
        generateTTIR(*module, request, diags, *context);
    if (!ttir || failed(runTTIRPipeline(*ttir, opts)))
      return failure();
    if (opts.emit.stage == Stage::TTIR)
      return success();
    ttirs[target.str()] = std::move(ttir);
  }
  return compileForTargets(
      [&](const tkc::TargetSpec &target) {
        return *ttirs.find(target.str())->second;
      },
      opts);
}
