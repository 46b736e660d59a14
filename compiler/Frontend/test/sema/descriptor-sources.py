# RUN: tkc compile %s --kernel made --signature '*fp16:16, *fp16:16, i32, i32, i32, i32:16, i32, 32, 64' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel given --signature 'tensordesc<fp16[32, 64]>, i32' --emit=ttir | FileCheck %s --check-prefix=HOST
# RUN: tkc compile %s --kernel unsigned_extent --signature '*fp16:16, u32, i32' --emit=ttir | FileCheck %s --check-prefix=UNSIGNED
# A descriptor made in the kernel of its arguments alone (its base a pointer
# argument, each extent and stride but the last a product of integer
# arguments and constants, the last stride 1) is the same in every program:
# a launcher can encode its tensor map, as it does a descriptor parameter's.
# The kernel lists such descriptors in `tkc.tensor_descriptors`, each under
# the name its loads' boxes give (spelt from its leaves), with the
# arguments' names; a descriptor made of other values (an offset base, an
# extent computed otherwise, a last stride not known to be 1) is not
# listed, and its loads are the masked accesses alone.
import triton
import triton.language as tl


@triton.jit
def made(x, y, Z, H, M, N, s, BM: tl.constexpr, BN: tl.constexpr):
    # CHECK: func.func @made
    # CHECK-SAME: tkc.tensor_descriptors = {
    # CHECK-SAME: "tl.make_tensor_descriptor(x, [M, N], [N, 1], [32, 64])" = {base = "x", shape = {{\[}}[1, "M"], [1, "N"]], strides = {{\[}}[1, "N"]]}
    # CHECK-SAME: "tl.make_tensor_descriptor(y, [Z*H*M, 64], [64, 1], [32, 64])" = {base = "y", shape = {{\[}}[1, "Z", "H", "M"], [64]], strides = {{\[}}[64]]}}
    a = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                  block_shape=[BM, BN])
    b = tl.make_tensor_descriptor(y, shape=[Z * H * M, 64], strides=[64, 1],
                                  block_shape=[BM, 64])
    c = tl.make_tensor_descriptor(x + N, shape=[M, N], strides=[N, 1],
                                  block_shape=[BM, BN])
    d = tl.make_tensor_descriptor(x, shape=[M, N + 1], strides=[N, 1],
                                  block_shape=[BM, BN])
    e = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, s],
                                  block_shape=[BM, BN])
    # CHECK: tkc.load {{.*}} box "tl.make_tensor_descriptor(x, [M, N], [N, 1], [32, 64])"[%c0_i32, %c0_i32]
    # CHECK: tkc.load {{.*}} box "tl.make_tensor_descriptor(y, [Z*H*M, 64], [64, 1], [32, 64])"[%c0_i32, %c0_i32]
    # CHECK-NOT: box
    # CHECK: tkc.store
    t = a.load([0, 0]) + b.load([0, 0])
    t += c.load([0, 0]) + d.load([0, 0]) + e.load([0, 0])
    a.store([0, 0], t)


@triton.jit
def given(src, m):
    # A descriptor parameter is listed with its own arguments.
    # HOST: tkc.tensor_descriptors = {src = {base = "src_base", shape = {{\[}}[1, "src_shape0"], [1, "src_shape1"]], strides = {{\[}}[1, "src_stride0"]]}}
    # HOST: tkc.load {{.*}} box "src"
    src.store([m, 0], src.load([m, 0]) * 2)


@triton.jit
def unsigned_extent(x, M, N):
    # Only i32 and i64 arguments are read as extents and strides.
    # UNSIGNED-NOT: tensor_descriptors
    # UNSIGNED-NOT: box
    a = tl.make_tensor_descriptor(x, shape=[M, N], strides=[N, 1],
                                  block_shape=[32, 64])
    a.store([0, 0], a.load([0, 0]))
