//===- tkc_runtime_test.cc - The C runtime against a fake driver ----------===//
//
// Tests the tkc runtime's dispatch logic with no GPU: architecture choice,
// specialization fallback, one module load per (variant, context) under
// concurrency, the launch parameters the driver sees, and every failure
// status (no driver, no device, no variant, bad image, bad grid).
//
//===----------------------------------------------------------------------===//
#include "tkc_cuda_driver.h"
#include "tkc_hip_driver.h"
#include "tkc_runtime.h"
#include "tkc_runtime_internal.h"

#include "testing/fake_cuda_driver.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using tkc::testing::FakeCudaDriver;

/// A variant over a text image that names its entry ("sm_80 add_kernel").
struct TestVariant {
  TestVariant(const char *arch, int major, int minor, int specific,
              const char *image, const char *specialization = "",
              unsigned shared = 0, unsigned maxBlocksPerSm = 0)
      : state{nullptr} {
    variant = {TKC_BACKEND_CUDA,
               arch,
               major,
               minor,
               specific,
               reinterpret_cast<const unsigned char *>(image),
               std::strlen(image) + 1,
               "add_kernel",
               128,
               shared,
               maxBlocksPerSm,
               specialization,
               &state};
  }
  tkc_variant_state state;
  tkc_variant variant;
};

class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override { fake().reset(); }
  void TearDown() override { tkc_runtime_set_cuda_driver_for_testing(nullptr); }
  static FakeCudaDriver &fake() { return FakeCudaDriver::instance(); }

  /// Makes device `ordinal` (compute capability major.minor) current.
  void useDevice(int major, int minor) {
    fake().addDevice(major, minor);
    fake().setCurrent(fake().primaryContext(0));
  }

  /// Selects among sm_80 and sm_90a variants; returns the chosen arch or
  /// the status string.
  std::string pick() {
    std::vector<tkc_variant> variants = {sm90a.variant, sm80.variant};
    unsigned char passed[] = {1, 1};
    tkc_device device;
    tkc_status status = tkc_current_device(TKC_BACKEND_CUDA, &device);
    if (status != TKC_SUCCESS)
      return tkc_status_string(status);
    int chosen = -1;
    status = tkc_select_variant("add_kernel", &device, variants.data(), passed,
                                2, &chosen);
    if (status != TKC_SUCCESS)
      return tkc_status_string(status);
    return variants[chosen].arch;
  }

  TestVariant sm80{"sm_80", 8, 0, 0, "sm_80 add_kernel"};
  TestVariant sm90a{"sm_90a", 9, 0, 1, "sm_90a add_kernel"};
};

TEST_F(RuntimeTest, StatusStrings) {
  EXPECT_STREQ(tkc_status_string(TKC_SUCCESS), "success");
  EXPECT_STRNE(tkc_status_string(TKC_ERROR_NO_VARIANT), "");
  EXPECT_STREQ(tkc_status_string(static_cast<tkc_status>(999)),
               "unknown tkc_status");
}

TEST_F(RuntimeTest, Hopper90PicksArchSpecificCubin) {
  useDevice(9, 0);
  EXPECT_EQ(pick(), "sm_90a");
}

TEST_F(RuntimeTest, Ampere86PicksSm80) {
  useDevice(8, 6);
  EXPECT_EQ(pick(), "sm_80");
}

TEST_F(RuntimeTest, Turing75HasNoVariant) {
  useDevice(7, 5);
  EXPECT_EQ(pick(), tkc_status_string(TKC_ERROR_NO_VARIANT));
  std::string reason = tkc_last_error();
  EXPECT_NE(reason.find("no variant of add_kernel runs on sm_75 (device 0)"),
            std::string::npos)
      << reason;
  EXPECT_NE(reason.find("compiled for: sm_90a, sm_80"), std::string::npos)
      << reason;
}

TEST_F(RuntimeTest, ArchRankRules) {
  tkc_device device = {};
  device.backend = TKC_BACKEND_CUDA;
  TestVariant sm86("sm_86", 8, 6, 0, "x");
  TestVariant sm90("sm_90", 9, 0, 0, "x");
  TestVariant sm100a("sm_100a", 10, 0, 1, "x");
  device.arch_major = 8;
  device.arch_minor = 0;
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm86.variant), 0);
  EXPECT_GE(tkc_variant_arch_rank(&device, &sm80.variant), 0);
  device.arch_minor = 9;
  EXPECT_GT(tkc_variant_arch_rank(&device, &sm86.variant),
            tkc_variant_arch_rank(&device, &sm80.variant));
  device.arch_major = 9;
  device.arch_minor = 0;
  EXPECT_GT(tkc_variant_arch_rank(&device, &sm90a.variant),
            tkc_variant_arch_rank(&device, &sm90.variant));
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm80.variant), 0);
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm100a.variant), 0);
  device.arch_major = 10;
  device.arch_minor = 3;
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm100a.variant), 0);
  device.backend = TKC_BACKEND_HIP;
  EXPECT_LT(tkc_variant_arch_rank(&device, &sm90.variant), 0);
}

