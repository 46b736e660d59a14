"""kernel_compile_tests(): the no-GPU tests of one triton_kernel() target.

    load("//tests/compile:compile_tests.bzl", "kernel_compile_tests")
    kernel_compile_tests(
        kernel = "//kernels:vector_add",
        entry = "add_kernel",
        archs = ["sm_80", "sm_90a"],
    )

creates, for a kernel library `//pkg:NAME`:
  * `NAME_<arch>_cubin_test` per sm_* arch (check_cubin.sh: metadata, ELF,
    symbol, and cuobjdump where installed);
  * `NAME_<arch>_hsaco_test` per gfx* arch (check_hsaco.sh: llvm-objdump
    disassembly, and `llvm-readelf --notes`: entry, wavefront size, and the
    kernarg layout the launcher passes);
  * with `mfma_archs`, `NAME_<arch>_mfma_test` per arch listed
    (check_mfma.sh: v_mfma in the K loop, VGPRs + AGPRs and LDS within
    the hardware's limits);
  * `NAME_c99_test`: the generated NAME.c compiled with -std=c99 -Wall
    -Wextra -Werror into a library that c99_main.c, built the same way, calls.
"""

# Wavefront size of the AMD architectures compiled with their default.
_WAVEFRONT = {
    "gfx90a": 64,
    "gfx942": 64,
    "gfx950": 64,
}

# The flags the generated C must compile cleanly with.
C99_COPTS = [
    "-std=c99",
    "-Wall",
    "-Wextra",
    "-Werror",
]

def kernel_compile_tests(kernel, entry, archs, tags = [], mfma_archs = []):
    """Declares the compile tests of one kernel library.

    Args:
      kernel: the triton_kernel() library's label, e.g. "//kernels:vector_add".
      entry: the @triton.jit function's name, as the metadata's `kernel`.
      archs: the architectures it is compiled for, as in its file names.
      tags: tags for every target created (e.g. ["manual"]).
      mfma_archs: AMD architectures whose code objects must run the
        kernel's dots on MFMA in a loop (kernels with a K loop).
    """
    pkg, name = kernel.split(":")
    codegen = "%s:%s_codegen" % (pkg, name)
    for group in ("binaries", "metadata"):
        native.filegroup(
            name = "%s_%s" % (name, group),
            srcs = [codegen],
            output_group = group,
            tags = tags,
        )
    readelf = "@llvm//:bin/llvm-readelf"
    files = [":%s_binaries" % name, ":%s_metadata" % name]
    objdump = "@llvm//:bin/llvm-objdump"
    for arch in [a for a in archs if a.startswith("gfx")]:
        native.sh_test(
            name = "%s_%s_hsaco_test" % (name, arch),
            size = "small",
            srcs = ["check_hsaco.sh"],
            args = [
                entry,
                arch,
                str(_WAVEFRONT.get(arch, 32)),
                "$(rootpath %s)" % objdump,
                "$(rootpath %s)" % readelf,
            ] + ["$(rootpaths %s)" % f for f in files],
            data = files + [objdump, readelf, "hsaco_variants.sh"],
            tags = tags,
        )
    for arch in mfma_archs:
        native.sh_test(
            name = "%s_%s_mfma_test" % (name, arch),
            size = "small",
            srcs = ["check_mfma.sh"],
            args = [
                entry,
                arch,
                "$(rootpath %s)" % objdump,
                "$(rootpath %s)" % readelf,
            ] + ["$(rootpaths %s)" % f for f in files],
            data = files + [objdump, readelf, "hsaco_variants.sh"],
            tags = tags,
        )
    for arch in [a for a in archs if a.startswith("sm_")]:
        native.sh_test(
            name = "%s_%s_cubin_test" % (name, arch),
            size = "small",
            srcs = ["check_cubin.sh"],
            args = [
                entry,
                arch,
                "$(rootpath %s)" % readelf,
                # A path, not $(rootpath): the filegroup is empty where the
                # toolkit lacks cuobjdump, and the script checks it exists.
                "--cuobjdump=external/cuda/bin/cuobjdump",
            ] + ["$(rootpaths %s)" % f for f in files],
            data = files + [readelf, "@cuda//:cuobjdump"],
            tags = tags,
        )

    # The generated pair again, compiled with the strict flags.
    native.cc_library(
        name = name + "_c99",
        testonly = True,
        srcs = ["%s:%s_source" % (pkg, name)],
        hdrs = ["%s:%s_header" % (pkg, name)],
        strip_include_prefix = "/" + pkg.lstrip("/"),
        copts = C99_COPTS,
        deps = ["//launcher_gen:tkc_runtime"],
        tags = tags,
    )
    native.cc_test(
        name = name + "_c99_test",
        size = "small",
        srcs = ["c99_main.c"],
        copts = C99_COPTS + ["-DKERNEL=" + name],
        linkopts = ["-ldl"],
        linkstatic = True,
        deps = [":%s_c99" % name],
        tags = tags,
    )
