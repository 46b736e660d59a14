"""Kernels nobody here wrote, compiled by tkc and by Triton's JIT from the
same unmodified source, compared for output and speed on the GPU machine.

The sources come from public repositories (Triton's tutorials, Liger-Kernel,
FlagGems, vLLM) and are never committed: tools/stage_public.sh copies them into
.gpu/public/src/<repo>/ and compiles every case below with `tkc compile`
into .gpu/public/bin/. The case table (bench/public_cases.py) is the one
list both sides read: `python3 bench/public_cases.py --jobs` prints the
compile jobs for the staging script (no torch needed there).

On the GPU machine, for each case, this script:
  1. imports the source file as Triton's JIT would see it (the repository's
     package on sys.path, its package __init__ files bypassed so that only
     the kernel's module and its imports load);
  2. builds the arguments twice from one seed, launches the @triton.jit
     function through Triton's JIT with the case's constexprs, num_warps and
     num_stages on one copy, and tkc's cubin through the CUDA driver
     (ctypes) on the other, with the arguments metadata.json lists;
  3. checks that the specialization tkc compiled (`:16`, `:1`) is the one
     Triton's JIT picks for these values, compares every tensor argument
     after the launch (bit for bit, or within the case's tolerance), and
  4. times both with triton.testing.do_bench (median) as bench/timing.py
     does (by default both once untimed, then Triton, tkc, tkc, Triton, each
     side's medians averaged) and prints the ratio Triton time / tkc time
     (above 1: tkc is faster).

Usage (GPU machine, repository root):
  python3 bench/public_bench.py [--public .gpu/public] [--bin DIR]
                                [--only ID,...]
                                [--order abba|a-first|b-first]
The last line sums up: cases run, matched, and the geometric-mean ratio.
"""

import argparse
import ast
import ctypes
import dataclasses
import json
import math
import os
import sys
import types

import torch
import triton
import triton.testing

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import public_cases  # noqa: E402
import timing  # noqa: E402


# --- The CUDA driver, through ctypes -------------------------------------

class Driver:
    """The few driver calls a launch needs, in PyTorch's context."""

    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        torch.empty(1, device="cuda")  # makes PyTorch's context current

    def check(self, result, what):
        if result != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(result, ctypes.byref(name))
            raise RuntimeError(f"{what} failed: {name.value.decode()}")

    def load(self, cubin, entry, shared_bytes):
        module = ctypes.c_void_p()
        self.check(self.lib.cuModuleLoadData(ctypes.byref(module), cubin),
                   "cuModuleLoadData")
        function = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(function), module,
                                                entry.encode()),
                   "cuModuleGetFunction")
        if shared_bytes > 48 * 1024:
            self.check(self.lib.cuFuncSetAttribute(function, 8, shared_bytes),
                       "cuFuncSetAttribute")
        return function

    def encode_tensor_map(self, tensor_map, by_name):
        """A CUtensorMap (128 bytes, 64-byte aligned, in a bytes buffer) for
        a metadata `tensor_maps` entry over the kernel arguments `by_name`
        (its base, and its extents and strides as products of arguments and
        constants), as tkc's C launcher encodes it: dimensions innermost
        first, strides in bytes, no interleave, OOB elements zero."""
        def operand(op):
            product = 1
            for factor in op if isinstance(op, list) else [op]:
                product *= (factor if isinstance(factor, int)
                            else int(by_name[factor]))
            return product
        elem = tensor_map["element_bytes"]
        shape = [operand(op) for op in tensor_map["shape"]]
        rank = len(shape)
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        dims = (u64 * rank)(*reversed(shape))
        strides = (u64 * max(rank - 1, 1))(
            *[operand(op) * elem for op in reversed(tensor_map["strides"])])
        box = (u32 * rank)(*reversed(tensor_map["box"]))
        ones = (u32 * rank)(*([1] * rank))
        swizzle = {0: 0, 32: 1, 64: 2, 128: 3}[tensor_map["swizzle"]]
        data_type = {1: 0, 2: 1, 4: 2}[elem]  # UINT8, UINT16, UINT32
        storage = ctypes.create_string_buffer(128 + 64)
        address = (ctypes.addressof(storage) + 63) // 64 * 64
        base = by_name[tensor_map["base"]].data_ptr()
        self.check(self.lib.cuTensorMapEncodeTiled(
            ctypes.c_void_p(address), data_type, rank, ctypes.c_void_p(base),
            dims, strides, box, ones, 0, swizzle, 2, 0),
            "cuTensorMapEncodeTiled")
        return storage, ctypes.c_void_p(address)

    def launch(self, function, grid, threads, shared_bytes, params):
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        self.check(self.lib.cuLaunchKernel(
            function, *[ctypes.c_uint(g) for g in grid],
            ctypes.c_uint(threads), ctypes.c_uint(1), ctypes.c_uint(1),
            ctypes.c_uint(shared_bytes), stream, params, None),
            "cuLaunchKernel")


