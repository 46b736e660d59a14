//===- BuiltinsPython.cpp - Python builtins and loop constructs -----------===//
//
// The Python builtins a kernel may call (min, max, float, int, bool, len,
// abs, print, getattr, hasattr; range and isinstance only to explain why
// not), folded in Python semantics on constexprs and lowered like their `tl`
// peers on runtime values, the functions of Python's math module on
// compile-time numbers, and the methods of compile-time strings (format,
// join, split, ...).
// Also the `tl` spellings of Python constructs: tl.constexpr, and tl.range
// and tl.static_range, which only a `for` loop may call.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "llvm/ADT/StringSwitch.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;

/// `range()` outside a `for` loop.
static std::optional<Obj> pythonRange(BuiltinCall &c) {
  return c.error("range() can only be used as the iterable of a 'for' loop");
}

/// `min(a, b, ...)` and `max(a, b, ...)`: folded on numbers, elementwise
/// on blocks.
static std::optional<Obj> pythonMinMax(BuiltinCall &c) {
  if (!c.call.keywords.empty() || c.call.args.size() < 2)
    return c.error(c.name + "() takes two or more positional arguments");
  Obj acc = c.call.args[0];
  for (size_t i = 1; i < c.call.args.size(); ++i) {
    const Obj &o = c.call.args[i];
    if (acc.isNumber() && o.isNumber()) {
      auto better =
          c.cg.compare(c.name == "min" ? CmpOp::Lt : CmpOp::Gt, o, acc, c.l);
      if (!better)
        return std::nullopt;
      if (better->intValue)
        acc = o;
      continue;
    }
    // On values, Triton's tl.maximum and tl.minimum.
    CallArgs pair;
    pair.args = {acc, o};
    pair.argLocs = {c.l, c.l};
    auto r = c.callBuiltin(c.name == "max" ? "tl.maximum" : "tl.minimum", pair);
    if (!r)
      return std::nullopt;
    acc = *r;
  }
  return acc;
}

/// `float(x)`, `int(x)` and `bool(x)`.
static std::optional<Obj> pythonConversion(BuiltinCall &c) {
  if (c.call.args.size() != 1 || !c.call.keywords.empty())
    return c.error(c.name + "() takes one argument");
  const Obj &o = c.call.args[0];
  if (c.name == "float") {
    if (o.kind == Kind::Str) {
      llvm::StringRef s = llvm::StringRef(o.str).trim();
      llvm::StringRef mag = s;
      bool neg = mag.consume_front("-");
      if (!neg)
        mag.consume_front("+");
      std::string lower = mag.lower();
      if (lower == "inf" || lower == "infinity")
        return Obj::floating(neg ? -INFINITY : INFINITY);
      if (lower == "nan")
        return Obj::floating(NAN);
      double d;
      if (!s.getAsDouble(d))
        return Obj::floating(d);
      return c.error("could not convert string to float: '" + o.str + "'");
    }
    if (o.isNumber())
      return Obj::floating(o.kind == Kind::Float
                               ? o.floatValue
                               : static_cast<double>(o.intValue));
    if (o.isTensor())
      return c.cg.cast(o, DType(DK::FP32), c.l);
  } else if (c.name == "int") {
    if (o.kind == Kind::Float) {
      if (!std::isfinite(o.floatValue))
        return c.error("cannot convert a non-finite float to int");
      if (std::fabs(o.floatValue) >= 0x1p127)
        return c.error("int() of " + std::to_string(o.floatValue) +
                       " is beyond 128 bits");
      return Obj::integer(static_cast<PyInt>(o.floatValue));
    }
    if (o.isNumber())
      return Obj::integer(o.intValue);
    if (o.isTensor())
      return c.cg.cast(o, DType(DK::I32), c.l);
  } else {
    if (o.isConstexpr())
      return Obj::boolean(c.cg.truthy(o));
    return c.cg.toBool(o, c.l);
  }
  return c.error(c.name + "() cannot convert " + o.describe());
}

