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
    }


# A kernel in Inductor's generated module: its name and source.
KERNEL = re.compile(r"async_compile\.triton\('(\w+)', '''(.*?)'''", re.S)


def main():
    out = os.environ.get("OUT", ".")
    index = {}
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for name, (fn, args) in _cases().items():
            torch._dynamo.reset()
            try:
                _, codes = run_and_get_code(torch.compile(fn), *args)
            except Exception as e:  # Recorded, not fatal: one op may fail.
                index[name] = {"error": str(e)[:500]}
                continue
            files = []
            for i, code in enumerate(codes):
                for kernel, source in KERNEL.findall(code):
                    path = f"{name}_{i}__{kernel}.py"
                    data = source.encode()
                    info = tarfile.TarInfo(path)
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
                    files.append(path)
            index[name] = {"files": files}
        data = json.dumps(index, indent=1).encode()
        info = tarfile.TarInfo("index.json")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    with open(os.path.join(out, "inductor_kernels.tgz"), "wb") as f:
        f.write(buf.getvalue())
    print(json.dumps({k: v.get("error", len(v["files"]))
                      for k, v in index.items()}))


if __name__ == "__main__":
    main()
