// RUN: tkc-opt %s --split-input-file --verify-diagnostics
// Malformed layout encodings are rejected with a reason.

// expected-error @+1 {{blocked layout order must be a permutation of 0..1}}
func.func @order(%x: tensor<4x4xf32, #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 1]}>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout sizes must be powers of two, got 3}}
func.func @size(%x: tensor<4xf32, #tkc_gpu.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}

// -----

// expected-error @+1 {{blocked layout fields must all have the same, non-zero rank}}
func.func @rank(%x: tensor<4xf32, #tkc_gpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) {
  return
}