TEST_F(RuntimeTest, SpecializationFallsBackToGeneric) {
  useDevice(9, 0);
  TestVariant special("sm_90a", 9, 0, 1, "special add_kernel",
                      "x_ptr % 16 == 0");
  TestVariant generic("sm_90a", 9, 0, 1, "generic add_kernel");
  tkc_variant variants[] = {special.variant, generic.variant};
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int chosen = -1;
  unsigned char both[] = {1, 1};
  ASSERT_EQ(tkc_select_variant("k", &device, variants, both, 2, &chosen),
            TKC_SUCCESS);
  EXPECT_EQ(chosen, 0);
  unsigned char genericOnly[] = {0, 1};
  ASSERT_EQ(tkc_select_variant("k", &device, variants, genericOnly, 2, &chosen),
            TKC_SUCCESS);
  EXPECT_EQ(chosen, 1);
  unsigned char none[] = {0, 0};
  EXPECT_EQ(tkc_select_variant("k", &device, variants, none, 2, &chosen),
            TKC_ERROR_NO_VARIANT);
  EXPECT_NE(std::string(tkc_last_error()).find("sm_90a [x_ptr % 16 == 0]"),
            std::string::npos)
      << tkc_last_error();
}

TEST_F(RuntimeTest, LaunchPassesEverythingToTheDriver) {
  useDevice(9, 0);
  TestVariant big("sm_90a", 9, 0, 1, "big add_kernel", "", 65536);
  fake().argSizes = {8, 4};
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  void *pointer = reinterpret_cast<void *>(0x1000);
  int32_t n = 12345;
  void *params[] = {&pointer, &n};
  int64_t grid[3] = {7, 2, 3};
  void *stream = reinterpret_cast<void *>(0x5);
  ASSERT_EQ(tkc_launch(&device, &big.variant, grid, stream, params),
            TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(fake().launches.size(), 1u);
  const auto &launch = fake().launches[0];
  EXPECT_EQ(launch.image, "big add_kernel");
  EXPECT_EQ(launch.entry, "add_kernel");
  EXPECT_EQ(launch.grid[0], 7u);
  EXPECT_EQ(launch.grid[1], 2u);
  EXPECT_EQ(launch.grid[2], 3u);
  EXPECT_EQ(launch.block[0], 128u);
  EXPECT_EQ(launch.block[1], 1u);
  EXPECT_EQ(launch.block[2], 1u);
  EXPECT_EQ(launch.sharedBytes, 65536u);
  EXPECT_EQ(launch.stream, stream);
  ASSERT_EQ(launch.args.size(), 2u);
  void *seenPointer;
  int32_t seenN;
  std::memcpy(&seenPointer, launch.args[0].data(), 8);
  std::memcpy(&seenN, launch.args[1].data(), 4);
  EXPECT_EQ(seenPointer, pointer);
  EXPECT_EQ(seenN, 12345);
  // More than 48 KiB of dynamic shared memory needs the opt-in attribute.
  ASSERT_EQ(fake().functionAttributes.size(), 1u);
  EXPECT_EQ(fake().functionAttributes[0],
            std::make_pair(8, 65536)); // MAX_DYNAMIC_SHARED_SIZE_BYTES
  // A second launch reuses the module.
  ASSERT_EQ(tkc_launch(&device, &big.variant, grid, stream, params),
            TKC_SUCCESS);
  EXPECT_EQ(fake().moduleLoads.size(), 1u);
  EXPECT_EQ(fake().launches.size(), 2u);
}

TEST_F(RuntimeTest, SmallSharedMemoryNeedsNoAttribute) {
  useDevice(9, 0);
  TestVariant small("sm_90a", 9, 0, 1, "small add_kernel", "", 49152);
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int64_t grid[3] = {1, 1, 1};
  ASSERT_EQ(tkc_launch(&device, &small.variant, grid, nullptr, nullptr),
            TKC_SUCCESS);
  EXPECT_TRUE(fake().functionAttributes.empty());
}

TEST_F(RuntimeTest, LaunchSharedBytesCapsBlocksPerSm) {
  // An H100: 228 KiB per SM, 1 KiB reserved per block. Three blocks of the
  // padded size fit, four never do, whatever the L1/shared split.
  TestVariant capped("sm_90a", 9, 0, 1, "x", "", 512, 3);
  unsigned bytes = tkc_launch_shared_bytes(&capped.variant, 233472, 1024, 128);
  EXPECT_EQ(bytes, 233472u / 4 + 1 - 1024);
  EXPECT_GT(4 * (bytes + 1024), 233472u);
  EXPECT_LE(3 * ((bytes + 1024 + 127) / 128 * 128), 233472u);
  // No cap, or a cap the kernel's own shared memory already meets: as is.
  TestVariant uncapped("sm_90a", 9, 0, 1, "x", "", 512, 0);
  EXPECT_EQ(tkc_launch_shared_bytes(&uncapped.variant, 233472, 1024, 128),
            512u);
  TestVariant big("sm_90a", 9, 0, 1, "x", "", 100000, 2);
  EXPECT_EQ(tkc_launch_shared_bytes(&big.variant, 233472, 1024, 128), 100000u);
  // One block per SM: half the SM and a byte.
  TestVariant one("sm_90a", 9, 0, 1, "x", "", 0, 1);
  EXPECT_EQ(tkc_launch_shared_bytes(&one.variant, 233472, 1024, 128),
            233472u / 2 + 1 - 1024);
  // A cap the allocation granularity cannot resolve is not enforced: with
  // 1 KiB units, 16 (16 * 17 KiB > 228 KiB), but 14 is; with 128-byte
  // units, up to 42.
  TestVariant sixteen("sm_90a", 9, 0, 1, "x", "", 0, 16);
  EXPECT_EQ(tkc_launch_shared_bytes(&sixteen.variant, 233472, 1024, 1024), 0u);
  EXPECT_EQ(tkc_launch_shared_bytes(&sixteen.variant, 233472, 1024, 128),
            233472u / 17 + 1 - 1024);
  TestVariant fourteen("sm_90a", 9, 0, 1, "x", "", 0, 14);
  EXPECT_EQ(tkc_launch_shared_bytes(&fourteen.variant, 233472, 1024, 1024),
            233472u / 15 + 1 - 1024);
  TestVariant many("sm_90a", 9, 0, 1, "x", "", 0, 43);
  EXPECT_EQ(tkc_launch_shared_bytes(&many.variant, 233472, 1024, 128), 0u);
}

TEST_F(RuntimeTest, CappedVariantLaunchesWithPaddedSharedMemory) {
  useDevice(9, 0);
  TestVariant capped("sm_90a", 9, 0, 1, "capped add_kernel", "", 512, 3);
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int64_t grid[3] = {1, 1, 1};
  for (int i = 0; i < 2; ++i)
    ASSERT_EQ(tkc_launch(&device, &capped.variant, grid, nullptr, nullptr),
              TKC_SUCCESS)
        << tkc_last_error();
  unsigned want = FakeCudaDriver::kSharedPerSm / 4 + 1 -
                  FakeCudaDriver::kReservedSharedPerBlock;
  ASSERT_EQ(fake().launches.size(), 2u);
  EXPECT_EQ(fake().launches[0].sharedBytes, want);
  EXPECT_EQ(fake().launches[1].sharedBytes, want);
  // Over 48 KiB: opted in once, at load.
  ASSERT_EQ(fake().functionAttributes.size(), 1u);
  EXPECT_EQ(fake().functionAttributes[0], std::make_pair(8, (int)want));
}

TEST_F(RuntimeTest, ModuleLoadedOnceUnderConcurrency) {
  fake().addDevice(9, 0);
  fake().moduleLoadDelayMs = 20;
  void *context = fake().primaryContext(0);
  std::vector<std::thread> threads;
  std::vector<tkc_status> results(32, TKC_ERROR_DRIVER);
  for (int i = 0; i < 32; ++i)
    threads.emplace_back([&, i] {
      fake().setCurrent(context);
      tkc_device device;
      tkc_status status = tkc_current_device(TKC_BACKEND_CUDA, &device);
      int64_t grid[3] = {1, 1, 1};
      if (status == TKC_SUCCESS)
        status = tkc_launch(&device, &sm90a.variant, grid, nullptr, nullptr);
      results[i] = status;
    });
  for (auto &thread : threads)
    thread.join();
  for (tkc_status status : results)
    EXPECT_EQ(status, TKC_SUCCESS);
  EXPECT_EQ(fake().moduleLoads.size(), 1u);
  EXPECT_EQ(fake().launches.size(), 32u);
}

TEST_F(RuntimeTest, OneModulePerContext) {
  fake().addDevice(9, 0);
  fake().addDevice(9, 0);
  int64_t grid[3] = {1, 1, 1};
  for (int ordinal : {0, 1, 0, 1}) {
    fake().setCurrent(fake().primaryContext(ordinal));
    tkc_device device;
    ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
    EXPECT_EQ(device.ordinal, ordinal);
    ASSERT_EQ(tkc_launch(&device, &sm90a.variant, grid, nullptr, nullptr),
              TKC_SUCCESS);
  }
  ASSERT_EQ(fake().moduleLoads.size(), 2u);
  EXPECT_EQ(fake().moduleLoads[0].context, fake().primaryContext(0));
  EXPECT_EQ(fake().moduleLoads[1].context, fake().primaryContext(1));
}

TEST_F(RuntimeTest, NoContextRetainsDevice0PrimaryOnce) {
  fake().addDevice(8, 0);
  for (int i = 0; i < 2; ++i) {
    std::thread([] {
      tkc_device device;
      ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
      EXPECT_EQ(device.ordinal, 0);
      EXPECT_STREQ(device.arch, "sm_80");
      EXPECT_EQ(fake().current(), fake().primaryContext(0));
    }).join();
  }
  EXPECT_EQ(fake().primaryRetains, 1);
}

TEST_F(RuntimeTest, PreloadOtherDeviceKeepsCurrentContext) {
  fake().addDevice(9, 0);
  fake().addDevice(8, 0);
  fake().setCurrent(fake().primaryContext(0));
  tkc_device device;
  ASSERT_EQ(tkc_device_for_ordinal(TKC_BACKEND_CUDA, 1, &device), TKC_SUCCESS);
  EXPECT_STREQ(device.arch, "sm_80");
  ASSERT_EQ(tkc_load_variant(&device, &sm80.variant), TKC_SUCCESS);
  ASSERT_EQ(fake().moduleLoads.size(), 1u);
  EXPECT_EQ(fake().moduleLoads[0].context, fake().primaryContext(1));
  EXPECT_EQ(fake().current(), fake().primaryContext(0));
  EXPECT_EQ(tkc_device_for_ordinal(TKC_BACKEND_CUDA, 5, &device),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tkc_last_error()).find("CUDA_ERROR_INVALID_DEVICE"),
            std::string::npos);
}

