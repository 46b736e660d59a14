//===- PointerAccessTest.cpp - Tests of the pointer-access analysis -------===//
//
// Parses small tkc-dialect functions and checks the access the analysis
// finds for each argument: through pointer arithmetic and shape ops, across
// scf loops, branches and selects, for atomics, and the conservative answer
// when an address comes from memory, from an integer, or escapes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/TKC/Analysis/PointerAccess.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tkc;

namespace {

/// Parses `source` (one module holding one function) and returns the
/// spelled access of each of the function's arguments, plus "untraced" at
/// the end when the analysis gave up.
std::vector<std::string> accessOf(llvm::StringRef source) {
  MLIRContext context;
  context.loadDialect<TKCDialect, arith::ArithDialect, func::FuncDialect,
                      scf::SCFDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return {"parse error"};
  auto func = *module->getOps<func::FuncOp>().begin();
  PointerAccessAnalysis analysis(func);
  std::vector<std::string> result;
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    result.push_back(stringifyPointerAccess(analysis.getArgAccess(i)).str());
  if (analysis.getUntracedOp())
    result.push_back("untraced");
  return result;
}

using Accesses = std::vector<std::string>;

TEST(PointerAccess, OutOfPlaceInPlaceAndUnused) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%x: !tkc.ptr<f32>, %y: !tkc.ptr<f32>, %z: !tkc.ptr<f32>,
                 %unused: !tkc.ptr<f32>, %n: i32) {
      %r = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
      %xs = tkc.splat %x : tensor<128x!tkc.ptr<f32>>
      %xp = tkc.addptr %xs, %r : tensor<128x!tkc.ptr<f32>>, tensor<128xi32>
      %v = tkc.load %xp : tensor<128x!tkc.ptr<f32>>
      %ys = tkc.splat %y : tensor<128x!tkc.ptr<f32>>
      %yp = tkc.addptr %ys, %r : tensor<128x!tkc.ptr<f32>>, tensor<128xi32>
      tkc.store %yp, %v : tensor<128x!tkc.ptr<f32>>
      %w = tkc.load %z : !tkc.ptr<f32>
      %z1 = tkc.addptr %z, %n : !tkc.ptr<f32>, i32
      tkc.store %z1, %w : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"read", "write", "readwrite", "none", "none"}));
}

TEST(PointerAccess, ShapeOpsAndCasts) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%p: !tkc.ptr<f16>, %q: !tkc.ptr<f16>) {
      %s = tkc.splat %p : tensor<4x32x!tkc.ptr<f16>>
      %t = tkc.trans %s {order = array<i32: 1, 0>} : tensor<4x32x!tkc.ptr<f16>> -> tensor<32x4x!tkc.ptr<f16>>
      %f = tkc.reshape %t : tensor<32x4x!tkc.ptr<f16>> -> tensor<128x!tkc.ptr<f16>>
      %e = tkc.expand_dims %f {axis = 0 : i32} : tensor<128x!tkc.ptr<f16>> -> tensor<1x128x!tkc.ptr<f16>>
      %b = tkc.broadcast %e : tensor<1x128x!tkc.ptr<f16>> -> tensor<2x128x!tkc.ptr<f16>>
      %c = tkc.ptr_cast %b : tensor<2x128x!tkc.ptr<f16>> -> tensor<2x128x!tkc.ptr<i16>>
      %v = tkc.load %c : tensor<2x128x!tkc.ptr<i16>>
      return
    })mlir"),
            (Accesses{"read", "none"}));
}

TEST(PointerAccess, LoopCarriedPointers) {
  // The loop advances %a's pointer; %b's is stored through the loop's
  // result, which may also be its initial value.
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%a: !tkc.ptr<f32>, %b: !tkc.ptr<f32>, %n: index) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %zero = arith.constant 0.0 : f32
      %r:2 = scf.for %i = %c0 to %n step %c1
          iter_args(%p = %a, %q = %b) -> (!tkc.ptr<f32>, !tkc.ptr<f32>) {
        %v = tkc.load %p : !tkc.ptr<f32>
        %next = tkc.addptr %p, %one : !tkc.ptr<f32>, i32
        scf.yield %next, %q : !tkc.ptr<f32>, !tkc.ptr<f32>
      }
      tkc.store %r#1, %zero : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"read", "write", "none"}));
}

