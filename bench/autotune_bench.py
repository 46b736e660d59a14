"""Run-time autotuning of kernels/col_sum.py (manifest kernels/col_sum.json)
against the best of its configs, each measured on its own, in one process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each shape it times every config through the generated
`col_sum_config()` with triton.testing.do_bench (median; the L2 cache is
flushed between runs), then turns autotuning on (`tkc_set_autotune(1)`), lets
`col_sum()` tune on its first call, asks `col_sum_choose_config()` which config
it kept, and times `col_sum()` itself. It prints every config's time, the pick,
and the ratio best / autotuned (>= 0.95: within 5% of the best; issue 7's
acceptance). With --tuned-file the results are also written there
(TKC_AUTOTUNE_FILE), in the manifest's tuned-table format.

--expect-tuned FILE runs with autotuning off instead and checks that the
library (built with that tuned table in the manifest) picks, for every shape,
the config that FILE records: the persisted choice reproduces without tuning.
Triton's JIT of the same source is timed at the picked config as a yardstick.
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

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (M, N): tall, square, wide, small; a bucket each (next powers of two).
SHAPES = [(65536, 256), (8192, 8192), (1024, 65536), (16384, 1024), (512, 512)]


def load_configs():
    with open(os.path.join(REPO, "kernels", "col_sum.json")) as f:
        return json.load(f)["configs"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"))
    parser.add_argument("--tuned-file", help="TKC_AUTOTUNE_FILE to write")
    parser.add_argument("--expect-tuned", help="tuned table to reproduce with tuning off")
    args = parser.parse_args()
    if args.tuned_file:
        os.environ["TKC_AUTOTUNE_FILE"] = args.tuned_file

    lib = ctypes.CDLL(args.lib)
    p, i32 = ctypes.c_void_p, ctypes.c_int32
    lib.col_sum.argtypes = [p, p, p, i32, i32, i32]
    lib.col_sum_config.argtypes = [p, ctypes.c_int, p, p, i32, i32, i32]
    lib.col_sum_choose_config.argtypes = [p, p, p, i32, i32, i32, ctypes.POINTER(ctypes.c_int)]
    lib.tkc_set_autotune.argtypes = [ctypes.c_int]
    lib.tkc_last_error.restype = ctypes.c_char_p
    configs = load_configs()
    assert lib.col_sum_num_configs() == len(configs)

    spec = importlib.util.spec_from_file_location("col_sum", os.path.join(REPO, "kernels", "col_sum.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    expected = {}
    if args.expect_tuned:
        with open(args.expect_tuned) as f:
            for entry in json.load(f)["tuned"]:
                expected[(entry["key"]["M"], entry["key"]["N"])] = entry["config"]
        lib.tkc_set_autotune(0)
    else:
        lib.tkc_set_autotune(1)

    def check(status):
        if status != 0:
            raise RuntimeError(lib.tkc_last_error().decode())

    failures = 0
    for m, n in SHAPES:
        x = torch.randn(m, n, device="cuda", dtype=torch.float32)
        out = torch.empty(n, device="cuda", dtype=torch.float32)
        ref = x.sum(dim=0)
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        call = (x.data_ptr(), out.data_ptr(), m, n, x.stride(0))

        times = []
        for c, config in enumerate(configs):
            run = lambda c=c: check(lib.col_sum_config(stream, c, *call))
            run()
            torch.cuda.synchronize()
            torch.testing.assert_close(out, ref, rtol=1e-4, atol=1e-3)
            times.append(triton.testing.do_bench(run))
        best = min(range(len(configs)), key=lambda c: times[c])

        chosen = ctypes.c_int(-1)
        check(lib.col_sum_choose_config(stream, *call, ctypes.byref(chosen)))
        out.zero_()
        run = lambda: check(lib.col_sum(stream, *call))
        run()
        torch.cuda.synchronize()
        torch.testing.assert_close(out, ref, rtol=1e-4, atol=1e-3)
        auto = triton.testing.do_bench(run)

        picked = configs[chosen.value]
        meta = dict(picked["constexprs"])
        grid = (triton.cdiv(n, meta["BLOCK_N"]),)
        jit = lambda: module.col_sum_kernel[grid](x, out, m, n, x.stride(0), num_warps=picked["num_warps"], num_stages=picked["num_stages"], **meta)
        jit()
        torch.cuda.synchronize()
        torch.testing.assert_close(out, ref, rtol=1e-4, atol=1e-3)
        t_jit = triton.testing.do_bench(jit)

        gbs = lambda ms: (m * n + n) * 4 / ms / 1e6
        print(f"M {m:6d} N {n:6d}: " + "  ".join(f"{cfg['name']} {t * 1000:7.1f}us" for cfg, t in zip(configs, times)))
        ratio = times[best] / auto
        line = (f"  best {configs[best]['name']} {times[best] * 1000:.1f}us ({gbs(times[best]):.0f} GB/s); "
                f"col_sum() picked {picked['name']} {auto * 1000:.1f}us ({gbs(auto):.0f} GB/s); "
                f"best/autotuned {ratio:.3f}; triton JIT at {picked['name']} {t_jit * 1000:.1f}us, tkc/triton {t_jit / auto:.3f}")
        if not args.expect_tuned and ratio < 0.95:
            line += "  BELOW TARGET (0.95)"
            failures += 1
        if args.expect_tuned:
            key = (triton.next_power_of_2(m), triton.next_power_of_2(n))
            want = expected.get(key)
            ok = want == picked["name"]
            line += f"; tuned table says {want}: {'same choice' if ok else 'MISMATCH'}"
            failures += not ok
        print(line, flush=True)

    if args.tuned_file:
        print(f"tuned table written to {args.tuned_file}:")
        print(open(args.tuned_file).read())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
