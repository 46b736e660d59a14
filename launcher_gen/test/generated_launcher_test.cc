//===- generated_launcher_test.cc - Generated launchers, fake driver ------===//
//
// Calls the C API that tkc-launcher-gen generated from inputs/ (vector_add:
// sm_80 generic, sm_90a specialized and sm_90a generic; scale: two configs
// with an omitted ==1 parameter and a hidden argument; mixed_add: the same
// kernel for NVIDIA and AMD in one launcher; all with their binaries in zstd
// frames, and vector_add_plain as vector_add with --no-compress) against the
// fake CUDA and HIP drivers, and checks which binary each call launched and
// how, and that the driver got each binary's original bytes.
//
//===----------------------------------------------------------------------===//
#include "mixed_add.h"
#include "scale.h"
#include "vector_add.h"
#include "vector_add_plain.h"

#include "testing/fake_cuda_driver.h"
#include "testing/fake_hip_driver.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace {

using tkc::testing::FakeCudaDriver;
using tkc::testing::FakeHipDriver;

class GeneratedLauncherTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetenv("TKC_VENDOR");
    tkc_set_vendor(TKC_VENDOR_AUTO);
    fake().reset();
    hip().reset();
  }
  void TearDown() override {
    tkc_set_vendor(TKC_VENDOR_AUTO);
    tkc_runtime_set_cuda_driver_for_testing(nullptr);
    tkc_runtime_set_hip_driver_for_testing(nullptr);
  }
  static FakeCudaDriver &fake() { return FakeCudaDriver::instance(); }
  static FakeHipDriver &hip() { return FakeHipDriver::instance(); }

  void useDevice(int major, int minor) {
    fake().addDevice(major, minor);
    fake().setCurrent(fake().primaryContext(0));
  }

  /// The bytes of inputs/`file`, one of the binaries the launchers embed.
  static std::string inputBytes(const std::string &file) {
    std::ifstream in("launcher_gen/test/inputs/" + file, std::ios::binary);
    EXPECT_TRUE(in.good()) << file;
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  /// The driver got `file`'s bytes, exactly, at `data`.
  static void expectInputBytes(const void *data, const std::string &file) {
    std::string expected = inputBytes(file);
    ASSERT_NE(data, nullptr) << file;
    ASSERT_FALSE(expected.empty()) << file;
    EXPECT_EQ(std::string(static_cast<const char *>(data), expected.size()),
              expected)
        << file;
  }

  /// The image text of the only launch so far.
  std::string launchedImage() {
    EXPECT_EQ(fake().launches.size(), 1u);
    return fake().launches.empty() ? "" : fake().launches.back().image;
  }

  template <typename T>
  static T argAs(const std::vector<std::vector<uint8_t>> &args, size_t i) {
    T value;
    std::memcpy(&value, args[i].data(), sizeof value);
    return value;
  }

  alignas(16) float buffer[64];
  void *x = &buffer[0];
  void *y = &buffer[16];
  void *out = &buffer[32];
  void *stream = reinterpret_cast<void *>(0x42);
};

TEST_F(GeneratedLauncherTest, Hopper90AlignedPicksSpecializedSm90a) {
  useDevice(9, 0);
  fake().argSizes = {8, 8, 8, 4};
  ASSERT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  EXPECT_EQ(launchedImage(), "sm_90a specialized add_kernel");
  const auto &launch = fake().launches[0];
  EXPECT_EQ(launch.entry, "add_kernel");
  EXPECT_EQ(launch.grid[0], 4u); // cdiv(4096, BLOCK = 1024)
  EXPECT_EQ(launch.grid[1], 1u);
  EXPECT_EQ(launch.grid[2], 1u);
  EXPECT_EQ(launch.block[0], 128u);
  EXPECT_EQ(launch.sharedBytes, 0u);
  EXPECT_EQ(launch.stream, stream);
  EXPECT_EQ(argAs<void *>(launch.args, 0), x);
  EXPECT_EQ(argAs<void *>(launch.args, 1), y);
  EXPECT_EQ(argAs<void *>(launch.args, 2), out);
  EXPECT_EQ(argAs<int32_t>(launch.args, 3), 4096);
}

