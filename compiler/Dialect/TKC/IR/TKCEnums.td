//===- TKCEnums.td - Enumerations used by tkc ops ----------*- tablegen -*-===//
//
// Cache modifiers, eviction policies, atomic kinds, memory orderings and
// scopes, rounding modes and dot precisions. Each prints as a bare keyword.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_IR_TKCENUMS_TD
#define TKC_DIALECT_TKC_IR_TKCENUMS_TD

include "mlir/IR/EnumAttr.td"

def TKC_CacheModifierAttr : I32EnumAttr<"CacheModifier",
    "cache modifier of a load or store", [
      I32EnumAttrCase<"none", 1>, I32EnumAttrCase<"ca", 2>,
      I32EnumAttrCase<"cg", 3>, I32EnumAttrCase<"cs", 4>,
      I32EnumAttrCase<"wb", 5>, I32EnumAttrCase<"wt", 6>,
      I32EnumAttrCase<"cv", 7>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_EvictionPolicyAttr : I32EnumAttr<"EvictionPolicy",
    "eviction policy of a load or store", [
      I32EnumAttrCase<"normal", 1>, I32EnumAttrCase<"evict_first", 2>,
      I32EnumAttrCase<"evict_last", 3>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_RMWOpAttr : I32EnumAttr<"RMWOp", "read-modify-write operation", [
      I32EnumAttrCase<"AND", 1, "and">, I32EnumAttrCase<"OR", 2, "or">,
      I32EnumAttrCase<"XOR", 3, "xor">, I32EnumAttrCase<"add", 4>,
      I32EnumAttrCase<"fadd", 5>, I32EnumAttrCase<"max", 6>,
      I32EnumAttrCase<"min", 7>, I32EnumAttrCase<"umax", 8>,
      I32EnumAttrCase<"umin", 9>, I32EnumAttrCase<"xchg", 10>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "memory ordering of an atomic", [
      I32EnumAttrCase<"relaxed", 1>, I32EnumAttrCase<"acquire", 2>,
      I32EnumAttrCase<"release", 3>, I32EnumAttrCase<"acq_rel", 4>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope",
    "visibility scope of an atomic", [
      I32EnumAttrCase<"gpu", 1>, I32EnumAttrCase<"cta", 2>,
      I32EnumAttrCase<"sys", 3>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_RoundingModeAttr : I32EnumAttr<"RoundingMode",
    "rounding mode of a narrowing float conversion", [
      I32EnumAttrCase<"rtz", 1>, I32EnumAttrCase<"rtne", 2>]> {
  let cppNamespace = "::mlir::tkc";
}

def TKC_InputPrecisionAttr : I32EnumAttr<"InputPrecision",
    "precision a dot uses for fp32 inputs", [
      I32EnumAttrCase<"tf32", 1>, I32EnumAttrCase<"tf32x3", 2>,
      I32EnumAttrCase<"ieee", 3>, I32EnumAttrCase<"bf16x3", 4>,
      I32EnumAttrCase<"bf16x6", 5>]> {
  let cppNamespace = "::mlir::tkc";
}

#endif // TKC_DIALECT_TKC_IR_TKCENUMS_TD
