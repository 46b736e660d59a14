"""Dumps the Triton kernels torch.compile (Inductor) writes for common ops.

Dev-only, for the GPU machine (it needs torch with CUDA): compiles a set of
small functions with torch.compile and takes each Triton kernel out of the
generated code (the source Inductor hands to async_compile.triton, with its
triton_helpers imports and decorators, unmodified), one file per kernel
named <op>_<module>__<kernel>.py, into one tarball at
$OUT/inductor_kernels.tgz with index.json (each op's files). Nothing of it
is committed. Here, unpack it into a folder and stage it as the public
bench's repo `inductor` (bench/README.md):

    python3 bench/inductor_dump.py                      # GPU machine
    mkdir -p /tmp/inductor && tar xzf inductor_kernels.tgz -C /tmp/inductor
    tools/stage_public.sh ... inductor=/tmp/inductor
"""
import io
import json
import os
import re
import tarfile

import torch
import torch.nn.functional as F
from torch._inductor.utils import run_and_get_code


def _cases():
    dev = "cuda"
    g = torch.Generator(device=dev).manual_seed(0)

    def randn(*shape, dtype=torch.float32):
        return torch.randn(*shape, device=dev, generator=g).to(dtype)

    x32 = randn(4096, 1024)
    x16 = randn(4096, 8192, dtype=torch.float16)
    xb = randn(4096, 4096, dtype=torch.bfloat16)
    wb = randn(4096, dtype=torch.bfloat16)
    nan = x32.clone()
    nan[::7, 3] = float("nan")
    ints = torch.randint(-1000, 1000, (1 << 20,), device=dev, generator=g)
    divs = torch.randint(1, 50, (1 << 20,), device=dev, generator=g) * \
        torch.where(torch.rand(1 << 20, device=dev, generator=g) < 0.5, -1, 1)
    labels = torch.randint(0, 32000, (4096,), device=dev, generator=g)
    logits = randn(4096, 32000, dtype=torch.bfloat16)
    table = randn(50000, 1024)
    ids = torch.randint(0, 50000, (8192,), device=dev, generator=g)
    return {
        "softmax_fp32": (lambda x: torch.softmax(x, -1), (x32,)),
        "softmax_fp16_8192": (lambda x: torch.softmax(x.float(), -1).half(),
                              (x16,)),
        "layer_norm_bf16": (lambda x, w: F.layer_norm(x, (4096,), w, w),
                            (xb, wb)),
        "rms_norm_bf16": (lambda x, w: (x.float() * torch.rsqrt(
            x.float().pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype) * w,
            (xb, wb)),
        "gelu_tanh": (lambda x: F.gelu(x, approximate="tanh"), (x32,)),
        "gelu_erf": (lambda x: F.gelu(x), (x16,)),
        "silu_mul": (lambda x: F.silu(x[:, :2048]) * x[:, 2048:], (xb,)),
        "max_dim_nan": (lambda x: x.max(-1), (nan,)),
        "argmin_nan": (lambda x: x.argmin(0), (nan,)),
        "var_mean_wide": (lambda x: torch.var_mean(x, -1), (x16,)),
        "cumsum": (lambda x: torch.cumsum(x, -1), (x32,)),
        "cross_entropy": (lambda z, t: F.cross_entropy(z.float(), t),
                          (logits, labels)),
        "clamp_min_max_nan": (lambda x: torch.maximum(torch.minimum(
            x, torch.zeros_like(x)), x * 0.5), (nan,)),
        "floor_div_mod": (lambda a, b: (torch.div(a, b, rounding_mode="floor"),
                                        a % b), (ints, divs)),
        "col_sum": (lambda x: x.sum(0), (x32,)),
        "embedding_add": (lambda t, i: F.embedding(i, t) + 1.0, (table, ids)),
        "prod_any": (lambda x: (x.prod(-1), (x > 3).any(-1)), (x32,)),
        "mean_all": (lambda x: x.mean(), (x16,)),
        "dropout": (lambda x: F.dropout(x, 0.1, training=True), (x32,)),
        "log_softmax_bwd": (lambda x: torch.autograd.grad(
            torch.log_softmax(x, -1).sum(), x)[0],
            (x32.clone().requires_grad_(),)),
        # Second set: helpers and indexing the first did not reach.
        "sort_rows": (lambda x: torch.sort(x[:, :128], -1), (x32,)),
        "topk": (lambda x: torch.topk(x, 8, -1), (x32,)),
        "cumprod": (lambda x: torch.cumprod(x[:, :256] * 0.01 + 1, -1),
                    (x32,)),
        "logcumsumexp": (lambda x: torch.logcumsumexp(x[:, :256], -1),
                         (x32,)),
        "scatter_add": (lambda t, i: torch.zeros(50000, 1024, device=dev)
                        .index_add_(0, i, t[:8192]), (table, ids)),
        "embedding_bwd": (lambda t, i: torch.autograd.grad(
            F.embedding(i, t).sum(), t)[0],
            (table.clone().requires_grad_(), ids)),
        "bucketize": (lambda x, b: torch.bucketize(x, b),
                      (x32, torch.linspace(-3, 3, 64, device=dev))),
        "pow_int": (lambda a: a ** 3 + a.abs() % 7, (ints,)),
        "frexp": (lambda x: torch.frexp(x), (x32,)),
        "transpose_copy": (lambda x: x.t().contiguous() * 2, (x32,)),
        "permute_3d": (lambda x: x.view(64, 64, 1024).permute(2, 0, 1)
                       .contiguous(), (x32,)),
        "cat_pad": (lambda x: F.pad(torch.cat([x, x * 2], -1), (1, 3)),
                    (xb,)),
        "mean_mid_dim": (lambda x: x.view(64, 64, 1024).mean(1), (x32,)),
        "std": (lambda x: x.std(-1), (x16,)),
        "logsumexp": (lambda x: torch.logsumexp(x, -1), (x32,)),
        "vector_norm": (lambda x: torch.linalg.vector_norm(x, dim=-1),
                        (xb,)),
        "amax_amin": (lambda x: (x.amax(0), x.amin(-1)), (x32,)),
        "gather": (lambda x, i: torch.gather(x, 1, i),
                   (x32, torch.randint(0, 1024, (4096, 16), device=dev,
                                       generator=g))),
        "max_pool2d": (lambda x: F.max_pool2d(x.view(16, 64, 64, 64), 3, 2,
                                              1), (x32,)),
        "avg_pool2d": (lambda x: F.avg_pool2d(x.view(16, 64, 64, 64), 2),
                       (x32,)),
        "upsample_bilinear": (lambda x: F.interpolate(
            x.view(16, 64, 64, 64), scale_factor=2, mode="bilinear"),
            (x32,)),
        "group_norm": (lambda x: F.group_norm(x.view(16, 64, 64, 64), 8),
                       (x32,)),
        "batch_norm_train": (lambda x: F.batch_norm(
            x.view(16, 64, 64, 64), None, None, training=True), (x32,)),
        "layer_norm_bwd": (lambda x, w: torch.autograd.grad(
            F.layer_norm(x, (4096,), w, w).sum(), (x, w)),
            (xb.float().clone().requires_grad_(),
             wb.float().clone().requires_grad_())),
        "rand_like": (lambda x: torch.rand_like(x) + torch.randn_like(x),
                      (x32,)),
        "fp8_cast": (lambda x: (x * 4).to(torch.float8_e4m3fn).float(),
                     (x32,)),
        "int_bitwise": (lambda a: ((a << 3) ^ (a >> 1)) & 0xFFF, (ints,)),
        "where_isnan": (lambda x: torch.where(torch.isnan(x), 0.0,
                                              torch.sigmoid(x).round()),
                        (nan,)),
        "softmax_bwd": (lambda x: torch.autograd.grad(
            torch.softmax(x, -1).pow(2).sum(), x)[0],
            (x16.float().clone().requires_grad_(),)),
    }


def _autotuned_cases():
    """Matrix products under max-autotune: Inductor's Triton templates."""
    dev = "cuda"
    a = torch.randn(2048, 2048, device=dev, dtype=torch.float16)
    b = torch.randn(2048, 2048, device=dev, dtype=torch.float16)
    bias = torch.randn(2048, device=dev, dtype=torch.float16)
    return {
        "mm_relu": (lambda x, y: torch.relu(x @ y), (a, b)),
        "addmm_gelu": (lambda x, y, c: F.gelu(torch.addmm(c, x, y)),
                       (a, b, bias)),
        "bmm": (lambda x, y: torch.bmm(x.view(8, 256, 2048),
                                       y.view(8, 2048, 256)), (a, b)),
    }


# A kernel in Inductor's generated module: its name and source.
KERNEL = re.compile(r"async_compile\.triton\('(\w+)', '''(.*?)'''", re.S)


def write_tarball(path, files):
    """A gzipped tarball at `path` of `files` (name -> text)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(buf.getvalue())


def _write(out, kernels, index):
    """The tarball of `kernels` (path -> source) and `index`, rewritten after
    each op, so that what a time limit cuts short still comes back."""
    files = dict(kernels)
    files["index.json"] = json.dumps(index, indent=1)
    write_tarball(os.path.join(out, "inductor_kernels.tgz"), files)


def main():
    out = os.environ.get("OUT", ".")
    index, kernels = {}, {}
    runs = [(case, "default") for case in _cases().items()]
    runs += [(case, "max-autotune-no-cudagraphs")
             for case in _autotuned_cases().items()]
    for (name, (fn, args)), mode in runs:
        torch._dynamo.reset()
        try:
            _, codes = run_and_get_code(torch.compile(fn, mode=mode), *args)
        except Exception as e:  # Recorded, not fatal: one op may fail.
            index[name] = {"error": str(e)[:500]}
            continue
        files = []
        for i, code in enumerate(codes):
            for kernel, source in KERNEL.findall(code):
                path = f"{name}_{i}__{kernel}.py"
                kernels[path] = source
                files.append(path)
        index[name] = {"files": files}
        _write(out, kernels, index)
        print(name, len(files), flush=True)


if __name__ == "__main__":
    main()
