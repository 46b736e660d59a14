// RUN: sed -e 's/WAVE/32/g' -e 's/WARPS/4/g' -e 's/QUARTER/8/g' %s | tkc-opt --split-input-file --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" | FileCheck %s --check-prefixes=CHECK,CUDA
// RUN: sed -e 's/WAVE/64/g' -e 's/WARPS/2/g' -e 's/QUARTER/16/g' %s | tkc-opt --split-input-file --tkc-gpu-record-vector-widths --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s --check-prefixes=CHECK,HIP
// Each case is laid out for 128 threads: 4 warps of 32 lanes for cuda:90a,
// 2 wavefronts of 64 for hip:gfx942 (sed fills in WAVE and WARPS). A tensor
// becomes a struct of the thread's registers, the same on both targets;
// what differs comes from each target's TargetInfo.

// Ids, coalesced 16-byte accesses under a mask constant over 4 elements,
// and the kernel's attributes. The 7 thread bits (lanes, then warps) set
// elements 4, 8, ..., 256 of the range on both targets: one shift and mask
// of the thread index, then << 2.
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-NOT: @tkc_shared_memory
  // CUDA-LABEL: llvm.func @kernel(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
  // HIP-LABEL: llvm.func @kernel(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32) attributes {rocdl.flat_work_group_size = "128,128", rocdl.kernel, rocdl.reqd_work_group_size = array<i32: 128, 1, 1>}
  // CUDA: nvvm.read.ptx.sreg.ctaid.x
  // HIP: rocdl.workgroup.id.x
  // CUDA: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // HIP: %[[TID:.*]] = rocdl.workitem.id.x
  // CUDA: %[[WS:.*]] = llvm.mlir.constant(32 : i32)
  // HIP: %[[WS:.*]] = llvm.mlir.constant(64 : i32)
  // CHECK: llvm.urem %[[TID]], %[[WS]]
  // CHECK: %[[M:.*]] = llvm.mlir.constant(127 : i32)
  // CHECK: %[[S:.*]] = llvm.lshr %[[TID]], %{{.*}}
  // CHECK: %[[F:.*]] = llvm.and %[[S]], %[[M]]
  // CHECK: llvm.shl %[[F]], %{{.*}}
  // Masked-off elements read as zero: an `other` of 0.0 costs nothing.
  // CUDA: llvm.inline_asm has_side_effects "{{.*}}@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"
  // HIP: %[[ZERO:.*]] = llvm.mlir.zero : vector<4xf32>
  // HIP: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[ZERO]] {alignment = 16 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  // CHECK-NOT: llvm.select
  // CHECK: llvm.fmul
  // CUDA: llvm.inline_asm has_side_effects "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
  // HIP: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>
  func.func @kernel(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %pid = tkc.program_id 0
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %ns = tkc.splat %n : tensor<512xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #a>
    %v = tkc.load %ptrs, %m, %zero : tensor<512x!tkc.ptr<f32>, #a>
    %w = arith.mulf %v, %v : tensor<512xf32, #a>
    tkc.store %ptrs, %w, %m : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// A mask with runs of 16 equal values (`arange < n`, n a multiple of 16;
// tkc-gpu-record-vector-widths records the runs): a thread's 8 elements lie
// in one run, so its two 16-byte loads, and its two stores, share one
// predicate.
#a = #tkc_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @shared_predicate
  // CUDA: ld.global.v4.b32 {{.*}}, %[[P:[0-9]+]] : (!llvm.ptr<1>, i1)
  // CUDA: ld.global.v4.b32 {{.*}}, %[[P]] : (!llvm.ptr<1>, i1)
  // CUDA: st.global.v4.b32 {{.*}}, %[[Q:[0-9]+]] : (i32, i32, i32, i32, !llvm.ptr<1>, i1)
  // CUDA: st.global.v4.b32 {{.*}}, %[[Q]] : (i32, i32, i32, i32, !llvm.ptr<1>, i1)
  // HIP: llvm.insertelement %[[P:[0-9]+]], %{{.*}} : vector<4xi1>
  // HIP-COUNT-7: llvm.insertelement %[[P]], %{{.*}} : vector<4xi1>
  // HIP-NOT: llvm.insertelement %{{.*}} : vector<4xi1>
  // HIP: llvm.intr.masked.load
  func.func @shared_predicate(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #a>
    %s = tkc.splat %p : tensor<1024x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<1024x!tkc.ptr<f32>, #a>, tensor<1024xi32, #a>
    %ns = tkc.splat %n : tensor<1024xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #a>
    %v = tkc.load %ptrs, %m : tensor<1024x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %v, %m : tensor<1024x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// Another `other` initializes what the predicated load writes: no selects.
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @load_other
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
  // CUDA: llvm.inline_asm has_side_effects "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b,r,r,r,r"
  // HIP: %[[FIRST:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<4xf32>
  // HIP: %[[SECOND:.*]] = llvm.insertelement %{{.*}}, %[[FIRST]][%{{.*}} : i32] : vector<4xf32>
  // HIP: %[[THIRD:.*]] = llvm.insertelement %{{.*}}, %[[SECOND]][%{{.*}} : i32] : vector<4xf32>
  // HIP: %[[OTHER:.*]] = llvm.insertelement %{{.*}}, %[[THIRD]][%{{.*}} : i32] : vector<4xf32>
  // HIP: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[OTHER]] {alignment = 16 : i32}
  // CHECK-NOT: llvm.select
  // CUDA: st.global.v4.b32
  // HIP: llvm.intr.masked.store
  func.func @load_other(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32 {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %ns = tkc.splat %n : tensor<512xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #a>
    %one = arith.constant dense<1.0> : tensor<512xf32, #a>
    %v = tkc.load %ptrs, %m, %one : tensor<512x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %v, %m : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// Cache hints become PTX qualifiers (PTX takes one of volatile, a cache
// operator or an L1 eviction priority, in that order of precedence); an
// operator the access has not (.wb on a load) is dropped. An eviction
// priority also becomes an L2 cache policy (none for a volatile load). AMD
// ignores them.
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @cache_hints
  // CUDA: createpolicy.fractional.L2::evict_first.b64 $0, 1.0;
  // CUDA: ld.global.cg.L2::cache_hint.v4.b32 {{.*}}, [ $4 + 0 ], $5;
  // CUDA: ld.global.L1::evict_first.L2::cache_hint.v4.b32 {{.*}}, [ $4 + 0 ], $5;
  // CUDA: ld.volatile.global.v4.b32 {{.*}}, [ $4 + 0 ];
  // CUDA: ld.global.v4.b32 {{.*}}, [ $4 + 0 ];
  // CUDA: st.global.cs.L2::cache_hint.v4.b32 [ $4 + 0 ], {{.*}}, $5;
  // CUDA: createpolicy.fractional.L2::evict_last.b64 $0, 1.0;
  // CUDA: st.global.L1::evict_last.L2::cache_hint.v4.b32 [ $4 + 0 ], {{.*}}, $5;
  // HIP-COUNT-4: llvm.load
  // HIP-COUNT-2: llvm.store
  func.func @cache_hints(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %a = tkc.load %ptrs cache = cg evict = evict_first : tensor<512x!tkc.ptr<f32>, #a>
    %b = tkc.load %ptrs evict = evict_first : tensor<512x!tkc.ptr<f32>, #a>
    %c = tkc.load %ptrs cache = cg volatile : tensor<512x!tkc.ptr<f32>, #a>
    %d = tkc.load %ptrs cache = wb : tensor<512x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %a cache = cs evict = evict_first : tensor<512x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %b evict = evict_last : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// A bound of unknown divisibility makes the mask vary within 4 elements,
// true below the bound: a thread whose 4 elements are all below it (the
// last one's mask) moves them in one 16-byte access, another one element
// at a time under each one's mask.
#a = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @bounded_accesses
  // CHECK: %[[LAST:.*]] = llvm.extractvalue %{{.*}}[3] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: llvm.cond_br %[[LAST]], ^[[WHOLE:bb[0-9]+]], ^[[EACH:bb[0-9]+]]
  // CHECK: ^[[WHOLE]]:
  // CUDA: ld.global.v4.b32
  // HIP: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
  // CHECK: ^[[EACH]]:
  // CUDA-COUNT-4: @$2 ld.global.b32
  // HIP-COUNT-4: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr<1>, vector<1xi1>, vector<1xf32>) -> vector<1xf32>
  // CHECK: %[[LAST2:.*]] = llvm.extractvalue %{{.*}}[3] : !llvm.struct<(i1, i1, i1, i1)>
  // CHECK: llvm.cond_br %[[LAST2]], ^[[WHOLE2:bb[0-9]+]], ^[[EACH2:bb[0-9]+]]
  // CHECK: ^[[WHOLE2]]:
  // CUDA: st.global.v4.b32
  // HIP: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
  // CHECK: ^[[EACH2]]:
  // CUDA-COUNT-4: @$2 st.global.b32
  // HIP-COUNT-4: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
  func.func @bounded_accesses(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32) {
    %r = tkc.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #a>
    %s = tkc.splat %p : tensor<512x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<512x!tkc.ptr<f32>, #a>, tensor<512xi32, #a>
    %ns = tkc.splat %n : tensor<512xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #a>
    %v = tkc.load %ptrs, %m : tensor<512x!tkc.ptr<f32>, #a>
    tkc.store %ptrs, %v, %m : tensor<512x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// A scalar, which every thread holds, is stored by the block's first thread.
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @scalar_store
  // CUDA: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
  // HIP: %[[TID:.*]] = rocdl.workitem.id.x
  // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
  // CUDA: llvm.inline_asm has_side_effects "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %{{.*}}, %{{.*}}, %[[FIRST]]
  // HIP: %[[MASK:.*]] = llvm.insertelement %[[FIRST]], %{{.*}}[%{{.*}} : i32] : vector<1xi1>
  // HIP: llvm.intr.masked.store %{{.*}}, %{{.*}}, %[[MASK]] {alignment = 4 : i32}
  func.func @scalar_store(%p: !tkc.ptr<f32>, %x: f32) {
    tkc.store %p, %x : !tkc.ptr<f32>
    return
  }
}

// -----

// A conversion that moves elements between threads goes through shared
// memory, fenced by barriers; a function returning a value is no kernel.
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
#u = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, WARPS], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.shared = 16384 : i32} {
  // CHECK: llvm.mlir.global external @tkc_shared_memory() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @transpose
  // CUDA-NOT: nvvm.kernel
  // HIP-NOT: rocdl.kernel
  // CHECK: llvm.mlir.addressof @tkc_shared_memory : !llvm.ptr<3>
  // CUDA: nvvm.barrier0
  // HIP: rocdl.barrier
  // #u's lanes step through rows: bits 6 to 10 of the row-major index. They
  // go to bits 0 to 4, within a 128-byte line (32 floats): the index
  // shifted right by 6, masked and XORed in, so that both sides' lanes
  // reach 32 banks. The thread's place is computed once; each register's
  // is it plus a constant, or XOR one where their bits meet (the
  // register's row bits are swizzled into the thread's column bits).
  // On hip (no matrix loads), places in another order cost less: each
  // run of 4 registers of #u takes 4 consecutive places, loaded as one
  // vector.
  // CUDA: %[[INDEX:.*]] = llvm.add %{{.*}}, %{{.*}} : i32
  // CUDA-NEXT: %[[MASK:.*]] = llvm.mlir.constant(31 : i32) : i32
  // CUDA-NEXT: %[[SIX:.*]] = llvm.mlir.constant(6 : i32) : i32
  // CUDA-NEXT: %[[ROWS:.*]] = llvm.lshr %[[INDEX]], %[[SIX]] : i32
  // CUDA-NEXT: %[[LOW:.*]] = llvm.and %[[ROWS]], %[[MASK]] : i32
  // CUDA-NEXT: %[[PLACE:.*]] = llvm.xor %[[INDEX]], %[[LOW]] : i32
  // CUDA: llvm.getelementptr %{{.*}}[%[[PLACE]]]
  // CUDA-NOT: llvm.udiv
  // CUDA: llvm.add %[[PLACE]], %{{.*}} : i32
  // CUDA-NOT: llvm.udiv
  // CUDA: llvm.xor %[[PLACE]], %{{.*}} : i32
  // CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
  // CUDA: nvvm.barrier0
  // HIP: rocdl.barrier
  // CUDA-COUNT-32: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
  // HIP-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // HIP-NOT: llvm.load
  func.func @transpose(%x: tensor<64x64xf32, #t>) -> tensor<64x64xf32, #u> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #t> -> tensor<64x64xf32, #u>
    return %c : tensor<64x64xf32, #u>
  }
}

// -----

// 128 KB of fp32 rows whose top two row bits both layouts hold in registers
// alone, in the four rounds tkc-gpu-allocate-shared-memory chose where the
// whole would not fit: 32 KB of scratch, each round the registers of one
// slab of 128 rows (a quarter of each thread's 256), the scratch read by one
// round before the next stores into it.
#s = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
#r = #tkc_gpu.blocked<{sizePerThread = [1, 64], threadsPerWarp = [WAVE, 1], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.shared = 32768 : i32} {
  // CHECK-LABEL: llvm.func @in_rounds
  // CHECK-NOT: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-64: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK-NOT: llvm.store
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.store
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-64: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.store
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-64: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.store
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-64: llvm.store %{{.*}} : f32, !llvm.ptr<3>
  // CHECK: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK-COUNT-16: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: {{nvvm.barrier0|rocdl.barrier}}
  // CHECK: llvm.return
  func.func @in_rounds(%x: tensor<512x64xf32, #s>) -> tensor<512x64xf32, #r> {
    %c = tkc_gpu.convert_layout %x {tkc_gpu.rounds = 4 : i32, tkc_gpu.shared_offset = 0 : i32, tkc_gpu.shared_unguarded} : tensor<512x64xf32, #s> -> tensor<512x64xf32, #r>
    return %c : tensor<512x64xf32, #r>
  }
}

// -----

// A vector into a slice whose threads hold elements 8 apart in pairs (a
// scale per column, broadcast along an accumulator's columns): the scratch
// puts each thread's pairs side by side (places in another order than
// row-major), so that it loads 4 elements an access, not 2 (each thread
// its 32 of 128: 8 loads, not 16).
#v = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
#p = #tkc_gpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [QUARTER, 4], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.shared = 512 : i32} {
  // CHECK-LABEL: llvm.func @columns_in_pairs
  // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
  // CUDA: nvvm.barrier0
  // HIP: rocdl.barrier
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
  // CHECK-NOT: llvm.load
  func.func @columns_in_pairs(%x: tensor<128xf32, #v>) -> tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #p}>> {
    %c = tkc_gpu.convert_layout %x : tensor<128xf32, #v> -> tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #p}>>
    return %c : tensor<128xf32, #tkc_gpu.slice<{dim = 0, parent = #p}>>
  }
}

// -----

// Pointers cross threads through shared memory as 64-bit integers.
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
#u = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, WARPS], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.shared = 32768 : i32} {
  // CHECK-LABEL: llvm.func @pointer_transpose
  // CHECK: %[[BITS:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
  // CHECK: llvm.store %[[BITS]], %{{.*}} : i64, !llvm.ptr<3>
  // CUDA: %[[LOADED:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i64
  // CUDA: llvm.inttoptr %[[LOADED]] : i64 to !llvm.ptr<1>
  // HIP: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<2xi64>
  // HIP: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
  func.func @pointer_transpose(%x: tensor<64x64x!tkc.ptr<f32>, #t>) -> tensor<64x64x!tkc.ptr<f32>, #u> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64x!tkc.ptr<f32>, #t> -> tensor<64x64x!tkc.ptr<f32>, #u>
    return %c : tensor<64x64x!tkc.ptr<f32>, #u>
  }
}

// -----

// 64 elements over 128 threads: the upper half of the threads holds copies
// of the lower half's. Only the owners store (the copies would write the
// same bytes again); the predicate is the mask and the thread's ownership.
#a = #tkc_gpu.blocked<{sizePerThread = [1], threadsPerWarp = [WAVE], warpsPerCTA = [WARPS], order = [0]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  // CHECK-LABEL: llvm.func @duplicated_store
  // CHECK: %[[OWN:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
  // CHECK: %[[PRED:.*]] = llvm.and %{{.*}}, %[[OWN]] : i1
  // CUDA: llvm.inline_asm has_side_effects "@$2 st.global.b32 [ $1 + 0 ], $0;", "r,l,b" %{{.*}}, %{{.*}}, %[[PRED]]
  // HIP: %[[V:.*]] = llvm.insertelement %[[PRED]]
  // HIP: llvm.intr.masked.store %{{.*}}, %{{.*}}, %[[V]]
  func.func @duplicated_store(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %n: i32) {
    %r = tkc.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #a>
    %s = tkc.splat %p : tensor<64x!tkc.ptr<f32>, #a>
    %ptrs = tkc.addptr %s, %r : tensor<64x!tkc.ptr<f32>, #a>, tensor<64xi32, #a>
    %ns = tkc.splat %n : tensor<64xi32, #a>
    %m = arith.cmpi slt, %r, %ns : tensor<64xi32, #a>
    %v = arith.sitofp %r : tensor<64xi32, #a> to tensor<64xf32, #a>
    tkc.store %ptrs, %v, %m : tensor<64x!tkc.ptr<f32>, #a>
    return
  }
}

