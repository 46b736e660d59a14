//===- TKCOps.td - Operations of the tkc dialect -----------*- tablegen -*-===//
//
// Declares the tkc operations: program indexing, block construction and
// reshaping, pointer arithmetic, masked loads and stores, dot, reductions and
// scans with a combine region, atomics, casts, and print/assert.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_IR_TKCOPS_TD
#define TKC_DIALECT_TKC_IR_TKCOPS_TD

include "compiler/Dialect/TKC/IR/TKCDialect.td"
include "compiler/Dialect/TKC/IR/TKCEnums.td"
include "compiler/Dialect/TKC/IR/TKCTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Memory resource for global memory side effects.
def TKC_GlobalMemory : Resource<"::mlir::tkc::GlobalMemory">;

class TKC_Op<string mnemonic, list<Trait> traits = []>
    : Op<TKC_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Program indexing
//===----------------------------------------------------------------------===//

class TKC_ProgramIndexOp<string mnemonic> : TKC_Op<mnemonic, [Pure]> {
  let arguments = (ins I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
  let hasVerifier = 1;
}

def TKC_ProgramIdOp : TKC_ProgramIndexOp<"program_id"> {
  let summary = "Index of this program instance along a grid axis";
  let description = [{
    Returns the index (0-based) of the running program along `axis`
    (0, 1 or 2 for x, y, z).

    ```mlir
    %pid = tkc.program_id 0
    ```
  }];
}

def TKC_NumProgramsOp : TKC_ProgramIndexOp<"num_programs"> {
  let summary = "Number of program instances along a grid axis";
  let description = [{
    Returns the grid size along `axis` (0, 1 or 2).

    ```mlir
    %n = tkc.num_programs 1
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Block construction and shape manipulation
//===----------------------------------------------------------------------===//

def TKC_MakeRangeOp : TKC_Op<"make_range", [Pure]> {
  let summary = "The block [start, end) of consecutive i32 values";
  let description = [{
    Produces a 1-D i32 block holding `start, start + 1, ..., end - 1`. The
    block size `end - start` must be a power of two.

    ```mlir
    %r = tkc.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TKC_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TKC_SplatOp : TKC_Op<"splat", [Pure,
    TypesMatchWith<"result element type matches the scalar", "result", "src",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "A block with every element equal to a scalar";
  let description = [{
    ```mlir
    %b = tkc.splat %x : tensor<64x64xf32>
    ```
  }];
  let arguments = (ins TKC_Scalar:$src);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
  let hasFolder = 1;
}

def TKC_BroadcastOp : TKC_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Broadcast size-1 dimensions of a block";
  let description = [{
    Repeats the block along each dimension where the source has size 1.
    Source and result have the same rank; every other dimension must agree.

    ```mlir
    %b = tkc.broadcast %x : tensor<1x128xf32> -> tensor<64x128xf32>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TKC_ExpandDimsOp : TKC_Op<"expand_dims", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Insert a size-1 dimension into a block";
  let description = [{
    ```mlir
    %c = tkc.expand_dims %x {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src, I32Attr:$axis);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let builders = [OpBuilder<(ins "::mlir::Value":$src, "int":$axis)>];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TKC_ReshapeOp : TKC_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Give a block another shape with the same element count";
  let description = [{
    Elements keep their row-major order unless `allow_reorder` is set, in
    which case the backend may permute them (as `tl.reshape(...,
    can_reorder=True)` allows).

    ```mlir
    %r = tkc.reshape %x : tensor<4x32xf32> -> tensor<128xf32>
    %s = tkc.reshape %x allow_reorder : tensor<4x32xf32> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src, UnitAttr:$allow_reorder);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TKC_TransOp : TKC_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Permute the dimensions of a block";
  let description = [{
    Result dimension `i` is source dimension `order[i]`.

    ```mlir
    %t = tkc.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let builders = [OpBuilder<(ins "::mlir::Value":$src,
                                 "::llvm::ArrayRef<int32_t>":$order)>];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TKC_JoinOp : TKC_Op<"join", [Pure, SameOperandsAndResultElementType,
                                 AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Stack two blocks along a new last dimension of extent 2";
  let description = [{
    `result[..., 0] = lhs[...]` and `result[..., 1] = rhs[...]`.

    ```mlir
    %j = tkc.join %a, %b : tensor<32x64xf16> -> tensor<32x64x2xf16>
    ```
  }];
  let arguments = (ins TKC_Tensor:$lhs, TKC_Tensor:$rhs);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat =
      "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TKC_SplitOp : TKC_Op<"split", [Pure, SameOperandsAndResultElementType,
                                   AllTypesMatch<["outLHS", "outRHS"]>]> {
  let summary = "The two halves of a block's last dimension of extent 2";
  let description = [{
    `outLHS[...] = src[..., 0]` and `outRHS[...] = src[..., 1]`: the
    inverse of tkc.join.

    ```mlir
    %a, %b = tkc.split %j : tensor<32x64x2xf16> -> tensor<32x64xf16>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src);
  let results = (outs TKC_Tensor:$outLHS, TKC_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Indexed access within a block
//===----------------------------------------------------------------------===//

def TKC_GatherOp : TKC_Op<"gather", [Pure]> {
  let summary = "Elements of a block picked along one axis by indices";
  let description = [{
    `tl.gather(src, indices, axis)`: the result has the indices' shape, and
    `result[i...] = src[i...]` with the `axis` coordinate replaced by
    `indices[i...]`. Both have one rank and, but along `axis`, one shape.
    Indices out of `[0, src.shape[axis])` give undefined values.

    ```mlir
    %r = tkc.gather %src[%idx] {axis = 0 : i32}
           : (tensor<64x8xf32>, tensor<16x8xi32>) -> tensor<16x8xf32>
    ```
  }];
  let arguments = (ins TKC_Tensor:$src, TKC_IntTensor:$indices,
                       I32Attr:$axis);
  let results = (outs TKC_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TKC_HistogramOp : TKC_Op<"histogram", [Pure]> {
  let summary = "Counts of the integers of a block in bins of width 1";
  let description = [{
    `tl.histogram(src, num_bins, mask)`: `result[b]` counts the elements of
    `src` equal to `b`, for `b` in `[0, num_bins)` (the result's size, a
    power of two), where `mask` holds. As in Triton's lowering, an element
    outside that range counts in the bin of its low bits (`src mod
    num_bins`).

    ```mlir
    %h = tkc.histogram %x, %m : tensor<1024xi32>, tensor<1024xi1> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins TKC_IntTensor:$src, Optional<TKC_BoolTensor>:$mask);
  let results = (outs TKC_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) (`,` type($mask)^)? `->`
    type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def TKC_AddPtrOp : TKC_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Advance pointers by element offsets";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`, elementwise.

    ```mlir
    %q = tkc.addptr %p, %offs : tensor<128x!tkc.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins TKC_PtrLike:$ptr, TKC_IntLike:$offset);
  let results = (outs TKC_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)";
  let hasFolder = 1;
}

def TKC_LoadOp : TKC_Op<"load", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemRead<TKC_GlobalMemory>]>,
    TypesMatchWith<"result type matches the pointee of ptr", "ptr", "result",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 of the shape of ptr", "ptr", "mask",
                   "::mlir::tkc::getI1TypeLike($_self)">,
    OptionalTypesMatchWith<"other matches the pointee of ptr", "ptr", "other",
                   "::mlir::tkc::getPointeeTypeLike($_self)">]> {
  let summary = "Load from global memory, optionally masked";
  let description = [{
    Loads the value(s) `ptr` points to. Where `mask` is false nothing is
    read and the result is `other` (undefined if `other` is absent). `other`
    may only be given with a mask.

    A load of a block of a tensor descriptor that the host made (a kernel
    parameter, `tensordesc<...>`) also names it: `descriptor` is the
    parameter's name and `box` the coordinates of the block's first element
    (one i32 per dimension, outermost first). `ptr` and `mask` remain the
    block's addresses and bounds, which every target can load; a target with
    tensor copies (Hopper's TMA) may load the block through the descriptor
    instead (tkc-gpu-pipeline).

    ```mlir
    %v = tkc.load %p, %m, %zero cache = cg evict = evict_last
        : tensor<128x!tkc.ptr<f32>>
    %a = tkc.load %p, %m, %zero box "a_desc"[%row, %col]
        : tensor<128x64x!tkc.ptr<f16>>
    ```
  }];
  let arguments = (ins
    TKC_PtrLike:$ptr,
    Optional<TKC_BoolLike>:$mask,
    Optional<TKC_Type>:$other,
    Variadic<I32>:$box,
    OptionalAttr<TKC_CacheModifierAttr>:$cache,
    OptionalAttr<TKC_EvictionPolicyAttr>:$evict,
    UnitAttr:$is_volatile,
    OptionalAttr<StrAttr>:$descriptor);
  let results = (outs TKC_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`box` $descriptor^ `[` $box `]`)?
    (`cache` `=` $cache^)? (`evict` `=` $evict^)?
    (`volatile` $is_volatile^)? attr-dict `:` type($ptr)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$ptr,
      CArg<"::mlir::Value", "{}">:$mask, CArg<"::mlir::Value", "{}">:$other)>];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TKC_StoreOp : TKC_Op<"store", [
    AttrSizedOperandSegments,
    MemoryEffects<[MemWrite<TKC_GlobalMemory>]>,
    TypesMatchWith<"value type matches the pointee of ptr", "ptr", "value",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 of the shape of ptr", "ptr", "mask",
                   "::mlir::tkc::getI1TypeLike($_self)">]> {
  let summary = "Store to global memory, optionally masked";
  let description = [{
    Stores `value` where `ptr` points, skipping elements whose `mask` is
    false.

    A store of a block of a tensor descriptor that the host made names it
    as tkc.load does (`descriptor`, `box`): `ptr` and `mask` remain the
    block's addresses and bounds, and a target with tensor copies may store
    the block through the descriptor instead (tkc-gpu-tensor-stores).

    ```mlir
    tkc.store %p, %v, %m : tensor<128x!tkc.ptr<f32>>
    tkc.store %p, %v, %m box "c_desc"[%row, %col] : tensor<128x64x!tkc.ptr<f16>>
    ```
  }];
  let arguments = (ins
    TKC_PtrLike:$ptr,
    TKC_Type:$value,
    Optional<TKC_BoolLike>:$mask,
    Variadic<I32>:$box,
    OptionalAttr<TKC_CacheModifierAttr>:$cache,
    OptionalAttr<TKC_EvictionPolicyAttr>:$evict,
    OptionalAttr<StrAttr>:$descriptor);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`box` $descriptor^ `[` $box `]`)?
    (`cache` `=` $cache^)? (`evict` `=` $evict^)? attr-dict `:` type($ptr)
  }];
  let builders = [OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$value,
      "::mlir::Value":$mask, "::mlir::tkc::CacheModifierAttr":$cache,
      "::mlir::tkc::EvictionPolicyAttr":$evict)>];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

def TKC_DotOp : TKC_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "Matrix product with accumulation: d = a * b + c";
  let description = [{
    `a` is MxK, `b` is KxN, `c` and `d` are MxN; an optional leading batch
    dimension must agree across all four. fp32 inputs are multiplied at
    `input_precision`; `max_num_imprecise_acc` bounds how many fp8 products
    accumulate at reduced precision before promotion (0: no bound).

    ```mlir
    %d = tkc.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins
    TKC_Tensor:$a,
    TKC_Tensor:$b,
    TKC_Tensor:$c,
    DefaultValuedAttr<TKC_InputPrecisionAttr, "::mlir::tkc::InputPrecision::ieee">:$input_precision,
    DefaultValuedAttr<I32Attr, "0">:$max_num_imprecise_acc);
  let results = (outs TKC_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

def TKC_ReduceOp : TKC_Op<"reduce", [RecursiveMemoryEffects,
    RecursivelySpeculatable]> {
  let summary = "Reduce blocks along an axis with a combine function";
  let description = [{
    Reduces N blocks of one shape along `axis` at once. The combine region
    takes 2N scalars (N accumulated values, then N new ones) and yields N;
    it may branch (an `if` in the combine function) to several returns.
    Each result has the source shape without `axis`; reducing a 1-D block
    gives a scalar. The combine function must be associative and
    commutative; the order of combination is unspecified.

    ```mlir
    %s = tkc.reduce(%x) axis = 1 : (tensor<32x64xf32>) -> tensor<32xf32> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tkc.reduce.return %t : f32
    }
    ```
  }];
  let arguments = (ins Variadic<TKC_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TKC_Type>:$results);
  let regions = (region MinSizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis attr-dict `:` functional-type($srcs, $results)
    $combineOp
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TKC_ReduceReturnOp : TKC_Op<"reduce.return", [Pure, Terminator,
    ReturnLike, HasParent<"ReduceOp">]> {
  let summary = "Yields the combined values of a tkc.reduce region";
  let arguments = (ins Variadic<TKC_Scalar>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TKC_ScanOp : TKC_Op<"scan", [RecursiveMemoryEffects,
    RecursivelySpeculatable]> {
  let summary = "Inclusive prefix scan along an axis with a combine function";
  let description = [{
    Computes inclusive prefix combinations of N blocks along `axis` (from
    the end if `reverse`). The combine region has the form of tkc.reduce's.
    Results have the source shapes. The combine function must be
    associative.

    ```mlir
    %c = tkc.scan(%x) axis = 0 reverse : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %t = arith.addi %a, %b : i32
      tkc.scan.return %t : i32
    }
    ```
  }];
  let arguments = (ins Variadic<TKC_Tensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<TKC_Tensor>:$results);
  let regions = (region MinSizedRegion<1>:$combineOp);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:`
    functional-type($srcs, $results) $combineOp
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TKC_ScanReturnOp : TKC_Op<"scan.return", [Pure, Terminator, ReturnLike,
    HasParent<"ScanOp">]> {
  let summary = "Yields the combined values of a tkc.scan region";
  let arguments = (ins Variadic<TKC_Scalar>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

def TKC_AtomicRMWOp : TKC_Op<"atomic_rmw", [
    MemoryEffects<[MemRead<TKC_GlobalMemory>, MemWrite<TKC_GlobalMemory>]>,
    TypesMatchWith<"val matches the pointee of ptr", "ptr", "val",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    TypesMatchWith<"result matches the pointee of ptr", "ptr", "result",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    OptionalTypesMatchWith<"mask is i1 of the shape of ptr", "ptr", "mask",
                   "::mlir::tkc::getI1TypeLike($_self)">]> {
  let summary = "Atomic read-modify-write; returns the old value";
  let description = [{
    ```mlir
    %old = tkc.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : tensor<64x!tkc.ptr<f32>>
    ```
  }];
  let arguments = (ins
    TKC_RMWOpAttr:$rmw_op,
    TKC_MemSemanticAttr:$sem,
    TKC_MemSyncScopeAttr:$scope,
    TKC_PtrLike:$ptr,
    TKC_Type:$val,
    Optional<TKC_BoolLike>:$mask);
  let results = (outs TKC_Type:$result);
  let assemblyFormat = [{
    $rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict `:`
    type($ptr)
  }];
  let hasVerifier = 1;
}

def TKC_AtomicCASOp : TKC_Op<"atomic_cas", [
    MemoryEffects<[MemRead<TKC_GlobalMemory>, MemWrite<TKC_GlobalMemory>]>,
    TypesMatchWith<"cmp matches the pointee of ptr", "ptr", "cmp",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    TypesMatchWith<"val matches the pointee of ptr", "ptr", "val",
                   "::mlir::tkc::getPointeeTypeLike($_self)">,
    TypesMatchWith<"result matches the pointee of ptr", "ptr", "result",
                   "::mlir::tkc::getPointeeTypeLike($_self)">]> {
  let summary = "Atomic compare-and-swap; returns the old value";
  let description = [{
    Where `*ptr == cmp`, stores `val`. Returns the value found.

    ```mlir
    %old = tkc.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tkc.ptr<i32>
    ```
  }];
  let arguments = (ins
    TKC_MemSemanticAttr:$sem,
    TKC_MemSyncScopeAttr:$scope,
    TKC_PtrLike:$ptr,
    TKC_Type:$cmp,
    TKC_Type:$val);
  let results = (outs TKC_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def TKC_IntToPtrOp : TKC_Op<"int_to_ptr", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Reinterpret 64-bit integers as pointers";
  let description = [{
    ```mlir
    %p = tkc.int_to_ptr %i : i64 -> !tkc.ptr<f32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I64, StaticShapeTensorOf<[I64]>]>:$src);
  let results = (outs TKC_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TKC_PtrToIntOp : TKC_Op<"ptr_to_int", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Reinterpret pointers as 64-bit integers";
  let description = [{
    ```mlir
    %i = tkc.ptr_to_int %p : !tkc.ptr<f32> -> i64
    ```
  }];
  let arguments = (ins TKC_PtrLike:$src);
  let results = (outs AnyTypeOf<[I64, StaticShapeTensorOf<[I64]>]>:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TKC_PtrCastOp : TKC_Op<"ptr_cast", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Reinterpret pointers as pointers to another type";
  let description = [{
    The address is unchanged; only the pointee type differs. The address
    space must not change.

    ```mlir
    %q = tkc.ptr_cast %p : !tkc.ptr<f16> -> !tkc.ptr<i16>
    ```
  }];
  let arguments = (ins TKC_PtrLike:$src);
  let results = (outs TKC_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TKC_FpToFpOp : TKC_Op<"fp_to_fp", [Pure, Elementwise,
    SameOperandsAndResultShape]> {
  let summary = "Convert between float formats, including the fp8 kinds";
  let description = [{
    A narrowing conversion names its rounding mode; a widening one is exact
    and takes none.

    ```mlir
    %h = tkc.fp_to_fp %x, rounding = rtne : tensor<128xf32> -> tensor<128xf8E4M3FN>
    %f = tkc.fp_to_fp %h : tensor<128xf8E4M3FN> -> tensor<128xf32>
    ```
  }];
  let arguments = (ins TKC_FloatLike:$src,
                       OptionalAttr<TKC_RoundingModeAttr>:$rounding);
  let results = (outs TKC_FloatLike:$result);
  let assemblyFormat = [{
    $src (`,` `rounding` `=` $rounding^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Inline assembly
//===----------------------------------------------------------------------===//

def TKC_ExternElementwiseOp : TKC_Op<"extern_elementwise", [Pure,
    Elementwise]> {
  let summary = "A math library function applied to every element";
  let description = [{
    A function of the vendors' math libraries that MLIR's math dialect does
    not have (`libdevice.erfinv`, `libdevice.j0`, ...), named without its
    vendor prefix and type suffix; each backend maps the name and the
    element type to its library's symbol (`__nv_erfinvf`,
    `__ocml_erfinv_f32`) from the first argument's type, a float; the
    arguments share that type but for integer parameters (`ldexp`'s
    exponent, int32). A function only one vendor's library has is named by
    its symbol in full (`__nv_float2int_rn`), of whatever integer or float
    arguments it takes; other targets refuse it. An LLVM intrinsic named in
    full (`llvm.floor.f32`, as `tl.extern_elementwise` names it) is called
    as LLVM defines it on every target. The arguments share one
    shape; the result has their shape and the function's element type
    (`ilogb`: int32).

    ```mlir
    %y = tkc.extern_elementwise "erfinv"(%x) : tensor<64xf32> -> tensor<64xf32>
    %e = tkc.extern_elementwise "ilogb"(%x) : tensor<64xf32> -> tensor<64xi32>
    %m = tkc.extern_elementwise "ldexp"(%x, %n) : tensor<64xf32>, tensor<64xi32> -> tensor<64xf32>
    %i = tkc.extern_elementwise "__nv_float2int_rn"(%x) : tensor<64xf32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins StrAttr:$function,
                   Variadic<AnyTypeOf<[TKC_FloatLike, TKC_IntLike]>>:$args);
  let results = (outs AnyTypeOf<[TKC_FloatLike, TKC_IntLike]>:$result);
  let assemblyFormat = [{
    $function `(` $args `)` attr-dict `:` type($args) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TKC_ElementwiseInlineAsmOp : TKC_Op<"elementwise_inline_asm", [
    Elementwise, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Inline assembly applied to every element";
  let description = [{
    `tl.inline_asm_elementwise`: `asm_string` runs once per `packed_element`
    elements of the operands and writes that many elements of each result
    (operands and results all of one shape). The `constraints` (LLVM's syntax) list the outputs, then
    the inputs; elements narrower than 32 bits are packed into 32-bit
    registers, `32 / bits` (at most `packed_element`) to each. Without
    `pure`, the assembly may read and write memory.

    ```mlir
    %y = tkc.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;"
           {constraints = "=r,r,r,r", packed_element = 1 : i32, pure = true}
           %a, %b, %c : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>
           -> tensor<64xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<TKC_Type>:$args);
  let results = (outs Variadic<TKC_Type>:$results);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($results)
  }];
  let hasVerifier = 1;
}

def TKC_MapElementwiseOp : TKC_Op<"map_elementwise", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "A scalar function applied to every element";
  let description = [{
    `tl.map_elementwise(fn, *args, pack=p)`: the region, `fn` inlined on
    scalars, runs once per `pack` elements of the operands (all of the
    results' shape). Its entry block takes `pack` scalars of each operand in
    turn, and its `tkc.map_elementwise.return` gives `pack` scalars of each
    result in turn. Unlike an elementwise op's, the region may branch (an
    `if` in `fn`), so that only the branch an element takes is computed.

    ```mlir
    %y = tkc.map_elementwise(%x) pack = 1 : (tensor<64xf32>) -> tensor<64xf32> {
    ^bb0(%a: f32):
      %t = arith.addf %a, %a : f32
      tkc.map_elementwise.return %t : f32
    }
    ```
  }];
  let arguments = (ins Variadic<TKC_Type>:$args, I32Attr:$pack);
  let results = (outs Variadic<TKC_Type>:$results);
  let regions = (region MinSizedRegion<1>:$scalarOp);
  let assemblyFormat = [{
    `(` $args `)` `pack` `=` $pack attr-dict `:` functional-type($args, $results)
    $scalarOp
  }];
  let hasRegionVerifier = 1;
}

def TKC_MapElementwiseReturnOp : TKC_Op<"map_elementwise.return", [Pure,
    Terminator, ReturnLike, HasParent<"MapElementwiseOp">]> {
  let summary = "Yields a tkc.map_elementwise region's scalars";
  let arguments = (ins Variadic<TKC_Scalar>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TKC_AssumeOp : TKC_Op<"assume"> {
  let summary = "A condition the program guarantees (tl.assume)";
  let description = [{
    The kernel's author guarantees that `cond` holds where the op is. It
    moves no data and is lowered to `llvm.intr.assume`, from which LLVM
    simplifies the code that follows: a stride assumed to be 1 folds its
    multiplications, an index assumed non-negative extends for free. It has
    no results, and no declared effects, so nothing removes it.

    ```mlir
    tkc.assume %positive
    ```
  }];
  let arguments = (ins I1:$cond);
  let assemblyFormat = "$cond attr-dict";
}

def TKC_PrintOp : TKC_Op<"print", [
    MemoryEffects<[MemWrite<TKC_GlobalMemory>]>]> {
  let summary = "Device-side print (tl.device_print)";
  let description = [{
    Prints each element of each argument once, from every program instance,
    with the program's id, the element's index and `prefix`. Integers print
    as signed where `isSigned` (one flag per argument) holds; with `hex`,
    every value prints as the hexadecimal of its bits.

    ```mlir
    tkc.print " x: " {hex = false, isSigned = array<i1: false>} %x
        : tensor<128xf32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       DenseBoolArrayAttr:$isSigned,
                       Variadic<TKC_Type>:$args);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $prefix attr-dict ($args^ `:` type($args))?
  }];
}

def TKC_BarrierOp : TKC_Op<"barrier", [
    MemoryEffects<[MemRead<TKC_GlobalMemory>, MemWrite<TKC_GlobalMemory>]>]> {
  let summary = "Synchronize the threads of a program (tl.debug_barrier)";
  let description = [{
    Every thread of the program waits here until all have arrived, and
    their memory operations before it are visible after it.

    ```mlir
    tkc.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TKC_AssertOp : TKC_Op<"assert", [
    MemoryEffects<[MemWrite<TKC_GlobalMemory>]>]> {
  let summary = "Device-side assertion (tl.device_assert)";
  let description = [{
    Traps with `message` if any element of `condition` is false. The op's
    location gives the source position reported.

    ```mlir
    tkc.assert %ok, "index out of range" : tensor<128xi1>
    ```
  }];
  let arguments = (ins TKC_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

#endif // TKC_DIALECT_TKC_IR_TKCOPS_TD
