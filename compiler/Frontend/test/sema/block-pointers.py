# RUN: tkc compile %s --kernel copy_tile --signature '*fp16:16, *fp16:16, i32, i32, i32:16, 32, 64' --emit=ttir | FileCheck %s --check-prefix=TILE
# RUN: tkc compile %s --kernel advance_in_loop --signature '*fp32:16, *fp32:16, i32:16, 128' --emit=ttir | FileCheck %s --check-prefix=LOOP
# RUN: tkc compile %s --kernel descriptor_tiles --signature '*fp32:16, *fp32:16, i32, i32:16, 32, 64' --emit=ttir | FileCheck %s --check-prefix=DESC
# RUN: tkc compile %s --kernel descriptor_tiles --signature '*fp32, *fp32, i32, i32, 32, 64' --emit=ttir | FileCheck %s --check-prefix=DESCALIGN
# RUN: tkc compile %s --kernel descriptor_tiles --signature '*fp32, *fp32, i32, i32, 32, 64' --target sm_90a --emit=ptx --tensor-stores | FileCheck %s --check-prefix=DESCPTX
# RUN: tkc compile %s --kernel block_ptr_dtype --signature '*fp16:16, *fp16:16, 64' --emit=ttir | FileCheck %s --check-prefix=PTRDTYPE
# RUN: not tkc compile %s --kernel descriptor_rank --signature '*fp32, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DESCRANK
# RUN: not tkc compile %s --kernel mask_on_block_ptr --signature '*fp32, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MASK
# RUN: not tkc compile %s --kernel bad_order --signature '*fp32, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ORDER
# RUN: not tkc compile %s --kernel bad_padding --signature '*i32, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=PADDING
# RUN: tkc compile %s --kernel advance_method --signature '*fp32:16, *fp32:16, i32:16, 128' --emit=ttir | FileCheck %s --check-prefix=LOOPM
# RUN: tkc compile %s --kernel advance_in_if --signature '*fp16:16, *fp16:16, i32, 32' --emit=ttir | FileCheck %s --check-prefix=IFADV
# RUN: tkc compile %s --kernel gather_scatter_rows --signature '*fp16:16, *fp16:16, *i32:16, *fp16:16, i32, i32:16, i32, 16, 64' --emit=ttir | FileCheck %s --check-prefix=GATHER
# RUN: tkc compile %s --kernel descriptor_atomics --signature '*fp32:16, *i32:16, i32, i32:16, 32' --emit=ttir | FileCheck %s --check-prefix=DATOMIC
# RUN: not tkc compile %s --kernel gather_block_rows --signature '*fp16:16, *i32:16, i32, i32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=GATHERROWS
# RUN: not tkc compile %s --kernel descriptor_fp16_max --signature '*fp16:16, i32, i32:16, 32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HALFMAX
# RUN: tkc compile %s --kernel big_tiles --signature '*fp16:16, *fp16:16, i32, i32:16, 128' --num-warps 8 --emit=ttir | FileCheck %s --check-prefix=APART
# RUN: tkc compile %s --kernel big_tiles --signature '*fp16:16, *fp16:16, i32, i32:16, 32' --num-warps 8 --emit=ttir | FileCheck %s --check-prefix=TOGETHER
# Block pointers (tl.make_block_ptr, tl.advance) become the pointers and
# bounds mask of the block they name: base + sum_d (offset_d + i_d) *
# stride_d in 64 bits, checked 0 <= offset_d + i_d < shape_d in the
# dimensions of boundary_check, with padding_option as the masked-off value;
# a loop carries a block pointer as its runtime parts. A tensor descriptor's
# load and store are those of a block pointer at the offsets given, with
# every dimension checked; its gather, scatter and atomics likewise.
import triton
import triton.language as tl


