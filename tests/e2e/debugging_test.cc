//===- debugging_test.cc - tl.device_print and tl.device_assert on a GPU --===//
//
// Runs kernels/debugging.py through the generated C APIs. print_values
// prints 8 floats, 8 integers in hexadecimal and a scalar from 4 warps: the
// captured output must hold each element's line exactly once, in Triton's
// format. checked_copy keeps its tl.device_assert (debug mode): values under
// the limit copy as usual, and one over it stops the kernel with the
// assertion's message, checked in a child process (a failed assertion
// leaves the CUDA context unusable).
//
//===----------------------------------------------------------------------===//

#include "checked_copy.h"
#include "print_values.h"
#include "tests/e2e/gpu_test_support.h"

#include <cstdio>
#include <map>
#include <sstream>
#include <unistd.h>

namespace tkc::e2e {
namespace {

using DebuggingTest = GpuTest;

TEST_F(DebuggingTest, PrintsEachElementOnce) {
  const int n = 8;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = i + 0.5f;
  DeviceBuffer dx(*driver, n * sizeof(float));
  dx.upload(x);
  ::testing::internal::CaptureStdout();
  tkc_status status = print_values(stream(), dx.ptr(), n);
  synchronize();
  std::string output = ::testing::internal::GetCapturedStdout();
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();

  std::map<std::string, int> want;
  for (int i = 0; i < n; ++i) {
    char line[128];
    std::snprintf(line, sizeof(line), "pid (0, 0, 0) idx (%d) x: %f", i, x[i]);
    want[line] = 0;
    std::snprintf(line, sizeof(line), "pid (0, 0, 0) idx (%d) bits: 0x%08x", i,
                  3 * i);
    want[line] = 0;
  }
  want["pid (0, 0, 0) idx () n: 8"] = 0;
  std::istringstream lines(output);
  int total = 0;
  for (std::string line; std::getline(lines, line); ++total) {
    auto it = want.find(line);
    if (it == want.end())
      ADD_FAILURE() << "unexpected line: '" << line << "'";
    else
      ++it->second;
  }
  for (const auto &[line, count] : want)
    EXPECT_EQ(count, 1) << "'" << line << "'";
  EXPECT_EQ(total, static_cast<int>(want.size())) << output;
}

TEST_F(DebuggingTest, AssertionThatHoldsCopies) {
  const int n = 1000;
  std::vector<float> src = randomFloats(n, 7, -1.0f, 1.0f);
  DeviceBuffer dsrc(*driver, n * sizeof(float));
  DeviceBuffer ddst(*driver, n * sizeof(float));
  dsrc.upload(src);
  tkc_status status = checked_copy(stream(), dsrc.ptr(), ddst.ptr(), n, 1.0f);
  ASSERT_EQ(status, TKC_SUCCESS)
      << tkc_status_string(status) << ": " << tkc_last_error();
  synchronize();
  EXPECT_EQ(ddst.download<float>(n), src);
}

TEST_F(DebuggingTest, FailedAssertionStopsTheKernel) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // The element past n (masked off) would fail too; only element 500 must.
  const int n = 1000;
  std::vector<float> src = randomFloats(n + 24, 8, -1.0f, 1.0f);
  src[500] = 2.0f;
  src[n] = 5.0f;
  auto run = [&] {
    DeviceBuffer dsrc(*driver, src.size() * sizeof(float));
    DeviceBuffer ddst(*driver, n * sizeof(float));
    dsrc.upload(src);
    ::testing::internal::CaptureStdout();
    tkc_status status = checked_copy(stream(), dsrc.ptr(), ddst.ptr(), n, 1.0f);
    CUresult result =
        driver->streamSynchronize(static_cast<CUstream>(stream()));
    std::string output = ::testing::internal::GetCapturedStdout();
    std::fprintf(stderr, "launch %d, synchronize %s\n%s", int(status),
                 driver->describe("cuStreamSynchronize", result).c_str(),
                 output.c_str());
    std::fflush(stderr);
    _exit(status == TKC_SUCCESS && result == CUDA_ERROR_ASSERT ? 0 : 1);
  };
  EXPECT_EXIT(run(), ::testing::ExitedWithCode(0), "value over the limit");
}

} // namespace
} // namespace tkc::e2e
