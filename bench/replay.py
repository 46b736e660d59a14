"""Replays the Triton kernels a Python program launches through tkc.

Dev-only: a differential check of tkc against Triton's JIT on kernels as
real programs launch them, with their own arguments, specializations and
launch settings. No build uses it. Three phases:

  record (GPU machine)   python3 bench/replay.py record PROGRAM
      Runs PROGRAM with Triton's launcher hooked. Each distinct compiled
      kernel (source, name, specialization, warps, stages) becomes a job:
      $OUT/replay.tgz holds jobs.json and the kernels' source files.
  compile (here)         python3 bench/replay.py compile DIR --tkc TKC
      Unpacked replay.tgz in DIR: compiles every job with tkc for sm_90a
      into DIR/bin/<key>.{cubin,json}; DIR/compile.json lists failures.
  check (GPU machine)    python3 bench/replay.py check DIR PROGRAM
      Runs PROGRAM again. The first launch of each kernel tkc compiled is
      run twice from the same inputs, by Triton and by tkc, and every
      tensor argument compared afterwards; the program goes on with
      Triton's results. PROGRAM runs its work twice (--inductor: each op is
      called a second time after compiling); launches of the second call
      are also timed, Triton's launcher against tkc's binary, each
      captured in a CUDA graph (these kernels run for less time than a
      launch from Python takes). The report
      goes to $OUT/replay_report.txt, one line per kernel, and a summary.

PROGRAM is `--inductor [OP...]` (the ops of bench/inductor_dump.py under
torch.compile, or those named) or a Python script and its arguments (run
once per call).
"""
import argparse
import hashlib
import inspect
import json
import os
import runpy
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


# --- What identifies a compiled kernel --------------------------------------

def tkc_signature(src):
    """tkc's --signature for Triton's ASTSource `src` (None if it has a
    parameter tkc's syntax cannot write, e.g. a tuple)."""
    from sweep import literal_text
    parts = []
    for i, name in enumerate(src.fn.arg_names):
        ty = src.signature.get(name)
        if not isinstance(ty, str):
            return None
        if ty == "constexpr":
            text = literal_text(src.constants.get((i,)))
            if text is None:
                return None
            parts.append(text)
            continue
        hints = src.attrs.get((i,), [])
        parts.append(ty + (":16" if ["tt.divisibility", 16] in hints else ""))
    return ", ".join(parts)


def job_of(src, metadata):
    """The job dict of one compiled kernel, or None if tkc cannot be asked
    for it."""
    fn = getattr(src, "fn", None)
    if fn is None or not hasattr(fn, "arg_names"):
        return None
    try:
        path = inspect.getsourcefile(fn.fn)
        with open(path) as f:
            text = f.read()
    except (OSError, TypeError):
        return None
    sig = tkc_signature(src)
    if sig is None:
        return None
    job = {"kernel": fn.__name__, "signature": sig,
           "num_warps": metadata.num_warps,
           "num_stages": metadata.num_stages, "origin": path}
    ident = json.dumps([text, job["kernel"], sig, job["num_warps"],
                        job["num_stages"]])
    job["key"] = hashlib.sha1(ident.encode()).hexdigest()[:16]
    job["source"] = hashlib.sha1(text.encode()).hexdigest()[:16] + ".py"
    return job, text


# --- The hook ----------------------------------------------------------------

