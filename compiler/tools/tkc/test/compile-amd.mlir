// RUN: rm -rf %t && mkdir -p %t
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target gfx942 --emit=amdgcn | FileCheck %s --check-prefix=ASM
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32, 1024' --target hip:gfx90a --emit=amdgcn | FileCheck %s --check-prefix=MASKED
// RUN: tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target gfx90a,gfx942,gfx1100 -o %t/add
// RUN: FileCheck %s --check-prefix=JSON < %t/add.gfx942.json
// RUN: FileCheck %s --check-prefix=WAVE32 < %t/add.gfx1100.json
// RUN: llvm-readelf --notes %t/add.gfx90a.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-objdump -d --mcpu=gfx942 %t/add.gfx942.hsaco | FileCheck %s --check-prefix=DISASM
// RUN: tkc compile %S/inputs/add.py --kernel math_kernel --signature '*fp32:16, *fp32:16, i32:16, 256' --target gfx942 -o %t/math
// RUN: not tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32, *fp32, *fp32, i32, 1024' --target gfx942 --ld-lld %t/no-lld -o %t/x 2>&1 | FileCheck %s --check-prefix=NOLLD
// The AMD backend: ROCDL lowering, AMDGPU code generation, ld.lld, and the
// code object's own notes in the metadata.

// ASM: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// ASM: global_load_dwordx4
// ASM: global_store_dwordx4
// ASM: .wavefront_size: 64

// A mask that is not constant over 4 elements: scalar masked accesses.
// MASKED-NOT: global_load_dwordx4
// MASKED: global_load_dword

// JSON: "binary": {
// JSON-NEXT: "file": "add.gfx942.hsaco",
// JSON-NEXT: "format": "hsaco",
// JSON-NEXT: "lds_bytes": 0,
// JSON: "sgpr_count": {{[0-9]+}},
// JSON-NEXT: "sgpr_spill_count": 0,
// JSON: "vgpr_count": {{[0-9]+}},
// JSON-NEXT: "vgpr_spill_count": 0,
// JSON-NEXT: "wavefront_size": 64
// JSON: "backend": "hip",
// JSON: "threads_per_block": 256,

// WAVE32: "wavefront_size": 32
// WAVE32: "threads_per_block": 128,

// Code object v5 (amdhsa.version 1.2), the kernel with its wavefront size
// and the kernarg layout the launcher passes: three pointers and an i32.
// NOTES: .args:
// NOTES-NEXT: .address_space: global
// NOTES: .offset: 0
// NOTES-NEXT: .size: 8
// NOTES-NEXT: .value_kind: global_buffer
// NOTES: .offset: 8
// NOTES: .offset: 16
// NOTES: .offset: 24
// NOTES-NEXT: .size: 4
// NOTES-NEXT: .value_kind: by_value
// NOTES: .kernarg_segment_size: 28
// NOTES: .name: add_kernel
// NOTES: .wavefront_size: 64
// NOTES: amdhsa.version:
// NOTES-NEXT: - 1
// NOTES-NEXT: - 2

// DISASM: <add_kernel>:
// DISASM: s_endpgm

// NOLLD: tkc: error: hip:gfx942: ld.lld not found at '{{.*}}no-lld' (set its path with --ld-lld)

// The code object version can be pinned; a bad value is an error.
// RUN: env TKC_AMDHSA_COV=4 tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target gfx942 -o %t/cov4
// RUN: llvm-readelf --notes %t/cov4.hsaco | FileCheck %s --check-prefix=COV4
// RUN: env TKC_AMDHSA_COV=9 not tkc compile %S/inputs/add.py --kernel add_kernel --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' --target gfx942 -o %t/cov9 2>&1 | FileCheck %s --check-prefix=COV9
// COV4: amdhsa.version:
// COV4-NEXT: - 1
// COV4-NEXT: - 1
// COV9: tkc: error: TKC_AMDHSA_COV must be 4, 5 or 6, got '9'