// -----

// A kernel that recomputes thread ids reads the thread id afresh for each op
// (on NVIDIA an asm with side effects, which LLVM neither merges nor
// hoists), so what each op computes from it is not kept live elsewhere.
#t = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, WAVE], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
#u = #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [WAVE, 1], warpsPerCTA = [1, WARPS], order = [0, 1]}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32, tkc_gpu.shared = 16384 : i32, tkc_gpu.recompute_thread_ids} {
  // CHECK-LABEL: llvm.func @fresh_thread_ids
  // CUDA-NOT: nvvm.read.ptx.sreg.tid.x
  // CUDA: llvm.inline_asm has_side_effects "mov.u32 $0, %tid.x;", "=r"  : () -> i32
  // CUDA-NOT: nvvm.read.ptx.sreg.tid.x
  // HIP: rocdl.workitem.id.x
  func.func @fresh_thread_ids(%x: tensor<64x64xf32, #t>) -> tensor<64x64xf32, #u> {
    %c = tkc_gpu.convert_layout %x : tensor<64x64xf32, #t> -> tensor<64x64xf32, #u>
    return %c : tensor<64x64xf32, #u>
  }
}

// -----

// A load in a slice of a layout that holds 8 copies of each row per thread
// (FLA's per-row gates, b[:, None]) loads each row once; the copies take
// its value.
// CHECK-LABEL: llvm.func @row_copies
// CUDA-COUNT-1: ld.global.b32
// CUDA-NOT: ld.global
// HIP-COUNT-1: llvm.load
// HIP-NOT: llvm.load
#rows = #tkc_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [WAVE, 1], warpsPerCTA = [WARPS, 1], order = [1, 0]}>
#row = #tkc_gpu.slice<{dim = 1, parent = #rows}>
module attributes {tkc_gpu.num_warps = WARPS : i32, tkc_gpu.threads_per_warp = WAVE : i32} {
  func.func @row_copies(%p: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}, %q: !tkc.ptr<f32> {tkc.divisibility = 16 : i32}) {
    %r = tkc.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #row>
    %s = tkc.splat %p : tensor<128x!tkc.ptr<f32>, #row>
    %ptrs = tkc.addptr %s, %r : tensor<128x!tkc.ptr<f32>, #row>, tensor<128xi32, #row>
    %v = tkc.load %ptrs : tensor<128x!tkc.ptr<f32>, #row>
    %e = tkc.expand_dims %v {axis = 1 : i32} : tensor<128xf32, #row> -> tensor<128x1xf32, #rows>
    %b = tkc.broadcast %e : tensor<128x1xf32, #rows> -> tensor<128x8xf32, #rows>
    %r2 = tkc.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>>
    %c = tkc.expand_dims %r2 {axis = 0 : i32} : tensor<8xi32, #tkc_gpu.slice<{dim = 0, parent = #rows}>> -> tensor<1x8xi32, #rows>
    %cb = tkc.broadcast %c : tensor<1x8xi32, #rows> -> tensor<128x8xi32, #rows>
    %qs = tkc.splat %q : tensor<128x8x!tkc.ptr<f32>, #rows>
    %qp = tkc.addptr %qs, %cb : tensor<128x8x!tkc.ptr<f32>, #rows>, tensor<128x8xi32, #rows>
    tkc.store %qp, %b : tensor<128x8x!tkc.ptr<f32>, #rows>
    return
  }
}
