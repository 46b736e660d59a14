// RUN: rm -rf %t && mkdir -p %t
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target sm_90a --emit=ttgir | FileCheck %s --check-prefix=TTGIR
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target sm_90a --emit=llir | FileCheck %s --check-prefix=LLIR
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target cuda:90a --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32, *fp32:16, i32, 1024' --target sm_80 --emit=ptx | FileCheck %s --check-prefix=SCALAR
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target sm_80,sm_90a -o %t/add
// RUN: FileCheck %s --check-prefix=JSON < %t/add.sm_90a.json
// RUN: FileCheck %s --check-prefix=JSON80 < %t/add.sm_80.json
// RUN: test -s %t/add.sm_80.cubin && test -s %t/add.sm_90a.cubin
// Two builds write byte-identical files.
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target sm_90a -o %t/again
// RUN: cmp %t/add.sm_90a.cubin %t/again.cubin
// --max-blocks-per-sm is a launch setting: recorded in the metadata, the
// cubin unchanged.
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target sm_90a --max-blocks-per-sm=3 -o %t/capped
// RUN: cmp %t/add.sm_90a.cubin %t/capped.cubin
// RUN: FileCheck %s --check-prefix=CAPPED < %t/capped.json
// CAPPED: "max_blocks_per_sm": 3,
// The kernel travels the whole pipeline: layouts, LLVM IR, PTX, cubin and
// its metadata.

// TTGIR: #[[L:.*]] = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// TTGIR: module attributes {tkc_gpu.num_warps = 4 : i32, tkc_gpu.threads_per_warp = 32 : i32}
// TTGIR-NOT: tkc_gpu.convert_layout
// TTGIR: tkc.load {{.*}} : tensor<1024x!tkc.ptr<f32>, #[[L]]>

// LLIR: define ptx_kernel void @add_kernel(ptr addrspace(1)
// LLIR: ld.global.v4.b32

// PTX: .target sm_90a
// PTX: .visible .entry add_kernel(
// PTX: .reqntid 128, 1, 1
// PTX-COUNT-4: ld.global.v4.b32
// PTX: st.global.v4.b32

// An unaligned operand and an n of unknown divisibility: scalar accesses.
// SCALAR-NOT: .v4.b32
// SCALAR: ld.global.b32

// Keys are sorted, so the file is byte-stable.
// JSON: "binary": {
// JSON-NEXT: "file": "add.sm_90a.cubin",
// JSON-NEXT: "format": "cubin",
// JSON-NEXT: "registers": {{[0-9]+}},
// JSON-NEXT: "sha256": "{{[0-9a-f]+}}",
// JSON-NEXT: "size": {{[1-9][0-9]*}},
// JSON-NEXT: "spill_bytes": 0
// JSON: "entry": "add_kernel",
// JSON: "kernel_args": [
// JSON: "name": "n",
// JSON: "max_blocks_per_sm": 0,
// JSON: "schema_version": 1,
// JSON-NEXT: "shared_bytes": 0,
// JSON: "target": {
// JSON-NEXT: "arch": "sm_90a",
// JSON: "threads_per_block": 128,

// JSON80: "arch": "sm_80",
