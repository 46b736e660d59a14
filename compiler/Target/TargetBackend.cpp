//===- TargetBackend.cpp - Registry of vendor backends --------------------===//
//
// Holds the backends that backends/<vendor>/ register at start-up, keyed by
// the TargetSpec's backend kind, and the out-of-line destructors of the
// interfaces.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/TargetBackend.h"

#include <array>
#include <mutex>

using namespace tkc;

TargetInfo::~TargetInfo() = default;
TargetBackend::~TargetBackend() = default;

namespace {
/// One slot per Backend kind.
struct Registry {
  std::mutex mutex;
  std::array<std::unique_ptr<TargetBackend>, 2> backends;
};
Registry &registry() {
  static Registry instance;
  return instance;
}
} // namespace

void tkc::registerTargetBackend(Backend kind,
                                std::unique_ptr<TargetBackend> backend) {
  std::lock_guard<std::mutex> lock(registry().mutex);
  registry().backends[static_cast<unsigned>(kind)] = std::move(backend);
}

const TargetBackend *tkc::lookupTargetBackend(Backend kind) {
  std::lock_guard<std::mutex> lock(registry().mutex);
  return registry().backends[static_cast<unsigned>(kind)].get();
}