class Session:
    """What the hooked launcher does: records jobs, or checks and times."""

    def __init__(self, mode, bindir=None):
        self.mode = mode
        self.bindir = bindir
        self.jobs, self.sources = {}, {}
        self.results = {}  # key -> report dict
        self.timing = False  # launches of the program's second call
        self.label = ""  # the op or script being run
        self.driver = None

    def install(self):
        import triton
        active = triton.runtime.driver.active
        base = active.launcher_cls
        session = self

        class Hooked(base):
            def __init__(self, src, metadata):
                super().__init__(src, metadata)
                made = job_of(src, metadata)
                self.job = made[0] if made else None
                if made:
                    session.jobs.setdefault(made[0]["key"], made[0])
                    session.sources[made[0]["source"]] = made[1]
                self.arg_names = src.fn.arg_names if made else None

            def __call__(self, *call):
                if self.job is None or session.mode == "record":
                    return super().__call__(*call)
                return session.launch(self, super().__call__, call)
        active.launcher_cls = Hooked

    def write_record(self, out):
        """$OUT/replay.tgz: jobs.json and the kernels' sources."""
        from inductor_dump import write_tarball
        files = {f"src/{k}": v for k, v in self.sources.items()}
        files["jobs.json"] = json.dumps(list(self.jobs.values()), indent=1)
        write_tarball(os.path.join(out, "replay.tgz"), files)

    # Launch: (gridX, gridY, gridZ, stream, function, packed metadata,
    # launch metadata, enter hook, exit hook, *the kernel's arguments).
    def launch(self, hooked, triton_run, call):
        """Checks (first launch) and times (first launch of the second
        call) kernel `hooked`; leaves Triton's results in place."""
        import torch
        key = hooked.job["key"]
        prefix = os.path.join(self.bindir, key)
        r = self.results.get(key)
        if not os.path.exists(prefix + ".cubin") or \
                (r is not None and (r.get("timed") or not self.timing)):
            return triton_run(*call)
        if r is None:
            r = self.results[key] = dict(hooked.job, op=self.label)
        args = call[9:]
        try:
            from public_bench import Driver, TkcKernel
            if self.driver is None:
                self.driver = Driver()
            ours = TkcKernel(self.driver, prefix).launcher(
                hooked.arg_names, args, call[:3])
        except Exception as e:  # Reported, not fatal.
            r["status"] = "LOAD: %s" % str(e)[:200]
            return triton_run(*call)
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        before = [t.clone() for t in tensors]

        def restore(values):
            for t, v in zip(tensors, values):
                t.copy_(v)
        if "status" not in r:
            triton_run(*call)
            torch.cuda.synchronize()
            theirs = [t.clone() for t in tensors]
            restore(before)
            try:
                ours()
                torch.cuda.synchronize()
                r["status"], r["detail"] = compare(tensors, theirs)
            except Exception as e:
                r["status"] = "RUN: %s" % str(e)[:200]
            restore(theirs)
            if not self.timing:
                return None
            restore(before)
        if self.timing and r["status"] in ("exact", "close"):
            r["triton_ms"], r["tkc_ms"] = time_pair(
                lambda: triton_run(*call[:3], current_stream(), *call[4:]),
                ours)
            r["timed"] = True
            restore(before)
        return triton_run(*call)  # The program's own launch.


def current_stream():
    import torch
    return torch.cuda.current_stream().cuda_stream


def time_pair(a, b):
    """Median times (ms) of launching `a` and `b`, each captured in a CUDA
    graph (Inductor's kernels run for microseconds, less than a launch from
    Python takes), in the order a, b, b, a after one untimed run of each."""
    from triton.testing import do_bench_cudagraph
    times = {a: [], b: []}
    for i, f in enumerate((a, b, a, b, b, a)):
        took = do_bench_cudagraph(f, rep=30, return_mode="median")
        if i >= 2:
            times[f].append(took)
    return (sum(times[a]) / 2, sum(times[b]) / 2)


TOLERANCE = {  # dtype name -> (rtol, atol)
    "float32": (1e-4, 1e-5), "float64": (1e-9, 1e-12),
    "float16": (2e-3, 1e-3), "bfloat16": (1.6e-2, 1e-2),
}


def compare(tensors, theirs):
    """("exact" | "close" | "DIFF", detail) of tkc's tensors against
    Triton's."""
    import torch
    worst, status = "", "exact"
    for i, (ours, ref) in enumerate(zip(tensors, theirs)):
        if torch.equal(ours.view(torch.uint8) if ours.dtype.itemsize == 1
                       else ours, ref.view(torch.uint8)
                       if ref.dtype.itemsize == 1 else ref):
            continue
        if ours.is_floating_point():
            a, b = ours.float(), ref.float()
            both_nan = torch.isnan(a) & torch.isnan(b)
            d = torch.where(both_nan, 0, (a - b).abs()).nan_to_num(1e30)
            if torch.equal(torch.isnan(a), torch.isnan(b)) and d.max() == 0:
                continue  # NaNs with other payloads
            rtol, atol = TOLERANCE.get(str(ours.dtype)[6:], (0.13, 0.13))
            bad = (d > atol + rtol * b.abs().nan_to_num(0)).sum().item()
            detail = "arg %d: max |diff| %.3g, %d of %d beyond tolerance" % (
                i, d.max().item(), bad, d.numel())
            if bad:
                return "DIFF", detail
            status, worst = "close", detail
        else:
            n = (ours != ref).sum().item()
            return "DIFF", "arg %d: %d of %d differ" % (i, n, ours.numel())
    return status, worst


# --- Programs ------------------------------------------------------------------

def run_program(session, program):
    """Runs `program` twice over (the second time timed, in check mode)."""
    if program[0] == "--inductor":
        return run_inductor(session, set(program[1:]))
    for timing in (False, True):
        session.timing = timing
        session.label = os.path.basename(program[0])
        sys.argv = list(program)
        try:
            runpy.run_path(program[0], run_name="__main__")
        except SystemExit:
            pass


