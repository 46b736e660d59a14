; A stand-in for ROCm's ocml.bc whose tanh AMDGPU cannot select: the driver's
; test that a code generation failure names the stage and the target.
define float @__ocml_tanh_f32(float %x) {
  %r = call float @llvm.tanh.f32(float %x)
  ret float %r
}

declare float @llvm.tanh.f32(float)
