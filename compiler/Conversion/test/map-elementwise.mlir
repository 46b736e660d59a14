// RUN: tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=cuda:90a" %s | FileCheck %s
// RUN: sed -e 's/threads_per_warp = 32/threads_per_warp = 64/' -e 's/threadsPerWarp = \[32\]/threadsPerWarp = [64]/' %s | tkc-opt --tkc-convert-tkc-gpu-to-llvm="target=hip:gfx942" | FileCheck %s
// A scalar region (tkc.map_elementwise's, a combine function's) is copied
// once per use: in place when it is one block; when it branches, between
// the block and the rest of it, its returns branching to a join block whose
// arguments are the results. map_elementwise copies it once per `pack`
// registers, which its entry block takes in turn.

#l4 = #tkc_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {tkc_gpu.num_warps = 1 : i32, tkc_gpu.threads_per_warp = 32 : i32} {
  // CHECK-LABEL: llvm.func @straight
  // CHECK-COUNT-4: llvm.fmul %{{.*}}, %{{.*}} : f32
  // CHECK-NOT: llvm.fmul
  // CHECK-NOT: llvm.br
  func.func @straight(%x: tensor<128xf32, #l4>) -> tensor<128xf32, #l4> {
    %y = tkc.map_elementwise(%x) pack = 1 : (tensor<128xf32, #l4>) -> tensor<128xf32, #l4> {
    ^bb0(%a: f32):
      %t = arith.mulf %a, %a : f32
      tkc.map_elementwise.return %t : f32
    }
    return %y : tensor<128xf32, #l4>
  }

  // Each of the 4 registers: a branch into its copy, a conditional branch,
  // both returns to the join, which takes the result and goes on.
  // CHECK-LABEL: llvm.func @branching
  // CHECK-COUNT-4: llvm.cond_br
  // CHECK-NOT: llvm.cond_br
  // CHECK: llvm.return
  func.func @branching(%x: tensor<128xf32, #l4>) -> tensor<128xf32, #l4> {
    %zero = arith.constant 0.0 : f32
    %y = tkc.map_elementwise(%x) pack = 1 : (tensor<128xf32, #l4>) -> tensor<128xf32, #l4> {
    ^bb0(%a: f32):
      %gt = arith.cmpf ogt, %a, %zero : f32
      cf.cond_br %gt, ^pos, ^neg
    ^pos:
      tkc.map_elementwise.return %a : f32
    ^neg:
      %n = arith.negf %a : f32
      tkc.map_elementwise.return %n : f32
    }
    return %y : tensor<128xf32, #l4>
  }

  // Two registers a call, in order: results r*pack + j of the region's
  // return go to register first + j of result r.
  // CHECK-LABEL: llvm.func @packed
  // CHECK-SAME: (%[[X:[^:]*]]: !llvm.struct<(i32, i32, i32, i32)>
  // CHECK-DAG: %[[X0:.*]] = llvm.extractvalue %[[X]][0]
  // CHECK-DAG: %[[X1:.*]] = llvm.extractvalue %[[X]][1]
  // CHECK-DAG: %[[X2:.*]] = llvm.extractvalue %[[X]][2]
  // CHECK-DAG: %[[X3:.*]] = llvm.extractvalue %[[X]][3]
  // CHECK: %[[S0:.*]] = llvm.insertvalue %[[X1]], %{{.*}}[0]
  // CHECK: %[[S1:.*]] = llvm.insertvalue %[[X0]], %[[S0]][1]
  // CHECK: %[[S2:.*]] = llvm.insertvalue %[[X3]], %[[S1]][2]
  // CHECK: llvm.insertvalue %[[X2]], %[[S2]][3]
  func.func @packed(%x: tensor<128xi32, #l4>) -> tensor<128xi32, #l4> {
    %y = tkc.map_elementwise(%x) pack = 2 : (tensor<128xi32, #l4>) -> tensor<128xi32, #l4> {
    ^bb0(%a0: i32, %a1: i32):
      tkc.map_elementwise.return %a1, %a0 : i32, i32
    }
    return %y : tensor<128xi32, #l4>
  }

  // A combine function that branches: each combination a copy.
  // CHECK-LABEL: llvm.func @branching_combine
  // CHECK: llvm.cond_br
  // CHECK: llvm.return
  func.func @branching_combine(%x: tensor<128xf32, #l4>) -> f32 {
    %m = tkc.reduce(%x) axis = 0 : (tensor<128xf32, #l4>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %gt = arith.cmpf ogt, %a, %b : f32
      cf.cond_br %gt, ^keep, ^other
    ^keep:
      tkc.reduce.return %a : f32
    ^other:
      %e = math.exp %b : f32
      tkc.reduce.return %e : f32
    }
    return %m : f32
  }
}
