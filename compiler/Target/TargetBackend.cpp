//===- TargetBackend.cpp - Registry of vendor backends --------------------===//
//
// Holds the backends that backends/<vendor>/ register at start-up, by name,
// the TargetInfo of a target string, and the out-of-line members of the
// interfaces.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetBackend.h"

#include <mutex>

using namespace tkc;

TargetInfo::~TargetInfo() = default;

llvm::SmallVector<mlir::Value> TargetInfo::emitMatrixMultiply(
    mlir::OpBuilder &, mlir::Location, const MatrixInstruction &,
    llvm::ArrayRef<mlir::Value>, llvm::ArrayRef<mlir::Value>,
    llvm::ArrayRef<mlir::Value>) const {
  llvm_unreachable("emitMatrixMultiply on a target that offers no matrix "
                   "instructions");
}

llvm::SmallVector<mlir::Value> TargetInfo::loadMatrices(mlir::OpBuilder &,
                                                        mlir::Location,
                                                        mlir::Value, unsigned,
                                                        bool) const {
  llvm_unreachable("loadMatrices on a target without hasMatrixLoads()");
}
void TargetInfo::storeMatrices(mlir::OpBuilder &, mlir::Location, mlir::Value,
                               llvm::ArrayRef<mlir::Value>, bool) const {
  llvm_unreachable("storeMatrices on a target without hasMatrixStores()");
}
void TargetInfo::asyncCopy(mlir::OpBuilder &, mlir::Location, mlir::Value,
                           mlir::Value, unsigned, mlir::Value) const {
  llvm_unreachable("asyncCopy on a target without hasAsyncCopies()");
}
void TargetInfo::beginWarpgroupMma(mlir::OpBuilder &, mlir::Location) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
void TargetInfo::fenceStoresForWarpgroupMma(mlir::OpBuilder &,
                                            mlir::Location) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
llvm::SmallVector<mlir::Value>
TargetInfo::packWarpgroupAccumulators(mlir::OpBuilder &, mlir::Location,
                                      llvm::ArrayRef<mlir::Value>) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
llvm::SmallVector<mlir::Value>
TargetInfo::unpackWarpgroupAccumulators(mlir::OpBuilder &, mlir::Location,
                                        llvm::ArrayRef<mlir::Value>,
                                        mlir::Type) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
llvm::SmallVector<mlir::Value>
TargetInfo::emitWarpgroupMma(mlir::OpBuilder &, mlir::Location, mlir::Type,
                             unsigned, const WarpgroupOperand &,
                             const WarpgroupOperand &,
                             llvm::ArrayRef<mlir::Value>, bool) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
void TargetInfo::commitWarpgroupMma(mlir::OpBuilder &, mlir::Location) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}

