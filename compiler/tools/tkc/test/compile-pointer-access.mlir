// RUN: rm -rf %t && mkdir -p %t
// RUN: tkc compile %S/inputs/pointer-access.py --kernel copy_kernel --signature '*fp32:16, *fp32:16, i32, 1024' --target sm_90a -o %t/copy
// RUN: FileCheck %s --check-prefix=COPY < %t/copy.json
// RUN: tkc compile %S/inputs/pointer-access.py --kernel scale_inplace_kernel --signature '*fp32:16, 256' --target sm_90a -o %t/inplace
// RUN: FileCheck %s --check-prefix=INPLACE < %t/inplace.json
// RUN: tkc compile %S/inputs/pointer-access.py --kernel pass_through_kernel --signature '*fp16, *fp16, *fp16, *fp16, 128' --target sm_80 -o %t/pass
// RUN: FileCheck %s --check-prefix=PASS < %t/pass.json
// RUN: tkc compile %S/inputs/pointer-access.py --kernel loop_sum_kernel --signature '*fp32, *fp32, i32, 128' --target sm_80,gfx942 -o %t/loop
// RUN: FileCheck %s --check-prefix=LOOP < %t/loop.sm_80.json
// RUN: FileCheck %s --check-prefix=LOOP < %t/loop.gfx942.json
// Each pointer parameter's `access` in the metadata: how the kernel may use
// the memory behind it, traced from its loads and stores to the parameters.
// Keys are sorted, so `access` comes first in its parameter's object.

// Out of place: x is only read, y only written; scalars and constexprs
// have no access.
// COPY: "params": [
// COPY: "access": "read",
// COPY-NOT: "access"
// COPY: "name": "x_ptr"
// COPY: "access": "write",
// COPY-NOT: "access"
// COPY: "name": "y_ptr"
// COPY-NOT: "access"
// COPY: "name": "n"
// COPY-NOT: "access"
// COPY: "schema_version": 1,

// In place (x = tl.load(p + offs); tl.store(p + offs, x * 2)): p is read
// and written, so a trial launch changes its own input.
// INPLACE: "params": [
// INPLACE: "access": "readwrite",
// INPLACE-NOT: "access"
// INPLACE: "name": "p"

// Through an inlined @jit helper: the helper's unused parameter and the
// kernel's unused one are neither read nor written.
// PASS: "params": [
// PASS: "access": "read",
// PASS-NOT: "access"
// PASS: "name": "x_ptr"
// PASS: "access": "none",
// PASS-NOT: "access"
// PASS: "name": "scratch_ptr"
// PASS: "access": "write",
// PASS-NOT: "access"
// PASS: "name": "y_ptr"
// PASS: "access": "none",
// PASS-NOT: "access"
// PASS: "name": "unused_ptr"

// A pointer advanced in a loop is still x's; every target gets the same
// answer.
// LOOP: "params": [
// LOOP: "access": "read",
// LOOP-NOT: "access"
// LOOP: "name": "x_ptr"
// LOOP: "access": "write",
// LOOP-NOT: "access"
// LOOP: "name": "sum_ptr"
