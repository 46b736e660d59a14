// Input for compile-ttir.mlir: a broadcast the verifier rejects at line 5.
// (Not a test by itself.)

func.func @bad(%x: tensor<2x8xf32>) -> tensor<4x8xf32> {
  %b = tkc.broadcast %x : tensor<2x8xf32> -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
