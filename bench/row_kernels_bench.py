"""Row kernels (softmax, RMS norm, row sum/max/argmax/argmin, row sum of
squares and max-abs through tl.reduce, layer norm forward and backward,
cross-entropy forward):
tkc's ahead-of-time library against Triton's JIT on the same kernels/*.py
source, in one process.

Runs only on the GPU machine (PyTorch and Triton installed there), never in CI
or the build. For every case it calls the generated C function (e.g.
`softmax_8192()`) from libtkc_kernels.so with ctypes on PyTorch's current
stream, launches the very same `@triton.jit` function through Triton's JIT
with the BLOCK_SIZE, num_warps and num_stages that tkc compiled it with (read
from the staged metadata, `<function>.s0.sm_90a.json`; config 0's for a
kernel built from a manifest, whose C function picks its config from its
tuned table, e.g. softmax_8192: bench/softmax_configs_bench.py), and runs
PyTorch's
own operator as a third peer. It first checks that tkc and Triton agree with
each other and with PyTorch, then times all three with
triton.testing.do_bench (median; three rounds in rotated order, the median
of the three) and prints GB/s (bytes every kernel must move
at least once) and the ratio tkc / Triton, next to issue 6's target for it.
A family of several kernels (layer norm backward: dx with partial dw/db, then
their sum) is timed as all its launches together, for tkc and for Triton.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import sys

import torch
import torch.nn.functional as F
import triton
import triton.testing

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EPS = 1e-5

# C types of the generated API's parameters (metadata's `c_type`).
CTYPES = {
    "void *": ctypes.c_void_p,
    "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64,
    "float": ctypes.c_float,
    "double": ctypes.c_double,
}


class Family:
    """One kernel of kernels/*.py: how to make its operands and arguments,
    check and measure it. Subclasses fill in the specifics."""

    source = None  # file under kernels/
    kernel = None  # the @triton.jit function
    target = 0.95  # issue 6's least ratio tkc / Triton
    any_width = False  # loops over columns: rows wider than BLOCK_SIZE work

    def __init__(self, rows, cols, dtype):
        self.rows, self.cols, self.dtype = rows, cols, dtype

    def outputs(self):
        """Fresh output tensors, as a tuple."""
        raise NotImplementedError

    def args(self, outs):
        """The kernel's arguments in source order, constexprs left out."""
        raise NotImplementedError

    def reference(self):
        """PyTorch's result, as a tuple like outputs()."""
        raise NotImplementedError

    def bytes_moved(self):
        """Bytes the kernel must read and write at least once."""
        raise NotImplementedError

    def stages(self, function, outs):
        """The launches of one run, in order: (generated C function, kernel
        name in source, arguments, grid size). One by default."""
        return [(function, self.kernel, self.args(outs), self.rows)]

    def tolerance(self):
        """(rtol, atol) for comparing results."""
        if self.dtype == torch.float16:
            return 2e-3, 2e-3
        return 2e-5, 1e-6


class Softmax(Family):
    source, kernel, target = "softmax.py", "softmax_kernel", 1.00

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype) * 4

    def outputs(self):
        return (torch.empty_like(self.x),)

    def args(self, outs):
        (y,) = outs
        return [self.x, y, self.x.stride(0), y.stride(0), self.rows,
                self.cols]

    def reference(self):
        return (torch.softmax(self.x, dim=-1),)

    def bytes_moved(self):
        return 2 * self.x.numel() * self.x.element_size()


class RowScan(Softmax):
    """A scan along each row (kernels/scan.py); `reverse` from the end."""
    source, target, reverse = "scan.py", 0.95, False

    def tolerance(self):
        return 1e-4, 1e-3  # fp32 partial sums of up to 8192 values


class RowCumsum(RowScan):
    kernel = "row_cumsum_kernel"

    def reference(self):
        x = self.x.flip(-1) if self.reverse else self.x
        y = torch.cumsum(x, dim=-1)
        return (y.flip(-1) if self.reverse else y,)


class RowCumsumReverse(RowCumsum):
    reverse = True


class RowFillBackward(RowScan):
    """Each zero replaced by the next non-zero value after it."""
    kernel, reverse = "row_fill_kernel", True

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.where(self.x.abs() < 4, torch.zeros_like(self.x),
                             self.x)

    def reference(self):
        x = self.x.flip(-1)
        cols = torch.arange(self.cols, device="cuda").expand_as(x)
        last = torch.where(x != 0, cols, -1).cummax(dim=-1).values
        y = torch.where(last >= 0, x.gather(-1, last.clamp(min=0)), 0.0)
        return (y.flip(-1),)

    def tolerance(self):
        return 0.0, 0.0


class RmsNorm(Family):
    source, kernel = "rms_norm.py", "rms_norm_kernel"

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype)
        self.w = torch.rand(cols, device="cuda", dtype=dtype) + 0.5

    def outputs(self):
        return (torch.empty_like(self.x),)

    def args(self, outs):
        (y,) = outs
        return [self.x, self.w, y, self.x.stride(0), y.stride(0), self.rows,
                self.cols, EPS]

    def reference(self):
        return (F.rms_norm(self.x, (self.cols,), self.w, EPS),)

    def bytes_moved(self):
        size = self.x.element_size()
        return (2 * self.x.numel() + self.cols) * size


class RowReduce(Family):
    source = "row_reduce.py"
    out_dtype = torch.float32

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype)

    def outputs(self):
        return (torch.empty(self.rows, device="cuda", dtype=self.out_dtype),)

    def args(self, outs):
        (out,) = outs
        return [self.x, out, self.x.stride(0), self.rows, self.cols]

    def bytes_moved(self):
        return self.x.numel() * self.x.element_size() + self.rows * 4


class RowSum(RowReduce):
    kernel = "row_sum_kernel"

    def reference(self):
        return (self.x.sum(dim=-1),)

    def tolerance(self):
        return 1e-4, 1e-3  # fp32 sums of 8192 values in any order


class RowSumBlockPtr(RowSum):
    """Row sums through tl.make_block_ptr and tl.advance (block_ptr.py)."""
    source, kernel, target = "block_ptr.py", "row_sum_block_ptr_kernel", 0.97
    any_width = True


class RowMax(RowReduce):
    kernel = "row_max_kernel"

    def reference(self):
        return (self.x.amax(dim=-1),)

    def tolerance(self):
        return 0.0, 0.0


class RowArgmax(RowReduce):
    kernel = "row_argmax_kernel"
    out_dtype = torch.int32

    def reference(self):
        return (self.x.argmax(dim=-1).to(torch.int32),)

    def tolerance(self):
        return 0.0, 0.0


class LayerNormFwd(Family):
    source, kernel = "layer_norm.py", "layer_norm_fwd_kernel"

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype) + 1.5
        self.w = torch.rand(cols, device="cuda", dtype=dtype) + 0.5
        self.b = torch.randn(cols, device="cuda", dtype=dtype)

    def outputs(self):
        stats = dict(device="cuda", dtype=torch.float32)
        return (torch.empty_like(self.x), torch.empty(self.rows, **stats),
                torch.empty(self.rows, **stats))

    def args(self, outs):
        y, mean, rstd = outs
        return [self.x, y, self.w, self.b, mean, rstd, self.x.stride(0),
                y.stride(0), self.rows, self.cols, EPS]

    def reference(self):
        x = self.x.float()
        var, mean = torch.var_mean(x, dim=-1, correction=0)
        y = F.layer_norm(self.x, (self.cols,), self.w, self.b, EPS)
        return (y, mean, torch.rsqrt(var + EPS))

    def bytes_moved(self):
        size = self.x.element_size()
        return (2 * self.x.numel() + 2 * self.cols) * size + 2 * self.rows * 4


class LayerNormLoopFwd(LayerNormFwd):
    """The same layer norm written with loops over columns and advanced row
    pointers, as open kernel libraries write it (issue 15's target: at least
    Triton's speed)."""
    source, kernel, target = ("layer_norm_loop.py", "layer_norm_loop_fwd_kernel",
                              1.00)
    any_width = True


class RowArgmin(RowReduce):
    kernel = "row_argmin_kernel"
    out_dtype = torch.int32

    def reference(self):
        return (self.x.argmin(dim=-1).to(torch.int32),)

    def tolerance(self):
        return 0.0, 0.0


class RowSumSquares(RowReduce):
    kernel = "row_sum_squares_kernel"

    def reference(self):
        return ((self.x * self.x).sum(dim=-1),)

    def tolerance(self):
        return 1e-4, 1e-3


class RowMaxAbs(RowReduce):
    kernel = "row_max_abs_kernel"

    def reference(self):
        return (self.x.abs().amax(dim=-1),)

    def tolerance(self):
        return 0.0, 0.0


class CrossEntropyFwd(Family):
    source, kernel = "cross_entropy.py", "cross_entropy_fwd_kernel"

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype) * 4
        self.labels = torch.randint(0, cols, (rows,), device="cuda",
                                    dtype=torch.int32)

    def outputs(self):
        return (torch.empty(self.rows, device="cuda", dtype=torch.float32),)

    def args(self, outs):
        (loss,) = outs
        return [self.x, self.labels, loss, self.x.stride(0), self.rows,
                self.cols]

    def reference(self):
        return (F.cross_entropy(self.x, self.labels.long(), reduction="none"),)

    def bytes_moved(self):
        return self.x.numel() * self.x.element_size() + self.rows * 8

    def tolerance(self):
        if self.dtype == torch.float16:
            return 2e-3, 2e-2  # PyTorch's fp16 loss: one fp16 rounding
        return 1e-5, 1e-5


class LayerNormBwd(Family):
    """Both backward kernels: layer_norm_bwd_dx_* (GROUPS programs, each
    with its partial dw/db row) and layer_norm_bwd_dwdb[_fp16] on them."""
    source, kernel = "layer_norm.py", "layer_norm_bwd_dx_kernel"
    GROUPS = 512  # dx programs: a few per SM on an H100

    def __init__(self, rows, cols, dtype):
        super().__init__(rows, cols, dtype)
        self.x = torch.randn(rows, cols, device="cuda", dtype=dtype) + 1.5
        self.dy = torch.randn(rows, cols, device="cuda", dtype=dtype)
        self.w = torch.rand(cols, device="cuda", dtype=dtype) + 0.5
        self.b = torch.randn(cols, device="cuda", dtype=dtype)
        var, mean = torch.var_mean(self.x.float(), dim=-1, correction=0)
        self.mean, self.rstd = mean, torch.rsqrt(var + EPS)
        self.rows_per_group = triton.cdiv(rows, self.GROUPS)
        self.groups = triton.cdiv(rows, self.rows_per_group)
        partial = dict(device="cuda", dtype=torch.float32)
        self.dw_partial = torch.empty(self.groups, cols, **partial)
        self.db_partial = torch.empty(self.groups, cols, **partial)

    def outputs(self):
        return (torch.empty_like(self.x), torch.empty_like(self.w),
                torch.empty_like(self.b))

    def stages(self, function, outs):
        dx, dw, db = outs
        dwdb = "layer_norm_bwd_dwdb" + ("_fp16" if "_fp16" in function
                                        else "")
        return [
            (function, self.kernel,
             [self.x, self.dy, dx, self.w, self.mean, self.rstd,
              self.dw_partial, self.db_partial, self.x.stride(0),
              self.dy.stride(0), dx.stride(0), self.rows, self.cols,
              self.rows_per_group], self.groups),
            (dwdb, "layer_norm_bwd_dwdb_kernel",
             [self.dw_partial, self.db_partial, dw, db, self.groups,
              self.cols], triton.cdiv(self.cols, 256)),
        ]

    def reference(self):
        dx, dw, db = torch.ops.aten.native_layer_norm_backward(
            self.dy, self.x, (self.cols,), self.mean[:, None],
            self.rstd[:, None], self.w, self.b, [True, True, True])
        return (dx, dw, db)

    def bytes_moved(self):
        size = self.x.element_size()
        return (3 * self.x.numel() + 3 * self.cols) * size + 2 * self.rows * 4

    def tolerance(self):
        if self.dtype == torch.float16:
            return 1e-2, 1e-2  # dw/db: fp32 sums over 4096 rows, then fp16
        return 1e-3, 1e-3


# (generated C function, family, dtype, rows, cols): the first three are
# issue 6's anchor shapes.
CASES = [
    ("softmax_8192", Softmax, torch.float32, 16384, 8192),
    ("layer_norm_fwd_fp16_8192", LayerNormFwd, torch.float16, 4096, 8192),
    ("layer_norm_loop_fwd_fp16_8192", LayerNormLoopFwd, torch.float16, 4096,
     8192),
    ("layer_norm_loop_fwd_fp16_1024", LayerNormLoopFwd, torch.float16, 4096,
     8192),
    ("layer_norm_loop_fwd_8192", LayerNormLoopFwd, torch.float32, 4096, 8192),
    ("softmax_8192", Softmax, torch.float32, 16384, 4000),
    ("softmax_1024", Softmax, torch.float32, 65536, 1024),
    ("softmax_fp16_8192", Softmax, torch.float16, 16384, 8192),
    ("layer_norm_fwd_8192", LayerNormFwd, torch.float32, 4096, 8192),
    ("layer_norm_fwd_fp16_1024", LayerNormFwd, torch.float16, 65536, 1024),
    ("rms_norm_fp16_8192", RmsNorm, torch.float16, 4096, 8192),
    ("rms_norm_8192", RmsNorm, torch.float32, 4096, 8192),
    ("rms_norm_fp16_1024", RmsNorm, torch.float16, 65536, 1024),
    ("row_sum_8192", RowSum, torch.float32, 16384, 8192),
    ("row_sum_block_ptr_8192", RowSumBlockPtr, torch.float32, 16384, 8192),
    ("row_sum_block_ptr_1024", RowSumBlockPtr, torch.float32, 16384, 8192),
    ("row_max_8192", RowMax, torch.float32, 16384, 8192),
    ("row_argmax_8192", RowArgmax, torch.float32, 16384, 8192),
    ("row_sum_1024", RowSum, torch.float32, 65536, 1024),
    ("row_argmin_8192", RowArgmin, torch.float32, 16384, 8192),
    ("row_sum_squares_8192", RowSumSquares, torch.float32, 16384, 8192),
    ("row_max_abs_8192", RowMaxAbs, torch.float32, 16384, 8192),
    ("cross_entropy_fwd_8192", CrossEntropyFwd, torch.float32, 16384, 8192),
    ("cross_entropy_fwd_1024", CrossEntropyFwd, torch.float32, 65536, 1000),
    ("cross_entropy_fwd_fp16_8192", CrossEntropyFwd, torch.float16, 16384,
     8192),
    ("layer_norm_bwd_dx_8192", LayerNormBwd, torch.float32, 4096, 8192),
    ("layer_norm_bwd_dx_fp16_8192", LayerNormBwd, torch.float16, 4096, 8192),
    ("layer_norm_bwd_dx_fp16_1024", LayerNormBwd, torch.float16, 65536,
     1024),
    ("row_cumsum_8192", RowCumsum, torch.float32, 16384, 8192),
    ("row_cumsum_reverse_8192", RowCumsumReverse, torch.float32, 16384, 8192),
    ("row_fill_backward_8192", RowFillBackward, torch.float32, 16384, 8192),
]


_MODULES = {}


def load_module(path):
    """Imports a kernels/*.py file as a module (Triton's JIT needs a file),
    once per file."""
    if path in _MODULES:
        return _MODULES[path]
    name = "tkc_bench_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _MODULES[path] = module
    return module


def metadata_path(kernels_dir, function):
    """The sm_90a metadata of `function`'s first (most specialized)
    signature, of config 0 for a kernel built from a manifest
    (kernels/<function>.json, kernels/BUILD's _ROW_MANIFESTS)."""
    manifest_path = os.path.join(REPO, "kernels", function + ".json")
    if not os.path.exists(manifest_path):
        return os.path.join(kernels_dir, function + ".s0.sm_90a.json")
    with open(manifest_path) as f:
        manifest = json.load(f)
    return os.path.join(kernels_dir, "%s.%s.%s.sm_90a.json" % (
        function, manifest["configs"][0]["name"],
        manifest["specializations"][0]["name"]))


def read_metadata(kernels_dir, function):
    """The launch facts tkc compiled `function` with: its C parameter types,
    constexprs, num_warps and num_stages, from its metadata_path. Triton's
    JIT runs with these; a manifest kernel's C function may pick another of
    its configs (its tuned table)."""
    path = metadata_path(kernels_dir, function)
    with open(path) as f:
        meta = json.load(f)
    params = [p for p in meta["params"] if p["kind"] != "constexpr"]
    literal = {"True": True, "False": False}
    constexprs = {p["name"]: literal.get(p["value"]) if p["value"] in literal
                  else int(p["value"]) for p in meta["params"]
                  if p["kind"] == "constexpr"}
    return {
        "ctypes": [CTYPES[p["c_type"]] for p in params],
        "constexprs": constexprs,
        "num_warps": meta["num_warps"],
        "num_stages": meta["num_stages"],
    }


def as_c(arg):
    """A kernel argument as ctypes takes it: tensors by device address."""
    return arg.data_ptr() if isinstance(arg, torch.Tensor) else arg


def check(name, got, want, rtol, atol):
    """Raises unless every tensor of `got` is close to the one in `want`."""
    for i, (g, w) in enumerate(zip(got, want)):
        if g.dtype != w.dtype:
            w = w.to(g.dtype)
        if not torch.allclose(g.float(), w.float(), rtol=rtol, atol=atol):
            diff = (g.float() - w.float()).abs()
            worst = diff.argmax().item()
            raise RuntimeError(
                "%s: output %d differs: max |diff| %.3g at flat index %d "
                "(%r vs %r)" % (name, i, diff.max().item(), worst,
                                g.flatten()[worst].item(),
                                w.flatten()[worst].item()))


def run_case(lib, kernels_dir, function, family, dtype, rows, cols):
    """Checks and times one case; returns its result line's fields."""
    meta = read_metadata(kernels_dir, function)
    block = meta["constexprs"]["BLOCK_SIZE"]
    if cols > block and not family.any_width:
        raise RuntimeError("%s: %d columns exceed BLOCK_SIZE %d"
                           % (function, cols, block))
    case = family(rows, cols, dtype)
    module = load_module(os.path.join(REPO, "kernels", case.source))
    out_tkc, out_triton = case.outputs(), case.outputs()

    def launches(outs):
        """The launches of one run writing `outs`: [(C function name, its
        ctypes function, its ctypes arguments)] for tkc, [(JIT function, its
        arguments, grid, launch options)] for Triton."""
        tkc, jit = [], []
        for c_name, kernel, args, grid in case.stages(function, outs):
            stage_meta = read_metadata(kernels_dir, c_name)
            fn = getattr(lib, c_name)
            fn.argtypes = [ctypes.c_void_p] + stage_meta["ctypes"]
            fn.restype = ctypes.c_int
            tkc.append((c_name, fn, [as_c(a) for a in args]))
            options = dict(stage_meta["constexprs"],
                           num_warps=stage_meta["num_warps"],
                           num_stages=stage_meta["num_stages"])
            jit.append((getattr(module, kernel), args, grid, options))
        return tkc, jit

    def run_tkc_on(tkc_launches):
        stream = torch.cuda.current_stream().cuda_stream
        for c_name, fn, args in tkc_launches:
            status = fn(stream, *args)
            if status != 0:
                raise RuntimeError("%s: %s: %s" % (
                    c_name, lib.tkc_status_string(status).decode(),
                    lib.tkc_last_error().decode()))

    def run_triton_on(triton_launches):
        for jit, args, grid, options in triton_launches:
            jit[(grid,)](*args, **options)

    def run_torch():
        case.reference()

    # Checked on separate outputs; timed on the same ones, so that both peers
    # read and write the same addresses (where buffers lie in memory moves
    # a memory-bound kernel's time by up to ~2% on an H100).
    tkc_launches, triton_launches = launches(out_tkc)
    run_tkc_on(tkc_launches)
    run_triton_on(launches(out_triton)[1])
    torch.cuda.synchronize()
    rtol, atol = case.tolerance()
    check(function + " tkc vs triton", out_tkc, out_triton, rtol, atol)
    check(function + " tkc vs torch", out_tkc, case.reference(),
          max(rtol, 1e-3 if dtype == torch.float16 else 1e-4),
          max(atol, 1e-3 if dtype == torch.float16 else 1e-4))

    # Three rounds in rotated order (tkc first, then Triton first, then
    # PyTorch first), each peer's time the median of its three medians, so
    # that no peer always runs first or last.
    peers = [("tkc", lambda: run_tkc_on(tkc_launches)),
             ("triton", lambda: run_triton_on(triton_launches)),
             ("torch", run_torch)]
    samples = {name: [] for name, _ in peers}
    for round_index in range(len(peers)):
        for name, run in peers[round_index:] + peers[:round_index]:
            samples[name].append(triton.testing.do_bench(
                run, warmup=50, rep=300, return_mode="median"))
    gbps = {name: case.bytes_moved() / (sorted(ms)[len(ms) // 2] * 1e-3) / 1e9
            for name, ms in samples.items()}
    return {
        "case": "%s %s %dx%d" % (function, str(dtype).replace("torch.", ""),
                                 rows, cols),
        "launch": "BLOCK_SIZE=%d num_warps=%d" % (block, meta["num_warps"]),
        "gbps": gbps,
        "ratio": gbps["tkc"] / gbps["triton"],
        "target": case.target,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lib",
        default=os.path.join(REPO, ".gpu", "libtkc_kernels.so"),
        help="the tkc kernels library (default: .gpu/libtkc_kernels.so)")
    parser.add_argument(
        "--kernels-dir",
        default=os.path.join(REPO, ".gpu", "kernels"),
        help="the staged kernel metadata (default: .gpu/kernels)")
    parser.add_argument(
        "--only", default="",
        help="run only the cases whose C function name contains this")
    args = parser.parse_args()

    torch.manual_seed(0)
    lib = ctypes.CDLL(args.lib)
    lib.tkc_status_string.argtypes = [ctypes.c_int]
    lib.tkc_status_string.restype = ctypes.c_char_p
    lib.tkc_last_error.argtypes = []
    lib.tkc_last_error.restype = ctypes.c_char_p

    print("device: %s; torch %s, triton %s" % (
        torch.cuda.get_device_name(), torch.__version__, triton.__version__))
    print("%-42s %-28s %8s %8s %8s  %s" % (
        "case", "launch", "tkc", "triton", "torch", "tkc/triton (target)"))
    failures = []
    for function, family, dtype, rows, cols in CASES:
        if args.only not in function:
            continue
        try:
            r = run_case(lib, args.kernels_dir, function, family, dtype, rows,
                         cols)
        except Exception as error:  # report and go on with the next case
            print("error: %s" % error)
            failures.append(function)
            torch.cuda.empty_cache()
            continue
        g = r["gbps"]
        print("%-42s %-28s %8.1f %8.1f %8.1f  %.3f (>= %.2f)%s" % (
            r["case"], r["launch"], g["tkc"], g["triton"], g["torch"],
            r["ratio"], r["target"],
            "" if r["ratio"] >= r["target"] else "  BELOW TARGET"))
        torch.cuda.empty_cache()
    print("GB/s: bytes read and written at least once / median time")
    if failures:
        sys.exit("row kernels bench: failed: %s" % " ".join(failures))


if __name__ == "__main__":
    main()
