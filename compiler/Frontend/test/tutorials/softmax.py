# RUN: tkc compile %s --kernel softmax_kernel --signature '*fp32:16, *fp32:16, i32, i32, i32, i32, 1024' --emit=ttir | FileCheck %s
# Row-wise softmax in the style of Triton's second tutorial: one program per
# row, a max and a sum reduction, and broadcasting of their results.
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride,
                   n_rows, n_cols, BLOCK_SIZE: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=2):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)

# CHECK-LABEL: func.func @softmax_kernel
# CHECK-DAG: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<1024xf32>
# CHECK-DAG: tkc.program_id 0
# CHECK-DAG: tkc.num_programs 0
# CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
# CHECK: %[[ROWV:.*]] = tkc.load %{{.*}}, %{{.*}}, %[[NINF]] : tensor<1024x!tkc.ptr<f32>>
# CHECK: %[[MAX:.*]] = tkc.reduce(%[[ROWV]]) axis = 0 : (tensor<1024xf32>) -> f32 {
# CHECK: arith.maxnumf
# CHECK: tkc.reduce.return
# CHECK: %[[MAXS:.*]] = tkc.splat %[[MAX]] : tensor<1024xf32>
# CHECK: %[[SUB:.*]] = arith.subf %[[ROWV]], %[[MAXS]]
# CHECK: %[[EXP:.*]] = math.exp %[[SUB]] : tensor<1024xf32>
# CHECK: %[[SUM:.*]] = tkc.reduce(%[[EXP]]) axis = 0
# CHECK: arith.addf
# CHECK: %[[SUMS:.*]] = tkc.splat %[[SUM]]
# CHECK: arith.divf %[[EXP]], %[[SUMS]] fastmath<afn> : tensor<1024xf32>
# CHECK: tkc.store
# CHECK: } {tkc.num_stages = 2 : i32}
