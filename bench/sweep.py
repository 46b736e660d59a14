"""Coverage sweep: public Triton kernels that Triton 3.6 compiles but tkc does not.

A dev-only tool (no build uses it). For each repository given, it

1. `extract`: finds every module-level `@triton.jit` function (also under
   @triton.autotune/@triton.heuristics/@libentry stacks, and `@jit` imported
   from triton) with `ast`, never importing the repository, and writes each
   kernel (a jit function no other jit function of the repository calls) as a
   standalone file under OUT/src/: the triton imports it uses (those under
   module-level `if`/`try` too), the module constants and the jit helpers it
   reaches, also through `from .x import f` / `import pkg.mod as m` within the
   repository (`m.f` is rewritten to `f`). Decorators become `@triton.jit`.
   Kernels that reach anything else (torch, a Python function) are recorded
   as "unresolved". `--nested` also takes jit functions defined inside
   functions (as test suites define them: Triton's own python/test/unit),
   hoisted as OUTER__NAME.
2. `judge`: guesses a signature from the parameters' names and uses (pointers:
   bases of tl.load/tl.store addresses; tensor descriptors, the parameters
   whose .load/.store are called: fp16 or fp32 blocks of the guessed block
   sizes, of the rank their offsets have; constexprs: their default, else
   by name) and compiles it with Triton (ASTSource, cuda sm_90 up to PTX, and
   hip gfx942), at most 4 guesses; pointers get divisibility 16 in both
   compilers (`:16`). A kernel Triton refuses on every guess is not judged.
3. `tkc`: compiles each kernel+signature Triton accepted with
   `tkc compile --target sm_90a` and `--target gfx942`; `--rejected` compiles
   the first guess of the refused ones for sm_90a, to look for crashes.
4. `report`: counts per repository, tkc's failures grouped by message
   (crashes and timeouts first), the slowest compiles. `targets` compiles
   what tkc compiled for sm_90a for an architecture of each other kind it
   knows (AMD ones where Triton's HIP backend took the kernel) and lists
   the failures.
5. `compare`: for what both compiled for sm_90a (`--grep` picks kernels by
   their source, e.g. `tl.dot`), compiles each again with both compilers (4
   warps, 3 stages) to PTX, assembles both with Triton's ptxas and lists the
   kernels whose binaries differ in kind: no asynchronous copies or matrix
   instructions where Triton's has them, more spills, many more registers
   or instructions. A way to find gaps without a GPU (tutorial 08's grouped
   GEMM, which tkc did not pipeline, was one); the GPU says what they cost.
   `--amd` compares both compilers' gfx942 AMDGCN instead (VGPRs, spills,
   instructions, MFMA and LDS instructions), where no GPU says anything.

A kernel may also be added to OUT/kernels.jsonl by hand, with "type" in its
hints to force a parameter's type (`{"group_a_ptrs": {"type": "*i64"}}`)
and "value" to force a constexpr's (`{"SPLIT_K": {"value": 1}}`).

`--big` on judge, tkc and compare (all three, into an OUT of its own)
guesses blocks of 128 (64 where a kernel has more than two) on 8 warps
instead of 64 (16) on 4: the larger configs of autotune lists.

Results are JSON lines (OUT/judge.jsonl, OUT/results.jsonl); each phase skips
what is already recorded, so a rerun resumes. Every compile runs in its own
process with a timeout; at most JOBS (2) run at once.

    python3 bench/sweep.py extract --out /tmp/sweep vllm=/path/to/vllm ...
    python3 bench/sweep.py judge --out /tmp/sweep
    python3 bench/sweep.py tkc --out /tmp/sweep --tkc bazel-bin/compiler/tools/tkc/tkc
    python3 bench/sweep.py report --out /tmp/sweep
    python3 bench/sweep.py targets --out /tmp/sweep --tkc TKC
    python3 bench/sweep.py compare --out /tmp/sweep --tkc TKC --grep tl.dot
    python3 bench/sweep.py compare --out /tmp/sweep --tkc TKC --amd
"""

import argparse
import ast
import builtins
import copy
import hashlib
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

TIMEOUT = 120
# `--big` (judge, tkc, compare; SWEEP_BIG=1 in the judge's worker): the
# guesses' blocks of 128 (64 where a kernel has more than two block
# parameters) on 8 warps, as autotune lists' larger configs go, instead of
# 64 (16) on 4.
BIG = os.environ.get("SWEEP_BIG") == "1"
WARPS = 8 if BIG else 4
BUILTINS = set(dir(builtins))
STDLIB_OK = {"math"}

# ---------------------------------------------------------------------------
# Extraction


def is_jit_decorator(d):
    d = d.func if isinstance(d, ast.Call) else d
    if isinstance(d, ast.Name):
        return d.id == "jit"
    if isinstance(d, ast.Attribute) and d.attr == "jit":
        return isinstance(d.value, ast.Name) and d.value.id in ("triton", "tl")
    return False


def jit_kwargs(fn):
    """The literal keyword arguments of the function's @triton.jit(...)."""
    for d in fn.decorator_list:
        if is_jit_decorator(d) and isinstance(d, ast.Call):
            out = []
            for k in d.keywords:
                try:
                    ast.literal_eval(k.value)
                    out.append(k)
                except ValueError:
                    pass
            return out
    return []


class Module:
    """A parsed source file and its module-level bindings (last one wins;
    imports of triton are kept as alternatives)."""

    def __init__(self, repo, path):
        self.repo, self.path = repo, path
        self.rel = os.path.relpath(path, repo.root)
        with open(path, encoding="utf-8", errors="replace") as f:
            self.tree = ast.parse(f.read())
        self.bindings = {}  # name -> [(kind, node/info)]
        self.annotations = {}  # constant name -> its constexpr annotation
        self.stars = []
        self._walk(self.tree.body)

    def _bind(self, name, kind, info):
        self.bindings.setdefault(name, []).append((kind, info))

    def _bind_nested(self, outer):
        """`--nested`: the jit functions defined inside `outer` (a test
        function, as in Triton's own unit tests), as module-level kernels
        named OUTER__NAME; what they take from `outer` goes unresolved."""
        for st in ast.walk(outer):
            if (st is not outer and isinstance(st, ast.FunctionDef) and
                    any(is_jit_decorator(d) for d in st.decorator_list)):
                hoisted = copy.deepcopy(st)
                hoisted.name = "%s__%s" % (outer.name, st.name)
                self._bind(hoisted.name, "jit", hoisted)

    def _walk(self, body):
        for st in body:
            if isinstance(st, ast.FunctionDef):
                jit = any(is_jit_decorator(d) for d in st.decorator_list)
                cfn = any("constexpr" in ast.unparse(d) for d in st.decorator_list)
                self._bind(st.name, "jit" if jit else "cfunc" if cfn else "pyfunc",
                           st)
                if not jit and self.repo.nested:
                    self._bind_nested(st)
            elif isinstance(st, ast.ClassDef):
                self._bind(st.name, "pyfunc", st)
            elif isinstance(st, ast.Assign):
                for t in st.targets:
                    if isinstance(t, ast.Name):
                        self._bind(t.id, "const", st.value)
                    else:
                        for n in ast.walk(t):
                            if isinstance(n, ast.Name):
                                self._bind(n.id, "pyfunc", None)
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                if st.value is not None:  # `X: tl.constexpr = 3` keeps its type
                    self._bind(st.target.id, "const", st.value)
                    if "constexpr" in ast.unparse(st.annotation):
                        self.annotations[st.target.id] = st.annotation
            elif isinstance(st, ast.Import):
                for a in st.names:
                    if a.asname:
                        self._bind(a.asname, "import", (a.name, None, 0))
                    else:
                        top = a.name.split(".")[0]
                        self._bind(top, "import", (top, None, 0))
            elif isinstance(st, ast.ImportFrom):
                for a in st.names:
                    if a.name == "*":
                        self.stars.append((st.module or "", st.level))
                    else:
                        self._bind(a.asname or a.name, "import",
                                   (st.module or "", a.name, st.level))
            elif isinstance(st, ast.If):
                self._walk(st.body)
                self._walk(st.orelse)
            elif isinstance(st, ast.Try):
                self._walk(st.body)
                for h in st.handlers:
                    self._walk(h.body)
                self._walk(st.orelse)
            elif isinstance(st, ast.With):
                self._walk(st.body)


