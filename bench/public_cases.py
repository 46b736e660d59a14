"""The public kernels bench/public_bench.py compares with Triton's JIT: where
each source lives in its repository, the kernel, the signature tkc compiles
(Triton's AOT syntax, constexprs as values, in source order), num_warps and
num_stages as the library launches it, the grid, and the arguments.

`python3 bench/public_cases.py --jobs` prints one compile job per line for
tools/stage_public.sh (`id|repo|path|kernel|signature|warps|stages`); that
mode imports nothing but the standard library.

The signatures follow these versions of the sources (a newer one may
change a kernel's parameters): Triton's tutorials as of Triton 3.6
(triton-lang/triton 6cc4505, 2025-12-16), except 06-fused-attention.py at
8bd8035 (2025-05-11), the last with the pointer-based `_attn_fwd`; 3.6's
own 06-fused-attention.py, whose `_attn_fwd` takes tensor descriptors, is
repo `triton36` (a folder holding Triton 3.6's tutorials); vLLM 0.11.0
(its fused_moe_kernel and kernel_unified_attention_2d gained parameters
later); Liger-Kernel, FlagGems, flash-linear-attention, LightLLM (1.0.1)
and Unsloth (2026.8.19) at their main branches of 2026-11; TritonBench
(meta-pytorch/tritonbench) at db2155c; native-sparse-attention
(fla-org/native-sparse-attention, repo `nsa`), text-generation-inference
(huggingface/text-generation-inference, repo `tgi`), TransformerEngine
(NVIDIA/TransformerEngine, repo `te`) and lightning-attention
(OpenNLPLab/lightning-attention, repo `lightning`) at their main branches
of 2026-12; FlagAttention (FlagOpen/FlagAttention, repo `flagattn`) at
ee91638 (2024-06-05); SGLang 0.5.23's wheel (repo `sglang`); vLLM 0.34.0's
wheel (repo `vllm034`), for kernels newer than 0.11.

Shapes are large enough that each launch takes tens of microseconds or more,
so the launch overhead of either side does not decide the ratio. A case's
integer arguments must specialize as its signature says (Triton's JIT: 1,
divisible by 16, or neither); public_bench.py checks it.
"""

import re
import sys
from dataclasses import dataclass, field

TYPE = re.compile(r"^\*?(i1|i8|i16|i32|i64|u8|u16|u32|u64|fp16|bf16|fp32|"
                  r"fp64|fp8e4nv|fp8e5)(:\d+)?$")
# A tensor descriptor made on the host, `tensordesc<fp16[128, 64]>`.
DESCRIPTOR = re.compile(r"^tensordesc<(\w+)\[([\d,\s]+)\]"
                        r"(,\s*(zero|nan))?>$")


def split_signature(signature):
    """The signature's entries (commas inside quotes kept)."""
    entries, depth, quote, cur = [], 0, None, ""
    for ch in signature:
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "[(<":
            depth += 1
        elif ch in "])>":
            depth -= 1
        elif ch == "," and depth == 0:
            entries.append(cur.strip())
            cur = ""
            continue
        cur += ch
    entries.append(cur.strip())
    return entries


def tuple_entries(entry):
    """A tuple entry's entries, `(*fp16:16, i32)`; None for other entries."""
    if not entry.startswith("("):
        return None
    return [e for e in split_signature(entry[1:-1]) if e]


def is_type(entry):
    """Whether a signature entry is a runtime parameter's type, or a tuple
    with one (else it is a constexpr's value)."""
    inner = tuple_entries(entry)
    if inner is not None:
        return any(map(is_type, inner))
    return bool(TYPE.match(entry) or DESCRIPTOR.match(entry))


def descriptor_block(entry):
    """A `tensordesc<...>` entry's block shape; None for other entries."""
    m = DESCRIPTOR.match(entry)
    return [int(d) for d in m.group(2).split(",")] if m else None


@dataclass
class HostDescriptor:
    """A tensor descriptor argument made on the host: `base` seen as a
    tensor of `shape` and `strides` (elements), read in blocks of
    `block_shape`. Triton's JIT takes it as triton.tools.tensor_descriptor's
    TensorDescriptor; tkc's kernel as its parameters NAME_base, NAME_shapeI
    and NAME_strideI (all strides but the last, which is 1)."""
    base: object
    shape: list
    strides: list
    block_shape: list


def host_descriptor(tensor, block_shape, shape=None, strides=None):
    """A HostDescriptor over `tensor`, by default of its own shape and
    strides."""
    return HostDescriptor(tensor, list(shape or tensor.shape),
                          list(strides or tensor.stride()), list(block_shape))


@dataclass
class Case:
    id: str
    repo: str  # triton | triton36 | liger | flaggems | vllm | fla | lightllm |
    # unsloth | mamba | tritonbench | nsa | nsat | tgi | te | lightning | sage |
    # inductor | applied_ai | cce | aiter | flagattn | sglang | vllm034 |
    # own:
    # .gpu/public/src/<repo>
    path: str  # inside the repository
    kernel: str
    signature: str
    num_warps: int
    grid: object  # a tuple, or a function of the argument list
    args: object  # () -> the runtime arguments in source order
    num_stages: int = 0  # 0: the compiler's default on both sides
    atol: float = 0.0
    rtol: float = 0.0
    # Parameters Triton never specializes (do_not_specialize).
    no_specialize: tuple = field(default_factory=tuple)
    # Where Triton's JIT is known to compute wrong results: args -> the
    # expected output tensors by argument index (PyTorch), against which
    # both sides are checked instead of tkc against Triton.
    reference: object = None


def _torch():
    import torch
    return torch


def _factory(name):
    """torch.<name>(*shape) on the GPU, dtype given by its torch name."""
    def make(*shape, dtype="float32"):
        torch = _torch()
        return getattr(torch, name)(*shape, device="cuda",
                                    dtype=getattr(torch, dtype))
    make.__name__ = name
    return make


randn, rand, empty, zeros = map(_factory, ("randn", "rand", "empty", "zeros"))


def randint(high, *shape, dtype="int64"):
    torch = _torch()
    return torch.randint(high, shape, device="cuda",
                         dtype=getattr(torch, dtype))


def cdiv(a, b):
    return (a + b - 1) // b


CASES = []


def case(**kw):
    CASES.append(Case(**kw))


# --- Triton's tutorials (python/tutorials in triton-lang/triton) ----------

_N_ADD = 1 << 26
case(id="tutorial01_add_kernel", repo="triton", path="01-vector-add.py",
     kernel="add_kernel",
     signature="*fp32:16, *fp32:16, *fp32:16, i32:16, 1024", num_warps=4,
     grid=(cdiv(_N_ADD, 1024),),
     args=lambda: [randn(_N_ADD), randn(_N_ADD), empty(_N_ADD), _N_ADD])

_SM_ROWS, _SM_COLS = 16384, 8192
case(id="tutorial02_softmax_kernel", repo="triton",
     path="02-fused-softmax.py", kernel="softmax_kernel",
     signature="*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 8192, 4",
     # num_stages=4 is the kernel's own constexpr (its tl.range); the
     # compile option stays the default, as the tutorial launches it.
     num_warps=8,
     grid=(132 * 2,),
     args=lambda: [empty(_SM_ROWS, _SM_COLS), randn(_SM_ROWS, _SM_COLS),
                   _SM_COLS, _SM_COLS, _SM_ROWS, _SM_COLS],
     atol=1e-8, rtol=1e-5)  # exp rounds differently; outputs are ~1e-4

_LN_M, _LN_N = 4096, 8192


def _layer_norm_args(dtype="float16"):
    return [randn(_LN_M, _LN_N, dtype=dtype), empty(_LN_M, _LN_N, dtype=dtype),
            randn(_LN_N, dtype=dtype), randn(_LN_N, dtype=dtype),
            empty(_LN_M), empty(_LN_M), _LN_N, _LN_N, 1e-5]


for _block, _warps in ((8192, 8), (1024, 4)):
    case(id=f"tutorial05_layer_norm_fwd_block{_block}", repo="triton",
         path="05-layer-norm.py", kernel="_layer_norm_fwd_fused",
         signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, "
         f"*fp32:16, i32:16, i32:16, fp32, {_block}",
         num_warps=_warps, grid=(_LN_M,), args=_layer_norm_args,
         atol=1e-2, rtol=1e-2)

_LN_GROUP = 96  # the tutorial's GROUP_SIZE_M for N <= 8192


def _layer_norm_bwd_dx_args():
    torch = _torch()
    x = randn(_LN_M, _LN_N, dtype="float16")
    return [empty(_LN_M, _LN_N, dtype="float16"),
            randn(_LN_M, _LN_N, dtype="float16"),
            zeros(_LN_GROUP, _LN_N, dtype="float16"),
            zeros(_LN_GROUP, _LN_N, dtype="float16"), x,
            randn(_LN_N, dtype="float16"), x.float().mean(1),
            torch.rsqrt(x.float().var(1, unbiased=False) + 1e-5),
            zeros(2 * _LN_GROUP, dtype="int32"), _LN_N, _LN_N]


# The partial sums of dw and db are accumulated under a spin lock in
# whatever order the programs arrive: equal only up to fp16 rounding.
case(id="tutorial05_layer_norm_bwd_dx_fused", repo="triton",
     path="05-layer-norm.py", kernel="_layer_norm_bwd_dx_fused",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
     f"*fp32:16, *fp32:16, *i32:16, i32:16, i32:16, {_LN_GROUP}, 8192",
     num_warps=8, grid=(_LN_M,), args=_layer_norm_bwd_dx_args,
     atol=5e-2, rtol=5e-2)

case(id="tutorial05_layer_norm_bwd_dwdb", repo="triton",
     path="05-layer-norm.py", kernel="_layer_norm_bwd_dwdb",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, 32, "
     "128", num_warps=4, grid=(cdiv(_LN_N, 128),),
     args=lambda: [randn(_LN_GROUP, _LN_N, dtype="float16"),
                   randn(_LN_GROUP, _LN_N, dtype="float16"),
                   empty(_LN_N, dtype="float16"),
                   empty(_LN_N, dtype="float16"), _LN_GROUP, _LN_N],
     atol=1e-2, rtol=1e-2)

_ATTN_Z, _ATTN_H, _ATTN_N, _ATTN_D = 4, 32, 4096, 64


def _attention_args():
    shape = (_ATTN_Z, _ATTN_H, _ATTN_N, _ATTN_D)
    q, k, v = (randn(*shape, dtype="float16") for _ in range(3))
    out = empty(*shape, dtype="float16")
    strides = [s for t in (q, k, v, out) for s in t.stride()]
    return [q, k, v, 0.125, empty(_ATTN_Z * _ATTN_H, _ATTN_N), out,
            *strides, _ATTN_Z, _ATTN_H, _ATTN_N]


# Tutorial 06's causal attention forward with two configs of its autotune
# list: 128x64 on 4 warps, and 64x64 on 8 warps (on sm_90a two warpgroups
# along N in both products); and 128x64 with one stage, where no loop is
# pipelined (the dots' operands go to shared memory from registers).
def _tutorial06_case(id, block_m, block_n, warps, stages=3):
    case(id=id, repo="triton", path="06-fused-attention.py", kernel="_attn_fwd",
         signature="*fp16:16, *fp16:16, *fp16:16, fp32, *fp32:16, *fp16:16, "
         + "i32:16, i32:16, i32:16, i32:1, " * 4 + "i32, i32:16, i32:16, "
         f"{_ATTN_D}, {block_m}, {block_n}, 3",
         num_warps=warps, num_stages=stages,
         grid=(cdiv(_ATTN_N, block_m), _ATTN_Z * _ATTN_H),
         args=_attention_args, atol=1e-2, rtol=1e-2)


_tutorial06_case("tutorial06_attention_fwd_causal", 128, 64, 4)
_tutorial06_case("tutorial06_attention_fwd_causal_64x64_w8", 64, 64, 8)
_tutorial06_case("tutorial06_attention_fwd_causal_stages1", 128, 64, 4, 1)


def _attention_desc_args():
    shape = (_ATTN_Z, _ATTN_H, _ATTN_N, _ATTN_D)
    q, k, v = (randn(*shape, dtype="float16") for _ in range(3))
    return [0.125, empty(_ATTN_Z * _ATTN_H, _ATTN_N), _ATTN_Z, _ATTN_H,
            q, k, v, empty(*shape, dtype="float16"), _ATTN_N]


# Triton 3.6's tutorial 06 (repo triton36), whose _attn_fwd takes tensor
# descriptors, here plain pointers from which it builds them in the kernel
# (tl.make_tensor_descriptor; TMA under Triton's JIT), as the tutorial does
# on Hopper with warp specialization. That is off here: Triton 3.6's JIT
# fails to compile this config with it (NVGPUWarpSpecialization). Its first
# autotune config that Hopper keeps, 128x64 on 4 warps, with 3 stages.
case(id="tutorial06_attention_desc_fwd_causal", repo="triton36",
     path="06-fused-attention.py", kernel="_attn_fwd",
     signature="fp32, *fp32:16, i32, i32:16, " + "*fp16:16, " * 4
     + f"i32:16, {_ATTN_D}, 128, 64, False, 3, False, True",
     num_warps=4, num_stages=3, grid=(cdiv(_ATTN_N, 128), _ATTN_Z * _ATTN_H),
     args=_attention_desc_args, atol=1e-2, rtol=1e-2)


def _attention_host_descriptor_args():
    """_attention_desc_args with q, k, v and the output as descriptors made
    on the host, as Triton 3.6's tutorial makes them: (Z * H * N) x D views,
    blocks of 128 (q, output) and 64 (k, v) rows."""
    args = _attention_desc_args()
    rows = _ATTN_Z * _ATTN_H * _ATTN_N
    args[4:8] = [host_descriptor(t, [block, _ATTN_D], [rows, _ATTN_D],
                                 [_ATTN_D, 1])
                 for t, block in zip(args[4:8], (128, 64, 64, 128))]
    return args


# The same kernel given those descriptors (TMA under Triton's JIT).
case(id="tutorial06_attention_host_desc_fwd_causal", repo="triton36",
     path="06-fused-attention.py", kernel="_attn_fwd",
     signature="fp32, *fp32:16, i32, i32:16, "
     + "".join(f"tensordesc<fp16[{b}, {_ATTN_D}]>, "
               for b in (128, 64, 64, 128))
     + f"i32:16, {_ATTN_D}, 128, 64, False, 3, False, True",
     num_warps=4, num_stages=3, grid=(cdiv(_ATTN_N, 128), _ATTN_Z * _ATTN_H),
     args=_attention_host_descriptor_args, atol=1e-2, rtol=1e-2)


def _attention_bwd_args():
    shape = (_ATTN_Z, _ATTN_H, _ATTN_N, _ATTN_D)
    q, k, v, do = (randn(*shape, dtype="float16") for _ in range(4))
    # The forward's row logsumexp (base 2) bounds every exp2 by about one:
    # the scaled scores stay within a few units of zero.
    m = rand(_ATTN_Z * _ATTN_H, _ATTN_N) + 8.0
    delta = randn(_ATTN_Z * _ATTN_H, _ATTN_N)
    grads = [empty(*shape, dtype="float16") for _ in range(3)]
    return [q, k * (0.125 * 1.4426950408889634), v, 0.125, do, *grads, m,
            delta, *q.stride(), _ATTN_H, _ATTN_N]


