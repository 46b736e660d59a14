# Cross-entropy forward, one row per program, the whole row in one block
# (BLOCK_SIZE is a power of two >= n_cols): for row r of an n_rows x n_cols
# fp32 or fp16 logits matrix (row stride in elements; the math is fp32) and
# its int32 class label, the fp32 loss
# loss[r] = logsumexp(logits[r, :]) - logits[r, label[r]]. The logsumexp is
# max + log(sum(exp(x - max))); the masked tail loads -inf, which adds
# exp(-inf) = 0 to the sum and never wins the max. Labels must lie in
# [0, n_cols).
# tkc compiles this file ahead of time (kernels/BUILD); bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def cross_entropy_fwd_kernel(logits_ptr, labels_ptr, loss_ptr,
                             logits_row_stride, n_rows, n_cols,
                             BLOCK_SIZE: tl.constexpr):
    """Writes the cross-entropy loss of row program_id(0) to loss[row]."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    row_ptr = logits_ptr + row * logits_row_stride
    x = tl.load(row_ptr + cols, mask=cols < n_cols,
                other=-float("inf")).to(tl.float32)
    x_max = tl.max(x, axis=0)
    log_sum_exp = x_max + tl.log(tl.sum(tl.exp(x - x_max), axis=0))
    label = tl.load(labels_ptr + row)
    target = tl.load(row_ptr + label).to(tl.float32)
    tl.store(loss_ptr + row, log_sum_exp - target)