TEST_F(RuntimeTest, NoDriverWhenDlopenFails) {
  tkc_runtime_set_cuda_driver_for_testing(nullptr);
  tkc_runtime_set_cuda_library_for_testing("libtkc-no-such-driver.so.1");
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_ERROR_NO_DRIVER);
  EXPECT_NE(std::string(tkc_last_error())
                .rfind("cannot load the CUDA driver (tried "
                       "libtkc-no-such-driver.so.1): ",
                       0),
            std::string::npos)
      << tkc_last_error();
  // The failure is remembered, and reported again on other threads.
  std::thread([] {
    tkc_device other;
    EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &other),
              TKC_ERROR_NO_DRIVER);
    EXPECT_NE(std::string(tkc_last_error()).find("libtkc-no-such-driver"),
              std::string::npos);
  }).join();
  tkc_runtime_set_cuda_library_for_testing(nullptr);
}

TEST_F(RuntimeTest, NoDeviceWhenCuInitSaysSo) {
  fake().initResult = 100; // CUDA_ERROR_NO_DEVICE
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_ERROR_NO_DEVICE);
  EXPECT_STREQ(tkc_last_error(), "cuInit failed: CUDA_ERROR_NO_DEVICE");
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_ERROR_NO_DEVICE);
  EXPECT_EQ(fake().initCalls, 1);
}