/// `tuple(x)`, `list(x)` and `tl.tuple(x)` of a tuple (a list is one) or a
/// string: its elements as a tuple; with no argument, the empty tuple.
/// (tl.tuple's optional type is what the elements have.)
static std::optional<Obj> pythonTuple(BuiltinCall &c) {
  bool triton = c.fullName == "tl.tuple";
  std::string shown = triton ? "tl.tuple" : c.name.str();
  if (c.call.args.size() > (triton ? 2u : 1u))
    return c.error(shown + "() takes at most " + (triton ? "two" : "one") +
                   " arguments");
  if (c.call.args.empty())
    return Obj::tuple({});
  const Obj &o = c.call.args[0];
  if (o.kind == Kind::Tuple)
    return Obj::tuple(o.elems);
  if (o.kind == Kind::Str) {
    std::vector<Obj> chars;
    for (char ch : o.str)
      chars.push_back(Obj::string(std::string(1, ch)));
    return Obj::tuple(std::move(chars));
  }
  return c.error(shown + "() of " + o.describe() +
                 " (tkc takes tuples, lists and strings)");
}

/// `len(x)` of a tuple, string or block.
static std::optional<Obj> pythonLen(BuiltinCall &c) {
  if (c.call.args.size() != 1)
    return c.error("len() takes one argument");
  const Obj &o = c.call.args[0];
  if (o.kind == Kind::Tuple)
    return Obj::integer(o.elems.size());
  if (o.kind == Kind::Str)
    return Obj::integer(o.str.size());
  if (o.isTensor() && o.type.isBlock())
    return Obj::integer(o.type.shape[0]);
  return c.error("len() of " + o.describe());
}

/// `getattr(object, name, default)`, as libraries pick a math function
/// where it exists (FlagGems' `getattr(tl_extra_shim, "lgamma",
/// _fallback_lgamma)`): the attribute where tkc knows it, else the default,
/// with a note for a module's (a function tkc lacks is replaced by the
/// library's own fallback). Without a default, as `object.name`.
static std::optional<Obj> pythonGetattr(BuiltinCall &c) {
  if (c.call.args.size() < 2 || c.call.args.size() > 3 ||
      !c.call.keywords.empty())
    return c.error("getattr() takes an object, a name and a default");
  const Obj &object = c.call.args[0];
  const Obj &name = c.call.args[1];
  if (name.kind != Kind::Str)
    return c.error("getattr()'s name must be a string, got " + name.describe());
  if (c.call.args.size() == 2)
    return c.gen.attribute(object, name.str, c.l, c.l);
  c.cg.diags.suppress();
  auto value = c.gen.attribute(object, name.str, c.l, c.l);
  c.cg.diags.unsuppress();
  if (value)
    return value;
  if (object.kind == Kind::Module)
    c.cg.diags.note(c.l, "tkc takes getattr()'s default: it does not know '" +
                             name.str + "' of module '" + object.str + "'");
  return c.call.args[2];
}

/// `hasattr(object, name)`: whether `object.name` is something tkc knows,
/// as a compile-time bool.
static std::optional<Obj> pythonHasattr(BuiltinCall &c) {
  if (c.call.args.size() != 2 || !c.call.keywords.empty())
    return c.error("hasattr() takes an object and a name");
  const Obj &name = c.call.args[1];
  if (name.kind != Kind::Str)
    return c.error("hasattr()'s name must be a string, got " + name.describe());
  c.cg.diags.suppress();
  bool known = c.gen.attribute(c.call.args[0], name.str, c.l, c.l).has_value();
  c.cg.diags.unsuppress();
  return Obj::boolean(known);
}

