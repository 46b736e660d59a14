"""Softmax at fixed occupancies: tkc's and Triton's cubins through one launcher.

A diagnostic for the last per-mille of softmax (bench/README.md). It loads
tkc's staged cubin (.gpu/kernels/softmax_8192.w16.aligned.sm_90a.cubin:
config w16 of kernels/softmax_8192.json) and the cubin
Triton's JIT builds from the same source, and launches both with the same
ctypes cuLaunchKernel on the same buffers, so that only the machine code, the
resident blocks per SM and the L1/shared-memory split differ. Peers:

  triton-jit   Triton's JIT as users call it (38 registers: 3 blocks/SM)
  tkc@4        tkc's cubin as the generated C launches it (32 registers:
               4 blocks/SM)
  tkc@3        tkc's cubin with 60 KiB of dynamic shared memory per block
               (3 blocks/SM, small L1)
  tkc@3+l1     tkc's cubin with 9 KiB per block in a 32 KiB shared-memory
               carveout (3 blocks/SM, large L1)
  NAME@N       each --cubin NAME=PATH (e.g. tkc's PTX with another ptxas, or
               Triton's PTX capped with .maxnreg 32)
  limBcC@N     each --limit B:P: tkc's cubin padded to B blocks per SM at
               the smallest carveout from P percent up that the occupancy
               calculator accepts (found at carveout C%)

--rounds 0 launches each peer once, untimed (e.g. under Nsight Compute).

Each is timed in rotated rounds, with do_bench (L2 flushed, the default) or
as 100 launches in a row (--back-to-back). Needs a GPU, PyTorch and Triton.
"""
import argparse
import ctypes
import importlib.util
import json
import os
import statistics

import torch
from triton.testing import do_bench

cuda = ctypes.CDLL("libcuda.so.1")

# CUfunction_attribute values.
MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
PREFERRED_SHARED_MEMORY_CARVEOUT = 9
# CUdevice_attribute values.
MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81
RESERVED_SHARED_MEMORY_PER_BLOCK = 111


def device_attribute(attribute):
    """An attribute of device 0."""
    value = ctypes.c_int()
    check(cuda.cuDeviceGetAttribute(ctypes.byref(value), attribute, 0),
          "cuDeviceGetAttribute")
    return value.value


def check(result, what):
    """Raises unless a driver call returned CUDA_SUCCESS."""
    if result != 0:
        raise RuntimeError(f"{what} failed: CUresult {result}")