@triton.jit
def copy_tile(src, dst, M, N, stride, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    a = tl.make_block_ptr(src, (M, N), (stride, 1), (pid * BM, 0), (BM, BN),
                          (1, 0))
    b = tl.make_block_ptr(dst, (M, N), (stride, 1), (pid * BM, 0), (BM, BN),
                          (1, 0))
    tl.store(b, tl.load(a, boundary_check=(1,), padding_option="nan"),
             boundary_check=(0, 1))
# TILE-LABEL: func.func @copy_tile
# TILE: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<32x64xf16>
# TILE: tkc.make_range {end = 32 : i32, start = 0 : i32}
# Each dimension's offset + index, in 64 bits, times its stride.
# TILE: arith.muli %{{.*}}, %{{.*}} : tensor<32x64xi64>
# TILE: %[[PTRS:.*]] = tkc.addptr %{{.*}} : tensor<32x64x!tkc.ptr<f16>>, tensor<32x64xi64>
# The load checks the columns only, and reads NaN where it is off; the
# store checks both dimensions.
# TILE: %[[COLS:.*]] = arith.andi
# TILE: %[[LOADED:.*]] = tkc.load %[[PTRS]], %[[COLS]], %[[NAN]]
# TILE: %[[ROWS:.*]] = arith.andi
# TILE: %[[BOTH:.*]] = arith.andi %[[ROWS]], %[[COLS]]
# TILE: tkc.store %{{.*}}, %[[LOADED]], %[[BOTH]]


@triton.jit
def advance_in_loop(x, out, n, BLOCK: tl.constexpr):
    window = tl.make_block_ptr(x, (n,), (1,), (0,), (BLOCK,), (0,))
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(0, n, BLOCK):
        total += tl.load(window, boundary_check=(0,))
        window = tl.advance(window, (BLOCK,))
    tl.store(out + tl.arange(0, BLOCK), total)
# LOOP-LABEL: func.func @advance_in_loop
# The block pointer's parts ride the loop (base, shape, stride, offset);
# the ttir clean-up keeps the one that changes, the offset.
# LOOP: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OFF:.*]] = %c0_i32) -> (tensor<128xf32>, i32)
# LOOP: tkc.splat %[[OFF]]
# LOOP: tkc.load
# LOOP: %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : i32
# LOOP: scf.yield {{.*}}, %[[NEXT]] :


# `p.advance(offsets)` is tl.advance(p, offsets) (FlagGems' varlen flash
# attention).
@triton.jit
def advance_method(x, out, n, BLOCK: tl.constexpr):
    window = tl.make_block_ptr(x, (n,), (1,), (0,), (BLOCK,), (0,))
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(0, n, BLOCK):
        total += tl.load(window, boundary_check=(0,))
        window = window.advance((BLOCK,))
    tl.store(out + tl.arange(0, BLOCK), total)
# LOOPM-LABEL: func.func @advance_method
# LOOPM: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OFF:.*]] = %c0_i32) -> (tensor<128xf32>, i32)
# LOOPM: %[[NEXT:.*]] = arith.addi %[[OFF]], %{{.*}} : i32
# LOOPM: scf.yield {{.*}}, %[[NEXT]] :


@triton.jit
def descriptor_tiles(x, y, M, N, BM: tl.constexpr, BN: tl.constexpr):
    xd = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                   block_shape=[BM, BN])
    yd = tl.make_tensor_descriptor(y, shape=[M, N], strides=[N, 1],
                                   block_shape=[BM, BN])
    yd.store([tl.program_id(0) * BM, 0], xd.load([tl.program_id(0) * BM, 0]))
# DESC-LABEL: func.func @descriptor_tiles
# DESC: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
# DESC: %[[PTRS:.*]] = tkc.addptr %{{.*}} : tensor<32x64x!tkc.ptr<f32>>, tensor<32x64xi64>
# DESC: arith.andi
# DESC: %[[IN:.*]] = arith.andi
# DESC: %[[LOADED:.*]] = tkc.load %[[PTRS]], %[[IN]], %[[ZERO]]
# DESC: tkc.store %{{.*}}, %[[LOADED]], %[[IN]] box "tl.make_tensor_descriptor(y, [M, N], [N, 1], [32, 64])"[%{{.*}}, %{{.*}}] : tensor<32x64x!tkc.ptr<f32>>
# Triton requires a descriptor's base to be 16-byte aligned and its strides
# but the last to be multiples of 16 bytes: without a signature that says
# so, the base and the row stride N (4 fp32) are known to be, and the
# loads move 16 bytes each. On sm_90a with --tensor-stores the block is
# stored through the descriptor's tensor map, in two boxes of 32 x 32,
# where N is a multiple of 4 or the block lies inside it; through 16-byte
# stores elsewhere.
# DESCALIGN: func.func @descriptor_tiles(%arg0: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg1: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %arg2: i32, %arg3: i32 {tkc.divisibility = 4 : i32})
# DESCPTX-NOT: ld.global.b32
# DESCPTX: ld.global.v4.b32
# DESCPTX-NOT: ld.global.b32
# DESCPTX-COUNT-2: cp.async.bulk.tensor.2d.global.shared::cta.bulk_group
# DESCPTX-NOT: st.global.b32
# DESCPTX: st.global.v4.b32
# DESCPTX-NOT: st.global.b32