/// `abs(x)`: folded on numbers, tl.abs otherwise.
static std::optional<Obj> pythonAbs(BuiltinCall &c) {
  if (c.call.args.size() != 1)
    return c.error("abs() takes one argument");
  const Obj &o = c.call.args[0];
  if (o.kind == Kind::Float)
    return Obj::floating(std::fabs(o.floatValue));
  if (o.isNumber())
    return Obj::integer(o.intValue < 0 ? -o.intValue : o.intValue);
  return c.callBuiltin("tl.abs", c.call);
}

/// `x` as Python's repr() writes a float: the shortest digits that read
/// back as `x`, positional for exponents from -4 to 15, else scientific.
static std::string pythonFloatRepr(double x) {
  if (std::isnan(x))
    return "nan";
  if (std::isinf(x))
    return x < 0 ? "-inf" : "inf";
  auto print = [](const char *format, int precision, double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), format, precision, v);
    return std::string(buffer);
  };
  int digits = 1;
  while (digits < 17 &&
         std::strtod(print("%.*e", digits - 1, x).c_str(), nullptr) != x)
    ++digits;
  std::string scientific = print("%.*e", digits - 1, x);
  int exponent = std::atoi(scientific.c_str() + scientific.find('e') + 1);
  // C writes at least two exponent digits, as Python does.
  if (exponent < -4 || exponent >= 16)
    return scientific;
  std::string fixed = print("%.*f", std::max(digits - 1 - exponent, 0), x);
  if (fixed.find('.') == std::string::npos)
    fixed += ".0";
  return fixed;
}

/// `str(o)` of a compile-time value as Python writes it; nullopt for other
/// values.
static std::optional<std::string> pythonStrOf(const Obj &o) {
  switch (o.kind) {
  case Kind::Str:
    return o.str;
  case Kind::Int:
    return toString(o.intValue);
  case Kind::Bool:
    return std::string(o.intValue ? "True" : "False");
  case Kind::Float:
    return pythonFloatRepr(o.floatValue);
  case Kind::None:
    return std::string("None");
  case Kind::DTypeObj:
    if (o.blockShape.empty())
      return o.dtype.str();
    break;
  default:
    break;
  }
  return std::nullopt;
}

/// `str(x)` of a compile-time value, as Python writes it (f-strings'
/// fields become such calls).
static std::optional<Obj> pythonStr(BuiltinCall &c) {
  if (c.call.args.size() != 1)
    return c.error("str() takes one argument");
  if (auto text = pythonStrOf(c.call.args[0]))
    return Obj::string(*text);
  return c.error("str() of " + c.call.args[0].describe() +
                 " (f-string fields must be compile-time values)");
}

/// `repr(x)` of a compile-time value: str()'s text, strings quoted as
/// Python quotes them (f-strings' `!r` and `!a` fields become such calls).
static std::optional<Obj> pythonRepr(BuiltinCall &c) {
  if (c.call.args.size() != 1)
    return c.error("repr() takes one argument");
  const Obj &o = c.call.args[0];
  if (o.kind == Kind::Str) {
    bool doubleQuotes = o.str.find('\'') != std::string::npos &&
                        o.str.find('"') == std::string::npos;
    char quote = doubleQuotes ? '"' : '\'';
    std::string text(1, quote);
    for (char ch : o.str) {
      if (ch == '\\' || ch == quote)
        text += '\\';
      text += ch;
    }
    return Obj::string(text + quote);
  }
  return pythonStr(c);
}

/// `n.bit_length()`: the bits `abs(n)` takes, as Python counts them.
static std::optional<Obj> intBitLength(BuiltinCall &c) {
  if (c.call.args.size() != 1 || !c.call.keywords.empty())
    return c.error("int.bit_length() takes no arguments");
  PyInt n = c.call.args[0].intValue;
  unsigned __int128 magnitude =
      n < 0 ? 0 - static_cast<unsigned __int128>(n) : n;
  int bits = 0;
  for (; magnitude; magnitude >>= 1)
    ++bits;
  return Obj::integer(bits);
}