TEST_F(GeneratedLauncherTest, UnalignedPointerFallsBackToGeneric) {
  useDevice(9, 0);
  fake().argSizes = {8, 8, 8, 4, 4};
  void *unaligned = &buffer[1];
  ASSERT_EQ(vector_add(stream, unaligned, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  EXPECT_EQ(launchedImage(), "sm_90a generic add_kernel");
  const auto &launch = fake().launches[0];
  EXPECT_EQ(argAs<void *>(launch.args, 0), unaligned);
  EXPECT_EQ(argAs<int32_t>(launch.args, 4), 1); // stride is passed
}

TEST_F(GeneratedLauncherTest, StrideNotOneFallsBackToGeneric) {
  useDevice(9, 0);
  fake().argSizes = {8, 8, 8, 4, 4};
  ASSERT_EQ(vector_add(stream, x, y, out, 4096, 2), TKC_SUCCESS);
  EXPECT_EQ(launchedImage(), "sm_90a generic add_kernel");
  EXPECT_EQ(argAs<int32_t>(fake().launches[0].args, 4), 2);
}

TEST_F(GeneratedLauncherTest, SizeNotDivisibleFallsBackToGeneric) {
  useDevice(9, 0);
  ASSERT_EQ(vector_add(stream, x, y, out, 1000, 1), TKC_SUCCESS);
  EXPECT_EQ(launchedImage(), "sm_90a generic add_kernel");
  EXPECT_EQ(fake().launches[0].grid[0], 1u);
}

TEST_F(GeneratedLauncherTest, Ampere86PicksSm80) {
  useDevice(8, 6);
  ASSERT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_SUCCESS);
  EXPECT_EQ(launchedImage(), "sm_80 generic add_kernel");
}

TEST_F(GeneratedLauncherTest, Turing75HasNoVariant) {
  useDevice(7, 5);
  EXPECT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_ERROR_NO_VARIANT);
  EXPECT_STREQ(tkc_last_error(),
               "no variant of vector_add runs on sm_75 (device 0); it was "
               "compiled for: sm_90a, sm_80");
  EXPECT_TRUE(fake().launches.empty());
}

TEST_F(GeneratedLauncherTest, EmptyAndNegativeGrids) {
  useDevice(9, 0);
  EXPECT_EQ(vector_add(stream, x, y, out, 0, 1), TKC_SUCCESS);
  EXPECT_EQ(vector_add(stream, x, y, out, -5000, 1),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tkc_last_error()).find("grid (-4, 1, 1)"),
            std::string::npos)
      << tkc_last_error();
  EXPECT_TRUE(fake().launches.empty());
  EXPECT_TRUE(fake().moduleLoads.empty());
}

TEST_F(GeneratedLauncherTest, ConfigsAreChecked) {
  useDevice(9, 0);
  EXPECT_EQ(vector_add_num_configs(), 1);
  EXPECT_EQ(vector_add_config(stream, 0, x, y, out, 4096, 1), TKC_SUCCESS);
  EXPECT_EQ(vector_add_config(stream, 1, x, y, out, 4096, 1),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(tkc_last_error(),
               "vector_add: config 1 is out of range (the kernel has 1)");
  EXPECT_EQ(vector_add_config(stream, -1, x, y, out, 4096, 1),
            TKC_ERROR_INVALID_ARGUMENT);
}

TEST_F(GeneratedLauncherTest, PreloadLoadsWhatRunsOnTheDevice) {
  useDevice(9, 0);
  ASSERT_EQ(vector_add_preload(0), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(fake().moduleLoads.size(), 2u);
  EXPECT_EQ(fake().moduleLoads[0].image, "sm_90a specialized add_kernel");
  EXPECT_EQ(fake().moduleLoads[1].image, "sm_90a generic add_kernel");
  ASSERT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_SUCCESS);
  ASSERT_EQ(vector_add(stream, &buffer[1], y, out, 4096, 1), TKC_SUCCESS);
  EXPECT_EQ(fake().moduleLoads.size(), 2u);
  EXPECT_EQ(fake().launches.size(), 2u);
  EXPECT_EQ(vector_add_preload(3), TKC_ERROR_INVALID_ARGUMENT);
}

TEST_F(GeneratedLauncherTest, PreloadOnOldDeviceSaysWhy) {
  useDevice(7, 0);
  EXPECT_EQ(vector_add_preload(0), TKC_ERROR_NO_VARIANT);
  EXPECT_NE(std::string(tkc_last_error()).find("sm_70"), std::string::npos);
}

TEST_F(GeneratedLauncherTest, NoDriver) {
  tkc_runtime_set_cuda_driver_for_testing(nullptr);
  tkc_runtime_set_cuda_library_for_testing("libtkc-no-such-driver.so.1");
  EXPECT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_ERROR_NO_DRIVER);
  EXPECT_EQ(vector_add_preload(0), TKC_ERROR_NO_DRIVER);
  tkc_runtime_set_cuda_library_for_testing(nullptr);
}

