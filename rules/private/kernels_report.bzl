"""triton_kernels_report(): one variants report over many triton_kernel()s,
for a library that bundles them (e.g. //kernels:kernels).

It sums the kernels' own reports (`<name>.variants.txt`): the binaries'
bytes per target and in all, the bytes the launchers embed (zstd frames, or
the binaries as they are), the compile time of every variant with the
slowest ones, and every spill warning.
"""

load(":triton_kernel.bzl", "TkcKernelInfo")

# Sums the kernel reports that follow $1 into $1 (see the module docstring).
# A kernel report without a total line (a decorated kernel's) takes the bytes
# embedded from the zstd frames its generated C (also given, NAME.c beside
# NAME.variants.txt) says it holds, or, with none, counts its binaries as
# embedded uncompressed.
_SUM_SCRIPT = """
out="$1"; shift
awk -v times="$out.times" '
function key(path) { sub(/.*[/]/, "", path); sub(/[.](variants[.]txt|c)$/, "", path); return path }
FILENAME ~ /[.]c$/ {
  if (match($0, /bytes in one zstd frame of [0-9]+ bytes/)) {
    text = substr($0, RSTART, RLENGTH); split(text, words, " ")
    frames[key(FILENAME)] += words[7]
  }
  next
}
FNR == 1 { files++ }
/^[^ ]+: [0-9]+ variants, [0-9]+ blob bytes$/ {
  arch = substr($1, 1, length($1) - 1)
  if (!(arch in count)) archs[++num_archs] = arch
  count[arch] += $2; bytes[arch] += $4
  plain[FILENAME] += $4; plain_count[FILENAME] += $2
  next
}
/^[^ ]+: [0-9]+ variants, [0-9]+ blob bytes, embedded as [0-9]+ bytes/ {
  variants += $2; raw += $4; embedded += $9; summed[FILENAME] = 1
  next
}
/^variant / { table = 1; next }
/^warning: / { warnings[++num_warnings] = $0; table = 0; next }
/^$/ { table = 0; next }
table && $NF ~ /^[0-9]+$/ { total_ms += $NF; timed++; print $NF, $1, $2 > times }
END {
  for (f in plain)
    if (!(f in summed)) {
      variants += plain_count[f]; raw += plain[f]
      if (key(f) in frames) embedded += frames[key(f)]
      else { embedded += plain[f]; unsummed++ }
    }
  printf "bundle: %d kernels, %d variants, %d blob bytes, embedded as %d bytes: %.2fx smaller\\n", files, variants, raw, embedded, embedded ? raw / embedded : 0
  if (unsummed) printf "(%d kernels without a launcher report counted as embedded uncompressed)\\n", unsummed
  for (i = 1; i <= num_archs; i++)
    printf "%s: %d variants, %d blob bytes\\n", archs[i], count[archs[i]], bytes[archs[i]]
  printf "compile time: %.1f s in all, over %d variants (each action'"'"'s wall time)\\n", total_ms / 1000, timed
  for (i = 1; i <= num_warnings; i++) print warnings[i]
}' "$@" > "$out"
echo "slowest compiles (ms, variant, arch):" >> "$out"
sort -k1,1nr -k2,2 "$out.times" | head -n 10 | sed 's/^/  /' >> "$out"
rm -f "$out.times"
"""

def _triton_kernels_report_impl(ctx):
    reports = [kernel[TkcKernelInfo].report for kernel in ctx.attr.kernels]
    sources = [kernel[TkcKernelInfo].source for kernel in ctx.attr.kernels]
    out = ctx.actions.declare_file(ctx.label.name + ".variants.txt")
    args = ctx.actions.args()
    args.add(out)
    args.add_all(reports)
    args.add_all(sources)
    ctx.actions.run_shell(
        command = _SUM_SCRIPT,
        arguments = [args],
        inputs = reports + sources,
        outputs = [out],
        mnemonic = "TkcReport",
        progress_message = "Reporting the variants of %s" % ctx.label,
    )
    return [DefaultInfo(files = depset([out]))]

_triton_kernels_report = rule(
    implementation = _triton_kernels_report_impl,
    doc = "Sums the variants reports of triton_kernel()s.",
    attrs = {
        "kernels": attr.label_list(
            mandatory = True,
            providers = [TkcKernelInfo],
            doc = "The kernels' `<name>_codegen` targets.",
        ),
    },
)

def triton_kernels_report(name, kernels, **kwargs):
    """Writes `<name>.variants.txt`, the variants report of a bundle.

    Args:
      name: the target, and the report's stem.
      kernels: labels of triton_kernel() libraries (as a cc_library that
        bundles them lists them).
      **kwargs: visibility, tags, testonly.
    """
    _triton_kernels_report(
        name = name,
        kernels = [kernel + "_codegen" for kernel in kernels],
        **kwargs
    )