/// `bin(n)`, `oct(n)` and `hex(n)` of a compile-time int: its digits in
/// base 2, 8 or 16 after Python's prefix, the sign first (`-0b101`), as
/// `@triton.constexpr_function`s count bits (`len(bin(n)) - 3`).
static std::optional<Obj> pythonRadix(BuiltinCall &c) {
  if (c.call.args.size() != 1 || !c.call.keywords.empty())
    return c.error(c.name + "() takes one argument");
  const Obj &o = c.call.args[0];
  if (o.kind != Kind::Int && o.kind != Kind::Bool)
    return c.error(c.name + "() of " + o.describe() +
                   " (it takes a compile-time int)");
  unsigned base = c.name == "bin" ? 2 : c.name == "oct" ? 8 : 16;
  PyInt n = o.intValue;
  unsigned __int128 magnitude =
      n < 0 ? 0 - static_cast<unsigned __int128>(n) : n;
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdef"[magnitude % base]);
    magnitude /= base;
  } while (magnitude);
  std::string prefix = base == 2 ? "0b" : base == 8 ? "0o" : "0x";
  return Obj::string((n < 0 ? "-" : "") + prefix + digits);
}

/// The string arguments of a string method from `first` on; nullopt after
/// an error naming the method.
static std::optional<std::vector<std::string>>
stringArgs(BuiltinCall &c, size_t first, size_t count) {
  if (c.call.args.size() != first + count || !c.call.keywords.empty()) {
    c.error("str." + c.name + "() takes " + std::to_string(count) +
            " string argument" + (count == 1 ? "" : "s"));
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (size_t i = first; i < c.call.args.size(); ++i) {
    if (c.call.args[i].kind != Kind::Str) {
      c.error("str." + c.name + "() takes strings, got " +
              c.call.args[i].describe());
      return std::nullopt;
    }
    out.push_back(c.call.args[i].str);
  }
  return out;
}

/// `s.format(*args, **kwargs)`: `{}`, `{0}` and `{name}` fields with no
/// format spec, `{{` and `}}` for braces.
static std::optional<Obj> strFormat(BuiltinCall &c) {
  const std::string &text = c.call.args[0].str;
  std::string out;
  size_t nextAuto = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if ((ch == '{' || ch == '}') && i + 1 < text.size() && text[i + 1] == ch) {
      out += ch;
      ++i;
      continue;
    }
    if (ch == '}')
      return c.error("str.format(): single '}' in the format string");
    if (ch != '{') {
      out += ch;
      continue;
    }
    size_t close = text.find('}', i);
    if (close == std::string::npos)
      return c.error("str.format(): '{' without its '}'");
    llvm::StringRef field(text.data() + i + 1, close - i - 1);
    if (field.find_first_of(":!.[") != llvm::StringRef::npos)
      return c.error("str.format(): tkc supports only {}, {N} and {name} "
                     "fields, not '{" +
                     field + "}'");
    const Obj *value = nullptr;
    unsigned index;
    if (field.empty()) {
      if (nextAuto < c.call.args.size())
        value = &c.call.args[nextAuto++];
    } else if (!field.getAsInteger(10, index)) {
      if (index + 1 < c.call.args.size())
        value = &c.call.args[index + 1];
    } else {
      for (const auto &[name, v] : c.call.keywords)
        if (name == field)
          value = &v;
    }
    if (!value)
      return c.error("str.format(): no argument for '{" + field + "}'");
    auto piece = pythonStrOf(*value);
    if (!piece)
      return c.error("str.format() of " + value->describe());
    out += *piece;
    i = close;
  }
  return Obj::string(std::move(out));
}

/// `sep.join(items)`: a tuple or list of strings.
static std::optional<Obj> strJoin(BuiltinCall &c) {
  if (c.call.args.size() != 2 || c.call.args[1].kind != Kind::Tuple)
    return c.error("str.join() takes a list or tuple of strings");
  std::string out;
  for (auto [i, item] : llvm::enumerate(c.call.args[1].elems)) {
    if (item.kind != Kind::Str)
      return c.error("str.join() takes strings, got " + item.describe());
    if (i)
      out += c.call.args[0].str;
    out += item.str;
  }
  return Obj::string(std::move(out));
}