class Repo:
    def __init__(self, name, root, subdirs, nested=False):
        self.name, self.root, self.subdirs = name, root, subdirs
        self.nested = nested
        self.modules = {}

    def module(self, path):
        if path not in self.modules:
            try:
                self.modules[path] = Module(self, path)
            except (SyntaxError, ValueError, OSError):
                self.modules[path] = None
        return self.modules[path]

    def find_module(self, dotted, level, frm):
        """The file of module `dotted` imported from file `frm` (None if not
        in the repository)."""
        if level:
            base = os.path.dirname(frm)
            for _ in range(level - 1):
                base = os.path.dirname(base)
            bases = [base]
        else:
            bases = [self.root] + [os.path.join(self.root, s)
                                   for s in ("src", "python")]
        parts = dotted.split(".") if dotted else []
        for b in bases:
            p = os.path.join(b, *parts)
            for cand in (p + ".py", os.path.join(p, "__init__.py")):
                if os.path.isfile(cand):
                    return cand
        return None


class Unresolved(Exception):
    pass


def triton_module(name):
    return name == "triton" or name.startswith("triton.")


def import_stmt(mod, attr, alias):
    """An import statement binding `alias`."""
    if attr is None:
        if "." in mod and alias == mod.split(".")[0]:
            return "import %s" % mod
        return "import %s" % mod if alias == mod else "import %s as %s" % (mod, alias)
    return ("from %s import %s" % (mod, attr) if alias == attr else
            "from %s import %s as %s" % (mod, attr, alias))


def import_pref(binding):
    mod, attr, _ = binding
    text = mod + "." + (attr or "")
    return 2 if ("hip" in text or "amd" in text) else 0 if "cuda" in text else 1


class Extractor:
    """Builds the standalone text of one kernel."""

    def __init__(self, repo):
        self.repo = repo
        self.names = {}      # emitted name -> key
        self.keys = {}       # key -> emitted name
        self.imports = []    # import texts
        self.consts = []     # assignment texts, dependency order
        self.funcs = []      # function texts

    def resolve(self, mod, name, depth=0):
        """What `name` means at module level of `mod`: (kind, key, payload)."""
        if depth > 20:
            raise Unresolved("import cycle for %s" % name)
        binds = mod.bindings.get(name)
        if not binds:
            for smod, slevel in mod.stars:
                if triton_module(smod):
                    return ("timport", ("import", smod, name),
                            [(smod, name, 0)])
                f = self.repo.find_module(smod, slevel, mod.path)
                m2 = f and self.repo.module(f)
                if m2 and (name in m2.bindings or m2.stars):
                    try:
                        return self.resolve(m2, name, depth + 1)
                    except Unresolved:
                        pass
            if name in BUILTINS:
                return ("builtin", None, None)
            raise Unresolved("%s not defined in %s" % (name, mod.rel))
        timports = [b[1] for b in binds if b[0] == "import" and
                    not b[1][2] and triton_module(b[1][0])]
        if timports:
            timports.sort(key=import_pref)
            return ("timport", ("import", name, tuple(timports)), timports)
        kind, info = binds[-1]
        for k, i in binds:  # `if HAS_TRITON: @triton.jit def f` ... `else: def f`
            if k in ("jit", "cfunc"):
                kind, info = k, i
        if kind == "cfunc" or (kind == "pyfunc" and
                               isinstance(info, ast.FunctionDef)):
            # A plain function: a constexpr function's helper (FlagGems'
            # unwrap_if_constexpr), emitted without decorators.
            return (kind, (mod.path, name), (mod, info))
        if kind == "jit":
            return ("jit", (mod.path, name), (mod, info))
        if kind == "const":
            return ("const", (mod.path, name), (mod, info))
        if kind == "import":
            dotted, attr, level = info
            if not level and dotted.split(".")[0] in STDLIB_OK and attr is None:
                return ("timport", ("import", name, dotted), [info])
            f = self.repo.find_module(dotted, level, mod.path)
            if f is None:
                raise Unresolved("%s from %s" % (name, dotted or "."))
            if attr is None:
                return ("repomod", f, self.repo.module(f))
            m2 = self.repo.module(f)
            if m2 is None:
                raise Unresolved("cannot parse %s" % f)
            if attr not in m2.bindings and not m2.stars:
                sub = self.repo.find_module(attr, 1, os.path.join(
                    os.path.dirname(f), "__init__.py")) if f.endswith(
                        "__init__.py") else None
                if sub:
                    return ("repomod", sub, self.repo.module(sub))
            return self.resolve(m2, attr, depth + 1)
        raise Unresolved("%s is a Python object in %s" % (name, mod.rel))

    def emit_name(self, key, want):
        if key in self.keys:
            return self.keys[key], False
        name = want
        while name in self.names and self.names[name] != key:
            name = name + "_"
        self.names[name] = key
        self.keys[key] = name
        return name, True

    def use(self, mod, name):
        """Emits what `name` of `mod` needs; returns its emitted name."""
        kind, key, payload = self.resolve(mod, name)
        if kind == "builtin":
            return name
        if kind == "repomod":
            raise Unresolved("module %s used as a value" % name)
        ename, new = self.emit_name(key, name)
        if not new:
            return ename
        if kind == "timport":
            alts = [import_stmt(m, a, ename) for m, a, _ in payload]
            if len(alts) == 1:
                self.imports.append(alts[0])
            else:
                text = ""
                for i, alt in enumerate(alts):
                    pad = "    " * i
                    text += "%stry:\n%s    %s\n%sexcept Exception:\n" % (
                        pad, pad, alt, pad)
                text += "    " * len(alts) + "pass"
                self.imports.append(text)
        elif kind == "const":
            m, expr = payload
            local = {n.id for n in ast.walk(expr)  # comprehension variables
                     if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
            expr = self.rewrite(m, copy.deepcopy(expr), local)
            ann = m.annotations.get(key[1])
            ann = "" if ann is None else ": " + ast.unparse(
                self.rewrite(m, copy.deepcopy(ann), set()))
            self.consts.append("%s%s = %s" % (ename, ann, ast.unparse(expr)))
        elif kind == "jit":
            m, fn = payload
            self.funcs.append(self.function_text(m, fn, ename))
        elif kind in ("cfunc", "pyfunc"):  # @tl.constexpr, or a plain def
            m, fn = payload
            fn = copy.deepcopy(fn)
            fn.name = ename
            fn.decorator_list = [self.rewrite(m, d, set())
                                 for d in fn.decorator_list] \
                if kind == "cfunc" else []
            fn.returns = None
            for a in fn.args.args:
                a.annotation = None
            # The globals its body names (helpers, constants) come along.
            local = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)
                     and not isinstance(n.ctx, ast.Load)}
            local |= {n.arg for n in ast.walk(fn) if isinstance(n, ast.arg)}
            fn.body = [self.rewrite(m, st, local) for st in fn.body]
            self.funcs.append(ast.unparse(fn))
        return ename

    def rewrite(self, mod, node, local):
        """Renames the global names of `node` to their emitted names."""
        ex = self

        class T(ast.NodeTransformer):
            def visit_Attribute(self, n):
                if (isinstance(n.value, ast.Name) and n.value.id not in local
                        and isinstance(n.ctx, ast.Load)):
                    try:
                        kind, f, m2 = ex.resolve(mod, n.value.id)
                    except Unresolved:
                        kind = None
                    if kind == "repomod":
                        if m2 is None:
                            raise Unresolved("cannot parse %s" % f)
                        return ast.copy_location(
                            ast.Name(id=ex.use(m2, n.attr), ctx=ast.Load()), n)
                self.generic_visit(n)
                return n

            def visit_Name(self, n):
                if isinstance(n.ctx, ast.Load) and n.id not in local:
                    n.id = ex.use(mod, n.id)
                return n

        return T().visit(node)

    def function_text(self, mod, fn, ename):
        fn = copy.deepcopy(fn)
        local = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                local.add(n.id)
            elif isinstance(n, ast.arg):
                local.add(n.arg)
        kws = jit_kwargs(fn)
        fn.decorator_list = []
        fn.name = ename
        fn.returns = None
        for a in fn.args.args + fn.args.kwonlyargs:  # keep constexpr only
            if a.annotation is not None:
                keep = "constexpr" in ast.unparse(a.annotation)
                a.annotation = self.rewrite(mod, a.annotation, set()) if keep \
                    else None
        fn.body = [self.rewrite(mod, st, local) for st in fn.body]
        fn.args.defaults = [self.rewrite(mod, d, set()) for d in fn.args.defaults]
        fn.args.kw_defaults = [d and self.rewrite(mod, d, set())
                               for d in fn.args.kw_defaults]
        deco = "@triton.jit" + ("(%s)" % ", ".join(ast.unparse(k) for k in kws)
                               if kws else "")
        return deco + "\n" + ast.unparse(fn)

    def source(self, header):
        # A constant that names a function (gemlite's `swizzle_tile =
        # swizzle_tile_v1`) comes after the functions.
        funcs = {node.name for text in self.funcs
                 for node in ast.parse(text).body
                 if isinstance(node, ast.FunctionDef)}

        def names_function(text):
            return any(isinstance(n, ast.Name) and n.id in funcs
                       for n in ast.walk(ast.parse(text)))

        early = [c for c in self.consts if not names_function(c)]
        late = [c for c in self.consts if names_function(c)]
        return "\n\n".join([header, "import triton"] + self.imports +
                           ["\n".join(early)] + self.funcs +
                           ["\n".join(late)]) + "\n"


