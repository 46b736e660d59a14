//===- hip_runtime_test.cc - The AMD path against fake drivers ------------===//
//
// Tests the tkc runtime's HIP dispatch with no GPU, against the fake HIP
// (and, for the vendor choice, the fake CUDA driver): code-object choice by
// the ISA part of gcnArchName, NO_VARIANT for an ISA nothing was built for,
// the launch parameters HIP sees, one module load per (variant, device)
// under 32 threads, preloading another device, the automatic vendor choice
// and forcing it with TKC_VENDOR or tkc_set_vendor(), and HIP failures.
//
//===----------------------------------------------------------------------===//
#include "tkc_cuda_driver.h"
#include "tkc_hip_driver.h"
#include "tkc_runtime.h"

#include "testing/fake_cuda_driver.h"
#include "testing/fake_hip_driver.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using tkc::testing::FakeCudaDriver;
using tkc::testing::FakeHipDriver;

/// A variant over a text image that names its entry ("gfx90a add_kernel").
struct TestVariant {
  TestVariant(tkc_backend backend, const char *arch, const char *image,
              unsigned threads = 256, unsigned shared = 0,
              unsigned maxBlocksPerSm = 0)
      : state{nullptr} {
    int major = 0, minor = 0, specific = 0;
    if (backend == TKC_BACKEND_CUDA) { // "sm_90a" style names only
      major = arch[3] - '0';
      minor = arch[4] - '0';
      specific = arch[5] == 'a';
    }
    variant = {backend,
               arch,
               major,
               minor,
               specific,
               reinterpret_cast<const unsigned char *>(image),
               std::strlen(image) + 1,
               "add_kernel",
               threads,
               shared,
               maxBlocksPerSm,
               "",
               &state};
  }
  tkc_variant_state state;
  tkc_variant variant;
};

constexpr unsigned kBoth = TKC_BACKEND_CUDA | TKC_BACKEND_HIP;

class HipRuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetenv("TKC_VENDOR");
    tkc_set_vendor(TKC_VENDOR_AUTO);
    cuda().reset();
    hip().reset();
  }
  void TearDown() override {
    unsetenv("TKC_VENDOR");
    tkc_set_vendor(TKC_VENDOR_AUTO);
    tkc_runtime_set_cuda_driver_for_testing(nullptr);
    tkc_runtime_set_hip_driver_for_testing(nullptr);
  }
  static FakeCudaDriver &cuda() { return FakeCudaDriver::instance(); }
  static FakeHipDriver &hip() { return FakeHipDriver::instance(); }

  /// Sets TKC_VENDOR and makes the runtime read it again.
  static void setEnvVendor(const char *value) {
    setenv("TKC_VENDOR", value, 1);
    tkc_runtime_set_hip_driver_for_testing(FakeHipDriver::table());
  }

  /// Selects among all five variants for the current device of the vendor
  /// chosen for `backends`; returns the chosen arch or the status string.
  std::string pick(unsigned backends = kBoth) {
    std::vector<tkc_variant> variants = {sm90a.variant, sm80.variant,
                                         gfx942.variant, gfx90a.variant,
                                         gfx950.variant};
    std::vector<unsigned char> passed(variants.size(), 1);
    tkc_device device;
    tkc_status status = tkc_current_device(backends, &device);
    if (status != TKC_SUCCESS)
      return tkc_status_string(status);
    int chosen = -1;
    status = tkc_select_variant("add_kernel", &device, variants.data(),
                                passed.data(), (int)variants.size(), &chosen);
    if (status != TKC_SUCCESS)
      return tkc_status_string(status);
    return variants[chosen].arch;
  }

  TestVariant sm80{TKC_BACKEND_CUDA, "sm_80", "sm_80 add_kernel", 128};
  TestVariant sm90a{TKC_BACKEND_CUDA, "sm_90a", "sm_90a add_kernel", 128};
  TestVariant gfx942{TKC_BACKEND_HIP, "gfx942", "gfx942 add_kernel"};
  TestVariant gfx90a{TKC_BACKEND_HIP, "gfx90a", "gfx90a add_kernel"};
  TestVariant gfx950{TKC_BACKEND_HIP, "gfx950", "gfx950 add_kernel"};
};

