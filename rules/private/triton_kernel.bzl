"""Implementation of triton_kernel(): compile actions, launcher generation and
the cc_library that users depend on.

The macro `triton_kernel` instantiates three things:
  * `<name>_codegen` (rule `_tkc_codegen`): one `TkcCompile` action per
    variant, writing `<stem>.cubin|hsaco` + `<stem>.json`, one
    `TkcLauncherGen` action writing `<name>.h` + `<name>.c` from all the
    metadata files (the binaries embedded in zstd frames unless
    `compress = False`), and one `TkcReport` action writing
    `<name>.variants.txt` (variants and blob bytes per target, the bytes
    embedded, and per variant registers, spills, shared memory and compile
    time). The variants come from the
    attributes (target × signature) or from a manifest (docs/manifest.md:
    config × specialization × target). With `decorators = True`, one
    `TkcAot` action runs `tkc aot` instead, which reads the kernel's
    @triton.autotune and @triton.heuristics and compiles every variant they
    give (their number is known only once the source is read), keeping them
    in the tree artifact `<name>.variants/`;
  * `<name>_header`, `<name>_source`: the generated pair, by output group;
  * `<name>`: a cc_library over that pair, depending on the tkc runtime, so a
    consumer gets CcInfo and writes `#include "<name>.h"`.

Every label below is a Label() so the rule resolves it in tkc's repository
whether it is loaded as //rules:defs.bzl or as @tkc//rules:defs.bzl.
"""

load(":manifest_check.bzl", "manifest_plan")
load(":targets.bzl", "TARGET_FORMS", "parse_target")

_TKC = Label("//compiler/tools/tkc")
_LAUNCHER_GEN = Label("//launcher_gen:tkc-launcher-gen")
_RUNTIME = Label("//launcher_gen:tkc_runtime")
_PTXAS = Label("@cuda//:ptxas")
_LIBDEVICE = Label("@cuda//:libdevice")
_LLD = Label("@llvm//:bin/ld.lld")
_OCML = Label("@rocm_device_libs//:ocml")
_OCKL = Label("@rocm_device_libs//:ockl")

TkcKernelInfo = provider(
    doc = "The compiled variants of one triton_kernel() and its C pair.",
    fields = {
        "kernel": "the @triton.jit function's name",
        "header": "File: the generated <name>.h",
        "source": "File: the generated <name>.c",
        "variants": "list of struct(target, arch, config, specialization, " +
                    "binary, metadata), one per TkcCompile action (config " +
                    "and specialization: their names in the manifest, or None)",
        "report": "File: <name>.variants.txt, `<arch>: <N> variants, <B> " +
                  "blob bytes` per target, the bytes embedded, and a " +
                  "table of the variants (rules/README.md)",
    },
)

def _parse_target(target):
    """Splits a tkc target string into (backend, arch, binary extension).

    Accepts what `tkc compile --target` accepts (rules/private/targets.bzl).
    """
    parsed = parse_target(target)
    if not parsed:
        fail("triton_kernel: unknown target '%s'; expected %s" % (target, TARGET_FORMS))
    return (parsed.backend, parsed.arch, parsed.format)