TEST_F(GeneratedLauncherTest, ScaleConfigsGridAndHiddenArgument) {
  useDevice(8, 0);
  EXPECT_EQ(scale_num_configs(), 2);
  fake().argSizes = {8, 8, 8, 4, 1, 12};
  // Config 0: BLOCK_M = 128, 4 warps, 64 KiB of shared memory.
  ASSERT_EQ(scale(stream, x, 1000, 16, 2.5f, 3), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(fake().launches.size(), 1u);
  const auto &launch = fake().launches[0];
  EXPECT_EQ(launch.image, "config0 scale_kernel");
  EXPECT_EQ(launch.grid[0], 8u); // cdiv(1000, 128)
  EXPECT_EQ(launch.grid[1], 2u); // 16 % 3 + one (== 1)
  EXPECT_EQ(launch.grid[2], 3u); // int
  EXPECT_EQ(launch.block[0], 128u);
  EXPECT_EQ(launch.sharedBytes, 65536u);
  ASSERT_EQ(fake().functionAttributes.size(), 1u);
  EXPECT_EQ(argAs<void *>(launch.args, 0), x);
  EXPECT_EQ(argAs<int64_t>(launch.args, 1), 1000);
  EXPECT_EQ(argAs<uint64_t>(launch.args, 2), 16u);
  EXPECT_EQ(argAs<float>(launch.args, 3), 2.5f);
  EXPECT_EQ(argAs<uint8_t>(launch.args, 4), 3u);
  EXPECT_EQ(launch.args[5], std::vector<uint8_t>(12, 0));
  // Config 1: BLOCK_M = 64, 8 warps.
  ASSERT_EQ(scale_config(stream, 1, x, 1000, 16, 2.5f, 1), TKC_SUCCESS);
  ASSERT_EQ(fake().launches.size(), 2u);
  EXPECT_EQ(fake().launches[1].image, "config1 scale_kernel");
  EXPECT_EQ(fake().launches[1].grid[0], 16u); // cdiv(1000, 64)
  EXPECT_EQ(fake().launches[1].block[0], 256u);
}

TEST_F(GeneratedLauncherTest, ScaleWithoutAGenericVariantSaysWhy) {
  useDevice(8, 0);
  EXPECT_EQ(scale(stream, x, 1000, 3, 1.0f, 1), TKC_ERROR_NO_VARIANT);
  EXPECT_STREQ(tkc_last_error(),
               "no variant of scale for sm_80 (device 0) accepts these "
               "arguments; the variants need: sm_80 [u % 8 == 0]");
}

//===----------------------------------------------------------------------===//
// mixed_add: NVIDIA and AMD variants in one launcher
//===----------------------------------------------------------------------===//

TEST_F(GeneratedLauncherTest, MixedOnMi250PicksGfx90a) {
  hip().addDevice("gfx90a:sramecc+:xnack-");
  hip().argSizes = {8, 8, 8, 4, 4};
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(hip().launches.size(), 1u);
  const auto &launch = hip().launches[0];
  EXPECT_EQ(launch.image, "gfx90a generic add_kernel");
  EXPECT_EQ(launch.entry, "add_kernel");
  EXPECT_EQ(launch.grid[0], 2u); // cdiv(4096, BLOCK = 2048 on AMD)
  EXPECT_EQ(launch.block[0], 256u);
  EXPECT_EQ(launch.stream, stream);
  EXPECT_EQ(argAs<void *>(launch.args, 0), x);
  EXPECT_EQ(argAs<void *>(launch.args, 1), y);
  EXPECT_EQ(argAs<void *>(launch.args, 2), out);
  EXPECT_EQ(argAs<int32_t>(launch.args, 3), 4096);
  EXPECT_EQ(argAs<int32_t>(launch.args, 4), 1); // generic: stride passed
  EXPECT_TRUE(fake().launches.empty());
}

TEST_F(GeneratedLauncherTest, MixedOnMi300PicksSpecializedGfx942) {
  hip().addDevice("gfx942:sramecc+:xnack-");
  hip().argSizes = {8, 8, 8, 4};
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(hip().launches.size(), 1u);
  EXPECT_EQ(hip().launches[0].image, "gfx942 specialized add_kernel");
  EXPECT_EQ(argAs<int32_t>(hip().launches[0].args, 3), 4096);
  // Unaligned: the generic gfx942 code object.
  ASSERT_EQ(mixed_add(stream, &buffer[1], y, out, 4096, 1), TKC_SUCCESS);
  ASSERT_EQ(hip().launches.size(), 2u);
  EXPECT_EQ(hip().launches[1].image, "gfx942 generic add_kernel");
}

TEST_F(GeneratedLauncherTest, MixedOnRdna2HasNoVariant) {
  hip().addDevice("gfx1030");
  EXPECT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_ERROR_NO_VARIANT);
  EXPECT_STREQ(tkc_last_error(),
               "no variant of mixed_add runs on gfx1030 (device 0); it was "
               "compiled for: sm_90a, gfx942, sm_80, gfx90a");
  EXPECT_EQ(mixed_add_preload(0), TKC_ERROR_NO_VARIANT);
  EXPECT_TRUE(hip().launches.empty());
  EXPECT_TRUE(hip().moduleLoads.empty());
}