/// `s.split()` (runs of whitespace) and `s.split(sep)`.
static std::optional<Obj> strSplit(BuiltinCall &c) {
  llvm::StringRef text = c.call.args[0].str;
  llvm::SmallVector<llvm::StringRef> parts;
  if (c.call.args.size() == 1 ||
      (c.call.args.size() == 2 && c.call.args[1].kind == Kind::None)) {
    // Runs of whitespace separate words; none are empty.
    for (llvm::StringRef rest = text.ltrim(); !rest.empty();
         rest = rest.ltrim()) {
      size_t end = rest.find_first_of(" \t\n\v\f\r");
      parts.push_back(rest.take_front(end));
      rest = rest.drop_front(parts.back().size());
    }
  } else {
    auto sep = stringArgs(c, 1, 1);
    if (!sep)
      return std::nullopt;
    if (sep->front().empty())
      return c.error("str.split(): empty separator");
    text.split(parts, sep->front(), -1, true);
  }
  std::vector<Obj> items;
  for (llvm::StringRef p : parts)
    items.push_back(Obj::string(p.str()));
  return Obj::tuple(std::move(items));
}

/// `s.replace(old, new)`.
static std::optional<Obj> strReplace(BuiltinCall &c) {
  auto a = stringArgs(c, 1, 2);
  if (!a)
    return std::nullopt;
  const std::string &from = (*a)[0], &to = (*a)[1];
  std::string text = c.call.args[0].str, out;
  if (from.empty())
    return c.error("str.replace(): tkc does not replace the empty string");
  for (size_t i = 0; i < text.size();) {
    if (text.compare(i, from.size(), from) == 0) {
      out += to;
      i += from.size();
    } else {
      out += text[i++];
    }
  }
  return Obj::string(std::move(out));
}

/// `s.strip()`, `s.upper()`, `s.lower()`, `s.startswith(p)`,
/// `s.endswith(p)`.
static std::optional<Obj> strSimple(BuiltinCall &c) {
  llvm::StringRef text = c.call.args[0].str;
  if (c.name == "startswith" || c.name == "endswith") {
    auto a = stringArgs(c, 1, 1);
    if (!a)
      return std::nullopt;
    return Obj::boolean(c.name == "startswith" ? text.starts_with(a->front())
                                               : text.ends_with(a->front()));
  }
  if (!stringArgs(c, 1, 0))
    return std::nullopt;
  if (c.name == "strip")
    return Obj::string(text.trim().str());
  return Obj::string(c.name == "upper" ? text.upper() : text.lower());
}

