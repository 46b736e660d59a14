"""Every config of the manifest-built softmax kernels (softmax[_fp16]_1024,
softmax[_fp16]_8192: kernels/<function>.json) against Triton's JIT of the
same source at config 0's launch, per shape.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each shape it times, on the same input and output buffers,
each config through the generated `<function>_config()` and Triton's JIT with
config 0's BLOCK_SIZE and num_warps (4 warps at 1024, 16 at 8192, as the Triton
tutorial picks for fp32 rows), with triton.testing.do_bench (median, L2
flushed) in rotated rounds, and prints each config's GB/s and its ratio to
Triton. The configs differ only in launch settings (num_warps,
max_blocks_per_sm), so their outputs must match Triton's. It also prints the
config `<function>()` itself picks for the shape (its tuned table, else
config 0; autotuning is off).

--tuned-dir DIR writes <function>.tuned.json there for each function: for
each key bucket (the next powers of two of n_rows and n_cols), the config with
the least mean time over the shapes in it, in the manifest's tuned-table
format (kernels/softmax_<BLOCK_SIZE>.json's "tuned_file").
"""

import argparse
import ctypes
import importlib.util
import json
import os
import statistics

import torch
import triton.testing

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# function: its (rows, cols) shapes.
SHAPES = {
    "softmax_1024": [(65536, 1024), (65536, 512), (16384, 1024)],
    "softmax_8192": [(16384, 2048), (16384, 4000), (16384, 8192)],
    "softmax_fp16_1024": [(65536, 1024), (16384, 1024)],
    "softmax_fp16_8192": [(16384, 4000), (16384, 8192)],
}


def bucket(value):
    """The manifest's default (pow2) bucket of a key value."""
    return 1 << (value - 1).bit_length()


def bench_function(lib, module, function, shapes, rounds):
    """Times every config of `function` on `shapes`; returns the tuned table
    entries (fastest config per key bucket)."""
    with open(os.path.join(REPO, "kernels", function + ".json")) as f:
        manifest = json.load(f)
    configs = manifest["configs"]
    half = manifest["specializations"][0]["signature"].startswith("*fp16")
    dtype = torch.float16 if half else torch.float32
    # Another warp count sums in another order: fp16 outputs may then round
    # one ulp apart.
    rtol, atol = (2e-3, 1e-6) if half else (1e-5, 1e-7)
    block = configs[0]["constexprs"]["BLOCK_SIZE"]
    warps = configs[0]["num_warps"]
    p, i32 = ctypes.c_void_p, ctypes.c_int32
    config_fn = getattr(lib, function + "_config")
    config_fn.argtypes = [p, ctypes.c_int, p, p, i32, i32, i32, i32]
    choose_fn = getattr(lib, function + "_choose_config")
    choose_fn.argtypes = [p, p, p, i32, i32, i32, i32, ctypes.POINTER(ctypes.c_int)]
    assert getattr(lib, function + "_num_configs")() == len(configs)

    buckets = {}  # (n_rows, n_cols) bucket -> {config name: [ms per shape]}
    for rows, cols in shapes:
        x = (torch.randn(rows, cols, device="cuda") * 4).to(dtype)
        y = torch.empty_like(x)
        stream = torch.cuda.current_stream().cuda_stream
        args = (x.data_ptr(), y.data_ptr(), x.stride(0), y.stride(0), rows, cols)

        def run_config(index):
            if config_fn(stream, index, *args):
                raise RuntimeError("%s config %d: %s" % (
                    function, index, lib.tkc_last_error().decode()))

        def run_triton():
            module.softmax_kernel[(rows,)](x, y, x.stride(0), y.stride(0), rows, cols,
                                           BLOCK_SIZE=block, num_warps=warps)

        run_triton()
        want = y.clone()
        peers = {"triton": run_triton}
        for index, config in enumerate(configs):
            y.zero_()
            run_config(index)
            torch.cuda.synchronize()
            if not torch.allclose(y.float(), want.float(), rtol=rtol, atol=atol):
                raise RuntimeError("%s %s: differs from Triton's" % (function, config["name"]))
            peers[config["name"]] = lambda i=index: run_config(i)

        names = list(peers)
        times = {name: [] for name in names}
        for r in range(rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                times[name].append(triton.testing.do_bench(peers[name], warmup=50, rep=300))
        median = {name: statistics.median(ms) for name, ms in times.items()}
        gigabytes = 2 * x.numel() * x.element_size() / 1e9
        picked = ctypes.c_int(-1)
        if choose_fn(stream, *args, ctypes.byref(picked)):
            raise RuntimeError(lib.tkc_last_error().decode())
        print("%s %dx%d %s (Triton: BLOCK_SIZE %d, %d warps)" % (
            function, rows, cols, "fp16" if half else "fp32", block, warps))
        for name in names:
            print("  %-8s %7.1f us %7.1f GB/s  tkc/triton %.4f" % (
                name, median[name] * 1e3, gigabytes / median[name] * 1e3,
                median["triton"] / median[name]))
        print("  fastest config: %s; %s() picks %s" % (
            min(names[1:], key=median.get), function, configs[picked.value]["name"]))
        per_config = buckets.setdefault((bucket(rows), bucket(cols)), {})
        for name in names[1:]:
            per_config.setdefault(name, []).append(median[name])

    entries = []
    for (rows, cols), per_config in buckets.items():
        mean = {name: statistics.mean(ms) for name, ms in per_config.items()}
        name = min(mean, key=mean.get)
        entries.append({"kernel": function, "arch": "sm_90a",
                        "key": {"n_rows": rows, "n_cols": cols}, "config": name,
                        "time_us": round(mean[name] * 1e3, 2)})
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"))
    parser.add_argument("--functions", nargs="+", default=list(SHAPES))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tuned-dir", help="where to write <function>.tuned.json")
    opts = parser.parse_args()

    spec = importlib.util.spec_from_file_location(
        "softmax", os.path.join(REPO, "kernels", "softmax.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lib = ctypes.CDLL(opts.lib)
    lib.tkc_last_error.restype = ctypes.c_char_p

    for function in opts.functions:
        entries = bench_function(lib, module, function, SHAPES[function], opts.rounds)
        if opts.tuned_dir:
            with open(os.path.join(opts.tuned_dir, function + ".tuned.json"), "w") as f:
                f.write('{"tuned": [\n' + ",\n".join(
                    "    " + json.dumps(entry) for entry in entries) + "\n]}\n")


if __name__ == "__main__":
    main()
