"""Vector add, fp32, 2^28 elements: tkc's ahead-of-time library against
Triton's JIT on the same kernels/vector_add.py source, in one process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build: it loads libtkc_kernels.so (built by Bazel, staged by
tools/stage_gpu.sh) with ctypes, calls the generated `vector_add()` on
PyTorch's current stream, launches the very same `add_kernel` through
`triton.jit` with the same BLOCK_SIZE and num_warps, and times both and
PyTorch's `x + y` with triton.testing.do_bench. It prints GB/s for each
(3 × 4 bytes moved per element) and the ratio tkc / Triton.
"""

import argparse
import ctypes
import importlib.util
import os
import sys

import torch
import triton
import triton.testing

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK_SIZE = 1024  # as in kernels/BUILD's signature
NUM_WARPS = 4  # as in kernels/BUILD (triton_kernel's default)


def load_triton_kernel(path):
    """Imports kernels/vector_add.py as a module and returns its add_kernel."""
    spec = importlib.util.spec_from_file_location("tkc_vector_add", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.add_kernel


def load_tkc(path):
    """Loads the tkc library and declares the C signatures used here."""
    lib = ctypes.CDLL(path)
    lib.vector_add.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int32]
    lib.vector_add.restype = ctypes.c_int
    lib.tkc_status_string.argtypes = [ctypes.c_int]
    lib.tkc_status_string.restype = ctypes.c_char_p
    lib.tkc_last_error.argtypes = []
    lib.tkc_last_error.restype = ctypes.c_char_p
    return lib


def gbps(ms, n):
    """Bandwidth of one add over n fp32 elements (two reads, one write)."""
    return 3 * 4 * n / (ms * 1e-3) / 1e9


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lib",
        default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"),
        help="the tkc kernels library (default: .gpu/libtkc_kernels.so)")
    parser.add_argument(
        "--src",
        default=os.path.join(REPO, "kernels", "vector_add.py"),
        help="the kernel source Triton's JIT runs")
    parser.add_argument("--log2-n", type=int, default=28,
                        help="log2 of the element count (default 28)")
    args = parser.parse_args()

    n = 1 << args.log2_n
    torch.manual_seed(0)
    x = torch.rand(n, device="cuda", dtype=torch.float32)
    y = torch.rand(n, device="cuda", dtype=torch.float32)
    out_tkc = torch.empty_like(x)
    out_triton = torch.empty_like(x)

    lib = load_tkc(args.lib)
    add_kernel = load_triton_kernel(args.src)
    grid = (triton.cdiv(n, BLOCK_SIZE),)

    def run_tkc():
        stream = torch.cuda.current_stream().cuda_stream
        status = lib.vector_add(stream, x.data_ptr(), y.data_ptr(),
                                out_tkc.data_ptr(), n)
        if status != 0:
            raise RuntimeError("vector_add: %s: %s" % (
                lib.tkc_status_string(status).decode(),
                lib.tkc_last_error().decode()))

    def run_triton():
        add_kernel[grid](x, y, out_triton, n, BLOCK_SIZE=BLOCK_SIZE,
                         num_warps=NUM_WARPS)

    def run_torch():
        torch.add(x, y, out=out_triton)

    # Both must compute x + y exactly before their times mean anything.
    run_tkc()
    run_triton()
    torch.cuda.synchronize()
    reference = x + y
    if not torch.equal(out_tkc, reference):
        bad = (out_tkc != reference).nonzero()
        sys.exit("tkc result differs from x + y at %d elements, first %d"
                 % (bad.numel(), bad[0].item()))
    if not torch.equal(out_triton, reference):
        sys.exit("Triton result differs from x + y")

    results = {}
    for name, fn in (("tkc", run_tkc), ("triton", run_triton),
                     ("torch", run_torch)):
        ms = triton.testing.do_bench(fn, warmup=50, rep=500,
                                     return_mode="median")
        results[name] = ms

    print("device: %s; torch %s, triton %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__))
    print("vector add, fp32, n = 2^%d, BLOCK_SIZE=%d, num_warps=%d" % (
        args.log2_n, BLOCK_SIZE, NUM_WARPS))
    for name, ms in results.items():
        print("  %-7s %8.4f ms  %7.1f GB/s" % (name, ms, gbps(ms, n)))
    print("ratio tkc/triton (bandwidth): %.3f" % (
        results["triton"] / results["tkc"]))
    print("ratio tkc/torch (bandwidth): %.3f" % (
        results["torch"] / results["tkc"]))


if __name__ == "__main__":
    main()