/// Python's `math.<f>(x[, y])` on compile-time numbers: a float, or an int
/// for ceil, floor, trunc and isqrt; a domain error is an error at the call.
static std::optional<Obj> pythonMath(BuiltinCall &c) {
  bool binary = c.name == "pow" || c.name == "atan2" || c.name == "log" ||
                c.name == "copysign" || c.name == "fmod";
  size_t count = c.call.args.size();
  if (!c.call.keywords.empty() || count < 1 || count > (binary ? 2 : 1) ||
      (c.name != "log" && binary && count != 2))
    return c.error("math." + c.name + "() takes " +
                   (binary ? "two numbers" : "one number"));
  double x[2] = {0, 0};
  for (size_t i = 0; i < count; ++i) {
    const Obj &a = c.call.args[i];
    if (!a.isNumber() || !a.isConstexpr())
      return c.error("math." + c.name + "() takes compile-time numbers, got " +
                     a.describe());
    x[i] = a.kind == Kind::Float ? a.floatValue : double(a.intValue);
  }
  std::optional<double> r =
      llvm::StringSwitch<std::optional<double>>(c.name)
          .Case("sqrt",
                x[0] >= 0 ? std::optional(std::sqrt(x[0])) : std::nullopt)
          .Case("exp", std::exp(x[0]))
          .Case("exp2", std::exp2(x[0]))
          .Case("log", x[0] > 0 && (count == 1 || (x[1] > 0 && x[1] != 1))
                           ? std::optional(count == 1 ? std::log(x[0])
                                                      : std::log(x[0]) /
                                                            std::log(x[1]))
                           : std::nullopt)
          .Case("log2",
                x[0] > 0 ? std::optional(std::log2(x[0])) : std::nullopt)
          .Case("log10",
                x[0] > 0 ? std::optional(std::log10(x[0])) : std::nullopt)
          .Case("pow", std::pow(x[0], x[1]))
          .Case("tanh", std::tanh(x[0]))
          .Case("sin", std::sin(x[0]))
          .Case("cos", std::cos(x[0]))
          .Case("atan2", std::atan2(x[0], x[1]))
          .Case("fabs", std::fabs(x[0]))
          .Case("copysign", std::copysign(x[0], x[1]))
          .Case("fmod",
                x[1] != 0 ? std::optional(std::fmod(x[0], x[1])) : std::nullopt)
          .Case("ceil", std::ceil(x[0]))
          .Case("floor", std::floor(x[0]))
          .Case("trunc", std::trunc(x[0]))
          .Case("isqrt",
                x[0] >= 0
                    ? std::optional(std::floor(std::sqrt(std::floor(x[0]))))
                    : std::nullopt)
          .Default(std::nullopt);
  if (!r || (std::isnan(*r) && !std::isnan(x[0]) && !std::isnan(x[1])))
    return c.error("math." + c.name + "(): math domain error");
  if (llvm::is_contained({"ceil", "floor", "trunc", "isqrt"}, c.name)) {
    if (!std::isfinite(*r) || std::fabs(*r) > 9.2e18)
      return c.error("math." + c.name + "(): cannot convert to an integer");
    return Obj::integer(int64_t(*r));
  }
  return Obj::floating(*r);
}

/// `triton.next_power_of_2(n)` of a compile-time integer, as Triton's host
/// function computes it (0 for 0, the smallest power of two >= n else).
static std::optional<Obj> tritonNextPowerOf2(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::Int)
    return c.error("triton.next_power_of_2() takes one compile-time integer");
  PyInt big = c.call.args[0].intValue;
  if (big < 0 || big > (PyInt(1) << 62))
    return c.error("triton.next_power_of_2() of " + toString(big) +
                   " is out of range");
  int64_t n = static_cast<int64_t>(big);
  return Obj::integer(n == 0 ? 0 : int64_t(llvm::PowerOf2Ceil(uint64_t(n))));
}

/// `print(...)`: tl.device_print.
static std::optional<Obj> pythonPrint(BuiltinCall &c) {
  return c.callBuiltin("tl.device_print", c.call);
}

