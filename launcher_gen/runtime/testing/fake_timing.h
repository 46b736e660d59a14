//===- fake_timing.h - Fake launch times, events and memory -----*- C++ -*-===//
//
// The part of a GPU that autotuning sees, shared by the fake CUDA driver and
// the fake HIP: each module image takes a fixed fake time per launch, an
// event remembers how many launches preceded it, the time between two events
// is the sum of the launches in between, and device memory is host memory.
// The fakes call these under their own mutex.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_TIMING_H
#define TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_TIMING_H

#include <cstddef>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace tkc::testing {

/// Fake launch times, events and device memory (a base of both fakes).
class FakeTiming {
public:
  /// The time a launch of a module takes, by image text (0 if absent).
  std::map<std::string, float> kernelMs;
  /// Called at each launch with its kernel arguments (under no lock), e.g.
  /// to update a buffer in place as the kernel would.
  std::function<void(const std::string &image, void **params)> onLaunch;
  /// Allocations are served from the host (malloc) up to this size and fail
  /// above it; device-to-device copies are memcpy.
  size_t maxAllocBytes = 1 << 20;
  int allocations = 0;
  int frees = 0;
  int eventsCreated = 0;
  int eventsDestroyed = 0;

  /// A new event (recorded after no launch yet).
  void *createEvent() {
    ++eventsCreated;
    return new Event;
  }
  void destroyEvent(void *event) {
    ++eventsDestroyed;
    delete static_cast<Event *>(event);
  }
  /// Records `event` after the first `launchCount` launches.
  static void recordEvent(void *event, size_t launchCount) {
    static_cast<Event *>(event)->launchCount = launchCount;
  }
  /// The summed kernelMs of the launches between two recorded events;
  /// `launches` are the fake's launch records (each with an `image`).
  template <typename Launch>
  float elapsedMs(void *start, void *end,
                  const std::vector<Launch> &launches) const {
    float ms = 0;
    for (size_t i = static_cast<Event *>(start)->launchCount;
         i < static_cast<Event *>(end)->launchCount; ++i) {
      auto it = kernelMs.find(launches[i].image);
      if (it != kernelMs.end())
        ms += it->second;
    }
    return ms;
  }

  /// `bytes` of "device" memory, or null when over maxAllocBytes.
  void *allocate(size_t bytes) {
    if (bytes > maxAllocBytes)
      return nullptr;
    ++allocations;
    return std::malloc(bytes ? bytes : 1);
  }
  void release(void *pointer) {
    ++frees;
    std::free(pointer);
  }

  /// Forgets the times, the hook and the counts.
  void resetTiming() {
    kernelMs.clear();
    onLaunch = nullptr;
    maxAllocBytes = 1 << 20;
    allocations = frees = eventsCreated = eventsDestroyed = 0;
  }

private:
  struct Event {
    /// How many launches had been made when it was recorded.
    size_t launchCount = 0;
  };
};

} // namespace tkc::testing

#endif // TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_TIMING_H
