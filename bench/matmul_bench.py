"""Matrix products: tkc's ahead-of-time kernels/matmul.py against Triton's JIT
on the same source with the same config, and cuBLAS (torch.matmul), in one
process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each kernel and shape it calls the generated C function
(e.g. `matmul_fp16()`) from libtkc_kernels.so with ctypes on PyTorch's
current stream, launches `matmul_kernel` through Triton's JIT with the
BLOCK_M/N/K, GROUP_M, num_warps and num_stages tkc compiled it with (read
from the staged metadata), checks both against
torch.matmul, then times all three with triton.testing.do_bench (median; tkc
and Triton warm and in ABBA order, bench/timing.py) and
prints TFLOP/s and the ratios tkc / Triton and tkc / cuBLAS. A kernel built
from a manifest (matmul_fp16_tc) is measured config by config
(`<function>_config()`, each against Triton's JIT with that config); the
best config per shape is printed as a tuned-table row.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import sys

import torch
import triton
import triton.testing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import timing  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The shipped kernels this bench knows: C function -> (torch dtype, whether
# its C API takes the unit column strides; a kernel built only for unit
# strides, `i32:1`, has them as constants).
KERNELS = {
    "matmul_fp16_tc": (torch.float16, False),
    "matmul_fp16": (torch.float16, True),
    "matmul_bf16": (torch.bfloat16, True),
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


def metadatas(staged, name):
    """[(config name or None, sm_90a metadata of the first specialization)],
    in the order of the C API's config indices (a manifest's order)."""
    kernels = os.path.join(staged, "kernels")

    def load(file):
        with open(os.path.join(kernels, file)) as f:
            return json.load(f)

    manifest = os.path.join(REPO, "kernels", name + ".json")
    if os.path.exists(manifest):
        with open(manifest) as f:
            spec = json.load(f)
        first = spec["specializations"][0]["name"]
        return [(c["name"], load(f"{name}.{c['name']}.{first}.sm_90a.json"))
                for c in spec["configs"]]
    for file in (f"{name}.s0.sm_90a.json", f"{name}.sm_90a.json"):
        if os.path.exists(os.path.join(kernels, file)):
            return [(None, load(file))]
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
        configs = metadatas(args.staged, name)
        # Built from a manifest: measured config by config.
        by_config = configs[0][0] is not None
        for m, n, k in SHAPES:
            if name != "matmul_fp16_tc" and m * n * k > 4096 ** 3:
                continue
            a = torch.randn(m, k, device="cuda", dtype=dtype)
            b = torch.randn(k, n, device="cuda", dtype=dtype)
            ref = torch.matmul(a, b)
            t_cub = triton.testing.do_bench(lambda: torch.matmul(a, b))
            flops = 2.0 * m * n * k
            tf = lambda ms: flops / ms / 1e9
            best = None
            for index, (config, meta) in enumerate(configs):
                consts = {p["name"]: int(p["value"]) for p in meta["params"]
                          if p["kind"] == "constexpr"}
                c_tkc = torch.empty(m, n, device="cuda", dtype=dtype)
                c_tri = torch.empty_like(c_tkc)
                strides = (k, 1, n, 1, n, 1) if unit_strides else (k, n, n)
                pointers = [ctypes.c_void_p(t.data_ptr()) for t in (a, b, c_tkc)]

                def run_tkc():
                    stream = ctypes.c_void_p(
                        torch.cuda.current_stream().cuda_stream)
                    if by_config:
                        status = getattr(lib, name + "_config")(
                            stream, index, *pointers, m, n, k, *strides)
                    else:
                        status = getattr(lib, name)(stream, *pointers, m, n,
                                                    k, *strides)
                    assert status == 0, (f"{name} returned {status}: "
                                         f"{lib.tkc_last_error().decode()}")

                grid = (triton.cdiv(m, consts["BLOCK_M"]) *
                        triton.cdiv(n, consts["BLOCK_N"]),)

                def run_triton():
                    kernel[grid](a, b, c_tri, m, n, k, k, 1, n, 1, n, 1,
                                 num_warps=meta["num_warps"],
                                 num_stages=meta.get("num_stages", 3),
                                 **consts)

                run_tkc()
                run_triton()
                torch.cuda.synchronize()
                scale = max(1.0, float(ref.abs().max()))
                err_tkc = float((c_tkc.float() - ref.float()).abs().max()) / scale
                err_tri = float((c_tri.float() - ref.float()).abs().max()) / scale
                t_tkc, t_tri = timing.time_pair(run_tkc, run_triton)
                label = f"{name}[{config}]" if config else name
                print(f"{label:34s} {m:5d}x{n:5d}x{k:5d}  tkc "
                      f"{tf(t_tkc):6.1f} Triton {tf(t_tri):6.1f} cuBLAS "
                      f"{tf(t_cub):6.1f} TFLOP/s  tkc/Triton "
                      f"{t_tri / t_tkc:5.3f} tkc/cuBLAS {t_cub / t_tkc:5.3f}"
                      f"  max rel err tkc {err_tkc:.1e} Triton {err_tri:.1e}",
                      flush=True)
                if err_tkc > 1e-2:
                    raise SystemExit(f"{label} is wrong at {m}x{n}x{k}")
                if best is None or t_tkc < best[1]:
                    best = (config, t_tkc)
            if by_config:
                row = {"kernel": name, "arch": "sm_90a",
                       "key": {"M": m, "N": n, "K": k}, "config": best[0],
                       "time_us": round(best[1] * 1000, 2)}
                print("tuned:", json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