C_TYPES = {
    "void *": ctypes.c_void_p, "int8_t": ctypes.c_int8,
    "int16_t": ctypes.c_int16, "int32_t": ctypes.c_int32,
    "int64_t": ctypes.c_int64, "uint8_t": ctypes.c_uint8,
    "uint16_t": ctypes.c_uint16, "uint32_t": ctypes.c_uint32,
    "uint64_t": ctypes.c_uint64, "float": ctypes.c_float,
    "double": ctypes.c_double, "bool": ctypes.c_bool,
}


class TkcKernel:
    """One compiled case: its metadata and a loaded function."""

    def __init__(self, driver, prefix):
        with open(prefix + ".json") as f:
            self.meta = json.load(f)
        with open(prefix + ".cubin", "rb") as f:
            cubin = f.read()
        self.driver = driver
        self.shared = self.launch_shared_bytes(self.meta)
        self.threads = self.meta["threads_per_block"]
        self.function = driver.load(cubin, self.meta["entry"], self.shared)

    @staticmethod
    def launch_shared_bytes(meta):
        """The dynamic shared memory the C launcher gives the kernel: its
        own, or under max_blocks_per_sm N enough that N + 1 programs never
        fit on an SM (tkc_launch_shared_bytes, granule 128 bytes)."""
        shared, cap = meta["shared_bytes"], meta.get("max_blocks_per_sm", 0)
        if not cap:
            return shared
        props = torch.cuda.get_device_properties(0)
        per_sm = props.shared_memory_per_multiprocessor
        # What the SM reserves per program (1 KiB on Hopper).
        reserved = max(per_sm - props.shared_memory_per_block_optin, 0)
        footprint = per_sm // (cap + 1) + 1
        if cap * (footprint + 128) > per_sm or footprint <= shared + reserved:
            return shared
        return footprint - reserved

    def prepare(self, names, args):
        """The kernelParams array for `args`, the values of the runtime
        parameters `names` (a tuple's elements are NAME_0, NAME_1, ... in the
        metadata)."""
        by_name = {}

        def bind(name, value):
            if isinstance(value, tuple):
                for i, v in enumerate(value):
                    bind(f"{name}_{i}", v)
            elif isinstance(value, public_cases.HostDescriptor):
                by_name[f"{name}_base"] = value.base
                for i, extent in enumerate(value.shape):
                    by_name[f"{name}_shape{i}"] = extent
                for i, stride in enumerate(value.strides[:-1]):
                    by_name[f"{name}_stride{i}"] = stride
            else:
                by_name[name] = value
        for name, value in zip(names, args):
            bind(name, value)
        values = []
        for a in self.meta["kernel_args"]:
            v = by_name[a["name"]]
            if isinstance(v, torch.Tensor):
                v = v.data_ptr()
            values.append(C_TYPES[a["c_type"]](v))
        pointers = [ctypes.cast(ctypes.pointer(v), ctypes.c_void_p)
                    for v in values]
        # The tensor maps the binary takes after its arguments.
        for tensor_map in self.meta.get("tensor_maps", []):
            storage, address = self.driver.encode_tensor_map(tensor_map,
                                                             by_name)
            values.append(storage)
            pointers.append(address)
        params = (ctypes.c_void_p * len(pointers))(*pointers)
        return params, values  # values keep the storage alive

    def launcher(self, names, args, grid):
        params, keep = self.prepare(names, args)
        grid = tuple(grid) + (1,) * (3 - len(grid))

        def run():
            _ = keep
            self.driver.launch(self.function, grid, self.threads, self.shared,
                               params)
        return run