def run_inductor(session, only):
    """The ops of bench/inductor_dump.py (those named in `only`, if any)."""
    import torch
    import inductor_dump
    torch._inductor.config.use_static_cuda_launcher = False
    torch._inductor.config.compile_threads = 1
    runs = [(c, "default") for c in inductor_dump._cases().items()]
    runs += [(c, "max-autotune-no-cudagraphs")
             for c in inductor_dump._autotuned_cases().items()]
    for (name, (fn, args)), mode in runs:
        if only and name not in only:
            continue
        torch._dynamo.reset()
        session.label = name
        compiled = torch.compile(fn, mode=mode)
        try:
            for timing in (False, True):
                session.timing = timing
                compiled(*args)
                torch.cuda.synchronize()
        except Exception as e:  # One op may fail; the others go on.
            print("%s: %s" % (name, str(e)[:300]), flush=True)
        print(name, "done", flush=True)


# --- Commands --------------------------------------------------------------------

def cmd_record(args):
    session = Session("record")
    session.install()
    out = os.environ.get("OUT", ".")
    try:
        run_program(session, args.program)
    finally:
        session.write_record(out)
    print("%d jobs" % len(session.jobs))


def cmd_compile(args):
    with open(os.path.join(args.dir, "jobs.json")) as f:
        jobs = json.load(f)
    os.makedirs(os.path.join(args.dir, "bin"), exist_ok=True)
    failed = {}
    for job in jobs:
        start = time.time()
        cmd = [args.tkc, "compile", os.path.join(args.dir, "src",
                                                 job["source"]),
               "--kernel", job["kernel"], "--signature", job["signature"],
               "--num-warps", str(job["num_warps"]),
               "--num-stages", str(job["num_stages"]),
               "--target", args.target,
               "-o", os.path.join(args.dir, "bin", job["key"])]
        p = subprocess.run(cmd, capture_output=True, text=True)
        took = time.time() - start
        if p.returncode != 0:
            failed[job["key"]] = {"job": job, "error": (p.stdout +
                                                        p.stderr)[-2000:]}
        print("%s %-50s %5.1fs %s" % (job["key"], job["kernel"][:50], took,
                                      "ok" if p.returncode == 0 else "FAIL"),
              flush=True)
    with open(os.path.join(args.dir, "compile.json"), "w") as f:
        json.dump(failed, f, indent=1)
    print("%d of %d compiled" % (len(jobs) - len(failed), len(jobs)))


def cmd_check(args):
    session = Session("check", os.path.join(args.dir, "bin"))
    session.install()
    out = os.environ.get("OUT", ".")
    try:
        run_program(session, args.program)
    finally:
        report(session, os.path.join(out, "replay_report.txt"))


def report(session, path):
    lines, counts, ratios = [], {}, []
    for r in session.results.values():
        status = r.get("status", "not run")
        kind = status.split(":")[0]
        counts[kind] = counts.get(kind, 0) + 1
        timing = ""
        if r.get("timed"):
            ratio = r["triton_ms"] / r["tkc_ms"]
            ratios.append(ratio)
            timing = " triton %.4f ms tkc %.4f ms ratio %.3f" % (
                r["triton_ms"], r["tkc_ms"], ratio)
        lines.append("%-20s %-60s w%d s%d %s %s%s" % (
            r["op"], r["kernel"][:60], r["num_warps"], r["num_stages"],
            status, r.get("detail", ""), timing))
    lines.sort()
    geo = ""
    if ratios:
        import math
        geo = ", timed %d, ratio geomean %.3f, min %.3f" % (
            len(ratios), math.exp(sum(map(math.log, ratios)) / len(ratios)),
            min(ratios))
    lines.append("summary: " + ", ".join(
        "%s %d" % kv for kv in sorted(counts.items())) + geo)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("program", nargs=argparse.REMAINDER)
    c = sub.add_parser("compile")
    c.add_argument("dir")
    c.add_argument("--tkc", default="bazel-bin/compiler/tools/tkc/tkc")
    c.add_argument("--target", default="cuda:90a")
    k = sub.add_parser("check")
    k.add_argument("dir")
    k.add_argument("program", nargs=argparse.REMAINDER)
    args, rest = p.parse_known_args()  # `--inductor` is PROGRAM's
    if rest:
        if args.cmd == "compile":
            p.error("unrecognized arguments: %s" % " ".join(rest))
        args.program = rest + args.program
    {"record": cmd_record, "compile": cmd_compile, "check": cmd_check}[
        args.cmd](args)


if __name__ == "__main__":
    main()