TEST_F(GeneratedLauncherTest, MixedPrefersCudaWhenBothHaveDevices) {
  useDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS);
  EXPECT_EQ(launchedImage(), "sm_90a specialized add_kernel");
  EXPECT_EQ(fake().launches[0].grid[0], 4u); // BLOCK = 1024 on NVIDIA
  EXPECT_TRUE(hip().launches.empty());
}

TEST_F(GeneratedLauncherTest, MixedForcedToHipByEnvironment) {
  useDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  setenv("TKC_VENDOR", "hip", 1);
  tkc_runtime_set_hip_driver_for_testing(FakeHipDriver::table()); // re-read
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(hip().launches.size(), 1u);
  EXPECT_EQ(hip().launches[0].image, "gfx942 specialized add_kernel");
  EXPECT_TRUE(fake().launches.empty());
  unsetenv("TKC_VENDOR");
}

TEST_F(GeneratedLauncherTest, MixedForcedByApi) {
  useDevice(8, 6);
  hip().addDevice("gfx90a:sramecc+:xnack-");
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_HIP), TKC_SUCCESS);
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS);
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_CUDA), TKC_SUCCESS);
  ASSERT_EQ(mixed_add(stream, x, y, out, 4096, 1), TKC_SUCCESS);
  ASSERT_EQ(hip().launches.size(), 1u);
  EXPECT_EQ(hip().launches[0].image, "gfx90a generic add_kernel");
  EXPECT_EQ(launchedImage(), "sm_80 generic add_kernel");
  // A CUDA-only launcher cannot be forced onto AMD.
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_HIP), TKC_SUCCESS);
  EXPECT_EQ(vector_add(stream, x, y, out, 4096, 1), TKC_ERROR_NO_VARIANT);
  EXPECT_NE(std::string(tkc_last_error()).find("compiled only for CUDA"),
            std::string::npos)
      << tkc_last_error();
}

