// RUN: tkc compile %S/inputs/atomics.py --kernel histogram_kernel --signature '*i32, *i32, i32, 256' --target sm_90a --emit ptx -o - | FileCheck %s --check-prefix=HIST
// RUN: tkc compile %S/inputs/atomics.py --kernel block_max_kernel --signature '*fp32, *fp32, i32, 256' --target sm_90a --emit ptx -o - | FileCheck %s --check-prefix=MAX
// RUN: tkc compile %S/inputs/atomics.py --kernel broadcast_add_kernel --signature '*fp32, 32' --target sm_90a --emit ptx -o - | FileCheck %s --check-prefix=BCAST
// RUN: tkc compile %S/inputs/atomics.py --kernel lock_kernel --signature '*i32' --target sm_90a --emit ptx -o - | FileCheck %s --check-prefix=CAS
// RUN: tkc compile %S/inputs/atomics.py --kernel histogram_kernel --signature '*i32, *i32, i32, 256' --target gfx942 --emit llir -o - | FileCheck %s --check-prefix=AMD
// RUN: tkc compile %S/inputs/atomics.py --kernel broadcast_add_kernel --signature '*fp32, 32' --target gfx942 --emit llir -o - | FileCheck %s --check-prefix=AMD-CTA
// RUN: tkc compile %S/inputs/atomics.py --kernel counter_kernel --signature '*i32, *i32' --target sm_90a --emit ptx -o - | FileCheck %s --check-prefix=USED

// tl.atomic_* become one atomic per element, with Triton's default
// acq_rel ordering at GPU scope. A histogram: 256 elements over 128 threads,
// two per thread, each masked element branches around its atomic.
// HIST-COUNT-2: atom.acq_rel.gpu.global.add.u32
// HIST-NOT: atom.

// A float maximum of a scalar: only the block's first thread runs it, as a
// signed maximum of the bits where the value is non-negative and an unsigned
// minimum where it is negative.
// MAX: mov.u32 %r1, %tid.x;
// MAX: setp.ne.b32 %p{{[0-9]+}}, %r1, 0;
// MAX: atom.acq_rel.gpu.global.max.s32
// MAX: atom.acq_rel.gpu.global.min.u32
// MAX-NOT: atom.

// 32 elements on 128 threads: each element is held by one thread in each of
// the 4 warps, and only warp 0's runs the atomic; sem and scope as given.
// BCAST: mov.u32 %r1, %tid.x;
// BCAST: setp.gt.u32 %p{{[0-9]+}}, %r1, 31;
// BCAST-COUNT-1: atom.relaxed.cta.global.add.f32
// BCAST-NOT: atom.

// CAS: atom.acq_rel.gpu.global.cas.b32

// On AMD GPUs: LLVM atomics at agent scope, in branches for masked elements.
// AMD: br i1
// AMD: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 syncscope("agent") acq_rel, align 4
// AMD-CTA: atomicrmw fadd ptr addrspace(1) %{{.*}}, float 1.000000e+00 syncscope("workgroup") monotonic, align 4

// The old value of a scalar atomic, which every thread holds: the first
// thread runs the atomic and hands the old value over through shared memory.
// USED: setp.ne.b32 %p1, %r1, 0;
// USED-NEXT: @%p1 bra
// USED: atom.acq_rel.gpu.global.add.u32 %r[[OLD:[0-9]+]],
// USED: st.shared.b32 [tkc_shared_memory], %r[[OLD]];
// USED: bar.sync 0;
// USED: ld.shared.b32