def param_hints(fn):
    """Per parameter: hints for guessing its type from the body's uses."""
    params = [a.arg for a in fn.args.args]
    ptr, tup, desc, boolish, cmp = set(), set(), set(), set(), {}
    floatish = set()

    def leaves(e, out):
        if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)):
            leaves(e.left, out)
            if isinstance(e.op, ast.Add):
                leaves(e.right, out)
        else:
            out.append(e)
        return out

    def bases(e, out):
        """The names an address expression may have as its base pointer:
        the leftmost term of a sum if it is a name, else every name term."""
        terms = leaves(e, [])
        if isinstance(terms[0], ast.Name):
            terms = terms[:1]
        for t in terms:
            if isinstance(t, ast.Name):
                out.add(t.id)
            elif isinstance(t, ast.Subscript):
                bases(t.value, out)
            elif isinstance(t, ast.IfExp):
                bases(t.body, out)
                bases(t.orelse, out)
            elif isinstance(t, ast.Call) and isinstance(t.func, ast.Attribute):
                if t.func.attr in ("to", "cast"):
                    bases(t.func.value, out)
                elif t.func.attr in ("broadcast_to", "expand_dims", "reshape",
                                     "view") and t.args:
                    bases(t.args[0], out)
        return out

    addr = set()
    rank = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Call):
            f = n.func
            fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
                    and f.value.id in params and fname in ("load", "store"):
                desc.add(f.value.id)  # desc.load([...])
                if n.args and isinstance(n.args[0], (ast.List, ast.Tuple)):
                    rank[f.value.id] = len(n.args[0].elts)
            elif fname in ("load", "store", "atomic_add", "atomic_cas", "atomic_xchg",
                           "atomic_max", "atomic_min", "atomic_and", "atomic_or",
                           "atomic_xor", "make_block_ptr", "make_tensor_descriptor"):
                args = list(n.args[:1]) + [k.value for k in n.keywords
                                            if k.arg in ("pointer", "base")]
                for a in args:
                    bases(a, addr)
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            if n.attr in ("dtype",) and n.value.id in params:
                ptr.add(n.value.id)
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and \
                isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, int):
            tup.add(n.value.id)
        if isinstance(n, ast.If) or isinstance(n, ast.IfExp) or isinstance(n, ast.UnaryOp) \
                and isinstance(n.op, ast.Not):
            t = n.test if not isinstance(n, ast.UnaryOp) else n.operand
            if isinstance(t, ast.Name):
                boolish.add(t.id)
        if isinstance(n, ast.BoolOp):
            boolish.update(v.id for v in n.values if isinstance(v, ast.Name))
        if isinstance(n, ast.Compare) and len(n.comparators) == 1:
            a, b = n.left, n.comparators[0]
            for x, y in ((a, b), (b, a)):
                if isinstance(x, ast.Name) and isinstance(y, ast.Constant) and \
                        x.id not in cmp and y.value is not None:
                    cmp[x.id] = y.value
        if isinstance(n, ast.BinOp):
            for x, y in ((n.left, n.right), (n.right, n.left)):
                if isinstance(x, ast.Name) and isinstance(y, ast.Constant) and \
                        isinstance(y.value, float):
                    floatish.add(x.id)
    # Propagate through assignments: `p = x_ptr + off` with p an address.
    assigns = [n for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign))]
    changed = True
    while changed:
        changed = False
        for a in assigns:
            targets = a.targets if isinstance(a, ast.Assign) else [a.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if names & addr:
                new = bases(a.value, set()) - addr
                if isinstance(a, ast.AugAssign):
                    new = set()
                if new:
                    addr |= new
                    changed = True
    ptr |= addr & set(params)
    # Integer pointers: what a load from them gives ends up in an address
    # (or a loop bound): the names of the offsets of every access, closed
    # over the assignments that compute them.
    offs = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and n.args and getattr(n.func, "attr", "") in (
                "load", "store", "atomic_add", "atomic_cas", "atomic_xchg",
                "atomic_max", "atomic_min", "atomic_and", "atomic_or"):
            names = {m.id for m in ast.walk(n.args[0]) if isinstance(m, ast.Name)}
            offs |= names - bases(n.args[0], set())
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "range":
            offs |= {m.id for a in n.args for m in ast.walk(a) if isinstance(m, ast.Name)}
    changed = True
    while changed:
        changed = False
        for a in assigns:
            targets = a.targets if isinstance(a, ast.Assign) else [a.target]
            tnames = {m.id for t in targets for m in ast.walk(t) if isinstance(m, ast.Name)}
            if tnames & offs:
                new = {m.id for m in ast.walk(a.value) if isinstance(m, ast.Name)} - offs
                if new:
                    offs |= new
                    changed = True
    return {p: {"ptr": p in ptr or "ptr" in p.lower(), "int": p in ptr and p in offs,
                "tuple": p in tup,
                "desc": p in desc or p.lower().endswith("desc"),
                "rank": rank.get(p, 2),
                "bool": p in boolish, "cmp": cmp.get(p) if p in cmp else None,
                "float": p in floatish} for p in params}


def jit_functions(mod):
    out = []
    for name, binds in mod.bindings.items():
        for kind, node in binds:
            if kind == "jit":
                out.append(node)
    return out


def called_names(fn):
    out = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name):
            out.add(n.id)
        elif isinstance(n, ast.Attribute):
            out.add(n.attr)
    return out


