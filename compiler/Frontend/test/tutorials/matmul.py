# RUN: tkc compile %s --kernel matmul_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 64, 32, 8, ""' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel matmul_kernel --signature '*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, 4, "leaky_relu"' --emit=ttir | FileCheck %s --check-prefix=LEAKY
# Blocked matrix multiplication in the style of Triton's third tutorial:
# grouped program ordering computed by a @jit helper that returns a tuple,
# a K loop with a loop-carried fp32 accumulator, an optional fused
# activation chosen by a constexpr string, and ==1 strides folded away.
import triton
import triton.language as tl


@triton.jit
def grouped_pid(pid, num_pid_m, num_pid_n, GROUP_SIZE_M: tl.constexpr):
    """Maps a linear program id to (pid_m, pid_n) in groups of rows."""
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    return pid_m, pid_n


@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                  ACTIVATION: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    pid_m, pid_n = grouped_pid(pid, num_pid_m, num_pid_n, GROUP_SIZE_M)

    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(tl.float16)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)

# The ==1 strides are gone from the signature; the others stay.
# CHECK-LABEL: func.func @matmul_kernel
# CHECK-SAME: (%{{.*}}: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %{{.*}}: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %{{.*}}: !tkc.ptr<f16> {tkc.divisibility = 16 : i32}, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32 {tkc.divisibility = 16 : i32}, %{{.*}}: i32 {tkc.divisibility = 16 : i32}, %{{.*}}: i32 {tkc.divisibility = 16 : i32})
# The helper is inlined: no calls remain.
# CHECK-NOT: call
# CHECK: %[[ACC0:.*]] = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
# CHECK: arith.minsi
# CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ACC0]], %[[AP:.*]] = %{{.*}}, %[[BP:.*]] = %{{.*}}) -> (tensor<128x64xf32>, tensor<128x32x!tkc.ptr<f16>>, tensor<32x64x!tkc.ptr<f16>>) : i32 {
# CHECK: %[[A:.*]] = tkc.load %[[AP]], %{{.*}}, %{{.*}} : tensor<128x32x!tkc.ptr<f16>>
# CHECK: %[[B:.*]] = tkc.load %[[BP]], %{{.*}}, %{{.*}} : tensor<32x64x!tkc.ptr<f16>>
# CHECK: %[[D:.*]] = tkc.dot %[[A]], %[[B]], %[[ACC]] : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
# CHECK: scf.yield %[[D]],
# CHECK-NOT: arith.cmpf oge
# CHECK: arith.truncf %[[LOOP]]#0 : tensor<128x64xf32> to tensor<128x64xf16>
# CHECK: tkc.store

# LEAKY-LABEL: func.func @matmul_kernel
# LEAKY: scf.for
# LEAKY: tkc.dot
# LEAKY: arith.cmpf oge
# LEAKY: arith.select
# LEAKY: arith.truncf