TEST(PointerAccess, WhileLoop) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%a: !tkc.ptr<i32>, %b: !tkc.ptr<i32>) {
      %one = arith.constant 1 : i32
      %r = scf.while (%p = %a) : (!tkc.ptr<i32>) -> !tkc.ptr<i32> {
        %v = tkc.load %p : !tkc.ptr<i32>
        %go = arith.cmpi ne, %v, %one : i32
        scf.condition(%go) %p : !tkc.ptr<i32>
      } do {
      ^bb0(%p: !tkc.ptr<i32>):
        %next = tkc.addptr %p, %one : !tkc.ptr<i32>, i32
        scf.yield %next : !tkc.ptr<i32>
      }
      tkc.store %r, %one : !tkc.ptr<i32>
      return
    })mlir"),
            (Accesses{"readwrite", "none"}));
}

TEST(PointerAccess, BranchesAndSelectsReachSeveralArguments) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%a: !tkc.ptr<f32>, %b: !tkc.ptr<f32>, %c: !tkc.ptr<f32>,
                 %d: !tkc.ptr<f32>, %cond: i1) {
      %p = scf.if %cond -> !tkc.ptr<f32> {
        scf.yield %a : !tkc.ptr<f32>
      } else {
        scf.yield %b : !tkc.ptr<f32>
      }
      %v = tkc.load %p : !tkc.ptr<f32>
      %q = arith.select %cond, %c, %d : !tkc.ptr<f32>
      tkc.store %q, %v : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"read", "read", "write", "write", "none"}));
}

TEST(PointerAccess, AtomicsReadAndWrite) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%sum: tensor<64x!tkc.ptr<f32>>, %lock: !tkc.ptr<i32>,
                 %v: tensor<64xf32>) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %old = tkc.atomic_rmw fadd, acq_rel, gpu, %sum, %v : tensor<64x!tkc.ptr<f32>>
      %prev = tkc.atomic_cas acquire, gpu, %lock, %c0, %c1 : !tkc.ptr<i32>
      return
    })mlir"),
            (Accesses{"readwrite", "readwrite", "none"}));
}

TEST(PointerAccess, LoadedPointerIsConservative) {
  // The stored-to address comes from memory: it may be any buffer.
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%table: !tkc.ptr<!tkc.ptr<f32>>, %x: !tkc.ptr<f32>,
                 %n: i32) {
      %p = tkc.load %table : !tkc.ptr<!tkc.ptr<f32>>
      %zero = arith.constant 0.0 : f32
      tkc.store %p, %zero : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"readwrite", "readwrite", "none", "untraced"}));
}

TEST(PointerAccess, IntegerAddressesAreConservative) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%x: !tkc.ptr<f32>, %y: !tkc.ptr<f32>, %addr: i64) {
      %p = tkc.int_to_ptr %addr : i64 -> !tkc.ptr<f32>
      %v = tkc.load %p : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"readwrite", "readwrite", "none", "untraced"}));
  // An address turned into an integer may come back as an offset.
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%x: !tkc.ptr<f32>, %y: !tkc.ptr<f32>) {
      %i = tkc.ptr_to_int %y : !tkc.ptr<f32> -> i64
      %v = tkc.load %x : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"readwrite", "readwrite", "untraced"}));
}

TEST(PointerAccess, CallsAreConservative) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%x: !tkc.ptr<f32>, %y: !tkc.ptr<f32>) {
      func.call @helper(%y) : (!tkc.ptr<f32>) -> ()
      return
    }
    func.func private @helper(!tkc.ptr<f32>))mlir"),
            (Accesses{"readwrite", "readwrite", "untraced"}));
}

TEST(PointerAccess, PrintingAPointerIsNoAccess) {
  EXPECT_EQ(accessOf(R"mlir(
    func.func @k(%x: !tkc.ptr<f32>) {
      tkc.print " x: " {hex = true, isSigned = array<i1: false>} %x : !tkc.ptr<f32>
      return
    })mlir"),
            (Accesses{"none"}));
}

} // namespace
