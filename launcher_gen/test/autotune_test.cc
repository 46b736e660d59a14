//===- autotune_test.cc - Config choice of manifest launchers, fake driver ===//
//
// Calls launchers that tkc-launcher-gen generated with --manifest from
// inputs/ against the fake CUDA driver, whose "kernels" take fixed fake times,
// and checks the config each call ran: key buckets and the tuned table (tiled:
// three configs × aligned/generic on sm_90a), the generic fallback for an
// unaligned pointer, the tuned table over autotuning, autotuning's pick and
// its persisted file (TKC_AUTOTUNE_FILE), one tuning run for 32 threads, the
// tuned_file a manifest names (tiled_from_file), and the buffers an in-place
// kernel restores (inplace) or that keep it from being timed
// (inplace_unrestored, aliased arguments).
//
//===----------------------------------------------------------------------===//
#include "inplace.h"
#include "inplace_unrestored.h"
#include "tiled.h"
#include "tiled_from_file.h"

#include "testing/fake_cuda_test.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

class AutotuneTest : public tkc::testing::FakeCudaTest {
protected:
  void SetUp() override {
    FakeCudaTest::SetUp();
    // b64 is slow, b128 fastest, b256 in between; inplace: b1024 fastest.
    fake().kernelMs = {
        {"tiled_kernel c0 aligned", 3.0f}, {"tiled_kernel c0 generic", 3.0f},
        {"tiled_kernel c1 aligned", 1.0f}, {"tiled_kernel c1 generic", 1.0f},
        {"tiled_kernel c2 aligned", 2.0f}, {"tiled_kernel c2 generic", 2.0f},
        {"inplace_kernel c0", 2.0f},       {"inplace_kernel c1", 1.0f}};
  }

  /// The image of the last launch.
  std::string lastImage() {
    return fake().launches.empty() ? "" : fake().launches.back().image;
  }

  alignas(16) float buffer[64] = {};
  void *x = &buffer[0];
  void *out = &buffer[32];
  void *stream = reinterpret_cast<void *>(0x42);
};

TEST_F(AutotuneTest, Buckets) {
  EXPECT_EQ(tkc_bucket_pow2(1000), 1024);
  EXPECT_EQ(tkc_bucket_pow2(1024), 1024);
  EXPECT_EQ(tkc_bucket_pow2(1025), 2048);
  EXPECT_EQ(tkc_bucket_pow2(1), 1);
  EXPECT_EQ(tkc_bucket_pow2(0), 0);
  EXPECT_EQ(tkc_bucket_pow2(-5), 0);
  EXPECT_EQ(tkc_bucket_pow2(INT64_MAX), INT64_MAX);
  const int64_t bounds[] = {1024, 4096, 16384};
  EXPECT_EQ(tkc_bucket_bounds(1, bounds, 3), 1024);
  EXPECT_EQ(tkc_bucket_bounds(4096, bounds, 3), 4096);
  EXPECT_EQ(tkc_bucket_bounds(4097, bounds, 3), 16384);
  EXPECT_EQ(tkc_bucket_bounds(20000, bounds, 3), 20000);
}