TEST_F(HipRuntimeTest, Mi250PicksGfx90a) {
  hip().addDevice("gfx90a:sramecc+:xnack-");
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  EXPECT_EQ(device.backend, TKC_BACKEND_HIP);
  EXPECT_STREQ(device.arch, "gfx90a");
  EXPECT_EQ(pick(TKC_BACKEND_HIP), "gfx90a");
}

TEST_F(HipRuntimeTest, Mi300PicksGfx942) {
  hip().addDevice("gfx942:sramecc+:xnack-");
  EXPECT_EQ(pick(TKC_BACKEND_HIP), "gfx942");
  // The ISA name is cached per device: one property query.
  EXPECT_EQ(pick(TKC_BACKEND_HIP), "gfx942");
  EXPECT_EQ(hip().propertyQueries, 1);
}

TEST_F(HipRuntimeTest, PlainArchNameWithoutFeatures) {
  hip().addDevice("gfx950");
  EXPECT_EQ(pick(TKC_BACKEND_HIP), "gfx950");
}

TEST_F(HipRuntimeTest, Rdna2HasNoVariant) {
  hip().addDevice("gfx1030");
  EXPECT_EQ(pick(TKC_BACKEND_HIP), tkc_status_string(TKC_ERROR_NO_VARIANT));
  EXPECT_STREQ(tkc_last_error(),
               "no variant of add_kernel runs on gfx1030 (device 0); it was "
               "compiled for: sm_90a, sm_80, gfx942, gfx90a, gfx950");
}

TEST_F(HipRuntimeTest, ArchMatchIsExact) {
  tkc_device device = {};
  device.backend = TKC_BACKEND_HIP;
  std::strcpy(device.arch, "gfx90a");
  TestVariant gfx908(TKC_BACKEND_HIP, "gfx908", "x");
  TestVariant gfx9(TKC_BACKEND_HIP, "gfx9", "x");
  EXPECT_GE(tkc_variant_arch_rank(&device, &gfx90a.variant), 0);
  EXPECT_LT(tkc_variant_arch_rank(&device, &gfx908.variant), 0);
  EXPECT_LT(tkc_variant_arch_rank(&device, &gfx9.variant), 0);
  EXPECT_LT(tkc_variant_arch_rank(&device, &gfx942.variant), 0);
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm80.variant), 0);
  device.backend = TKC_BACKEND_CUDA;
  EXPECT_LT(tkc_variant_arch_rank(&device, &gfx90a.variant), 0);
}

