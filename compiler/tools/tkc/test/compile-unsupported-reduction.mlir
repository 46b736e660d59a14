// RUN: rm -rf %t && mkdir -p %t
// RUN: not tkc compile %S/inputs/unsupported-reduction.py --kernel reshaped_sum_kernel --signature '*fp32, *fp32, 128' --target sm_90a -o %t/sum 2>&1 | FileCheck %s
// RUN: not tkc compile %S/inputs/unsupported-reduction.py --kernel reshaped_sum_kernel --signature '*fp32, *fp32, 128' --target gfx942 -o %t/sum 2>&1 | FileCheck %s
// Nothing is written for a kernel that cannot be lowered.
// RUN: ls %t | count 0
// A reduction that code generation cannot lower is reported at its line and
// column in the kernel's source, with a caret, for every vendor; the compiler
// does not crash.

// CHECK: unsupported-reduction.py:12:9: error: code generation does not support 'tkc.reshape' yet
// CHECK-NEXT: y = tl.reshape(x, (4, BLOCK // 4))
// CHECK-NEXT: ^