# --- Triton's side --------------------------------------------------------

def import_source(root, path):
    """The module at root/path, imported with its repository's packages on
    sys.path but without running their __init__ files (which pull in
    whole libraries: transformers, flag_gems' operator registry)."""
    parts = path[:-3].split("/")
    # The package root: the longest prefix of the path without __init__.py.
    base = 0
    while base < len(parts) - 1 and not os.path.exists(
            os.path.join(root, *parts[:base + 1], "__init__.py")):
        base += 1
    package_root = os.path.join(root, *parts[:base])
    if package_root not in sys.path:
        sys.path.insert(0, package_root)
    for i in range(base + 1, len(parts)):
        name = ".".join(parts[base:i])
        if name not in sys.modules:
            module = types.ModuleType(name)
            module.__path__ = [os.path.join(package_root, *parts[base:i])]
            sys.modules[name] = module
            # Its constants only (`__version__`, which FLA's utilities
            # import from the package).
            init = os.path.join(module.__path__[0], "__init__.py")
            if os.path.exists(init):
                with open(init) as f:
                    for statement in ast.parse(f.read(), init).body:
                        if (isinstance(statement, ast.Assign) and
                                isinstance(statement.value, ast.Constant) and
                                all(isinstance(t, ast.Name)
                                    for t in statement.targets)):
                            exec(compile(ast.Module([statement], []), init,
                                         "exec"), module.__dict__)
    name = ".".join(parts[base:]) if base < len(parts) - 1 else (
        "public_" + parts[-1].replace("-", "_"))
    file = os.path.join(root, path)
    module = types.ModuleType(name)
    module.__file__ = file
    sys.modules[name] = module
    with open(file) as f:
        tree = ast.parse(f.read(), file)
    skipped = []
    for statement in tree.body:
        if not definition(statement):
            continue
        code = compile(ast.Module([statement], []), file, "exec")
        # Demo state, an import this Triton version lacks, or a host
        # function annotated with a type from a skipped import.
        try:
            exec(code, module.__dict__)
        except Exception as e:
            skipped.append(f"{path}:{statement.lineno} "
                           f"({type(e).__name__}: {e})")
    if skipped:
        print(f"  note: {len(skipped)} top-level statements skipped, the "
              f"first {skipped[0]}")
    return module


def install_shims():
    """Modules through which a library hands its kernels triton and what it
    knows of the platform: vLLM's vllm.triton_utils, vllm.platforms and
    vllm.logger (whose real modules pull in vLLM's configuration) give them
    Triton's own modules, an NVIDIA platform and Python's logging; Unsloth's
    unsloth.kernels.utils gives Triton's cast and libdevice's tanh."""
    import logging
    import triton.language.extra.libdevice as libdevice
    shim = types.ModuleType("vllm.triton_utils")
    shim.triton, shim.tl, shim.tldevice = triton, triton.language, libdevice
    shim.HAS_TRITON = True
    sys.modules.setdefault("vllm.triton_utils", shim)
    platforms = types.ModuleType("vllm.platforms")
    platforms.current_platform = types.SimpleNamespace(
        fp8_dtype=lambda: torch.float8_e4m3fn, is_rocm=lambda: False,
        is_cuda=lambda: True, get_device_capability=lambda: (9, 0),
        has_device_capability=lambda c: (
            c if isinstance(c, int) else 10 * c[0] + c[1]) <= 90)
    sys.modules.setdefault("vllm.platforms", platforms)
    logger = types.ModuleType("vllm.logger")
    logger.init_logger = logging.getLogger
    sys.modules.setdefault("vllm.logger", logger)
    # Unsloth's kernels take Triton's cast and tanh from unsloth.kernels.utils,
    # whose real module pulls in unsloth_zoo and bitsandbytes.
    utils = types.ModuleType("unsloth.kernels.utils")
    utils.triton_cast, utils.triton_tanh = triton.language.cast, libdevice.tanh
    utils.MAX_FUSED_SIZE = 65536
    utils.calculate_settings = None  # the wrappers' only: never called here
    utils.torch_gpu_device = torch.cuda.device
    utils.is_cdna = lambda: False
    sys.modules.setdefault("unsloth.kernels.utils", utils)


