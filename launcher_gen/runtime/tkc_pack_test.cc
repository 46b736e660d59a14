//===- tkc_pack_test.cc - Compressed binaries against a fake driver -------===//
//
// Tests the runtime's packs (tkc_blob_pack: several variants' binaries in
// one zstd frame, as tkc-launcher-gen writes them): the driver receives each
// variant's original bytes, a pack is decompressed once for every variant,
// context and thread, and a corrupt, truncated or mislabelled pack is a
// TKC_ERROR_MODULE_LOAD that says why, never a crash, and is tried again by
// the next load; of a launcher's several packs, a load decompresses only its
// own.
//
//===----------------------------------------------------------------------===//
#include "tkc_cuda_driver.h"
#include "tkc_runtime.h"

#include "testing/fake_cuda_driver.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using tkc::testing::FakeCudaDriver;

/// How many times the packs were decompressed.
std::atomic<int> decompressions{0};

/// tkc_zstd_decompress, counted.
int countingDecompress(const void *compressed, size_t compressedSize, void *out,
                       size_t size, char *reason, size_t reasonSize) {
  ++decompressions;
  return tkc_zstd_decompress(compressed, compressedSize, out, size, reason,
                             reasonSize);
}

/// Text images ("sm_90a add_kernel", NUL included) back to back, 8-byte
/// aligned, in one zstd frame with its content size and checksum, and one
/// sm_90a variant per image.
struct TestPack {
  explicit TestPack(const std::vector<std::string> &images) {
    std::vector<unsigned char> contents;
    for (const std::string &image : images) {
      contents.resize((contents.size() + 7) / 8 * 8, 0);
      offsets.push_back(contents.size());
      contents.insert(contents.end(), image.begin(), image.end());
      contents.push_back(0);
    }
    original = contents;
    ZSTD_CCtx *context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 19);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    frame.resize(ZSTD_compressBound(contents.size()));
    size_t size = ZSTD_compress2(context, frame.data(), frame.size(),
                                 contents.data(), contents.size());
    ZSTD_freeCCtx(context);
    EXPECT_FALSE(ZSTD_isError(size));
    frame.resize(size);
    pack = {
        "the CUDA binaries of add", frame.data(), frame.size(), contents.size(),
        countingDecompress,         &packState};
    states.resize(images.size());
    for (size_t i = 0; i < images.size(); ++i)
      variants.push_back({TKC_BACKEND_CUDA, "sm_90a", 9, 0, 1, nullptr,
                          images[i].size() + 1, "add_kernel", 128, 0, 0, "",
                          &states[i], &pack, offsets[i]});
  }
  std::vector<unsigned char> original;
  std::vector<unsigned char> frame;
  std::vector<size_t> offsets;
  tkc_pack_state packState{nullptr};
  tkc_blob_pack pack;
  std::vector<tkc_variant_state> states;
  std::vector<tkc_variant> variants;
};

class PackTest : public ::testing::Test {
protected:
  void SetUp() override {
    fake().reset();
    decompressions = 0;
    fake().addDevice(9, 0);
    fake().addDevice(9, 0);
    fake().setCurrent(fake().primaryContext(0));
  }
  void TearDown() override { tkc_runtime_set_cuda_driver_for_testing(nullptr); }
  static FakeCudaDriver &fake() { return FakeCudaDriver::instance(); }

  /// Device `ordinal`, resolved.
  static tkc_device device(int ordinal) {
    tkc_device device;
    EXPECT_EQ(tkc_device_for_ordinal(TKC_BACKEND_CUDA, ordinal, &device),
              TKC_SUCCESS)
        << tkc_last_error();
    return device;
  }

  /// Loading `variant` fails with a reason that contains `expected`.
  static void expectLoadFails(const tkc_variant &variant,
                              const std::string &expected) {
    tkc_device dev = device(0);
    EXPECT_EQ(tkc_load_variant(&dev, &variant), TKC_ERROR_MODULE_LOAD);
    std::string reason = tkc_last_error();
    EXPECT_NE(reason.find(expected), std::string::npos) << reason;
    EXPECT_TRUE(fake().moduleLoads.empty());
  }

  TestPack pack{{"sm_90a specialized add_kernel", "sm_90a generic add_kernel",
                 std::string(300, 'x') + " add_kernel"}};
};

TEST_F(PackTest, DriverGetsTheOriginalBytes) {
  tkc_device dev = device(0);
  for (const tkc_variant &variant : pack.variants)
    ASSERT_EQ(tkc_load_variant(&dev, &variant), TKC_SUCCESS)
        << tkc_last_error();
  ASSERT_EQ(fake().moduleLoads.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const auto *data =
        static_cast<const unsigned char *>(fake().moduleLoads[i].data);
    ASSERT_NE(data, nullptr);
    EXPECT_EQ(std::memcmp(data, pack.original.data() + pack.offsets[i],
                          pack.variants[i].binary_size),
              0)
        << "variant " << i;
    // Each variant's bytes start 8-byte aligned, as the arrays do.
    EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % 8, 0u);
  }
  EXPECT_EQ(fake().moduleLoads[0].image, "sm_90a specialized add_kernel");
  EXPECT_EQ(fake().moduleLoads[1].image, "sm_90a generic add_kernel");
  EXPECT_EQ(decompressions.load(), 1);
}