@triton.jit
def descriptor_rank(x, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(x, shape=[BLOCK], strides=[1],
                                  block_shape=[BLOCK])
    d.load([0, 0])
# DESCRANK: block-pointers.py:[[@LINE-1]]:5: error: a tensor descriptor of rank 1 needs 1 offsets, got 2


@triton.jit
def mask_on_block_ptr(x, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(x, (BLOCK,), (1,), (0,), (BLOCK,), (0,))
    tl.load(p, mask=tl.arange(0, BLOCK) < 3)
# MASK: block-pointers.py:[[@LINE-1]]:5: error: tl.load through a block pointer takes boundary_check and padding_option, not mask and other


@triton.jit
def bad_order(x, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(x, (BLOCK, BLOCK), (BLOCK, 1), (0, 0), (BLOCK, BLOCK),
                          (1, 1))
# ORDER: block-pointers.py:[[@LINE-2]]:9: error: tl.make_block_ptr's order must be a permutation of 0..1


@triton.jit
def bad_padding(x, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(x, (BLOCK,), (1,), (0,), (BLOCK,), (0,))
    tl.load(p, boundary_check=(0,), padding_option="nan")
# PADDING: block-pointers.py:[[@LINE-1]]:5: error: padding_option "nan" needs a floating-point block, not int32


# A block pointer's dtype: `.to(p.dtype.element_ty)` converts to its
# elements' type, as vLLM's kernels (from flash-linear-attention) write it.
@triton.jit
def block_ptr_dtype(src, dst, BLOCK: tl.constexpr):
    # PTRDTYPE-LABEL: func.func @block_ptr_dtype
    # PTRDTYPE: arith.truncf %{{.*}} : tensor<64xf32> to tensor<64xf16>
    p = tl.make_block_ptr(src, (BLOCK,), (1,), (0,), (BLOCK,), (0,))
    q = tl.make_block_ptr(dst, (BLOCK,), (1,), (0,), (BLOCK,), (0,))
    x = tl.load(p).to(tl.float32) * 2.0
    tl.store(q, x.to(q.dtype.element_ty))


# A block pointer advanced in one branch of a runtime if (vLLM's flash
# attention does so): its runtime parts become the if's results (folded to
# a select of the row offset here).
# IFADV-LABEL: func.func @advance_in_if
# IFADV: %[[C:.*]] = arith.cmpi sgt, %arg2, %{{.*}} : i32
# IFADV: %[[ROW:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : i32
# IFADV: tkc.splat %[[ROW]] : tensor<32x32xi32>
@triton.jit
def advance_in_if(X, Out, n, BLOCK: tl.constexpr):
    p = tl.make_block_ptr(X, shape=(n, BLOCK), strides=(BLOCK, 1),
                          offsets=(0, 0), block_shape=(BLOCK, BLOCK),
                          order=(1, 0))
    if n > BLOCK:
        p = tl.advance(p, (BLOCK, 0))
    x = tl.load(p, boundary_check=(0,))
    offs = tl.arange(0, BLOCK)
    tl.store(Out + offs[:, None] * BLOCK + offs[None, :], x)


# A descriptor's gather reads the rows idx from column y of a descriptor
# whose block is one row, and scatter writes them: the block pointer's
# positions along dimension 0 are the indices, broadcast along the columns,
# and both dimensions are checked against the shape.
# GATHER-LABEL: func.func @gather_scatter_rows
# GATHER: %[[IDX:.*]] = tkc.load %{{.*}} : tensor<16x!tkc.ptr<i32>>
# GATHER: %[[COL:.*]] = tkc.expand_dims %[[IDX]] {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
# GATHER: %[[WIDE:.*]] = arith.extsi %[[COL]] : tensor<16x1xi32> to tensor<16x1xi64>
# GATHER: %[[ROWS:.*]] = tkc.broadcast %[[WIDE]] : tensor<16x1xi64> -> tensor<16x64xi64>
# GATHER: arith.cmpi sge, %[[WIDE]]
# GATHER: arith.cmpi slt, %[[ROWS]]
# GATHER: %[[G:.*]] = tkc.load %{{.*}}, %[[IN:.*]], %{{.*}} : tensor<16x64x!tkc.ptr<f16>>
# GATHER: tkc.store %{{.*}}, %[[G]] : tensor<16x64x!tkc.ptr<f16>>
# The scatter: the same rows, stored where they are inside the shape.
# GATHER: tkc.store %{{.*}}, %{{.*}}, %[[IN]] : tensor<16x64x!tkc.ptr<f16>>
# Its global shape (int32, as Triton's: M itself) and strides (int64).
# GATHER: tkc.store %arg2, %arg4 : !tkc.ptr<i32>
# GATHER: tkc.store %{{.*}}, %{{.*}} : !tkc.ptr<i64>
@triton.jit
def gather_scatter_rows(x, y, idx_ptr, out, M, N, col,
                        ROWS: tl.constexpr, BN: tl.constexpr):
    idx = tl.load(idx_ptr + tl.arange(0, ROWS))
    src = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                    block_shape=[1, BN])
    dst = tl.make_tensor_descriptor(y, shape=[M, N], strides=[N, 1],
                                    block_shape=[1, BN])
    rows = src.gather(idx, col)
    tl.store(out + tl.arange(0, ROWS)[:, None] * BN
             + tl.arange(0, BN)[None, :], rows)
    dst.scatter(rows * 2, idx, col)
    tl.store(idx_ptr.to(tl.pointer_type(tl.int32)), src.shape[0])
    tl.store(out.to(tl.pointer_type(tl.int64)), src.strides[0])


# A descriptor's atomics are relaxed atomics of the block at the offsets,
# masked to the shape.
# DATOMIC-LABEL: func.func @descriptor_atomics
# DATOMIC: tkc.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<f32>>
# DATOMIC: tkc.atomic_rmw max, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<i32>>
# DATOMIC: tkc.atomic_rmw xor, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!tkc.ptr<i32>>
@triton.jit
def descriptor_atomics(x, c, M, N, B: tl.constexpr):
    xd = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                   block_shape=[B, B])
    cd = tl.make_tensor_descriptor(c, shape=[M, N], strides=[N, 1],
                                   block_shape=[B, B])
    ones = tl.full([B, B], 1, tl.int32)
    xd.atomic_add([0, B], ones.to(tl.float32))
    cd.atomic_max([B, 0], ones)
    cd.atomic_xor([B, B], ones)


@triton.jit
def gather_block_rows(x, idx_ptr, M, N, BN: tl.constexpr):
    d = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                  block_shape=[2, BN])
    d.gather(tl.load(idx_ptr + tl.arange(0, 8)), 0)
# GATHERROWS: block-pointers.py:[[@LINE-1]]:5: error: tensor_descriptor.gather needs a 2-D descriptor whose block is one row


@triton.jit
def descriptor_fp16_max(x, M, N, B: tl.constexpr):
    d = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                  block_shape=[B, B])
    d.atomic_max([0, 0], tl.zeros([B, B], tl.float16))
