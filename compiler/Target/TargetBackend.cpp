//===- TargetBackend.cpp - Registry of vendor backends --------------------===//
//
// Holds the backends that backends/<vendor>/ register at start-up, by name,
// and the out-of-line destructors of the interfaces.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetBackend.h"

#include <mutex>

using namespace tkc;

TargetInfo::~TargetInfo() = default;
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
