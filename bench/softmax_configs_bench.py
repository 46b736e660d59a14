"""Every config of softmax_8192 (manifest kernels/softmax.json) against
Triton's JIT of the same source at its default launch, per row width.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For each width it times, on the same input and output buffers,
each config through the generated `softmax_8192_config()` and Triton's JIT
with BLOCK_SIZE 8192 and 16 warps (config 0's launch, as the Triton tutorial
picks for fp32 rows this long), with triton.testing.do_bench (median, L2
flushed) in rotated rounds, and prints each config's GB/s and its ratio to
Triton. The configs differ only in launch settings (num_warps,
max_blocks_per_sm), so their outputs must match config 0's exactly.

It also prints the config `softmax_8192()` itself picks for each shape (the
tuned table's, else config 0, with autotuning off).

--tuned-file FILE writes, for each key bucket (the next powers of two of
n_rows and n_cols), the config with the least mean time over the widths in
it as the manifest's tuned table, for `"tuned_file"` in kernels/softmax.json.
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"))
    parser.add_argument("--rows", type=int, default=16384)
    parser.add_argument("--cols", type=int, nargs="+", default=[2048, 4000, 8192])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tuned-file", help="tuned table to write")
    opts = parser.parse_args()

    with open(os.path.join(REPO, "kernels", "softmax.json")) as f:
        configs = json.load(f)["configs"]
    spec = importlib.util.spec_from_file_location(
        "softmax", os.path.join(REPO, "kernels", "softmax.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    lib = ctypes.CDLL(opts.lib)
    p, i32 = ctypes.c_void_p, ctypes.c_int32
    lib.softmax_8192_config.argtypes = [p, ctypes.c_int, p, p, i32, i32, i32, i32]
    lib.softmax_8192_choose_config.argtypes = [p, p, p, i32, i32, i32, i32,
                                               ctypes.POINTER(ctypes.c_int)]
    lib.tkc_last_error.restype = ctypes.c_char_p
    assert lib.softmax_8192_num_configs() == len(configs)

    buckets = {}  # (n_rows, n_cols) bucket -> {config name: [ms per width]}
    for cols in opts.cols:
        x = torch.randn(opts.rows, cols, device="cuda") * 4
        y = torch.empty_like(x)
        stream = torch.cuda.current_stream().cuda_stream

        def run_config(index):
            status = lib.softmax_8192_config(stream, index, x.data_ptr(), y.data_ptr(),
                                             x.stride(0), y.stride(0), opts.rows, cols)
            if status:
                raise RuntimeError("config %d: %s" % (index, lib.tkc_last_error().decode()))

        def run_triton():
            module.softmax_kernel[(opts.rows,)](x, y, x.stride(0), y.stride(0), opts.rows,
                                               cols, BLOCK_SIZE=8192, num_warps=16)

        peers = {"triton": run_triton}
        run_triton()
        want = y.clone()
        for index, config in enumerate(configs):
            y.zero_()
            run_config(index)
            torch.cuda.synchronize()
            if not torch.allclose(y, want, rtol=1e-5, atol=1e-7):
                raise RuntimeError("%s: differs from Triton's" % config["name"])
            peers[config["name"]] = lambda i=index: run_config(i)

        names = list(peers)
        times = {name: [] for name in names}
        for r in range(opts.rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                times[name].append(triton.testing.do_bench(peers[name], warmup=50, rep=300))
        gigabytes = 2 * x.numel() * x.element_size() / 1e9
        reference = statistics.median(times["triton"])
        print("softmax %dx%d fp32 (Triton: BLOCK_SIZE 8192, 16 warps)" % (opts.rows, cols))
        bucket = buckets.setdefault(
            (1 << (opts.rows - 1).bit_length(), 1 << (cols - 1).bit_length()), {})
        for name in names:
            t = statistics.median(times[name])
            print("  %-8s %7.1f us %7.1f GB/s  tkc/triton %.4f" % (
                name, t * 1e3, gigabytes / t * 1e3, reference / t))
            if name != "triton":
                bucket.setdefault(name, []).append(t)
        picked = ctypes.c_int(-1)
        status = lib.softmax_8192_choose_config(stream, x.data_ptr(), y.data_ptr(), x.stride(0),
                                                y.stride(0), opts.rows, cols, ctypes.byref(picked))
        if status:
            raise RuntimeError(lib.tkc_last_error().decode())
        print("  fastest config: %s; softmax_8192() picks %s" % (
            min(names[1:], key=lambda n: statistics.median(times[n])),
            configs[picked.value]["name"]))
    if opts.tuned_file:
        entries = []
        for (rows, cols), per_config in buckets.items():
            mean = {name: statistics.mean(ms) for name, ms in per_config.items()}
            name = min(mean, key=mean.get)
            entries.append({"kernel": "softmax_8192", "arch": "sm_90a",
                            "key": {"n_rows": rows, "n_cols": cols}, "config": name,
                            "time_us": round(mean[name] * 1e3, 2)})
        with open(opts.tuned_file, "w") as f:
            f.write('{"tuned": [\n' + ",\n".join(
                "    " + json.dumps(entry) for entry in entries) + "\n]}\n")


if __name__ == "__main__":
    main()