class Cubin:
    """A kernel loaded from a cubin, launched with `shared` bytes of dynamic
    shared memory and, optionally, a shared-memory carveout (percent)."""

    def __init__(self, image, name, threads, shared, carveout=None):
        self.module = ctypes.c_void_p()
        check(cuda.cuModuleLoadData(ctypes.byref(self.module), image),
              "cuModuleLoadData")
        self.function = ctypes.c_void_p()
        check(cuda.cuModuleGetFunction(ctypes.byref(self.function),
                                       self.module, name.encode()),
              "cuModuleGetFunction")
        self.threads, self.shared = threads, shared
        if shared > 48 * 1024:
            check(cuda.cuFuncSetAttribute(
                self.function, MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                "cuFuncSetAttribute")
        if carveout is not None:
            check(cuda.cuFuncSetAttribute(
                self.function, PREFERRED_SHARED_MEMORY_CARVEOUT, carveout),
                "cuFuncSetAttribute")

    def blocks_per_sm(self):
        """Resident blocks per SM the driver computes for this launch."""
        count = ctypes.c_int()
        check(cuda.cuOccupancyMaxActiveBlocksPerMultiprocessor(
            ctypes.byref(count), self.function, self.threads,
            ctypes.c_size_t(self.shared)), "cuOccupancy")
        return count.value

    def limit(self, blocks, min_percent=1):
        """Searches, from `min_percent` up, the smallest carveout (percent)
        at which padding the dynamic shared memory to 1/`blocks` of it holds
        the kernel to `blocks` per SM, as the driver's occupancy calculator
        reports. Returns (percent, shared bytes) or None. Not what the
        runtime's max_blocks_per_sm does (it pads past 1/(N+1) of the whole
        SM and sets no carveout): at small carveouts the calculator's answer
        and the launch's actual carveout disagree, which this reproduces
        under Nsight Compute (bench/README.md)."""
        attr = lambda a: device_attribute(a)
        per_sm = attr(MAX_SHARED_MEMORY_PER_MULTIPROCESSOR)
        reserved = attr(RESERVED_SHARED_MEMORY_PER_BLOCK)
        optin = attr(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
        for percent in range(min_percent, 101):
            footprint = (per_sm * percent // 100 // blocks) // 128 * 128
            shared = footprint - reserved
            if shared < self.shared:
                continue
            if shared > optin:
                break
            if shared > 48 * 1024:
                check(cuda.cuFuncSetAttribute(
                    self.function, MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                    "cuFuncSetAttribute")
            check(cuda.cuFuncSetAttribute(
                self.function, PREFERRED_SHARED_MEMORY_CARVEOUT, percent),
                "cuFuncSetAttribute")
            old, self.shared = self.shared, shared
            if self.blocks_per_sm() == blocks:
                return percent, shared
            self.shared = old
        return None

    def launch(self, grid, args):
        """Launches on PyTorch's current stream; args are ctypes values."""
        pointers = (ctypes.c_void_p * len(args))(
            *[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) for a in args])
        stream = torch.cuda.current_stream().cuda_stream
        check(cuda.cuLaunchKernel(self.function, grid, 1, 1, self.threads, 1,
                                  1, self.shared, ctypes.c_void_p(stream),
                                  pointers, None), "cuLaunchKernel")


def back_to_back(fn, launches=100):
    """Mean time in ms of `launches` runs in a row, no L2 flush."""
    fn()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(launches):
        fn()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) / launches


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels-dir", default=".gpu/kernels")
    parser.add_argument("--rows", type=int, default=16384)
    parser.add_argument("--cols", type=int, nargs="+", default=[8192, 4000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--back-to-back", action="store_true",
                        help="time 100 launches in a row, no L2 flush")
    parser.add_argument("--cubin", action="append", default=[],
                        metavar="NAME=PATH",
                        help="another cubin of softmax_kernel to time")
    parser.add_argument("--limit", action="append", default=[],
                        type=lambda t: tuple(map(int, t.split(":"))),
                        metavar="BLOCKS:PERCENT",
                        help="also tkc's cubin limited to BLOCKS per SM at "
                        "the smallest carveout from PERCENT up")
    opts = parser.parse_args()

    spec = importlib.util.spec_from_file_location("softmax",
                                                  "kernels/softmax.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    torch.zeros(1, device="cuda")  # PyTorch's context, current from here
    check(cuda.cuInit(0), "cuInit")

    stem = os.path.join(opts.kernels_dir, "softmax_8192.w16.aligned.sm_90a")
    with open(stem + ".json") as f:
        meta = json.load(f)
    with open(stem + ".cubin", "rb") as f:
        image = f.read()
    warps = meta["num_warps"]
    threads = warps * 32
    kernels = {
        "tkc": Cubin(image, meta["entry"], threads, meta["shared_bytes"]),
        "tkc3": Cubin(image, meta["entry"], threads, 60 * 1024),
        "tkc3+l1": Cubin(image, meta["entry"], threads, 9 * 1024,
                         carveout=14),
    }
    for blocks, start in opts.limit:
        kernel = Cubin(image, meta["entry"], threads, meta["shared_bytes"])
        found = kernel.limit(blocks, start)
        print(f"limit {blocks} from {start}%: carveout, shared = {found}")
        if found:
            kernels[f"lim{blocks}c{found[0]}"] = kernel
    for spec_text in opts.cubin:
        name, path = spec_text.split("=", 1)
        with open(path, "rb") as f:
            kernels[name] = Cubin(f.read(), "softmax_kernel", threads, 64)

    rows = opts.rows
    for cols in opts.cols:
        x = torch.randn(rows, cols, device="cuda") * 4
        y = torch.empty_like(x)
        args = [ctypes.c_void_p(x.data_ptr()), ctypes.c_void_p(y.data_ptr()),
                ctypes.c_int32(x.stride(0)), ctypes.c_int32(y.stride(0)),
                ctypes.c_int32(rows), ctypes.c_int32(cols)]
        # Triton's kernels take two scratch pointers more; tkc's ignore them.
        args += [ctypes.c_void_p(0), ctypes.c_void_p(0)]

        def jit():
            return module.softmax_kernel[(rows,)](
                x, y, x.stride(0), y.stride(0), rows, cols, BLOCK_SIZE=8192,
                num_warps=warps)

        compiled = jit()
        torch.cuda.synchronize()
        want = y.clone()
        peers = {"triton-jit": jit}
        for name, kernel in kernels.items():
            label = "%s@%d" % (name.replace("tkc3", "tkc"),
                               kernel.blocks_per_sm())
            peers[label] = lambda k=kernel: k.launch(rows, args)
        for name, fn in peers.items():
            y.zero_()
            fn()
            torch.cuda.synchronize()
            if not torch.allclose(y, want, rtol=1e-5, atol=1e-7):
                raise RuntimeError(f"{name}: result differs from Triton's")

        times = {name: [] for name in peers}
        names = list(peers)
        for r in range(opts.rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                if opts.back_to_back:
                    times[name].append(back_to_back(peers[name]))
                else:
                    times[name].append(do_bench(peers[name], warmup=50,
                                                rep=400))
        if not opts.rounds:
            continue  # e.g. under Nsight Compute: one launch of each peer
        gigabytes = 2 * x.numel() * x.element_size() / 1e9
        reference = statistics.median(times["triton-jit"])
        print(f"softmax {rows}x{cols} fp32, BLOCK_SIZE 8192, {warps} warps "
              f"(Triton: {compiled.n_regs} registers)")
        for name in names:
            t = statistics.median(times[name])
            print(f"  {name:14s} {t * 1e3:7.1f} us {gigabytes / t * 1e3:7.1f}"
                  f" GB/s  triton-jit time / this {reference / t:.4f}")


if __name__ == "__main__":
    main()
