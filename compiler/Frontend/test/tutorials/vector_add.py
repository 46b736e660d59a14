# RUN: tkc compile %s --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --emit=ttir | FileCheck %s
# RUN: tkc compile %s --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32' --constexpr BLOCK_SIZE=256 --emit=ttir --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
# Vector addition in the style of Triton's first tutorial: program ids,
# aranges, masked loads and stores, and a constexpr block size.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """out = x + y over the first n_elements."""
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements  # tail of the last block
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(out_ptr + offsets, output, mask=mask)


def add(x, y):  # host code: never parsed strictly, never run
    output = torch.empty_like(x)
    grid = lambda meta: (triton.cdiv(x.numel(), meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, x.numel(), BLOCK_SIZE=1024)
    return output

# CHECK-LABEL: func.func @add_kernel
# CHECK-SAME: (%[[X:.*]]: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %[[Y:.*]]: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %[[O:.*]]: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %[[N:.*]]: i32)
# CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : i32
# CHECK-DAG: %[[PID:.*]] = tkc.program_id 0
# CHECK: %[[START:.*]] = arith.muli %[[PID]], %[[C1024]] : i32
# CHECK: %[[R:.*]] = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
# CHECK: %[[SS:.*]] = tkc.splat %[[START]] : tensor<1024xi32>
# CHECK: %[[OFFS:.*]] = arith.addi %[[SS]], %[[R]] : tensor<1024xi32>
# CHECK: %[[NS:.*]] = tkc.splat %[[N]] : tensor<1024xi32>
# CHECK: %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %[[NS]] : tensor<1024xi32>
# CHECK: %[[XS:.*]] = tkc.splat %[[X]] : tensor<1024x!tkc.ptr<f32>>
# CHECK: %[[XP:.*]] = tkc.addptr %[[XS]], %[[OFFS]]
# CHECK: %[[XV:.*]] = tkc.load %[[XP]], %[[MASK]] : tensor<1024x!tkc.ptr<f32>>
# CHECK: %[[YV:.*]] = tkc.load %{{.*}}, %[[MASK]] : tensor<1024x!tkc.ptr<f32>>
# CHECK: %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : tensor<1024xf32>
# CHECK: tkc.store %{{.*}}, %[[SUM]], %[[MASK]] : tensor<1024x!tkc.ptr<f32>>
# CHECK: return

# Every op carries its file:line:col.
# LOC: tkc.program_id 0 loc(#[[PIDLOC:.*]])
# LOC: tkc.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32> loc(#[[RANGELOC:.*]])
# LOC: #[[PIDLOC]] = loc("{{.*}}vector_add.py":12:11)
# LOC: #[[RANGELOC]] = loc("{{.*}}vector_add.py":14:29)
