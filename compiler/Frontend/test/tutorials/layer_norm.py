# RUN: tkc compile %s --kernel layer_norm_fwd --signature '*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32, fp32, 1024' --emit=ttir | FileCheck %s --check-prefix=FWD
# RUN: tkc compile %s --kernel layer_norm_bwd_dx --signature '*fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *i32:16, i32:16, i32, 32, 1024' --emit=ttir | FileCheck %s --check-prefix=BWD
# RUN: tkc compile %s --kernel layer_norm_bwd_dwdb --signature '*fp32:16, *fp32:16, *fp16:16, *fp16:16, i32, i32, 32, 128' --emit=ttir | FileCheck %s --check-prefix=DWDB
# Layer normalization forward and backward in the style of Triton's fifth
# tutorial: multi-pass loops with loop-carried block accumulators, fp32
# statistics, and a backward pass that accumulates partial dW/dB under a
# spin lock (atomic_cas / atomic_xchg in a while loop).
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd(X, Y, W, B, Mean, Rstd, stride, N, eps,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    Y += row * stride
    X += row * stride
    # Pass 1: the mean, accumulated in fp32.
    _mean = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        _mean += a
    mean = tl.sum(_mean, axis=0) / N
    # Pass 2: the variance.
    _var = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        x = tl.load(X + cols, mask=cols < N, other=0.).to(tl.float32)
        x = tl.where(cols < N, x - mean, 0.)
        _var += x * x
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(Mean + row, mean)
    tl.store(Rstd + row, rstd)
    # Pass 3: normalize and apply the affine transform.
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        w = tl.load(W + cols, mask=mask)
        b = tl.load(B + cols, mask=mask)
        x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
        x_hat = (x - mean) * rstd
        y = x_hat * w + b
        tl.store(Y + cols, y, mask=mask)


@triton.jit
def layer_norm_bwd_dx(DX, DY, DW, DB, X, W, Mean, Rstd, Lock, stride, N,
                      GROUP_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    lock_id = row % GROUP_SIZE_M
    Lock += lock_id
    Count = Lock + GROUP_SIZE_M
    DW = DW + lock_id * N + cols
    DB = DB + lock_id * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = (x - mean) * rstd
    wdy = w * dy
    xhat = tl.where(mask, xhat, 0.)
    wdy = tl.where(mask, wdy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)
    partial_dw = (dy * xhat).to(w.dtype)
    partial_db = (dy).to(w.dtype)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_dw += tl.load(DW, mask=mask)
        partial_db += tl.load(DB, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)


@triton.jit
def layer_norm_bwd_dwdb(DW, DB, FINAL_DW, FINAL_DB, M, N,
                        BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    dw = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    db = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for i in range(0, M, BLOCK_SIZE_M):
        rows = i + tl.arange(0, BLOCK_SIZE_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        offs = rows[:, None] * N + cols[None, :]
        dw += tl.load(DW + offs, mask=mask, other=0.)
        db += tl.load(DB + offs, mask=mask, other=0.)
    sum_dw = tl.sum(dw, axis=0)
    sum_db = tl.sum(db, axis=0)
    tl.store(FINAL_DW + cols, sum_dw, mask=cols < N)
    tl.store(FINAL_DB + cols, sum_db, mask=cols < N)

# FWD-LABEL: func.func @layer_norm_fwd
# FWD-SAME: %{{.*}}: f32)
# Three loops; the first two carry an fp32 block accumulator.
# FWD: %[[M:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<1024xf32>) : i32 {
# FWD: arith.extf %{{.*}} : tensor<1024xf16> to tensor<1024xf32>
# FWD: scf.yield
# FWD: tkc.reduce(%[[M]]) axis = 0 : (tensor<1024xf32>) -> f32
# FWD: arith.sitofp %{{.*}} : i32 to f32
# FWD: scf.for {{.*}} -> (tensor<1024xf32>) : i32 {
# FWD: arith.select
# FWD: math.sqrt %{{.*}} : f32
# FWD: tkc.store %{{.*}}, %{{.*}} : !tkc.ptr<f32>
# FWD: scf.for
# FWD: arith.truncf %{{.*}} : tensor<1024xf32> to tensor<1024xf16>
# FWD: tkc.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<1024x!tkc.ptr<f16>>

# BWD-LABEL: func.func @layer_norm_bwd_dx
# BWD: arith.remsi
# BWD: scf.while : () -> () {
# BWD: %[[OLD:.*]] = tkc.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : !tkc.ptr<i32>
# BWD: %[[SPIN:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i32
# BWD: scf.condition(%[[SPIN]])
# BWD: } do {
# BWD: scf.yield
# BWD: %[[COUNT:.*]] = tkc.load %{{.*}} : !tkc.ptr<i32>
# BWD: %[[FIRST:.*]] = arith.cmpi eq, %[[COUNT]]
# BWD: %[[MERGED:.*]]:2 = scf.if %[[FIRST]] -> (tensor<1024xf32>, tensor<1024xf32>) {
# BWD: tkc.atomic_rmw xchg, acq_rel, gpu
# BWD: } else {
# BWD: arith.addf
# BWD: tkc.store %{{.*}}, %[[MERGED]]#1
# BWD: tkc.store %{{.*}}, %[[MERGED]]#0
# BWD: tkc.barrier
# BWD: tkc.atomic_rmw xchg, acq_rel, gpu

# DWDB-LABEL: func.func @layer_norm_bwd_dwdb
# DWDB: scf.for {{.*}} -> (tensor<32x128xf32>, tensor<32x128xf32>) : i32 {
# DWDB: tkc.reduce(%{{.*}}) axis = 0 : (tensor<32x128xf32>) -> tensor<128xf32>
# DWDB: tkc.reduce(%{{.*}}) axis = 0 : (tensor<32x128xf32>) -> tensor<128xf32>
