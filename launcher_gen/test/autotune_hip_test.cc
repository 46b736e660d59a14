//===- autotune_hip_test.cc - Autotuning through HIP, fake driver --------===//
//
// Calls a launcher generated with --manifest for gfx942 only
// (inputs/inplace_hip.manifest.json: an in-place kernel with two configs and
// a restore buffer) against the fake HIP table, whose "kernels" take fixed
// fake times: autotuning times both configs with HIP events, picks the
// faster (whichever it is), restores the buffer around the timed runs, and
// frees what it allocated; with tuning off config 0 runs once.
//
//===----------------------------------------------------------------------===//
#include "inplace_hip.h"

#include "testing/fake_hip_driver.h"
#include "tkc_tuning_testing.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace {

using tkc::testing::FakeHipDriver;

class HipAutotuneTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetenv("TKC_VENDOR");
    unsetenv("TKC_AUTOTUNE");
    unsetenv("TKC_AUTOTUNE_FILE");
    tkc_runtime_forget_tuning_for_testing();
    fake().reset();
    fake().addDevice("gfx942:sramecc+:xnack-");
    // b1024 (config 1) is the faster.
    fake().kernelMs = {{"inplace_kernel c0 gfx942", 2.0f},
                       {"inplace_kernel c1 gfx942", 1.0f}};
    // The "kernel" adds 1 to every element of acc, in place.
    fake().onLaunch = [](const std::string &, void **params) {
      float *data = *static_cast<float **>(params[0]);
      int n = *static_cast<int *>(params[1]);
      for (int i = 0; i < n; ++i)
        data[i] += 1;
    };
  }
  void TearDown() override {
    tkc_runtime_forget_tuning_for_testing();
    tkc_runtime_set_hip_driver_for_testing(nullptr);
  }
  static FakeHipDriver &fake() { return FakeHipDriver::instance(); }

  void *stream = reinterpret_cast<void *>(0x42);
};

TEST_F(HipAutotuneTest, PicksTheFasterConfigAndRestoresTheBuffer) {
  float acc[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(inplace_hip(stream, acc, 8), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  ASSERT_GT(fake().launches.size(), 2u * 5u) << "each config timed";
  EXPECT_EQ(fake().launches.back().image, "inplace_kernel c1 gfx942");
  EXPECT_EQ(fake().launches.back().stream, stream);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(acc[i], i + 1) << "updated exactly once, at element " << i;
  EXPECT_GT(fake().eventsCreated, 0);
  EXPECT_EQ(fake().eventsCreated, fake().eventsDestroyed);
  EXPECT_GT(fake().allocations, 0);
  EXPECT_EQ(fake().allocations, fake().frees);

  // The same bucket again: the winner, no new tuning run.
  size_t before = fake().launches.size();
  ASSERT_EQ(inplace_hip(stream, acc, 7), TKC_SUCCESS);
  EXPECT_EQ(fake().launches.size(), before + 1);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  EXPECT_EQ(fake().launches.back().image, "inplace_kernel c1 gfx942");
}

TEST_F(HipAutotuneTest, FollowsTheTimesTheEventsReport) {
  fake().kernelMs = {{"inplace_kernel c0 gfx942", 1.0f},
                     {"inplace_kernel c1 gfx942", 3.0f}};
  float acc[8] = {0};
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(inplace_hip(stream, acc, 8), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  EXPECT_EQ(fake().launches.back().image, "inplace_kernel c0 gfx942");
}

TEST_F(HipAutotuneTest, TuningOffRunsConfigZeroOnce) {
  float acc[8] = {0};
  ASSERT_EQ(inplace_hip(stream, acc, 8), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 0);
  ASSERT_EQ(fake().launches.size(), 1u);
  EXPECT_EQ(fake().launches.back().image, "inplace_kernel c0 gfx942");
  EXPECT_EQ(acc[0], 1);
  EXPECT_EQ(fake().eventsCreated, 0);
}

} // namespace
