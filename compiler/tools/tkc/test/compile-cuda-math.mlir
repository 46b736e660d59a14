// RUN: tkc compile %S/inputs/add.py --kernel math_kernel --signature '*fp32:16, *fp32:16, i32:16, 256' --target sm_90a --emit=llir | FileCheck %s --check-prefix=LLIR
// RUN: tkc compile %S/inputs/add.py --kernel math_kernel --signature '*fp32:16, *fp32:16, i32:16, 256' --target sm_80 --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: not tkc compile %S/inputs/add.py --kernel math_kernel --signature '*fp32:16, *fp32:16, i32:16, 256' --target sm_80 --libdevice %S/inputs/none.bc --emit=llir 2>&1 | FileCheck %s --check-prefix=NOLIB
// Transcendental math goes through libdevice, linked in and internalized:
// no call to an external function is left for ptxas.

// LLIR-NOT: declare {{.*}} @__nv_
// LLIR: define ptx_kernel void @math_kernel(
// LLIR-NOT: declare {{.*}} @__nv_

// PTX-NOT: .extern .func
// PTX: .visible .entry math_kernel(
// PTX: ex2.approx

// NOLIB: tkc: error: cannot read libdevice '{{.*}}none.bc'