/// `isinstance(x, types)`, evaluated when the kernel is compiled as
/// Triton's JIT evaluates it on its own objects, compile-time values
/// unwrapped: each type (or tuple of them) is tl.tensor (a run-time value),
/// tl.tensor_descriptor, tl.constexpr (never, as in Triton's kernels),
/// tl.dtype, or Python's int (bools too), float, bool and str.
static std::optional<Obj> pythonIsinstance(BuiltinCall &c) {
  if (c.call.args.size() != 2 || !c.call.keywords.empty())
    return c.error("isinstance() takes 2 positional arguments");
  const Obj &x = c.call.args[0];
  const Obj &classes = c.call.args[1];
  std::vector<Obj> types =
      classes.kind == Kind::Tuple ? classes.elems : std::vector<Obj>{classes};
  bool result = false;
  for (const Obj &type : types) {
    std::optional<bool> matches;
    if (type.kind == Kind::Builtin)
      matches =
          llvm::StringSwitch<std::optional<bool>>(type.str)
              .Case("tl.tensor", x.kind == Kind::Tensor)
              .Case("tl.tensor_descriptor", x.kind == Kind::TensorDesc)
              // Never: Triton's JIT unwraps a kernel's constexprs for
              // isinstance(), and tkc's are the values themselves, so a
              // constexpr function's `x.value if isinstance(x,
              // tl.constexpr) else x` takes x as it is.
              .Case("tl.constexpr", false)
              .Case("tl.dtype", x.kind == Kind::DTypeObj)
              .Case("tl.pointer_type", x.kind == Kind::DTypeObj &&
                                           !x.isBlockType() && x.dtype.isPtr())
              .Case("builtins.int", x.kind == Kind::Int || x.kind == Kind::Bool)
              .Case("builtins.float", x.kind == Kind::Float)
              .Case("builtins.bool", x.kind == Kind::Bool)
              .Case("builtins.str", x.kind == Kind::Str)
              .Default(std::nullopt);
    if (!matches)
      return c.error("isinstance() of a class tkc does not know; it knows "
                     "tl.tensor, tl.tensor_descriptor, tl.constexpr, "
                     "tl.dtype, tl.pointer_type, int, float, bool and str");
    result |= *matches;
  }
  return Obj::boolean(result);
}

/// `tl.tensor` and `tl.tensor_descriptor`, which kernels name only as
/// classes (isinstance()).
static std::optional<Obj> classOnly(BuiltinCall &c) {
  return c.error(c.fullName.str() + " cannot be called in a kernel");
}

/// `tl.constexpr(x)`: `x`, which must be a compile-time value.
static std::optional<Obj> lowerConstexpr(BuiltinCall &c) {
  if (c.call.args.size() != 1)
    return c.error("tl.constexpr() takes one argument");
  if (!c.call.args[0].isConstexpr())
    return c.error("tl.constexpr() needs a compile-time value, got " +
                   c.call.args[0].describe());
  return c.call.args[0];
}

/// `torch.finfo(dtype)` and `torch.iinfo(dtype)`, as kernel libraries use
/// them in module-level constexprs: an object whose attributes (`min`,
/// `max`, `eps`, `tiny`, `bits`) CodeGen::moduleAttribute reads.
static std::optional<Obj> lowerTorchInfo(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::DTypeObj)
    return c.error("torch." + c.name + "() takes one torch dtype");
  const DType &dtype = c.call.args[0].dtype;
  if (c.name == "finfo" ? !dtype.isFloat() : !dtype.isInt())
    return c.error("torch." + c.name + "() of " + dtype.str() +
                   " is not defined");
  Obj info = Obj::named(Kind::Module, ("torch." + c.name).str());
  info.dtype = dtype;
  return info;
}

/// `torch.cuda.is_available()`: true, as on the GPU machine that runs the
/// kernel (ROCm's torch answers it too).
static std::optional<Obj> torchCudaIsAvailable(BuiltinCall &c) {
  if (!c.call.args.empty())
    return c.error("torch.cuda.is_available() takes no arguments");
  return Obj::boolean(true);
}

/// `importlib.import_module(name)`: the module an import of the absolute
/// name `name` finds.
static std::optional<Obj> importlibImportModule(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::Str)
    return c.error("importlib.import_module() takes a module's name");
  const std::string &name = c.call.args[0].str;
  if (llvm::StringRef(name).starts_with("."))
    return c.error("importlib.import_module() of a relative name is not "
                   "supported by tkc");
  return c.cg.resolveImport(c.cg.module, ImportBinding{c.l, name, name}, c.l);
}

/// `importlib.util.find_spec(name)`: a spec of Triton's module `name`, or
/// None where Triton 3.6 has no such module (a helper trying the names
/// Triton's versions gave libdevice takes the first that exists).
static std::optional<Obj> importlibFindSpec(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::Str)
    return c.error("importlib.util.find_spec() takes a module's name");
  if (!isTritonModule(c.call.args[0].str))
    return Obj::none();
  Obj spec = Obj::named(Kind::Module, kImportlibSpec.str());
  spec.elems.push_back(Obj::named(Kind::Module, c.call.args[0].str));
  return spec;
}

