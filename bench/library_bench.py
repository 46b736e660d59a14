"""tkc's Triton-language library (tl.sort, tl.flip, tl.rand, tl.randn,
tl.randint, a dropout), tl.gather and tl.histogram (kernels/indexing.py),
libdevice's special functions (kernels/special_math.py) and tensor
descriptors as parameters (kernels/descriptors.py) against Triton's JIT on
the same sources, in one process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each kernel it calls the generated C function from
libtkc_kernels.so with ctypes on PyTorch's current stream and launches the
same @triton.jit function through Triton's JIT with the constexprs and
num_warps tkc compiled it with (as kernels/BUILD gives them). It first
compares the outputs: bit for bit for sort, flip, randint, rand, dropout,
gather, histogram and descriptors, and the largest difference for randn
(fp32 log/sqrt/cos may round differently) and the special functions. Then it times both with triton.testing.do_bench (median; warm, in ABBA order: bench/timing.py) and
prints the ratio tkc / Triton (time of Triton / time of tkc; above 1 means
tkc is faster).
"""

import argparse
import ctypes
import importlib.util
import os
import sys

import torch
import triton
import triton.testing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timing  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NUM_WARPS = 4  # triton_kernel's default, used by every kernel here


def load_source(name="library"):
    spec = importlib.util.spec_from_file_location(
        "tkc_" + name, os.path.join(REPO, "kernels", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_tkc(path):
    lib = ctypes.CDLL(path)
    p, i32, f32 = ctypes.c_void_p, ctypes.c_int32, ctypes.c_float
    signatures = {
        "sort_rows": [p, p, p, i32, i32],
        "sort_rows_descending": [p, p, p, i32, i32],
        "flip_tiles_dim0": [p, p, p, i32],
        "flip_tiles_dim1": [p, p, p, i32],
        "random_numbers": [p, p, p, p, i32, i32],
        "dropout": [p, p, p, i32, f32, i32],
        "gather_tile": [p, p, p, p, i32],
        "block_histogram": [p, p, p, i32],
        "special_math": [p, p, p, i32],
        "scale_tiles": [p, p, i32, i32, ctypes.c_int64, p, i32, i32,
                        ctypes.c_int64, i32, i32, f32],
    }
    for name, argtypes in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes = argtypes
        fn.restype = ctypes.c_int
    lib.tkc_status_string.argtypes = [ctypes.c_int]
    lib.tkc_status_string.restype = ctypes.c_char_p
    lib.tkc_last_error.restype = ctypes.c_char_p
    return lib


def call(lib, name, *args):
    stream = torch.cuda.current_stream().cuda_stream
    status = getattr(lib, name)(stream, *args)
    if status != 0:
        raise RuntimeError("%s: %s: %s" % (
            name, lib.tkc_status_string(status).decode(),
            lib.tkc_last_error().decode()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lib", default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"))
    args = parser.parse_args()
    lib = load_tkc(args.lib)
    src = load_source()
    torch.manual_seed(0)
    failures = []
    cases = []

    # tl.sort: 16384 rows of 1024 fp32 values (and ragged 1000-wide rows).
    for descending in (False, True):
        for cols in (1024, 1000):
            rows = 16384
            x = torch.randn(rows, cols, device="cuda")
            y_tkc, y_tri = torch.empty_like(x), torch.empty_like(x)
            name = "sort_rows_descending" if descending else "sort_rows"
            cases.append(("%s %dx%d" % (name, rows, cols),
                          lambda x=x, y=y_tkc, n=name, r=rows, c=cols: call(
                              lib, n, x.data_ptr(), y.data_ptr(), r, c),
                          lambda x=x, y=y_tri, r=rows, c=cols, d=descending:
                          src.sort_rows_kernel[(r,)](
                              x, y, r, c, N=1024, DESCENDING=d,
                              num_warps=NUM_WARPS),
                          y_tkc, y_tri, True, 2 * x.numel() * 4))

    # tl.flip: 65536 fp16 tiles of 32x64 along each dimension.
    tiles = 65536
    x = torch.randn(tiles, 32, 64, device="cuda", dtype=torch.float16)
    for dim in (0, 1):
        y_tkc, y_tri = torch.empty_like(x), torch.empty_like(x)
        cases.append(("flip_tiles_dim%d" % dim,
                      lambda y=y_tkc, d=dim: call(
                          lib, "flip_tiles_dim%d" % d, x.data_ptr(),
                          y.data_ptr(), tiles),
                      lambda y=y_tri, d=dim: src.flip_tiles_kernel[(tiles,)](
                          x, y, tiles, ROWS=32, COLS=64, DIM=d,
                          num_warps=NUM_WARPS),
                      y_tkc, y_tri, True, 2 * x.numel() * 2))

    # Philox: 2^24 numbers of each kind, seed 1234.
    n = 1 << 24
    outs = {k: (torch.empty(n, device="cuda", dtype=dt),
                torch.empty(n, device="cuda", dtype=dt))
            for k, dt in (("rand", torch.float32), ("randn", torch.float32),
                          ("randint", torch.int32))}
    grid = (triton.cdiv(n, 1024),)
    cases.append(("random_numbers",
                  lambda: call(lib, "random_numbers",
                               outs["rand"][0].data_ptr(),
                               outs["randn"][0].data_ptr(),
                               outs["randint"][0].data_ptr(), 1234, n),
                  lambda: src.random_kernel[grid](
                      outs["rand"][1], outs["randn"][1], outs["randint"][1],
                      1234, n, BLOCK_SIZE=1024, num_warps=NUM_WARPS),
                  None, None, None, 3 * n * 4))

    # Dropout: 2^26 fp32 elements, p = 0.3.
    n_drop = 1 << 26
    xd = torch.randn(n_drop, device="cuda")
    yd_tkc, yd_tri = torch.empty_like(xd), torch.empty_like(xd)
    cases.append(("dropout",
                  lambda: call(lib, "dropout", xd.data_ptr(),
                               yd_tkc.data_ptr(), n_drop, 0.3, 7),
                  lambda: src.dropout_kernel[(triton.cdiv(n_drop, 1024),)](
                      xd, yd_tri, n_drop, 0.3, 7, BLOCK_SIZE=1024,
                      num_warps=NUM_WARPS),
                  yd_tkc, yd_tri, True, 2 * n_drop * 4))

    # tl.gather: 65536 tiles of 64x16 fp32, 32 rows picked per tile.
    indexing = load_source("indexing")
    tiles = 65536
    src_t = torch.randn(tiles, 64, 16, device="cuda")
    idx_t = torch.randint(0, 64, (tiles, 32, 16), device="cuda",
                          dtype=torch.int32)
    g_tkc, g_tri = (torch.empty(tiles, 32, 16, device="cuda")
                    for _ in range(2))
    cases.append(("gather_tile", lambda: call(
        lib, "gather_tile", src_t.data_ptr(), idx_t.data_ptr(),
        g_tkc.data_ptr(), tiles),
        lambda: indexing.gather_tile_kernel[(tiles,)](
            src_t, idx_t, g_tri, tiles, M=64, N=16, K=32,
            num_warps=NUM_WARPS),
        g_tkc, g_tri, True, (src_t.numel() + 2 * idx_t.numel()) * 4))

    # tl.histogram: 2^24 int32 values into 64 bins per 1024.
    n_h = 1 << 24
    xh = torch.randint(-8, 72, (n_h,), device="cuda", dtype=torch.int32)
    h_tkc, h_tri = (torch.empty(n_h // 1024 * 64, device="cuda",
                                dtype=torch.int32) for _ in range(2))
    cases.append(("block_histogram", lambda: call(
        lib, "block_histogram", xh.data_ptr(), h_tkc.data_ptr(), n_h),
        lambda: indexing.block_histogram_kernel[(n_h // 1024,)](
            xh, h_tri, n_h, NUM_BINS=64, BLOCK_SIZE=1024,
            num_warps=NUM_WARPS),
        h_tkc, h_tri, True, n_h * 4))

    # libdevice's special functions: 2^22 fp32 inputs, 8 outputs each.
    special = load_source("special_math")
    n_s = 1 << 22
    xs = torch.rand(n_s, device="cuda") * 0.98 + 0.01
    s_tkc, s_tri = (torch.empty(8 * n_s, device="cuda") for _ in range(2))
    cases.append(("special_math", lambda: call(
        lib, "special_math", xs.data_ptr(), s_tkc.data_ptr(), n_s),
        lambda: special.special_math_kernel[(n_s // 1024,)](
            xs, s_tri, n_s, BLOCK_SIZE=1024, num_warps=NUM_WARPS),
        s_tkc, s_tri, False, 9 * n_s * 4))

    # Tensor descriptors as parameters: a 4000 x 3000 fp32 matrix with rows
    # 3072 wide, tiles 32x64 (Triton's JIT uses TMA on the H100).
    descriptors = load_source("descriptors")
    from triton.tools.tensor_descriptor import TensorDescriptor
    rows, cols, stride = 4000, 3000, 3072
    xm = torch.randn(rows, stride, device="cuda")[:, :cols]
    d_tkc, d_tri = (torch.zeros(rows, stride, device="cuda")[:, :cols]
                    for _ in range(2))
    in_desc = TensorDescriptor.from_tensor(xm, [32, 64])
    out_desc = TensorDescriptor.from_tensor(d_tri, [32, 64])
    grid_d = (triton.cdiv(rows, 32) * triton.cdiv(cols, 64),)
    cases.append(("scale_tiles (descriptors)", lambda: call(
        lib, "scale_tiles", xm.data_ptr(), rows, cols, stride,
        d_tkc.data_ptr(), rows, cols, stride, rows, cols, 0.75),
        lambda: descriptors.scale_tiles_kernel[grid_d](
            in_desc, out_desc, rows, cols, 0.75, BLOCK_M=32, BLOCK_N=64,
            num_warps=NUM_WARPS),
        d_tkc, d_tri, True, 2 * rows * cols * 4))

    print("device: %s; torch %s, triton %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__))
    for name, run_tkc, run_triton, y_tkc, y_tri, exact, nbytes in cases:
        run_tkc()
        run_triton()
        torch.cuda.synchronize()
        if y_tkc is None:  # the random numbers
            for kind, (a, b) in outs.items():
                if kind == "randn":
                    diff = (a - b).abs().max().item()
                    print("  randn: largest |tkc - triton| = %.3g" % diff)
                    if diff > 1e-4:
                        failures.append("randn differs by %g" % diff)
                elif not torch.equal(a, b):
                    bad = (a != b).sum().item()
                    failures.append("%s: %d of %d differ" % (kind, bad, n))
        elif not exact:
            diff = ((y_tkc - y_tri).abs() / (1 + y_tri.abs())).max().item()
            print("  %s: largest relative difference to Triton %.3g" % (
                name, diff))
            if diff > 1e-5:
                failures.append("%s differs by %g" % (name, diff))
        elif not torch.equal(y_tkc, y_tri):
            bad = (y_tkc != y_tri).sum().item()
            failures.append("%s: %d elements differ from Triton" % (name, bad))
        t_tkc, t_tri = timing.time_pair(run_tkc, run_triton, warmup=25,
                                        rep=200, return_mode="median")
        print("  %-32s tkc %8.4f ms %7.1f GB/s  triton %8.4f ms  "
              "ratio %.3f" % (name, t_tkc, nbytes / t_tkc / 1e6, t_tri,
                              t_tri / t_tkc))
    if failures:
        sys.exit("MISMATCH: " + "; ".join(failures))
    print("all outputs match Triton")


if __name__ == "__main__":
    main()