TEST_F(HipRuntimeTest, LaunchPassesEverythingToHip) {
  hip().addDevice("gfx942:sramecc+:xnack-");
  TestVariant big(TKC_BACKEND_HIP, "gfx942", "big add_kernel", 256, 65536);
  hip().argSizes = {8, 4};
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  void *pointer = reinterpret_cast<void *>(0x1000);
  int32_t n = 12345;
  void *params[] = {&pointer, &n};
  int64_t grid[3] = {7, 2, 3};
  void *stream = reinterpret_cast<void *>(0x5);
  ASSERT_EQ(tkc_launch(&device, &big.variant, grid, stream, params),
            TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(hip().launches.size(), 1u);
  const auto &launch = hip().launches[0];
  EXPECT_EQ(launch.image, "big add_kernel");
  EXPECT_EQ(launch.entry, "add_kernel");
  EXPECT_EQ(launch.grid[0], 7u);
  EXPECT_EQ(launch.grid[1], 2u);
  EXPECT_EQ(launch.grid[2], 3u);
  EXPECT_EQ(launch.block[0], 256u);
  EXPECT_EQ(launch.block[1], 1u);
  EXPECT_EQ(launch.block[2], 1u);
  EXPECT_EQ(launch.sharedBytes, 65536u);
  EXPECT_EQ(launch.stream, stream);
  EXPECT_EQ(launch.device, 0);
  ASSERT_EQ(launch.args.size(), 2u);
  void *seenPointer;
  int32_t seenN;
  std::memcpy(&seenPointer, launch.args[0].data(), 8);
  std::memcpy(&seenN, launch.args[1].data(), 4);
  EXPECT_EQ(seenPointer, pointer);
  EXPECT_EQ(seenN, 12345);
  ASSERT_EQ(tkc_launch(&device, &big.variant, grid, stream, params),
            TKC_SUCCESS);
  EXPECT_EQ(hip().moduleLoads.size(), 1u);
  EXPECT_EQ(hip().launches.size(), 2u);
  EXPECT_TRUE(cuda().launches.empty());
}

TEST_F(HipRuntimeTest, CappedVariantLaunchesWithPaddedLds) {
  hip().addDevice("gfx90a");
  // 64 KiB of LDS per CU, none reserved: 2 blocks of 21846 bytes fit, 3
  // never do.
  TestVariant capped(TKC_BACKEND_HIP, "gfx90a", "capped add_kernel", 256, 256,
                     2);
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  int queries = hip().propertyQueries;
  int64_t grid[3] = {4, 1, 1};
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(tkc_launch(&device, &capped.variant, grid, nullptr, nullptr),
              TKC_SUCCESS)
        << tkc_last_error();
  ASSERT_EQ(hip().launches.size(), 2u);
  EXPECT_EQ(hip().launches[0].sharedBytes, 65536u / 3 + 1);
  EXPECT_EQ(hip().launches[1].sharedBytes, 65536u / 3 + 1);
  EXPECT_EQ(hip().propertyQueries, queries + 1); // once, at load
}

TEST_F(HipRuntimeTest, TooManyWorkItemsIsInvalidArgument) {
  hip().addDevice("gfx90a");
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  int64_t grid[3] = {int64_t(1) << 24, 1, 1}; // 2^24 blocks * 256 = 2^32
  EXPECT_EQ(tkc_launch(&device, &gfx90a.variant, grid, nullptr, nullptr),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tkc_last_error()).find("2^32 - 1 work-items"),
            std::string::npos)
      << tkc_last_error();
  EXPECT_TRUE(hip().launches.empty());
}

TEST_F(HipRuntimeTest, ModuleLoadedOncePerDeviceUnderConcurrency) {
  hip().addDevice("gfx90a:sramecc+:xnack-");
  hip().addDevice("gfx90a:sramecc-:xnack+");
  hip().moduleLoadDelayMs = 20;
  std::vector<std::thread> threads;
  std::vector<tkc_status> results(32, TKC_ERROR_DRIVER);
  std::vector<int> devices(32, -1);
  for (int i = 0; i < 32; ++i)
    threads.emplace_back([&, i] {
      hip().setCurrent(i % 2);
      tkc_device device;
      tkc_status status = tkc_current_device(TKC_BACKEND_HIP, &device);
      int64_t grid[3] = {1, 1, 1};
      if (status == TKC_SUCCESS)
        status = tkc_launch(&device, &gfx90a.variant, grid, nullptr, nullptr);
      results[i] = status;
      devices[i] = device.ordinal;
    });
  for (auto &thread : threads)
    thread.join();
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(results[i], TKC_SUCCESS) << i;
    EXPECT_EQ(devices[i], i % 2) << i;
  }
  ASSERT_EQ(hip().moduleLoads.size(), 2u);
  EXPECT_NE(hip().moduleLoads[0].device, hip().moduleLoads[1].device);
  EXPECT_EQ(hip().launches.size(), 32u);
  // The fake rejects a launch on another device than the module's, so every
  // launch ran on its own device's module.
}

