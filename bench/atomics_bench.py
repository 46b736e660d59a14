"""Kernels built on atomics (kernels/atomics.py): tkc vs Triton's JIT.

Times `histogram()` (2^24 int32 values into 256 bins: heavy contention on
few addresses), `abs_max()` (2^26 fp32 values, one float atomic maximum
per 1024-element program) and `compact_positive()` (2^26 fp32 values, one
atomic add per program whose old value all its threads use) from libtkc_kernels.so with ctypes, and the same
@triton.jit functions through Triton's JIT with the same BLOCK_SIZE and
num_warps, in one process, on the same buffers (reset before each run).
Results are checked first (exact counts; the exact maximum; the kept
values, sorted). Prints the
median times (do_bench), the input bandwidth and the ratio tkc / Triton.
Needs a GPU, PyTorch and Triton (the GPU machine; see bench/README.md).
"""
import argparse
import ctypes
import importlib.util
import os

import torch
import triton
import triton.testing

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOCK_SIZE, NUM_WARPS = 1024, 4  # kernels/BUILD's histogram and abs_max


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=os.path.join(REPO, ".gpu",
                                                      "libtkc_kernels.so"))
    args = parser.parse_args()

    spec = importlib.util.spec_from_file_location(
        "tkc_atomics", os.path.join(REPO, "kernels", "atomics.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lib = ctypes.CDLL(args.lib)
    lib.histogram.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int32] * 2
    lib.abs_max.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int32]
    lib.compact_positive.argtypes = [ctypes.c_void_p] * 4 + [ctypes.c_int32]
    lib.histogram.restype = lib.abs_max.restype = ctypes.c_int
    lib.compact_positive.restype = ctypes.c_int

    def check(status):
        if status != 0:
            raise RuntimeError("tkc status %d" % status)

    stream = lambda: torch.cuda.current_stream().cuda_stream
    print("device: %s; torch %s, triton %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__))

    n, bins = 1 << 24, 256
    x = torch.randint(0, bins, (n,), device="cuda", dtype=torch.int32)
    counts = torch.zeros(bins, device="cuda", dtype=torch.int32)
    grid = (triton.cdiv(n, BLOCK_SIZE),)

    def hist_tkc():
        counts.zero_()
        check(lib.histogram(stream(), x.data_ptr(), counts.data_ptr(), n,
                            bins))

    def hist_triton():
        counts.zero_()
        module.histogram_kernel[grid](x, counts, n, bins,
                                      BLOCK_SIZE=BLOCK_SIZE,
                                      num_warps=NUM_WARPS)

    want = torch.bincount(x.long(), minlength=bins).int()
    for name, run in (("tkc", hist_tkc), ("triton", hist_triton)):
        run()
        torch.cuda.synchronize()
        if not torch.equal(counts, want):
            raise RuntimeError("histogram: %s's counts differ" % name)

    m = 1 << 26
    v = torch.randn(m, device="cuda") * 10
    out = torch.zeros(1, device="cuda")
    grid_v = (triton.cdiv(m, BLOCK_SIZE),)

    def max_tkc():
        out.zero_()
        check(lib.abs_max(stream(), v.data_ptr(), out.data_ptr(), m))

    def max_triton():
        out.zero_()
        module.abs_max_kernel[grid_v](v, out, m, BLOCK_SIZE=BLOCK_SIZE,
                                      num_warps=NUM_WARPS)

    want_max = v.abs().max()
    for name, run in (("tkc", max_tkc), ("triton", max_triton)):
        run()
        torch.cuda.synchronize()
        if not torch.equal(out[0], want_max):
            raise RuntimeError("abs_max: %s's maximum differs" % name)

    kept = torch.empty(m, device="cuda")
    count = torch.zeros(1, device="cuda", dtype=torch.int32)

    def compact_tkc():
        count.zero_()
        check(lib.compact_positive(stream(), v.data_ptr(), kept.data_ptr(),
                                   count.data_ptr(), m))

    def compact_triton():
        count.zero_()
        module.compact_positive_kernel[grid_v](v, kept, count, m,
                                               BLOCK_SIZE=BLOCK_SIZE,
                                               num_warps=NUM_WARPS)

    want_kept = torch.sort(v[v > 0]).values
    for name, run in (("tkc", compact_tkc), ("triton", compact_triton)):
        run()
        torch.cuda.synchronize()
        got = torch.sort(kept[:int(count.item())]).values
        if not torch.equal(got, want_kept):
            raise RuntimeError("compact_positive: %s kept other values" % name)

    # Each run includes the reset of its output (a one-kernel fill), for
    # both peers alike; rotated order over three rounds.
    for label, peers, nbytes in (
            ("histogram 2^24 int32, 256 bins", (hist_tkc, hist_triton),
             n * 4),
            ("abs_max 2^26 fp32", (max_tkc, max_triton), m * 4),
            ("compact_positive 2^26 fp32", (compact_tkc, compact_triton),
             m * 4 + want_kept.numel() * 4)):
        times = [[], []]
        for r in range(3):
            for i in ((0, 1) if r % 2 == 0 else (1, 0)):
                times[i].append(triton.testing.do_bench(peers[i], warmup=25,
                                                        rep=200))
        tkc_ms, triton_ms = (sorted(t)[1] for t in times)
        print("%-32s tkc %8.1f us %7.1f GB/s   triton %8.1f us %7.1f GB/s"
              "   tkc/triton (bandwidth) %.3f" % (
                  label, tkc_ms * 1e3, nbytes / tkc_ms / 1e6,
                  triton_ms * 1e3, nbytes / triton_ms / 1e6,
                  triton_ms / tkc_ms))


if __name__ == "__main__":
    main()
