//===- IndexingLowering.h - Ops that address a block by values --*- C++ -*-===//
//
// The patterns for ops whose data movement depends on values, not layouts:
// tkc.gather (elements picked by indices) and tkc.histogram (counts per
// value). Both go through their shared-memory scratch: the block is written
// there, or its counters kept there, and read back at computed places.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_INDEXINGLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_INDEXINGLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tkc::gpu {

/// Whether `op` (a tkc.gather or tkc.histogram) can be lowered; if not,
/// `reason` says why, worded to follow "code generation does not support
/// 'tkc.gather' ".
bool isIndexingOpLowerable(Operation *op, std::string &reason);

/// Adds the lowerings of tkc.gather and tkc.histogram to `patterns`.
void populateIndexingLoweringPatterns(const LLVMTypeConverter &converter,
                                      const ::tkc::TargetInfo &target,
                                      RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_INDEXINGLOWERING_H
