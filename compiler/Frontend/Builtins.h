//===- Builtins.h - The table of builtin functions --------------*- C++ -*-===//
//
// How a call of a builtin reaches its handler. Every function a kernel may
// call besides its @jit helpers is one entry of a table, keyed by its full
// name (`tl.load`, `libdevice.tanh`, `builtins.min`): the entry names the
// handler that binds and checks the call's arguments and lowers it to
// tkc/arith/math ops, and the block method that forwards to it (`x.sum()`).
// Each family of handlers lives in its own file (BuiltinsPython.cpp,
// BuiltinsCreation.cpp, BuiltinsMemory.cpp, BuiltinsMath.cpp,
// BuiltinsReduce.cpp, BuiltinsShape.cpp, BuiltinsDebug.cpp) and lists its
// entries; Builtins.cpp joins the lists into the one table that calls, name
// lookup and block methods consult. Only the Builtins*.cpp files include
// this header.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_BUILTINS_H
#define TKC_FRONTEND_BUILTINS_H

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Frontend/CodeGenImpl.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace tkc::frontend {

/// Binds a call's arguments to a Python-style parameter list.
class Binder {
public:
  Binder(CodeGen &cg, llvm::StringRef fnName, CallArgs &call, Loc callLoc)
      : cg(cg), fnName(fnName.str()), call(call), callLoc(callLoc) {}

  /// Binds positional and keyword arguments to `params`, which holds names;
  /// a trailing '=' marks an optional parameter. Reports Python's errors
  /// for too many, unknown, repeated or missing arguments.
  bool bind(std::initializer_list<const char *> params);

  /// The argument for parameter `i`, or nullopt if it was not given (or is
  /// None).
  std::optional<Obj> get(size_t i) const;
  /// True if parameter `i` got an argument other than None.
  bool has(size_t i) const { return get(i).has_value(); }
  /// Where the argument for parameter `i` is (the call if not given).
  Loc loc(size_t i) const { return locs[i]; }
  /// The argument for parameter `i` as given, None included.
  const std::optional<Obj> &raw(size_t i) const { return values[i]; }

  /// A runtime value (constexpr numbers converted).
  std::optional<Obj> tensor(size_t i);
  /// A constexpr int, or `dflt` if not given.
  std::optional<int64_t> integer(size_t i, int64_t dflt);
  /// The truthiness of a constexpr, or `dflt` if not given.
  std::optional<bool> flag(size_t i, bool dflt);
  /// A constexpr string, or `dflt` if not given.
  std::optional<std::string> string(size_t i, llvm::StringRef dflt);
  /// A dtype (required).
  std::optional<DType> dtype(size_t i);

private:
  CodeGen &cg;
  std::string fnName;
  CallArgs &call;
  Loc callLoc;
  std::vector<std::string> names;
  std::vector<std::optional<Obj>> values;
  std::vector<Loc> locs;
};

/// One call of a builtin, as its handler sees it.
struct BuiltinCall {
  BuiltinCall(FunctionGen &gen, llvm::StringRef fullName, CallArgs &call,
              const Obj *self, Loc l);

  /// The function body that makes the call.
  FunctionGen &gen;
  /// The kernel's generator (`gen.cg`).
  CodeGen &cg;
  /// The kernel's builder (`cg.builder`).
  mlir::OpBuilder &b;
  /// The full name: `tl.load`, `libdevice.tanh`.
  llvm::StringRef fullName;
  /// The name without its namespace: `load` for `tl.load`.
  llvm::StringRef name;
  /// The arguments as evaluated, a method's `self` first.
  CallArgs &call;
  /// The block or dtype a method is bound to, or null.
  const Obj *self;
  /// The call's source location.
  Loc l;
  /// The call's MLIR location.
  mlir::Location L;
  /// Binds `call` to the builtin's parameters.
  Binder args;

  /// Reports `message` at the call; returns nullopt, for the handler to
  /// return.
  std::optional<Obj> error(const llvm::Twine &message) const;
  /// Calls another builtin (`tl.exp`) at this call's location.
  std::optional<Obj> callBuiltin(llvm::StringRef fullName,
                                 CallArgs &call) const;
};

/// Lowers one call of a builtin; nullopt after reporting an error.
using BuiltinHandler = std::optional<Obj> (*)(BuiltinCall &c);

/// One entry of the builtin table.
struct BuiltinEntry {
  /// The full name: `tl.<name>` for triton.language, `libdevice.<name>` for
  /// triton.language.extra.libdevice, `builtins.<name>` for Python's
  /// builtins, `tensor.<name>` for a method that only blocks have.
  llvm::StringRef name;
  /// The handler; null for a triton.language function that tkc does not
  /// implement yet, which is an error to name at all.
  BuiltinHandler handler;
  /// The block method that forwards to this function with the block as
  /// first argument (`x.sum()` for tl.sum, `x.to()` for tl.cast), or empty.
  llvm::StringRef method = {};
};

/// The entries of each family, defined in the file named after it.
/// Python's builtins and tl.constexpr, tl.range, tl.static_range.
llvm::ArrayRef<BuiltinEntry> pythonBuiltins();
/// Program ids, tl.arange, constant blocks, casts and pointer types.
llvm::ArrayRef<BuiltinEntry> creationBuiltins();
/// tl.load, tl.store and the atomics.
llvm::ArrayRef<BuiltinEntry> memoryBuiltins();
/// Elementwise math, tl.where and tl.dot, and the functions of
/// triton.language.extra.libdevice.
llvm::ArrayRef<BuiltinEntry> mathBuiltins();
/// libdevice's functions of integers, conversions and rounding modes
/// (NVIDIA's library only), and its reinterpretations of bits.
llvm::ArrayRef<BuiltinEntry> libdeviceBuiltins();
/// The libdevice function (`mulhi`) one of whose overloads NVIDIA's symbol
/// `symbol` (`__nv_umulhi`) is, among those of libdeviceBuiltins(); empty
/// if none.
llvm::StringRef libdeviceFunctionOfSymbol(llvm::StringRef symbol);
/// Where the target is NVIDIA and call `c`'s positional arguments have the
/// dtypes, as they are or promoted to one as Triton promotes them, of an
/// overload of `c.name` that Triton calls there in place of the generic
/// lowering (libdevice's `fast_expf`, `fma`, `div_rn`, `fmod`, `pow` of an
/// int32 exponent): sets `result` to the call of its symbol (nullopt after
/// an error) and returns true. False otherwise.
bool lowerNvidiaOverload(BuiltinCall &c, std::optional<Obj> &result);
/// Broadcasts `args` to one shape and, with `promote`, promotes them to one
/// dtype as Triton does; false after an error.
bool unifyArgs(BuiltinCall &c, llvm::MutableArrayRef<Obj> args, bool promote);
/// Reductions and scans.
llvm::ArrayRef<BuiltinEntry> reduceBuiltins();
/// Permutes, reshapes, broadcasts and expand_dims.
llvm::ArrayRef<BuiltinEntry> shapeBuiltins();
/// Compiler hints, static and device assertions, and printing.
llvm::ArrayRef<BuiltinEntry> debugBuiltins();
/// Block pointers and tensor descriptors: tl.make_block_ptr, tl.advance,
/// tl.make_tensor_descriptor and a descriptor's load and store.
llvm::ArrayRef<BuiltinEntry> blockPointerBuiltins();

/// The elements of `x`, a 1-D block of `x.type.shape[0]` elements, each as a
/// scalar (a reduction of the block masked to it, exact for any type).
std::optional<std::vector<Obj>> blockElements(CodeGen &cg, const Obj &x, Loc l);

/// `x` as a scalar, where it has one element (Triton's unsplat: `tl.item`, a
/// reshape to `()`, an `if` on a block of one); an error at `l` otherwise.
std::optional<Obj> unsplat(CodeGen &cg, const Obj &x, Loc l);

/// tl.load / tl.store through a block pointer (the call's first argument):
/// the pointers and bounds mask of the block it names, then an ordinary
/// masked access. `c.args` is bound already; `maskIndex` is where a load's
/// or store's `mask` parameter is, which block pointers do not take.
std::optional<Obj> lowerBlockPointerAccess(BuiltinCall &c, const Obj &blockPtr,
                                           bool isLoad, size_t maskIndex);

/// How a load or store may use the caches (tl.load/tl.store's
/// cache_modifier, eviction_policy and volatile); null attributes are the
/// defaults.
struct AccessHints {
  mlir::tkc::CacheModifierAttr cache;
  mlir::tkc::EvictionPolicyAttr evict;
  bool isVolatile = false;
};

/// The hints of a tl.load (`isLoad`) or tl.store call whose arguments are
/// bound; nullopt after an error.
std::optional<AccessHints> readAccessHints(BuiltinCall &c, bool isLoad);

/// Emits the tkc.load or tkc.store of pointers `p`, with the stored `value`
/// (cast and broadcast to `p`), and the optional `mask` and `other`
/// (likewise).
std::optional<Obj> emitLoadStore(BuiltinCall &c, bool isLoad, const Obj &p,
                                 const std::optional<Obj> &value,
                                 const std::optional<Obj> &mask,
                                 const std::optional<Obj> &other,
                                 const AccessHints &hints);

/// Emits the tkc.atomic_rmw of `kind` (add, max, min, and, or, xor, xchg)
/// on pointers `p` with `value` and the optional `mask` (all of one shape,
/// `value` of the pointee's type), after Triton's checks of the pointee.
std::optional<Obj> emitAtomicRMW(BuiltinCall &c, llvm::StringRef kind,
                                 const Obj &p, const Obj &value,
                                 const std::optional<Obj> &mask,
                                 mlir::tkc::MemSemantic sem,
                                 mlir::tkc::MemSyncScope scope);

/// What each stride but the last of a tensor descriptor of `elem` elements
/// is a multiple of, in elements: 16 bytes, as Triton requires.
unsigned descriptorStrideAlignment(const DType &elem);

/// A tensor descriptor object (Kind::TensorDesc) of `base`, the int64
/// `shape` and `strides` (the last 1), `blockShape` and `padding`. What
/// Triton requires of every descriptor is recorded for the axis analysis,
/// as tl.multiple_of would: a 16-byte aligned base, and strides but the
/// last that are multiples of 16 bytes, so that its accesses vectorize
/// without a signature that says so.
Obj tensorDescriptor(const Obj &base, llvm::ArrayRef<Obj> shape,
                     llvm::ArrayRef<Obj> strides,
                     llvm::ArrayRef<int64_t> blockShape, std::string padding);

/// The i32 indices along `axis` of a block of `shape`, broadcast to it.
Obj axisIndices(CodeGen &cg, llvm::ArrayRef<int64_t> shape, int64_t axis,
                Loc l);

/// Flattens `f(x, *ints)` / `f(x, ints)`, the arguments of `call` from
/// position `first` on, into a list of constexpr ints; `what` names one
/// for errors.
std::optional<llvm::SmallVector<int64_t>>
varInts(CodeGen &cg, CallArgs &call, size_t first, Loc l, llvm::StringRef what);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_BUILTINS_H
