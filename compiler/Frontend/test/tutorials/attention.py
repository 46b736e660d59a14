# RUN: tkc compile %s --kernel attn_fwd --signature '*fp16:16, *fp16:16, *fp16:16, fp32, *fp32:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32, 128, 64, 64' --emit=ttir | FileCheck %s
# Fused attention forward (causal) in the style of Triton's sixth tutorial,
# written with plain pointer arithmetic: an inner @jit function returning a
# tuple of loop-carried statistics, online softmax with exp2, two dots per
# iteration, constexpr stages, and tl.static_assert.
import triton
import triton.language as tl


@triton.jit
def attn_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs, stride_kn, stride_vn,
               start_m, qk_scale, N_CTX,
               BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr,
               BLOCK_N: tl.constexpr, STAGE: tl.constexpr,
               offs_m, offs_n):
    if STAGE == 1:
        lo, hi = 0, start_m * BLOCK_M
    else:
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    k_ptrs += lo * stride_kn
    v_ptrs += lo * stride_vn
    for start_n in range(lo, hi, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        k = tl.load(k_ptrs)
        qk = tl.dot(q, tl.trans(k))
        if STAGE == 2:
            causal = offs_m[:, None] >= (start_n + offs_n[None, :])
            qk = qk * qk_scale + tl.where(causal, 0, -1.0e6)
            m_ij = tl.maximum(m_i, tl.max(qk, 1))
            qk -= m_ij[:, None]
        else:
            m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
            qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v = tl.load(v_ptrs)
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
        k_ptrs += BLOCK_N * stride_kn
        v_ptrs += BLOCK_N * stride_vn
    return acc, l_i, m_i


@triton.jit
def attn_fwd(Q, K, V, sm_scale, M, Out,
             stride_qz, stride_qm, stride_kn, stride_vn, N_CTX,
             HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr):
    tl.static_assert(BLOCK_N <= HEAD_DIM, "BLOCK_N must not exceed HEAD_DIM")
    start_m = tl.program_id(0)
    off_z = tl.program_id(1)
    q_offset = off_z.to(tl.int64) * stride_qz
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q_ptrs = Q + q_offset + offs_m[:, None] * stride_qm + offs_d[None, :]
    k_ptrs = K + q_offset + offs_n[:, None] * stride_kn + offs_d[None, :]
    v_ptrs = V + q_offset + offs_n[:, None] * stride_vn + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504  # 1/log(2)
    q = tl.load(q_ptrs)
    for stage in tl.static_range(1, 3):
        acc, l_i, m_i = attn_inner(acc, l_i, m_i, q, k_ptrs, v_ptrs,
                                   stride_kn, stride_vn, start_m, qk_scale,
                                   N_CTX, BLOCK_M, HEAD_DIM, BLOCK_N, stage,
                                   offs_m, offs_n)
    m_i += tl.math.log2(l_i)
    acc = acc / l_i[:, None]
    tl.store(M + off_z * N_CTX + offs_m, m_i)
    o_ptrs = Out + q_offset + offs_m[:, None] * stride_qm + offs_d[None, :]
    tl.store(o_ptrs, acc.to(Out.type.element_ty))

# CHECK-LABEL: func.func @attn_fwd
# CHECK: arith.extsi %{{.*}} : i32 to i64
# Stage 1 (off the diagonal), then stage 2 (on it, with the causal mask).
# The loops carry l_i, acc, m_i and the two pointer blocks.
# CHECK: %[[S1:.*]]:5 = scf.for {{.*}} -> (tensor<64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64x128x!tkc.ptr<f16>>, tensor<64x128x!tkc.ptr<f16>>) : i32 {
# CHECK: %[[K:.*]] = tkc.load %{{.*}} : tensor<64x128x!tkc.ptr<f16>>
# CHECK: %[[KT:.*]] = tkc.trans %[[K]] {order = array<i32: 1, 0>} : tensor<64x128xf16> -> tensor<128x64xf16>
# CHECK: tkc.dot %{{.*}}, %[[KT]], %{{.*}} : tensor<64x128xf16> * tensor<128x64xf16> -> tensor<64x64xf32>
# CHECK: math.exp2 %{{.*}} : tensor<64x64xf32>
# CHECK: math.exp2 %{{.*}} : tensor<64xf32>
# CHECK: arith.truncf %{{.*}} : tensor<64x64xf32> to tensor<64x64xf16>
# CHECK: tkc.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64xf16> * tensor<64x128xf16> -> tensor<64x128xf32>
# CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[S1]]#0, %{{.*}} = %[[S1]]#1, %{{.*}} = %[[S1]]#2
# CHECK: arith.cmpi sge
# CHECK: tkc.dot
# CHECK: math.log2
# CHECK: arith.truncf %{{.*}} : tensor<64x128xf32> to tensor<64x128xf16>
# CHECK: tkc.store