def definition(statement):
    """Whether a top-level statement may define something (imports,
    functions, constants) rather than only run the tutorial's demo: bare
    calls, loops and `with` blocks are left out."""
    return not isinstance(statement, (ast.Expr, ast.For, ast.While, ast.With))


def jit_function(module, name):
    fn = getattr(module, name)
    # Decorators above @triton.jit (autotune, heuristics) wrap it.
    while not isinstance(fn, triton.runtime.jit.JITFunction):
        fn = fn.fn
    return fn


def triton_specialization(value):
    """The hint Triton's JIT specializes a runtime argument on."""
    if isinstance(value, torch.Tensor):
        return ":16" if value.data_ptr() % 16 == 0 else ""
    if isinstance(value, bool) or not isinstance(value, int):
        return ""
    if value == 1:
        return ":1"
    return ":16" if value % 16 == 0 else ""


def check_specialization(case, fn, args):
    """Errors where the case's tkc signature specializes differently from
    Triton's JIT for these argument values."""
    entries = public_cases.split_signature(case.signature)
    errors = []
    runtime = [(n, e) for n, e in zip(fn.arg_names, entries)
               if public_cases.is_type(e)]
    if len(runtime) != len(args):
        return [f"{len(args)} arguments for {len(runtime)} runtime "
                "parameters"]
    for (name, entry), value in zip(runtime, args):
        if name not in case.no_specialize:
            errors += specialization_errors(name, entry, value)
    return errors


def specialization_errors(name, entry, value):
    """Where `entry` (a tuple's entries element by element) specializes
    differently from Triton's JIT for `value`."""
    inner = public_cases.tuple_entries(entry)
    if inner is not None:
        if not isinstance(value, tuple) or len(value) != len(inner):
            return [f"{name}: signature '{entry}' but the argument is "
                    f"{type(value).__name__}"]
        return [e for i, (sub, v) in enumerate(zip(inner, value))
                if public_cases.is_type(sub)
                for e in specialization_errors(f"{name}[{i}]", sub, v)]
    block = public_cases.descriptor_block(entry)
    if block is not None:
        if not isinstance(value, public_cases.HostDescriptor):
            return [f"{name}: signature '{entry}' but the argument is "
                    f"{type(value).__name__}"]
        if value.block_shape != block or value.strides[-1] != 1:
            return [f"{name}: signature '{entry}' but the descriptor's "
                    f"block is {value.block_shape}, strides {value.strides}"]
        return []
    hint = ""
    if ":" in entry:
        hint = ":" + entry.split(":", 1)[1].strip()
    want = triton_specialization(value)
    if hint != want:
        return [f"{name}: signature '{entry}' but Triton specializes as "
                f"'{want or 'none'}'"]
    return []


def constexprs(case, fn):
    entries = public_cases.split_signature(case.signature)
    out = {}
    for name, entry in zip(fn.arg_names, entries):
        if public_cases.is_type(entry):
            continue
        if entry.startswith("tl."):  # a dtype: tl.bfloat16
            out[name] = getattr(triton.language, entry[3:])
        else:
            out[name] = ast.literal_eval(entry)
    return out


def clone(args):
    """Copies of the tensors among `args` (inside tuples too), each with the
    strides of its original: a view into a larger buffer (a KV cache's K
    heads) keeps the strides the case passes for it. A table of device
    pointers (a tensor with `pointees`, public_cases._pointer_table) is
    made anew from copies of what it points to; a host descriptor is
    made over a copy of its tensor."""
    def copy(a):
        if isinstance(a, tuple):
            return tuple(map(copy, a))
        if isinstance(a, public_cases.HostDescriptor):
            return dataclasses.replace(a, base=copy(a.base))
        if not isinstance(a, torch.Tensor):
            return a
        if hasattr(a, "pointees"):
            pointees = [copy(t) for t in a.pointees]
            table = torch.tensor([t.data_ptr() for t in pointees],
                                 dtype=a.dtype, device=a.device)
            table.pointees = pointees
            return table
        out = torch.empty_strided(a.size(), a.stride(), dtype=a.dtype,
                                  device=a.device)
        return out.copy_(a)
    return [copy(a) for a in args]


