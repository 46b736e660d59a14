//===- DriverTest.cpp - In-process tests of the compile session -----------===//
//
// Compiles a small kernel through the driver library for an NVIDIA and an
// AMD target, reads the metadata back through the contract library, and
// checks that failures come back as failure() with the process still
// running.
//
//===----------------------------------------------------------------------===//

#include "compiler/Driver/Driver.h"

#include "backends/RegisterAllBackends.h"
#include "metadata/KernelMetadata.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace tkc::driver;

namespace {

constexpr const char *kKernel = R"py(import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * 2.0,
             mask=mask)
)py";

/// A scratch directory holding the kernel, removed afterwards.
class DriverTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    tkc::registerAllBackends();
    static bool once = (registerCommandLineOptions(), true);
    (void)once;
  }

  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tkc-driver", dir));
    source.input = path("scale.py");
    source.kernel = "scale_kernel";
    source.signature = "*fp32:16, *fp32:16, i32, 256";
    std::error_code ec;
    llvm::raw_fd_ostream os(source.input, ec);
    ASSERT_FALSE(ec);
    os << kKernel;
    if (const char *runfiles = std::getenv("TEST_SRCDIR")) {
      options.tools.paths["ptxas"] = std::string(runfiles) + "/cuda/bin/ptxas";
      options.tools.paths["libdevice"] =
          std::string(runfiles) + "/cuda/nvvm/libdevice/libdevice.10.bc";
    }
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string path(llvm::StringRef name) const {
    llvm::SmallString<128> result(dir);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }

  void addTargets(llvm::StringRef list) {
    auto specs = tkc::parseTargetList(list);
    ASSERT_TRUE(static_cast<bool>(specs)) << llvm::toString(specs.takeError());
    options.targets = *specs;
  }

  llvm::SmallString<128> dir;
  KernelSource source;
  CompileOptions options;
};

TEST_F(DriverTest, WritesBinariesAndMetadataPerTarget) {
  addTargets("sm_90a,gfx942");
  options.numWarps = 2;
  options.output = path("scale");
  ASSERT_TRUE(succeeded(compileKernel(source, options)));

  auto cuda = tkc::metadata::readKernelMetadata(path("scale.sm_90a.json"));
  ASSERT_TRUE(static_cast<bool>(cuda)) << llvm::toString(cuda.takeError());
  EXPECT_EQ(cuda->kernel, "scale_kernel");
  EXPECT_EQ(cuda->target.backend, "cuda");
  EXPECT_EQ(cuda->binaryFormat, "cubin");
  EXPECT_EQ(cuda->threadsPerBlock(), 64);
  ASSERT_EQ(cuda->kernelArgs.size(), 3u);
  EXPECT_EQ(cuda->params[0].access, "read");
  EXPECT_EQ(cuda->params[1].access, "write");
  auto cubin = llvm::MemoryBuffer::getFile(path(cuda->binaryFile));
  ASSERT_TRUE(static_cast<bool>(cubin));
  EXPECT_EQ(static_cast<int64_t>((*cubin)->getBufferSize()), cuda->binarySize);

  auto hip = tkc::metadata::readKernelMetadata(path("scale.gfx942.json"));
  ASSERT_TRUE(static_cast<bool>(hip)) << llvm::toString(hip.takeError());
  EXPECT_EQ(hip->target.warpSize, 64);
  EXPECT_EQ(hip->binaryFile, "scale.gfx942.hsaco");
  EXPECT_EQ(hip->threadsPerBlock(), 128);
}

TEST_F(DriverTest, AssemblyStageBelongsToItsBackend) {
  addTargets("gfx942");
  options.emit = *parseEmit("ptx");
  options.output = path("out.s");
  EXPECT_TRUE(failed(compileKernel(source, options)));
  EXPECT_FALSE(llvm::sys::fs::exists(path("out.s")));

  options.emit = *parseEmit("amdgcn");
  ASSERT_TRUE(succeeded(compileKernel(source, options)));
  auto text = llvm::MemoryBuffer::getFile(path("out.s"));
  ASSERT_TRUE(static_cast<bool>(text));
  EXPECT_NE((*text)->getBuffer().find("scale_kernel"), llvm::StringRef::npos);
}

TEST_F(DriverTest, FailuresReturnWithoutWritingFiles) {
  addTargets("sm_90a");
  options.output = path("none");
  source.kernel = "missing_kernel";
  EXPECT_TRUE(failed(compileKernel(source, options)));
  source.kernel = "scale_kernel";
  source.signature = "*fp32:16";
  EXPECT_TRUE(failed(compileKernel(source, options)));
  EXPECT_FALSE(llvm::sys::fs::exists(path("none.json")));
}

TEST_F(DriverTest, BackendFailuresNameTheKernelStageAndTarget) {
  addTargets("sm_90a");
  options.output = path("scale");
  options.tools.paths["ptxas"] = path("no-such-ptxas");
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(failed(compileKernel(source, options)));
  std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(errors.find(source.input + ":6:5: stage 'cubin' for cuda:90a "
                                       "failed: ptxas not found"),
            std::string::npos)
      << errors;
}

TEST(EmitRequest, NamesComeFromTheStagesAndBackends) {
  tkc::registerAllBackends();
  EXPECT_EQ(parseEmit("ttgir")->stage, Stage::TTGIR);
  EXPECT_EQ(parseEmit("ptx")->stage, Stage::Assembly);
  EXPECT_EQ(parseEmit("amdgcn")->name(), "amdgcn");
  EXPECT_FALSE(parseEmit("sass").has_value());
  EXPECT_EQ(emitChoicesHelp(), "ast, ttir, ttgir, llir, ptx, amdgcn");
}

} // namespace

/// A K loop whose operand tiles, 8 stages of 64 KiB, need more shared
/// memory than any target has: the compile fails at the kernel's line
/// instead of the launch.
TEST_F(DriverTest, SharedMemoryBeyondTheTargetIsAnError) {
  constexpr const char *kMatmul = R"py(import triton
import triton.language as tl


@triton.jit
def mm(a, b, c, K, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), tl.float32)
    for k in range(0, K, BLOCK):
        acc += tl.dot(tl.load(a + r[:, None] * K + k + r[None, :]),
                      tl.load(b + (k + r[:, None]) * BLOCK + r[None, :]))
    tl.store(c + r[:, None] * BLOCK + r[None, :], acc)
)py";
  std::error_code ec;
  llvm::raw_fd_ostream os(path("mm.py"), ec);
  ASSERT_FALSE(ec);
  os << kMatmul;
  os.close();
  source.input = path("mm.py");
  source.kernel = "mm";
  source.signature = "*fp16:16, *fp16:16, *fp32:16, i32:16, 128";
  addTargets("sm_90a");
  options.numWarps = 8;
  options.numStages = 8;
  options.output = path("mm");
  ::testing::internal::CaptureStderr();
  EXPECT_TRUE(failed(compileKernel(source, options)));
  std::string errors = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(errors.find(source.input + ":6:5: kernel needs "),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("more than the 232448 one block has on cuda:90a"),
            std::string::npos)
      << errors;
  EXPECT_FALSE(llvm::sys::fs::exists(path("mm.json")));
}