def cmd_extract(args):
    os.makedirs(os.path.join(args.out, "src"), exist_ok=True)
    index_path = os.path.join(args.out, "kernels.jsonl")
    index = open(index_path, "w")
    counts = {}
    for spec in args.repos:
        name, _, rest = spec.partition("=")
        root, _, subs = rest.partition(":")
        subs = [s for s in subs.split(",") if s] or ["."]
        repo = Repo(name, os.path.abspath(root), subs, args.nested)
        files = []
        for s in subs:
            for dp, dn, fns in os.walk(os.path.join(repo.root, s)):
                dn[:] = sorted(d for d in dn if d not in args.exclude)
                for fn in sorted(fns):
                    if fn.endswith(".py"):
                        p = os.path.join(dp, fn)
                        with open(p, encoding="utf-8", errors="replace") as f:
                            if "jit" in f.read():
                                files.append(p)
        mods = [m for m in (repo.module(f) for f in files) if m]
        jits = [(m, fn) for m in mods for fn in jit_functions(m)]
        called = set()
        for m, fn in jits:
            called |= called_names(fn) - {fn.name}
        for m, fn in jits:
            if fn.name in called:
                continue
            rec = {"repo": name, "file": m.rel, "kernel": fn.name}
            ex = Extractor(repo)
            try:
                ex.use(m, fn.name)
                header = "# %s:%s kernel %s, extracted by bench/sweep.py" % (
                    name, m.rel, fn.name)
                text = ex.source(header)
                ast.parse(text)
                stem = re.sub(r"[^A-Za-z0-9_]", "_", m.rel[:-3])
                path = os.path.join(args.out, "src", name, stem, fn.name + ".py")
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
                rec.update(status="ok", src=path, hints=param_hints(fn),
                           hash=hashlib.sha1(text.encode()).hexdigest())
            except Unresolved as e:
                rec.update(status="unresolved", reason=str(e))
            except (RecursionError, SyntaxError, ValueError) as e:
                rec.update(status="unresolved", reason="extract: %s" % e)
            index.write(json.dumps(rec) + "\n")
            c = counts.setdefault(name, [0, 0])
            c[0] += 1
            c[1] += rec["status"] == "ok"
    for name, (n, ok) in counts.items():
        print("%s: %d kernels, %d extracted" % (name, n, ok))


# ---------------------------------------------------------------------------
# Signatures and Triton


INT_PTR = re.compile(r"idx|index|indices|ids\b|_id|offset|offs|lens?\b|_len|loc|"
                     r"table|seqlen|cu_|position|pos_|count|expert|lock|sorted|"
                     r"slot|num_tokens|token|map|perm|bitmask|label|target|flag|"
                     r"indptr|batch|page|start|end|size", re.I)
FLOAT_NAME = re.compile(r"eps|scale|alpha|beta|temp|softcap|momentum|lr\b|decay|"
                        r"dropout|p_drop|factor|theta|gamma|rate|clip|slope|"
                        r"multiplier|threshold|^p$|value|min_val|max_val|cap|std|"
                        r"mean|weight\b|lambda|logit|sigma|penalty|top_p|ratio", re.I)
BOOL_NAME = re.compile(r"^(HAS|IS|USE|ENABLE|EVEN|SHOULD|APPLY|DO|NEED|RETURN|SAVE|"
                       r"WITH|NO|SKIP|CAUSAL|TRANS|ALLOW|FUSE|MASK|STORE|LOAD|"
                       r"SPLIT|REVERSE|IGNORE|COMPUTE|OUTPUT|BIAS)|_?(CAUSAL|TRANSPOSE"
                       r"|TRANS_[AB]?)$", re.I)


def literal_text(v):
    """A constexpr value as tkc's signature writes it (None if it cannot)."""
    import triton.language as tl
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, tl.dtype):
        for k, d in vars(tl).items():
            if isinstance(d, tl.dtype) and d == v and not k.startswith("_"):
                return "tl." + k
    return None