def flat(values):
    """`values` with tuples and pointer tables spread out, in order."""
    for v in values:
        if isinstance(v, tuple):
            yield from flat(v)
        elif hasattr(v, "pointees"):
            yield from flat(v.pointees)
        elif hasattr(v, "block_shape"):  # a descriptor, either side's
            yield v.base
        else:
            yield v


def for_triton(values):
    """`values` as Triton's JIT takes them: host descriptors become
    TensorDescriptors (over the same tensors)."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    return [TensorDescriptor(v.base, v.shape, v.strides, v.block_shape)
            if isinstance(v, public_cases.HostDescriptor) else v
            for v in values]


def compare(case, ours, theirs):
    """The largest difference over the tensor arguments, and whether it is
    within the case's tolerance."""
    worst, ok = 0.0, True
    for a, b in zip(flat(ours), flat(theirs)):
        if not isinstance(a, torch.Tensor):
            continue
        if a.dtype.is_floating_point:
            a32, b32 = a.float(), b.float()
            same_nan = torch.isnan(a32) == torch.isnan(b32)
            diff = (a32 - b32).abs().nan_to_num(0.0)
            d = diff.max().item() if diff.numel() else 0.0
            limit = case.atol + case.rtol * b32.abs().nan_to_num(0.0)
            ok &= bool(same_nan.all()) and bool((diff <= limit).all())
        else:
            d = (a.long() - b.long()).abs().max().item() if a.numel() else 0
            ok &= d == 0
        worst = max(worst, float(d))
    return worst, ok


