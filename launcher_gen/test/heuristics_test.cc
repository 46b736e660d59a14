//===- heuristics_test.cc - Heuristic dispatch of generated launchers -----===//
//
// Calls launchers generated with manifests that carry `heuristics` against
// the fake CUDA driver and checks which variant each call launched: evenk
// (two configs × EVEN_K = K % BLOCK_K == 0 × HAS_BIAS = bias is not None)
// launches the EVEN_K=True variant exactly when K % BLOCK_K == 0 for the
// config's BLOCK_K, also when autotuning times each config; pow2 (an integer
// heuristic with listed values) launches the variant of the computed value,
// reports NO_VARIANT for a value that was not compiled and a division by
// zero in the heuristic as an invalid argument naming it. Also the runtime's
// Python-flooring helpers the heuristics call.
//
//===----------------------------------------------------------------------===//
#include "evenk.h"
#include "pow2.h"

#include "testing/fake_cuda_test.h"

#include <gtest/gtest.h>

#include <string>

namespace {

class HeuristicsTest : public tkc::testing::FakeCudaTest {
protected:
  /// The image of the last launch.
  std::string lastImage() {
    return fake().launches.empty() ? "" : fake().launches.back().image;
  }

  float buffer[64] = {};
  void *x = &buffer[0];
  void *bias = &buffer[16];
  void *out = &buffer[32];
  void *stream = nullptr;
};

TEST_F(HeuristicsTest, EvenKPicksTheVariantOfThePredicate) {
  ASSERT_EQ(evenk_num_configs(), 2);
  // Config 0 (BLOCK_K = 32): K = 96 divides, K = 100 does not.
  ASSERT_EQ(evenk(stream, x, bias, out, 96), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=True HAS_BIAS=True");
  EXPECT_EQ(fake().launches.back().grid[0], 3u);
  ASSERT_EQ(evenk(stream, x, bias, out, 100), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=False HAS_BIAS=True");
  EXPECT_EQ(fake().launches.back().grid[0], 4u);
  // A null bias picks HAS_BIAS = False.
  ASSERT_EQ(evenk(stream, x, nullptr, out, 64), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=True HAS_BIAS=False");
  ASSERT_EQ(evenk(stream, x, nullptr, out, 65), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=False HAS_BIAS=False");
}

TEST_F(HeuristicsTest, EachConfigEvaluatesWithItsOwnConstexprs) {
  // K = 96: a multiple of 32 but not of 64.
  ASSERT_EQ(evenk_config(stream, 0, x, bias, out, 96), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=True HAS_BIAS=True");
  ASSERT_EQ(evenk_config(stream, 1, x, bias, out, 96), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "evenk_kernel c1 EVEN_K=False HAS_BIAS=True");
  EXPECT_EQ(fake().launches.back().grid[0], 2u);
  ASSERT_EQ(evenk_config(stream, 1, x, bias, out, 128), TKC_SUCCESS);
  EXPECT_EQ(lastImage(), "evenk_kernel c1 EVEN_K=True HAS_BIAS=True");
}

TEST_F(HeuristicsTest, AutotuningTimesEachConfigsOwnVariant) {
  fake().kernelMs = {{"evenk_kernel c0 EVEN_K=False HAS_BIAS=True", 3.0f},
                     {"evenk_kernel c1 EVEN_K=False HAS_BIAS=True", 1.0f},
                     {"evenk_kernel c0 EVEN_K=True HAS_BIAS=True", 1.0f},
                     {"evenk_kernel c1 EVEN_K=True HAS_BIAS=True", 3.0f}};
  ASSERT_EQ(tkc_set_autotune(1), TKC_SUCCESS);
  // K = 100: EVEN_K is False for both configs; config 1 is faster.
  ASSERT_EQ(evenk(stream, x, bias, out, 100), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "evenk_kernel c1 EVEN_K=False HAS_BIAS=True");
  for (const auto &launch : fake().launches)
    EXPECT_NE(launch.image.find("EVEN_K=False"), std::string::npos)
        << launch.image;
  // K = 256 (another bucket): EVEN_K is True for both; config 0 is faster.
  ASSERT_EQ(evenk(stream, x, bias, out, 256), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "evenk_kernel c0 EVEN_K=True HAS_BIAS=True");
  tkc_set_autotune(0);
}

TEST_F(HeuristicsTest, IntegerHeuristicPicksItsValue) {
  // BLOCK = max(next_power_of_2(N // D), 64).
  ASSERT_EQ(pow2(stream, x, 100, 1), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "pow2_kernel BLOCK=128");
  EXPECT_EQ(fake().launches.back().grid[0], 1u);
  ASSERT_EQ(pow2(stream, x, 100, 4), TKC_SUCCESS) << tkc_last_error();
  EXPECT_EQ(lastImage(), "pow2_kernel BLOCK=64");
  EXPECT_EQ(fake().launches.back().grid[0], 2u);
  // 1000 -> 1024, which was not compiled.
  size_t launches = fake().launches.size();
  EXPECT_EQ(pow2(stream, x, 1000, 1), TKC_ERROR_NO_VARIANT);
  EXPECT_EQ(std::string(tkc_last_error()),
            "no variant of pow2 for sm_90 (device 0) accepts these "
            "arguments; the variants need: sm_90a [BLOCK = 64 "
            "(max(next_power_of_2(N // D), 64))]; sm_90a [BLOCK = 128 "
            "(max(next_power_of_2(N // D), 64))]");
  // A division by zero in the heuristic is the caller's error.
  EXPECT_EQ(pow2(stream, x, 100, 0), TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(std::string(tkc_last_error()),
            "pow2: heuristic BLOCK (max(next_power_of_2(N // D), 64)): "
            "division by zero");
  EXPECT_EQ(fake().launches.size(), launches);
}

TEST(HeuristicHelpersTest, PythonArithmetic) {
  tkc_status st = TKC_SUCCESS;
  EXPECT_EQ(tkc_grid_floordiv(&st, 7, 2), 3);
  EXPECT_EQ(tkc_grid_floordiv(&st, -7, 2), -4);
  EXPECT_EQ(tkc_grid_floordiv(&st, 7, -2), -4);
  EXPECT_EQ(tkc_grid_floordiv(&st, -8, 2), -4);
  EXPECT_EQ(tkc_grid_floormod(&st, -7, 2), 1);
  EXPECT_EQ(tkc_grid_floormod(&st, 7, -2), -1);
  EXPECT_EQ(tkc_grid_floormod(&st, -6, 3), 0);
  EXPECT_EQ(tkc_grid_floormod(&st, INT64_MIN, -1), 0);
  EXPECT_EQ(tkc_grid_min(&st, -3, 2), -3);
  EXPECT_EQ(tkc_grid_max(&st, -3, 2), 2);
  EXPECT_EQ(tkc_grid_next_pow2(&st, 0), 0);
  EXPECT_EQ(tkc_grid_next_pow2(&st, -5), 0);
  EXPECT_EQ(tkc_grid_next_pow2(&st, 1), 1);
  EXPECT_EQ(tkc_grid_next_pow2(&st, 1000), 1024);
  EXPECT_EQ(tkc_grid_next_pow2(&st, 1024), 1024);
  EXPECT_EQ(tkc_grid_next_pow2(&st, INT64_C(1) << 62), INT64_C(1) << 62);
  EXPECT_EQ(st, TKC_SUCCESS);
  EXPECT_EQ(tkc_grid_next_pow2(&st, (INT64_C(1) << 62) + 1), 0);
  EXPECT_EQ(st, TKC_ERROR_INVALID_ARGUMENT);
  st = TKC_SUCCESS;
  EXPECT_EQ(tkc_grid_floordiv(&st, INT64_MIN, -1), 0);
  EXPECT_EQ(st, TKC_ERROR_INVALID_ARGUMENT);
  st = TKC_SUCCESS;
  EXPECT_EQ(tkc_grid_floormod(&st, 1, 0), 0);
  EXPECT_EQ(st, TKC_ERROR_INVALID_ARGUMENT);
}

} // namespace