def guesses(fn, hints):
    """Up to 4 (signature, constexprs) guesses for the kernel."""
    import triton.language as tl
    out = []
    blockish = re.compile(r"BLOCK|SIZE|TILE|_M$|_N$|_K$|_D$|DIM|BS", re.I)
    nblocks = sum(p.is_constexpr and not p.has_default and bool(blockish.search(p.name))
                  for p in fn.params)
    block = (128 if nblocks <= 2 else 64) if BIG else (
        64 if nblocks <= 2 else 16)
    for attempt in range(4):
        sig, consts, text = {}, {}, []
        for i, p in enumerate(fn.params):
            name, h = p.name, hints.get(p.name, {})
            if p.is_constexpr:
                cmp = h.get("cmp")
                if "value" in h:  # given by hand, as "type" below
                    v = h["value"]
                elif p.has_default:
                    v = p.default
                    if isinstance(v, tl.constexpr):
                        v = v.value
                elif isinstance(cmp, (str, bool)):
                    v = cmp
                elif re.search(r"dtype|type", name, re.I):
                    v = tl.float32 if attempt % 2 else tl.float16
                elif BOOL_NAME.search(name) or h.get("bool"):
                    v = attempt >= 2
                elif blockish.search(name):
                    v = [block, max(16, block // 2), 16, 32][attempt]
                elif re.search(r"GROUP", name, re.I):
                    v = 8
                elif re.search(r"NUM|STAGES|WARPS|N_|_N", name, re.I):
                    v = [2, 4, 1, 8][attempt]
                elif isinstance(cmp, int) and attempt == 0:
                    v = cmp
                else:
                    v = [1, 64, 16, 2][attempt]
                lt = literal_text(v)
                if lt is None:
                    raise ValueError("constexpr %s default %r" % (name, v))
                sig[name] = "constexpr"
                consts[name] = v
                text.append(lt)
                continue
            if h.get("tuple"):
                raise ValueError("tuple parameter %s" % name)
            if h.get("desc"):
                # A host TensorDescriptor: its block as the guessed block
                # sizes go (the kernel's tiles must match it), fp16 or fp32.
                dims = [[block] * 2, [block, 2 * block], [2 * block, block],
                        [block] * 2][attempt]
                dims = ([block] * (h.get("rank", 2) - 2) + dims)[-h.get("rank", 2):]
                t = "tensordesc<%s%s>" % ("fp32" if attempt == 3 else "fp16",
                                          dims)
                sig[name] = t
                text.append(t)
                continue
            if h.get("type"):  # given by hand (kernels added to kernels.jsonl)
                t = h["type"]
                sig[name] = t
                text.append(t + ":16" if t.startswith("*") else t)
            elif h.get("ptr"):
                if (INT_PTR.search(name) or h.get("int")) and attempt != 3:
                    t = "*i32"
                else:
                    t = "*fp32" if attempt in (1, 3) else "*fp16"
                sig[name] = t
                text.append(t + ":16")
            else:
                fl = bool(FLOAT_NAME.search(name)) or h.get("float")
                if attempt == 2:
                    fl = not fl
                t = "fp32" if fl else "i32"
                sig[name] = t
                text.append(t)
        out.append((sig, consts, ", ".join(text)))
    return out


def judge_worker():
    """A child process: reads (src, kernel, hints) JSON lines, answers each
    with a line `@@SWEEP {...}`: the first guess Triton accepts, or the
    errors."""
    # Triton is judged up to PTX: ptxas (slow on big kernels) is left out.
    from triton.backends.nvidia.compiler import CUDABackend
    add_stages = CUDABackend.add_stages

    def no_cubin(self, stages, *a, **k):
        add_stages(self, stages, *a, **k)
        stages.pop("cubin", None)
        make_ptx = stages["ptx"]

        def ptx(src, metadata, *rest):
            LAST_PTX[0] = make_ptx(src, metadata, *rest)
            return LAST_PTX[0]
        stages["ptx"] = ptx
    CUDABackend.add_stages = no_cubin
    for n, line in enumerate(sys.stdin):
        req = json.loads(line)
        if "ptx" in req or "amdgcn" in req:
            amd = "amdgcn" in req
            r = triton_assembly(req["src"], req["kernel"], req["hints"],
                                req["signature"],
                                req["amdgcn" if amd else "ptx"], n, amd)
        else:
            r = judge_one(req["src"], req["kernel"], req["hints"], n)
        sys.stdout.write("@@SWEEP " + json.dumps(r) + "\n")
        sys.stdout.flush()


# The PTX of the judge worker's last compile (its stage, wrapped).
LAST_PTX = [None]


def load_kernel(src, kernel, name):
    """The jit function `kernel` of the extracted file `src`, imported as
    module `name`."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, src)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, kernel)


def guess_source(fn, sig, consts):
    """Triton's source of `fn` with a guessed signature, its pointers
    16-byte aligned (`:16`, as tkc gets them)."""
    import triton
    attrs = {(i,): [["tt.divisibility", 16]] for i, p in enumerate(fn.params)
             if sig[p.name].startswith("*")}
    return triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=consts,
                                     attrs=attrs)


def triton_assembly(src, kernel, hints, signature, path, n, amd=False):
    """Writes to `path` the assembly Triton makes of `kernel` with the guess
    whose text is `signature`, WARPS warps and 3 stages: PTX for sm_90 (the
    worker runs with Triton's cache off, so that the stage runs), or with
    `amd` AMDGCN for gfx942."""
    import triton
    from triton.backends.compiler import GPUTarget
    try:
        fn = load_kernel(src, kernel, "sweep_cmp_%d" % n)
        for sig, consts, text in guesses(fn, hints):
            if text != signature:
                continue
            source = guess_source(fn, sig, consts)
            options = {"num_warps": WARPS, "num_stages": 3}
            if amd:
                assembly = triton.compile(
                    source, target=GPUTarget("hip", "gfx942", 64),
                    options=options).asm["amdgcn"]
            else:
                LAST_PTX[0] = None
                try:
                    triton.compile(source, target=GPUTarget("cuda", 90, 32),
                                   options=options)
                except KeyError as e:  # the missing cubin stage, at the end
                    if "cubin" not in str(e):
                        raise
                assembly = LAST_PTX[0]
                if assembly is None:
                    return {"error": "Triton made no PTX"}
            with open(path, "w") as out:
                out.write(assembly)
            return {"ok": True}
        return {"error": "the signature is no longer among the guesses"}
    except Exception as e:
        return {"error": error_text(e)}


def judge_one(src, kernel, hints, n):
    import triton
    from triton.backends.compiler import GPUTarget
    try:
        fn = load_kernel(src, kernel, "sweep_kernel_%d" % n)
        tries = guesses(fn, hints)
    except Exception as e:
        return {"triton": False, "skip": "%s: %s" % (
            type(e).__name__, (str(e).strip().splitlines() or [""])[-1][:300])}
    errors, seen = [], set()
    for sig, consts, text in tries:
        if text in seen:
            continue
        seen.add(text)
        try:
            triton.compile(guess_source(fn, sig, consts),
                           target=GPUTarget("cuda", 90, 32),
                           options={"num_warps": WARPS})
        except KeyError as e:
            if "cubin" not in str(e):  # what the missing stage raises at the end
                errors.append(error_text(e))
                continue
        except Exception as e:
            errors.append(error_text(e))
            continue
        hip = True
        try:
            triton.compile(guess_source(fn, sig, consts),
                           target=GPUTarget("hip", "gfx942", 64),
                           options={"num_warps": WARPS})
        except Exception as e:
            hip = error_text(e)
        return {"triton": True, "signature": text, "hip": hip, "tries": len(seen)}
    return {"triton": False, "errors": errors, "guess": tries[0][2]}


def error_text(e):
    """The innermost message of a Triton exception."""
    while e.__cause__ is not None:
        e = e.__cause__
    text = str(e)
    lines = text.splitlines()
    carets = [i for i, l in enumerate(lines) if l.strip().startswith("^")]
    if carets and any(l.strip() for l in lines[carets[-1] + 1:]):
        text = "\n".join(lines[carets[-1] + 1:])
        return [l.strip() for l in text.splitlines() if l.strip()][0][:300]
    return first_error(text) or type(e).__name__


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if re.search(r"error|Error|unsupported|PLEASE|Assertion|Segmentation", l) and \
                not l.startswith("^"):
            return l[:300]
    return lines[-1][:300] if lines else ""


def load_jsonl(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                out[(r["repo"], r["file"], r["kernel"])] = r
    return out


def run_pool(items, work, out_path, jobs):
    lock = threading.Lock()
    with open(out_path, "a") as out, ThreadPoolExecutor(jobs) as pool:
        def go(item):
            r = work(item)
            with lock:
                out.write(json.dumps(r) + "\n")
                out.flush()
        for _ in pool.map(go, items):
            pass


class Worker:
    """A judge-worker child process, restarted after a timeout, a crash or
    200 kernels."""

    def __init__(self, env):
        self.env, self.p, self.n = env, None, 0

    def start(self):
        self.p = subprocess.Popen([sys.executable, __file__, "judge-worker"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, env=self.env)
        self.q, self.n = queue.Queue(), 0
        threading.Thread(target=self.read, args=(self.p, self.q), daemon=True).start()

    @staticmethod
    def read(p, q):
        for line in p.stdout:
            if line.startswith("@@SWEEP "):
                q.put(json.loads(line[8:]))
        q.put(None)

    def stop(self):
        self.p.kill()
        self.p.wait()
        self.p = None

    def ask(self, req):
        if self.p is None or self.n >= 200:
            if self.p is not None:
                self.stop()
            self.start()
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        try:
            r = self.q.get(timeout=TIMEOUT)
        except queue.Empty:
            self.stop()
            return {"triton": False, "errors": ["triton timeout"]}
        if r is None:
            self.stop()
            return {"triton": False, "errors": ["Triton's process died"]}
        self.n += 1
        return r


def cmd_judge(args):
    kernels = list(load_jsonl(os.path.join(args.out, "kernels.jsonl")).values())
    path = os.path.join(args.out, "judge.jsonl")
    done = load_jsonl(path)
    todo = [k for k in kernels if k["status"] == "ok" and
            (k["repo"], k["file"], k["kernel"]) not in done]
    # Other vendors' copies of FlagGems' kernels last.
    todo.sort(key=lambda k: "/backend/_" in k["file"] and "_nvidia" not in k["file"]
              and "_amd" not in k["file"])
    by_hash = {}
    for r in done.values():
        by_hash.setdefault(r.get("hash"), r)
    env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(args.out, "triton_cache"))
    print("%d kernels to judge" % len(todo), flush=True)
    local = threading.local()

    def work(k):
        r = {key: k[key] for key in ("repo", "file", "kernel", "src", "hash")}
        prev = by_hash.get(k["hash"])
        if prev:
            r.update({key: prev[key] for key in ("triton", "signature", "hip",
                      "errors", "skip") if key in prev}, duplicate_of=prev["src"])
            return r
        if not hasattr(local, "worker"):
            local.worker = Worker(env)
        r.update(local.worker.ask({key: k[key] for key in ("src", "kernel", "hints")}))
        by_hash.setdefault(k["hash"], r)
        return r
    run_pool(todo, work, path, args.jobs)


# ---------------------------------------------------------------------------
# tkc


def run_tkc(tkc, src, kernel, sig, target, out, extra=(), warps=None):
    """`tkc compile` of `kernel` on `warps` (WARPS) warps (with `extra`
    options): whether it succeeded, its time, and its first error or crash."""
    cmd = [tkc, "compile", src, "--kernel", kernel, "--signature", sig,
           "--num-warps", str(warps or WARPS), "--target", target, "-o", out,
           *extra]
    start = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"ok": False, "timeout": True, "error": "timeout after %d s" % TIMEOUT}
    text = p.stdout + p.stderr
    crash = p.returncode < 0 or "PLEASE submit a bug report" in text or \
        "Stack dump" in text
    r = {"ok": p.returncode == 0, "rc": p.returncode,
         "seconds": round(time.time() - start, 2)}
    if crash:
        r["crash"] = True
    if p.returncode != 0:
        r["error"] = first_error(text) or "rc %d" % p.returncode
        if crash and p.returncode < 0:
            r["error"] = "signal %d: %s" % (-p.returncode, r["error"])
    return r


def cmd_tkc(args):
    """Compiles what Triton accepted; with --rejected, what it refused (the
    first guess, sm_90a only), to look for crashes and hangs."""
    judged = [r for r in load_jsonl(os.path.join(args.out, "judge.jsonl")).values()
              if r.get("triton") or (args.rejected and r.get("guess"))]
    judged = [r for r in judged if bool(r.get("triton")) != args.rejected]
    for r in judged:
        r.setdefault("signature", r.get("guess"))
    path = os.path.join(args.out, "rejected.jsonl" if args.rejected else
                        "results.jsonl")
    done = load_jsonl(path)
    todo = [r for r in judged if (r["repo"], r["file"], r["kernel"]) not in done]
    os.makedirs(os.path.join(args.out, "bin"), exist_ok=True)
    print("%d kernels for tkc" % len(todo), flush=True)
    by_key = {}

    def work(r):
        r = dict(r, warps=WARPS)
        key = (r["hash"], r["signature"])
        if key in by_key:
            r.update({t: by_key[key][t] for t in ("sm_90a", "gfx942")
                      if t in by_key[key]})
            return r
        base = os.path.join(args.out, "bin", r["hash"][:12])
        for t in ("sm_90a",) if args.rejected else ("sm_90a", "gfx942"):
            r[t] = run_tkc(args.tkc, r["src"], r["kernel"], r["signature"], t,
                           base + "_" + t)
        by_key[key] = r
        return r
    run_pool(todo, work, path, args.jobs)


# One architecture of each kind tkc knows (its matrix instructions, warp
# size and shared memory), besides the two the tkc phase compiles for.
OTHER_TARGETS = ("sm_80", "sm_89", "sm_100a", "sm_120", "gfx90a", "gfx950",
                 "gfx1100", "gfx1201")


def cmd_targets(args):
    """Compiles what tkc compiled for sm_90a for each of --targets too (AMD
    ones only where Triton's HIP backend took the kernel) into
    OUT/targets.jsonl, and lists the failures by target and message: a
    lowering that only one architecture takes (its matrix instructions, its
    warp size) is where the others break. A kernel already in
    targets.jsonl is not compiled again (remove the file to rerun)."""
    targets = args.targets.split(",")
    rows = [r for r in load_jsonl(os.path.join(args.out, "results.jsonl")).values()
            if r["sm_90a"]["ok"]]
    path = os.path.join(args.out, "targets.jsonl")
    done = load_jsonl(path)
    todo = [r for r in rows if (r["repo"], r["file"], r["kernel"]) not in done]
    print("%d kernels for %s" % (len(todo), ", ".join(targets)), flush=True)
    amd = lambda t: t.startswith("gfx")

    def work(r):
        base = os.path.join(args.out, "bin", r["hash"][:12])
        return dict(r, others={
            t: run_tkc(args.tkc, r["src"], r["kernel"], r["signature"], t,
                       base + "_" + t, warps=r.get("warps"))
            for t in targets if not amd(t) or r.get("hip") is True})
    run_pool(todo, work, path, args.jobs)
    results = load_jsonl(path).values()
    for t in targets:
        ran = [r for r in results if t in r["others"]]
        bad = [r for r in ran if not r["others"][t]["ok"]]
        print("\n## %s: %d of %d compile" % (t, len(ran) - len(bad), len(ran)))
        group = {}
        for r in bad:
            group.setdefault(normalize(r["others"][t]["error"]), []).append(r)
        for msg, rs in sorted(group.items(), key=lambda kv: -len(kv[1])):
            print("- %d x %s\n  `%s`" % (len(rs), rs[0]["others"][t]["error"],
                                         command_line(rs[0], t)))


# ---------------------------------------------------------------------------
# Compare


def sass_stats(ptx, ptxas, cuobjdump):
    """Registers, spill stores, instructions and some opcodes' counts of the
    binary ptxas makes of `ptx` for sm_90a."""
    cubin = ptx[:-4] + ".cubin"
    p = subprocess.run([ptxas, "-arch=sm_90a", "-v", ptx, "-o", cubin],
                       capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0:
        return {"error": first_error(p.stderr) or "ptxas failed"}
    regs = re.search(r"Used (\d+) registers", p.stderr)
    spill = re.search(r"(\d+) bytes spill stores", p.stderr)
    sass = subprocess.run([cuobjdump, "-sass", cubin], capture_output=True,
                          text=True, timeout=TIMEOUT).stdout
    ops = re.findall(r"^\s+/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+)",
                     sass, re.M)
    count = lambda prefix: sum(op.startswith(prefix) for op in ops)
    return {"registers": int(regs.group(1)) if regs else 0,
            "spills": int(spill.group(1)) if spill else 0,
            "instructions": len(ops), "async_copies": count("LDGSTS"),
            "mma": count("HGMMA") + count("HMMA"), "global_loads": count("LDG"),
            "global_stores": count("STG")}


def amdgcn_stats(path):
    """VGPRs, VGPR spills, instructions and some opcodes' counts of the
    first kernel in the AMDGCN assembly at `path` (tkc's --emit amdgcn or
    Triton's), in sass_stats' keys (mma: MFMA; lds: ds_ instructions)."""
    if not os.path.exists(path):
        return {"error": "no assembly"}
    text = open(path).read()
    meta = lambda key: int((re.search(r"^\s+\.%s:\s+(\d+)" % key, text,
                                      re.M) or [0, 0])[1])
    body = text.split(".end_amdgpu_metadata")[0]
    ops = re.findall(r"^\s+((?:s|v|ds|global|buffer|flat|scratch)_\w+)",
                     body, re.M)
    count = lambda prefix: sum(op.startswith(prefix) for op in ops)
    return {"registers": meta("vgpr_count"),
            "spills": meta("vgpr_spill_count"), "instructions": len(ops),
            "async_copies": 0, "mma": count("v_mfma"), "lds": count("ds_"),
            "global_loads": count("global_load") + count("buffer_load"),
            "global_stores": count("global_store") + count("buffer_store")}


def differences(ours, theirs):
    """How tkc's binary differs in kind from Triton's, in words."""
    out = []
    if theirs["async_copies"] and not ours["async_copies"]:
        out.append("no async copies (Triton %d)" % theirs["async_copies"])
    if theirs["mma"] and not ours["mma"]:
        out.append("no matrix instructions (Triton %d)" % theirs["mma"])
    if ours["spills"] > theirs["spills"]:
        out.append("spills %d > %d bytes" % (ours["spills"], theirs["spills"]))
    for key, ratio, margin in (("registers", 1.25, 16),
                               ("instructions", 1.3, 100),
                               ("lds", 1.5, 16),
                               ("global_loads", 1.5, 8),
                               ("global_stores", 1.5, 8)):
        if key not in ours or key not in theirs:
            continue
        if ours[key] > theirs[key] * ratio and ours[key] - theirs[key] > margin:
            out.append("%s %d > %d" % (key, ours[key], theirs[key]))
    return out


def cmd_compare(args):
    import triton
    tools = os.path.join(os.path.dirname(triton.__file__), "backends",
                         "nvidia", "bin")
    ptxas, cuobjdump = (os.path.join(tools, t) for t in ("ptxas", "cuobjdump"))
    kernels = load_jsonl(os.path.join(args.out, "kernels.jsonl"))
    target = "gfx942" if args.amd else "sm_90a"
    rows = [r for r in load_jsonl(os.path.join(args.out, "results.jsonl")).values()
            if isinstance(r.get(target), dict) and r[target].get("ok")
            and not r.get("duplicate_of")]
    if args.grep:
        rows = [r for r in rows if re.search(args.grep, open(r["src"]).read())]
    path = os.path.join(args.out,
                        "compare_amd.jsonl" if args.amd else "compare.jsonl")
    done = load_jsonl(path)
    todo = [r for r in rows if (r["repo"], r["file"], r["kernel"]) not in done]
    work_dir = os.path.join(args.out, "compare")
    os.makedirs(work_dir, exist_ok=True)
    env = dict(os.environ, TRITON_ALWAYS_COMPILE="1",
               TRITON_CACHE_DIR=os.path.join(args.out, "cmp_cache"))
    print("%d kernels to compare" % len(todo), flush=True)
    local = threading.local()

    def work(r):
        out = {key: r[key] for key in ("repo", "file", "kernel", "src",
                                       "signature")}
        base = os.path.join(work_dir, r["hash"][:12])
        kind = "amdgcn" if args.amd else "ptx"
        stats = (amdgcn_stats if args.amd else
                 lambda f: sass_stats(f, ptxas, cuobjdump))
        made = run_tkc(args.tkc, r["src"], r["kernel"], r["signature"],
                       target, base + "_tkc." + kind,
                       ["--num-stages", "3", "--emit", kind])
        out["tkc"] = (stats(base + "_tkc." + kind) if made["ok"] else
                      {"error": made["error"]})
        if not hasattr(local, "worker"):
            local.worker = Worker(env)
        hints = kernels.get((r["repo"], r["file"], r["kernel"]), {}).get("hints")
        answer = local.worker.ask({"src": r["src"], "kernel": r["kernel"],
                                   "hints": hints, "signature": r["signature"],
                                   kind: base + "_triton." + kind})
        out["triton"] = (stats(base + "_triton." + kind) if answer.get("ok")
                         else {"error": answer.get("error") or str(answer)})
        return out
    run_pool(todo, work, path, args.jobs)
    keys = {(r["repo"], r["file"], r["kernel"]) for r in rows}
    compared = [r for key, r in load_jsonl(path).items() if key in keys and
                "error" not in r["tkc"] and "error" not in r["triton"]]
    listed = 0
    for r in compared:
        found = differences(r["tkc"], r["triton"])
        if found:
            listed += 1
            print("%s %s %s: %s" % (r["repo"], r["file"], r["kernel"],
                                    "; ".join(found)))
    print("%d of %d kernels compared differ in kind (%d not compared)" % (
        listed, len(compared), len(rows) - len(compared)))


# ---------------------------------------------------------------------------
# Report


def command_line(r, target):
    return "tkc compile %s --kernel %s --signature '%s' --num-warps %d " \
        "--target %s -o /tmp/o" % (r["src"], r["kernel"], r["signature"],
                                   r.get("warps", 4), target)


def normalize(msg):
    """An error message without its file positions and numbers, to group by."""
    msg = re.sub(r"^\S+\.py:\d+:\d+:\s*", "", msg)
    msg = re.sub(r"/\S+", "PATH", msg)
    msg = re.sub(r"'[^']*'", "'X'", msg)
    return re.sub(r"\d+", "N", msg)[:160]


def cmd_report(args):
    kernels = load_jsonl(os.path.join(args.out, "kernels.jsonl"))
    judged = load_jsonl(os.path.join(args.out, "judge.jsonl"))
    results = load_jsonl(os.path.join(args.out, "results.jsonl"))
    repos = sorted({k[0] for k in kernels})
    print("| repo | kernels | unresolved | Triton ok | tkc sm_90a ok | "
          "Triton hip ok | tkc gfx942 ok (of Triton hip ok) |")
    print("|---|---|---|---|---|---|---|")
    for repo in repos:
        ks = [k for k in kernels.values() if k["repo"] == repo]
        un = sum(k["status"] != "ok" for k in ks)
        js = [j for j in judged.values() if j["repo"] == repo and j.get("triton")]
        rs = [r for r in results.values() if r["repo"] == repo]
        hip = [r for r in rs if r.get("hip") is True]
        print("| %s | %d | %d | %d | %d | %d | %d |" % (
            repo, len(ks), un, len(js), sum(r["sm_90a"]["ok"] for r in rs),
            len(hip), sum(r["gfx942"]["ok"] for r in hip)))
    for target in ("sm_90a", "gfx942"):
        bad = [r for r in results.values() if not r[target]["ok"] and
               (target == "sm_90a" or r.get("hip") is True)]
        for title, sel in (("crashes", lambda x: x.get("crash")),
                           ("timeouts", lambda x: x.get("timeout")),
                           ("errors", lambda x: not x.get("crash") and
                            not x.get("timeout"))):
            group = {}
            for r in bad:
                if sel(r[target]):
                    group.setdefault(normalize(r[target]["error"]), []).append(r)
            print("\n## tkc %s %s: %d kernels, %d distinct" % (
                target, title, sum(map(len, group.values())), len(group)))
            for msg, rs in sorted(group.items(), key=lambda kv: -len(kv[1])):
                uniq = {r["hash"]: r for r in rs}
                print("\n- %d x (%d distinct sources): %s" % (
                    len(rs), len(uniq), rs[0][target]["error"]))
                for r in list(uniq.values())[:2]:
                    print("  - %s:%s:%s\n    `%s`" % (r["repo"], r["file"],
                                                    r["kernel"],
                                                    command_line(r, target)))
    slow = sorted(((r[t].get("seconds", 0), t, r) for r in results.values()
                   for t in ("sm_90a", "gfx942") if r[t]["ok"]),
                  key=lambda x: -x[0])[:10]
    if slow:
        print("\n## slowest tkc compiles")
        for s, t, r in slow:
            print("- %.1f s %s %s:%s:%s" % (s, t, r["repo"], r["file"], r["kernel"]))
    rejected = load_jsonl(os.path.join(args.out, "rejected.jsonl"))
    if rejected:
        bad = [r for r in rejected.values()
               if r["sm_90a"].get("crash") or r["sm_90a"].get("timeout")]
        print("\n## Triton refused every guess; tkc sm_90a on the first guess: "
              "%d compiled, %d errors, %d crashes or timeouts" % (
                  sum(r["sm_90a"]["ok"] for r in rejected.values()),
                  sum(not r["sm_90a"]["ok"] for r in rejected.values()) - len(bad),
                  len(bad)))
        for r in bad:
            print("- %s:%s:%s: %s\n  `%s`" % (r["repo"], r["file"], r["kernel"],
                                             r["sm_90a"]["error"],
                                             command_line(r, "sm_90a")))
    if args.unresolved:
        reasons = {}
        for k in kernels.values():
            if k["status"] != "ok":
                reasons.setdefault(normalize(k["reason"]), []).append(k)
        print("\n## unresolved, by reason")
        for msg, ks in sorted(reasons.items(), key=lambda kv: -len(kv[1]))[:40]:
            print("- %d x %s (e.g. %s:%s)" % (len(ks), msg, ks[0]["repo"], ks[0]["file"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("repos", nargs="+", help="NAME=DIR[:SUBDIR,...]")
    e.add_argument("--exclude", type=lambda s: s.split(","),
                   default="tests,test,benchmarks,docs,examples,third_party",
                   help="folder names to skip (comma-separated)")
    e.add_argument("--nested", action="store_true",
                   help="also jit functions defined inside functions (test "
                   "suites), as OUTER__NAME")
    for name in ("judge", "tkc", "targets", "report", "compare"):
        p = sub.add_parser(name)
        p.add_argument("--jobs", type=int, default=2)
        if name in ("tkc", "targets", "compare"):
            p.add_argument("--tkc", required=True)
        if name == "targets":
            p.add_argument("--targets", default=",".join(OTHER_TARGETS),
                           help="architectures (comma-separated)")
        if name == "tkc":
            p.add_argument("--rejected", action="store_true",
                           help="compile what Triton refused, for crashes")
        if name == "compare":
            p.add_argument("--grep", default="",
                           help="only kernels whose source matches (a regex)")
            p.add_argument("--amd", action="store_true",
                           help="gfx942 AMDGCN (tkc --emit amdgcn, Triton's "
                           "hip backend) instead of sm_90a SASS")
        if name == "report":
            p.add_argument("--unresolved", action="store_true")
        if name not in ("report", "targets"):
            p.add_argument("--big", action="store_true",
                           help="blocks of 128 on 8 warps (see BIG)")
    for p in sub.choices.values():
        p.add_argument("--out", default="/tmp/sweep")
    sub.add_parser("judge-worker")
    args = ap.parse_args()
    if getattr(args, "big", False):
        global BIG, WARPS
        os.environ["SWEEP_BIG"] = "1"  # for the judge's workers
        BIG, WARPS = True, 8
    if args.cmd == "judge-worker":
        return judge_worker()
    {"extract": cmd_extract, "judge": cmd_judge, "tkc": cmd_tkc,
     "targets": cmd_targets, "report": cmd_report,
     "compare": cmd_compare}[args.cmd](args)


if __name__ == "__main__":
    main()
