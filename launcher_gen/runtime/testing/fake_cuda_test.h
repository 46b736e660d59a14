//===- fake_cuda_test.h - A fixture on the fake CUDA driver -----*- C++ -*-===//
//
// The fixture that tests of generated launchers share: the fake CUDA driver
// with one sm_90 device whose primary context is current, the vendor forced
// to CUDA, no autotuning environment and no tuning kept from an earlier test.
// Tests that need more (fake kernel times, argument sizes) extend SetUp.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_TEST_H
#define TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_TEST_H

#include "fake_cuda_driver.h"
#include "tkc_runtime.h"
#include "tkc_tuning_testing.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace tkc::testing {

/// One fake sm_90 device, current; CUDA forced; no tuning state or
/// TKC_AUTOTUNE* environment before or after each test.
class FakeCudaTest : public ::testing::Test {
protected:
  void SetUp() override {
    clearEnvironment();
    tkc_set_vendor(TKC_VENDOR_CUDA);
    tkc_runtime_forget_tuning_for_testing();
    fake().reset();
    fake().addDevice(9, 0);
    fake().setCurrent(fake().primaryContext(0));
  }
  void TearDown() override {
    tkc_runtime_forget_tuning_for_testing();
    tkc_set_vendor(TKC_VENDOR_AUTO);
    tkc_runtime_set_cuda_driver_for_testing(nullptr);
    clearEnvironment();
  }
  /// The fake driver the runtime calls.
  static FakeCudaDriver &fake() { return FakeCudaDriver::instance(); }

private:
  static void clearEnvironment() {
    unsetenv("TKC_VENDOR");
    unsetenv("TKC_AUTOTUNE");
    unsetenv("TKC_AUTOTUNE_FILE");
  }
};

} // namespace tkc::testing

#endif // TKC_LAUNCHER_GEN_RUNTIME_TESTING_FAKE_CUDA_TEST_H