TEST_F(PackTest, DecompressedOnceForEveryContextAndThread) {
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 32; ++t)
    threads.emplace_back([&, t] {
      tkc_device dev;
      const tkc_variant &variant = pack.variants[t % 3];
      if (tkc_device_for_ordinal(TKC_BACKEND_CUDA, t % 2, &dev) !=
              TKC_SUCCESS ||
          tkc_load_variant(&dev, &variant) != TKC_SUCCESS)
        ++failures;
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(decompressions.load(), 1);
  // One module per (variant, context); all read the one decompressed copy.
  ASSERT_EQ(fake().moduleLoads.size(), 6u);
  for (const auto &load : fake().moduleLoads) {
    size_t i = 0;
    while (i + 1 < pack.offsets.size() &&
           load.image != reinterpret_cast<const char *>(pack.original.data() +
                                                        pack.offsets[i]))
      ++i;
    EXPECT_EQ(std::memcmp(load.data, pack.original.data() + pack.offsets[i],
                          pack.variants[i].binary_size),
              0)
        << load.image;
  }
}

// A launcher's binaries cut into several packs (parts): a load decompresses
// only its own part, and parts decompressed one after another (with the one
// reused decompression context) each give their original bytes.
TEST_F(PackTest, OnlyTheNeededPartIsDecompressed) {
  TestPack other{
      {"sm_90a part two add_kernel", std::string(200, 'y') + " add_kernel"}};
  tkc_device dev = device(0);
  ASSERT_EQ(tkc_load_variant(&dev, &other.variants[1]), TKC_SUCCESS)
      << tkc_last_error();
  EXPECT_EQ(decompressions.load(), 1);
  EXPECT_EQ(pack.packState.bytes, nullptr);
  EXPECT_NE(other.packState.bytes, nullptr);
  ASSERT_EQ(tkc_load_variant(&dev, &pack.variants[1]), TKC_SUCCESS)
      << tkc_last_error();
  ASSERT_EQ(tkc_load_variant(&dev, &other.variants[0]), TKC_SUCCESS)
      << tkc_last_error();
  EXPECT_EQ(decompressions.load(), 2);
  ASSERT_EQ(fake().moduleLoads.size(), 3u);
  EXPECT_EQ(fake().moduleLoads[1].image, "sm_90a generic add_kernel");
  EXPECT_EQ(fake().moduleLoads[2].image, "sm_90a part two add_kernel");
  EXPECT_EQ(std::memcmp(fake().moduleLoads[0].data,
                        other.original.data() + other.offsets[1],
                        other.variants[1].binary_size),
            0);
}

TEST_F(PackTest, CorruptFrameIsAModuleLoadErrorAndIsRetried) {
  unsigned char &byte = pack.frame[pack.frame.size() / 2];
  byte ^= 0x5a;
  expectLoadFails(pack.variants[0],
                  "the CUDA binaries of add cannot be decompressed");
  std::string reason = tkc_last_error();
  EXPECT_NE(reason.find("zstd: "), std::string::npos) << reason;
  EXPECT_EQ(pack.packState.bytes, nullptr);
  // The failure is not kept: once the bytes are right, the load works.
  byte ^= 0x5a;
  tkc_device dev = device(0);
  EXPECT_EQ(tkc_load_variant(&dev, &pack.variants[0]), TKC_SUCCESS)
      << tkc_last_error();
  EXPECT_EQ(decompressions.load(), 2);
}

TEST_F(PackTest, TruncatedFrameIsAModuleLoadError) {
  pack.pack.compressed_size = pack.frame.size() - 5;
  expectLoadFails(pack.variants[1], "cannot be decompressed");
}

TEST_F(PackTest, BytesThatAreNoFrameAreAModuleLoadError) {
  static const unsigned char text[] = "sm_90a add_kernel, not compressed";
  pack.pack.compressed = text;
  pack.pack.compressed_size = sizeof text;
  expectLoadFails(pack.variants[0], "not a zstd frame");
}

TEST_F(PackTest, WrongSizeIsAModuleLoadError) {
  pack.pack.size += 8;
  pack.pack.compressed = pack.frame.data();
  expectLoadFails(pack.variants[0], "the launcher expects");
}

TEST_F(PackTest, VariantOutsideItsPackIsAnInvalidArgument) {
  pack.variants[2].pack_offset = pack.pack.size;
  tkc_device dev = device(0);
  EXPECT_EQ(tkc_load_variant(&dev, &pack.variants[2]),
            TKC_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tkc_last_error()).find("lie outside"),
            std::string::npos)
      << tkc_last_error();
  EXPECT_EQ(decompressions.load(), 0);
}

} // namespace
