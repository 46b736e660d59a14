"""tkc_dependencies(): every external repository tkc needs, for tkc's own
WORKSPACE and for any workspace that uses tkc.

    local_repository(name = "tkc", path = "/path/to/tkc")   # or http_archive
    load("@tkc//rules:deps.bzl", "tkc_dependencies")
    tkc_dependencies()

Nothing is downloaded: each repository is a directory on this machine, the
Debian packages tools/setup.sh installs and the CUDA toolkit, and the paths
are parameters for machines that keep them elsewhere. A repository the
calling WORKSPACE already declared (say its own @llvm) is left alone, so a
workspace can override any of them by declaring it first.
"""

load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")

def _tkc_directory_impl(ctx):
    """Links every file of one of tkc's own directories into the repository."""
    directory = ctx.path(ctx.attr.marker).dirname
    for entry in directory.readdir():
        ctx.symlink(entry, entry.basename)

# A directory of the tkc source tree as a repository of its own, found from a
# label inside it, so it works wherever tkc itself is (main or external).
_tkc_directory = repository_rule(
    implementation = _tkc_directory_impl,
    attrs = {"marker": attr.label(mandatory = True, allow_single_file = True)},
    local = True,
)

def tkc_dependencies(
        llvm_path = "/usr/lib/llvm-22",
        cuda_path = "/usr/local/cuda",
        rocm_device_libs_path = "/usr/lib/x86_64-linux-gnu/amdgcn",
        system_prefix = "/usr",
        bazel_rules_path = "/usr/share/bazel"):
    """Declares tkc's external repositories (those not declared already).

    Args:
      llvm_path: LLVM/MLIR/lld 22 (Debian's llvm-22-dev, libmlir-22-dev,
        mlir-22-tools, lld-22).
      cuda_path: the CUDA toolkit (ptxas, libdevice, cuda.h).
      rocm_device_libs_path: the ROCm device libraries' bitcode (Debian's
        rocm-device-libs).
      system_prefix: where GoogleTest, Abseil and zstd are installed
        (Debian's libgtest-dev, libgmock-dev, libabsl-dev, libzstd-dev).
      bazel_rules_path: Debian's Bazel rule sets (bazel-rules-java,
        bazel-rules-proto, bazel-skylib, bazel-platforms).
    """

    # Bazel's built-in WORKSPACE suffix names these as downloads.
    maybe(native.local_repository, name = "rules_java", path = bazel_rules_path + "/rules/java")
    maybe(native.local_repository, name = "rules_proto", path = bazel_rules_path + "/rules/proto")
    maybe(native.local_repository, name = "bazel_skylib", path = bazel_rules_path + "/tools/skylib")
    maybe(native.local_repository, name = "platforms", path = bazel_rules_path + "/tools/platforms")

    # Debian's rules_cc is too new for Bazel 4.2.3; tkc's shim forwards to the
    # native rules. Every *_test needs @remote_coverage_tools; tkc's stub
    # keeps `bazel test` offline.
    maybe(
        _tkc_directory,
        name = "rules_cc",
        marker = Label("//third_party/rules_cc:WORKSPACE"),
    )
    maybe(
        _tkc_directory,
        name = "remote_coverage_tools",
        marker = Label("//third_party/remote_coverage_tools:WORKSPACE"),
    )

    # System libraries and tools, each through a BUILD overlay of tkc's:
    # name -> (overlay, path).
    overlays = {
        "llvm": ("//third_party/llvm:llvm.BUILD", llvm_path),
        "cuda": ("//third_party/cuda:cuda.BUILD", cuda_path),
        "rocm_device_libs": ("//third_party/rocm:rocm_device_libs.BUILD", rocm_device_libs_path),
        "gtest": ("//third_party/gtest:gtest.BUILD", system_prefix),
        "absl": ("//third_party/absl:absl.BUILD", system_prefix),
        "zstd": ("//third_party/zstd:zstd.BUILD", system_prefix),
    }
    for name, (overlay, path) in overlays.items():
        maybe(
            native.new_local_repository,
            name = name,
            build_file = str(Label(overlay)),
            path = path,
        )