TEST_F(RuntimeTest, NoDeviceWithoutDevices) {
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_ERROR_NO_DEVICE);
  EXPECT_NE(std::string(tkc_last_error()).find("cuDeviceGet(0) failed"),
            std::string::npos);
}

TEST_F(RuntimeTest, BadImageIsAModuleLoadError) {
  useDevice(8, 0);
  fake().moduleLoadResult = 200; // CUDA_ERROR_INVALID_IMAGE
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int64_t grid[3] = {1, 1, 1};
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, grid, nullptr, nullptr),
            TKC_ERROR_MODULE_LOAD);
  EXPECT_STREQ(tkc_last_error(),
               "cuModuleLoadData failed: CUDA_ERROR_INVALID_IMAGE (sm_90a "
               "cubin of add_kernel on compute capability 8.0)");
  // A failed load is not cached: the next call tries again.
  fake().moduleLoadResult = 0;
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, grid, nullptr, nullptr),
            TKC_SUCCESS);
  EXPECT_EQ(fake().moduleLoads.size(), 2u);
}

TEST_F(RuntimeTest, MissingEntryIsAModuleLoadError) {
  useDevice(9, 0);
  TestVariant wrong("sm_90a", 9, 0, 1, "sm_90a other_kernel");
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  EXPECT_EQ(tkc_load_variant(&device, &wrong.variant), TKC_ERROR_MODULE_LOAD);
  EXPECT_NE(std::string(tkc_last_error()).find("cuModuleGetFunction"),
            std::string::npos);
}

