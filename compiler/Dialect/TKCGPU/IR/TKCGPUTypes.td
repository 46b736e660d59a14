//===- TKCGPUTypes.td - Types of the tkc_gpu dialect --------*- tablegen -*-===//
//
// Tiles that live in shared memory across ops, as opposed to tensors, which
// live in registers.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_IR_TKCGPUTYPES_TD
#define TKC_DIALECT_TKCGPU_IR_TKCGPUTYPES_TD

include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"

def TKCGPU_SharedBufferType : TypeDef<TKCGPU_Dialect, "SharedBuffer"> {
  let mnemonic = "shared";
  let summary = "A tile, or a stack of tiles, in the block's shared memory";
  let description = [{
    `shape` elements of `elementType` in shared memory. The last one or two
    dimensions (as many as `order` lists) are one tile; a leading dimension,
    if any, counts tiles stored one after another (the buffers of a
    pipelined loop). `order` lists the tile's dimensions fastest first:
    rows run along `order[0]`. A 1-D tile (a loop's gate or scale vector)
    is one row.

    Each row is stored as 16-byte chunks, and chunk `c` of row `r` lies at
    chunk `c ^ ((r / perPhase) % maxPhase)`, where `maxPhase` is
    `min(chunks per row, 8)` and `perPhase` is `8 / maxPhase`: the eight
    rows one 8x8 matrix load reads fall in eight different bank groups.
    For rows of 64 and 32 bytes this is the 128- and 64-byte swizzle that
    Hopper's wgmma and TMA use. On NVIDIA targets without wgmma, 128-byte
    rows of 32-bit elements take the phases of each eight rows in the order
    0, 2, 4, 6, 1, 3, 5, 7 instead, so that mma.sync's one-element reads
    meet no bank conflicts however the tile is stored (the lowering's
    SwizzledTile).

    With `swizzled = false`, chunks stay in place (`maxPhase` 1): each
    thread's accesses are its base address plus constants, for tiles no
    pass of the banks of whose stores or reads spans two rows, where a
    swizzle could not spread them further (accessesOneRowPerPass: FMA dot
    operands, tkc-gpu-stage-fma-operands and the pipeliner). Matrix loads
    and warpgroup multiplies read swizzled tiles only.

    ```mlir
    !tkc_gpu.shared<[3, 128, 32], f16, order = [1, 0]>
    !tkc_gpu.shared<[64, 32], f32, order = [1, 0], swizzled = false>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        ArrayRefParameter<"unsigned">:$order,
                        DefaultValuedParameter<"bool", "true">:$swizzled);
  let assemblyFormat =
      "`<` `[` $shape `]` `,` $elementType `,` `order` `=` `[` $order `]` "
      "(`,` `swizzled` `=` $swizzled^)? `>`";
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape,
                     "::mlir::Type":$elementType,
                     "::llvm::ArrayRef<unsigned>":$order,
                     CArg<"bool", "true">:$swizzled), [{
      return $_get($_ctxt, shape, elementType, order, swizzled);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The shape of one tile (the last dimensions, one per `order` entry).
    ::llvm::ArrayRef<int64_t> getTileShape() const {
      return getShape().take_back(getOrder().size());
    }
    /// The number of tiles (1 without a leading dimension).
    int64_t getNumTiles() const {
      return getShape().size() > getOrder().size() ? getShape().front() : 1;
    }
  }];
}

#endif // TKC_DIALECT_TKCGPU_IR_TKCGPUTYPES_TD