# Tutorial 06's backward (_attn_bwd: dK and dV over the query blocks, then
# dQ over the key blocks, causal) as the tutorial's backward launches it:
# blocks 32/128/128/32, 4 warps, 5 stages.
case(id="tutorial06_attention_bwd_causal", repo="triton",
     path="06-fused-attention.py", kernel="_attn_bwd",
     signature="*fp16:16, *fp16:16, *fp16:16, fp32, " + "*fp16:16, " * 4
     + "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, "
     f"32, 128, 128, 32, 2, {_ATTN_D}",
     num_warps=4, num_stages=5, grid=(_ATTN_N // 128, 1, _ATTN_Z * _ATTN_H),
     args=_attention_bwd_args, atol=5e-2, rtol=1e-2)

_MM = 4096


def _matmul_inputs(dtype, m=_MM, n=_MM, k=_MM):
    """Matmul arguments (square by default): a (m, k) and b (k, n) of
    `dtype`, c (m, n) fp16, M, N, K, all strides."""
    def make():
        a, b = randn(m, k, dtype=dtype), randn(k, n, dtype=dtype)
        c = empty(m, n, dtype="float16")
        return [a, b, c, m, n, k, *a.stride(), *b.stride(), *c.stride()]
    return make


# Tutorial 03's matmul as written (grouped ordering, a @jit helper, masks on
# K, the leaky-ReLU epilogue): fp16 with its autotune list's first CUDA
# config, and fp32 inputs (tf32 products, Triton's default precision).
def _tutorial03_case(id, dtype, bm, bn, bk, stages, warps, activation, atol):
    torch_dtype = {"fp16": "float16", "fp32": "float32"}[dtype]
    case(id=id, repo="triton", path="03-matrix-multiplication.py",
         kernel="matmul_kernel",
         signature=f"*{dtype}:16, *{dtype}:16, *fp16:16, i32:16, i32:16, "
         "i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, "
         f"{bm}, {bn}, {bk}, 8, '{activation}'",
         num_warps=warps, num_stages=stages,
         grid=(cdiv(_MM, bm) * cdiv(_MM, bn),),
         args=_matmul_inputs(torch_dtype), atol=atol, rtol=1e-2)


_tutorial03_case("tutorial03_matmul_fp16_leaky_4096", "fp16", 128, 256, 64, 3,
                 8, "leaky_relu", 0.1)
_tutorial03_case("tutorial03_matmul_fp32_4096", "fp32", 128, 128, 32, 3, 8, "",
                 0.25)
# One stage: the K loop is not pipelined (each iteration's tiles go from
# registers to shared memory for the dot).
_tutorial03_case("tutorial03_matmul_fp16_stages1", "fp16", 128, 128, 64, 1, 8,
                 "", 0.1)

# K not a multiple of 16 (Triton's JIT then specializes neither K nor a's
# row stride): a's rows start at any element, so its loads are 2 bytes wide
# and cannot be copied asynchronously; b's still can.
case(id="tutorial03_matmul_fp16_odd_k", repo="triton",
     path="03-matrix-multiplication.py", kernel="matmul_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32, i32, "
     "i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, ''",
     num_warps=8, num_stages=3, grid=(cdiv(_MM, 128) * cdiv(_MM, 256),),
     args=_matmul_inputs("float16", k=_MM - 1), atol=0.1, rtol=1e-2)

# The rest of tutorial 03's CUDA autotune list (BLOCK_M, BLOCK_N, BLOCK_K,
# stages, warps), fp16 without the epilogue: whichever config autotuning
# picks on a GPU, each should keep up with Triton's JIT.
for _bm, _bn, _bk, _stages, _warps in ((64, 256, 32, 4, 4), (128, 128, 32, 4, 4),
                                       (128, 64, 32, 4, 4), (64, 128, 32, 4, 4),
                                       (128, 32, 32, 4, 4), (64, 32, 32, 5, 2),
                                       (32, 64, 32, 5, 2)):
    _tutorial03_case(f"tutorial03_matmul_fp16_{_bm}x{_bn}x{_bk}_w{_warps}",
                     "fp16", _bm, _bn, _bk, _stages, _warps, "", 0.1)

# fp8 e4m3 inputs with b row-major (K x N, N contiguous), as a user's
# weights often lie: wgmma reads 8-bit tiles only K-major, so b's tile is
# transposed on its way to shared memory. (The tutorial's own fp8 run
# passes b transposed, K-major.) Its autotune list's 128x128x128 fp8
# config, 4 warps, 4 stages.
def _fp8_matmul_inputs():
    torch = _torch()
    a = (randn(_MM, _MM) * 0.5).to(torch.float8_e4m3fn)
    b = (randn(_MM, _MM) * 0.5).to(torch.float8_e4m3fn)
    c = empty(_MM, _MM, dtype="float16")
    return [a, b, c, _MM, _MM, _MM, *a.stride(), *b.stride(), *c.stride()]


case(id="tutorial03_matmul_fp8_b_row_major", repo="triton",
     path="03-matrix-multiplication.py", kernel="matmul_kernel",
     signature="*fp8e4nv:16, *fp8e4nv:16, *fp16:16, i32:16, i32:16, "
     "i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 128, "
     "8, ''",
     num_warps=4, num_stages=4, grid=(cdiv(_MM, 128) ** 2,),
     args=_fp8_matmul_inputs, atol=0.5, rtol=1e-2)

# Tutorial 09's non-persistent matmul: grouped ordering, masks on K.
case(id="tutorial09_matmul_fp16_4096", repo="triton",
     path="09-persistent-matmul.py", kernel="matmul_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
     "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8",
     num_warps=8, num_stages=3, grid=(cdiv(_MM, 128) ** 2,),
     args=_matmul_inputs("float16"), atol=0.1, rtol=1e-2)

# Tutorial 09's persistent matmuls: one program per SM (132 on the H100 and
# H200) walks the tiles; its autotune list's 128x128x64 on 8 warps, 3 stages.
_SMS = 132
case(id="tutorial09_matmul_persistent_fp16", repo="triton",
     path="09-persistent-matmul.py", kernel="matmul_kernel_persistent",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
     f"i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, {_SMS}",
     num_warps=8, num_stages=3, grid=(_SMS,),
     args=_matmul_inputs("float16"), atol=0.1, rtol=1e-2)


def _descriptor_matmul_args():
    """a (M, K), b (N, K) (the kernel computes a @ b.T), c (M, N), M, N, K."""
    a, b = randn(_MM, _MM, dtype="float16"), randn(_MM, _MM, dtype="float16")
    return [a, b, empty(_MM, _MM, dtype="float16"), _MM, _MM, _MM]


# The same with tensor descriptors made in the kernel (TMA under Triton's
# JIT), without and with the epilogue split in two (reshape, permute, split).
for _subtile in (False, True):
    case(id="tutorial09_matmul_descriptor_persistent"
         + ("_subtile" if _subtile else ""), repo="triton",
         path="09-persistent-matmul.py",
         kernel="matmul_kernel_descriptor_persistent",
         signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
         f"128, 128, 64, 8, {_subtile}, {_SMS}, False, True",
         num_warps=8, num_stages=3, grid=(_SMS,),
         args=_descriptor_matmul_args, atol=0.1, rtol=1e-2)


def _host_descriptor_matmul_args(block_n, c_block):
    """_descriptor_matmul_args' tensors as descriptors made on the host, in
    the blocks tutorial 09's pre-hook gives them (128 x 64 of a, block_n x
    64 of b, c_block of c)."""
    def make():
        a, b, c, m, n, k = _descriptor_matmul_args()
        return [host_descriptor(a, [128, 64]),
                host_descriptor(b, [block_n, 64]),
                host_descriptor(c, c_block), m, n, k]
    return make


# Tutorial 09's non-persistent matmul_kernel_tma (host descriptors, one
# program per tile): 128x128x64 on 8 warps, 3 stages, and on 4 warps, 4.
for _warps, _stages in ((8, 3), (4, 4)):
    case(id=f"tutorial09_matmul_tma_128x128x64_w{_warps}", repo="triton",
         path="09-persistent-matmul.py", kernel="matmul_kernel_tma",
         signature="tensordesc<fp16[128, 64]>, tensordesc<fp16[128, 64]>, "
         "tensordesc<fp16[128, 128]>, i32:16, i32:16, i32:16, 128, 128, 64, "
         "8, False, False",
         num_warps=_warps, num_stages=_stages, grid=(cdiv(_MM, 128) ** 2,),
         args=_host_descriptor_matmul_args(128, [128, 128]), atol=0.1,
         rtol=1e-2)


# A batched bf16 product through 3-D descriptors whose blocks are one
# expert's tile ([1, 128, 64] of X, [1, 256, 64] of W stored [E, N, K]),
# reshaped to 2-D for the dot, as triton_kernels' matmul_ogs reads them
# (bench/own/batched_descriptors.py): 8 experts of 2048^3, 128x256x64 on 8
# warps, 3 stages.
_BD_E, _BD = 8, 2048


def _batched_descriptor_args():
    x = randn(_BD_E, _BD, _BD, dtype="bfloat16")
    w = randn(_BD_E, _BD, _BD, dtype="bfloat16")
    y = empty(_BD_E, _BD, _BD, dtype="bfloat16")
    return [host_descriptor(x, [1, 128, 64]), host_descriptor(w, [1, 256, 64]),
            host_descriptor(y, [1, 128, 256]), _BD, _BD, _BD]


case(id="own_batched_descriptors_bf16", repo="own",
     path="batched_descriptors.py", kernel="batched_matmul_kernel",
     signature="tensordesc<bf16[1, 128, 64]>, tensordesc<bf16[1, 256, 64]>, "
     "tensordesc<bf16[1, 128, 256]>, i32:16, i32:16, i32:16, 128, 256, 64",
     num_warps=8, num_stages=3,
     grid=(cdiv(_BD, 128) * cdiv(_BD, 256), _BD_E),
     args=_batched_descriptor_args, atol=0.5, rtol=2e-2)


# Tutorial 10's block_scaled_matmul_kernel (Triton 3.6, repo `triton36`) in
# its mxfp8 config: fp8 a (M x K) and b (N x K) in 128x128 and 256x128
# blocks, e8m0 scales packed as the tutorial packs them (5-D, [1, rep, 1,
# 2, 256] blocks), fp16 c; 4 warps, NUM_STAGES=4. Triton emulates
# dot_scaled on sm_90 (bf16 warpgroup multiplies). Added 2026-12-06 and not
# yet run on a GPU: tkc refuses it for sm_90a (240 KB of shared memory; see
# bench/README.md, twenty-eighth session).
_BS = 4096


def _block_scaled_args():
    torch = _torch()
    a = (randn(_BS, _BS) * 0.5).to(torch.float8_e4m3fn)
    b = (randn(_BS, _BS) * 0.5).to(torch.float8_e4m3fn)
    # 2^-4 .. 2^3 as e8m0 (bias 127).
    scales = [randint(8, 1, _BS // 128, _BS // 128, 2, 256, dtype="uint8")
              + 123 for _ in range(2)]
    c = empty(_BS, _BS, dtype="float16")
    return [host_descriptor(a, [128, 128]),
            host_descriptor(scales[0], [1, 1, 1, 2, 256]),
            host_descriptor(b, [256, 128]),
            host_descriptor(scales[1], [1, 2, 1, 2, 256]),
            host_descriptor(c, [128, 256])]


case(id="tutorial10_block_scaled_mxfp8", repo="triton36",
     path="10-block-scaled-matmul.py", kernel="block_scaled_matmul_kernel",
     signature="tensordesc<fp8e4nv[128, 128]>, tensordesc<u8[1, 1, 1, 2, 256]>, "
     "tensordesc<fp8e4nv[256, 128]>, tensordesc<u8[1, 2, 1, 2, 256]>, "
     f"tensordesc<fp16[128, 256]>, {_BS}, {_BS}, {_BS}, 1, 1, 1, 32, 128, "
     "256, 128, 1, 2, 1, 4",
     num_warps=4, num_stages=4, grid=((_BS // 128) * (_BS // 256),),
     args=_block_scaled_args, atol=1.0, rtol=2e-2)


# Tutorial 09's matmul_kernel_tma_persistent, whose descriptors the host
# makes (TMA under Triton's JIT; tkc's parameters base, shape and strides):
# 128x128x64 and 128x256x64 on 8 warps, 3 stages, and the subtiled epilogue.
for _bn, _subtile in ((128, False), (256, False), (128, True)):
    # The subtiled epilogue stores c in two halves of its columns.
    _c_block = [128, _bn // 2 if _subtile else _bn]
    case(id=f"tutorial09_matmul_tma_persistent_128x{_bn}"
         + ("_subtile" if _subtile else ""), repo="triton",
         path="09-persistent-matmul.py", kernel="matmul_kernel_tma_persistent",
         signature=f"tensordesc<fp16[128, 64]>, tensordesc<fp16[{_bn}, 64]>, "
         f"tensordesc<fp16{_c_block}>, i32:16, i32:16, i32:16, 128, {_bn}, "
         f"64, 8, False, {_subtile}, {_SMS}, False",
         num_warps=8, num_stages=3, grid=(_SMS,),
         args=_host_descriptor_matmul_args(_bn, _c_block), atol=0.1,
         rtol=1e-2)


# --- Written here (bench/own, repo "own") in the libraries' styles ---------
# Dots of a loaded tile's transpose: a linear layer's x @ w.T and a
# flash-attention forward's q @ k.T.

def _linear_args(dtype):
    """x @ w.T arguments: x and w of `dtype` (a torch name), y fp16."""
    def make():
        torch = _torch()
        x, w = (randn(_MM, _MM).to(getattr(torch, dtype)) for _ in range(2))
        y = empty(_MM, _MM, dtype="float16")
        return [x, w, y, _MM, _MM, _MM, x.stride(0), w.stride(0), y.stride(0)]
    return make


def _own_linear_case(name, elem, out, block_k, args, atol=0.0, rtol=0.0):
    """The own linear x @ w.T at 4096^3 for `elem` inputs and `out` y."""
    case(id=f"own_linear_xwt_{name}_4096", repo="own",
         path="transposed_dots.py", kernel="linear_kernel",
         signature=f"*{elem}:16, *{elem}:16, *{out}:16, i32:16, i32:16, "
         f"i32:16, i32:16, i32:16, i32:16, 128, 128, {block_k}",
         num_warps=8, num_stages=3, grid=(cdiv(_MM, 128), cdiv(_MM, 128)),
         args=args, atol=atol, rtol=rtol)


def _linear_int8_args():
    torch = _torch()
    x, w = (torch.randint(-128, 128, (_MM, _MM), device="cuda",
                          dtype=torch.int8) for _ in range(2))
    y = empty(_MM, _MM, dtype="int32")
    return [x, w, y, _MM, _MM, _MM, x.stride(0), w.stride(0), y.stride(0)]


def _gated_linear_args():
    """x [M, K], w [K, 2N] fp16, y [M, N] fp16, M, 2N, K and the strides."""
    x = randn(_MM, _MM, dtype="float16")
    w = randn(_MM, 2 * _MM, dtype="float16")
    y = empty(_MM, _MM, dtype="float16")
    return [x, w, y, _MM, 2 * _MM, _MM, x.stride(0), w.stride(0), y.stride(0)]


# A gated linear layer (fused MoE's epilogue): gate and up interleaved in
# one accumulator, taken apart by reshape and split.
case(id="own_gated_linear_fp16_4096", repo="own", path="gated_linear.py",
     kernel="gated_linear_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
     "i32:16, i32:16, i32:16, 128, 128, 64",
     num_warps=8, num_stages=3, grid=(cdiv(_MM, 128), cdiv(2 * _MM, 128)),
     args=_gated_linear_args, atol=0.5, rtol=1e-2)

_own_linear_case("fp16", "fp16", "fp16", 64, _linear_args("float16"), 0.1, 1e-2)
# The same with fp8 e4m3 inputs (both K-major: wgmma reads fp8 only so), and
# int8 x int8 -> int32 (exact, wgmma's s8 multiply).
_own_linear_case("fp8", "fp8e4nv", "fp16", 128, _linear_args("float8_e4m3fn"),
                 0.5, 1e-2)
_own_linear_case("int8", "i8", "i32", 128, _linear_int8_args)

_TOPK_ROWS = 8192


def _topk_args(n, k):
    def make():
        x = randn(_TOPK_ROWS, n)
        out = empty(_TOPK_ROWS, k)
        return [x, out, x.stride(0), out.stride(0)]
    return make


# tl.topk: the k largest per row, bit for bit (a selection).
case(id="own_row_topk_1024_16", repo="own", path="top_k.py",
     kernel="row_topk_kernel",
     signature="*fp32:16, *fp32:16, i32:16, i32:16, 1024, 16",
     num_warps=4, grid=(_TOPK_ROWS,), args=_topk_args(1024, 16))

case(id="own_tile_topk_256_8", repo="own", path="top_k.py",
     kernel="tile_topk_kernel", signature="*fp32:16, *fp32:16, 256, 8, 4",
     num_warps=4, grid=(_TOPK_ROWS // 4,),
     args=lambda: [randn(_TOPK_ROWS, 256), empty(_TOPK_ROWS, 8)])

# fp_downcast_rounding="rtz": values across fp16's range, its overflow
# (to the largest finite value) and subnormals, bit for bit.
_RTZ_N = 1 << 24


def _rtz_args():
    torch = _torch()
    x = randn(_RTZ_N) * torch.logspace(-9, 6, _RTZ_N, device="cuda")
    return [x, empty(_RTZ_N, dtype="float16"), empty(_RTZ_N, dtype="bfloat16"),
            _RTZ_N]


case(id="own_cast_rtz", repo="own", path="casts.py", kernel="cast_rtz_kernel",
     signature="*fp32:16, *fp16:16, *bf16:16, i32:16, 1024", num_warps=4,
     grid=(_RTZ_N // 1024,), args=_rtz_args)

# An fp16 -> fp32 upcast of 64M elements (BLOCK 1024, 4 warps): each
# thread loads 8 halves (16 bytes) and stores 32 bytes.
_UP_N = 1 << 26
case(id="own_cast_fp16_to_fp32", repo="own", path="casts.py",
     kernel="upcast_kernel", signature="*fp16:16, *fp32:16, i32:16, 1024",
     num_warps=4, grid=(_UP_N // 1024,),
     args=lambda: [randn(_UP_N, dtype="float16"), empty(_UP_N), _UP_N])

# tl.map_elementwise: a soft clip of 16M bf16 values (a third past the
# limit on either side), each element taking only its own branch.
_CLIP_N = 1 << 24


def _clip_args():
    return [randn(_CLIP_N, dtype="bfloat16") * 2, empty(_CLIP_N, dtype="bfloat16"),
            _CLIP_N, 2.0]


case(id="own_map_elementwise_soft_clip", repo="own", path="mapped.py",
     kernel="soft_clip_kernel", signature="*bf16:16, *bf16:16, i32:16, fp32, 1024",
     num_warps=4, grid=(_CLIP_N // 1024,), args=_clip_args, atol=1e-2, rtol=1e-2)

def _bitonic_rows(n):
    # Rows that rise for n/2 elements, then fall: sorted halves, as the
    # merge step of a sort or top-k has them.
    torch = _torch()
    x = randn(_TOPK_ROWS, n)
    half = n // 2
    rising = torch.sort(x[:, :half], dim=1).values
    falling = torch.sort(x[:, half:], dim=1, descending=True).values
    return torch.cat([rising, falling], dim=1).contiguous()


# tl.bitonic_merge: bitonic rows sorted, bit for bit (a permutation).
case(id="own_bitonic_merge_256", repo="own", path="top_k.py",
     kernel="bitonic_merge_kernel", signature="*fp32:16, *fp32:16, 256, 4",
     num_warps=4, grid=(_TOPK_ROWS // 4,),
     args=lambda: [_bitonic_rows(256), empty(_TOPK_ROWS, 256)])


def _mx_args(a_format, b_format):
    """mx_matmul arguments at 4096^3: e2m1 as random codes (every one is a
    number), e4m3 and bf16 from normal values; e8m0 scales between 2^-6 and
    2^4, with a few 0xFF ones (NaN: rows of c for a's, columns for b's)."""
    def make():
        torch = _torch()

        def operand(fmt, shape):
            if fmt == "e2m1":
                return torch.randint(0, 256, shape, device="cuda",
                                     dtype=torch.uint8)
            x = randn(*shape)
            return x.to(torch.float8_e4m3fn if fmt == "e4m3" else
                        torch.bfloat16)

        def scales():
            s = torch.randint(121, 132, (_MM, _MM // 32), device="cuda",
                              dtype=torch.uint8)
            s[::509, ::37] = 255
            return s

        # e2m1 packs two elements per byte along K: a [M, K/2], b [K/2, N].
        a = operand(a_format, (_MM, _MM // 2 if a_format == "e2m1" else _MM))
        b = operand(b_format, (_MM // 2 if b_format == "e2m1" else _MM, _MM))
        c = empty(_MM, _MM)
        return [a, scales(), b, scales(), c, _MM, _MM, _MM, a.stride(0),
                b.stride(0), c.stride(0)]
    return make


_E2M1 = (0, .5, 1, 1.5, 2, 3, 4, 6, -0., -.5, -1, -1.5, -2, -3, -4, -6)


def _mx_reference(a_format, b_format):
    """c of mx_matmul in fp32 from the decoded operands (PyTorch)."""
    def operand(x, scales, fmt, k_dim):
        torch = _torch()
        if fmt == "e2m1":
            table = torch.tensor(_E2M1, device="cuda")
            pairs = torch.stack([table[(x & 15).long()],
                                 table[(x >> 4).long()]], dim=k_dim + 1)
            shape = list(x.shape)
            shape[k_dim] *= 2
            x = pairs.reshape(shape)
        x = x.float()
        if fmt == "bf16":
            return x
        factor = torch.exp2(scales.float() - 127)
        factor[scales == 255] = float("nan")
        factor = factor.repeat_interleave(32, dim=1)
        return x * (factor if k_dim == 1 else factor.t())

    def expected(args):
        a, a_scale, b, b_scale = args[:4]
        return {4: operand(a, a_scale, a_format, 1) @
                operand(b, b_scale, b_format, 0)}
    return expected


def _own_mx_case(name, a_type, b_type, a_format, b_format, warps):
    case(id=f"own_mx_matmul_{name}_4096", repo="own", path="scaled_dots.py",
         kernel="mx_matmul_kernel",
         signature=f"*{a_type}:16, *u8:16, *{b_type}:16, *u8:16, *fp32:16, "
         "i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, "
         f"'{a_format}', '{b_format}', 128, 128, 64",
         num_warps=warps, num_stages=3, grid=(cdiv(_MM, 128), cdiv(_MM, 128)),
         args=_mx_args(a_format, b_format), atol=0.5, rtol=1e-2,
         reference=_mx_reference(a_format, b_format))


# tl.dot_scaled (bench/own/scaled_dots.py): bf16 activations times mxfp4
# weights, and mxfp8 (e4m3) on both sides. Triton emulates both on Hopper
# (upcast to bf16, scale, dot); so does tkc. Both are checked against
# PyTorch: Triton 3.6's JIT computes the bf16 x mxfp4 product wrongly when
# its loop is pipelined (num_stages 2 or more; right with 1).
_own_mx_case("bf16_e2m1", "bf16", "u8", "bf16", "e2m1", 8)
_own_mx_case("e4m3_e4m3", "fp8e4nv", "fp8e4nv", "e4m3", "e4m3", 8)


def _mx_upcast_args(rhs):
    torch = _torch()
    x = torch.randint(0, 256, (32, 64) if rhs else (64, 32), device="cuda",
                      dtype=torch.uint8)
    s = torch.randint(121, 132, (64, 2), device="cuda", dtype=torch.uint8)
    s[5, 1] = 255
    return [x, s, empty(64, 64)]


# The e2m1 operand alone, bit for bit (a product with the identity is
# exact): its decoding, interleaving along K and scaling, as lhs and rhs.
for _side, _rhs in (("lhs", False), ("rhs", True)):
    case(id=f"own_mx_upcast_e2m1_{_side}", repo="own", path="scaled_dots.py",
         kernel="mx_upcast_kernel",
         signature=f"*u8:16, *u8:16, *fp32:16, 'e2m1', {_rhs}, 64, 64",
         num_warps=4, grid=(1,), args=lambda rhs=_rhs: _mx_upcast_args(rhs))


_FA_HEADS, _FA_SEQ, _FA_D = 32, 4096, 64


def _flash_args():
    q, k, v = (randn(_FA_HEADS, _FA_SEQ, _FA_D, dtype="float16")
               for _ in range(3))
    o = empty(_FA_HEADS, _FA_SEQ, _FA_D, dtype="float16")
    return [q, k, v, o, _FA_SEQ, q.stride(1), q.stride(0), 0.125]


case(id="own_flash_attention_fwd_d64", repo="own", path="transposed_dots.py",
     kernel="flash_attention_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, "
     f"i32:16, fp32, 128, 64, {_FA_D}",
     num_warps=4, num_stages=3, grid=(cdiv(_FA_SEQ, 128), _FA_HEADS),
     args=_flash_args, atol=1e-2, rtol=1e-2)


# --- flash-linear-attention (fla-org/flash-linear-attention, repo "fla") -
#
# Its chunked recurrence (chunk_fwd_kernel_h: each program carries a BK x BV
# state through the sequence in chunks of BT, decayed by gk, storing the
# state of every chunk) as its chunk_fwd_h launches it, with one of its
# autotune configs; and its row l2norm.

_FLA_B, _FLA_T, _FLA_H, _FLA_D = 8, 4096, 16, 128


def _fla_chunk_h_args():
    torch = _torch()
    B, T, H, D = _FLA_B, _FLA_T, _FLA_H, _FLA_D
    k, v = (randn(B, T, H, D, dtype="bfloat16") for _ in range(2))
    gk = -torch.rand(B, T, H, D, device="cuda") * 0.1
    h = empty(B, T // 64, H, D, D, dtype="bfloat16")
    h0 = randn(B, H, D, D)
    unused = empty(16)
    return [k, v, h, unused, unused, gk, unused, h0, empty(B, H, D, D),
            unused.to(torch.int32), unused.to(torch.int32), T]


case(id="fla_chunk_fwd_h_gk", repo="fla", path="fla/ops/common/chunk_h.py",
     kernel="chunk_fwd_kernel_h",
     signature="*bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, "
     "*fp32:16, *fp32:16, *fp32:16, *i32:16, *i32:16, i32, "
     f"{_FLA_H}, {_FLA_D}, {_FLA_D}, 64, 64, 64, 64, False, False, True, "
     "False, True, True, False, False",
     num_warps=4, num_stages=2,
     grid=(_FLA_D // 64, _FLA_D // 64, _FLA_B * _FLA_H),
     args=_fla_chunk_h_args, atol=0.05, rtol=1e-2, no_specialize=("T",))


# Its fp32 matmul (fla/ops/utils/matmul.py, `matmul(a, b)` with a and b
# fp32: ALLOW_TF32 False, so the dot is left to multiply-adds on either
# side) at 4096^3, with one of its autotune configs (BM 64, BK 32, BN 128,
# G 4, 4 stages, 4 warps); input, alpha and beta None.
_FLA_MM = 4096


def _fla_matmul_args():
    a = randn(1, _FLA_MM, _FLA_MM)
    b = randn(_FLA_MM, _FLA_MM)
    c = empty(1, _FLA_MM, _FLA_MM)
    # a, b, c, M, N, K and the strides (input, alpha, beta None).
    return [a, b, c, _FLA_MM, _FLA_MM, _FLA_MM, *a.stride(), *b.stride(),
            *c.stride()]


case(id="fla_matmul_fp32", repo="fla", path="fla/ops/utils/matmul.py",
     kernel="matmul_kernel",
     signature="*fp32:16, *fp32:16, *fp32:16, None, None, None, i32:16, "
     "i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:16, "
     "i32:1, 64, 32, 128, 4, '', False, False, False, False, 1",
     num_warps=4, num_stages=4,
     grid=(1, _FLA_MM // 64, _FLA_MM // 128),
     args=_fla_matmul_args, atol=1e-3, rtol=1e-4)


# Its solve_tril's 64x64 merge (merge_16x16_to_64x64_inverse_kernel: the
# inverse of I + A for each 64-token chunk, A strictly lower triangular, from
# the inverses of its 16x16 diagonal blocks and products of them), fp32 in and
# out, at input_precision tf32x3 as FLA_TRIL_PRECISION or precond_kda ask for
# it, and at FLA's default 'ieee' (multiply-adds), with plain pointer loads (USE_TMA False: with tensor descriptors Triton
# 3.6 refuses the kernel's 64-bit offsets).
_TRIL_B, _TRIL_T, _TRIL_H = 8, 4096, 16


def _fla_solve_tril_args():
    torch = _torch()
    B, T, H = _TRIL_B, _TRIL_T, _TRIL_H
    rows = torch.arange(T, device="cuda") % 64
    below = rows[:, None] > torch.arange(64, device="cuda")[None, :]
    a = randn(B, T, H, 64) * 0.1 * below[None, :, None, :]
    return [a, empty(B, T, H, 64), T]


for _precision in ("tf32x3", "ieee"):
    case(id="fla_solve_tril_64_" + _precision, repo="fla",
         path="fla/ops/utils/solve_tril.py",
         kernel="merge_16x16_to_64x64_inverse_kernel",
         signature="*fp32:16, *fp32:16, None, None, i32, %d, 64, False, "
         "False, '%s'" % (_TRIL_H, _precision),
         num_warps=4, num_stages=2, grid=(_TRIL_T // 64, _TRIL_B * _TRIL_H),
         args=_fla_solve_tril_args, atol=1e-5, rtol=1e-4,
         no_specialize=("T",))


# Its gated delta rule's state recurrence (chunk_gated_delta_rule_fwd_kernel_
# h_blockdim64: per chunk of BT tokens, the new values v - w @ h, then the
# gated state h += k^T @ v_new, K split in 64-column tiles), as
# chunk_gated_delta_rule_fwd_h launches it with a scalar gate, an initial
# and a final state, one of its autotune configs; the state stored [K, V]
# (the default) and [V, K], whose update is tl.trans(tl.dot(k, v)). The keys
# have rows of norm about 1 and w is half of them, so that the recurrence
# stays bounded, as it does with the WY form of real keys.
_GDR_B, _GDR_T, _GDR_H, _GDR_D = 8, 4096, 16, 128


def _gdr_fwd_h_args():
    torch = _torch()
    B, T, H, D = _GDR_B, _GDR_T, _GDR_H, _GDR_D
    k = (randn(B, T, H, D) / D ** 0.5).to(torch.bfloat16)
    w = (k.float() * 0.5).to(torch.bfloat16)
    u = randn(B, T, H, D, dtype="bfloat16")
    # The gate's log, summed within each chunk of 64 as FLA's
    # chunk_local_cumsum leaves it.
    g = -(torch.rand(B, T // 64, 64, H, device="cuda") * 0.05).cumsum(2)
    h = empty(B, T // 64, H, D, D, dtype="bfloat16")
    unused = empty(16)
    return [k, u, w, empty(B, T, H, D, dtype="bfloat16"),
            g.reshape(B, T, H).contiguous(), unused, h, randn(B, H, D, D),
            empty(B, H, D, D), unused.to(torch.int32),
            unused.to(torch.int32), T]


for _v_first in (False, True):
    case(id="fla_gdr_fwd_h" + ("_v_first" if _v_first else ""), repo="fla",
         path="fla/ops/common/chunk_delta_h.py",
         kernel="chunk_gated_delta_rule_fwd_kernel_h_blockdim64",
         signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, "
         "*fp32:16, *bf16:16, *fp32:16, *fp32:16, *i32:16, *i32:16, i32, "
         f"{_GDR_H}, {_GDR_H}, {_GDR_D}, {_GDR_D}, 64, 64, True, False, "
         f"True, True, True, {_v_first}, False",
         num_warps=4, num_stages=3,
         grid=(_GDR_D // 64 * _GDR_B * _GDR_H,),
         args=_gdr_fwd_h_args, atol=0.05, rtol=1e-2,
         no_specialize=("T",))


# The same recurrence backwards (chunk_gated_delta_rule_bwd_kernel_dhu_
# blockdim64: from the last chunk to the first, each chunk's state gradient
# dh, then dv2 = k @ dh + dv and dh += q^T @ do * scale - w^T @ dv2, gated),
# as chunk_gated_delta_rule_bwd_dhu launches it with a scalar gate, an
# initial state and a final state gradient, in bf16 with heads of 128, as
# the gated delta rule runs it; and ungated, without states (as the delta
# rule runs it), in fp32 with heads of 64, whose five stacks of 64x64 tiles
# would not fit beside the operands the multiplies take from registers (tkc
# stages four, as Triton does; fp32 heads of 128 do not fit Triton's
# either).
def _gdr_bwd_dhu_args(dtype, D):
    def make():
        torch = _torch()
        B, T, H = _GDR_B // 2, _GDR_T, _GDR_H
        t = getattr(torch, dtype)
        k = (randn(B, T, H, D) / D ** 0.5).to(t)
        q, w = (k.float() * 0.5).to(t), (k.float() * 0.5).to(t)
        do, dv = (randn(B, T, H, D, dtype=dtype) for _ in range(2))
        g = -(torch.rand(B, T // 64, 64, H, device="cuda") * 0.05).cumsum(2)
        unused = empty(16)
        return [q, k, w, g.reshape(B, T, H).contiguous(), unused,
                randn(B, H, D, D), empty(B, H, D, D), do,
                empty(B, T // 64, H, D, D, dtype=dtype), dv,
                empty(B, T, H, D, dtype=dtype), unused.to(torch.int32),
                unused.to(torch.int32), D ** -0.5, T]
    return make


for _dtype, _t, _d, _g in (("bfloat16", "bf16", 128, True),
                           ("float32", "fp32", 64, False)):
    case(id="fla_gdr_bwd_dhu_" + _t, repo="fla",
         path="fla/ops/common/chunk_delta_h.py",
         kernel="chunk_gated_delta_rule_bwd_kernel_dhu_blockdim64",
         signature=f"*{_t}:16, *{_t}:16, *{_t}:16, *fp32:16, *fp32:16, "
         f"*fp32:16, *fp32:16, *{_t}:16, *{_t}:16, *{_t}:16, *{_t}:16, "
         f"*i32:16, *i32:16, fp32, i32, {_GDR_H}, {_GDR_H}, {_d}, {_d}, "
         f"64, 64, {_g}, False, {_g}, {_g}, False, False",
         num_warps=4, num_stages=3,
         grid=(_d // 64 * _GDR_B // 2 * _GDR_H,),
         args=_gdr_bwd_dhu_args(_dtype, _d), atol=0.05, rtol=1e-2,
         no_specialize=("T",))

case(id="fla_l2norm_fwd", repo="fla", path="fla/modules/l2norm.py",
     kernel="l2norm_fwd_kernel1",
     signature="*bf16:16, *bf16:16, *fp32:16, fp32, i32:16, 4096",
     num_warps=4, grid=(16384,),
     args=lambda: [randn(16384, 4096, dtype="bfloat16"),
                   empty(16384, 4096, dtype="bfloat16"), empty(16384), 1e-6,
                   4096],
     # The same sqrt.approx and div.full as Triton's, but the row's sum
     # adds in another order: one bf16 ulp here and there (2.4e-4 seen).
     atol=1e-3, rtol=1e-2)


# Its gated-delta-rule gate (softplus as inline PTX that FLA's module builds
# with host code, then a chunk-local cumsum) as gdn_gate_chunk_cumsum
# launches it with a bias and no scale, one of its autotune configs.
_GDN_B, _GDN_T, _GDN_H = 16, 8192, 32


def _gdn_gate_args():
    torch = _torch()
    B, T, H = _GDN_B, _GDN_T, _GDN_H
    unused = empty(16).to(torch.int32)
    return [randn(B, T, H), randn(H), randn(H), empty(B, T, H), 1.0, unused,
            unused, T]


case(id="fla_gdn_gate_cumsum", repo="fla",
     path="fla/ops/gated_delta_rule/gate.py",
     kernel="gdn_gate_chunk_cumsum_scalar_kernel",
     signature="*fp32:16, *fp32:16, *fp32:16, *fp32:16, fp32, *i32:16, "
     f"*i32:16, i32, {_GDN_H}, 64, False, True, False, False",
     num_warps=4, grid=(_GDN_T // 64, _GDN_B * _GDN_H),
     args=_gdn_gate_args, no_specialize=("T",), atol=1e-5, rtol=1e-5)


# Its attention residuals (attnres_fwd_kernel: each token's output is a
# softmax over L residual sources of their RMS-normed logits against a
# learned query, the sources passed as a tuple of pointers padded to L2 with
# the first), as fused_attnres_fwd launches it with an output norm and the
# pre-norm output saved, one of its autotune configs.
_AR_N, _AR_D, _AR_L, _AR_L2 = 16384, 4096, 6, 8


def _attnres_args():
    sources = [randn(_AR_N, _AR_D, dtype="bfloat16") for _ in range(_AR_L)]
    res = tuple(sources) + (sources[0],) * (_AR_L2 - _AR_L)
    return [randn(_AR_D, dtype="bfloat16"), res,
            randn(_AR_D, dtype="bfloat16"), randn(_AR_D, dtype="bfloat16"),
            empty(_AR_N, _AR_D, dtype="bfloat16"),
            empty(_AR_N, _AR_D, dtype="bfloat16"), empty(_AR_L, _AR_N),
            empty(_AR_L, _AR_N), empty(_AR_N), _AR_N, _AR_L]


case(id="fla_attnres_fwd", repo="fla", path="fla/ops/attnres/fused.py",
     kernel="attnres_fwd_kernel",
     signature="*bf16:16, (" + ", ".join(["*bf16:16"] * _AR_L2) + "), "
     "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, "
     f"i32:16, i32, {_AR_L2}, {_AR_D}, 1e-06, 0.015625, 4, {_AR_D}, True, "
     "True",
     num_warps=8, num_stages=2, grid=(_AR_N,), args=_attnres_args,
     no_specialize=("L",), atol=1e-2, rtol=1e-2)


# Its Gated DeltaNet forward (chunk_gated_delta_rule_fwd) at _FLA_B x _FLA_T
# tokens, _FLA_H heads (H == HV) of _FLA_D for keys and values, chunks of
# BT = 64, bf16 activations, no cu_seqlens: the tl.dot-heavy kernels as their
# wrappers launch them. The @triton.heuristics flags (USE_G, USE_G_GAMMA,
# IS_VARLEN: which tensors are None) are written out as constexprs, the
# None tensors given as None; one config of each autotune list. The inputs
# are those of the earlier steps: q and k l2-normalized (l2norm_fwd under
# use_qk_l2norm_in_kernel), beta = sigmoid(b) in fp32 (fused_beta_sigmoid),
# g the chunk-local cumsum of the negative log-decays scaled by RCP_LN2
# (gdn_gate_chunk_cumsum / chunk_local_cumsum: fp32, exp2 in the kernels).
_FLA_BT = 64
_FLA_NT = _FLA_T // _FLA_BT


def _fla_l2normed(*shape):
    torch = _torch()
    x = randn(*shape)
    return (x / x.norm(dim=-1, keepdim=True)).to(torch.bfloat16)


def _fla_gdn_gate(B, T, H):
    """g: within each chunk of 64, the cumsum of -softplus-like decays of up
    to 0.1 a step, times RCP_LN2 (log2 units), fp32 (B, T, H)."""
    step = -rand(B, T // _FLA_BT, _FLA_BT, H) * 0.1
    return (step.cumsum(2) * 1.4426950216).view(B, T, H)


def _fla_gdn_beta(B, T, H):
    return randn(B, T, H).sigmoid()


# common/chunk_o.py's chunk_fwd_kernel_o (per chunk: q @ h, the chunk's
# state, plus the causal intra-chunk (q @ k.T, decayed by g) @ v), as
# chunk_fwd_o launches it from the GDN forward: g given, g_gamma None,
# scale K ** -0.5, grid (cdiv(V, BV), NT, B * HV); the middle one of its
# three autotune configs, BK = BV = 64, 4 warps, 3 stages. h is what
# chunk_gated_delta_rule_fwd_h leaves, bf16 (k.new_empty): (B, NT, HV, K,
# V) with state_v_first False (chunk_gated_delta_rule's default), (B, NT,
# HV, V, K) with True (what the GatedDeltaNet layer passes: STATE_V_FIRST,
# a dot with tl.trans(h)). v is v_new (bf16, like u).
def _fla_chunk_o_args():
    B, T, H, D = _FLA_B, _FLA_T, _FLA_H, _FLA_D
    q, k = _fla_l2normed(B, T, H, D), _fla_l2normed(B, T, H, D)
    v = randn(B, T, H, D, dtype="bfloat16")
    # K == V: the state has one shape in either layout.
    h = randn(B, _FLA_NT, H, D, D, dtype="bfloat16")
    # q, k, v, h, g, o, scale, T (g_gamma, cu_seqlens, chunk_indices None).
    return [q, k, v, h, _fla_gdn_gate(B, T, H),
            empty(B, T, H, D, dtype="bfloat16"), D ** -0.5, T]


for _name, _v_first in (("", False), ("_v_first", True)):
    case(id=f"fla_chunk_fwd_o_gdn{_name}", repo="fla",
         path="fla/ops/common/chunk_o.py", kernel="chunk_fwd_kernel_o",
         signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, None, "
         "*bf16:16, None, None, fp32, i32, "
         f"{_FLA_H}, {_FLA_H}, {_FLA_D}, {_FLA_D}, {_FLA_BT}, 64, 64, "
         f"True, False, {_v_first}, False",
         num_warps=4, num_stages=3,
         grid=(_FLA_D // 64, _FLA_NT, _FLA_B * _FLA_H),
         args=_fla_chunk_o_args, atol=5e-2, rtol=1e-2,
         no_specialize=("T",))


# common/chunk_scaled_dot_kkt.py's chunk_scaled_dot_kkt_fwd_kernel (per
# chunk: beta * (k @ k.T) decayed by exp2(g_i - g_j), strictly lower
# triangular), as chunk_scaled_dot_kkt_fwd launches it from
# chunk_gated_delta_rule_fwd_intra with g and beta, output_dtype fp32, grid
# (NT, B * HV). (At BT = 64 on NVIDIA the GDN forward takes the fused
# kkt + solve_tril kernel instead; this one serves its other chunk sizes
# and other ops; here at BT = 64.) One of its 27 autotune configs, the
# middle one: BK 64, 4 warps, 3 stages. A is fp32 (|A| < 1): only the
# summation order of the products may differ.
def _fla_kkt_args():
    B, T, H, D = _FLA_B, _FLA_T, _FLA_H, _FLA_D
    # k, g, beta, A, T (cu_seqlens, chunk_indices None).
    return [_fla_l2normed(B, T, H, D), _fla_gdn_gate(B, T, H),
            _fla_gdn_beta(B, T, H), empty(B, T, H, _FLA_BT), T]


case(id="fla_chunk_scaled_dot_kkt_fwd_g", repo="fla",
     path="fla/ops/common/chunk_scaled_dot_kkt.py",
     kernel="chunk_scaled_dot_kkt_fwd_kernel",
     signature="*bf16:16, *fp32:16, *fp32:16, *fp32:16, None, None, i32, "
     f"{_FLA_H}, {_FLA_H}, {_FLA_D}, {_FLA_BT}, 64, False, True",
     num_warps=4, num_stages=3, grid=(_FLA_NT, _FLA_B * _FLA_H),
     args=_fla_kkt_args, atol=1e-5, rtol=1e-4, no_specialize=("T",))


# gated_delta_rule/wy_fast.py's recompute_w_u_fwd_kernel (the WY
# representation: u = A @ (beta v), w = A @ (beta exp2(g) k) per chunk), as
# recompute_w_u_fwd launches it from chunk_gated_delta_rule_fwd_intra: g
# given, BK = BV = 64, grid (NT, B * HV); the middle one of its autotune
# configs, 4 warps, 3 stages. A is the fused kkt + solve_tril kernel's
# output, (I + A)^-1 per chunk in k's dtype (bf16, (B, T, HV, BT)): here
# the identity plus a small random strictly lower triangle.
def _fla_tril_inverse(B, T, H):
    torch = _torch()
    bt = _FLA_BT
    # (B, NT, H, row, col) lower triangular, then (B, T, H, col) as the
    # kernel reads it: row t of chunk c at time c * BT + t.
    a = torch.tril(randn(B, T // bt, H, bt, bt) * 0.1, diagonal=-1)
    a = a + torch.eye(bt, device="cuda")
    return a.permute(0, 1, 3, 2, 4).reshape(B, T, H, bt).to(torch.bfloat16)


def _fla_recompute_w_u_args():
    B, T, H, D = _FLA_B, _FLA_T, _FLA_H, _FLA_D
    # k, v, beta, w, u, A, g, T (cu_seqlens, chunk_indices None).
    return [_fla_l2normed(B, T, H, D), randn(B, T, H, D, dtype="bfloat16"),
            _fla_gdn_beta(B, T, H), empty(B, T, H, D, dtype="bfloat16"),
            empty(B, T, H, D, dtype="bfloat16"), _fla_tril_inverse(B, T, H),
            _fla_gdn_gate(B, T, H), T]


case(id="fla_recompute_w_u_fwd_g", repo="fla",
     path="fla/ops/gated_delta_rule/wy_fast.py",
     kernel="recompute_w_u_fwd_kernel",
     signature="*bf16:16, *bf16:16, *fp32:16, *bf16:16, *bf16:16, *bf16:16, "
     f"*fp32:16, None, None, i32, {_FLA_H}, {_FLA_H}, {_FLA_D}, {_FLA_D}, "
     f"{_FLA_BT}, 64, 64, True, False",
     num_warps=4, num_stages=3, grid=(_FLA_NT, _FLA_B * _FLA_H),
     args=_fla_recompute_w_u_args, atol=5e-2, rtol=1e-2,
     no_specialize=("T",))


# --- Liger-Kernel (src/liger_kernel/ops in linkedin/Liger-Kernel) ---------
#
# Launched as the ops' wrappers launch them on an H100: BLOCK_SIZE and
# num_warps from calculate_settings (next power of two of the row, 4/8/16/32
# warps by size), the row-block backward kernels on one program per SM.

_LG_SMS = 132  # the wrappers' multi_processor_count on an H100 SXM
_LG_ROWS, _LG_HIDDEN = 8192, 4096  # tokens x hidden size (Llama-3-8B)


def _liger_path(name):
    return f"src/liger_kernel/ops/{name}.py"


# rms_norm.py: the row kernel (BLOCK_SIZE > 256), Llama casting mode (0).
# _rms_norm_backward_kernel takes its X_dtype as a tl.dtype constexpr, which
# a signature cannot give: not a case.
case(id="liger_rms_norm_fwd", repo="liger", path=_liger_path("rms_norm"),
     kernel="_rms_norm_forward_kernel",
     signature="*bf16:16, i32:16, *bf16:16, i32:16, *bf16:16, i32:1, "
     "*fp32:16, i32:1, i32:16, fp32, fp32, 0, True, 4096",
     num_warps=8, grid=(_LG_ROWS,),
     args=lambda: [empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_HIDDEN, dtype="bfloat16"), 1, empty(_LG_ROWS), 1,
                   _LG_HIDDEN, 1e-6, 0.0],
     atol=1e-2, rtol=1e-2)

_LG_LN_ROWS, _LG_LN_COLS = 4096, 4096
case(id="liger_layer_norm_fwd", repo="liger", path=_liger_path("layer_norm"),
     kernel="_layer_norm_forward_kernel",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:1, "
     "*fp32:16, i32:1, *fp32:16, i32:1, *fp32:16, i32:1, i32:16, fp32, 4096",
     num_warps=8, grid=(_LG_LN_ROWS,),
     args=lambda: [empty(_LG_LN_ROWS, _LG_LN_COLS), _LG_LN_COLS,
                   randn(_LG_LN_ROWS, _LG_LN_COLS), _LG_LN_COLS,
                   randn(_LG_LN_COLS), 1, randn(_LG_LN_COLS), 1,
                   empty(_LG_LN_ROWS), 1, empty(_LG_LN_ROWS), 1, _LG_LN_COLS,
                   1e-5],
     atol=1e-5, rtol=1e-5)


def _liger_layer_norm_bwd_args():
    rows, cols = _LG_LN_ROWS, _LG_LN_COLS
    # X, W, Mean, RSTD, DX, _DW, _DB, dY with their row strides.
    return [randn(rows, cols), cols, randn(cols), randn(rows), 1,
            rand(rows) + 0.5, 1, empty(rows, cols), cols,
            empty(_LG_SMS, cols), cols, empty(_LG_SMS, cols), cols,
            randn(rows, cols), cols, rows, cols]


# rows_per_program = ceil(4096 / 132) = 32.
case(id="liger_layer_norm_bwd", repo="liger", path=_liger_path("layer_norm"),
     kernel="_layer_norm_backward_kernel",
     signature="*fp32:16, i32:16, *fp32:16, *fp32:16, i32:1, *fp32:16, i32:1, "
     "*fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, "
     "i32:16, i32:16, 32, 4096",
     num_warps=8, grid=(_LG_SMS,), args=_liger_layer_norm_bwd_args,
     atol=1e-4, rtol=1e-4)

# swiglu.py / geglu.py: the one-row kernels (the column-tiled ones are for
# Blackwell) at the MLP widths of Llama-3-8B and Gemma-2B. The backward
# kernels write da and db over a and b.
_LG_MLP_ROWS = 2048


def _liger_mlp_fwd_args(cols, *gate):
    # a, b, c, the row stride, then gate_multiplier for swiglu.
    return [randn(_LG_MLP_ROWS, cols, dtype="bfloat16"),
            randn(_LG_MLP_ROWS, cols, dtype="bfloat16"),
            empty(_LG_MLP_ROWS, cols, dtype="bfloat16"), cols, *gate]


def _liger_mlp_bwd_args(cols, *gate):
    # dc, a, b, the row stride, then gate_multiplier for swiglu.
    return [randn(_LG_MLP_ROWS, cols, dtype="bfloat16") for _ in range(3)] + [
        cols, *gate]


for _name, _fwd, _bwd, _cols, _gate in (
        ("swiglu", "_swiglu_forward_kernel", "_swiglu_backward_kernel", 14336,
         (1.0,)),
        ("geglu", "_geglu_tanh_forward_kernel", "_geglu_tanh_backward_kernel",
         16384, ())):
    _types = "*bf16:16, *bf16:16, *bf16:16, i32:16" + ", fp32" * len(_gate)
    for _dir, _kernel, _make in (("fwd", _fwd, _liger_mlp_fwd_args),
                                 ("bwd", _bwd, _liger_mlp_bwd_args)):
        case(id=f"liger_{_name}_{_dir}", repo="liger", path=_liger_path(_name),
             kernel=_kernel, signature=f"{_types}, {_cols}, 16384",
             num_warps=16, grid=(_LG_MLP_ROWS,),
             args=lambda make=_make, cols=_cols, gate=_gate: make(cols, *gate),
             atol=1e-2, rtol=1e-2)

# rope.py, forward (in place on q and k): batch 2 x 4096 tokens, 32 query
# and 8 key-value heads of 128, cos/sin of shape (1, seq, 128) in bf16 as
# Hugging Face's Llama passes them.
_LG_ROPE_B, _LG_ROPE_S = 2, 4096
case(id="liger_rope_fwd", repo="liger", path=_liger_path("rope"),
     kernel="_triton_rope",
     signature="*bf16:16, i32:16, *bf16:16, i32:16, *bf16:16, i32:16, "
     "*bf16:16, i32:16, i32:16, 2, 1, 32, 8, 128, 32, 8, 128, 32, False",
     num_warps=4, grid=(_LG_ROPE_B * _LG_ROPE_S,),
     args=lambda: [randn(_LG_ROPE_B, _LG_ROPE_S, 32, 128, dtype="bfloat16"),
                   32 * 128,
                   randn(_LG_ROPE_B, _LG_ROPE_S, 8, 128, dtype="bfloat16"),
                   8 * 128, randn(1, _LG_ROPE_S, 128, dtype="bfloat16"), 128,
                   randn(1, _LG_ROPE_S, 128, dtype="bfloat16"), 128,
                   _LG_ROPE_S],
     # All in bf16: a product rounded on its own or fused into the
     # subtraction moves a cancelling result by an ulp of the products.
     atol=5e-2, rtol=1e-2)

# cross_entropy.py: fp32 logits over a 32000-token vocabulary, mean
# reduction, gradients written over the logits; one row in 16 is padding
# (ignore_index). The optional tensors the wrapper passes as None stay None.
_LG_CE_ROWS, _LG_CE_VOCAB = 4096, 32000


def _liger_ce_args():
    target = randint(_LG_CE_VOCAB, _LG_CE_ROWS)
    target[::16] = -100
    n_non_ignore = _LG_CE_ROWS - _LG_CE_ROWS // 16
    # X, X_stride, Y, Y_stride, loss, loss_stride, the two unused strides,
    # n_cols, n_non_ignore, sum_non_ignore_weight (= n_non_ignore without
    # weights), weight_sum, ignore_index.
    return [randn(_LG_CE_ROWS, _LG_CE_VOCAB), _LG_CE_VOCAB, target, 1,
            zeros(_LG_CE_ROWS), 1, 0, 0, _LG_CE_VOCAB, n_non_ignore,
            n_non_ignore, 0.0, -100]


case(id="liger_cross_entropy", repo="liger", path=_liger_path("cross_entropy"),
     kernel="liger_cross_entropy_kernel",
     signature="*fp32:16, i32:16, *i64:16, i32:1, None, *fp32:16, None, "
     "i32:1, None, i32:16, None, i32:16, i32:16, i32:16, i32:16, fp32, i32, "
     "0.0, 0.0, 'mean', None, False, False, False, 32768, False, False, True",
     num_warps=32, grid=(_LG_CE_ROWS,), args=_liger_ce_args,
     # The gradients are ~1e-8 (softmax / n_non_ignore): relative only.
     atol=0.0, rtol=1e-4)

# kl_div.py, jsd.py, tvd.py: distillation losses over a 32000-token
# vocabulary in fp32.
_LG_DIST_ROWS, _LG_DIST_VOCAB = 2048, 32000


def _liger_log_probs():
    return randn(_LG_DIST_ROWS, _LG_DIST_VOCAB).log_softmax(-1)


def _liger_probs():
    return randn(_LG_DIST_ROWS, _LG_DIST_VOCAB).softmax(-1)


# Forward: batchmean reduction (3), one loss per row; BLOCK_SIZE is capped at
# 16384 (MAX_FUSED_SIZE).
case(id="liger_kl_div_fwd", repo="liger", path=_liger_path("kl_div"),
     kernel="_kldiv_kernel_forward",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:1, i32:16, "
     "fp32, 16384, False, 3",
     num_warps=16, grid=(_LG_DIST_ROWS,),
     args=lambda: [_liger_log_probs(), _LG_DIST_VOCAB, _liger_probs(),
                   _LG_DIST_VOCAB, zeros(_LG_DIST_ROWS), 1, _LG_DIST_VOCAB,
                   1e-10],
     atol=1e-5, rtol=1e-5)

case(id="liger_kl_div_bwd", repo="liger", path=_liger_path("kl_div"),
     kernel="_kldiv_kernel_backward",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, i32:16, 16384, False",
     num_warps=16, grid=(_LG_DIST_ROWS,),
     args=lambda: [_liger_probs(), _LG_DIST_VOCAB,
                   empty(_LG_DIST_ROWS, _LG_DIST_VOCAB), _LG_DIST_VOCAB,
                   _LG_DIST_VOCAB])

# The wrapper launches _jsd_kernel with Triton's default 4 warps; beta 0.5,
# no labels (a dummy label pointer), n_non_ignore = the row count.
case(id="liger_jsd", repo="liger", path=_liger_path("jsd"),
     kernel="_jsd_kernel",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, "
     "*fp32:16, i32:16, *fp32:16, 0.5, i32:16, -100, i32:16, 32768, False",
     num_warps=4, grid=(_LG_DIST_ROWS,),
     args=lambda: [_liger_log_probs(), _LG_DIST_VOCAB, _liger_log_probs(),
                   _LG_DIST_VOCAB, zeros(_LG_DIST_ROWS, _LG_DIST_VOCAB),
                   _LG_DIST_VOCAB, empty(_LG_DIST_ROWS, _LG_DIST_VOCAB),
                   _LG_DIST_VOCAB, empty(1), _LG_DIST_ROWS, _LG_DIST_VOCAB],
     # Per-element losses of ~1e-9 (scaled by 1 / n_non_ignore).
     atol=1e-12, rtol=1e-4)


def _liger_tvd_args():
    labels = randint(_LG_DIST_VOCAB, _LG_DIST_ROWS)
    labels[::16] = -100
    n_non_ignore = _LG_DIST_ROWS - _LG_DIST_ROWS // 16
    # p, q, loss (batchmean: one per row), grads, labels, n_cols and the
    # gradient scale 1 / n_non_ignore.
    return [_liger_probs(), _LG_DIST_VOCAB, _liger_probs(), _LG_DIST_VOCAB,
            zeros(_LG_DIST_ROWS), 1, empty(_LG_DIST_ROWS, _LG_DIST_VOCAB),
            _LG_DIST_VOCAB, labels, _LG_DIST_VOCAB, 1.0 / n_non_ignore]


case(id="liger_tvd", repo="liger", path=_liger_path("tvd"),
     kernel="_tv_distance_kernel",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:1, "
     "*fp32:16, i32:16, *i64:16, -100, i32:16, fp32, 16384, True, 3",
     num_warps=16, grid=(_LG_DIST_ROWS,), args=_liger_tvd_args,
     atol=1e-5, rtol=1e-5)

# group_norm.py, forward (Triton's default 4 warps): Liger's benchmark shape,
# 4 channels per group of 512 positions, 4096 channels, batch 16; X viewed
# as (batch, groups, 4 * 512). _group_norm_backward_kernel takes a tl.dtype
# constexpr (and accumulates with atomics): not a case.
_LG_GN_B, _LG_GN_C, _LG_GN_CPG, _LG_GN_H = 16, 4096, 4, 512
_LG_GN_G = _LG_GN_C // _LG_GN_CPG
_LG_GN_HIDDEN = _LG_GN_CPG * _LG_GN_H


def _liger_group_norm_args():
    row, col = _LG_GN_G * _LG_GN_HIDDEN, _LG_GN_HIDDEN

    def stats():
        return zeros(_LG_GN_B, _LG_GN_G)
    # Y, X, Mean, RSTD with their (row, column) strides, W, B, hidden_size,
    # channels_per_group, eps.
    return [empty(_LG_GN_B, _LG_GN_G, _LG_GN_HIDDEN), row, col,
            randn(_LG_GN_B, _LG_GN_G, _LG_GN_HIDDEN), row, col,
            stats(), _LG_GN_G, 1, stats(), _LG_GN_G, 1, randn(_LG_GN_C),
            randn(_LG_GN_C), _LG_GN_HIDDEN, _LG_GN_CPG, 1e-6]


case(id="liger_group_norm_fwd", repo="liger", path=_liger_path("group_norm"),
     kernel="_group_norm_forward_kernel",
     signature="*fp32:16, i32:16, i32:16, *fp32:16, i32:16, i32:16, "
     "*fp32:16, i32:16, i32:1, *fp32:16, i32:16, i32:1, *fp32:16, *fp32:16, "
     "i32:16, i32, fp32, 2048",
     num_warps=4, grid=(_LG_GN_B, _LG_GN_G), args=_liger_group_norm_args,
     atol=1e-5, rtol=1e-5)

# dyt.py: autotuned; one of its configs (BLOCK_N 1024, 4 warps, 2 stages).
# bf16 activations, fp32 parameters (alpha, gamma, beta).
case(id="liger_dyt_fwd", repo="liger", path=_liger_path("dyt"),
     kernel="_dyt_fwd_kernel",
     signature="*bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, True, "
     "4096, 1024",
     num_warps=4, num_stages=2, grid=(_LG_HIDDEN // 1024, _LG_ROWS),
     args=lambda: [randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"),
                   empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"),
                   rand(1) + 0.5, randn(_LG_HIDDEN), randn(_LG_HIDDEN)],
     atol=1e-2, rtol=1e-2)


def _liger_dyt_bwd_args():
    # DY, DX, DA (one slot per 512 columns and SM), DG, DB, X, Alpha, Gamma,
    # M.
    return [randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"),
            empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"),
            zeros(_LG_SMS, cdiv(_LG_HIDDEN, 512)),
            empty(_LG_SMS, _LG_HIDDEN), empty(_LG_SMS, _LG_HIDDEN),
            randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), rand(1) + 0.5,
            randn(_LG_HIDDEN), _LG_ROWS]


case(id="liger_dyt_bwd", repo="liger", path=_liger_path("dyt"),
     kernel="_dyt_bwd_kernel",
     signature="*bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, *bf16:16, "
     "*fp32:16, *fp32:16, True, i32:16, 4096, 1024",
     num_warps=4, num_stages=2, grid=(_LG_HIDDEN // 1024, _LG_SMS),
     args=_liger_dyt_bwd_args, atol=1e-2, rtol=1e-2)

# experimental/embedding.py's backward: each token's fp32 gradient row
# added atomically to its embedding's row of grad_weight (8192 tokens of a
# 32000 x 4096 table), in 128 x 128 tiles as LigerEmbeddingFunction launches
# it (4 warps).
_LG_EMB_TOKENS, _LG_EMB_VOCAB, _LG_EMB_DIM = 8192, 32000, 4096


def _liger_embedding_bwd_args():
    torch = _torch()
    return [randn(_LG_EMB_TOKENS, _LG_EMB_DIM),
            zeros(_LG_EMB_VOCAB, _LG_EMB_DIM),
            torch.randint(_LG_EMB_VOCAB, (_LG_EMB_TOKENS,), device="cuda"),
            _LG_EMB_TOKENS]


case(id="liger_embedding_bwd", repo="liger",
     path=_liger_path("experimental/embedding"),
     kernel="embedding_backward_kernel",
     signature=f"*fp32:16, *fp32:16, *i64:16, i32:16, {_LG_EMB_DIM}, 128, 128",
     num_warps=4, grid=(_LG_EMB_TOKENS // 128, _LG_EMB_DIM // 128),
     args=_liger_embedding_bwd_args, atol=1e-5, rtol=1e-5)

# fused_add_rms_norm.py, forward: Llama casting mode, num_stages 2 as the
# wrapper sets it.
case(id="liger_fused_add_rms_norm_fwd", repo="liger",
     path=_liger_path("fused_add_rms_norm"),
     kernel="_fused_add_rms_norm_forward_kernel",
     signature="*bf16:16, i32:16, *bf16:16, i32:16, *bf16:16, i32:16, "
     "*bf16:16, i32:16, *bf16:16, i32:1, *fp32:16, i32:1, i32:16, fp32, fp32, "
     "0, 4096",
     num_warps=8, num_stages=2, grid=(_LG_ROWS,),
     args=lambda: [empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_HIDDEN, dtype="bfloat16"), 1, empty(_LG_ROWS), 1,
                   _LG_HIDDEN, 1e-6, 0.0],
     atol=1e-2, rtol=1e-2)

_LG_SM_ROWS, _LG_SM_COLS = 4096, 8192
case(id="liger_softmax_fwd", repo="liger", path=_liger_path("softmax"),
     kernel="_softmax_single_block_forward_kernel",
     signature="*fp32:16, i32:16, *fp32:16, i32:16, i32:16, 8192",
     num_warps=16, grid=(_LG_SM_ROWS,),
     args=lambda: [empty(_LG_SM_ROWS, _LG_SM_COLS), _LG_SM_COLS,
                   randn(_LG_SM_ROWS, _LG_SM_COLS), _LG_SM_COLS, _LG_SM_COLS],
     atol=1e-9, rtol=1e-5)

case(id="liger_relu_squared_fwd", repo="liger",
     path=_liger_path("relu_squared"), kernel="_relu_squared_forward_kernel",
     signature="*bf16:16, i32:16, *bf16:16, i32:16, 4096, 4096",
     num_warps=8, grid=(_LG_ROWS,),
     args=lambda: [empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
                   randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN])

# sparsemax.py over rows of 4096 bf16 logits (calculate_settings: one
# 4096-wide block, 8 warps, num_warps also a constexpr of the kernels): the
# forward from the rows and their copy sorted in fp32 (a cumsum, two
# sums), the backward over the forward's output in two column loops.
def _sparsemax_fwd_args():
    torch = _torch()
    x = randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16")
    ordered = torch.sort(x.float(), dim=-1, descending=True).values
    return [x, _LG_HIDDEN, ordered, _LG_HIDDEN,
            empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
            _LG_HIDDEN]


case(id="liger_sparsemax_fwd", repo="liger", path=_liger_path("sparsemax"),
     kernel="_sparsemax_forward_kernel",
     signature="*bf16:16, i32:16, *fp32:16, i32:16, *bf16:16, i32:16, "
     "i32:16, 4096, 8",
     num_warps=8, grid=(_LG_ROWS,), args=_sparsemax_fwd_args,
     atol=1e-2, rtol=1e-2)


def _sparsemax_bwd_args():
    torch = _torch()
    out = torch.relu(randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16") - 1.0)
    return [out, randn(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"),
            empty(_LG_ROWS, _LG_HIDDEN, dtype="bfloat16"), _LG_HIDDEN,
            _LG_HIDDEN]


case(id="liger_sparsemax_bwd", repo="liger", path=_liger_path("sparsemax"),
     kernel="_sparsemax_backward_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, i32:16, i32:16, 4096, 8",
     num_warps=8, grid=(_LG_ROWS,), args=_sparsemax_bwd_args,
     atol=1e-2, rtol=1e-2)

# poly_norm.py's forward: three RMS norms of x^3, x^2 and x in one row
# (8192 x 4096 bf16, a program a row, calculate_settings' 8 warps), the
# scalar eps cast with `.to(tl.float32)`.
case(id="liger_poly_norm_fwd", repo="liger", path=_liger_path("poly_norm"),
     kernel="_poly_norm_forward_kernel",
     signature="*bf16:16, i32:16, *bf16:16, i32:16, *bf16:16, *bf16:16, "
     "*fp32:16, i32, i32:16, fp32, 4096",
     num_warps=8, grid=(_LG_ROWS,),
     args=lambda: [empty(_LG_ROWS, 4096, dtype="bfloat16"), 4096,
                   randn(_LG_ROWS, 4096, dtype="bfloat16"), 4096,
                   rand(3, dtype="bfloat16"), rand(1, dtype="bfloat16"),
                   empty(_LG_ROWS, 3), 3, 4096, 1e-6],
     atol=5e-2, rtol=2e-2)

# grpo_loss.py's token-level forward (GRPO clipping, KL to a reference):
# an online log-sum-exp over a 32000-token vocabulary in 2048-wide steps,
# one warp a (sequence, token) as it launches it (2 stages), 8 sequences of
# 1024 tokens of bf16 logits, a tenth of them masked out (early return),
# its float hyperparameters constexprs.
_GRPO_B, _GRPO_L, _GRPO_V = 8, 1024, 32000


def _grpo_args():
    torch = _torch()
    shape = (_GRPO_B, _GRPO_L)
    mask = (torch.rand(shape, device="cuda") > 0.1).to(torch.int32)
    return [randn(_GRPO_B, _GRPO_L + 1, _GRPO_V, dtype="bfloat16"),
            randn(*shape) - 10, randn(*shape) - 10,
            randint(_GRPO_V, *shape), mask, randn(_GRPO_B), _GRPO_L,
            *(zeros(*shape) for _ in range(4))]


case(id="liger_grpo_loss_fwd", repo="liger", path=_liger_path("grpo_loss"),
     kernel="_grpo_loss_fwd_kernel",
     signature="*bf16:16, *fp32:16, *fp32:16, *i64:16, *i32:16, *fp32:16, "
     "None, i32:16, None, *fp32:16, *fp32:16, *fp32:16, *fp32:16, 0.9, 0.04, "
     f"0.2, 0.2, 0, 1.0, 1.05, 0.0, False, {_GRPO_L}, {_GRPO_V}, 2048",
     num_warps=1, num_stages=2, grid=(_GRPO_B, _GRPO_L), args=_grpo_args,
     atol=1e-3, rtol=1e-4)

# --- FlagGems (src/flag_gems in flagos-ai/FlagGems) -----------------------
#
# The kernels sit under @libentry, @triton.heuristics and @triton.autotune;
# the signatures give what FlagGems' NVIDIA heuristics compute for these
# shapes, or one of the autotuner's configs. fp16 throughout.

_FG_ROWS, _FG_HIDDEN = 8192, 4096


def _fg_path(name, where="ops"):
    return f"src/flag_gems/{where}/{name}.py"


# softmax.py, along the last dimension: TILE_N = next_power_of_2(N) (N <=
# 32768), one tile per program, 16 warps for tiles of 4096 and more.
_FG_SM_COLS = 8192
case(id="flaggems_softmax_inner", repo="flaggems", path=_fg_path("softmax"),
     kernel="softmax_kernel_inner",
     signature="*fp16:16, *fp16:16, i32:16, i32:16, 8192, True",
     num_warps=16, grid=(_FG_ROWS, 1, 1),
     args=lambda: [empty(_FG_ROWS, _FG_SM_COLS, dtype="float16"),
                   randn(_FG_ROWS, _FG_SM_COLS, dtype="float16"), _FG_ROWS,
                   _FG_SM_COLS],
     # Outputs ~1e-4 and below, in fp16.
     atol=1e-6, rtol=1e-2)


# mm.py's mm_kernel_general (its K loop unmasked up to the last multiple of
# BLOCK_K, the rest peeled) with three configs of its NVIDIA tuning list
# (BLOCK_M, BLOCK_N, BLOCK_K, stages, warps): square fp16 GEMMs on the two
# largest tiles, a 16-row (decode) GEMM on a skinny one.
for _m, _n, _k, _bm, _bn, _bk, _stages, _warps in (
        (4096, 4096, 4096, 64, 128, 64, 3, 4),
        (4096, 4096, 4096, 128, 128, 64, 3, 8),
        (16, 8192, 8192, 16, 64, 256, 4, 4)):
    case(id=f"flaggems_mm_{_m}x{_n}x{_k}_{_bm}x{_bn}x{_bk}_w{_warps}",
         repo="flaggems", path=_fg_path("mm"), kernel="mm_kernel_general",
         signature="*fp16:16, *fp16:16, *fp16:16, " + "i32:16, " * 3
         + "i32:16, i32:1, " * 3 + f"{_bm}, {_bn}, {_bk}, 8",
         num_warps=_warps, num_stages=_stages,
         grid=(cdiv(_m, _bm) * cdiv(_n, _bn),),
         args=_matmul_inputs("float16", _m, _n, _k),
         atol=0.1, rtol=1e-2)


def _fg_layer_norm_args(cols):
    # in, out, weight, bias, mean, rstd (in the input's dtype), M, N, eps.
    return [randn(_FG_ROWS, cols, dtype="float16"),
            empty(_FG_ROWS, cols, dtype="float16"),
            randn(cols, dtype="float16"), randn(cols, dtype="float16"),
            empty(_FG_ROWS, dtype="float16"), empty(_FG_ROWS, dtype="float16"),
            _FG_ROWS, cols, 1e-5]


# layernorm.py: N <= 4096 takes the persistent kernel (TILE_N = N), wider
# rows the loop kernel (5120 = 2.5 tiles of 2048); 8 warps, one of the
# autotuner's configs for each.
for _kernel, _cols, _tile in (("layer_norm_persistent_kernel", 4096, 4096),
                              ("layer_norm_loop_kernel", 5120, 2048)):
    case(id=f"flaggems_{_kernel[:-len('_kernel')]}", repo="flaggems",
         path=_fg_path("layernorm"), kernel=_kernel,
         signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
         f"*fp16:16, i32:16, i32:16, fp32, {_tile}",
         num_warps=8, grid=(_FG_ROWS, 1, 1),
         args=lambda cols=_cols: _fg_layer_norm_args(cols),
         atol=1e-2, rtol=1e-2)

# var_mean.py over the last dimension: the Welford loop (three carried
# tiles: mean, count, sum of squares), 4 rows of 8192 per program in
# tiles of 1024, 8 warps: one of the autotuner's configs.
_VM_ROWS, _VM_COLS = 4096, 8192


def _var_mean_args():
    return [randn(_VM_ROWS, _VM_COLS, dtype="float16"),
            empty(_VM_ROWS, dtype="float16"), empty(_VM_ROWS, dtype="float16"),
            _VM_ROWS, _VM_COLS, 1.0]


case(id="flaggems_var_mean_welford", repo="flaggems",
     path=_fg_path("var_mean"), kernel="var_mean_welford_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, fp32, 4, 1024",
     num_warps=8, grid=(_VM_ROWS // 4,), args=_var_mean_args,
     no_specialize=("correction",), atol=1e-2, rtol=1e-2)

# rms_norm.py, N <= 4096: one row per program, Triton's default 4 warps.
case(id="flaggems_rms_norm", repo="flaggems", path=_fg_path("rms_norm"),
     kernel="rms_norm_kernel",
     signature="*fp16:16, *fp32:16, *fp16:16, *fp16:16, i32:16, i32:1, "
     "i32:16, i32:1, i32:16, fp32, 4096",
     num_warps=4, grid=(_FG_ROWS,),
     args=lambda: [empty(_FG_ROWS, _FG_HIDDEN, dtype="float16"),
                   empty(_FG_ROWS),
                   randn(_FG_ROWS, _FG_HIDDEN, dtype="float16"),
                   randn(_FG_HIDDEN, dtype="float16"), _FG_HIDDEN, 1,
                   _FG_HIDDEN, 1, _FG_HIDDEN, 1e-5],
     atol=1e-2, rtol=1e-2)

# fused/cross_entropy_loss.py: class indices, no weight (w_ptr None), logits
# of shape (N, C) so D = 1; autotune config BLOCK_C 1024, BLOCK_D 1, 4 warps.
# One target in 16 is ignore_index (never row 0: the kernel reads the
# logit at the ignored index before masking it out).
_FG_CE_ROWS, _FG_CE_CLASSES = 4096, 32000


def _fg_celoss_args():
    target = randint(_FG_CE_CLASSES, _FG_CE_ROWS)
    target[8::16] = -100
    # inp, tgt, out, w_tgt, ignore_index, C, D.
    return [randn(_FG_CE_ROWS, _FG_CE_CLASSES), target, empty(_FG_CE_ROWS),
            empty(_FG_CE_ROWS), -100, _FG_CE_CLASSES, 1]


case(id="flaggems_celoss_indices", repo="flaggems",
     path=_fg_path("cross_entropy_loss", "fused"),
     kernel="celoss_indices_kernel",
     signature="*fp32:16, *i64:16, None, *fp32:16, *fp32:16, i32, i32:16, "
     "i32:1, 1024, 1",
     num_warps=4, grid=(1, _FG_CE_ROWS), args=_fg_celoss_args,
     no_specialize=("ignore_index",), atol=1e-5, rtol=1e-5)

# argmax.py along the last dimension (argmax_kernel over M x N x K with K =
# 1), BLOCK_M and BLOCK_N from its NVIDIA heuristics (8 rows for M >= 4096,
# min(4096, next_power_of_2(N)) columns a step), 4 warps.
_FG_AM_ROWS, _FG_AM_COLS = 4096, 32000
case(id="flaggems_argmax", repo="flaggems", path=_fg_path("argmax"),
     kernel="argmax_kernel",
     signature="*fp16:16, *i64:16, i32:16, i32:16, i32:1, 8, 4096",
     num_warps=4, grid=(_FG_AM_ROWS // 8, 1),
     args=lambda: [randn(_FG_AM_ROWS, _FG_AM_COLS, dtype="float16"),
                   empty(_FG_AM_ROWS, dtype="int64"), _FG_AM_ROWS,
                   _FG_AM_COLS, 1])

# bmm.py: 16 fp16 products of 2048 x 2048 x 2048, with the tile of its
# NVIDIA config list that fits them (128x128 tiles of 32, GROUP_M 2, 4
# warps, 2 stages); the DIVISIBLE_* heuristics all hold.
_FG_BMM_B, _FG_BMM_N = 16, 2048
case(id="flaggems_bmm", repo="flaggems", path=_fg_path("bmm"),
     kernel="bmm_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
     "128, 128, 32, 2, True, True, True",
     num_warps=4, num_stages=2,
     grid=(_FG_BMM_N // 128, _FG_BMM_N // 128, _FG_BMM_B),
     args=lambda: [randn(_FG_BMM_B, _FG_BMM_N, _FG_BMM_N, dtype="float16"),
                   randn(_FG_BMM_B, _FG_BMM_N, _FG_BMM_N, dtype="float16"),
                   empty(_FG_BMM_B, _FG_BMM_N, _FG_BMM_N, dtype="float16"),
                   _FG_BMM_N, _FG_BMM_N, _FG_BMM_N],
     atol=5e-2, rtol=1e-2)

# log_softmax.py along the last dimension (K = 1), as log_softmax() launches
# it: 8 rows a program, 256 columns a step, 8 warps; bf16 logits over a
# 32000-token vocabulary.
_FG_LSM_ROWS, _FG_LSM_COLS = 4096, 32000
case(id="flaggems_log_softmax", repo="flaggems", path=_fg_path("log_softmax"),
     kernel="log_softmax_kernel",
     signature="*bf16:16, *bf16:16, i32:16, i32:16, i32:1, 8, 256",
     num_warps=8, grid=(_FG_LSM_ROWS // 8, 1),
     args=lambda: [empty(_FG_LSM_ROWS, _FG_LSM_COLS, dtype="bfloat16"),
                   randn(_FG_LSM_ROWS, _FG_LSM_COLS, dtype="bfloat16"),
                   _FG_LSM_ROWS, _FG_LSM_COLS, 1],
     atol=2e-2, rtol=1e-2)

# addmm.py: bias + mat1 @ mat2 (alpha = beta = 1, ints as addmm's defaults
# pass them), a row of bias broadcast over the rows (stride 0), fp16 at
# 4096^3, with the first config of its NVIDIA list (128x256x64, 8 warps, 3
# stages).
_FG_ADDMM_N = 4096


def _fg_addmm_args():
    n = _FG_ADDMM_N
    a, b = (randn(n, n, dtype="float16") for _ in range(2))
    out = empty(n, n, dtype="float16")
    # mat1, mat2, bias (its row, seen with strides (0, 1) as addmm's
    # expanded bias is), out, alpha, beta, M, N, K, then the strides of
    # mat1, mat2, bias and out.
    return [a, b, randn(n, dtype="float16"), out, 1, 1, n, n, n, *a.stride(),
            *b.stride(), 0, 1, *out.stride()]


case(id="flaggems_addmm", repo="flaggems", path=_fg_path("addmm"),
     kernel="addmm_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:1, i32:1, "
     "i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, "
     "i32:16, i32:1, 128, 256, 64",
     num_warps=8, num_stages=3,
     grid=(_FG_ADDMM_N // 128, _FG_ADDMM_N // 256), args=_fg_addmm_args,
     atol=5e-2, rtol=1e-2)

# fused/rotary_embedding.py, out of place, as FlagGems' benchmark calls it:
# q (batch, seq, heads, head_dim) without position ids (pos_ptr None, the
# position is the token's index in its sequence), cos/sin (seq, 64) in
# the activations' dtype; batch 2 x 4096 tokens, 32 query and 8 key heads.
_FG_ROPE_B, _FG_ROPE_S = 2, 4096
_FG_ROPE_T = _FG_ROPE_B * _FG_ROPE_S


def _fg_rope_args():
    def heads(n, make):
        return make(_FG_ROPE_T, n, 128, dtype="float16")
    # oq, ok, q, k, cos, sin, the (token, head, dim) strides of q, k, oq and
    # ok, p_stride_s (0 without position ids), the cos and sin row strides,
    # seq_len.
    return [heads(32, empty), heads(8, empty), heads(32, randn),
            heads(8, randn), randn(_FG_ROPE_S, 64, dtype="float16"),
            randn(_FG_ROPE_S, 64, dtype="float16"), 32 * 128, 128, 1,
            8 * 128, 128, 1, 32 * 128, 128, 1, 8 * 128, 128, 1, 0, 64, 64,
            _FG_ROPE_S]


case(id="flaggems_rotary_pos_emb", repo="flaggems",
     path=_fg_path("rotary_embedding", "fused"),
     kernel="apply_rotary_pos_emb_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
     "None, i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, i32:16, i32:16, "
     "i32:1, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:16, 32, 8, "
     "128, 128, False, 4096",
     num_warps=4, grid=(_FG_ROPE_T,), args=_fg_rope_args,
     atol=1e-2, rtol=1e-2)

# embedding.py: 8192 token ids into a (32000, 4096) table.
_FG_VOCAB = 32000
case(id="flaggems_embedding", repo="flaggems", path=_fg_path("embedding"),
     kernel="embedding_kernel",
     signature="*fp16:16, *i64:16, *fp16:16, 4096, 4096",
     num_warps=4, grid=(_FG_ROWS,),
     args=lambda: [empty(_FG_ROWS, _FG_HIDDEN, dtype="float16"),
                   randint(_FG_VOCAB, _FG_ROWS),
                   randn(_FG_VOCAB, _FG_HIDDEN, dtype="float16")])

# index_select.py along the last dimension (no dim_compress copy): 4096 of
# 8192 columns; the heuristics give BLOCK_M 1, BLOCK_N 512 for N = 8192.
_FG_IS_COLS, _FG_IS_LEN = 8192, 4096
case(id="flaggems_index_select", repo="flaggems",
     path=_fg_path("index_select"), kernel="index_select_kernel",
     signature="*fp16:16, *fp16:16, i32:16, i32:16, *i64:16, i32:16, 1, 512",
     num_warps=4, grid=(_FG_ROWS, cdiv(_FG_IS_LEN, 512)),
     args=lambda: [randn(_FG_ROWS, _FG_IS_COLS, dtype="float16"),
                   empty(_FG_ROWS, _FG_IS_LEN, dtype="float16"), _FG_ROWS,
                   _FG_IS_COLS, randint(_FG_IS_COLS, _FG_IS_LEN), _FG_IS_LEN])


# attention.py's _attn_fwd, FlagGems' scaled_dot_product_attention (from
# tutorial 06, pointer-based, a mask pointer and grouped heads): causal,
# bf16, 4 x 32 heads of 4096 x 128, no mask (its strides 1), one config of
# its autotune list (BLOCK_M 128, BLOCK_N 64, no V preload, 8 warps, 3
# stages).
_FG_SDPA_B, _FG_SDPA_H, _FG_SDPA_S, _FG_SDPA_D = 4, 32, 4096, 128


def _fg_sdpa_args():
    def qkv(make):
        return make(_FG_SDPA_B, _FG_SDPA_H, _FG_SDPA_S, _FG_SDPA_D,
                    dtype="bfloat16")
    q, k, v, o = qkv(randn), qkv(randn), qkv(randn), qkv(empty)
    return [q, k, v, _FG_SDPA_D ** -0.5,
            empty(_FG_SDPA_B, _FG_SDPA_H, _FG_SDPA_S), o, *q.stride(),
            *k.stride(), *v.stride(), 1, 1, 1, 1, *o.stride(), _FG_SDPA_B,
            _FG_SDPA_H, _FG_SDPA_H, _FG_SDPA_S, _FG_SDPA_S]


case(id="flaggems_sdpa_causal", repo="flaggems", path=_fg_path("attention"),
     kernel="_attn_fwd",
     signature="*bf16:16, *bf16:16, *bf16:16, None, fp32, *fp32:16, "
     "*bf16:16, " + "i32:16, i32:16, i32:16, i32:1, " * 3 + "i32:1, " * 4 +
     "i32:16, i32:16, i32:16, i32:1, i32, i32:16, i32:16, 1, i32:16, "
     "i32:16, 128, 128, 64, 3, False, False",
     num_warps=8, num_stages=3,
     grid=(_FG_SDPA_S // 128, _FG_SDPA_B * _FG_SDPA_H),
     args=_fg_sdpa_args, atol=1e-2, rtol=1e-2)

# mv.py: 8192 x 8192 fp16 times a vector, one config of its autotune list
# (BLOCK_N 4 rows, BLOCK_M 128 columns, 4 warps, 3 stages); the row tile
# accumulates elementwise over the column loop and sums once.
_FG_MV = 8192
case(id="flaggems_mv", repo="flaggems", path=_fg_path("mv"), kernel="mv_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:1, "
     "i32:1, i32:1, 4, 128",
     num_warps=4, num_stages=3, grid=(_FG_MV // 4,),
     args=lambda: [randn(_FG_MV, _FG_MV, dtype="float16"),
                   randn(_FG_MV, dtype="float16"),
                   empty(_FG_MV, dtype="float16"), _FG_MV, _FG_MV, _FG_MV, 1,
                   1, 1],
     atol=5e-2, rtol=1e-2)

# cumsum.py along the last dimension (fp16 in and out, fp32 sums, the scan
# type from its @tl.constexpr helper): rows of 8192 in one tile a program
# (the persistent kernel, 8 warps), and rows of 2^22 in 4096-wide tiles,
# 528 programs a row (4 per SM) of 2 tiles each, after its reduce and root
# scan (the block scan kernel, given random block prefixes).
_FG_CS_M, _FG_CS_N = 4096, 8192
case(id="flaggems_cumsum_row", repo="flaggems", path=_fg_path("cumsum"),
     kernel="reduce_then_scan_root_scan_kernel_row",
     signature="*fp16:16, *fp16:16, i32:16, 8192", num_warps=8,
     grid=(_FG_CS_M,),
     args=lambda: [rand(_FG_CS_M, _FG_CS_N, dtype="float16"),
                   empty(_FG_CS_M, _FG_CS_N, dtype="float16"), _FG_CS_N],
     atol=1.0, rtol=1e-2)  # sums to ~4000 in fp16

_FG_CSL_M, _FG_CSL_N, _FG_CSL_CTAS = 8, 1 << 22, 528
case(id="flaggems_cumsum_block_scan", repo="flaggems", path=_fg_path("cumsum"),
     kernel="reduce_then_scan_block_scan_kernel_row",
     signature="*fp16:16, *fp32:16, *fp16:16, i32:16, i32:16, i32, 4096",
     num_warps=8, grid=(_FG_CSL_M, _FG_CSL_CTAS),
     args=lambda: [rand(_FG_CSL_M, _FG_CSL_N, dtype="float16"),
                   rand(_FG_CSL_M, _FG_CSL_CTAS) * 100,
                   empty(_FG_CSL_M, _FG_CSL_N, dtype="float16"), _FG_CSL_N,
                   _FG_CSL_CTAS, 2],
     atol=1.0, rtol=1e-2)


# topk.py's first stage as topk() launches it for the 16 largest of
# 131072 fp32 logits in each of 64 rows: 1024-wide chunks, each program
# taking its chunk's maximum and argmax 16 times (its fill value from a
# module-level torch.finfo constant); default launch.
_FG_TOPK_B, _FG_TOPK_N, _FG_TOPK_K = 64, 131072, 16
_FG_TOPK_CHUNKS = _FG_TOPK_N // 1024
case(id="flaggems_topk_stage1", repo="flaggems", path=_fg_path("topk"),
     kernel="topk_stage1_kernel",
     signature=f"*fp32:16, *i64:16, *fp32:16, i32:16, {_FG_TOPK_N}, 1024, "
     "True",
     num_warps=4, grid=(_FG_TOPK_B, _FG_TOPK_CHUNKS),
     args=lambda: [empty(_FG_TOPK_B * _FG_TOPK_CHUNKS * _FG_TOPK_K),
                   empty(_FG_TOPK_B * _FG_TOPK_CHUNKS * _FG_TOPK_K,
                         dtype="int64"),
                   randn(_FG_TOPK_B, _FG_TOPK_N), _FG_TOPK_K])

# sort.py's radix sort of 16 rows of 2^20 int32 keys in 4-bit passes, as
# radix_sort() launches its kernels: the global histogram of all 8 passes
# (8 tiles of 1024 a program, int64 match counts, relaxed atomic adds), and
# the first pass's scatter (2048 keys and their int64 indices a program, 8
# of the 16 bins each, every bin's offset from a decoupled look-back over
# the previous tiles' status words, spun on with volatile loads).
_FG_RS_M, _FG_RS_N = 16, 1 << 20
_FG_RS_TILES = _FG_RS_N // 2048


def _radix_keys():
    torch = _torch()
    return torch.randint(-(1 << 31), (1 << 31) - 1, (_FG_RS_M, _FG_RS_N),
                         device="cuda", dtype=torch.int32)


case(id="flaggems_radix_sort_histogram", repo="flaggems", path=_fg_path("sort"),
     kernel="compute_global_hist_kernel",
     signature="*i32:16, *i32:16, i32, i32:16, i32:16, i32, 1024, 16, 4, "
     "False",
     num_warps=4, grid=(_FG_RS_M * _FG_RS_N // 8192,),
     args=lambda: [_radix_keys(), zeros(_FG_RS_M, 8, 16, dtype="int32"), 8,
                   _FG_RS_M, _FG_RS_N, 8])


def _radix_sweep_args():
    torch = _torch()
    keys = _radix_keys()
    # The exclusive prefix of each bin of the first pass (the key's low 4
    # bits, which the order-preserving sign flip leaves as they are), where
    # the histogram kernel and a cumsum put it; the later passes' rows are
    # not read.
    counts = torch.nn.functional.one_hot((keys & 15).long(), 16).sum(1)
    bins = torch.zeros(_FG_RS_M, 8, 16, device="cuda", dtype=torch.int64)
    bins[:, 0] = counts.cumsum(-1) - counts
    indices = torch.arange(_FG_RS_N, device="cuda").expand(
        _FG_RS_M, -1).contiguous()
    return [keys, indices, torch.empty_like(keys), torch.empty_like(indices),
            bins.to(torch.uint32),
            torch.zeros(_FG_RS_M, 16, _FG_RS_TILES, device="cuda",
                        dtype=torch.uint32),
            8, 0, 0, _FG_RS_M, _FG_RS_N, _FG_RS_TILES]


case(id="flaggems_radix_sort_sweep", repo="flaggems", path=_fg_path("sort"),
     kernel="sweep",
     signature="*i32:16, *i64:16, *i32:16, *i64:16, *u32:16, *u32:16, i32, "
     "i32:16, i32:16, i32:16, i32:16, i32:16, 2048, 8, 4, False",
     num_warps=4, grid=(_FG_RS_M * _FG_RS_TILES, 2), args=_radix_sweep_args)

# conv2d.py's forward kernel, an implicit GEMM (a dot per filter tap and
# 32-channel slice, the tap found by division and remainder in the loop): a
# ResNet layer, 32 x 64 x 56 x 56 fp16 by 128 x 64 x 3 x 3, stride 1,
# padding 1, in one config of its autotune list (128 output pixels x 64
# channels, 4 warps, 2 stages).
_CV_N, _CV_C, _CV_HW, _CV_O = 32, 64, 56, 128


def _conv2d_args():
    x = randn(_CV_N, _CV_C, _CV_HW, _CV_HW, dtype="float16")
    w = randn(_CV_O, _CV_C, 3, 3, dtype="float16") * 0.1
    y = empty(_CV_N, _CV_O, _CV_HW, _CV_HW, dtype="float16")
    return [x, w, y, zeros(_CV_O, dtype="float16"), _CV_N, _CV_HW, _CV_HW,
            _CV_O, _CV_HW, _CV_HW, *x.stride(), *w.stride(), *y.stride()]


case(id="flaggems_conv2d_fwd", repo="flaggems", path=_fg_path("conv2d"),
     kernel="conv2d_forward_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32, i32, "
     "i32:16, i32, i32, i32:16, i32:16, i32, i32:1, i32:16, i32, i32, i32:1, "
     "i32:16, i32:16, i32, i32:1, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1, 128, 32, 64",
     num_warps=4, num_stages=2,
     grid=(cdiv(_CV_N * _CV_HW * _CV_HW, 128), _CV_O // 64, 1),
     args=_conv2d_args, atol=5e-2, rtol=1e-2)

# groupnorm.py's forward: 32 x 512 x 32 x 32 fp16 in 32 groups of 16
# channels, one program a (sample, group) holding its 16 x 1024 tile in 4
# warps, the masks combined with `and`. (A group size that is not a power
# of two makes the kernel read and write the next group's rows: its mask
# tests the channel against C, not against the group's end.)
_GN_N, _GN_C, _GN_HW, _GN_G = 32, 512, 1024, 32


def _group_norm_args():
    x = randn(_GN_N, _GN_C, _GN_HW, dtype="float16")
    return [x, empty(_GN_N, _GN_C, _GN_HW, dtype="float16"),
            randn(_GN_C, dtype="float16"), randn(_GN_C, dtype="float16"),
            empty(_GN_N, _GN_G, dtype="float16"),
            empty(_GN_N, _GN_G, dtype="float16"), _GN_C // _GN_G, _GN_C,
            _GN_HW, _GN_G, 1e-5]


case(id="flaggems_group_norm_fwd", repo="flaggems", path=_fg_path("groupnorm"),
     kernel="group_norm_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
     "i32:16, i32:16, i32:16, i32:16, fp32, 16, 1024",
     num_warps=4, grid=(_GN_N * _GN_G,), args=_group_norm_args,
     atol=2e-2, rtol=1e-2)

# dropout.py's forward: Philox (tl.philox, four words a call) made uniform
# floats by its own helper, 2^26 fp16 elements, p = 0.3, the bool mask and
# the scaled output stored with evict_first, as its heuristics launch it
# for large N (BLOCK 1024, 16 warps).
_DO_N = 1 << 26
case(id="flaggems_dropout_fwd", repo="flaggems", path=_fg_path("dropout"),
     kernel="dropout_forward_kernel",
     signature="*fp16:16, *fp16:16, *i1:16, i32:16, fp32, i32, i32, 1024",
     num_warps=16, grid=(cdiv(_DO_N, 4096),),
     args=lambda: [randn(_DO_N, dtype="float16"),
                   empty(_DO_N, dtype="float16"), empty(_DO_N, dtype="bool"),
                   _DO_N, 0.3, 20261206, 4096],
     no_specialize=("philox_seed", "philox_offset"))

# batch_norm.py's training forward (from attorch): 32 x 256 x 56 x 56 fp32,
# one program a channel walking its 32 x 3136 values in 32 x 512 tiles
# twice (a running mean and variance over nested loops, then the
# normalization), the running statistics updated in place, 8 warps (one of
# its autotune list; its heuristics give the tile).
_BN_N, _BN_C, _BN_HW = 32, 256, 3136


def _batch_norm_args():
    x = randn(_BN_N, _BN_C, _BN_HW)
    y = empty(_BN_N, _BN_C, _BN_HW)
    return [x, randn(_BN_C), randn(_BN_C), empty(_BN_C), empty(_BN_C), y,
            zeros(_BN_C), rand(_BN_C) + 0.5, _BN_N, _BN_HW, *x.stride(),
            *y.stride(), 0.1, 1e-5]


case(id="flaggems_batch_norm_fwd", repo="flaggems", path=_fg_path("batch_norm"),
     kernel="batch_norm_forward_kernel",
     signature="*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, "
     "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, "
     "i32:16, i32:1, fp32, fp32, True, 32, 512",
     num_warps=8, grid=(_BN_C,), args=_batch_norm_args, atol=1e-4, rtol=1e-4)

# max_pool2d_with_indices.py's forward: ResNet's stem pooling (3x3, stride
# 2, padding 1) of 32 x 64 x 112 x 112 fp16, a 32x32 output tile a program
# (one of its autotune configs: 8 warps, 2 stages), its nine taps unrolled
# (tl.static_range), strided loads, the int64 argmax indices stored too.
_MP_N, _MP_C, _MP_HW = 32, 64, 112


def _max_pool_args():
    x = randn(_MP_N, _MP_C, _MP_HW, _MP_HW, dtype="float16")
    out = _MP_HW // 2
    return [x, empty(_MP_N, _MP_C, out, out, dtype="float16"),
            empty(_MP_N, _MP_C, out, out, dtype="int64"), *x.stride(), _MP_C,
            _MP_HW, _MP_HW, out, out]


case(id="flaggems_max_pool2d_fwd", repo="flaggems",
     path=_fg_path("max_pool2d_with_indices"),
     kernel="max_pool2d_forward_kernel",
     signature="*fp16:16, *fp16:16, *i64:16, i32:16, i32:16, i32:16, i32:1, "
     "i32:16, i32:16, i32:16, i32, i32, 3, 3, 2, 2, 1, 1, 1, 1, 32, 32",
     num_warps=8, num_stages=2,
     grid=(_MP_N * _MP_C, cdiv(_MP_HW // 2, 32) ** 2), args=_max_pool_args)

# avg_pool2d.py: the same 3x3 window, stride 2 and padding 1 over the same
# 32 x 64 x 112 x 112 fp16, padding left out of the count (one of its
# autotune configs: a 32x32 tile, 8 warps, 2 stages). The divisor is chosen
# in a run-time `if` on divisor_override (0 here): a constant, or a count of
# the window's valid taps (forward: carried through the taps loop; backward:
# counted in a nested loop for each tap) that divides a loaded tile.
def _avg_pool_fwd_args():
    x = randn(_MP_N, _MP_C, _MP_HW, _MP_HW, dtype="float16")
    out = _MP_HW // 2
    return [x, empty(_MP_N, _MP_C, out, out, dtype="float16"), *x.stride(),
            _MP_C, _MP_HW, _MP_HW, out, out, 0]


def _avg_pool_bwd_args():
    out = _MP_HW // 2
    dy = randn(_MP_N, _MP_C, out, out, dtype="float16")
    dx = empty(_MP_N, _MP_C, _MP_HW, _MP_HW, dtype="float16")
    return [dy, dx, _MP_C, _MP_HW, _MP_HW, out, out, *dx.stride(),
            *dy.stride(), 0]


case(id="flaggems_avg_pool2d_fwd", repo="flaggems", path=_fg_path("avg_pool2d"),
     kernel="avg_pool2d_forward_kernel",
     signature="*fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:1, i32:16, "
     "i32:16, i32:16, i32, i32, 3, 3, 2, 2, 1, 1, 1, 1, False, i32:16, 32, 32",
     num_warps=8, num_stages=2,
     grid=(_MP_N * _MP_C, cdiv(_MP_HW // 2, 32) ** 2), args=_avg_pool_fwd_args)

case(id="flaggems_avg_pool2d_bwd", repo="flaggems", path=_fg_path("avg_pool2d"),
     kernel="avg_pool2d_backward_kernel",
     signature="*fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, i32, "
     "i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32, i32:1, "
     "3, 3, 2, 2, 1, 1, 1, 1, False, i32:16, 32, 32",
     num_warps=8, num_stages=2,
     grid=(_MP_N * _MP_C, cdiv(_MP_HW, 32) ** 2), args=_avg_pool_bwd_args)

# upsample_nearest2d.py: 16 x 128 x 64 x 64 fp16 doubled to 128 x 128, a
# 1024-pixel tile a program walking every fourth (sample, channel) plane in
# a run-time `while` loop that advances both pointers (4 warps, one of its
# autotune configs; its heuristics' int32 indices), each source pixel found
# through a float scale.
_UP_N, _UP_C, _UP_HW = 16, 128, 64


def _upsample_args():
    x = randn(_UP_N, _UP_C, _UP_HW, _UP_HW, dtype="float16")
    return [empty(_UP_N, _UP_C, 2 * _UP_HW, 2 * _UP_HW, dtype="float16"), x,
            _UP_N, _UP_C, 2 * _UP_HW, 2 * _UP_HW, _UP_HW, _UP_HW, 0.5, 0.5]


case(id="flaggems_upsample_nearest2d", repo="flaggems",
     path=_fg_path("upsample_nearest2d"), kernel="upsample_nearest2d_kernel",
     signature="*fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, "
     "i32:16, fp32, fp32, 1024, False, False, True",
     num_warps=4,
     grid=(cdiv(4 * _UP_HW * _UP_HW, 1024), cdiv(_UP_N * _UP_C, 4)),
     args=_upsample_args)

# fused/flash_mla.py as its wrapper launches it on Hopper (BLOCK_H 64,
# BLOCK_N 64, 8 warps, 3 stages): DeepSeek's MLA decode, 128 query heads
# over one latent KV head of 576 (512 of it also the value), a paged cache
# of 64-token blocks in random order, 64 sequences of 1024-2048 tokens (the
# lengths not multiples of 64: its tail block runs too). One paged tile is
# multiplied both as K^T (tl.trans) and as V.
_MLA_B, _MLA_H, _MLA_D, _MLA_DV = 64, 128, 576, 512
_MLA_PAGE, _MLA_N = 64, 2048


def _flash_mla_args():
    torch = _torch()
    B, H, D, DV, P, N = _MLA_B, _MLA_H, _MLA_D, _MLA_DV, _MLA_PAGE, _MLA_N
    q = randn(B, H, D, dtype="bfloat16")
    kv = randn(B * N, D, dtype="bfloat16")
    table = torch.randperm(B * N // P, device="cuda").to(
        torch.int32).view(B, N // P).contiguous()
    seqlens = torch.randint(N // 2, N + 1, (B,), device="cuda",
                            dtype=torch.int32)
    o = empty(B, H, DV, dtype="bfloat16")
    return [q, kv, table, seqlens, o, D ** -0.5, H, *q.stride()[:2],
            kv.stride(0), table.stride(0), *o.stride()]


case(id="flaggems_flash_mla", repo="flaggems",
     path=_fg_path("flash_mla", where="fused"),
     kernel="flash_mla_attn_kernel",
     signature="*bf16:16, *bf16:16, *i32:16, *i32:16, *bf16:16, fp32, "
     "i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:1, 64, "
     f"64, True, {_MLA_PAGE}, {_MLA_DV}, {_MLA_D}",
     num_warps=8, num_stages=3, grid=(cdiv(_MLA_H, 64), _MLA_B),
     args=_flash_mla_args, atol=2e-2, rtol=2e-2)


# --- PyTorch's applied-ai (pytorch-labs/applied-ai) -----------------------

def _aai_path(name):
    return f"kernels/triton/inference/{name}.py"


# gptq/: 4-bit GPTQ weights (8 per int32 along K, group size 128, packed
# zero points) dequantized in the loop and multiplied in fp16, for 16 tokens
# of a 4096x4096 layer, as their launchers call them: 16x32 tiles, K blocks
# of 256 (h100_qlinear: the activations through a block pointer, 4 warps, 4
# stages) or of 128 split four ways (splitk_dequant_gemm: fp16 atomic adds,
# 4 warps, 3 stages). h100_qlinear's group index divides by group size //
# 256, zero for its launcher's groups of 128: it runs on groups of 256.
_GQ_M, _GQ_N, _GQ_K = 16, 4096, 4096


def _aai_gptq_args(group):
    def make():
        a = randn(_GQ_M, _GQ_K, dtype="float16")
        b = randint(1 << 31, _GQ_K // 8, _GQ_N, dtype="int32")
        c = zeros(_GQ_M, _GQ_N, dtype="float16")
        scales = rand(_GQ_K // group, _GQ_N, dtype="float16") * 0.02
        zero_points = randint(1 << 31, _GQ_K // group, _GQ_N // 8,
                              dtype="int32")
        return [a, b, c, scales, zero_points, *a.stride(), *b.stride(),
                *c.stride(), *scales.stride(), *zero_points.stride(), group,
                _GQ_M, _GQ_N, _GQ_K]
    return make


_GQ_SIG = ("*fp16:16, *i32:16, *fp16:16, *fp16:16, *i32:16, i32:16, i32:1, "
           "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, "
           "i32:16, i32:16, i32:16, i32:16")

case(id="aai_gptq_h100_qlinear", repo="applied_ai",
     path=_aai_path("gptq/h100_qlinear"), kernel="_h100_quantized_matmul",
     signature=_GQ_SIG + ", 16, 32, 256, 8, False", num_warps=4,
     num_stages=4, grid=(cdiv(_GQ_M, 16) * cdiv(_GQ_N, 32),),
     args=_aai_gptq_args(256), atol=1e-2, rtol=1e-2)

case(id="aai_gptq_splitk", repo="applied_ai",
     path=_aai_path("gptq/splitk_dequant_gemm"),
     kernel="matmul_split_k_kernel",
     signature=_GQ_SIG + ", 16, 32, 128, 8, 4", num_warps=4, num_stages=3,
     grid=(cdiv(_GQ_M, 16) * cdiv(_GQ_N, 32), 4),
     # Four fp16 atomic adds of each output, in any order.
     args=_aai_gptq_args(128), atol=5e-2, rtol=1e-2)


# --- Cut Cross-Entropy (apple/ml-cross-entropy, repo "cce") --------------
# The loss of a 32000-word vocabulary for 4096 tokens of width 1024 (fp16)
# without the logits in memory, with configs of its autotune list: the
# forward's log-sum-exp (128x256x32 blocks on 8 warps, 3 stages), merged
# into each row under a spin lock per 128 rows, and the backward (128x128x32
# on 4 warps, 4 stages), which skips blocks whose gradients are all below
# fp16's epsilon / 32, as its "auto" filter does, and adds dE and dC under
# locks per 128x64 block. Unused optional tensors (bias, valids, ...) are
# passed as small tensors their HAS_ flags leave unread.

_CCE_B, _CCE_V, _CCE_D = 4096, 32000, 1024


def _cce_inputs():
    return (randn(_CCE_B, _CCE_D, dtype="float16") * 0.5,
            randn(_CCE_V, _CCE_D, dtype="float16") * 0.5)


def _cce_forward_args():
    e, c = _cce_inputs()
    lse = empty(_CCE_B).fill_(float("-inf"))
    locks = zeros(cdiv(_CCE_B, 128), dtype="uint32")
    return [e, c, empty(16), lse, empty(16), locks,
            empty(16, dtype="int64"), 0.0, _CCE_B, _CCE_V, _CCE_D, _CCE_B,
            *e.stride(), *c.stride(), 1, 1, 1, cdiv(_CCE_B, 128), 1024]


case(id="cce_lse_forward", repo="cce",
     path="cut_cross_entropy/cce_lse_forward.py",
     kernel="_cce_lse_forward_kernel",
     signature="*fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, *u32:16, "
     "*i64:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:1, "
     "i32:16, i32:1, i32:1, i32:1, i32:1, i32:16, i32:16, False, False, "
     "128, 256, 32, 8, True, False, False, \"ieee\"",
     num_warps=8, num_stages=3,
     grid=(cdiv(_CCE_B, 128) * cdiv(_CCE_V, 256),),
     # Each row's blocks merge in any order.
     args=_cce_forward_args, atol=1e-4, rtol=1e-5)


def _cce_backward_args():
    torch = _torch()
    e, c = _cce_inputs()
    lse = torch.logsumexp(e.float() @ c.float().T, dim=1)
    nd_locks = cdiv(_CCE_D, 64)
    return [e, c, empty(16), lse, rand(_CCE_B), 1.0, empty(16),
            empty(16, dtype="int64"), empty(16, dtype="int64"), 0.0,
            randint(_CCE_V, _CCE_B), zeros(_CCE_B, _CCE_D, dtype="float16"),
            empty(16, dtype="float16"),
            zeros(cdiv(_CCE_B, 128), nd_locks, dtype="int32"),
            zeros(_CCE_V, _CCE_D, dtype="float16"),
            empty(16, dtype="float16"),
            zeros(cdiv(_CCE_V, 128), nd_locks, dtype="int32"), empty(16),
            _CCE_B, _CCE_D, _CCE_V, _CCE_B, cdiv(_CCE_B, 128), nd_locks,
            cdiv(_CCE_V, 128), nd_locks, *e.stride(), *c.stride(), 1, 1,
            torch.finfo(torch.float16).eps / 32, 0, 1024]


case(id="cce_backward", repo="cce", path="cut_cross_entropy/cce_backward.py",
     kernel="_cce_backward_kernel",
     signature="*fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, fp32, "
     "*fp32:16, *i64:16, *i64:16, fp32, *i64:16, *fp16:16, *fp16:16, "
     "*i32:16, *fp16:16, *fp16:16, *i32:16, *fp32:16, i32:16, i32:16, "
     "i32:16, i32:16, i32:16, i32:16, i32, i32:16, i32:16, i32:1, i32:16, "
     "i32:1, i32:1, i32:1, fp32, i32:16, i32:16, 128, 128, 32, 64, 8, "
     "True, True, False, False, False, False, True, True, True, False, "
     "False, False, False, False, True, True, False, \"ieee\"",
     num_warps=4, num_stages=4,
     grid=(cdiv(_CCE_B, 128) * cdiv(_CCE_V, 128),),
     # dE and dC are fp16 sums of many blocks, added in any order.
     args=_cce_backward_args, atol=2e-2, rtol=1e-2)


# --- AMD's aiter (ROCm/aiter, repo "aiter") --------------------------------
# Its fused mHC post kernel mixes 4 residual streams with per-token fp32
# weights: out[m, j, c] = post[m, j] x[m, c] + sum_h comb[m, h, j]
# res[m, h, c], for 8192 tokens of width 4096 in bf16. The product tiles are
# 3-d (64 tokens x 4 streams x 64 columns), on 4 warps and one stage, as in
# the library's gfx942 config (its BLOCK_C of 256 spills on both compilers).

_MHC_M, _MHC_N, _MHC_C = 8192, 4, 4096


def _mhc_post_args():
    rows = _MHC_N * _MHC_C
    return [empty(_MHC_M, _MHC_N, _MHC_C, dtype="bfloat16"),
            randn(_MHC_M, _MHC_C, dtype="bfloat16"),
            randn(_MHC_M, _MHC_N, _MHC_C, dtype="bfloat16"),
            rand(_MHC_M, _MHC_N), rand(_MHC_M, _MHC_N, _MHC_N),
            _MHC_M, _MHC_C, _MHC_C, 1, rows, _MHC_C, 1, rows, _MHC_C, 1,
            _MHC_N, 1, _MHC_N * _MHC_N, _MHC_N, 1]


case(id="aiter_mhc_post", repo="aiter",
     path="aiter/ops/triton/_triton_kernels/fusions/mhc.py",
     kernel="_mhc_post_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, "
     "i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, "
     "i32, i32:1, i32:16, i32, i32:1, 4, 64, 64",
     num_warps=4, num_stages=1, grid=(cdiv(_MHC_M, 64),),
     args=_mhc_post_args, atol=1e-2, rtol=1e-2)


# --- vLLM (vllm-project/vllm) ---------------------------------------------

def _vllm_path(name):
    return f"vllm/{name}.py"


def _moe_align(topk_ids, block_m, experts):
    """vLLM's moe_align_block_size, in torch: the (token, k) slots sorted by
    expert, each expert's run padded to a multiple of block_m with the
    sentinel topk_ids.numel(); the expert of each block of block_m; how many
    slots the padded runs fill."""
    torch = _torch()
    flat = topk_ids.flatten()
    order = torch.argsort(flat, stable=True).to(torch.int32)
    counts = torch.bincount(flat, minlength=experts).tolist()
    size = flat.numel() + experts * (block_m - 1)
    sorted_ids = torch.full((size,), flat.numel(), dtype=torch.int32,
                            device="cuda")
    expert_ids = torch.zeros(cdiv(size, block_m), dtype=torch.int32,
                             device="cuda")
    pos = start = 0
    for e, count in enumerate(counts):
        sorted_ids[pos:pos + count] = order[start:start + count]
        blocks = cdiv(count, block_m)
        expert_ids[pos // block_m:pos // block_m + blocks] = e
        pos += blocks * block_m
        start += count
    return sorted_ids, expert_ids, torch.tensor([pos], dtype=torch.int32,
                                                device="cuda")


# fused_moe.py's fused_moe_kernel in bf16 without quantization or bias, as
# fused_experts' first GEMM calls it (Mixtral's 8 experts, top 2, hidden
# 4096, N 14336), with vLLM's H200 tuned configs for 4096 tokens (prefill)
# and for 16 (decode).
_MOE_E, _MOE_TOPK, _MOE_N, _MOE_K = 8, 2, 14336, 4096


def _moe_args(tokens, block_m):
    torch = _torch()
    topk_ids = torch.rand(tokens, _MOE_E, device="cuda").topk(
        _MOE_TOPK, dim=1).indices
    sorted_ids, expert_ids, padded = _moe_align(topk_ids, block_m, _MOE_E)
    slots = tokens * _MOE_TOPK
    # a, b, c, topk_weights, sorted_token_ids, expert_ids,
    # num_tokens_post_padded, N, K, EM, num_valid_tokens, the strides of a
    # (m), b (e, n) and c (m) (the unit strides are constexprs of the
    # signature), and 0 for the strides of the absent scales and bias.
    return [randn(tokens, _MOE_K, dtype="bfloat16"),
            randn(_MOE_E, _MOE_N, _MOE_K, dtype="bfloat16") * 0.05,
            empty(tokens, _MOE_TOPK, _MOE_N, dtype="bfloat16"),
            rand(slots), sorted_ids, expert_ids, padded, _MOE_N, _MOE_K,
            sorted_ids.numel(), slots, _MOE_K, _MOE_N * _MOE_K, _MOE_K,
            _MOE_N] + [0] * 7


for _name, _tokens, _bm, _bn, _bk, _group, _warps, _stages in (
        ("prefill4096", 4096, 128, 256, 64, 16, 8, 4),
        ("decode16", 16, 16, 64, 256, 16, 4, 3)):
    _em = _tokens * _MOE_TOPK + _MOE_E * (_bm - 1)
    case(id=f"vllm_fused_moe_bf16_{_name}", repo="vllm",
         path=_vllm_path("model_executor/layers/fused_moe/fused_moe"),
         kernel="fused_moe_kernel",
         signature="*bf16:16, *bf16:16, *bf16:16, None, None, None, "
         "*fp32:16, *i32:16, *i32:16, *i32:16, i32:16, i32:16, "
         f"i32{':16' if _em % 16 == 0 else ''}, i32:16, i32:16, 1, i32:16, "
         "1, i32:16, i32:16, 1, " + ", ".join(["i32:16"] * 7) +
         f", 0, 0, {_bm}, {_bn}, {_bk}, {_group}, False, {_MOE_TOPK}, "
         "tl.bfloat16, False, False, False, False, False",
         num_warps=_warps, num_stages=_stages,
         grid=lambda args, bm=_bm, bn=_bn: (
             cdiv(args[9], bm) * cdiv(_MOE_N, bn),),
         args=lambda tokens=_tokens, bm=_bm: _moe_args(tokens, bm),
         atol=1e-2, rtol=1e-2)


# --- SGLang (sgl-project/sglang 0.5.23's wheel, repo "sglang") -----------
# kernels/ops/moe/fused_moe_triton_kernels.py's fused_moe_kernel with fp8
# weights and activations quantized in blocks of 128x128 (DeepSeek-V3's
# hidden 7168, the gate and up projections' N 4096), 32 experts, top 8,
# 4096 tokens, BLOCK_M 64, BLOCK_N 128, BLOCK_K 128, 4 warps, 3 stages.
# Its token offsets are int64.
_SMOE_E, _SMOE_TOPK, _SMOE_N, _SMOE_K, _SMOE_T = 32, 8, 4096, 7168, 4096


def _sgl_moe_fp8_args():
    torch = _torch()
    E, N, K, T = _SMOE_E, _SMOE_N, _SMOE_K, _SMOE_T
    topk_ids = torch.rand(T, E, device="cuda").topk(_SMOE_TOPK, dim=1).indices
    sorted_ids, expert_ids, padded = _moe_align(topk_ids, 64, E)
    slots = T * _SMOE_TOPK
    a = randn(T, K).to(torch.float8_e4m3fn)
    b = (randn(E, N, K) * 0.05).to(torch.float8_e4m3fn)
    a_scale = rand(T, K // 128) * 0.01
    b_scale = rand(E, N // 128, K // 128) * 0.01
    # a, b, c, the scales, topk_weights, the sorted slots, their experts
    # and count; N, K, EM, num_valid_tokens; the strides of a (m), b (e, n),
    # the absent bias (0, 0), c (m), the scales (m; e, n) (the descriptors,
    # bias and add_mask are None and the unit strides constexprs of the
    # signature).
    return [a, b, empty(T, _SMOE_TOPK, N, dtype="bfloat16"), a_scale,
            b_scale, rand(slots), sorted_ids, expert_ids, padded, N, K,
            sorted_ids.numel(), slots, K, N * K, K, 0, 0, N, K // 128,
            (N // 128) * (K // 128), K // 128]


case(id="sglang_fused_moe_fp8_block", repo="sglang",
     path="sglang/kernels/ops/moe/fused_moe_triton_kernels.py",
     kernel="fused_moe_kernel",
     signature="*fp8e4nv:16, None, *fp8e4nv:16, None, None, *bf16:16, "
     "*fp32:16, *fp32:16, *fp32:16, *i32:16, *i32:16, *i32:16, None, "
     "i32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, i32:16, "
     "i32:16, i32:16, 1, i32, 1, i32:16, 1, i32, 128, 128, 64, 128, 128, "
     "32, False, 8, tl.bfloat16, True, False, False, False, True, False, "
     "False, False, False, False, 8, False, False, False, 1, 0, 0",
     num_warps=4, num_stages=3,
     grid=lambda args: (cdiv(args[11], 64) * cdiv(_SMOE_N, 128),),
     args=_sgl_moe_fp8_args, atol=5e-2, rtol=5e-2)


# --- vLLM 0.34.0's wheel (repo "vllm034") -----------------------------------
# v1/worker/gpu/sample/penalties.py's _penalties_kernel as apply_penalties
# launches it (BLOCK_SIZE 8192, 4 warps, a program per token and block of
# the vocabulary): Mistral NeMo's 131072-token vocabulary, 64 requests of 4
# tokens each (a target and 3 draft tokens: each loop adds the drafts
# before it to the output counts), repetition, frequency and presence
# penalties all on. The prompt's tokens come as a bitmask, 32 a word,
# unpacked with a reshape of [256, 32] to [8192].
_PEN_REQS, _PEN_PER_REQ, _PEN_VOCAB = 64, 4, 131072


def _penalties_args():
    torch = _torch()
    tokens = _PEN_REQS * _PEN_PER_REQ
    mapping = torch.arange(_PEN_REQS, device="cuda", dtype=torch.int32)
    mapping = mapping.repeat_interleave(_PEN_PER_REQ)
    local_pos = torch.arange(_PEN_PER_REQ, device="cuda", dtype=torch.int32)
    words = _PEN_VOCAB // 32
    return [randn(tokens, _PEN_VOCAB), _PEN_VOCAB, mapping,
            randint(_PEN_VOCAB, tokens), local_pos.repeat(_PEN_REQS),
            rand(_PEN_REQS) + 1.0, rand(_PEN_REQS), rand(_PEN_REQS),
            torch.randint(-2**31, 2**31 - 1, (_PEN_REQS, words),
                          device="cuda", dtype=torch.int32), words,
            randint(3, _PEN_REQS, _PEN_VOCAB, dtype="int32"), _PEN_VOCAB,
            _PEN_VOCAB]


case(id="vllm034_penalties", repo="vllm034",
     path="vllm/v1/worker/gpu/sample/penalties.py",
     kernel="_penalties_kernel",
     signature="*fp32:16, i32:16, *i32:16, *i64:16, *i32:16, *fp32:16, "
     "*fp32:16, *fp32:16, *i32:16, i32:16, *i32:16, i32:16, i32:16, 8192",
     num_warps=4, grid=(_PEN_REQS * _PEN_PER_REQ, _PEN_VOCAB // 8192),
     args=_penalties_args, atol=1e-5, rtol=1e-5)


# attention/ops/triton_unified_attention.py's 2-D kernel, vLLM's attention
# for prefill: Llama 3 8B's heads (32 query, 8 KV, 128 wide) over a paged
# KV cache of 16-token blocks; 16 sequences of 512 tokens, each attending
# causally to itself (no sinks, ALiBi, soft cap or sliding window), with
# vLLM's launch: BLOCK_M 16, BLOCK_Q 4, TILE_SIZE 32, 4 warps, 3 stages.
_UA_SEQS, _UA_LEN, _UA_QH, _UA_KVH, _UA_D, _UA_BLOCK = 16, 512, 32, 8, 128, 16
_UA_T = _UA_SEQS * _UA_LEN


def _unified_attention_args():
    torch = _torch()
    blocks = _UA_SEQS * _UA_LEN // _UA_BLOCK
    cache = (blocks, _UA_BLOCK, _UA_KVH, _UA_D)
    key, value = randn(*cache, dtype="float16"), randn(*cache, dtype="float16")
    table = torch.randperm(blocks, device="cuda", dtype=torch.int32).view(
        _UA_SEQS, -1)
    starts = torch.arange(0, _UA_T + 1, _UA_LEN, device="cuda",
                          dtype=torch.int32)
    # out, q, k, v, block tables, sequence lengths, scale, k and v scales,
    # out scale, soft cap, the block table's, q's and out's strides, the
    # q-q bias stride (0: none), the k and v cache strides, query starts,
    # number of sequences.
    return [empty(_UA_T, _UA_QH, _UA_D, dtype="float16"),
            randn(_UA_T, _UA_QH, _UA_D, dtype="float16"), key, value,
            table, torch.full((_UA_SEQS,), _UA_LEN, device="cuda",
                              dtype=torch.int32), _UA_D ** -0.5,
            torch.ones(1, device="cuda"), torch.ones(1, device="cuda"), 1.0,
            0.0, table.stride(0), _UA_QH * _UA_D, _UA_D, _UA_QH * _UA_D,
            _UA_D, 0] + list(key.stride()[:3]) + list(value.stride()[:3]) + [
                starts, _UA_SEQS]


case(id="vllm_unified_attention_2d_prefill", repo="vllm",
     path=_vllm_path("attention/ops/triton_unified_attention"),
     kernel="kernel_unified_attention_2d",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, None, *i32:16, "
     "*i32:16, None, None, fp32, *fp32:16, *fp32:16, fp32, fp32, 32, 4, "
     "i64:16, i64:16, i64:16, i64:16, i64:16, i64:16, 16, 32, 128, 128, "
     "False, False, False, False, 0, i64:16, i64:16, i64:16, 1, i64:16, "
     "i64:16, i64:16, 1, *i32:16, 4, i32:16, 16, False, -448.0, 448.0",
     num_warps=4, num_stages=3,
     grid=(_UA_T // 4 + _UA_SEQS, _UA_KVH), args=_unified_attention_args,
     atol=1e-2, rtol=1e-2)


# triton_decode_attention.py's _fwd_grouped_kernel_stage1 (split-KV decode
# over a paged cache) as _decode_grouped_att_m_fwd launches it on CUDA for
# Llama-3-8B's heads (32 query, 8 KV, 128 wide) in bf16: BLOCK_N 32,
# BLOCK_H 16, 8 KV splits, pages of 16 tokens, no logit cap, 4 warps, 2
# stages; 64 sequences of 4096 tokens, their pages a permutation of the
# cache's.
_DEC_B, _DEC_N, _DEC_QH, _DEC_KVH, _DEC_D, _DEC_PAGE, _DEC_SPLITS = (
    64, 4096, 32, 8, 128, 16, 8)


def _vllm_decode_args():
    torch = _torch()
    pages = _DEC_B * _DEC_N // _DEC_PAGE
    q = randn(_DEC_B, _DEC_QH, _DEC_D, dtype="bfloat16")
    k, v = (randn(pages, _DEC_PAGE, _DEC_KVH, _DEC_D, dtype="bfloat16")
            for _ in range(2))
    table = torch.randperm(pages, device="cuda", dtype=torch.int32).view(
        _DEC_B, _DEC_N // _DEC_PAGE)
    lengths = torch.full((_DEC_B,), _DEC_N, device="cuda", dtype=torch.int32)
    out = empty(_DEC_B, _DEC_QH, _DEC_SPLITS, _DEC_D + 1)
    return [q, k, v, _DEC_D ** -0.5, table, lengths, out, table.stride(0),
            q.stride(0), q.stride(1), k.stride(-3), k.stride(-2),
            v.stride(-3), v.stride(-2), *out.stride()[:3]]


case(id="vllm_decode_attention_grouped", repo="vllm",
     path=_vllm_path("attention/ops/triton_decode_attention"),
     kernel="_fwd_grouped_kernel_stage1",
     signature="*bf16:16, *bf16:16, *bf16:16, fp32, *i32:16, *i32:16, "
     "*fp32:16, " + "i32:16, " * 7 + "i32:16, i32, i32, "
     f"{_DEC_QH // _DEC_KVH}, {_DEC_QH}, {_DEC_D}, 0, {_DEC_D}, 32, 16, "
     f"{_DEC_SPLITS}, {_DEC_PAGE}, 0.0, {_DEC_D}, {_DEC_D}",
     num_warps=4, num_stages=2,
     grid=(_DEC_B, cdiv(_DEC_QH, min(16, _DEC_QH // _DEC_KVH)), _DEC_SPLITS),
     args=_vllm_decode_args, atol=1e-2, rtol=1e-2)


# quantization/awq_triton.py's awq_gemm_kernel: 4-bit AWQ weights (8 per
# int32, group size 128) unpacked with tl.interleave and multiplied in fp16,
# as awq_gemm_triton launches it (its default 32x32x32 blocks, split-K 8,
# 4 warps, the default stages) for 128 tokens of a 4096x4096 layer. The
# zero point's row, `k // group_size` of the run-time group size, is a
# division in the loop.
_AWQ_M, _AWQ_N, _AWQ_K, _AWQ_G, _AWQ_SPLIT = 128, 4096, 4096, 128, 8


def _awq_args():
    torch = _torch()
    groups = _AWQ_K // _AWQ_G
    # a, b (qweight), c (one slice per split), zeros, scales, M, N, K,
    # group size.
    return [randn(_AWQ_M, _AWQ_K, dtype="float16"),
            randint(1 << 31, _AWQ_K, _AWQ_N // 8, dtype="int32"),
            zeros(_AWQ_SPLIT, _AWQ_M, _AWQ_N, dtype="float16"),
            randint(1 << 31, groups, _AWQ_N // 8, dtype="int32"),
            rand(groups, _AWQ_N, dtype="float16") * 0.02,
            _AWQ_M, _AWQ_N, _AWQ_K, _AWQ_G]


case(id="vllm_awq_gemm", repo="vllm",
     path=_vllm_path("model_executor/layers/quantization/awq_triton"),
     kernel="awq_gemm_kernel",
     signature="*fp16:16, *i32:16, *fp16:16, *i32:16, *fp16:16, i32:16, "
     f"i32:16, i32:16, i32:16, 32, 32, 32, {_AWQ_SPLIT}",
     num_warps=4,
     grid=(cdiv(_AWQ_M, 32) * cdiv(_AWQ_N, 32), _AWQ_SPLIT), args=_awq_args,
     # The dot accumulates in fp16 (out_dtype), rounding at every step.
     atol=0.1, rtol=2e-2)


# The same file's awq_dequantize_kernel, as awq_dequantize_triton launches
# it (32x32 blocks of packed columns and rows, 4 warps) on the GEMM's
# weights: its shift amounts are a 4x2 range reshaped to 8.
def _awq_dequantize_args():
    groups = _AWQ_K // _AWQ_G
    # qweight, scales, zeros, group size, result, columns, rows.
    return [randint(1 << 31, _AWQ_K, _AWQ_N // 8, dtype="int32"),
            rand(groups, _AWQ_N, dtype="float16") * 0.02,
            randint(1 << 31, groups, _AWQ_N // 8, dtype="int32"), _AWQ_G,
            empty(_AWQ_K, _AWQ_N, dtype="float16"), _AWQ_N // 8, _AWQ_K]


case(id="vllm_awq_dequantize", repo="vllm",
     path=_vllm_path("model_executor/layers/quantization/awq_triton"),
     kernel="awq_dequantize_kernel",
     signature="*i32:16, *fp16:16, *i32:16, i32:16, *fp16:16, i32:16, "
     "i32:16, 32, 32",
     num_warps=4, grid=(cdiv(_AWQ_N // 8, 32), cdiv(_AWQ_K, 32)),
     args=_awq_dequantize_args)


# The same file's _per_token_group_quant_fp8 (DeepSeek-V3's activations,
# quantized to e4m3 in groups of 128 before the block-fp8 matmul), as
# per_token_group_quant_fp8 launches its Triton path: one group of 128 per
# program, one warp, one stage; 4096 tokens of 7168.
_PTQ_M, _PTQ_K, _PTQ_G = 4096, 7168, 128


def _per_token_group_quant_args():
    torch = _torch()
    finfo = torch.finfo(torch.float8_e4m3fn)
    return [randn(_PTQ_M, _PTQ_K, dtype="bfloat16"),
            empty(_PTQ_M, _PTQ_K, dtype="float8_e4m3fn"),
            empty(_PTQ_M, _PTQ_K // _PTQ_G), _PTQ_G, _PTQ_K, _PTQ_K, 1e-10,
            finfo.min, finfo.max]


case(id="vllm_per_token_group_quant_fp8", repo="vllm",
     path=_vllm_path("model_executor/layers/quantization/utils/fp8_utils"),
     kernel="_per_token_group_quant_fp8",
     signature="*bf16:16, *fp8e4nv:16, *fp32:16, i32:16, i32:16, i32:16, "
     "fp32, fp32, fp32, False, 128",
     num_warps=1, num_stages=1, grid=(_PTQ_M * _PTQ_K // _PTQ_G,),
     args=_per_token_group_quant_args)


# quantization/utils/fp8_utils.py's _w8a8_block_fp8_matmul (DeepSeek-V3's
# fp8 linear layers: e4m3 activations and weights, one fp32 scale per token
# and 128 columns of K, and per 128x128 block of the weights), as
# w8a8_block_fp8_matmul launches it with its H200 config for N 12288, K
# 7168 at 1024 tokens (64x128x128, group 16, 4 warps, 4 stages). The
# weights are (N, K) and read as (K, N), K contiguous; the scales' block
# index `k * BLOCK_SIZE_K // group_k` divides by a run-time value in the
# loop.
_BF8_M, _BF8_N, _BF8_K, _BF8_G = 1024, 12288, 7168, 128


def _block_fp8_args():
    torch = _torch()
    m, n, k, g = _BF8_M, _BF8_N, _BF8_K, _BF8_G
    a = (randn(m, k) * 0.5).to(torch.float8_e4m3fn)
    b = (randn(n, k) * 0.5).to(torch.float8_e4m3fn)
    # A, B, C, As, Bs, M, N, K, group_n, group_k, then the strides as
    # vLLM passes them but the unit ones (constexprs of the signature):
    # a's m, b's n, c's m, As's m and Bs's n.
    return [a, b, empty(m, n, dtype="bfloat16"), rand(m, k // g) * 0.01,
            rand(n // g, k // g) * 0.01, m, n, k, g, g, k, k, n, k // g,
            k // g]


case(id="vllm_w8a8_block_fp8_matmul", repo="vllm",
     path=_vllm_path("model_executor/layers/quantization/utils/fp8_utils"),
     kernel="_w8a8_block_fp8_matmul",
     signature="*fp8e4nv:16, *fp8e4nv:16, *bf16:16, *fp32:16, *fp32:16, "
     "i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, "
     "1, i32, 1, 1, i32, 64, 128, 128, 16",
     num_warps=4, num_stages=4,
     grid=(cdiv(_BF8_M, 64) * cdiv(_BF8_N, 128),), args=_block_fp8_args,
     atol=1e-2, rtol=1e-2)


# attention/ops/prefix_prefill.py's _fwd_kernel, vLLM's prefill over a
# paged context (context_attention_fwd, as chunked_prefill_paged_decode calls
# it for batches with cached prefixes): Llama 3 8B's heads (32 query, 8 KV,
# 128 wide) in bf16; 8 sequences, each 512 new tokens after 2048 cached ones
# in 16-token pages (K cache [blocks, heads, 128/x, 16, x] with x = 8, V
# cache [blocks, heads, 128, 16]), the pages a permutation of the cache's;
# vLLM's launch: BLOCK_M 128, BLOCK_N 64, the context loop unrolled 4 times,
# 4 warps, 1 stage.
_PP_SEQS, _PP_CTX, _PP_Q, _PP_QH, _PP_KVH, _PP_D, _PP_PAGE, _PP_X = (
    8, 2048, 512, 32, 8, 128, 16, 8)


def _paged_kv_cache(seqs, tokens, kvh, d, page, x, dtype):
    """vLLM's paged K and V caches (K split by x along the head) holding
    `tokens` tokens for each of `seqs` sequences, and the sequences' page
    table, a permutation of the pages."""
    torch = _torch()
    pages = seqs * tokens // page
    k_cache = randn(pages, kvh, d // x, page, x, dtype=dtype)
    v_cache = randn(pages, kvh, d, page, dtype=dtype)
    table = torch.randperm(pages, device="cuda", dtype=torch.int32).view(
        seqs, -1)
    return k_cache, v_cache, table


def _prefix_prefill_args():
    torch = _torch()
    t = _PP_SEQS * _PP_Q
    k_cache, v_cache, table = _paged_kv_cache(
        _PP_SEQS, _PP_CTX + _PP_Q, _PP_KVH, _PP_D, _PP_PAGE, _PP_X,
        "bfloat16")
    q, o = randn(t, _PP_QH, _PP_D, dtype="bfloat16"), empty(
        t, _PP_QH, _PP_D, dtype="bfloat16")
    k, v = (randn(t, _PP_KVH, _PP_D, dtype="bfloat16") for _ in range(2))
    starts = torch.arange(0, t + 1, _PP_Q, device="cuda", dtype=torch.int32)
    lengths = torch.full((_PP_SEQS,), _PP_CTX + _PP_Q, device="cuda",
                         dtype=torch.int32)
    # q, k, v, the caches, the page table, the scale, k and v scales, the
    # inverse output scale, query starts, sequence lengths, out, the
    # strides of the table, q, k, v and out, and those of the caches but
    # the K cache's page-row stride (a constexpr).
    return [q, k, v, k_cache, v_cache, table, _PP_D ** -0.5,
            torch.ones(1, device="cuda"), torch.ones(1, device="cuda"), 1.0,
            starts, lengths, o, *table.stride(), *q.stride(), *k.stride(),
            *v.stride(), *o.stride(), *k_cache.stride()[:3],
            k_cache.stride(4), *v_cache.stride()]


case(id="vllm_prefix_prefill_paged", repo="vllm",
     path=_vllm_path("attention/ops/prefix_prefill"), kernel="_fwd_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, None, "
     "*i32:16, fp32, *fp32:16, *fp32:16, fp32, *i32:16, *i32:16, 8, "
     "*bf16:16, i32:16, i32:1, " + "i32:16, i32:16, i32:1, " * 4 +
     "i32:16, i32:16, i32:16, 8, i32:1, i32:16, i32:16, i32:16, i32:1, "
     "4, None, 128, 128, 128, 16, 64, 0, 4, 1, False, False, False, 0, 0, "
     "-448.0, 448.0",
     num_warps=4, num_stages=1,
     grid=(_PP_SEQS, _PP_QH, cdiv(_PP_Q, 128)), args=_prefix_prefill_args,
     atol=1e-2, rtol=1e-2)

# attention/ops/chunked_prefill_paged_decode.py's kernel_paged_attention_2d,
# vLLM's decode over the same paged cache (one query token a sequence, the
# 4 query heads of a KV head padded to 16 rows of each tl.dot): 64
# sequences of 4096 tokens, default launch (4 warps).
_PD_SEQS, _PD_LEN = 64, 4096


def _paged_decode_args():
    torch = _torch()
    k_cache, v_cache, table = _paged_kv_cache(
        _PD_SEQS, _PD_LEN, _PP_KVH, _PP_D, _PP_PAGE, _PP_X, "bfloat16")
    q, o = randn(_PD_SEQS, _PP_QH, _PP_D, dtype="bfloat16"), empty(
        _PD_SEQS, _PP_QH, _PP_D, dtype="bfloat16")
    lengths = torch.full((_PD_SEQS,), _PD_LEN, device="cuda",
                         dtype=torch.int32)
    starts = torch.arange(0, _PD_SEQS + 1, device="cuda", dtype=torch.int32)
    # out, q, the caches, the page table, sequence lengths, the scale, k and
    # v scales, the inverse output scale, the strides of the table, q and
    # out, those of the caches, query starts.
    return [o, q, k_cache, v_cache, table, lengths, _PP_D ** -0.5,
            torch.ones(1, device="cuda"), torch.ones(1, device="cuda"), 1.0,
            table.stride(0), *q.stride()[:2], *o.stride()[:2],
            *k_cache.stride(), *v_cache.stride(), starts]


case(id="vllm_paged_attention_2d_decode", repo="vllm",
     path=_vllm_path("attention/ops/chunked_prefill_paged_decode"),
     kernel="kernel_paged_attention_2d",
     signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, None, *i32:16, "
     "*i32:16, None, fp32, *fp32:16, *fp32:16, fp32, 32, 4, 16, "
     "i64:16, i64:16, i64:16, i64:16, i64:16, 16, 128, 128, False, 0, 8, "
     "i64:16, i64:16, i64:16, i64, i64:1, i64:16, i64:16, i64:16, i64:1, "
     "True, *i32:16, False, False, -448.0, 448.0",
     num_warps=4, grid=(_PD_SEQS, _PP_KVH), args=_paged_decode_args,
     atol=1e-2, rtol=1e-2)


# lora/ops/triton_ops/lora_shrink_op.py's kernel, the first half of vLLM's
# multi-LoRA linear layers (x @ A^T for each token's adapter) as
# _lora_shrink launches it for 4096 tokens: Q, K and V slices (their
# weights' addresses in a uint64 tensor, loaded and cast to pointers), 4
# adapters of rank 16 over a 4096-wide hidden state, 1024 tokens each in a
# shuffled order; 32x16x32 tiles, split-K 8 (fp32 atomic adds), 4 warps,
# 2 stages.
_LORA_T, _LORA_H, _LORA_R, _LORA_N, _LORA_S = 4096, 4096, 16, 4, 3


def _lora_shrink_args():
    torch = _torch()
    weights = [randn(_LORA_N, _LORA_R, _LORA_H, dtype="bfloat16") * 0.05
               for _ in range(_LORA_S)]
    per = _LORA_T // _LORA_N
    return [randn(_LORA_T, _LORA_H, dtype="bfloat16"),
            _pointer_table(weights, "uint64"),
            zeros(_LORA_S, _LORA_T, _LORA_R), _LORA_T, _LORA_R, _LORA_H,
            torch.randperm(_LORA_T, device="cuda", dtype=torch.int32),
            torch.full((_LORA_N,), per, device="cuda", dtype=torch.int32),
            torch.arange(0, _LORA_T + 1, per, device="cuda",
                         dtype=torch.int32),
            torch.arange(_LORA_N, device="cuda", dtype=torch.int32), 1.0,
            _LORA_H, 1, *weights[0].stride(), _LORA_T * _LORA_R, _LORA_R, 1]


case(id="vllm_lora_shrink_qkv", repo="vllm",
     path=_vllm_path("lora/ops/triton_ops/lora_shrink_op"),
     kernel="_lora_shrink_kernel",
     signature="*bf16:16, *u64:16, *fp32:16, i32:16, i32:16, i32:16, "
     "*i32:16, *i32:16, *i32:16, *i32:16, fp32, i32:16, i32:1, i32:16, "
     "i32:16, i32:1, i32:16, i32:16, i32:1, 32, 16, 32, True, 8, 3",
     num_warps=4, num_stages=2,
     grid=(8 * _LORA_T // 32, _LORA_S, _LORA_N),
     args=_lora_shrink_args, atol=1e-2, rtol=1e-2)

# compressed_tensors/triton_scaled_mm.py: int8 x int8 -> int32 in 128^3
# tiles (its heuristic for M > 128), the int64 offsets it builds, per-token
# and per-channel fp32 scales applied after the loop, bf16 out; the weight
# is a transposed [N, K] tensor (stride_bk 1), as vLLM passes it.
_SMM = 4096


def _scaled_mm_args():
    torch = _torch()
    a = torch.randint(-128, 128, (_SMM, _SMM), device="cuda",
                      dtype=torch.int8)
    b = torch.randint(-128, 128, (_SMM, _SMM), device="cuda",
                      dtype=torch.int8).t()
    c = empty(_SMM, _SMM, dtype="bfloat16")
    return [a, b, rand(_SMM, 1) * 1e-3, rand(_SMM, 1) * 1e-3, c, _SMM, _SMM,
            _SMM, *a.stride(), *b.stride(), *c.stride()]


case(id="vllm_scaled_mm_int8", repo="vllm",
     path=_vllm_path(
         "model_executor/layers/quantization/compressed_tensors/"
         "triton_scaled_mm"),
     kernel="scaled_mm_kernel",
     signature="*i8:16, *i8:16, *fp32:16, *fp32:16, *bf16:16, None, i32:16, "
     "i32:16, i32:16, i32:16, i32:1, i32:1, i32:16, i32:16, i32:1, tl.int32, "
     "128, 128, 128, 128, 128",
     num_warps=4, num_stages=3,
     grid=(cdiv(_SMM, 128) ** 2,), args=_scaled_mm_args, atol=1e-2,
     rtol=1e-2)

# attention/ops/triton_merge_attn_states.py: two partial attention outputs
# merged by their log-sum-exps (8192 tokens x 32 heads x 128, bf16), one
# program a (token, head), the infinite lse of an empty part made -inf by a
# run-time conditional expression.
_MAS_T, _MAS_H, _MAS_D = 8192, 32, 128


def _merge_attn_states_args():
    def part():
        return randn(_MAS_T, _MAS_H, _MAS_D, dtype="bfloat16")
    lse = [randn(_MAS_H, _MAS_T) * 4 for _ in range(2)]
    lse[0][0, ::7] = float("inf")
    return [part().zero_(), empty(_MAS_H, _MAS_T), part(), lse[0], part(),
            lse[1]]


case(id="vllm_merge_attn_states", repo="vllm",
     path=_vllm_path("attention/ops/triton_merge_attn_states"),
     kernel="merge_attn_states_kernel",
     signature="*bf16:16, *fp32:16, *bf16:16, *fp32:16, *bf16:16, *fp32:16, "
     "128, 128, True",
     num_warps=4, grid=(_MAS_T, _MAS_H), args=_merge_attn_states_args,
     atol=1e-2, rtol=1e-2)

# attention/ops/triton_reshape_and_cache_flash.py: 8192 tokens' keys and
# values (8 heads x 128, bf16) written to their slots of a paged cache (16
# slots a page), as its CUDA heuristic launches it (16 warps, 10 stages, one
# 1024-wide tile a token); in fp8 (divided by the scale, rounded on the
# store) and in bf16. The last 64 tokens are padding (slot -1: early exit).
_RC_T, _RC_H, _RC_D, _RC_PAGE = 8192, 8, 128, 16


def _reshape_cache_args(cache_dtype):
    def make():
        torch = _torch()
        pages = 2 * _RC_T // _RC_PAGE
        slots = torch.randperm(pages * _RC_PAGE, device="cuda")[:_RC_T]
        slots[-64:] = -1
        key, value = (randn(_RC_T, _RC_H, _RC_D, dtype="bfloat16")
                      for _ in range(2))
        kc, vc = (zeros(pages, _RC_PAGE, _RC_H, _RC_D, dtype=cache_dtype)
                  for _ in range(2))
        return [key, value, kc, vc, slots, rand(1) + 0.5, rand(1) + 0.5,
                key.stride(0), value.stride(0), kc.stride(0), kc.stride(1)]
    return make


for _name, _elem, _dtype, _fp8 in (("fp8", "fp8e4nv", "float8_e4m3fn", True),
                                   ("bf16", "bf16", "bfloat16", False)):
    case(id=f"vllm_reshape_and_cache_flash_{_name}", repo="vllm",
         path=_vllm_path("attention/ops/triton_reshape_and_cache_flash"),
         kernel="reshape_and_cache_kernel_flash",
         signature=f"*bf16:16, *bf16:16, *{_elem}:16, *{_elem}:16, *i64:16, "
         "*fp32:16, *fp32:16, i64:16, i64:16, i64:16, i64:16, "
         f"{_RC_H}, {_RC_D}, {_RC_PAGE}, {_fp8}, 1024",
         num_warps=16, num_stages=10, grid=(_RC_T, 1),
         args=_reshape_cache_args(_dtype))

# v1/sample/rejection_sampler.py's sample_recovered_tokens_kernel: for each
# of 64 requests' 4 draft tokens, the argmax over a 128256-token vocabulary
# (Llama 3's, padded to one 131072-wide tile in 4 warps) of
# max(target - draft, 0) / q.
_RS_B, _RS_SPEC, _RS_VOCAB = 64, 4, 128256


def _recovered_tokens_args():
    torch = _torch()
    tokens = _RS_B * _RS_SPEC
    cu = torch.arange(1, _RS_B + 1, device="cuda",
                      dtype=torch.int32) * _RS_SPEC
    return [zeros(tokens, dtype="int32"), cu,
            randint(_RS_VOCAB, tokens, dtype="int32"),
            rand(tokens, _RS_VOCAB), rand(tokens, _RS_VOCAB),
            rand(_RS_B, _RS_VOCAB) + 0.01, _RS_VOCAB]


case(id="vllm_sample_recovered_tokens", repo="vllm",
     path=_vllm_path("v1/sample/rejection_sampler"),
     kernel="sample_recovered_tokens_kernel",
     signature="*i32:16, *i32:16, *i32:16, *fp32:16, *fp32:16, *fp32:16, "
     "i32:16, 131072, False",
     num_warps=4, grid=(_RS_B, _RS_SPEC), args=_recovered_tokens_args)

# vllm_flash_attn/ops/triton/rotary.py (flash-attention's rotary kernel):
# 8 x 4096 tokens x 32 heads x 128, bf16, rotary over the whole head, one
# program per 8 tokens of a head (4 when interleaved), as apply_rotary
# launches it (4 warps); the halves loaded apart, or the interleaved pairs
# through a swapped-index load and a select.
_ROT_B, _ROT_S, _ROT_H, _ROT_D = 8, 4096, 32, 128


def _rotary_args():
    x = randn(_ROT_B, _ROT_S, _ROT_H, _ROT_D, dtype="bfloat16")
    out = empty(_ROT_B, _ROT_S, _ROT_H, _ROT_D, dtype="bfloat16")
    cos, sin = (rand(_ROT_S, _ROT_D // 2, dtype="bfloat16")
                for _ in range(2))
    return [out, x, cos, sin, 0, _ROT_S, _ROT_D, _ROT_S, *out.stride(),
            *x.stride()]


for _inter, _block_m in ((False, 8), (True, 4)):
    case(id="vllm_flash_rotary" + ("_interleaved" if _inter else ""),
         repo="vllm", path=_vllm_path("vllm_flash_attn/ops/triton/rotary"),
         kernel="rotary_kernel",
         signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, None, i32:16, "
         "i32:16, i32:16, i32:16, " + "i32:16, i32:16, i32:16, i32:1, " * 2 +
         f"128, False, False, {_inter}, False, {_block_m}",
         num_warps=4, grid=(_ROT_S // _block_m, _ROT_H, _ROT_B),
         args=_rotary_args, atol=1e-2, rtol=1e-2)

# model_executor/layers/fla/ops/fused_recurrent.py (FLA's gated delta rule,
# Qwen3-Next's linear attention) as decode runs it: 256 sequences of one
# token each (varlen), 16 query and 32 value heads of 128, each program one
# warp (3 stages) updating a 128x8 slice of its sequence's fp32 state, read
# from and written to the cache slot its continuous-batching index names,
# q and k L2-normalized in the kernel.
_FR_N, _FR_H, _FR_HV, _FR_D, _FR_SLOTS = 256, 16, 32, 128, 512


def _fused_recurrent_args():
    torch = _torch()

    def tokens(heads):
        return randn(1, _FR_N, heads, _FR_D, dtype="bfloat16")
    state = randn(_FR_SLOTS, _FR_HV, _FR_D, _FR_D) * 0.1
    return [tokens(_FR_H), tokens(_FR_H), tokens(_FR_HV),
            -rand(1, _FR_N, _FR_HV), rand(1, _FR_N, _FR_HV, dtype="bfloat16"),
            empty(1, 1, _FR_N, _FR_HV, _FR_D, dtype="bfloat16"), state,
            zeros(_FR_SLOTS, _FR_HV, _FR_D, _FR_D),
            torch.arange(_FR_N + 1, device="cuda", dtype=torch.int32),
            torch.randperm(_FR_SLOTS, device="cuda")[:_FR_N].to(torch.int32),
            _FR_D ** -0.5, _FR_N, _FR_N]


case(id="vllm_fused_recurrent_gdr_decode", repo="vllm",
     path=_vllm_path("model_executor/layers/fla/ops/fused_recurrent"),
     kernel="fused_recurrent_gated_delta_rule_fwd_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, *fp32:16, *bf16:16, *bf16:16, "
     "*fp32:16, *fp32:16, *i32:16, *i32:16, None, fp32, i64, i64, 1, "
     f"{_FR_H}, {_FR_HV}, {_FR_D}, {_FR_D}, {_FR_D}, 8, "
     f"{_FR_HV * _FR_D * _FR_D}, {_FR_HV * _FR_D * _FR_D}, 1, 1, True, True, "
     "False, True, True, True, False",
     num_warps=1, num_stages=3, grid=(1, _FR_D // 8, _FR_N * _FR_HV),
     args=_fused_recurrent_args, atol=1e-2, rtol=1e-2,
     no_specialize=("N", "T"))


# --- text-generation-inference (huggingface/text-generation-inference,
# repo "tgi") ---------------------------------------------------------------
# layers/gptq/triton.py's matmul_248_kernel (GPTQ-for-LLaMa's kernel):
# 4-bit weights, 8 per int32, each K row's scale and zero point found
# through g_idx (a gather per iteration), as matmul248 launches it for 1024
# tokens of a 4096x4096 layer with group size 128, in two of its autotune
# configs (4 stages, 4 warps). Its pointer step `BLOCK_SIZE_K //
# (32 // bits) * stride_bk` divides by a run-time value in the loop.
_GPTQ_M, _GPTQ_N, _GPTQ_K, _GPTQ_G = 1024, 4096, 4096, 128


def _gptq_args():
    torch = _torch()
    groups = _GPTQ_K // _GPTQ_G
    g_idx = torch.arange(_GPTQ_K, device="cuda", dtype=torch.int32) // _GPTQ_G
    # a, b (qweight), c, scales, zeros (qzeros), g_idx, M, N, K, bits,
    # maxq, and the strides of a, b, c (the unit ones are constexprs of the
    # signature), scales and zeros.
    return [randn(_GPTQ_M, _GPTQ_K, dtype="float16"),
            randint(1 << 31, _GPTQ_K // 8, _GPTQ_N, dtype="int32"),
            empty(_GPTQ_M, _GPTQ_N, dtype="float16"),
            rand(groups, _GPTQ_N, dtype="float16") * 0.02,
            randint(1 << 31, groups, _GPTQ_N // 8, dtype="int32"), g_idx,
            _GPTQ_M, _GPTQ_N, _GPTQ_K, 4, 15, _GPTQ_K, _GPTQ_N, _GPTQ_N,
            _GPTQ_N, _GPTQ_N // 8]


for _bm, _bn in ((128, 128), (64, 256)):
    case(id=f"tgi_gptq_matmul_248_{_bm}x{_bn}", repo="tgi",
         path="server/text_generation_server/layers/gptq/triton.py",
         kernel="matmul_248_kernel",
         signature="*fp16:16, *i32:16, *fp16:16, *fp16:16, *i32:16, "
         "*i32:16, i32:16, i32:16, i32:16, i32, i32, i32:16, 1, i32:16, 1, "
         f"i32:16, 1, i32:16, i32:16, {_bm}, {_bn}, 32, 8",
         num_warps=4, num_stages=4,
         grid=(cdiv(_GPTQ_M, _bm) * cdiv(_GPTQ_N, _bn),), args=_gptq_args,
         atol=1e-2, rtol=1e-2)


# --- LightLLM (ModelTC/lightllm, repo "lightllm") -------------------------
#
# Llama's attention as LightLLM's LlamaTransformerLayerInfer runs it on an
# H100, Llama-3-8B's heads (32 query, 8 KV, 128 wide) in bf16: the KV cache
# is mem_manager.kv_buffer[layer], (tokens, 2 * 8 KV heads, 128), K its first
# 8 heads and V the next 8 (views: token stride 2048); req_to_token_indexs
# (requests + 1, max length) int32 maps each request's positions to cache
# slots, here a permutation of all slots (every gather in bounds); the
# per-request int tensors are int32, as generic_pre_process.py builds them.

_LIGHTLLM_QH, _LIGHTLLM_KVH, _LIGHTLLM_D = 32, 8, 128


def _lightllm_path(name):
    return f"lightllm/models/llama/triton_kernel/{name}.py"


def _lightllm_kv_cache(batch, seq):
    """K and V (views of one (tokens, 16, 128) buffer) and a request-to-slot
    table with one spare row (ReqManager's HOLD_REQUEST_ID) whose first
    `batch` rows are a permutation of the `batch * seq` slots."""
    torch = _torch()
    kv = randn(batch * seq, 2 * _LIGHTLLM_KVH, _LIGHTLLM_D, dtype="bfloat16")
    table = zeros(batch + 1, seq, dtype="int32")
    table[:batch] = torch.randperm(batch * seq, device="cuda",
                                   dtype=torch.int32).view(batch, seq)
    return kv[:, :_LIGHTLLM_KVH], kv[:, _LIGHTLLM_KVH:], table


def _lightllm_int32(values):
    torch = _torch()
    return torch.tensor(values, device="cuda", dtype=torch.int32)


# context_flashattention_nopad.py's _fwd_kernel (prefill, causal, reading K
# and V through req_to_token_indexs) as context_attention_fwd launches it:
# BLOCK_M = BLOCK_N = 128 (not a Tesla), 8 warps (head_dim > 64), one stage,
# sm_scale folded with 1/ln 2 for exp2, grid (cdiv(max_input_len, 128),
# batch * heads, 1); 8 prompts of 2048 tokens, no prompt cache
# (b_ready_cache_len all 0).
_LIGHTLLM_CTX_B, _LIGHTLLM_CTX_N = 8, 2048


def _lightllm_context_attention_args():
    B, N = _LIGHTLLM_CTX_B, _LIGHTLLM_CTX_N
    q = randn(B * N, _LIGHTLLM_QH, _LIGHTLLM_D, dtype="bfloat16")
    o = empty(B * N, _LIGHTLLM_QH, _LIGHTLLM_D, dtype="bfloat16")
    k, v, table = _lightllm_kv_cache(B, N)
    # q, k, v, sm_scale, o, b_start_loc, b_seq_len, req_to_token_indexs,
    # b_req_idx, the strides of q, k, v, o and the table, kv_group_num,
    # b_prompt_cache_len.
    return [q, k, v, _LIGHTLLM_D ** -0.5 * 1.4426950408889634, o,
            _lightllm_int32([i * N for i in range(B)]),
            _lightllm_int32([N] * B), table, _lightllm_int32(list(range(B))),
            *q.stride(), *k.stride(), *v.stride(), *o.stride(),
            *table.stride(), _LIGHTLLM_QH // _LIGHTLLM_KVH,
            zeros(B, dtype="int32")]


# silu_and_mul.py: SiLU(gate) * up over the MLP's fused projection, as
# silu_and_mul_fwd launches it (128x128 blocks, 4 warps): 8192 tokens of
# Llama-3-8B's 14336-wide MLP in bf16.
_LL_SM_M, _LL_SM_N = 8192, 14336
case(id="lightllm_silu_and_mul", repo="lightllm",
     path=_lightllm_path("silu_and_mul"), kernel="_silu_and_mul_kernel",
     signature="*bf16:16, *bf16:16, i32:16, i32:1, i32:16, i32:1, i32:16, "
     "i32:16, 128, 128",
     num_warps=4, grid=(_LL_SM_M // 128, _LL_SM_N // 128),
     args=lambda: [randn(_LL_SM_M, 2 * _LL_SM_N, dtype="bfloat16"),
                   empty(_LL_SM_M, _LL_SM_N, dtype="bfloat16"),
                   2 * _LL_SM_N, 1, _LL_SM_N, 1, _LL_SM_M, _LL_SM_N],
     atol=2e-2, rtol=1e-2)

case(id="lightllm_context_attention_fwd", repo="lightllm",
     path=_lightllm_path("context_flashattention_nopad"), kernel="_fwd_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, fp32, *bf16:16, *i32:16, "
     "*i32:16, *i32:16, *i32:16, " + "i32:16, i32:16, i32:1, " * 4 +
     f"i32:16, i32:1, i32, *i32:16, {_LIGHTLLM_QH}, {_LIGHTLLM_D}, 128, 128",
     num_warps=8, num_stages=1,
     grid=(cdiv(_LIGHTLLM_CTX_N, 128), _LIGHTLLM_CTX_B * _LIGHTLLM_QH, 1),
     args=_lightllm_context_attention_args, atol=1e-2, rtol=1e-2)


# gqa_flash_decoding_stage1.py's _fwd_kernel_flash_decode_stage1, the first
# stage of the decode attention of LightLLM's GQA flash-decoding mode
# ("triton_gqa_flashdecoding": gqa_token_decode_attention_flash_decoding),
# as flash_decode_stage1 launches it: BLOCK_SEQ 128, BLOCK_N 16, Q_HEAD_NUM
# max(16, next_power_of_2(4)) = 16, 2 warps, 2 stages, grid (batch, KV
# heads, cdiv(max_len_in_batch, 128)); one program per KV head and block of
# 128 positions, all 4 query heads of the group in one dot. 64 requests of
# 4096 tokens. Mid_O and Mid_O_LogExpSum are allocated with
# max_len_in_batch // 128 + 1 = 33 blocks, the last never written (zeroed
# here so that it compares equal).
_LIGHTLLM_DEC_B, _LIGHTLLM_DEC_N = 64, 4096
_LIGHTLLM_DEC_BLOCKS = _LIGHTLLM_DEC_N // 128 + 1


def _lightllm_decode_stage1_args():
    B, N = _LIGHTLLM_DEC_B, _LIGHTLLM_DEC_N
    q = randn(B, _LIGHTLLM_QH, _LIGHTLLM_D, dtype="bfloat16")
    k, v, table = _lightllm_kv_cache(B, N)
    mid_o = zeros(B, _LIGHTLLM_QH, _LIGHTLLM_DEC_BLOCKS, _LIGHTLLM_D)
    mid_lse = zeros(B, _LIGHTLLM_QH, _LIGHTLLM_DEC_BLOCKS)
    # q, k, v, sm_scale, req_to_token_indexs, b_req_idx, b_seq_len, mid_o,
    # mid_o_logexpsum, the strides of the table, q, k, v, mid_o and
    # mid_o_logexpsum, gqa_group_size.
    return [q, k, v, _LIGHTLLM_D ** -0.5, table,
            _lightllm_int32(list(range(B))), _lightllm_int32([N] * B), mid_o,
            mid_lse, *table.stride(), *q.stride(), *k.stride(), *v.stride(),
            *mid_o.stride(), *mid_lse.stride(), _LIGHTLLM_QH // _LIGHTLLM_KVH]


case(id="lightllm_gqa_flash_decode_stage1", repo="lightllm",
     path=_lightllm_path("gqa_flash_decoding_stage1"),
     kernel="_fwd_kernel_flash_decode_stage1",
     signature="*bf16:16, *bf16:16, *bf16:16, fp32, *i32:16, *i32:16, "
     "*i32:16, *fp32:16, *fp32:16, i32:16, i32:1, " +
     "i32:16, i32:16, i32:1, " * 3 + "i32:16, i32:16, i32:16, i32:1, "
     f"i32:16, i32, i32:1, i32, 16, 128, {_LIGHTLLM_D}, 16",
     num_warps=2, num_stages=2,
     grid=(_LIGHTLLM_DEC_B, _LIGHTLLM_KVH, cdiv(_LIGHTLLM_DEC_N, 128)),
     args=_lightllm_decode_stage1_args, atol=1e-2, rtol=1e-2)


# gqa_decode_flashattention_nopad.py's _fwd_kernel (decode attention, one
# program per request and KV head, the whole sequence in a loop of BLOCK_N
# 32) with Q_HEAD_NUM = 4, the group itself: gqa_decode_attention_fwd pads it
# to 16, which Triton before 3.0 required of a dot's M; Triton 3.x takes 4,
# and so its rows stay below mma.sync's 16. 4 warps, 2 stages, grid (batch,
# KV heads); 64 requests of 4096 tokens.
def _lightllm_decode_nopad_args():
    B, N = _LIGHTLLM_DEC_B, _LIGHTLLM_DEC_N
    q = randn(B, _LIGHTLLM_QH, _LIGHTLLM_D, dtype="bfloat16")
    o = empty(B, _LIGHTLLM_QH, _LIGHTLLM_D, dtype="bfloat16")
    k, v, table = _lightllm_kv_cache(B, N)
    # q, k, v, sm_scale, req_to_tokens, b_req_idx, b_seq_len, o, the strides
    # of q, k, v, o and the table, kv_group_num.
    return [q, k, v, _LIGHTLLM_D ** -0.5, table,
            _lightllm_int32(list(range(B))), _lightllm_int32([N] * B), o,
            *q.stride(), *k.stride(), *v.stride(), *o.stride(),
            *table.stride(), _LIGHTLLM_QH // _LIGHTLLM_KVH]


def _lightllm_decode_nopad_reference(args):
    """o of _fwd_kernel in fp32 from the same q, K, V (PyTorch), per
    request: softmax(q K^T * sm_scale) V over the request's cache slots."""
    torch = _torch()
    q, k, v, scale, table, o = args[0], args[1], args[2], args[3], args[4], \
        args[7]
    group = _LIGHTLLM_QH // _LIGHTLLM_KVH
    out = torch.empty_like(o)
    for b in range(q.shape[0]):
        slots = table[b, :_LIGHTLLM_DEC_N].long()
        kb, vb = k[slots].float(), v[slots].float()  # (N, KV heads, D)
        qb = q[b].float().view(_LIGHTLLM_KVH, group, _LIGHTLLM_D)
        s = torch.einsum("hgd,nhd->hgn", qb, kb) * scale
        p = torch.softmax(s, dim=-1)
        out[b] = torch.einsum("hgn,nhd->hgd", p, vb).reshape(
            _LIGHTLLM_QH, _LIGHTLLM_D).to(o.dtype)
    return {7: out}


case(id="lightllm_gqa_decode_nopad_4_heads", repo="lightllm",
     path=_lightllm_path("gqa_decode_flashattention_nopad"),
     kernel="_fwd_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, fp32, *i32:16, *i32:16, "
     "*i32:16, *bf16:16, " + "i32:16, i32:16, i32:1, " * 4 +
     f"i32:16, i32:1, i32, {_LIGHTLLM_QH // _LIGHTLLM_KVH}, {_LIGHTLLM_D}, 32",
     num_warps=4, num_stages=2,
     grid=(_LIGHTLLM_DEC_B, _LIGHTLLM_KVH),
     args=_lightllm_decode_nopad_args, atol=1e-2, rtol=1e-2,
     reference=_lightllm_decode_nopad_reference)

# models/llama/triton_kernel/token_attention_nopad_att1.py: decode scores,
# q . k for 32 cached tokens a program, each key found through the
# request's token table (a gathered row per token), 64 requests of 2048 to
# 4096 tokens, 32 query heads over 8 KV heads of 128 (2 warps, 1 stage, as
# token_att_fwd launches it for grouped heads); a program past its
# request's end runs its body zero times (`range(0, block_mask)`).
_TA_B, _TA_H, _TA_KVH, _TA_D, _TA_MAX = 64, 32, 8, 128, 4096


def _token_att1_args():
    torch = _torch()
    lens = torch.randint(_TA_MAX // 2, _TA_MAX + 1, (_TA_B,), device="cuda",
                         dtype=torch.int32)
    starts = (torch.cumsum(lens, 0) - lens).to(torch.int32)
    total = _TA_B * _TA_MAX
    table = torch.randperm(total, device="cuda").to(torch.int32)
    table = table.view(_TA_B, _TA_MAX)
    q = randn(_TA_B, _TA_H, _TA_D, dtype="float16")
    k = randn(total, _TA_KVH, _TA_D, dtype="float16")
    out = zeros(_TA_H, total)
    return [q, k, _TA_D ** -0.5, table,
            torch.arange(_TA_B, device="cuda", dtype=torch.int32), starts,
            lens, out, *table.stride(), *q.stride(), *k.stride(),
            *out.stride(), _TA_H // _TA_KVH]


case(id="lightllm_token_att1", repo="lightllm",
     path=_lightllm_path("token_attention_nopad_att1"),
     kernel="_fwd_kernel_token_att1",
     signature="*fp16:16, *fp16:16, fp32, *i32:16, *i32:16, *i32:16, *i32:16, "
     "*fp32:16, i32:16, i32:1, i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, "
     "i32:16, i32:1, i32, 128, 32",
     num_warps=2, num_stages=1, grid=(_TA_B, _TA_H, _TA_MAX // 32),
     args=_token_att1_args, atol=1e-2, rtol=1e-2)


# --- Unsloth (unslothai/unsloth, repo "unsloth") --------------------------
#
# unsloth/kernels, launched as the autograd wrappers launch them on an H100
# for Llama-3-8B training in bf16: 4 sequences of 2048 tokens (8192 rows).
# The kernels sit under @triton.heuristics that only turn flags into bools;
# the signatures give those bools. BLOCK_SIZE and num_warps come from
# calculate_settings (next power of two; 4/8/16/32 warps by size).

_UNSLOTH_BATCH, _UNSLOTH_SEQ = 4, 2048
_UNSLOTH_ROWS = _UNSLOTH_BATCH * _UNSLOTH_SEQ


def _unsloth_path(name):
    return f"unsloth/kernels/{name}.py"


def _unsloth_rope_tables(rows, head_dim=128, theta=500000.0):
    """LlamaRotaryEmbedding's cos and sin caches, (rows, head_dim), cast to
    the activations' dtype as LlamaAttention_fast_forward does."""
    torch = _torch()
    inv_freq = 1.0 / theta ** (torch.arange(0, head_dim, 2, device="cuda")
                               .float() / head_dim)
    freqs = torch.outer(torch.arange(rows, device="cuda").float(), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().to(torch.bfloat16), emb.sin().to(torch.bfloat16)


# rope_embedding.py's _rope_embedding (in place, groups of 4 heads per
# program) as Fast_RoPE_Embedding.forward launches it for the query (which
# fast_rope_embedding takes when no position ids are given): Q (batch, seq,
# 32, 128) viewed as (8192, 4096), whose row stride is a constexpr, like the
# cos/sin row strides (the cache's 128); BLOCK_SIZE, num_warps =
# calculate_settings(128 // 2) = 64, 4; BACKWARD_PASS False; grid (rows,
# cdiv(32, 4)). The cache holds 8192 positions (extend_rope_embedding grows
# it by 8192). Real cos/sin, so that repeated launches keep Q bounded.
_UNSLOTH_HEADS, _UNSLOTH_HEAD_DIM = 32, 128


def _unsloth_rope_args():
    cos, sin = _unsloth_rope_tables(8192, _UNSLOTH_HEAD_DIM)
    # Q, cos, sin, seqlen.
    return [randn(_UNSLOTH_ROWS, _UNSLOTH_HEADS * _UNSLOTH_HEAD_DIM,
                  dtype="bfloat16"), cos, sin, _UNSLOTH_SEQ]


case(id="unsloth_rope_embedding_fwd", repo="unsloth",
     path=_unsloth_path("rope_embedding"), kernel="_rope_embedding",
     signature=f"*bf16:16, {_UNSLOTH_HEADS * _UNSLOTH_HEAD_DIM}, *bf16:16, "
     f"{_UNSLOTH_HEAD_DIM}, *bf16:16, {_UNSLOTH_HEAD_DIM}, i32:16, "
     f"{_UNSLOTH_HEAD_DIM}, {_UNSLOTH_HEADS}, False, 64",
     num_warps=4, grid=(_UNSLOTH_ROWS, cdiv(_UNSLOTH_HEADS, 4)),
     args=_unsloth_rope_args, atol=1e-2, rtol=1e-2)


# cross_entropy_loss.py: Llama-3's vocabulary (128256) is above
# MAX_FUSED_SIZE (65536), so Fast_CrossEntropyLoss.forward takes the chunked
# kernel, _chunked_cross_entropy_forward: 2 chunks of BLOCK_SIZE 65536, one
# program per (row, chunk), 32 warps, the logits' row stride a constexpr, no
# softcapping or logit scaling (SOFTCAP = LOGIT_SCALE = 0). Each chunk's
# logsumexp goes to logsumexp (rows, 2); chunk 0 writes -x of the label to
# losses. bf16 logits, int64 labels with one in 16 ignored (-100).
_UNSLOTH_VOCAB, _UNSLOTH_CHUNK = 128256, 65536


def _unsloth_cross_entropy_args():
    labels = randint(_UNSLOTH_VOCAB, _UNSLOTH_ROWS)
    labels[5::16] = -100
    chunks = cdiv(_UNSLOTH_VOCAB, _UNSLOTH_CHUNK)
    # logits, losses, logsumexp, labels.
    return [randn(_UNSLOTH_ROWS, _UNSLOTH_VOCAB, dtype="bfloat16"),
            empty(_UNSLOTH_ROWS), empty(_UNSLOTH_ROWS, chunks), labels]


case(id="unsloth_chunked_cross_entropy_fwd", repo="unsloth",
     path=_unsloth_path("cross_entropy_loss"),
     kernel="_chunked_cross_entropy_forward",
     signature=f"*bf16:16, {_UNSLOTH_VOCAB}, *fp32:16, *fp32:16, *i64:16, "
     f"{_UNSLOTH_VOCAB}, {cdiv(_UNSLOTH_VOCAB, _UNSLOTH_CHUNK)}, "
     f"{_UNSLOTH_CHUNK}, False, 0, False, 0",
     num_warps=32,
     grid=(_UNSLOTH_ROWS, cdiv(_UNSLOTH_VOCAB, _UNSLOTH_CHUNK)),
     args=_unsloth_cross_entropy_args, atol=1e-4, rtol=1e-5)

# The same wrapper's one-chunk path, _cross_entropy_forward, for a
# vocabulary of at most 65536 (Llama-2's and Mistral's 32000): one program
# per row over the whole row, BLOCK_SIZE, num_warps = calculate_settings(
# 32000) = 32768, 32; the row stride a runtime argument here.
_UNSLOTH_VOCAB_32K = 32000


def _unsloth_cross_entropy_32k_args():
    labels = randint(_UNSLOTH_VOCAB_32K, _UNSLOTH_ROWS)
    labels[5::16] = -100
    # logits, the logits' row stride, losses, logsumexp, labels.
    return [randn(_UNSLOTH_ROWS, _UNSLOTH_VOCAB_32K, dtype="bfloat16"),
            _UNSLOTH_VOCAB_32K, empty(_UNSLOTH_ROWS), empty(_UNSLOTH_ROWS),
            labels]


case(id="unsloth_cross_entropy_fwd_32k", repo="unsloth",
     path=_unsloth_path("cross_entropy_loss"), kernel="_cross_entropy_forward",
     signature="*bf16:16, i32:16, *fp32:16, *fp32:16, *i64:16, "
     f"{_UNSLOTH_VOCAB_32K}, 32768, False, 0, False, 0",
     num_warps=32, grid=(_UNSLOTH_ROWS,),
     args=_unsloth_cross_entropy_32k_args, atol=1e-4, rtol=1e-5)


# --- mamba (state-spaces/mamba, repo "mamba") -----------------------------
#
# Mamba-2's Triton kernels (mamba_ssm/ops/triton) as its wrappers launch
# them: the @triton.heuristics values (HAS_* from which pointers are None,
# BLOCK_SIZE_DSTATE from dstate) written out as constexprs, the optional
# pointers the wrappers pass as None given as None, one config of each
# @triton.autotune list. Shapes of Mamba-2 2.7B (d_model 2560: d_ssm 5120,
# 80 heads of 64, d_state 128, one group) and 370M (32 heads) in bf16.
# The sources import einops and packaging at module level (softplus.py and
# ssd_chunk_scan.py use packaging.version): the GPU machine needs both.

def _mamba_path(name):
    return f"mamba_ssm/ops/triton/{name}.py"


# selective_state_update.py: one decoding step of the SSM state, as
# Mamba2.step calls selective_state_update (dt_softplus True, D and
# dt_bias given; z given as with rmsnorm=False). The wrapper launches
# grid (cdiv(dim, BLOCK_SIZE_M), batch, nheads) with its hand-tuned
# BLOCK_SIZE_M 4 and 4 warps for dstate 128; state_batch_indices is None.
# Mamba2.step passes A, dt, dt_bias and D as einops.repeat views broadcast
# over the head dim (and dstate for A), strides 0, so the wrapper's
# tie_hdim is True (TIE_HDIM: one dt and A per head); the untied variant
# is the full-tensor form mamba's tests use. The state is fp32 (the model's
# allocate_inference_cache gives the model's dtype unless told otherwise);
# x, dt, B, C, z bf16 as they leave in_proj and the conv; dt_bias bf16 (a
# parameter in the model's dtype), A and D fp32. The state is updated in
# place, the output written: both compared. Each tensor is contiguous; the
# broadcast ones are their compact storage with the view's strides.
_MAMBA_SSU_B, _MAMBA_SSU_H, _MAMBA_SSU_P, _MAMBA_SSU_N = 64, 80, 64, 128


def _mamba_state_update_args(tie_hdim):
    def make():
        torch = _torch()
        b, h, p, n = _MAMBA_SSU_B, _MAMBA_SSU_H, _MAMBA_SSU_P, _MAMBA_SSU_N
        state = randn(b, h, p, n)
        x, z = (randn(b, h, p, dtype="bfloat16") for _ in range(2))
        out = empty(b, h, p, dtype="bfloat16")
        B, C = (randn(b, 1, n, dtype="bfloat16") for _ in range(2))
        if tie_hdim:
            # dt (batch, nheads), dt_bias the inverse softplus of dt in
            # [1e-3, 0.1], A = -exp(A_log) in [-16, -1], D per head; the
            # strides of their repeat() views.
            dt = randn(b, h, dtype="bfloat16")
            dt_bias = (rand(h) * 4.6 - 6.9).to(torch.bfloat16)
            A, D = -(rand(h) * 15 + 1), randn(h)
            dt_strides = [*dt.stride(), 0]
            dt_bias_strides, A_strides, D_strides = [1, 0], [1, 0, 0], [1, 0]
        else:
            dt = randn(b, h, p, dtype="bfloat16")
            dt_bias = rand(h, p) - 4.0
            A, D = -rand(h, p, n) - 1.0, randn(h, p)
            dt_strides, dt_bias_strides = list(dt.stride()), list(
                dt_bias.stride())
            A_strides, D_strides = list(A.stride()), list(D.stride())
        # state, x, dt, dt_bias, A, B, C, D, z, out; batch, nheads, dim,
        # dstate, nheads // ngroups; the strides of each.
        return [state, x, dt, dt_bias, A, B, C, D, z, out, b, h, p, n, h,
                *state.stride(), *x.stride(), *dt_strides, *dt_bias_strides,
                *A_strides, *B.stride(), *C.stride(), *D_strides, *z.stride(),
                *out.stride()]
    return make


for _name, _tie, _dt_bias, _strides in (
        # dt (batch, head, dim), dt_bias (head, dim), A (head, dim, dstate),
        # B, C (batch, group, dstate), D (head, dim) strides.
        ("", True, "bf16",
         "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, i32:16, i32:16, "
         "i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, i32:1, i32:16"),
        ("_untied", False, "fp32",
         "i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:16, i32:1, "
         "i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, i32:16, i32:1")):
    case(id=f"mamba_selective_state_update{_name}", repo="mamba",
         path=_mamba_path("selective_state_update"),
         kernel="_selective_scan_update_kernel",
         signature=f"*fp32:16, *bf16:16, *bf16:16, *{_dt_bias}:16, *fp32:16, "
         "*bf16:16, *bf16:16, *fp32:16, *bf16:16, *bf16:16, None, "
         + "i32:16, " * 5 + "i32:16, i32:16, i32:16, i32:1, "
         "i32:16, i32:16, i32:1, " + _strides + ", "
         "i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, "
         f"True, {_tie}, 4, True, True, True, False, {_MAMBA_SSU_N}",
         num_warps=4,
         grid=(cdiv(_MAMBA_SSU_P, 4), _MAMBA_SSU_B, _MAMBA_SSU_H),
         args=_mamba_state_update_args(_tie), atol=1e-2, rtol=1e-2)

# layernorm_gated.py: the gated RMSNorm after Mamba-2's scan (Mamba2's
# self.norm, RMSNormGated: rmsnorm_fn with norm_before_gate False, eps 1e-5,
# group_size d_ssm / ngroups = 5120, no bias) over batch x seqlen = 16384
# rows. _layer_norm_fwd launches grid (M, ngroups) with BLOCK_N
# next_power_of_2(5120) = 8192 and min(max(BLOCK_N // 256, 1), 8) = 8 warps;
# B and Mean (is_rms_norm) are None. z is Mamba2.forward's slice of
# in_proj's output (order z, x, B, C, dt; z first): rows of d_in_proj =
# 2 * 5120 + 2 * 128 + 80 = 10576, so Z is that whole buffer, of which the
# kernel reads the first 5120 columns of each row.
_MAMBA_LN_M, _MAMBA_LN_N = 16384, 5120
_MAMBA_LN_IN_PROJ = 2 * _MAMBA_LN_N + 2 * 128 + 80


def _mamba_rmsnorm_gated_args():
    m, n = _MAMBA_LN_M, _MAMBA_LN_N
    # X, Y, W, Z, Rstd, the row strides of x, y and z, M, N (group_size),
    # eps.
    return [randn(m, n, dtype="bfloat16"), empty(m, n, dtype="bfloat16"),
            randn(n, dtype="bfloat16"),
            randn(m, _MAMBA_LN_IN_PROJ, dtype="bfloat16"), empty(m), n, n,
            _MAMBA_LN_IN_PROJ, m, n, 1e-5]


case(id="mamba_rmsnorm_gated_fwd", repo="mamba",
     path=_mamba_path("layernorm_gated"),
     kernel="_layer_norm_fwd_1pass_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, None, *bf16:16, None, "
     "*fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, fp32, 8192, False, "
     "True, False, True",
     num_warps=8, grid=(_MAMBA_LN_M, 1), args=_mamba_rmsnorm_gated_args,
     atol=1e-2, rtol=1e-2)

# ssd_chunk_scan.py: the SSD chunked scan's output (per chunk, C times the
# state passed in, plus the causal intra-chunk CB-weighted sum over x, plus
# D x), as _mamba_chunk_scan_combined_fwd calls _chunk_scan_fwd for
# Mamba-2 370M (32 heads of 64, d_state 128, one group, chunk_size 256)
# at batch 4 x 4096 tokens: D per head (D_HAS_HDIM False), z, seq_idx
# and out_x None (rmsnorm=True, no varlen). The inputs are those of the
# earlier kernels: CB fp32 (_bmm_chunk_fwd), dt and dA_cumsum fp32
# (_chunk_cumsum_fwd: softplus(dt + dt_bias) in [1e-3, 0.1], the
# chunk-local cumsum of dt * A), the chunk states in C's dtype
# (_state_passing_fwd). Grid (cdiv(256, BLOCK_SIZE_M) * cdiv(64,
# BLOCK_SIZE_N), batch * nchunks, nheads); of the autotune list, the first
# config whose BLOCK_SIZE_N is not wider than headdim: 128 x 64 x 32, 4
# warps, 4 stages. BLOCK_SIZE_DSTATE = max(next_power_of_2(128), 16), and
# IS_TRITON_22 True.
_MAMBA_CS_B, _MAMBA_CS_L, _MAMBA_CS_H, _MAMBA_CS_P, _MAMBA_CS_N = (
    4, 4096, 32, 64, 128)
_MAMBA_CS_Q = 256  # chunk_size
_MAMBA_CS_C = _MAMBA_CS_L // _MAMBA_CS_Q


def _mamba_decay():
    """dt (batch, heads, chunks, chunk_size) and its cumulative sums scaled by
    each head's negative A, as the chunked steps read them (fp32)."""
    b, h, c, q = _MAMBA_CS_B, _MAMBA_CS_H, _MAMBA_CS_C, _MAMBA_CS_Q
    dt = rand(b, h, c, q) * 0.1 + 1e-3
    A = -(rand(h) * 15 + 1)
    return dt, (dt * A.view(1, h, 1, 1)).cumsum(-1)


def _mamba_chunk_scan_args():
    torch = _torch()
    b, l, h, p, n = (_MAMBA_CS_B, _MAMBA_CS_L, _MAMBA_CS_H, _MAMBA_CS_P,
                     _MAMBA_CS_N)
    q, c = _MAMBA_CS_Q, _MAMBA_CS_C
    x = randn(b, l, h, p, dtype="bfloat16")
    B, C = (randn(b, l, 1, n, dtype="bfloat16") for _ in range(2))
    # CB[b, c, g, i, j] = C[i] . B[j] within each chunk, fp32.
    cb = torch.einsum("bcign,bcjgn->bcgij", C.float().view(b, c, q, 1, n),
                      B.float().view(b, c, q, 1, n)).contiguous()
    dt, dA_cumsum = _mamba_decay()
    states = randn(b, c, h, p, n, dtype="bfloat16")
    D = randn(h)
    out = empty(b, l, h, p, dtype="bfloat16")
    # cb, x, out, dt, dA_cumsum, C, states, D; chunk_size, hdim, dstate,
    # batch, seqlen, nheads // ngroups; the strides of cb, x, z (0: None),
    # out, dt and dA_cumsum (batch, chunk, head, position), seq_idx (0),
    # C, states and D.
    return [cb, x, out, dt, dA_cumsum, C, states, D, q, p, n, b, l, h,
            *cb.stride(), *x.stride(), 0, 0, 0, 0, *out.stride(),
            dt.stride(0), dt.stride(2), dt.stride(1), dt.stride(3),
            dA_cumsum.stride(0), dA_cumsum.stride(2), dA_cumsum.stride(1),
            dA_cumsum.stride(3), 0, 0, *C.stride(), *states.stride(),
            D.stride(0)]


case(id="mamba_chunk_scan_fwd", repo="mamba",
     path=_mamba_path("ssd_chunk_scan"),
     kernel="_chunk_scan_fwd_kernel",
     signature="*fp32:16, *bf16:16, None, *bf16:16, None, *fp32:16, "
     "*fp32:16, None, *bf16:16, *bf16:16, *fp32:16, "
     "i32:16, i32:16, i32:16, i32, i32:16, i32:16, "
     "i32:16, i32:16, i32:16, i32:16, i32:1, "  # cb
     "i32:16, i32:16, i32:16, i32:1, "  # x
     "i32:16, i32:16, i32:16, i32:16, "  # z (None: zeros)
     "i32:16, i32:16, i32:16, i32:1, "  # out
     "i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, "
     "i32:16, i32:16, "  # seq_idx (None: zeros)
     "i32:16, i32:16, i32:16, i32:1, "  # C
     "i32:16, i32:16, i32:16, i32:16, i32:1, i32:1, "  # states, D
     "True, True, False, False, False, 128, 64, 32, 128, True",
     num_warps=4, num_stages=4,
     grid=(cdiv(_MAMBA_CS_Q, 128) * cdiv(_MAMBA_CS_P, 64),
           _MAMBA_CS_B * _MAMBA_CS_C, _MAMBA_CS_H),
     args=_mamba_chunk_scan_args, atol=5e-2, rtol=1e-2)


# ssd_bmm.py and ssd_chunk_state.py: Mamba-2's other two chunked steps, as
# mamba_chunk_scan_combined runs them before the chunk scan: CB = C . B^T
# within each chunk (fp32, one group), and each chunk's state, x^T . (B
# scaled by the decay to the chunk's end). Shapes of the chunk scan above,
# the sequence 16 times longer for the bmm (one launch of tens of us); each
# kernel with the config of its autotune list that fits the shape (128x128
# tiles of 32 for the bmm's 256-row chunks and dstate 128, 64x128 for the
# states' headdim 64).
_MAMBA_BMM_L = 16 * _MAMBA_CS_L


def _mamba_bmm_chunk_args():
    b, l, n, q = _MAMBA_CS_B, _MAMBA_BMM_L, _MAMBA_CS_N, _MAMBA_CS_Q
    C, B = (randn(b, l, 1, n, dtype="bfloat16") for _ in range(2))
    out = empty(b, l // q, 1, q, q)
    # a, b, out (seq_idx: None); seqlen, chunk_size, K, ngroups; the
    # strides of a, b and out; seq_idx's (0, 0).
    return [C, B, out, l, q, n, 1, *C.stride(), *B.stride(), *out.stride(),
            0, 0]


case(id="mamba_bmm_chunk_fwd", repo="mamba", path=_mamba_path("ssd_bmm"),
     kernel="_bmm_chunk_fwd_kernel",
     signature="*bf16:16, *bf16:16, *fp32:16, None, i32:16, i32:16, i32:16, "
     "i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, "
     "i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, "
     "False, tl.bfloat16, False, 128, 128, 32",
     num_warps=4, num_stages=4,
     grid=(cdiv(_MAMBA_CS_Q, 128) ** 2, _MAMBA_CS_B,
           _MAMBA_BMM_L // _MAMBA_CS_Q),
     args=_mamba_bmm_chunk_args, atol=1e-2, rtol=1e-3)


def _mamba_chunk_state_args():
    b, l, h, p, n = (_MAMBA_CS_B, _MAMBA_CS_L, _MAMBA_CS_H, _MAMBA_CS_P,
                     _MAMBA_CS_N)
    q, c = _MAMBA_CS_Q, _MAMBA_CS_C
    x = randn(b, l, h, p, dtype="bfloat16")
    B = randn(b, l, 1, n, dtype="bfloat16")
    states = empty(b, c, h, p, n)
    dt, dA_cumsum = _mamba_decay()
    # x, B, states, dt, dA_cumsum (seq_idx: None); headdim, dstate,
    # chunk_size, batch, seqlen, nheads // ngroups; the strides of x, B,
    # states, dt and dA_cumsum (batch, chunk, head, position), seq_idx's.
    return [x, B, states, dt, dA_cumsum, p, n, q, b, l, h,
            *x.stride(), *B.stride(), *states.stride(),
            dt.stride(0), dt.stride(2), dt.stride(1), dt.stride(3),
            dA_cumsum.stride(0), dA_cumsum.stride(2), dA_cumsum.stride(1),
            dA_cumsum.stride(3), 0, 0]


case(id="mamba_chunk_state_fwd", repo="mamba",
     path=_mamba_path("ssd_chunk_state"),
     kernel="_chunk_state_fwd_kernel",
     signature="*bf16:16, *bf16:16, *fp32:16, *fp32:16, *fp32:16, None, "
     "i32:16, i32:16, i32:16, i32, i32:16, i32:16, "
     "i32:16, i32:16, i32:16, i32:1, "  # x
     "i32:16, i32:16, i32:16, i32:1, "  # B
     "i32:16, i32:16, i32:16, i32:16, i32:1, "  # states
     "i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, "  # dt, dA
     "i32:16, i32:16, False, 64, 128, 32",
     num_warps=4, num_stages=4,
     grid=(cdiv(_MAMBA_CS_P, 64) * cdiv(_MAMBA_CS_N, 128),
           _MAMBA_CS_B * _MAMBA_CS_C, _MAMBA_CS_H),
     args=_mamba_chunk_state_args, atol=5e-2, rtol=1e-2)


# --- TritonBench (meta-pytorch/tritonbench, repo "tritonbench") ----------
#
# tritonbench/operators' Triton kernels, launched as its operators launch
# them: each with its autotune config (the int4 GEMM's two, the others'
# one), Triton's defaults (4 warps, 3 stages) where a config gives none.


def _tb_path(name):
    return f"tritonbench/operators/{name}.py"


def _int4_gemm_args(m, n, k):
    """int4_gemm/kernel.py's matmul: bf16 activations (m, k), the weights
    packed two int4 per int8 along K ((k // 2, n)), a bf16 result."""
    a = randn(m, k, dtype="bfloat16")
    b = randint(256, k // 2, n, dtype="int32").to(_torch().int8)
    c = empty(m, n, dtype="bfloat16")
    return [a, b, c, m, n, k, *a.stride(), *b.stride(), *c.stride()]


# Its two configs (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, warps; 4 stages): a
# prefill's 4096-row activations on the large tile, a decode batch's 64 rows
# on the small one. Triton's JIT refuses the large tile's 4 stages on an
# H100 or H200 (240 KB of shared memory; autotuning skips it): 3 here.
for _m, _n, _k, _tile, _warps, _stages in (
        (4096, 4096, 4096, (128, 256, 128), 8, 3),
        (64, 8192, 8192, (16, 128, 256), 4, 4)):
    case(id=f"tritonbench_int4_gemm_{'x'.join(map(str, _tile))}_m{_m}",
         repo="tritonbench", path=_tb_path("int4_gemm/kernel"),
         kernel="matmul_kernel",
         signature="*bf16:16, *i8:16, *bf16:16, " + "i32:16, " * 3
         + "i32:16, i32:1, " * 3 + ", ".join(map(str, _tile)) + ", 32",
         num_warps=_warps, num_stages=_stages,
         grid=(cdiv(_m, _tile[0]) * cdiv(_n, _tile[1]),),
         args=lambda m=_m, n=_n, k=_k: _int4_gemm_args(m, n, k),
         atol=1.0, rtol=1e-2)

_TB_GROUPS = ((2048, 2048, 2048), (1024, 4096, 2048), (4096, 1024, 1024),
              (2048, 2048, 4096))


def _pointer_table(tensors, dtype="int64"):
    """A device table of `tensors`' addresses (int64, or vLLM's uint64) that
    names them as its `pointees`: public_bench.py copies and compares what a
    table points to, as it does tensor arguments."""
    torch = _torch()
    table = torch.tensor([t.data_ptr() for t in tensors], device="cuda",
                         dtype=getattr(torch, dtype))
    table.pointees = list(tensors)
    return table


def _grouped_gemm_args():
    torch = _torch()
    a = [randn(m, k, dtype="float16") for m, n, k in _TB_GROUPS]
    b = [randn(k, n, dtype="float16") for m, n, k in _TB_GROUPS]
    c = [empty(m, n, dtype="float16") for m, n, k in _TB_GROUPS]
    sizes = torch.tensor([v for g in _TB_GROUPS for v in g],
                         dtype=torch.int32, device="cuda")
    lds = torch.tensor([v for x, y, z in zip(a, b, c)
                        for v in (x.stride(0), y.stride(0), z.stride(0))],
                       dtype=torch.int32, device="cuda")
    return [_pointer_table(a), _pointer_table(b), _pointer_table(c), sizes,
            lds, len(_TB_GROUPS)]


# grouped_gemm/kernels.py: one program per virtual SM walking the tiles of
# four GEMMs, its pointers read from device tables; the 128x128x32 config
# on 128 virtual SMs.
case(id="tritonbench_grouped_gemm_128x128x32", repo="tritonbench",
     path=_tb_path("grouped_gemm/kernels"), kernel="grouped_matmul_kernel",
     signature="*i64:16, *i64:16, *i64:16, *i32:16, *i32:16, i32, 128, 128, "
     "128, 32", num_warps=4, num_stages=3, grid=(128,),
     args=_grouped_gemm_args, atol=0.1, rtol=1e-2)

_TB_DROPOUT_N = 1 << 26
case(id="tritonbench_seeded_dropout", repo="tritonbench",
     path=_tb_path("low_mem_dropout/kernels"), kernel="_seeded_triton_dropout",
     signature="*fp32:16, *fp32:16, i32:16, fp32, i32, 1024", num_warps=4,
     grid=(_TB_DROPOUT_N // 1024,),
     args=lambda: [randn(_TB_DROPOUT_N), empty(_TB_DROPOUT_N), _TB_DROPOUT_N,
                   0.5, 123])


def _template_attention_args():
    shape = (16, 16, 4096, 64)
    return [randn(*shape, dtype="float16") for _ in range(3)] + [
        empty(*shape, dtype="float16")]


# template_attention/triton_attention.py: Inductor's attention template
# with a causal-and-prefix score mod, through block pointers, its shapes
# compiled in; with exp and with exp2.
for _variant in ("no_exp2", "with_exp2"):
    case(id=f"tritonbench_template_attention_{_variant}", repo="tritonbench",
         path=_tb_path("template_attention/triton_attention"),
         kernel=f"triton_tem_fused_{_variant}",
         signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, 4096, 128, 64, "
         "64", num_warps=4, num_stages=3, grid=(4096 // 128, 16 * 16),
         args=_template_attention_args, atol=1e-2, rtol=1e-2)


# --- Native sparse attention (fla-org/native-sparse-attention, "nsa") -----
# parallel.py's selected-block attention forward, as parallel_nsa_fwd
# launches it: 64 query heads over 4 KV heads (G = 16 queries share each
# KV head), K = V = 128 (BK = BV = 128), S = 16 selected blocks of BS = 64
# tokens per query, grid (T, 1, B * H), block_counts the int S (so
# USE_BLOCK_COUNTS False) and no offsets. Its autotune tries 1, 2 and 4
# warps (key BS, BK, BV): each is a case. The `if i_s <= i_t` in the loop
# keeps either compiler from pipelining it, so the K and V tiles reach
# mma.sync through registers.
_NSA_B, _NSA_T, _NSA_H, _NSA_HQ, _NSA_D, _NSA_S, _NSA_BS = (
    2, 4096, 4, 64, 128, 16, 64)


def _nsa_fwd_args():
    torch = _torch()
    B, T, H, HQ, D, S = _NSA_B, _NSA_T, _NSA_H, _NSA_HQ, _NSA_D, _NSA_S
    q = randn(B, T, HQ, D, dtype="bfloat16")
    k, v = (randn(B, T, H, D, dtype="bfloat16") for _ in range(2))
    # Each query's S blocks: its own first (as NSA always selects it, so
    # no row is empty), then any at or before it, or the one after, which
    # the kernel skips.
    t = torch.arange(T, device="cuda").view(1, T, 1, 1) // _NSA_BS
    blocks = torch.randint(0, 1 << 20, (B, T, H, S), device="cuda")
    indices = (blocks % (t + 2)).to(torch.int32)
    indices[..., 0] = t[..., 0]
    return [q, k, v, empty(B, T, HQ, D, dtype="bfloat16"), empty(B, T, HQ),
            D ** -0.5, indices, T]


for _warps in (1, 2, 4):
    case(id=f"nsa_parallel_fwd_w{_warps}", repo="nsa",
         path="native_sparse_attention/ops/parallel.py",
         kernel="parallel_nsa_fwd_kernel",
         signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, fp32, "
         f"*i32:16, None, None, None, i32:16, {_NSA_H}, {_NSA_HQ}, "
         f"{_NSA_HQ // _NSA_H}, {_NSA_D}, {_NSA_D}, {_NSA_S}, {_NSA_BS}, "
         f"{_NSA_D}, {_NSA_D}, False, False",
         num_warps=_warps, num_stages=3,
         grid=(_NSA_T, 1, _NSA_B * _NSA_H), args=_nsa_fwd_args,
         atol=2e-2, rtol=2e-2)


# --- Native sparse attention (XunhaoLai/native-sparse-attention-triton,
# repo "nsat") --------------------------------------------------------------
# linear_compress.py's forward as LinearCompress.forward launches it on
# Hopper: 16 sequences of 8192 tokens, 4 heads of 128, windows of 32 tokens
# every 16 (511 per sequence) compressed by a per-head [32 * 128, 128]
# weight; blocks of 64 windows x 32 outputs, 8 input columns of each
# window's 32 tokens a step (BLOCK_HEADd_DIM 8): a [64, 32, 8] gathered
# tile flattened into a [64, 256] dot operand. Triton's defaults: 4 warps,
# 3 stages.
_NSAT_B, _NSAT_L, _NSAT_H, _NSAT_D, _NSAT_KS, _NSAT_STRIDE = (
    16, 8192, 4, 128, 32, 16)
_NSAT_Y = (_NSAT_L - _NSAT_KS) // _NSAT_STRIDE + 1


def _nsat_linear_compress_args():
    torch = _torch()
    B, L, H, D, KS = _NSAT_B, _NSAT_L, _NSAT_H, _NSAT_D, _NSAT_KS
    x = randn(B * L, H, D, dtype="float16")
    w = (randn(H, KS, D, D, dtype="float16") / (KS * D) ** 0.5).contiguous()
    cu_x = torch.arange(0, B + 1, device="cuda", dtype=torch.int32) * L
    cu_y = torch.arange(0, B + 1, device="cuda", dtype=torch.int32) * _NSAT_Y
    y = zeros(B * _NSAT_Y, H, D, dtype="float16")
    return [x, y, w, cu_x, cu_y, *x.stride(), *w.stride(), *y.stride()]


case(id="nsat_linear_compress_fwd", repo="nsat",
     path="native_sparse_attention/ops/triton/linear_compress.py",
     kernel="linear_compress_fwd_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *i32:16, *i32:16, i32:16, "
     "i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, "
     f"{_NSAT_H}, {_NSAT_KS}, {_NSAT_STRIDE}, {_NSAT_D}, {_NSAT_D}, 64, 32, "
     "8, 32",
     num_warps=4, num_stages=3,
     grid=(_NSAT_B * _NSAT_H, cdiv(_NSAT_Y, 64), _NSAT_D // 32),
     args=_nsat_linear_compress_args, atol=2e-2, rtol=2e-2)

# flash_attention_decode.py's decode kernel as its wrapper launches it at
# head_dim 128 (8 warps, 3 stages, BLOCK_SIZE_B 16, BLOCK_SIZE_K 128): 32
# sequences of 4096 cached tokens, 32 query heads over 4 KV heads. Its
# q[:, None, :] * k products are [16, 128, 128] tiles reduced in registers.
_NSAT_DB, _NSAT_DN, _NSAT_HQ, _NSAT_HK = 32, 4096, 32, 4


def _nsat_decode_args():
    torch = _torch()
    B, N, HQ, HK, D = _NSAT_DB, _NSAT_DN, _NSAT_HQ, _NSAT_HK, _NSAT_D
    q = randn(B, HQ, D, dtype="float16")
    k, v = (randn(B, N, HK, D, dtype="float16") for _ in range(2))
    o = empty(B, HQ, D, dtype="float16")
    seqlens = torch.randint(N // 2, N + 1, (B,), device="cuda",
                            dtype=torch.int32)
    return [q, k, v, o, seqlens, B, HQ // HK, D, D ** -0.5, *q.stride(),
            *k.stride(), *v.stride(), *o.stride()]


case(id="nsat_decode", repo="nsat",
     path="native_sparse_attention/ops/triton/flash_attention_decode.py",
     kernel="decode_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, *fp16:16, *i32:16, i32:16, "
     "i32, i32:16, fp32, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, "
     "i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:1, 16, 128, "
     "128",
     num_warps=8, num_stages=3, grid=(_NSAT_HQ, cdiv(_NSAT_DB, 16)),
     args=_nsat_decode_args, atol=2e-2, rtol=2e-2)


# --- TransformerEngine (NVIDIA/TransformerEngine, repo "te") --------------
# mhc.py's expand-combine forward (manifold hyper-connections, n = 4
# streams): out = (f + bias) x H_post + x x H_res per token, the 4x4 mix
# built from reshapes, transposes and two levels of tl.split. One of its
# autotune configs (BLOCK_SIZE_M 4, BLOCK_SIZE_C 256, 2 warps, 2 stages),
# unit strides specialized as Triton's JIT does.
_TE_M, _TE_C, _TE_N = 4096, 4096, 4


def _te_mhc_args():
    M, C, n = _TE_M, _TE_C, _TE_N
    return [randn(M, C, dtype="bfloat16"), randn(C, dtype="bfloat16"),
            randn(M, n), randn(M, C * n, dtype="bfloat16"), randn(M, n, n),
            empty(M, C * n, dtype="bfloat16"), M, C, C, 1, 1, C * n, 1,
            C * n, 1]


case(id="te_mhc_expand_combine_fwd", repo="te",
     path="transformer_engine/common/triton/mhc.py",
     kernel="_mhc_expand_combine_fwd",
     signature="*bf16:16, *bf16:16, *fp32:16, *bf16:16, *fp32:16, *bf16:16, "
     f"i32:16, i32:16, {_TE_N}, i32:16, i32:1, i32:1, i32:16, i32:1, "
     "i32:16, i32:1, 4, 256, True",
     num_warps=2, num_stages=2, grid=(cdiv(_TE_C, 256), cdiv(_TE_M, 4)),
     args=_te_mhc_args, atol=5e-2, rtol=2e-2)


# --- lightning-attention (OpenNLPLab/lightning-attention, "lightning") ----
# lightning_attn2.py's forward as LightningAttention2 launches it: decayed
# linear attention in blocks of 64 tokens (four fp32 tl.dot per block, on
# tf32), the running 128x32 state carried by the loop, grid (b * h, e / 32).
_LA_B, _LA_H, _LA_N, _LA_D = 4, 16, 4096, 128


def _lightning_fwd_args():
    torch = _torch()
    q, k, v = (randn(_LA_B, _LA_H, _LA_N, _LA_D, dtype="bfloat16") * 0.1
               for _ in range(3))
    slope = torch.rand(_LA_H, 1, 1, device="cuda") * 0.5 + 0.05
    return [q, k, v, empty(_LA_B, _LA_H, _LA_N, _LA_D, dtype="bfloat16"),
            slope]


case(id="lightning_attn2_fwd", repo="lightning",
     path="lightning_attn/ops/triton/lightning_attn2.py", kernel="_fwd_kernel",
     signature="*bf16:16, *bf16:16, *bf16:16, *bf16:16, *fp32:16, "
     f"{_LA_B}, {_LA_H}, {_LA_N}, {_LA_D}, {_LA_D}, 64, {_LA_N // 64}, 32",
     num_warps=4, grid=(_LA_B * _LA_H, _LA_D // 32), args=_lightning_fwd_args,
     atol=5e-2, rtol=5e-2)


# --- FlagAttention (FlagOpen/FlagAttention, repo "flagattn") --------------
# flash.py's forward with dropout as its `attention` launches it for a head
# dim of 128 (BLOCK_M = BLOCK_N = 128, 8 warps, 3 stages): 32 query heads
# over 8 KV heads, 4096 tokens, not causal. Each iteration draws its
# dropout mask with tl.rand (Philox, 6 rounds) over the scores' tile.
_FA_B, _FA_H, _FA_HK, _FA_N, _FA_D = 2, 32, 8, 4096, 128


def _flagattn_dropout_args():
    q = randn(_FA_B, _FA_H, _FA_N, _FA_D, dtype="float16")
    k, v = (randn(_FA_B, _FA_HK, _FA_N, _FA_D, dtype="float16")
            for _ in range(2))
    lse = empty(_FA_B, _FA_H, _FA_N)
    o = empty(_FA_B, _FA_H, _FA_N, _FA_D, dtype="float16")
    return [q, k, v, _FA_D ** -0.5, 0.1, 1234567, 7, lse, o, *q.stride(),
            *k.stride(), *v.stride(), *o.stride(), _FA_B, _FA_H, _FA_N,
            _FA_N, 0, _FA_H // _FA_HK]


case(id="flagattn_fwd_dropout", repo="flagattn", path="src/flag_attn/flash.py",
     kernel="_fwd_kernel",
     signature="*fp16:16, *fp16:16, *fp16:16, fp32, fp32, i32, i32, "
     "*fp32:16, *fp16:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, "
     "i32:16, i32:1, i32:16, i32:16, i32:16, i32:1, i32:16, i32:16, i32:16, "
     "i32:1, i32, i32:16, i32:16, i32:16, i32:16, i32, 128, 128, 128, "
     "False, True, False, True, True",
     num_warps=8, num_stages=3, grid=(_FA_N // 128, _FA_H, _FA_B),
     args=_flagattn_dropout_args, atol=2e-2, rtol=2e-2)


# --- SageAttention (thu-ml/SageAttention, repo "sage") --------------------
# triton/attn_qk_int8_per_block.py's forward as its `forward` launches it
# (HND layout, head_dim 128: 8 warps, 4 stages): int8 q and k with one fp32
# scale per block of 128 queries and of 64 keys, Q @ K^T on int8 (int32),
# P @ V in fp16 accumulating in fp16 (out_dtype=tl.float16), no mask.
_SAGE_B, _SAGE_H, _SAGE_N, _SAGE_D = 4, 32, 4096, 128


def _sage_attn_args():
    torch = _torch()
    shape = (_SAGE_B, _SAGE_H, _SAGE_N, _SAGE_D)
    q, k = (torch.randint(-127, 128, shape, device="cuda", dtype=torch.int8)
            for _ in range(2))
    v = randn(*shape, dtype="float16")
    # Scales as Sage's per-block quantization makes them (max |x| / 127),
    # the softmax's 1/sqrt(d) and log2(e) folded into q's.
    q_scale = rand(_SAGE_B, _SAGE_H, _SAGE_N // 128) * 0.2 / 127
    k_scale = rand(_SAGE_B, _SAGE_H, _SAGE_N // 64) * 2 / 127
    o = empty(*shape, dtype="float16")
    strides = [*q.stride()[:3], *k.stride()[:3], *v.stride()[:3],
               *o.stride()[:3]]
    # No mask: its None is a constexpr of the signature, not an argument.
    return [q, k, v, q_scale, k_scale, o, empty(1), *strides,
            0, 0, 0, 0, _SAGE_N, _SAGE_N]


case(id="sage_attn_qk_int8_per_block", repo="sage",
     path="sageattention/triton/attn_qk_int8_per_block.py", kernel="_attn_fwd",
     signature="*i8:16, *i8:16, *fp16:16, *fp32:16, *fp32:16, *fp16:16, None, "
     "*fp32:16, " + "i32:16, " * 18 + f"{_SAGE_H}, 1, {_SAGE_D}, 128, 64, 1, "
     "False",
     num_warps=8, num_stages=4,
     grid=(_SAGE_N // 128, _SAGE_H, _SAGE_B), args=_sage_attn_args,
     atol=2e-2, rtol=2e-2)


# --- torch.compile (Inductor) kernels -------------------------------------
# What torch 2.11's Inductor writes for common ops, dumped on the GPU machine
# by bench/inductor_dump.py (repo `inductor`: the folder of its kernels, one
# per file, named <op>_<module>__<kernel>.py). Their shapes are compiled in
# (xnumel, r0_numel); launch settings as Inductor's heuristics pick them for
# these shapes: persistent reductions one row per program, looped ones
# 2048 columns at a time. Triton's JIT runs them with torch's own
# triton_helpers; tkc with its version (compiler/Frontend/InductorHelpers).
_IND_SIG2 = "i32:16, i32:16"


def _ind_path(op, kernel):
    return f"{op}__{kernel}.py"


def _nan_rows():
    x = randn(4096, 1024)
    x[::7, 3] = float("nan")
    x[::5, 100] = x[::5, 101]  # ties: the lower index wins
    return x


def _floor_div_args():
    n = 1 << 20
    b = randint(49, n) + 1
    b[::2] = -b[::2]
    return [randint(2000, n) - 1000, b, empty(n, dtype="int64"),
            empty(n, dtype="int64"), n]


for _op, _kernel, _sig, _warps, _grid, _args, _tol in (
        ("softmax_fp32_0",
         "triton_per_fused__softmax_exp_prepare_softmax_online_sub_0",
         f"*fp32:16, *fp32:16, {_IND_SIG2}, 1", 8, (4096,),
         lambda: [randn(4096, 1024), empty(4096, 1024), 4096, 1024],
         (1e-7, 1e-5)),
        ("softmax_fp16_8192_0",
         "triton_red_fused__softmax__to_copy_exp_prepare_softmax_online_sub_0",
         f"*fp16:16, *fp16:16, {_IND_SIG2}, 1, 2048", 8, (4096,),
         lambda: [randn(4096, 8192, dtype="float16"),
                  empty(4096, 8192, dtype="float16"), 4096, 8192],
         (1e-3, 1e-2)),
        ("layer_norm_bf16_0", "triton_red_fused_native_layer_norm_0",
         f"*bf16:16, *bf16:16, *bf16:16, {_IND_SIG2}, 1, 2048", 8, (4096,),
         lambda: [randn(4096, 4096, dtype="bfloat16"),
                  randn(4096, dtype="bfloat16"),
                  empty(4096, 4096, dtype="bfloat16"), 4096, 4096],
         (2e-2, 2e-2)),
        ("var_mean_wide_0", "triton_red_fused_var_mean_0",
         f"*fp16:16, *fp16:16, *fp16:16, {_IND_SIG2}, 1, 2048", 8, (4096,),
         lambda: [randn(4096, 8192, dtype="float16"),
                  empty(4096, dtype="float16"), empty(4096, dtype="float16"),
                  4096, 8192],
         (1e-3, 1e-2)),
        ("rms_norm_bf16_0",
         "triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_0",
         f"*bf16:16, *bf16:16, *bf16:16, {_IND_SIG2}, 1, 2048", 8, (4096,),
         lambda: [randn(4096, 4096, dtype="bfloat16"),
                  randn(4096, dtype="bfloat16"),
                  empty(4096, 4096, dtype="bfloat16"), 4096, 4096],
         (2e-2, 2e-2)),
        ("max_dim_nan_0", "triton_per_fused_max_0",
         f"*fp32:16, *fp32:16, *i64:16, {_IND_SIG2}, 1", 8, (4096,),
         lambda: [_nan_rows(), empty(4096), empty(4096, dtype="int64"),
                  4096, 1024],
         (0.0, 0.0)),
        ("argmin_nan_0", "triton_red_fused_argmin_0",
         f"*fp32:16, *i64:16, i32:16, i32:16, 64, 8", 4, (1024 // 64,),
         lambda: [_nan_rows(),
                  empty(1024, dtype="int64"), 1024, 4096],
         (0.0, 0.0)),
        ("floor_div_mod_0", "triton_poi_fused_div_remainder_0",
         "*i64:16, *i64:16, *i64:16, *i64:16, i32:16, 1024", 4,
         ((1 << 20) // 1024,), _floor_div_args, (0.0, 0.0)),
        ("gelu_erf_0", "triton_poi_fused_gelu_0",
         "*fp16:16, *fp16:16, i32:16, 1024", 4, ((1 << 25) // 1024,),
         lambda: [randn(4096, 8192, dtype="float16"),
                  empty(4096, 8192, dtype="float16"), 1 << 25],
         (1e-3, 1e-3))):
    case(id=f"inductor_{_op[:-2]}", repo="inductor",
         path=_ind_path(_op, _kernel), kernel=_kernel, signature=_sig,
         num_warps=_warps, grid=_grid, args=_args, atol=_tol[0],
         rtol=_tol[1])


def main():
    if sys.argv[1:] != ["--jobs"]:
        print(__doc__)
        return 2
    for c in CASES:
        print("|".join([c.id, c.repo, c.path, c.kernel, c.signature,
                        str(c.num_warps), str(c.num_stages or "")]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