TEST_F(RuntimeTest, EmptyGridLaunchesNothing) {
  useDevice(9, 0);
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int64_t grid[3] = {0, 1, 1};
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, grid, nullptr, nullptr),
            TKC_SUCCESS);
  EXPECT_TRUE(fake().launches.empty());
  EXPECT_TRUE(fake().moduleLoads.empty());
}

TEST_F(RuntimeTest, BadGridIsInvalidArgument) {
  useDevice(9, 0);
  tkc_device device;
  ASSERT_EQ(tkc_current_device(TKC_BACKEND_CUDA, &device), TKC_SUCCESS);
  int64_t negative[3] = {-1, 1, 1};
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, negative, nullptr, nullptr),
            TKC_ERROR_INVALID_ARGUMENT);
  int64_t tooBig[3] = {1, 65536, 1};
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, tooBig, nullptr, nullptr),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tkc_last_error()).find("dimension 1"),
            std::string::npos);
  int64_t huge[3] = {int64_t(1) << 31, 1, 1};
  EXPECT_EQ(tkc_launch(&device, &sm90a.variant, huge, nullptr, nullptr),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_TRUE(fake().launches.empty());
}

TEST_F(RuntimeTest, GridArithmetic) {
  tkc_status status = TKC_SUCCESS;
  EXPECT_EQ(tkc_grid_cdiv(&status, 1000, 1024), 1);
  EXPECT_EQ(tkc_grid_cdiv(&status, 1024, 1024), 1);
  EXPECT_EQ(tkc_grid_cdiv(&status, 1025, 1024), 2);
  EXPECT_EQ(tkc_grid_cdiv(&status, 0, 1024), 0);
  EXPECT_EQ(tkc_grid_cdiv(&status, -5, 2), -2);
  EXPECT_EQ(tkc_grid_div(&status, 7, 2), 3);
  EXPECT_EQ(tkc_grid_mod(&status, 7, 4), 3);
  EXPECT_EQ(tkc_grid_mul(&status, -3, 4), -12);
  EXPECT_EQ(tkc_grid_sub(&status, 3, 4), -1);
  EXPECT_EQ(tkc_grid_neg(&status, 3), -3);
  EXPECT_EQ(tkc_grid_u64(&status, 42u), 42);
  EXPECT_EQ(status, TKC_SUCCESS);
  EXPECT_EQ(tkc_grid_mul(&status, INT64_MAX / 2 + 1, 2), 0);
  EXPECT_EQ(status, TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(tkc_last_error(), "grid expression: integer overflow in *");
  status = TKC_SUCCESS;
  tkc_grid_div(&status, 1, 0);
  EXPECT_EQ(status, TKC_ERROR_INVALID_ARGUMENT);
  status = TKC_SUCCESS;
  tkc_grid_cdiv(&status, 1, 0);
  EXPECT_EQ(status, TKC_ERROR_INVALID_ARGUMENT);
  status = TKC_SUCCESS;
  tkc_grid_add(&status, INT64_MAX, 1);
  EXPECT_EQ(status, TKC_ERROR_INVALID_ARGUMENT);
  status = TKC_SUCCESS;
  tkc_grid_u64(&status, UINT64_MAX);
  EXPECT_EQ(status, TKC_ERROR_INVALID_ARGUMENT);
}

TEST_F(RuntimeTest, HipOnlyKernelGoesToHip) {
  // hip_runtime_test covers the AMD path; here only the routing.
  tkc_runtime_set_hip_library_for_testing("libtkc-no-such-hip.so");
  tkc_device device;
  EXPECT_EQ(tkc_current_device(TKC_BACKEND_HIP, &device), TKC_ERROR_NO_DRIVER);
  EXPECT_NE(std::string(tkc_last_error()).find("HIP runtime"),
            std::string::npos);
  tkc_runtime_set_hip_library_for_testing(nullptr);
}

} // namespace