llvm::SmallVector<mlir::Value>
TargetInfo::waitWarpgroupMma(mlir::OpBuilder &, mlir::Location, unsigned,
                             llvm::ArrayRef<mlir::Value>) const {
  llvm_unreachable("warpgroup mma on a target without hasWarpgroupMma()");
}
void TargetInfo::commitAsyncCopies(mlir::OpBuilder &, mlir::Location) const {
  llvm_unreachable("commitAsyncCopies on a target without hasAsyncCopies()");
}
void TargetInfo::waitAsyncCopies(mlir::OpBuilder &, mlir::Location,
                                 unsigned) const {
  llvm_unreachable("waitAsyncCopies on a target without hasAsyncCopies()");
}
void TargetInfo::initMemoryBarrier(mlir::OpBuilder &, mlir::Location,
                                   mlir::Value) const {
  llvm_unreachable("memory barriers on a target without hasTensorCopies()");
}
void TargetInfo::fenceBarrierInits(mlir::OpBuilder &, mlir::Location) const {
  llvm_unreachable("memory barriers on a target without hasTensorCopies()");
}
void TargetInfo::invalidateMemoryBarrier(mlir::OpBuilder &, mlir::Location,
                                         mlir::Value) const {
  llvm_unreachable("memory barriers on a target without hasTensorCopies()");
}
void TargetInfo::expectMemoryBarrierBytes(mlir::OpBuilder &, mlir::Location,
                                          mlir::Value, int64_t,
                                          mlir::Value) const {
  llvm_unreachable("memory barriers on a target without hasTensorCopies()");
}
void TargetInfo::copyTensorBox(mlir::OpBuilder &, mlir::Location, mlir::Value,
                               mlir::Value, llvm::ArrayRef<mlir::Value>,
                               mlir::Value, mlir::Value) const {
  llvm_unreachable("tensor copies on a target without hasTensorCopies()");
}
void TargetInfo::fenceSharedForTensorCopies(mlir::OpBuilder &,
                                            mlir::Location) const {
  llvm_unreachable("tensor copies on a target without hasTensorCopies()");
}
void TargetInfo::storeTensorBox(mlir::OpBuilder &, mlir::Location, mlir::Value,
                                mlir::Value, llvm::ArrayRef<mlir::Value>,
                                mlir::Value) const {
  llvm_unreachable("tensor stores on a target without hasTensorCopies()");
}
void TargetInfo::waitTensorStoreReads(mlir::OpBuilder &, mlir::Location,
                                      mlir::Value) const {
  llvm_unreachable("tensor stores on a target without hasTensorCopies()");
}
void TargetInfo::waitMemoryBarrier(mlir::OpBuilder &, mlir::Location,
                                   mlir::Value, mlir::Value) const {
  llvm_unreachable("memory barriers on a target without hasTensorCopies()");
}
void TargetInfo::markTensorMapParameter(mlir::LLVM::LLVMFuncOp,
                                        unsigned) const {
  llvm_unreachable("tensor maps on a target without hasTensorCopies()");
}
void TargetInfo::emitPrintf(mlir::OpBuilder &, mlir::Location, mlir::Value,
                            uint64_t, mlir::ValueRange) const {
  llvm_unreachable("emitPrintf on a target without hasPrintf()");
}
void TargetInfo::emitAssertFail(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value, mlir::Value, mlir::Value,
                                mlir::Value) const {
  mlir::LLVM::Trap::create(b, loc);
}
TargetBackend::~TargetBackend() = default;

namespace {
/// The registered backends, in registration order.
struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<TargetBackend>> backends;
};
Registry &registry() {
  static Registry instance;
  return instance;
}
} // namespace

void tkc::registerTargetBackend(std::unique_ptr<TargetBackend> backend) {
  registerArchitectures(backend->getName(), backend->getArchitectures());
  std::lock_guard<std::mutex> lock(registry().mutex);
  for (std::unique_ptr<TargetBackend> &slot : registry().backends)
    if (slot->getName() == backend->getName()) {
      slot = std::move(backend);
      return;
    }
  registry().backends.push_back(std::move(backend));
}

const TargetBackend *tkc::lookupTargetBackend(llvm::StringRef name) {
  std::lock_guard<std::mutex> lock(registry().mutex);
  for (const std::unique_ptr<TargetBackend> &backend : registry().backends)
    if (backend->getName() == name)
      return backend.get();
  return nullptr;
}

std::vector<const TargetBackend *> tkc::registeredTargetBackends() {
  std::lock_guard<std::mutex> lock(registry().mutex);
  std::vector<const TargetBackend *> result;
  for (const std::unique_ptr<TargetBackend> &backend : registry().backends)
    result.push_back(backend.get());
  return result;
}

llvm::Expected<std::unique_ptr<TargetInfo>>
tkc::createTargetInfo(llvm::StringRef target) {
  // No target is assumed: lowering is for the one it is given.
  if (target.empty())
    return llvm::createStringError(
        "no target given: set the pass's `target` option (supported: " +
        supportedTargetsHelp() + ")");
  llvm::Expected<TargetSpec> spec = parseTarget(target);
  if (!spec)
    return spec.takeError();
  const TargetBackend *backend = lookupTargetBackend(spec->backend);
  if (!backend)
    return llvm::createStringError("no backend is linked in for target '" +
                                   target + "'");
  return backend->createTargetInfo(*spec);
}

std::unique_ptr<TargetInfo>
tkc::createTargetInfoOrReport(llvm::StringRef target, mlir::Operation *op) {
  auto created = createTargetInfo(target);
  if (created)
    return std::move(*created);
  op->emitError() << llvm::toString(created.takeError());
  return nullptr;
}