def _split_grid(grid):
    """Splits a grid string at its top-level commas (not those in cdiv(a, b))."""
    exprs = []
    depth = 0
    current = ""
    for i in range(len(grid)):
        c = grid[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            exprs.append(current)
            current = ""
        else:
            current += c
    exprs.append(current)
    return exprs

def grid_string(grid):
    """Normalizes `grid` (a string or a list of 1-3 expressions) to the
    "X, Y, Z" form tkc-launcher-gen takes, padding missing dimensions with 1."""
    exprs = _split_grid(grid) if type(grid) == "string" else list(grid)
    exprs = [e.strip() for e in exprs]
    if not exprs or len(exprs) > 3 or "" in exprs:
        fail("triton_kernel: grid must have 1 to 3 non-empty expressions, " +
             "got %r" % (grid,))
    return ", ".join(exprs + ["1"] * (3 - len(exprs)))

def _variants(ctx):
    """The compile variants of this kernel, one TkcCompile action each.

    This list is the single seam for variant expansion: one variant per
    target and signature from the rule's attributes, or, with a manifest,
    one per (config, specialization, target) in launcher-gen order (config by
    config, specializations in manifest order within a config). The compile,
    launcher-gen and report steps below only iterate it.
    """
    if ctx.attr.manifest:
        return _manifest_variants(ctx)
    variants = []
    seen = {}
    signatures = ctx.attr.signatures
    for target in ctx.attr.targets:
        backend, arch, ext = _parse_target(target)
        if arch in seen:
            fail("triton_kernel: targets '%s' and '%s' both name %s" %
                 (seen[arch], target, arch))
        seen[arch] = target

        # Specializations in the order given: the generated dispatch tries
        # them first to last, so the most specialized comes first.
        for index, signature in enumerate(signatures):
            stem = ctx.attr.out_name
            if len(signatures) > 1:
                stem += ".s%d" % index
            stem += "." + arch
            variants.append(struct(
                stem = stem,
                target = target,
                backend = backend,
                arch = arch,
                ext = ext,
                signature = signature,
                constexprs = ctx.attr.constexprs,
                num_warps = ctx.attr.num_warps,
                num_stages = ctx.attr.num_stages,
                max_blocks_per_sm = ctx.attr.max_blocks_per_sm,
                maxnreg = 0,
                config = None,
                specialization = None,
                origin = None,
            ))
    return variants

def _manifest_variants(ctx):
    """The variants of a manifest kernel (see _variants), each with the stem
    `<name>.<config>.<specialization>.<arch>` and an `origin` naming its
    manifest entry for tkc's error messages."""
    path = ctx.attr.manifest_path
    plan = manifest_plan(
        path,
        json.decode(ctx.attr.manifest_data),
        targets = ctx.attr.targets,
        configs = ctx.attr.configs if ctx.attr.configs else None,
    )
    if type(plan) == "string":
        fail(plan)
    variants = []
    for entry in plan:
        backend, arch, ext = _parse_target(entry.target)
        config = entry.config
        spec = entry.specialization
        variants.append(struct(
            stem = "%s.%s.%s.%s" % (ctx.attr.out_name, config["name"], spec["name"], arch),
            target = entry.target,
            backend = backend,
            arch = arch,
            ext = ext,
            signature = spec["signature"],
            constexprs = {k: str(v) for k, v in config["constexprs"].items()},
            num_warps = config["num_warps"],
            num_stages = config["num_stages"],
            max_blocks_per_sm = config["max_blocks_per_sm"],
            maxnreg = config["maxnreg"],
            config = config["name"],
            specialization = spec["name"],
            origin = "%s: configs[%d] \"%s\", specialization \"%s\", %s" % (
                path,
                entry.config_index,
                config["name"],
                spec["name"],
                arch,
            ),
        ))
    return variants

# Runs tkc ($2 and what follows) and writes its wall time in milliseconds to
# $1; tkc's own exit status is the action's.
_TIMED_COMPILE_SCRIPT = """
ms="$1"; shift
start=$(date +%s%N)
"$@" || exit $?
echo $(( ($(date +%s%N) - start) / 1000000 )) > "$ms"
"""

def _compile(ctx, variant):
    """Declares the TkcCompile action of one variant; returns its outputs."""
    binary = ctx.actions.declare_file(variant.stem + "." + variant.ext)
    metadata = ctx.actions.declare_file(variant.stem + ".json")
    out_prefix = metadata.path[:-len(".json")]

    args = ctx.actions.args()
    args.add("compile")
    args.add(ctx.file.src)
    args.add(ctx.attr.kernel, format = "--kernel=%s")
    args.add(variant.signature, format = "--signature=%s")
    for key in sorted(variant.constexprs.keys()):
        args.add("--constexpr=%s=%s" % (key, variant.constexprs[key]))
    args.add(variant.num_warps, format = "--num-warps=%s")
    args.add(variant.num_stages, format = "--num-stages=%s")
    if variant.max_blocks_per_sm:
        args.add(variant.max_blocks_per_sm, format = "--max-blocks-per-sm=%s")
    if variant.maxnreg:
        args.add(variant.maxnreg, format = "--maxnreg=%s")
    if ctx.attr.debug:
        args.add("--debug")
    args.add(variant.target, format = "--target=%s")
    if variant.origin:
        args.add(variant.origin, format = "--origin=%s")
    args.add("-o", out_prefix)
    args.add_all(ctx.attr.import_paths, format_each = "--import-path=%s")

    inputs = [ctx.file.src] + ctx.files.deps
    if variant.backend == "cuda":
        args.add(ctx.file._ptxas, format = "--ptxas=%s")
        args.add(ctx.file._libdevice, format = "--libdevice=%s")
        inputs += [ctx.file._ptxas, ctx.file._libdevice]
    else:
        args.add(ctx.file._lld, format = "--ld-lld=%s")
        args.add(ctx.file._ocml, format = "--ocml=%s")
        args.add(ctx.file._ockl, format = "--ockl=%s")
        inputs += [ctx.file._lld, ctx.file._ocml, ctx.file._ockl]

    # The compile time goes to <stem>.compile_ms, for the variants report
    # only: nothing that is linked reads it.
    compile_ms = ctx.actions.declare_file(variant.stem + ".compile_ms")
    timed = ctx.actions.args()
    timed.add(compile_ms)
    timed.add(ctx.executable._tkc)
    ctx.actions.run_shell(
        command = _TIMED_COMPILE_SCRIPT,
        arguments = [timed, args],
        inputs = inputs,
        tools = [ctx.attr._tkc[DefaultInfo].files_to_run],
        outputs = [binary, metadata, compile_ms],
        mnemonic = "TkcCompile",
        progress_message = "Compiling Triton kernel %s for %s (%s%s)" % (
            ctx.attr.kernel,
            variant.arch,
            ctx.label,
            ", config %s, specialization %s" % (variant.config, variant.specialization) if variant.config else "",
        ),
    )
    return struct(
        target = variant.target,
        arch = variant.arch,
        config = variant.config,
        specialization = variant.specialization,
        binary = binary,
        metadata = metadata,
        compile_ms = compile_ms,
        stem = variant.stem,
    )

def _aot(ctx):
    """Declares the TkcAot action of a decorated kernel (`tkc aot` reads its
    decorators, compiles every variant into `<name>.variants/` and writes the
    C pair); returns (header, source, variants directory)."""
    header = ctx.actions.declare_file(ctx.attr.out_name + ".h")
    source = ctx.actions.declare_file(ctx.attr.out_name + ".c")
    variants = ctx.actions.declare_directory(ctx.attr.out_name + ".variants")
    parsed = [_parse_target(t) for t in ctx.attr.targets]

    args = ctx.actions.args()
    args.add("aot")
    args.add("-n", ctx.attr.kernel)
    if ctx.attr.signatures:
        args.add("-s", ctx.attr.signatures[0])
    if ctx.attr.grid:
        args.add("-g", ctx.attr.grid)
    args.add("-w", str(ctx.attr.num_warps))
    args.add("-ns", str(ctx.attr.num_stages))
    if ctx.attr.debug:
        args.add("--debug")
    args.add("-t", ",".join(ctx.attr.targets))
    args.add("-o", header.path[:-len(".h")])
    args.add("--out-name=" + ctx.attr.out_name)
    args.add(ctx.executable._launcher_gen, format = "--launcher-gen=%s")
    args.add(variants.path, format = "--variants-dir=%s")
    args.add_all(ctx.attr.import_paths, format_each = "--import-path=%s")
    for param in sorted(ctx.attr.restore.keys()):
        args.add("--restore=%s=%s" % (param, ctx.attr.restore[param]))
    for constexpr in sorted(ctx.attr.heuristic_values.keys()):
        args.add("--heuristic-values=%s=%s" % (constexpr, ctx.attr.heuristic_values[constexpr]))
    inputs = [ctx.file.src] + ctx.files.deps
    if ctx.file.manifest:
        # A manifest beside the decorators (docs/manifest.md); tkc reads its
        # tuned_file relative to it.
        args.add(ctx.file.manifest, format = "--manifest=%s")
        inputs.append(ctx.file.manifest)
        if ctx.file.tuned_file:
            inputs.append(ctx.file.tuned_file)
    if [p for p in parsed if p[0] == "cuda"]:
        args.add(ctx.file._ptxas, format = "--ptxas=%s")
        args.add(ctx.file._libdevice, format = "--libdevice=%s")
        inputs += [ctx.file._ptxas, ctx.file._libdevice]
    if [p for p in parsed if p[0] != "cuda"]:
        args.add(ctx.file._lld, format = "--ld-lld=%s")
        args.add(ctx.file._ocml, format = "--ocml=%s")
        args.add(ctx.file._ockl, format = "--ockl=%s")
        inputs += [ctx.file._lld, ctx.file._ocml, ctx.file._ockl]
    args.add(ctx.file.src)

    ctx.actions.run(
        executable = ctx.executable._tkc,
        arguments = [args],
        inputs = inputs,
        tools = [ctx.executable._launcher_gen],
        outputs = [header, source, variants],
        mnemonic = "TkcAot",
        progress_message = "Compiling the decorated Triton kernel %s (%s)" % (
            ctx.attr.kernel,
            ctx.label,
        ),
    )
    return header, source, variants

# Writes `<arch>: <N> variants, <B> blob bytes` per target to $1 for the
# variants tkc aot left in directory $2 (named `*.<arch>.<ext>` when there
# are several targets, `*.<ext>` for one); the archs follow.
_AOT_REPORT_SCRIPT = """
out="$1"; dir="$2"; shift 2
: > "$out"
several=$([ $# -gt 1 ] && echo 1 || echo 0)
for arch in "$@"; do
  n=0; bytes=0
  for f in "$dir"/*.cubin "$dir"/*.hsaco; do
    [ -f "$f" ] || continue
    case "$f" in *."$arch".cubin|*."$arch".hsaco) ;; *) [ "$several" = 0 ] || continue ;; esac
    n=$((n + 1)); bytes=$((bytes + $(wc -c < "$f")))
  done
  echo "$arch: $n variants, $bytes blob bytes" >> "$out"
done
"""

def _aot_report(ctx, variants):
    """Declares the TkcReport action of a decorated kernel; returns the
    report file."""
    report = ctx.actions.declare_file(ctx.attr.out_name + ".variants.txt")
    args = ctx.actions.args()
    args.add(report)
    args.add(variants.path)
    args.add_all([_parse_target(t)[1] for t in ctx.attr.targets])
    ctx.actions.run_shell(
        command = _AOT_REPORT_SCRIPT,
        arguments = [args],
        inputs = [variants],
        outputs = [report],
        mnemonic = "TkcReport",
        progress_message = "Counting the variants of %s" % ctx.label,
    )
    return report

def _launcher_gen(ctx, compiled):
    """Declares the TkcLauncherGen action; returns (header, source, the
    launcher's report: bytes before and after compression, registers,
    spills and shared memory per variant)."""
    header = ctx.actions.declare_file(ctx.attr.out_name + ".h")
    source = ctx.actions.declare_file(ctx.attr.out_name + ".c")
    launcher_report = ctx.actions.declare_file(ctx.attr.out_name + ".launcher.txt")

    args = ctx.actions.args()
    args.add("--name", ctx.attr.out_name)
    args.add("--grid", ctx.attr.grid)
    args.add("--header", header)
    args.add("--source", source)
    args.add("--report", launcher_report)
    if not ctx.attr.compress:
        args.add("--no-compress")

    # Each metadata file names its binary, which is embedded in the .c.
    inputs = [c.metadata for c in compiled] + [c.binary for c in compiled]
    if ctx.file.manifest:
        # The dispatch (key, buckets, tuned table, restore) comes from the
        # manifest; the metadata files are in its config order.
        args.add(ctx.file.manifest, format = "--manifest=%s")
        inputs.append(ctx.file.manifest)
        if ctx.file.tuned_file:
            inputs.append(ctx.file.tuned_file)
    args.add_all([c.metadata for c in compiled])

    ctx.actions.run(
        executable = ctx.executable._launcher_gen,
        arguments = [args],
        inputs = inputs,
        outputs = [header, source, launcher_report],
        mnemonic = "TkcLauncherGen",
        progress_message = "Generating the C launcher of %s" % ctx.label,
    )
    return header, source, launcher_report

# Writes the variants report $1: tkc-launcher-gen's report $2 (per target
# its variants and blob bytes, the bytes embedded, and a table of the
# variants' registers, spills, shared memory and blob bytes, each cell
# padded) with a compile_ms column added to the table from the pairs that
# follow: a variant's stem and its .compile_ms file.
_REPORT_SCRIPT = """
out="$1"; launcher="$2"; shift 2
declare -A ms
while [ $# -gt 0 ]; do
  ms[$1]=$(cat "$2")
  shift 2
done
table=0
while IFS= read -r line; do
  case "$line" in
    "variant "*) table=1; echo "${line}compile_ms" ;;
    "warning: "* | "") table=0; echo "$line" ;;
    *) if [ "$table" = 1 ]; then
         echo "${line}${ms[${line%% *}]:-?}"
       else
         echo "$line"
       fi ;;
  esac
done < "$launcher" > "$out"
"""

def _report(ctx, compiled, launcher_report):
    """Declares the action writing `<name>.variants.txt` (rules/README.md):
    tkc-launcher-gen's report with each variant's compile time; returns the
    file. Only this file varies from build to build (the compile times)."""
    report = ctx.actions.declare_file(ctx.attr.out_name + ".variants.txt")
    args = ctx.actions.args()
    args.add(report)
    args.add(launcher_report)
    for c in compiled:
        args.add(c.stem)
        args.add(c.compile_ms)
    ctx.actions.run_shell(
        command = _REPORT_SCRIPT,
        arguments = [args],
        inputs = [launcher_report] + [c.compile_ms for c in compiled],
        outputs = [report],
        mnemonic = "TkcReport",
        progress_message = "Reporting the variants of %s" % ctx.label,
    )
    return report

def _tkc_codegen_impl(ctx):
    if ctx.attr.decorators:
        header, source, variants = _aot(ctx)
        report = _aot_report(ctx, variants)
        return [
            DefaultInfo(files = depset([header, source, report, variants])),
            OutputGroupInfo(
                header = depset([header]),
                source = depset([source]),
                binaries = depset([variants]),
                metadata = depset([variants]),
                report = depset([report]),
            ),
            TkcKernelInfo(
                kernel = ctx.attr.kernel,
                header = header,
                source = source,
                variants = [],
                report = report,
            ),
        ]
    compiled = [_compile(ctx, v) for v in _variants(ctx)]
    header, source, launcher_report = _launcher_gen(ctx, compiled)
    report = _report(ctx, compiled, launcher_report)
    binaries = [c.binary for c in compiled]
    metadata = [c.metadata for c in compiled]
    return [
        DefaultInfo(files = depset([header, source, report] + binaries + metadata)),
        OutputGroupInfo(
            header = depset([header]),
            source = depset([source]),
            binaries = depset(binaries),
            metadata = depset(metadata),
            report = depset([report]),
        ),
        TkcKernelInfo(
            kernel = ctx.attr.kernel,
            header = header,
            source = source,
            variants = compiled,
            report = report,
        ),
    ]

_tkc_codegen = rule(
    implementation = _tkc_codegen_impl,
    doc = "Compiles a Triton-language kernel with tkc and generates its C " +
          "launcher. Use through triton_kernel().",
    attrs = {
        "out_name": attr.string(
            mandatory = True,
            doc = "Stem of every output and the C API's function name.",
        ),
        "src": attr.label(
            mandatory = True,
            allow_single_file = [".py"],
            doc = "The kernel's Python source; tkc reads it, never runs it.",
        ),
        "kernel": attr.string(mandatory = True),
        "deps": attr.label_list(
            allow_files = [".py"],
            doc = "Modules the kernel imports (with their packages' " +
                  "__init__.py files); tkc reads them, never runs them.",
        ),
        "import_paths": attr.string_list(
            doc = "Directories, relative to the execution root, to find " +
                  "imported modules in besides the kernel's own directory " +
                  "and package root (tkc's --import-path).",
        ),
        "signatures": attr.string_list(
            doc = "Without a manifest: the signatures, most specialized first.",
        ),
        "grid": attr.string(
            doc = "The grid; empty only with decorators and a manifest " +
                  "that gives it.",
        ),
        "constexprs": attr.string_dict(),
        "num_warps": attr.int(default = 4),
        "num_stages": attr.int(default = 3),
        "max_blocks_per_sm": attr.int(default = 0),
        "debug": attr.bool(
            doc = "Keep the kernel's tl.device_assert checks (Triton's " +
                  "debug mode, tkc compile/aot --debug).",
        ),
        "targets": attr.string_list(mandatory = True, allow_empty = False),
        "manifest": attr.label(
            allow_single_file = [".json"],
            doc = "The kernel's manifest (docs/manifest.md), read by " +
                  "tkc-launcher-gen; the variants come from manifest_data.",
        ),
        "manifest_path": attr.string(
            doc = "The manifest's workspace-relative path, for messages.",
        ),
        "manifest_data": attr.string(
            doc = "The checked manifest as JSON (from @tkc_manifests).",
        ),
        "configs": attr.string_list(
            doc = "With a manifest: the names of the configs to ship (all " +
                  "when empty).",
        ),
        "compress": attr.bool(
            default = True,
            doc = "Embed the binaries in zstd frames (per vendor, or per " +
                  "architecture, of at most 128 KiB each), each " +
                  "decompressed at the first load of one of its binaries " +
                  "(False: as they are, tkc-launcher-gen --no-compress).",
        ),
        "tuned_file": attr.label(
            allow_single_file = True,
            doc = "The manifest's tuned_file, an input of tkc-launcher-gen.",
        ),
        "decorators": attr.bool(
            doc = "Compile what the kernel's @triton.autotune and " +
                  "@triton.heuristics give, with one `tkc aot` action.",
        ),
        "restore": attr.string_dict(
            doc = "With decorators: PARAM -> size in bytes of the buffers " +
                  "autotuning saves and restores (tkc aot --restore).",
        ),
        "heuristic_values": attr.string_dict(
            doc = "With decorators: CONSTEXPR -> comma-separated values of " +
                  "an integer heuristic (tkc aot --heuristic-values).",
        ),
        "_tkc": attr.label(
            default = _TKC,
            executable = True,
            cfg = "exec",
        ),
        "_launcher_gen": attr.label(
            default = _LAUNCHER_GEN,
            executable = True,
            cfg = "exec",
        ),
        "_ptxas": attr.label(
            default = _PTXAS,
            allow_single_file = True,
            cfg = "exec",
        ),
        "_libdevice": attr.label(
            default = _LIBDEVICE,
            allow_single_file = True,
        ),
        "_lld": attr.label(
            default = _LLD,
            allow_single_file = True,
            cfg = "exec",
        ),
        "_ocml": attr.label(
            default = _OCML,
            allow_single_file = True,
        ),
        "_ockl": attr.label(
            default = _OCKL,
            allow_single_file = True,
        ),
    },
)

def _decorated_attrs(name, manifest, src, kernel, signature, grid, constexprs,
                     num_warps, num_stages, max_blocks_per_sm, targets,
                     configs, restore, heuristic_values):
    """The `_tkc_codegen` attributes of a decorated kernel (decorators =
    True): the configs and heuristics come from its source, and a manifest
    with `"decorators": true` may complete them (docs/manifest.md)."""
    data = None
    if manifest != None:
        if type(manifest) != "struct" or not hasattr(manifest, "data"):
            fail("triton_kernel(%s): manifest must be manifest(\"NAME.json\") " % name +
                 "from @tkc_manifests//:manifests.bzl, got %r" % (manifest,))
        data = manifest.data
        if data.get("decorators") != True:
            fail("triton_kernel(%s): with decorators = True, the manifest %s must say " % (name, manifest.path) +
                 "\"decorators\": true (it completes the decorators; one without lists its own configs)")
        given = [arg for arg, value in (("src", src), ("kernel", kernel)) if value != None]
        if given:
            fail("triton_kernel(%s): %s come(s) from the manifest %s; remove %s" %
                 (name, ", ".join(given), manifest.path, ", ".join(given)))
        src = manifest.src
        kernel = data["kernel"]
        if grid != None and "grid" in data and grid_string(grid) != grid_string(data["grid"]):
            fail("triton_kernel(%s): grid %r, but the manifest %s says %r; give it once, or the same" %
                 (name, grid, manifest.path, data["grid"]))
    missing = [
        arg
        for arg, value in (("src", src), ("kernel", kernel))
        if value == None
    ]
    if signature == None and not (data and "specializations" in data):
        missing.append("signature")
    if grid == None and not (data and "grid" in data):
        missing.append("grid")
    if missing:
        fail("triton_kernel(%s): decorators = True needs %s" % (name, ", ".join(missing)) +
             (" (or the manifest's)" if data else ""))
    given = [
        arg
        for arg, value in (
            ("constexprs", constexprs),
            ("max_blocks_per_sm", max_blocks_per_sm),
            ("configs", configs),
        )
        if value != None
    ]
    if given:
        fail("triton_kernel(%s): %s cannot be combined with decorators = True " % (name, ", ".join(given)) +
             "(the configs come from @triton.autotune, the constexprs from the configs and heuristics)")
    if signature != None and type(signature) != "string":
        fail("triton_kernel(%s): decorators = True takes one signature (a string)" % name)
    if targets == None:
        targets = data["targets"] if data and "targets" in data else ["sm_80", "sm_90a"]
    attrs = dict(
        src = src,
        kernel = kernel,
        signatures = [signature] if signature != None else [],
        # tkc aot takes the manifest's grid when the rule gives none.
        grid = grid_string(grid) if grid != None and not (data and "grid" in data) else "",
        num_warps = 4 if num_warps == None else num_warps,
        num_stages = 3 if num_stages == None else num_stages,
        targets = targets,
        decorators = True,
        restore = restore or {},
        heuristic_values = {
            k: v if type(v) == "string" else ",".join([str(x) for x in v])
            for k, v in (heuristic_values or {}).items()
        },
    )
    if data:
        attrs.update(
            manifest = manifest.label,
            manifest_path = manifest.path,
            tuned_file = manifest.tuned_file,
        )
    return attrs

def _codegen_attrs(name, manifest, src, kernel, signature, grid, constexprs,
                   num_warps, num_stages, max_blocks_per_sm, targets, configs):
    """The `_tkc_codegen` attributes for triton_kernel()'s arguments: from the
    attributes themselves, or from `manifest` (which excludes them)."""
    if manifest == None:
        missing = [
            arg
            for arg, value in (("src", src), ("kernel", kernel), ("signature", signature), ("grid", grid))
            if value == None
        ]
        if missing:
            fail("triton_kernel(%s): give %s, or a manifest" % (name, ", ".join(missing)))
        if configs != None:
            fail("triton_kernel(%s): configs needs a manifest" % name)
        signatures = [signature] if type(signature) == "string" else signature
        if not signatures:
            fail("triton_kernel(%s): signature is empty" % name)
        return dict(
            src = src,
            kernel = kernel,
            signatures = signatures,
            grid = grid_string(grid),
            constexprs = {k: str(v) for k, v in (constexprs or {}).items()},
            num_warps = 4 if num_warps == None else num_warps,
            num_stages = 3 if num_stages == None else num_stages,
            max_blocks_per_sm = max_blocks_per_sm or 0,
            targets = ["sm_80", "sm_90a"] if targets == None else targets,
        )

    if type(manifest) != "struct" or not hasattr(manifest, "data"):
        fail("triton_kernel(%s): manifest must be manifest(\"NAME.json\") " % name +
             "from @tkc_manifests//:manifests.bzl, got %r" % (manifest,))
    if manifest.data.get("decorators") == True:
        fail("triton_kernel(%s): the manifest %s completes a kernel's decorators " % (name, manifest.path) +
             "(\"decorators\": true): set decorators = True")
    given = [
        arg
        for arg, value in (
            ("src", src),
            ("kernel", kernel),
            ("signature", signature),
            ("grid", grid),
            ("constexprs", constexprs),
            ("num_warps", num_warps),
            ("num_stages", num_stages),
            ("max_blocks_per_sm", max_blocks_per_sm),
        )
        if value != None
    ]
    if given:
        fail("triton_kernel(%s): %s come(s) from the manifest %s; remove %s" %
             (name, ", ".join(given), manifest.path, ", ".join(given)))
    if configs != None and not configs:
        fail("triton_kernel(%s): configs is empty; leave it out to ship every config of %s" %
             (name, manifest.path))
    data = manifest.data
    return dict(
        src = manifest.src,
        kernel = data["kernel"],
        grid = grid_string(data["grid"]),
        targets = data["targets"] if targets == None else targets,
        manifest = manifest.label,
        manifest_path = manifest.path,
        manifest_data = json.encode(data),
        configs = configs or [],
        tuned_file = manifest.tuned_file,
    )

def triton_kernel(
        name,
        src = None,
        kernel = None,
        signature = None,
        grid = None,
        constexprs = None,
        num_warps = None,
        num_stages = None,
        max_blocks_per_sm = None,
        targets = None,
        debug = False,
        manifest = None,
        configs = None,
        compress = True,
        decorators = False,
        restore = None,
        heuristic_values = None,
        deps = [],
        import_paths = [],
        copts = [],
        visibility = None,
        tags = [],
        testonly = False,
        **kwargs):
    """A Triton-language kernel compiled ahead of time into a C library.

    Creates the cc_library `name` (header `<name>.h`, function `name()`), and
    `<name>_codegen`, whose output groups `binaries`, `metadata`, `header`,
    `source` and `report` hold the per-variant cubin/hsaco and JSON files,
    the C pair and `<name>.variants.txt`.

    Either give `src`, `kernel`, `signature` and `grid` (and optionally
    `constexprs`, `num_warps`, `num_stages`, `max_blocks_per_sm`), or
    `manifest`, which holds all
    of them (docs/manifest.md).

    Args:
      name: the library's name; also the C function's name and the header's.
      src: the kernel's `.py` file.
      kernel: the `@triton.jit` function to compile.
      signature: Triton's AOT signature, e.g. "*fp32:16, *fp32:16, i32, 1024",
        or a list of them: specializations of one kernel, most specialized
        first (e.g. "..., i32:16, ..." then "..., i32, ..."). Each is compiled
        per target; the generated C picks the first whose run-time checks
        (alignment, divisibility, == 1) the arguments pass.
      grid: launch grid over the kernel's parameter and constexpr names, as
        "X[, Y[, Z]]" or a list of 1-3 expressions; `cdiv(a, b)` is available.
      constexprs: constexpr values by name, for those not fixed in signature.
      num_warps: warps per program (default 4).
      num_stages: software pipelining stages (default 3).
      max_blocks_per_sm: at most this many programs at once per SM (CU); the
        runtime launches with padded dynamic shared memory to enforce it
        (default 0: no cap). A tuning knob for memory-bound kernels whose
        best occupancy is below the hardware's (docs/metadata.md).
      targets: architectures to compile for: sm_80, sm_90a, cuda:90a, ...
        (default: the manifest's, else ["sm_80", "sm_90a"]).
      debug: keep the kernel's tl.device_assert checks, as Triton's debug
        mode does (tkc compile/aot --debug).
      manifest: `manifest("NAME.json")` from `@tkc_manifests//:manifests.bzl`
        (the manifest must be listed in WORKSPACE's tkc_manifests()): one
        variant per config × specialization × target.
      configs: with a manifest, the names of the configs to ship (default:
        all of them, in the manifest's order).
      compress: embed the binaries compressed, in zstd frames per vendor (per
        architecture, at most 128 KiB each, for a vendor over that) that the
        runtime decompresses at the first load of one of their binaries
        (default); False embeds them as they are.
      decorators: True for a kernel tuned by its own @triton.autotune and
        @triton.heuristics, without a manifest: `signature` then lists the
        non-constexpr parameters only, and one `TkcAot` action runs
        `tkc aot`, which compiles every config × heuristic value and writes
        a launcher that autotunes over the configs and evaluates the
        heuristics per call (docs/manifest.md, "Decorators instead of a
        manifest"). Its binaries and metadata are in `<name>.variants/`.
        With a `manifest` that says `"decorators": true`, the manifest
        completes the decorators (names configs, adds specializations,
        targets per config, a tuned table; tkc aot --manifest) and gives
        `src` and `kernel`, and `signature`, `grid` and `targets` when the
        rule does not.
      restore: with decorators, {PARAM: "BYTES_EXPR"} for the buffers in
        restore_value / reset_to_zero (tkc aot --restore).
      heuristic_values: with decorators, {CONSTEXPR: [values]} for a
        heuristic that computes an integer (tkc aot --heuristic-values).
      deps: `.py` modules the kernel imports, with their packages'
        `__init__.py` files (tkc finds them as Python would, from the
        kernel's directory and package root).
      import_paths: more directories to find imported modules in, relative
        to the execution root (e.g. "external/mylib/src").
      copts: extra C compiler options for the generated source.
      visibility: visibility of the cc_library.
      tags: tags for every target created.
      testonly: as for any rule.
      **kwargs: passed on to the cc_library (e.g. alwayslink).
    """
    codegen = name + "_codegen"
    if not decorators and (restore != None or heuristic_values != None):
        fail("triton_kernel(%s): restore and heuristic_values need decorators = True" % name)
    attrs = _decorated_attrs if decorators else _codegen_attrs
    extra = (restore, heuristic_values) if decorators else ()
    _tkc_codegen(
        name = codegen,
        out_name = name,
        deps = deps,
        import_paths = import_paths,
        compress = compress,
        debug = debug,
        tags = tags,
        testonly = testonly,
        visibility = visibility,
        **attrs(
            name,
            manifest,
            src,
            kernel,
            signature,
            grid,
            constexprs,
            num_warps,
            num_stages,
            max_blocks_per_sm,
            targets,
            configs,
            *extra
        )
    )
    for group in ("header", "source"):
        native.filegroup(
            name = "%s_%s" % (name, group),
            srcs = [":" + codegen],
            output_group = group,
            tags = tags,
            testonly = testonly,
            visibility = visibility,
        )

    # Expose `<name>.h` at the include root, wherever the package lives.
    # The entry points are kept even when nothing references them yet, so
    # that a shared library of kernels exports them.
    package = native.package_name()
    kwargs.setdefault("alwayslink", True)
    native.cc_library(
        name = name,
        srcs = [":%s_source" % name],
        hdrs = [":%s_header" % name],
        strip_include_prefix = "/" + package if package else None,
        copts = copts,
        deps = [str(_RUNTIME)],
        tags = tags,
        testonly = testonly,
        visibility = visibility,
        **kwargs
    )
