"""Matrix products: tkc's ahead-of-time kernels/matmul.py against Triton's JIT
on the same source with the same config, and cuBLAS (torch.matmul), in one
process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each kernel and shape it calls the generated C function
(e.g. `matmul_fp16_128()`) from libtkc_kernels.so with ctypes on PyTorch's
current stream, launches `matmul_kernel` through Triton's JIT with the
BLOCK_M/N/K, GROUP_M, num_warps and num_stages tkc compiled it with (read
from the staged metadata), checks both against
torch.matmul, then times all three with triton.testing.do_bench (median) and
prints TFLOP/s and the ratios tkc / Triton and tkc / cuBLAS.
"""

import argparse
import ctypes
import importlib.util
import json
import os

import torch
import triton
import triton.testing

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The shipped kernels this bench knows: C function -> (torch dtype, whether
# its C API takes the unit column strides; a kernel built only for unit
# strides, `i32:1`, has them as constants).
KERNELS = {
    "matmul_fp16_128": (torch.float16, False),
    "matmul_fp16": (torch.float16, True),
    "matmul_fp32": (torch.float32, True),
}
SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (16, 8192, 8192),
          (128, 8192, 8192), (1024, 1024, 1024)]


def load_source():
    spec = importlib.util.spec_from_file_location(
        "tkc_matmul", os.path.join(REPO, "kernels", "matmul.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.matmul_kernel


def metadata(staged, name):
    """The sm_90a metadata of `name`'s first specialization."""
    for file in (f"{name}.s0.sm_90a.json", f"{name}.sm_90a.json"):
        path = os.path.join(staged, "kernels", file)
        if os.path.exists(path):
            with open(path) as f:
                return json.load(f)
    raise FileNotFoundError(f"no sm_90a metadata for {name} in {staged}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib", default=os.path.join(REPO, ".gpu",
                                                      "libtkc_kernels.so"))
    parser.add_argument("--staged", default=os.path.join(REPO, ".gpu"))
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    lib = ctypes.CDLL(args.lib)
    lib.tkc_last_error.restype = ctypes.c_char_p
    kernel = load_source()
    torch.manual_seed(0)
    for name, (dtype, unit_strides) in KERNELS.items():
        if args.only and name != args.only:
            continue
        meta = metadata(args.staged, name)
        consts = {p["name"]: int(p["value"]) for p in meta["params"]
                  if p["kind"] == "constexpr"}
        fn = getattr(lib, name)
        fn.restype = ctypes.c_int
        for m, n, k in SHAPES:
            if name != "matmul_fp16_128" and m * n * k > 4096 ** 3:
                continue
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n, device="cuda", dtype=dtype)
            c_tkc = torch.empty(m, n, device="cuda", dtype=dtype)
            c_tri = torch.empty_like(c_tkc)
            stream = torch.cuda.current_stream().cuda_stream

            def run_tkc():
                strides = (k, 1, n, 1, n, 1) if unit_strides else (k, n, n)
                status = fn(ctypes.c_void_p(stream),
                            ctypes.c_void_p(a.data_ptr()),
                            ctypes.c_void_p(b.data_ptr()),
                            ctypes.c_void_p(c_tkc.data_ptr()),
                            m, n, k, *strides)
                assert status == 0, (f"{name} returned {status}: "
                                     f"{lib.tkc_last_error().decode()}")

            grid = (triton.cdiv(m, consts["BLOCK_M"]) *
                    triton.cdiv(n, consts["BLOCK_N"]),)

            def run_triton():
                kernel[grid](a, b, c_tri, m, n, k, k, 1, n, 1, n, 1,
                             num_warps=meta["num_warps"],
                             num_stages=meta.get("num_stages", 3), **consts)

            run_tkc()
            run_triton()
            ref = torch.matmul(a, b)
            torch.cuda.synchronize()
            scale = max(1.0, float(ref.abs().max()))
            err_tkc = float((c_tkc.float() - ref.float()).abs().max()) / scale
            err_tri = float((c_tri.float() - ref.float()).abs().max()) / scale
            t_tkc = triton.testing.do_bench(run_tkc)
            t_tri = triton.testing.do_bench(run_triton)
            t_cub = triton.testing.do_bench(lambda: torch.matmul(a, b))
            flops = 2.0 * m * n * k
            tf = lambda ms: flops / ms / 1e9
            print(f"{name:16s} {m:5d}x{n:5d}x{k:5d}  tkc {tf(t_tkc):7.1f} "
                  f"Triton {tf(t_tri):7.1f} cuBLAS {tf(t_cub):7.1f} TFLOP/s  "
                  f"tkc/Triton {t_tri / t_tkc:5.3f} tkc/cuBLAS "
                  f"{t_cub / t_tkc:5.3f}  max rel err tkc {err_tkc:.1e} "
                  f"Triton {err_tri:.1e}", flush=True)


if __name__ == "__main__":
    main()