def run_case(driver, case, public, bins, order):
    """Checks and times the binaries of `case` in each directory of `bins`
    against one Triton JIT run; a list of results, one for each directory,
    or a string saying why the case did not run."""
    src_root = os.path.join(public, "src", case.repo)
    module = import_source(src_root, case.path)
    fn = jit_function(module, case.kernel)

    torch.manual_seed(0)
    args = case.args()
    problems = check_specialization(case, fn, args)
    if problems:
        return "specialization mismatch: " + "; ".join(problems)

    grid = case.grid(args) if callable(case.grid) else case.grid
    consts = constexprs(case, fn)
    # A kernel with a num_warps (num_stages) parameter takes the launch
    # option as that constexpr too, as Liger's do: passed once.
    options = {key: value for key, value in (
        ("num_warps", case.num_warps), ("num_stages", case.num_stages))
        if value and key not in consts}

    names = [n for n in fn.arg_names if n not in consts]

    def call_triton(values):
        kw = dict(zip(names, values))
        kw.update(consts)
        # Through an autotune/heuristics wrapper its configs would win: call
        # the plain JITFunction with the case's settings.
        fn[grid](**kw, **options)

    # The PyTorch reference, where a case has one, is computed once for
    # every directory's binary.
    expected = case.reference(args) if case.reference else None

    def check_and_time(prefix):
        """The tkc binary `prefix`.json/.cubin against Triton's JIT: the
        largest difference, whether it is within tolerance, both times."""
        tkc = TkcKernel(driver, prefix)
        theirs, ours = for_triton(clone(args)), clone(args)
        # The first launch of each, in an NVTX range that profilers can
        # select:
        #   ncu --nvtx --nvtx-include "compare/" python3 bench/public_bench.py
        with torch.cuda.nvtx.range("compare"):
            call_triton(theirs)
            tkc.launcher(names, ours, grid)()
            torch.cuda.synchronize()
        worst, ok = compare(case, ours, theirs)
        triton_wrong = None
        if expected is not None:
            # Triton's JIT is not the oracle here: both sides against
            # PyTorch.
            picked = lambda values: [values[i] for i in sorted(expected)]
            want = picked(expected)
            worst, ok = compare(case, picked(ours), want)
            triton_worst, triton_ok = compare(case, picked(theirs), want)
            if not triton_ok:
                triton_wrong = triton_worst

        # Time on fresh copies, so in-place kernels keep meaningful inputs.
        t_args, k_args = for_triton(clone(args)), clone(args)
        run_tkc = tkc.launcher(names, k_args, grid)
        t_triton, t_tkc = timing.time_pair(lambda: call_triton(t_args),
                                           run_tkc, order)
        return dict(worst=worst, ok=ok, triton_wrong=triton_wrong,
                    triton_ms=t_triton, tkc_ms=t_tkc,
                    ratio=t_triton / t_tkc, registers=tkc.meta["binary"].get(
                        "registers"))

    return [check_and_time(os.path.join(d, case.id)) for d in bins]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--public", default=".gpu/public")
    parser.add_argument("--bin", default="",
                        help="tkc's binaries (default: PUBLIC/bin), e.g. "
                        "another compiler's, staged beside the same sources; "
                        "several directories, comma-separated, are each "
                        "checked and timed against the same Triton run")
    parser.add_argument("--only", default="")
    parser.add_argument("--order", choices=sorted(timing.ORDERS),
                        default="abba",
                        help="timing order, Triton being a (bench/timing.py)")
    opts = parser.parse_args()
    only = set(filter(None, opts.only.split(",")))
    bins = opts.bin.split(",") if opts.bin else [
        os.path.join(opts.public, "bin")]
    wheels = os.path.join(opts.public, "wheels")
    if os.path.isdir(wheels):  # pure-Python wheels import from the zip
        sys.path[:0] = [os.path.join(wheels, w) for w in os.listdir(wheels)]
    install_shims()
    # Kernels that build tensor descriptors (tl.make_tensor_descriptor) need
    # global scratch under Triton's JIT; tkc's lowering needs none.
    triton.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    driver = Driver()
    # One tally for each directory of binaries.
    tallies = [dict(ratios=[], matched=0, ran=0, failed=[]) for _ in bins]
    print(f"{'case':44} {'triton ms':>10} {'tkc ms':>10} {'ratio':>6} "
          f"{'regs':>5}  max diff")
    for case in public_cases.CASES:
        if only and case.id not in only:
            continue
        missing = [d for d in bins
                   if not os.path.exists(os.path.join(d, case.id + ".json"))]
        if missing:
            print(f"{case.id:44} not compiled by tkc in {', '.join(missing)} "
                  f"(see the staging log)")
            for tally in tallies:
                tally["failed"].append(case.id)
            continue
        try:
            results = run_case(driver, case, opts.public, bins, opts.order)
        except Exception as e:  # a benchmark reports and goes on
            # The first line and the last (a compiler's error comes last).
            lines = str(e).strip().splitlines() or [""]
            tail = f" ... {lines[-1][:160]}" if len(lines) > 1 else ""
            results = f"{type(e).__name__}: {lines[0][:160]}{tail}"
        if isinstance(results, str):
            print(f"{case.id:44} error: {results}")
            for tally in tallies:
                tally["failed"].append(case.id)
            continue
        for n, (r, tally) in enumerate(zip(results, tallies)):
            tally["ran"] += 1
            tally["matched"] += r["ok"]
            tally["ratios"].append(r["ratio"])
            flag = "" if r["ok"] else "  MISMATCH"
            if r["triton_wrong"] is not None:
                flag += (f"  (checked against PyTorch; Triton's JIT is off "
                         f"by {r['triton_wrong']:.3g})")
            label = case.id if len(bins) == 1 else f"{case.id}@{n}"
            print(f"{label:44} {r['triton_ms']:10.4f} {r['tkc_ms']:10.4f} "
                  f"{r['ratio']:6.3f} {r['registers'] or '-':>5}  "
                  f"{r['worst']:.3g}{flag}", flush=True)
    status = 0
    for n, (d, tally) in enumerate(zip(bins, tallies)):
        ratios = tally["ratios"]
        geo = (math.exp(sum(map(math.log, ratios)) / len(ratios))
               if ratios else 0)
        low = sum(r < 0.97 for r in ratios)
        which = "" if len(bins) == 1 else f" (@{n}: {d})"
        print(f"public kernels{which}: {tally['ran']} ran, "
              f"{tally['matched']} matched Triton (or PyTorch where noted), "
              f"{len(tally['failed'])} failed; ratio geomean {geo:.3f}, min "
              f"{min(ratios, default=0):.3f}, {low} below 0.97")
        if tally["failed"] or tally["matched"] != tally["ran"]:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