TEST_F(AutotuneTest, TunedTablePicksByBucket) {
  EXPECT_EQ(tiled_num_configs(), 3);
  // M 1000 -> 1024 (pow2), N 2048 -> 4096 (bounds): the entry says b256.
  ASSERT_EQ(tiled(stream, x, out, 1000, 2048), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "tiled_kernel c2 aligned");
  // M 4000 -> 4096, N 10000 -> 16384: b128.
  ASSERT_EQ(tiled(stream, x, out, 4000, 10000), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c1 aligned");
  // M 1025 -> 2048: no entry, autotuning off: config 0.
  ASSERT_EQ(tiled(stream, x, out, 1025, 2048), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c0 aligned");
  EXPECT_EQ(fake().launches.size(), 3u);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 0);
  // The choice alone, without a launch.
  int config = -1;
  ASSERT_EQ(tiled_choose_config(stream, x, out, 1000, 2048, &config),
            TKC_SUCCESS);
  EXPECT_EQ(config, 2);
  EXPECT_EQ(fake().launches.size(), 3u);
}

TEST_F(AutotuneTest, UnalignedPointerFallsBackToGeneric) {
  void *unaligned = &buffer[1];
  ASSERT_EQ(tiled(stream, unaligned, out, 1000, 2048), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c2 generic");
  // N not divisible by 16 also takes the generic variant.
  ASSERT_EQ(tiled(stream, x, out, 1000, 2047), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c2 generic");
}

TEST_F(AutotuneTest, TunedTableOverridesAutotuning) {
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(tiled(stream, x, out, 1000, 2048), TKC_SUCCESS);
  EXPECT_EQ(fake().launches.size(), 1u) << "nothing was timed";
  EXPECT_EQ(lastImage(), "tiled_kernel c2 aligned");
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 0);
}

TEST_F(AutotuneTest, AutotuningPicksTheFastestOncePerBucket) {
  setenv("TKC_AUTOTUNE", "1", 1);
  ASSERT_EQ(tiled(stream, x, out, 2000, 5008), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  EXPECT_GT(fake().launches.size(), 3u * 5u) << "each config timed";
  EXPECT_EQ(lastImage(), "tiled_kernel c1 aligned");
  EXPECT_EQ(fake().eventsCreated, fake().eventsDestroyed);
  EXPECT_EQ(fake().allocations, fake().frees);
  // The same buckets (M 2048, N 16384) again: no new tuning run.
  size_t before = fake().launches.size();
  ASSERT_EQ(tiled(stream, x, out, 1900, 6016), TKC_SUCCESS);
  EXPECT_EQ(fake().launches.size(), before + 1);
  EXPECT_EQ(lastImage(), "tiled_kernel c1 aligned");
  // Another bucket is tuned on its own.
  ASSERT_EQ(tiled(stream, x, out, 8000, 5008), TKC_SUCCESS);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 2);
  // Turned off by the API over the environment: config 0 again.
  ASSERT_EQ(tkc_set_autotune(0), TKC_SUCCESS);
  ASSERT_EQ(tiled(stream, x, out, 100000, 5008), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c0 aligned");
  EXPECT_EQ(tkc_set_autotune(2), TKC_ERROR_INVALID_ARGUMENT);
}

TEST_F(AutotuneTest, AliasedArgumentsAreNeverTimed) {
  // x is read and out written: passing one buffer as both would let the
  // timed runs overwrite the input.
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(tiled(stream, x, x, 2000, 5008), TKC_SUCCESS);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 0);
  EXPECT_EQ(lastImage(), "tiled_kernel c0 aligned");
}

TEST_F(AutotuneTest, ResultsArePersistedAsATunedTable) {
  std::string path = ::testing::TempDir() + "/tuned.json";
  std::remove(path.c_str());
  setenv("TKC_AUTOTUNE_FILE", path.c_str(), 1);
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(tiled(stream, x, out, 2000, 5008), TKC_SUCCESS);
  std::vector<float> acc(1000);
  ASSERT_EQ(inplace(stream, acc.data(), 1000), TKC_SUCCESS) << tkc_last_error();
  std::ifstream file(path);
  ASSERT_TRUE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(),
            "{\"tuned\": [\n"
            "    {\"kernel\": \"tiled\", \"arch\": \"sm_90a\", \"key\": "
            "{\"M\": 2048, \"N\": 16384}, \"config\": \"b128\", \"time_us\": "
            "1000.00},\n"
            "    {\"kernel\": \"inplace\", \"arch\": \"sm_90a\", \"key\": "
            "{\"n\": 1024}, \"config\": \"b1024\", \"time_us\": 1000.00}\n"
            "]}\n");
}

TEST_F(AutotuneTest, TunedFileChoosesWithTuningOff) {
  // inputs/tiled.tuned.json: buckets M 2048, N 8192 (pow2) -> b128.
  ASSERT_EQ(tiled_from_file(stream, x, out, 2000, 8000), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c1 aligned");
  ASSERT_EQ(tiled_from_file(stream, x, out, 2000, 9008), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "tiled_kernel c0 aligned");
}

TEST_F(AutotuneTest, OneTuningRunFor32ConcurrentFirstCalls) {
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  std::vector<std::thread> threads;
  std::vector<tkc_status> results(32, TKC_ERROR_DRIVER);
  for (int t = 0; t < 32; ++t)
    threads.emplace_back([&, t] {
      fake().setCurrent(fake().primaryContext(0));
      results[t] = tiled(stream, x, out, 3000, 3008);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (tkc_status status : results)
    EXPECT_EQ(status, TKC_SUCCESS);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  // The 32 real launches all ran the winner; the tuning run's launches came
  // first (tuning holds the lock, the others wait for its result).
  size_t winners = 0;
  for (const auto &launch : fake().launches)
    winners += launch.image == "tiled_kernel c1 aligned";
  size_t timed = fake().launches.size() - 32;
  EXPECT_GE(winners, 32u);
  EXPECT_GT(timed, 0u);
  for (size_t i = timed; i < fake().launches.size(); ++i)
    EXPECT_EQ(fake().launches[i].image, "tiled_kernel c1 aligned");
}

TEST_F(AutotuneTest, RestoredBuffersSurviveTuning) {
  // The fake "kernel" adds 1 to every element of acc, as an in-place update.
  float acc[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  fake().onLaunch = [](const std::string &, void **params) {
    float *data = *static_cast<float **>(params[0]);
    int n = *static_cast<int *>(params[1]);
    for (int i = 0; i < n; ++i)
      data[i] += 1;
  };
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(inplace(stream, acc, 8), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 1);
  EXPECT_EQ(lastImage(), "inplace_kernel c1");
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(acc[i], i + 1) << "updated exactly once, at element " << i;
  EXPECT_EQ(fake().allocations, fake().frees);
}

TEST_F(AutotuneTest, UnrestoredInPlaceKernelIsNeverTimed) {
  float acc[8] = {0};
  fake().onLaunch = [](const std::string &, void **params) {
    float *data = *static_cast<float **>(params[0]);
    data[0] += 1;
  };
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  ASSERT_EQ(inplace_unrestored(stream, acc, 8), TKC_SUCCESS);
  EXPECT_EQ(tkc_runtime_tuning_runs_for_testing(), 0);
  EXPECT_EQ(fake().launches.size(), 1u);
  EXPECT_EQ(lastImage(), "inplace_kernel c0");
  EXPECT_EQ(acc[0], 1);
}

} // namespace