TEST_F(GeneratedLauncherTest, MixedPreloadOnAmdLoadsOnlyItsCodeObjects) {
  hip().addDevice("gfx90a:sramecc+:xnack-");
  hip().addDevice("gfx942:sramecc+:xnack-");
  ASSERT_EQ(mixed_add_preload(1), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(hip().moduleLoads.size(), 2u);
  EXPECT_EQ(hip().moduleLoads[0].image, "gfx942 specialized add_kernel");
  EXPECT_EQ(hip().moduleLoads[1].image, "gfx942 generic add_kernel");
  EXPECT_EQ(hip().moduleLoads[0].device, 1);
  EXPECT_EQ(hip().current(), 0);
  EXPECT_TRUE(fake().moduleLoads.empty());
}

TEST_F(GeneratedLauncherTest, CompressedCubinsReachTheDriverUnchanged) {
  useDevice(9, 0);
  ASSERT_EQ(vector_add_preload(0), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(fake().moduleLoads.size(), 2u);
  expectInputBytes(fake().moduleLoads[0].data, "add.sm_90a.cubin");
  expectInputBytes(fake().moduleLoads[1].data, "add.sm_90a.generic.cubin");
  // Another context reads the same decompressed bytes.
  fake().addDevice(8, 6);
  ASSERT_EQ(vector_add_preload(1), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(fake().moduleLoads.size(), 3u);
  expectInputBytes(fake().moduleLoads[2].data, "add.sm_80.cubin");
}

TEST_F(GeneratedLauncherTest, UncompressedCubinsReachTheDriverUnchanged) {
  useDevice(8, 0);
  ASSERT_EQ(vector_add_plain(stream, x, y, out, 4096, 1), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(fake().moduleLoads.size(), 1u);
  expectInputBytes(fake().moduleLoads[0].data, "add.sm_80.cubin");
  EXPECT_EQ(launchedImage(), "sm_80 generic add_kernel");
}

TEST_F(GeneratedLauncherTest, CompressedCodeObjectsReachHipUnchanged) {
  // HIP modules are cached per device ordinal for the process: devices 4
  // and 5 are ones no other test loads on.
  for (int i = 0; i < 4; ++i)
    hip().addDevice("gfx1030");
  hip().addDevice("gfx90a:sramecc+:xnack-");
  hip().addDevice("gfx942:sramecc+:xnack-");
  ASSERT_EQ(mixed_add_preload(4), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(mixed_add_preload(5), TKC_SUCCESS) << tkc_last_error();
  ASSERT_EQ(hip().moduleLoads.size(), 3u);
  expectInputBytes(hip().moduleLoads[0].data, "add.gfx90a.hsaco");
  expectInputBytes(hip().moduleLoads[1].data, "add.gfx942.hsaco");
  expectInputBytes(hip().moduleLoads[2].data, "add.gfx942.generic.hsaco");
  EXPECT_TRUE(fake().moduleLoads.empty());
}

TEST_F(GeneratedLauncherTest, MixedOneLoadPerDeviceUnder32Threads) {
  // HIP modules belong to a device ordinal for the life of the process, and
  // earlier tests loaded onto devices 0 and 1: use fresh ordinals 2 and 3.
  hip().addDevice("gfx1030");
  hip().addDevice("gfx1030");
  hip().addDevice("gfx942:sramecc+:xnack-");
  hip().addDevice("gfx942:sramecc+:xnack-");
  hip().moduleLoadDelayMs = 20;
  std::vector<std::thread> threads;
  std::vector<tkc_status> results(32, TKC_ERROR_DRIVER);
  for (int i = 0; i < 32; ++i)
    threads.emplace_back([&, i] {
      hip().setCurrent(2 + i % 2);
      results[i] = mixed_add(stream, x, y, out, 4096, 1);
    });
  for (auto &thread : threads)
    thread.join();
  for (tkc_status status : results)
    EXPECT_EQ(status, TKC_SUCCESS);
  ASSERT_EQ(hip().moduleLoads.size(), 2u);
  EXPECT_EQ(hip().moduleLoads[0].device + hip().moduleLoads[1].device, 5);
  EXPECT_EQ(hip().launches.size(), 32u);
}

} // namespace