# HALFMAX: block-pointers.py:[[@LINE-1]]:5: error: tensor_descriptor.atomic_max of fp16 needs TMA's reductions, which tkc does not lower yet


# Tiles of 16 x ROWS x 128 fp16 advanced along ROWS in a loop, on 8 warps.
# At 128 rows each thread reads 128 rows of 16 bytes: the addresses are the
# base plus each offset times its stride (scalars, in the loop) plus each
# index times its stride (the same in every iteration, hoisted out of it).
# At 32 rows (32 a thread), each row's offset plus index times its stride.
# APART: scf.for
# APART: arith.extsi %{{.*}} : i32 to i64
# APART-NEXT: arith.muli %{{.*}} : i64
# APART-NEXT: tkc.addptr %{{.*}} : !tkc.ptr<f16>, i64
# APART-NOT: tkc.load
# APART: arith.addi %{{.*}} : tensor<16x128x128xi32>
# APART: tkc.load
# TOGETHER: scf.for
# TOGETHER: arith.addi %{{.*}} : tensor<16x32x128xi32>
# TOGETHER-NEXT: arith.extsi %{{.*}} : tensor<16x32x128xi32> to tensor<16x32x128xi64>
# TOGETHER-NEXT: arith.muli %{{.*}} : tensor<16x32x128xi64>
@triton.jit
def big_tiles(p, q, n, stride, ROWS: tl.constexpr):
    tiles = tl.make_block_ptr(p, shape=(16, n, 128), strides=(stride * n, stride, 1),
                              offsets=(0, 0, 0), block_shape=(16, ROWS, 128),
                              order=(2, 1, 0))
    acc = tl.zeros((16, 128), dtype=tl.float32)
    for _ in range(0, n, ROWS):
        acc += tl.sum(tl.load(tiles, boundary_check=(1,)).to(tl.float32), 1)
        tiles = tl.advance(tiles, (0, ROWS, 0))
    tl.store(q + tl.arange(0, 16)[:, None] * 128 + tl.arange(0, 128)[None, :], acc.to(tl.float16))

