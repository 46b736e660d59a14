// RUN: tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu="num-warps=4 threads-per-warp=32" --verify-diagnostics
// RUN: not tkc-opt %s --split-input-file --tkc-convert-tkc-to-tkc-gpu 2>&1 | FileCheck %s --check-prefix=NOLANES
// What cannot be given a layout is reported where it is, not laid out.

// A dot's layouts are linear maps over index bits: its shapes must be
// powers of two (the frontend's blocks always are).
func.func @dot(%x: tensor<24x16xf16>, %y: tensor<16x32xf16>, %z: tensor<24x32xf32>) -> tensor<24x32xf32> {
  // expected-error @+1 {{'tkc.dot' op needs power-of-two shapes to be laid out, got 'tensor<24x16xf16>'}}
  %d = tkc.dot %x, %y, %z : tensor<24x16xf16> * tensor<16x32xf16> -> tensor<24x32xf32>
  return %d : tensor<24x32xf32>
}

// -----

// The warp size is the target's: there is no default.
// NOLANES: error: threads-per-warp is required: the target's warp size (32, or 64 on AMD's wave64 chips)
module {
  func.func @no_warp_size() {
    return
  }
}