TEST_F(HipRuntimeTest, PreloadOtherDeviceKeepsCurrentDevice) {
  hip().addDevice("gfx942:sramecc+:xnack-");
  hip().addDevice("gfx90a:sramecc+:xnack-");
  tkc_device device;
  ASSERT_EQ(tkc_device_for_ordinal(TKC_BACKEND_HIP, 1, &device), TKC_SUCCESS);
  EXPECT_STREQ(device.arch, "gfx90a");
  ASSERT_EQ(tkc_load_variant(&device, &gfx90a.variant), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(hip().moduleLoads.size(), 1u);
  EXPECT_EQ(hip().moduleLoads[0].device, 1);
  EXPECT_EQ(hip().current(), 0);
  EXPECT_EQ(hip().setDeviceCalls, std::vector<int>({1, 0}));
  EXPECT_EQ(tkc_device_for_ordinal(TKC_BACKEND_HIP, 5, &device),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(tkc_last_error(), "HIP device 5 does not exist (2 devices)");
}

TEST_F(HipRuntimeTest, BadCodeObjectIsAModuleLoadError) {
  hip().addDevice("gfx942:sramecc+:xnack-");
  hip().moduleLoadResult = 200; // hipErrorInvalidImage
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  int64_t grid[3] = {1, 1, 1};
  EXPECT_EQ(tkc_launch(&device, &gfx942.variant, grid, nullptr, nullptr),
            TKC_ERROR_MODULE_LOAD);
  EXPECT_STREQ(tkc_last_error(),
               "hipModuleLoadData failed: hipErrorInvalidImage (gfx942 code "
               "object of add_kernel on gfx942, device 0)");
  hip().moduleLoadResult = 0;
  EXPECT_EQ(tkc_launch(&device, &gfx942.variant, grid, nullptr, nullptr),
            TKC_SUCCESS);
  EXPECT_EQ(hip().moduleLoads.size(), 2u);
}

TEST_F(HipRuntimeTest, MissingEntryIsAModuleLoadError) {
  hip().addDevice("gfx942");
  TestVariant wrong(TKC_BACKEND_HIP, "gfx942", "gfx942 other_kernel");
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_SUCCESS);
  EXPECT_EQ(tkc_load_variant(&device, &wrong.variant), TKC_ERROR_MODULE_LOAD);
  EXPECT_NE(std::string(tkc_last_error()).find("hipErrorNotFound"),
            std::string::npos);
}

TEST_F(HipRuntimeTest, HipInitWithoutDevice) {
  hip().initResult = 100; // hipErrorNoDevice
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_ERROR_NO_DEVICE);
  EXPECT_STREQ(tkc_last_error(), "hipInit failed: hipErrorNoDevice");
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_ERROR_NO_DEVICE);
  EXPECT_EQ(hip().initCalls, 1);
}

TEST_F(HipRuntimeTest, NoHipLibrary) {
  tkc_runtime_set_hip_driver_for_testing(nullptr);
  tkc_runtime_set_hip_library_for_testing("libtkc-no-such-hip.so.6");
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_ERROR_NO_DRIVER);
  // The libraries tried, then what dlopen said of the last one.
  EXPECT_EQ(
      std::string(tkc_last_error())
          .rfind(
              "cannot load the HIP runtime (tried libtkc-no-such-hip.so.6): ",
              0),
      0u)
      << tkc_last_error();
  tkc_runtime_set_hip_library_for_testing(nullptr);
}

//===----------------------------------------------------------------------===//
// Vendor choice
//===----------------------------------------------------------------------===//

TEST_F(HipRuntimeTest, SingleVendorKernelUsesItsVendor) {
  cuda().addDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  EXPECT_EQ(pick(TKC_BACKEND_HIP), "gfx942");
  EXPECT_EQ(pick(TKC_BACKEND_CUDA), "sm_90a");
}

TEST_F(HipRuntimeTest, BothVendorsPreferCudaWithADevice) {
  cuda().addDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  EXPECT_EQ(pick(), "sm_90a");
}

TEST_F(HipRuntimeTest, BothVendorsFallBackToHipWithoutCudaDevice) {
  hip().addDevice("gfx90a:sramecc+:xnack-");
  EXPECT_EQ(pick(), "gfx90a");
  // Decided once: a CUDA device appearing later does not switch vendors.
  cuda().addDevice(9, 0);
  EXPECT_EQ(pick(), "gfx90a");
}

