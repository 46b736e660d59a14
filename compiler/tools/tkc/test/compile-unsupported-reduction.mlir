// RUN: rm -rf %t && mkdir -p %t
// RUN: not tkc compile %S/inputs/unsupported-scan.py --kernel reverse_cumsum_kernel --signature '*fp32, *fp32, 128' --target sm_90a -o %t/scan 2>&1 | FileCheck %s --check-prefix=SCAN
// RUN: not tkc compile %S/inputs/unsupported-scan.py --kernel reverse_cumsum_kernel --signature '*fp32, *fp32, 128' --target gfx942 -o %t/scan 2>&1 | FileCheck %s --check-prefix=SCAN
// RUN: not tkc compile %S/inputs/unsupported-scan.py --kernel reshaped_sum_kernel --signature '*fp32, *fp32, 128' --target sm_90a -o %t/sum 2>&1 | FileCheck %s --check-prefix=RESHAPE
// Nothing is written for a kernel that cannot be lowered.
// RUN: ls %t | count 0
// A scan or reduction that code generation cannot lower is reported at its
// line and column in the kernel's source, with a caret, for every vendor; the
// compiler does not crash.

// SCAN: unsupported-scan.py:11:30: error: 'tkc.scan' op reverse scans are not supported by code generation yet
// SCAN-NEXT: tl.store(out_ptr + offs, tl.cumsum(x, 0, reverse=True))
// SCAN-NEXT: ^

// RESHAPE: unsupported-scan.py:18:9: error: code generation does not support 'tkc.reshape' yet
// RESHAPE-NEXT: y = tl.reshape(x, (4, BLOCK // 4))
// RESHAPE-NEXT: ^