/// `importlib.util.module_from_spec(spec)`: the spec's module.
static std::optional<Obj> importlibModuleFromSpec(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::Module ||
      c.call.args[0].str != kImportlibSpec)
    return c.error("importlib.util.module_from_spec() takes a spec from "
                   "importlib.util.find_spec()");
  return c.call.args[0].elems.front();
}

/// A spec's `loader.exec_module(module)`: nothing to run.
static std::optional<Obj> importlibExecModule(BuiltinCall &c) {
  if (c.call.args.size() != 1 || c.call.args[0].kind != Kind::Module)
    return c.error("exec_module() takes a module");
  return Obj::none();
}

/// `tl.range()` and `tl.static_range()` outside a `for` loop.
static std::optional<Obj> lowerLoopRange(BuiltinCall &c) {
  return c.error("tl." + c.name +
                 "() can only be used as the iterable of a 'for' loop");
}

llvm::ArrayRef<BuiltinEntry> pythonBuiltins() {
  static const BuiltinEntry entries[] = {
      {"builtins.range", pythonRange},
      {"builtins.min", pythonMinMax},
      {"builtins.max", pythonMinMax},
      {"builtins.float", pythonConversion},
      {"builtins.int", pythonConversion},
      {"builtins.bool", pythonConversion},
      {"builtins.len", pythonLen},
      {"builtins.tuple", pythonTuple},
      {"builtins.list", pythonTuple},
      {"tl.tuple", pythonTuple},
      {"builtins.getattr", pythonGetattr},
      {"builtins.hasattr", pythonHasattr},
      {"builtins.str", pythonStr},
      {"builtins.repr", pythonRepr},
      {"builtins.bin", pythonRadix},
      {"builtins.oct", pythonRadix},
      {"builtins.hex", pythonRadix},
      {"triton.next_power_of_2", tritonNextPowerOf2},
      {"builtins.abs", pythonAbs},
      {"builtins.print", pythonPrint},
      {"builtins.isinstance", pythonIsinstance},
      {"tl.tensor", classOnly},
      {"tl.tensor_descriptor", classOnly},
      {"tl.constexpr", lowerConstexpr},
      {"torch.finfo", lowerTorchInfo},
      {"torch.iinfo", lowerTorchInfo},
      {"torch.cuda.is_available", torchCudaIsAvailable},
      {"importlib.import_module", importlibImportModule},
      {"importlib.util.find_spec", importlibFindSpec},
      {"importlib.util.module_from_spec", importlibModuleFromSpec},
      {"importlib.machinery.Loader.exec_module", importlibExecModule},
      {"tl.range", lowerLoopRange},
      {"tl.static_range", lowerLoopRange},
      {"math.sqrt", pythonMath},
      {"math.exp", pythonMath},
      {"math.exp2", pythonMath},
      {"math.log", pythonMath},
      {"math.log2", pythonMath},
      {"math.log10", pythonMath},
      {"math.pow", pythonMath},
      {"math.tanh", pythonMath},
      {"math.sin", pythonMath},
      {"math.cos", pythonMath},
      {"math.atan2", pythonMath},
      {"math.fabs", pythonMath},
      {"math.copysign", pythonMath},
      {"math.fmod", pythonMath},
      {"math.ceil", pythonMath},
      {"math.floor", pythonMath},
      {"math.trunc", pythonMath},
      {"math.isqrt", pythonMath},
      {"int.bit_length", intBitLength},
      {"str.format", strFormat},
      {"str.join", strJoin},
      {"str.split", strSplit},
      {"str.replace", strReplace},
      {"str.strip", strSimple},
      {"str.upper", strSimple},
      {"str.lower", strSimple},
      {"str.startswith", strSimple},
      {"str.endswith", strSimple},
  };
  return entries;
}

} // namespace tkc::frontend