TEST_F(HipRuntimeTest, BothVendorsFallBackToHipWithoutCudaLibrary) {
  tkc_runtime_set_cuda_driver_for_testing(nullptr);
  tkc_runtime_set_cuda_library_for_testing("libtkc-no-such-cuda.so.1");
  hip().addDevice("gfx942:sramecc+:xnack-");
  EXPECT_EQ(pick(), "gfx942");
  // The probe's failure does not leak into tkc_last_error().
  EXPECT_EQ(std::string(tkc_last_error()).find("libtkc-no-such-cuda"),
            std::string::npos)
      << tkc_last_error();
  tkc_runtime_set_cuda_library_for_testing(nullptr);
}

TEST_F(HipRuntimeTest, NeitherVendorReportsHipsReason) {
  hip().initResult = 100;
  EXPECT_EQ(pick(), tkc_status_string(TKC_ERROR_NO_DEVICE));
  EXPECT_STREQ(tkc_last_error(), "hipInit failed: hipErrorNoDevice");
}

TEST_F(HipRuntimeTest, EnvironmentForcesHip) {
  cuda().addDevice(9, 0);
  hip().addDevice("gfx90a:sramecc+:xnack-");
  setEnvVendor("hip");
  EXPECT_EQ(pick(), "gfx90a");
  setEnvVendor("cuda");
  EXPECT_EQ(pick(), "sm_90a");
  // A forced vendor the kernel was not compiled for.
  EXPECT_EQ(pick(TKC_BACKEND_HIP), tkc_status_string(TKC_ERROR_NO_VARIANT));
  EXPECT_STREQ(tkc_last_error(),
               "the vendor is forced to CUDA (NVIDIA) by TKC_VENDOR, but this "
               "kernel was compiled only for HIP (AMD)");
}

TEST_F(HipRuntimeTest, EnvironmentIsReadOnce) {
  hip().addDevice("gfx90a");
  cuda().addDevice(8, 0);
  setEnvVendor("hip");
  EXPECT_EQ(pick(), "gfx90a");
  setenv("TKC_VENDOR", "cuda", 1); // too late: read at the first call
  EXPECT_EQ(pick(), "gfx90a");
}

TEST_F(HipRuntimeTest, BadEnvironmentValue) {
  hip().addDevice("gfx90a");
  setEnvVendor("rocm");
  EXPECT_EQ(pick(), tkc_status_string(TKC_ERROR_INVALID_ARGUMENT));
  EXPECT_STREQ(tkc_last_error(), "TKC_VENDOR=rocm: expected cuda, hip or auto");
  setEnvVendor("auto");
  EXPECT_EQ(pick(), "gfx90a");
}

TEST_F(HipRuntimeTest, ApiForcesVendorOverEnvironment) {
  cuda().addDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  setEnvVendor("cuda");
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_HIP), TKC_SUCCESS);
  EXPECT_EQ(pick(), "gfx942");
  EXPECT_EQ(pick(TKC_BACKEND_CUDA), tkc_status_string(TKC_ERROR_NO_VARIANT));
  EXPECT_NE(std::string(tkc_last_error()).find("by tkc_set_vendor()"),
            std::string::npos)
      << tkc_last_error();
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_AUTO), TKC_SUCCESS);
  EXPECT_EQ(pick(), "sm_90a"); // back to TKC_VENDOR=cuda
  EXPECT_EQ(tkc_set_vendor(static_cast<tkc_vendor>(7)),
            TKC_ERROR_INVALID_ARGUMENT);
}

TEST_F(HipRuntimeTest, PreloadFollowsTheVendor) {
  cuda().addDevice(9, 0);
  hip().addDevice("gfx942:sramecc+:xnack-");
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_HIP), TKC_SUCCESS);
  tkc_device device;
  ASSERT_EQ(tkc_device_for_ordinal(kBoth, 0, &device), TKC_SUCCESS);
  EXPECT_EQ(device.backend, TKC_BACKEND_HIP);
  EXPECT_STREQ(device.arch, "gfx942");
  ASSERT_EQ(tkc_set_vendor(TKC_VENDOR_CUDA), TKC_SUCCESS);
  ASSERT_EQ(tkc_device_for_ordinal(kBoth, 0, &device), TKC_SUCCESS);
  EXPECT_EQ(device.backend, TKC_BACKEND_CUDA);
  EXPECT_STREQ(device.arch, "sm_90");
}

} // namespace
