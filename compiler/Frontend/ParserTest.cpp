//===- ParserTest.cpp - Unit tests of the lexer and parser ----------------===//
//
// Checks the tokenizer (indentation, line joining, numbers, strings,
// operators), expression precedence through a compact s-expression
// rendering, every statement kind, the skipping of host code, imports and
// module-level assignments, and the exact message and line:col of each
// lexical and syntax error.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/ASTPrinter.h"
#include "compiler/Frontend/Lexer.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace tkc::frontend;

namespace {

/// A source buffer with its diagnostics captured in a string.
class Source {
public:
  explicit Source(llvm::StringRef text) : os(errors), diags(sm, os) {
    bufferId = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "test.py"), llvm::SMLoc());
  }

  /// Parses the buffer; returns the module or null.
  Module *parse() {
    module = parseModule(bufferId, diags);
    return module.get();
  }

  /// Tokenizes the buffer and renders the tokens compactly: names, numbers
  /// and operators by spelling, strings as str:VALUE, and NL, INDENT,
  /// DEDENT, EOF.
  std::string tokens() {
    std::vector<Token> toks;
    Lexer lexer(bufferId, diags);
    bool ok = lexer.tokenize(toks);
    std::string out;
    for (const Token &t : toks) {
      if (!out.empty())
        out += ' ';
      switch (t.kind) {
      case TokenKind::Newline:
        out += "NL";
        break;
      case TokenKind::Indent:
        out += "INDENT";
        break;
      case TokenKind::Dedent:
        out += "DEDENT";
        break;
      case TokenKind::EndOfFile:
        out += "EOF";
        break;
      case TokenKind::Int:
        out += t.intTooLarge ? std::string("int:TOO_LARGE")
                             : "int:" + toString(t.intValue);
        break;
      case TokenKind::Float: {
        char buf[64];
        snprintf(buf, sizeof(buf), "float:%g", t.floatValue);
        out += buf;
        break;
      }
      case TokenKind::String:
        if (t.isFString)
          out += "fstr:" + t.spelling.str();
        else
          out += (t.isBytes ? "bytes:" : "str:") + t.stringValue;
        break;
      default:
        out += t.spelling.str();
        break;
      }
    }
    if (!ok)
      out += " <error>";
    return out;
  }

  /// The first line of the diagnostics ("test.py:L:C: error: ...").
  std::string firstDiag() const {
    llvm::StringRef s(errors);
    return s.split('\n').first.str();
  }

  /// The printed AST of function `name`.
  std::string ast(llvm::StringRef name) {
    std::string out;
    llvm::raw_string_ostream aos(out);
    if (!module)
      return "<no module>";
    const FunctionDef *fn = module->findFunction(name);
    if (!fn)
      return "<no function>";
    printAST(*fn, diags, aos);
    return out;
  }

  llvm::SourceMgr sm;
  std::string errors;
  llvm::raw_string_ostream os;
  Diagnostics diags;
  unsigned bufferId;
  std::unique_ptr<Module> module;
};

/// Renders an expression as an s-expression: names and literals as
/// written, operators as (op lhs rhs), calls as (call f args k=v).
std::string sexpr(const Expr &e);

std::string sexprs(const std::vector<ExprPtr> &v) {
  std::string out;
  for (const ExprPtr &x : v)
    out += " " + (x ? sexpr(*x) : std::string("_"));
  return out;
}

std::string sexpr(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Name:
    return llvm::cast<NameExpr>(e).id;
  case Expr::Kind::IntLit:
    return toString(llvm::cast<IntLitExpr>(e).value);
  case Expr::Kind::FloatLit: {
    char buf[64];
    snprintf(buf, sizeof(buf), "%gf", llvm::cast<FloatLitExpr>(e).value);
    return buf;
  }
  case Expr::Kind::StrLit:
    return "'" + llvm::cast<StrLitExpr>(e).value + "'";
  case Expr::Kind::BoolLit:
    return llvm::cast<BoolLitExpr>(e).value ? "True" : "False";
  case Expr::Kind::NoneLit:
    return "None";
  case Expr::Kind::EllipsisLit:
    return "...";
  case Expr::Kind::Attribute: {
    auto &a = llvm::cast<AttributeExpr>(e);
    return sexpr(*a.base) + "." + a.attr;
  }
  case Expr::Kind::Subscript: {
    auto &s = llvm::cast<SubscriptExpr>(e);
    return "(sub " + sexpr(*s.base) + sexprs(s.indices) + ")";
  }
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(e);
    auto part = [](const ExprPtr &p) { return p ? sexpr(*p) : "_"; };
    return "(slice " + part(s.lower) + " " + part(s.upper) + " " +
           part(s.step) + ")";
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    std::string out = "(call " + sexpr(*c.callee) + sexprs(c.args);
    for (const Keyword &k : c.keywords)
      out += " " + k.name + "=" + sexpr(*k.value);
    return out + ")";
  }
  case Expr::Kind::BinOp: {
    auto &b = llvm::cast<BinOpExpr>(e);
    return std::string("(") + spelling(b.op) + " " + sexpr(*b.lhs) + " " +
           sexpr(*b.rhs) + ")";
  }
  case Expr::Kind::UnaryOp: {
    auto &u = llvm::cast<UnaryOpExpr>(e);
    return std::string("(") + (u.op == UnaryOp::Neg ? "neg" : spelling(u.op)) +
           " " + sexpr(*u.operand) + ")";
  }
  case Expr::Kind::BoolOp: {
    auto &b = llvm::cast<BoolOpExpr>(e);
    return std::string("(") + (b.isAnd ? "and" : "or") + sexprs(b.values) + ")";
  }
  case Expr::Kind::Compare: {
    auto &c = llvm::cast<CompareExpr>(e);
    std::string out = "(cmp " + sexpr(*c.operands[0]);
    for (size_t i = 0; i < c.ops.size(); ++i)
      out += std::string(" ") + spelling(c.ops[i]) + " " +
             sexpr(*c.operands[i + 1]);
    return out + ")";
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpExpr>(e);
    return "(ifexp " + sexpr(*i.test) + " " + sexpr(*i.body) + " " +
           sexpr(*i.orelse) + ")";
  }
  case Expr::Kind::Tuple:
    return "(tuple" + sexprs(llvm::cast<TupleExpr>(e).elts) + ")";
  case Expr::Kind::List:
    return "(list" + sexprs(llvm::cast<ListExpr>(e).elts) + ")";
  case Expr::Kind::Dict: {
    auto &d = llvm::cast<DictExpr>(e);
    std::string out = "(dict";
    for (size_t i = 0; i < d.keys.size(); ++i)
      out += " " + sexpr(*d.keys[i]) + ":" + sexpr(*d.values[i]);
    return out + ")";
  }
  case Expr::Kind::ListComp: {
    auto &c = llvm::cast<ListCompExpr>(e);
    std::string out = "(listcomp " + sexpr(*c.elt);
    for (const Comprehension &g : c.generators) {
      out += " (for " + sexpr(*g.target) + " " + sexpr(*g.iter);
      for (const ExprPtr &cond : g.ifs)
        out += " (if " + sexpr(*cond) + ")";
      out += ")";
    }
    return out + ")";
  }
  case Expr::Kind::Lambda: {
    auto &f = llvm::cast<LambdaExpr>(e);
    std::string out = "(lambda (";
    for (size_t i = 0; i < f.params.size(); ++i)
      out += (i ? " " : "") + f.params[i];
    return out + ") " + sexpr(*f.body) + ")";
  }
  case Expr::Kind::Named: {
    auto &n = llvm::cast<NamedExpr>(e);
    return "(:= " + sexpr(*n.target) + " " + sexpr(*n.value) + ")";
  }
  case Expr::Kind::Unsupported:
    return "<" + llvm::cast<UnsupportedExpr>(e).what + ">";
  }
  return "?";
}

/// Parses `x = EXPR` inside a jit function and renders EXPR.
std::string expr(llvm::StringRef text) {
  std::string src = ("@triton.jit\ndef k():\n    x = " + text + "\n").str();
  Source s(src);
  Module *m = s.parse();
  if (!m)
    return "ERROR " + s.firstDiag();
  const FunctionDef *fn = m->findFunction("k");
  if (!fn || fn->body.size() != 1)
    return "BAD";
  auto *assign = llvm::dyn_cast<AssignStmt>(fn->body[0].get());
  if (!assign || !assign->value)
    return "BAD";
  return sexpr(*assign->value);
}

/// Parses SOURCE and returns the first diagnostic line, or "OK".
std::string firstError(llvm::StringRef source) {
  Source s(source);
  if (s.parse())
    return s.errors.empty() ? "OK" : "OK with " + s.firstDiag();
  return s.firstDiag();
}

/// Wraps BODY (lines indented by 4) in a jit function starting on line 2.
std::string kernel(llvm::StringRef body) {
  return ("@triton.jit\ndef k(x):\n" + body).str();
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

TEST(Lexer, IndentationBlocks) {
  Source s("if a:\n"
           "    b\n"
           "    if c:\n"
           "        d\n"
           "e\n");
  EXPECT_EQ(s.tokens(), "if a : NL INDENT b NL if c : NL INDENT d NL DEDENT "
                        "DEDENT e NL EOF");
}

TEST(Lexer, BlankLinesAndCommentsDoNotIndent) {
  Source s("if a:\n"
           "\n"
           "        # a comment at another depth\n"
           "    b  # trailing\n"
           "   \n"
           "    c\n");
  EXPECT_EQ(s.tokens(), "if a : NL INDENT b NL c NL DEDENT EOF");
}

TEST(Lexer, TabsAdvanceToMultipleOfEight) {
  // A tab is column 8, like eight spaces; "  \t" is column 8 too.
  Source s("if a:\n\tb\n        c\n  \td\n");
  EXPECT_EQ(s.tokens(), "if a : NL INDENT b NL c NL d NL DEDENT EOF");
}

TEST(Lexer, DedentsAtEndOfFileWithoutNewline) {
  Source s("def f():\n  if x:\n    return 1");
  EXPECT_EQ(s.tokens(), "def f ( ) : NL INDENT if x : NL INDENT return int:1 "
                        "NL DEDENT DEDENT EOF");
}

TEST(Lexer, ImplicitJoiningInsideBrackets) {
  Source s("x = f(a,\n"
           "  b,\n"
           "        [c,\n"
           "d], {\n"
           "})\n"
           "y\n");
  EXPECT_EQ(s.tokens(), "x = f ( a , b , [ c , d ] , { } ) NL y NL EOF");
}

TEST(Lexer, BackslashContinuation) {
  Source s("x = a + \\\n"
           "        b\n"
           "y = 1\n");
  EXPECT_EQ(s.tokens(), "x = a + b NL y = int:1 NL EOF");
}

TEST(Lexer, CrLfLineEndings) {
  Source s("if a:\r\n    b\r\nc\r\n");
  EXPECT_EQ(s.tokens(), "if a : NL INDENT b NL DEDENT c NL EOF");
}

TEST(Lexer, IntegerLiterals) {
  Source s("0 7 1_000 0x1F 0XfF_ff 0o17 0O7_7 0b101 0B1_0 0x_a "
           "9223372036854775807 9223372036854775808 0xFFFFFFFFFFFFFFFFF "
           "170141183460469231731687303715884105727 "
           "170141183460469231731687303715884105728");
  EXPECT_EQ(s.tokens(),
            "int:0 int:7 int:1000 int:31 int:65535 int:15 int:63 int:5 int:2 "
            "int:10 int:9223372036854775807 int:9223372036854775808 "
            "int:295147905179352825855 "
            "int:170141183460469231731687303715884105727 int:TOO_LARGE NL "
            "EOF");
}

TEST(Lexer, FloatLiterals) {
  Source s("1.0 1e-5 .5 3. 1_000.0 2E+3 1.5e2");
  EXPECT_EQ(s.tokens(), "float:1 float:1e-05 float:0.5 float:3 float:1000 "
                        "float:2000 float:150 NL EOF");
}

TEST(Lexer, Strings) {
  Source s("'a' \"b\" '''c\nd''' \"\"\"e\"f\"\"\" 'q\\'s' \"\\x41\\t\\u00e9\" "
           "r'\\n' b'z' R\"\\d\"");
  EXPECT_EQ(s.tokens(), "str:a str:b str:c\nd str:e\"f str:q's str:A\t\xc3\xa9 "
                        "str:\\n bytes:z str:\\d NL EOF");
}

TEST(Lexer, FStringsAreFlagged) {
  Source s("f'{x}' F\"{a['k']}{b:>{w}}\" rf'{x!r}' f'{{}}' f\"{d[\"q\"]}\"");
  EXPECT_EQ(s.tokens(), "fstr:f'{x}' fstr:F\"{a['k']}{b:>{w}}\" "
                        "fstr:rf'{x!r}' fstr:f'{{}}' fstr:f\"{d[\"q\"]}\" NL "
                        "EOF");
}

TEST(Lexer, Operators) {
  Source s("a->b := c ** d **= e // f //= g >>= h <<= i != j ... @ @= ~ % %= "
           "^= |= &= -= += *= /= < > <= >= == ; .");
  EXPECT_EQ(s.tokens(),
            "a -> b := c ** d **= e // f //= g >>= h <<= i != j ... @ @= ~ "
            "% %= ^= |= &= -= += *= /= < > <= >= == ; . NL EOF");
}

TEST(Lexer, KeywordsAndNames) {
  Source s("lambda_ not_in Truex True None ... é_name");
  EXPECT_EQ(s.tokens(), "lambda_ not_in Truex True None ... é_name NL EOF");
}

//===----------------------------------------------------------------------===//
// Lexical errors
//===----------------------------------------------------------------------===//

TEST(LexerErrors, UnterminatedString) {
  EXPECT_EQ(firstError("x = 1\ny = 'abc\n"),
            "test.py:2:5: error: unterminated string literal");
  EXPECT_EQ(firstError("x = \"\"\"abc\n\ndef\n"),
            "test.py:1:5: error: unterminated triple-quoted string literal");
  EXPECT_EQ(firstError("x = f'{a}\n"),
            "test.py:1:5: error: unterminated f-string");
}

TEST(ParseErrors, FStringFields) {
  auto inKernel = [](llvm::StringRef line) {
    return firstError(("@triton.jit\ndef k():\n    x = " + line + "\n").str());
  };
  EXPECT_EQ(inKernel("f'{a:4d}'"),
            "test.py:3:13: error: f-string format specifications are not "
            "supported by tkc yet");
  EXPECT_EQ(inKernel("f'{a!x}'"),
            "test.py:3:13: error: f-string: invalid conversion character: "
            "expected 's', 'r', or 'a'");
  EXPECT_EQ(inKernel("f'{}'"),
            "test.py:3:12: error: f-string: empty expression not allowed");
  EXPECT_EQ(inKernel("f'a}'"),
            "test.py:3:12: error: f-string: single '}' is not allowed");
  EXPECT_EQ(inKernel("f'{a b}'"),
            "test.py:3:14: error: f-string: unexpected name 'b'");
}

TEST(LexerErrors, InvalidCharacter) {
  EXPECT_EQ(firstError("x = a $ b\n"),
            "test.py:1:7: error: invalid character '$' (U+0024) in source");
  EXPECT_EQ(firstError("x = 1\n\ny ? 2\n"),
            "test.py:3:3: error: invalid character '?' (U+003F) in source");
  EXPECT_EQ(firstError("s = \xe2\x80\x9chi\xe2\x80\x9d\n"),
            "test.py:1:5: error: invalid character '\xe2\x80\x9c' (U+201C) in "
            "source");
  EXPECT_EQ(firstError("x = !a\n"),
            "test.py:1:5: error: invalid syntax: '!' is only valid in '!='");
}

TEST(LexerErrors, Indentation) {
  EXPECT_EQ(firstError("x = 1\n    y = 2\n"),
            "test.py:2:5: error: unexpected indent");
  EXPECT_EQ(firstError(kernel("    y = 1\n        z = 2\n")),
            "test.py:4:9: error: unexpected indent");
  EXPECT_EQ(firstError(kernel("    if x: y = 1\n        z = 2\n")),
            "test.py:4:9: error: unexpected indent");
  EXPECT_EQ(firstError("if x:\n    y = 1\n  z = 2\n"),
            "test.py:3:3: error: unindent does not match any outer "
            "indentation level");
  EXPECT_EQ(firstError("  x = 1\n"), "test.py:1:3: error: unexpected indent");
}

TEST(LexerErrors, Brackets) {
  EXPECT_EQ(firstError("x = f(a,\n  b\n"),
            "test.py:1:6: error: unexpected end of file: '(' was never "
            "closed");
  EXPECT_EQ(firstError("x = a)\n"), "test.py:1:6: error: unmatched ')'");
  EXPECT_EQ(firstError("x = [a)\n"),
            "test.py:1:7: error: closing bracket ')' does not match opening "
            "bracket '['");
}

TEST(LexerErrors, Numbers) {
  EXPECT_EQ(firstError("x = 012\n"),
            "test.py:1:5: error: leading zeros in decimal integer literals "
            "are not permitted; use an 0o prefix for octal integers");
  EXPECT_EQ(firstError("x = 1__0\n"),
            "test.py:1:6: error: invalid decimal literal");
  EXPECT_EQ(firstError("x = 1_\n"),
            "test.py:1:6: error: invalid decimal literal");
  EXPECT_EQ(firstError("x = 0x\n"),
            "test.py:1:7: error: invalid hexadecimal literal");
  EXPECT_EQ(firstError("x = 0b102\n"),
            "test.py:1:9: error: invalid digit '2' in binary literal");
  EXPECT_EQ(firstError("x = 1e\n"),
            "test.py:1:6: error: invalid decimal literal");
  // Integers fold in 128 bits; beyond, an error only where the literal is
  // evaluated (CodeGen).
  EXPECT_EQ(expr("0xFFFFFFFFFFFFFFFF"), "18446744073709551615");
  EXPECT_EQ(expr("170141183460469231731687303715884105727"),
            "170141183460469231731687303715884105727");
  EXPECT_EQ(firstError(kernel("    return 2 ** 200\n")), "OK");
  EXPECT_EQ(firstError(kernel(
                "    return 0x1_0000_0000_0000_0000_0000_0000_0000_0000\n")),
            "OK");
  EXPECT_EQ(expr("0x1_0000_0000_0000_0000_0000_0000_0000_0000"),
            "<an integer literal beyond 128 bits "
            "(0x1_0000_0000_0000_0000_0000_0000_0000_0000)>");
}

TEST(LexerErrors, Continuation) {
  EXPECT_EQ(firstError("x = 1 \\ y\n"),
            "test.py:1:7: error: unexpected character after line "
            "continuation character");
  EXPECT_EQ(firstError("x = 1 + \\\n"),
            "test.py:1:9: error: unexpected end of file after line "
            "continuation character");
}

TEST(LexerErrors, EscapeSequences) {
  EXPECT_EQ(firstError("x = '\\x4'\n"),
            "test.py:1:6: error: invalid \\x escape: expected two hexadecimal "
            "digits");
  EXPECT_EQ(firstError("x = '\\u12'\n"),
            "test.py:1:6: error: invalid \\u escape: expected 4 hexadecimal "
            "digits");
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

TEST(Expressions, ArithmeticPrecedence) {
  EXPECT_EQ(expr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(expr("a * b // c % d / e @ f"), "(@ (/ (% (// (* a b) c) d) e) f)");
  EXPECT_EQ(expr("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(expr("a | b ^ c & d << e + f"), "(| a (^ b (& c (<< d (+ e f)))))");
  EXPECT_EQ(expr("a >> 1 << 2"), "(<< (>> a 1) 2)");
}

TEST(Expressions, PowerAndUnary) {
  EXPECT_EQ(expr("-x**2"), "(neg (** x 2))");
  EXPECT_EQ(expr("a**b**c"), "(** a (** b c))");
  EXPECT_EQ(expr("2**-1"), "(** 2 (neg 1))");
  EXPECT_EQ(expr("~a + -b * +c"), "(+ (~ a) (* (neg b) (+ c)))");
  EXPECT_EQ(expr("- - a"), "(neg (neg a))");
  EXPECT_EQ(expr("a.b**2"), "(** a.b 2)");
}

TEST(Expressions, BooleanAndComparison) {
  EXPECT_EQ(expr("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(expr("a and b and c or d"), "(or (and a b c) d)");
  EXPECT_EQ(expr("not a == b"), "(not (cmp a == b))");
  EXPECT_EQ(expr("not not a"), "(not (not a))");
  EXPECT_EQ(expr("a < b <= c != d"), "(cmp a < b <= c != d)");
  EXPECT_EQ(expr("a is not None"), "(cmp a is not None)");
  EXPECT_EQ(expr("a not in b"), "(cmp a not in b)");
  EXPECT_EQ(expr("a is b in c > d >= e"), "(cmp a is b in c > d >= e)");
  EXPECT_EQ(expr("a + 1 < b & c"), "(cmp (+ a 1) < (& b c))");
}

TEST(Expressions, Conditional) {
  EXPECT_EQ(expr("a if c else b"), "(ifexp c a b)");
  EXPECT_EQ(expr("a if c else b if d else e"), "(ifexp c a (ifexp d b e))");
  EXPECT_EQ(expr("x or y if p and q else z"), "(ifexp (and p q) (or x y) z)");
}

TEST(Expressions, Literals) {
  EXPECT_EQ(expr("1"), "1");
  EXPECT_EQ(expr("1.5"), "1.5f");
  EXPECT_EQ(expr("'a' \"b\" '''c'''"), "'abc'");
  EXPECT_EQ(expr("True, False, None, ..."), "(tuple True False None ...)");
  // f-strings become concatenations of str() of their fields.
  EXPECT_EQ(expr("f'{a}' 'b'"), "(+ (call str a) 'b')");
  EXPECT_EQ(expr("f'x{a + 1}y{{z}}{b!s}'"),
            "(+ (+ (+ 'x' (call str (+ a 1))) 'y{z}') (call str b))");
  EXPECT_EQ(expr("f'{ d[\"k\"] }\\n'"), "(+ (call str (sub d 'k')) '\n')");
  // Their text decodes escapes as plain strings do; raw ones keep them.
  EXPECT_EQ(expr("f'\\x41\\101{a}\\t'"), "(+ (+ 'AA' (call str a)) '\t')");
  EXPECT_EQ(expr("rf'\\x41{a}'"), "(+ '\\x41' (call str a))");
  EXPECT_EQ(expr("b'a'"), "<bytes literal>");
  EXPECT_EQ(expr("1j"), "<complex literal>");
}

TEST(Expressions, TuplesAndLists) {
  EXPECT_EQ(expr("()"), "(tuple)");
  EXPECT_EQ(expr("(a,)"), "(tuple a)");
  EXPECT_EQ(expr("(a)"), "a");
  EXPECT_EQ(expr("(a, b,)"), "(tuple a b)");
  EXPECT_EQ(expr("a, b"), "(tuple a b)");
  EXPECT_EQ(expr("a,"), "(tuple a)");
  EXPECT_EQ(expr("[]"), "(list)");
  EXPECT_EQ(expr("[1, [2, 3],]"), "(list 1 (list 2 3))");
  EXPECT_EQ(expr("(\n  a,\n  b\n)"), "(tuple a b)");
}

TEST(Expressions, CallsAttributesSubscripts) {
  EXPECT_EQ(expr("tl.load(p + o, mask=m, other=0.0)"),
            "(call tl.load (+ p o) mask=m other=0f)");
  EXPECT_EQ(expr("f(a, b,)"), "(call f a b)");
  EXPECT_EQ(expr("f()()"), "(call (call f))");
  EXPECT_EQ(expr("f(*args, **kw)"),
            "(call f <starred argument> <starred argument>)");
  EXPECT_EQ(expr("x[:, None]"), "(sub x (slice _ _ _) None)");
  EXPECT_EQ(expr("x[None, :]"), "(sub x None (slice _ _ _))");
  EXPECT_EQ(expr("x[1:2:3]"), "(sub x (slice 1 2 3))");
  EXPECT_EQ(expr("x[::2]"), "(sub x (slice _ _ 2))");
  EXPECT_EQ(expr("x[a:]"), "(sub x (slice a _ _))");
  EXPECT_EQ(expr("x[a, b]"), "(sub x a b)");
  EXPECT_EQ(expr("x[(a, b)]"), "(sub x (tuple a b))");
  EXPECT_EQ(expr("x[a,]"), "(sub x (tuple a))");
  EXPECT_EQ(expr("x[..., 0]"), "(sub x ... 0)");
  EXPECT_EQ(expr("a.b.c[0].d(e)[1]"), "(sub (call (sub a.b.c 0).d e) 1)");
}

TEST(Expressions, HostDisplays) {
  // Dicts, list comprehensions and lambdas parse into nodes for decorator
  // arguments; the code generator rejects them inside kernels.
  EXPECT_EQ(expr("lambda a, b=(1, 2): a + b"), "(lambda (a b) (+ a b))");
  EXPECT_EQ(expr("lambda args: args['K'] % 2 == 0"),
            "(lambda (args) (cmp (% (sub args 'K') 2) == 0))");
  EXPECT_EQ(expr("lambda: 1"), "(lambda () 1)");
  // A generator expression as a call's argument reads as a list
  // comprehension, which host code evaluates (`",".join(s for s in x)`).
  EXPECT_EQ(expr("sum(i for i in x)"), "(call sum (listcomp i (for i x)))");
  EXPECT_EQ(expr("[i * 2 for i in range(3) if i]"),
            "(listcomp (* i 2) (for i (call range 3) (if i)))");
  EXPECT_EQ(expr("[(a, b) for a, b in x if a if b for c in [1, 2]]"),
            "(listcomp (tuple a b) (for (tuple a b) x (if a) (if b)) "
            "(for c (list 1 2)))");
  EXPECT_EQ(expr("{'a': 1, 'b': [2]}"), "(dict 'a':1 'b':(list 2))");
  EXPECT_EQ(expr("{}"), "(dict)");
  EXPECT_EQ(expr("{'a': 1,}"), "(dict 'a':1)");
  EXPECT_EQ(expr("{'f': lambda a: a[1:2]}"),
            "(dict 'f':(lambda (a) (sub a (slice 1 2 _))))");
}

TEST(Expressions, UnsupportedConstructs) {
  EXPECT_EQ(expr("(i for i in x)"), "<generator expression>");
  EXPECT_EQ(expr("{1, 2}"), "<set display>");
  EXPECT_EQ(expr("{k: v for k, v in x}"), "<dict comprehension>");
  EXPECT_EQ(expr("{**a}"), "<dict display>");
  EXPECT_EQ(expr("{'a': 1, **b}"), "<dict display>");
  EXPECT_EQ(expr("(y := 3)"), "(:= y 3)");
  EXPECT_EQ(expr("[*a, b]"), "(list <starred expression> b)");
  EXPECT_EQ(expr("await f()"), "<await expression>");
  EXPECT_EQ(expr("yield a"), "<yield expression>");
  EXPECT_EQ(expr("(yield)"), "<yield expression>");
}

TEST(Expressions, Positions) {
  Source s(kernel("    y = tl.load(x)[:, None]\n"));
  ASSERT_TRUE(s.parse());
  EXPECT_EQ(s.ast("k"), "FunctionDef k @2:5 jit\n"
                        "  Decorator\n"
                        "    Attribute jit @1:2 attr @1:9\n"
                        "      Name triton @1:2\n"
                        "  Param x @2:7\n"
                        "  Assign @3:5\n"
                        "    Target\n"
                        "      Name y @3:5\n"
                        "    Subscript @3:9\n"
                        "      Call @3:9\n"
                        "        Attribute load @3:9 attr @3:12\n"
                        "          Name tl @3:9\n"
                        "        Arg\n"
                        "          Name x @3:17\n"
                        "      Index\n"
                        "        Slice @3:20\n"
                        "      Index\n"
                        "        None @3:23\n");
}

TEST(Expressions, NestingIsBounded) {
  std::string deep(1000, '-');
  EXPECT_EQ(firstError(kernel("    y = " + deep + "x\n")),
            "test.py:3:208: error: expression nested too deeply");
  std::string chain = "a";
  for (int i = 0; i < 500; ++i)
    chain += " + a";
  EXPECT_NE(firstError(kernel("    y = " + chain + "\n"))
                .find("expression nested too deeply"),
            std::string::npos);
  std::string parens = std::string(150, '(') + "a" + std::string(150, ')');
  EXPECT_EQ(firstError(kernel("    y = " + parens + "\n")), "OK");
  std::string tooMany = std::string(250, '(');
  EXPECT_EQ(firstError("y = " + tooMany + "\n"),
            "test.py:1:205: error: too many nested parentheses");
  std::string nots;
  for (int i = 0; i < 300; ++i)
    nots += "not ";
  EXPECT_NE(firstError(kernel("    y = " + nots + "a\n"))
                .find("expression nested too deeply"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

TEST(Statements, EveryKind) {
  Source s(kernel("    \"\"\"Docstring.\"\"\"\n"
                  "    a = b = 1\n"
                  "    c, d = f()\n"
                  "    (e, g) = 1, 2\n"
                  "    [h, i] = t\n"
                  "    n: tl.constexpr = 4\n"
                  "    m: int\n"
                  "    x.y[0] += 1\n"
                  "    if a:\n"
                  "        pass\n"
                  "    elif b:\n"
                  "        pass\n"
                  "    else:\n"
                  "        pass\n"
                  "    for i, j in zip(a, b):\n"
                  "        break\n"
                  "    else:\n"
                  "        continue\n"
                  "    while a < 3:\n"
                  "        a -= 1\n"
                  "    else:\n"
                  "        pass\n"
                  "    assert a > 0, 'message'\n"
                  "    assert a\n"
                  "    def helper(q):\n"
                  "        return q\n"
                  "    if a: b = 1; c = 2\n"
                  "    return a, b\n"));
  ASSERT_TRUE(s.parse()) << s.errors;
  const FunctionDef *fn = s.module->findFunction("k");
  ASSERT_TRUE(fn);
  std::vector<Stmt::Kind> kinds;
  for (const StmtPtr &st : fn->body)
    kinds.push_back(st->getKind());
  using K = Stmt::Kind;
  EXPECT_EQ(kinds,
            (std::vector<K>{K::Expr, K::Assign, K::Assign, K::Assign, K::Assign,
                            K::Assign, K::Assign, K::AugAssign, K::If, K::For,
                            K::While, K::Assert, K::Assert, K::FunctionDef,
                            K::If, K::Return}));
  auto *chained = llvm::cast<AssignStmt>(fn->body[1].get());
  EXPECT_EQ(chained->targets.size(), 2u);
  auto *tupleTarget = llvm::cast<AssignStmt>(fn->body[2].get());
  EXPECT_EQ(sexpr(*tupleTarget->targets[0]), "(tuple c d)");
  auto *parenTarget = llvm::cast<AssignStmt>(fn->body[3].get());
  EXPECT_EQ(sexpr(*parenTarget->targets[0]), "(tuple e g)");
  EXPECT_EQ(sexpr(*parenTarget->value), "(tuple 1 2)");
  auto *annotated = llvm::cast<AssignStmt>(fn->body[5].get());
  EXPECT_EQ(sexpr(*annotated->annotation), "tl.constexpr");
  EXPECT_EQ(sexpr(*annotated->value), "4");
  auto *bare = llvm::cast<AssignStmt>(fn->body[6].get());
  EXPECT_FALSE(bare->value);
  auto *aug = llvm::cast<AugAssignStmt>(fn->body[7].get());
  EXPECT_EQ(aug->op, BinOp::Add);
  EXPECT_EQ(sexpr(*aug->target), "(sub x.y 0)");
  auto *ifs = llvm::cast<IfStmt>(fn->body[8].get());
  ASSERT_EQ(ifs->orelse.size(), 1u);
  auto *elif = llvm::dyn_cast<IfStmt>(ifs->orelse[0].get());
  ASSERT_TRUE(elif);
  EXPECT_EQ(elif->orelse.size(), 1u);
  auto *loop = llvm::cast<ForStmt>(fn->body[9].get());
  EXPECT_EQ(sexpr(*loop->target), "(tuple i j)");
  EXPECT_EQ(loop->orelse.size(), 1u);
  auto *wh = llvm::cast<WhileStmt>(fn->body[10].get());
  EXPECT_EQ(wh->orelse.size(), 1u);
  auto *as = llvm::cast<AssertStmt>(fn->body[11].get());
  EXPECT_EQ(sexpr(*as->msg), "'message'");
  EXPECT_FALSE(llvm::cast<AssertStmt>(fn->body[12].get())->msg);
  auto *nested = llvm::cast<FunctionDef>(fn->body[13].get());
  EXPECT_EQ(nested->name, "helper");
  EXPECT_FALSE(nested->isJit);
  auto *oneLine = llvm::cast<IfStmt>(fn->body[14].get());
  EXPECT_EQ(oneLine->body.size(), 2u);
  auto *ret = llvm::cast<ReturnStmt>(fn->body[15].get());
  EXPECT_EQ(sexpr(*ret->value), "(tuple a b)");
}

TEST(Statements, AllAugmentedOperators) {
  Source s(kernel("    a += 1\n    a -= 1\n    a *= 1\n    a /= 1\n"
                  "    a //= 1\n    a %= 1\n    a **= 1\n    a <<= 1\n"
                  "    a >>= 1\n    a &= 1\n    a |= 1\n    a ^= 1\n"
                  "    a @= 1\n"));
  ASSERT_TRUE(s.parse()) << s.errors;
  std::string ops;
  for (const StmtPtr &st : s.module->findFunction("k")->body)
    ops += std::string(spelling(llvm::cast<AugAssignStmt>(*st).op)) + " ";
  EXPECT_EQ(ops, "+ - * / // % ** << >> & | ^ @ ");
}

TEST(Statements, UnsupportedStatementsKeepTheirExtent) {
  Source s(kernel("    with a as b:\n"
                  "        c = 1\n"
                  "    try:\n"
                  "        d = 2\n"
                  "    except E as e:\n"
                  "        pass\n"
                  "    else:\n"
                  "        pass\n"
                  "    finally:\n"
                  "        pass\n"
                  "    raise ValueError('x')\n"
                  "    del a, b\n"
                  "    global g\n"
                  "    nonlocal h\n"
                  "    import os\n"
                  "    from os import path\n"
                  "    class C:\n"
                  "        x = {1: 2}\n"
                  "    async def f():\n"
                  "        pass\n"
                  "    yield 3\n"
                  "    match x:\n"
                  "        case 1:\n"
                  "            pass\n"
                  "    @decorator\n"
                  "    class D: pass\n"
                  "    type T = int\n"
                  "    y = 1\n"));
  ASSERT_TRUE(s.parse()) << s.errors;
  std::string whats;
  const FunctionDef *fn = s.module->findFunction("k");
  for (const StmtPtr &st : fn->body)
    if (auto *u = llvm::dyn_cast<UnsupportedStmt>(st.get()))
      whats += u->what + "; ";
  EXPECT_EQ(whats, "with statement; try statement; raise statement; del "
                   "statement; global statement; nonlocal statement; import "
                   "inside a function; import inside a function; class "
                   "definition; async statement; yield expression; match "
                   "statement; class definition; type alias; ");
  EXPECT_TRUE(llvm::isa<AssignStmt>(*fn->body.back()));
  EXPECT_EQ(s.diags.getLineAndColumn(fn->body.back()->getLoc()).first, 30u);
}

TEST(Statements, NestedDecoratedFunction) {
  Source s(kernel("    @triton.jit\n"
                  "    def inner(a) -> int:\n"
                  "        return a\n"));
  ASSERT_TRUE(s.parse()) << s.errors;
  auto *inner =
      llvm::cast<FunctionDef>(s.module->findFunction("k")->body[0].get());
  EXPECT_TRUE(inner->isJit);
  EXPECT_EQ(sexpr(*inner->returns), "int");
}

TEST(Statements, ParameterForms) {
  Source s("@triton.jit\n"
           "def k(a, b: tl.tensor, c=3, D: tl.constexpr = 4, /, *, e=None):\n"
           "    pass\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  const FunctionDef *fn = s.module->findFunction("k");
  ASSERT_EQ(fn->params.size(), 5u);
  EXPECT_EQ(fn->params[1].name, "b");
  EXPECT_EQ(sexpr(*fn->params[1].annotation), "tl.tensor");
  EXPECT_EQ(sexpr(*fn->params[2].defaultValue), "3");
  EXPECT_EQ(sexpr(*fn->params[3].annotation), "tl.constexpr");
  EXPECT_EQ(sexpr(*fn->params[3].defaultValue), "4");
  EXPECT_EQ(fn->params[4].name, "e");
}

TEST(Statements, JitDecorators) {
  Source s("import triton\n"
           "from triton import jit\n"
           "@triton.jit\ndef a(): pass\n"
           "@jit\ndef b(): pass\n"
           "@triton.jit(debug=True)\ndef c(): pass\n"
           "@triton.autotune(configs=[triton.Config({'BLOCK': 128}, "
           "num_warps=4)], key=['n'])\n"
           "@triton.heuristics({'EVEN': lambda args: args['n'] % 2 == 0})\n"
           "@triton.jit\n"
           "def d(n): pass\n"
           "def e(): pass\n"
           "@functools.lru_cache\ndef f(): pass\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  std::string jit;
  for (const auto &fn : s.module->functions)
    jit += fn->name + (fn->isJit ? "+ " : "- ");
  EXPECT_EQ(jit, "a+ b+ c+ d+ e- f- ");
  const FunctionDef *d = s.module->findFunction("d");
  ASSERT_EQ(d->decorators.size(), 3u);
  EXPECT_EQ(sexpr(*d->decorators[0]),
            "(call triton.autotune configs=(list (call triton.Config (dict "
            "'BLOCK':128) num_warps=4)) key=(list 'n'))");
}

//===----------------------------------------------------------------------===//
// Host code, imports and globals
//===----------------------------------------------------------------------===//

TEST(Module, HostCodeIsSkipped) {
  Source s(R"py(#!/usr/bin/env python
"""Module docstring."""
import torch
import triton
import triton.language as tl
from dataclasses import dataclass


@dataclass
class Config:
    block: int = 128

    def grid(self, n):
        return lambda meta: (triton.cdiv(n, meta['BLOCK']),)


def host(x: torch.Tensor, *args, **kwargs) -> torch.Tensor:
    out = torch.empty_like(x)
    sizes = [s * 2 for s in x.shape if s]
    table = {k: v for k, v in kwargs.items()}
    print(f"launching {x.shape!r:>{10}} with {len(args)} args {{literal}}")
    with torch.no_grad():
        try:
            y = x @ x
        except RuntimeError as e:
            raise ValueError(f'bad: {e}') from e
    async def later():
        await something()
    gen = (i for i in range(3))
    global counter
    counter += 1
    return out


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) +
             tl.load(y_ptr + offs, mask=mask), mask=mask)


if __name__ == "__main__":
    x = torch.rand(10, device='cuda')
    for i in range(3):
        print(host(x), *x, sep=', ')
    else:
        pass
elif_like = 1
while False:
    pass
)py");
  ASSERT_TRUE(s.parse()) << s.errors;
  EXPECT_EQ(s.errors, "");
  const FunctionDef *k = s.module->findFunction("add_kernel");
  ASSERT_TRUE(k);
  EXPECT_TRUE(k->isJit);
  EXPECT_EQ(k->body.size(), 4u);
  // The host function does not parse (it uses *args); it is skipped.
  EXPECT_FALSE(s.module->findFunction("host"));
  EXPECT_FALSE(s.module->findFunction("grid"));
  // `x` is bound under a module-level `if` that imports nothing from
  // triton.language: host code, without a value.
  ASSERT_EQ(s.module->globals.size(), 2u);
  EXPECT_EQ(s.module->globals[0].name, "x");
  EXPECT_FALSE(s.module->globals[0].value);
  EXPECT_EQ(s.module->globals[1].name, "elif_like");
}

TEST(Module, ImportBindings) {
  Source s("import triton\n"
           "import triton.language as tl\n"
           "import os.path\n"
           "import a.b as c, d\n"
           "from triton import language as tl2, jit\n"
           "from triton.language import (math,\n"
           "    extra as ex,)\n"
           "from . import sibling\n"
           "from ..pkg.mod import thing\n"
           "from .mod import other\n"
           "from x import *\n"
           "import json; import re\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  std::string out;
  for (const ImportBinding &b : s.module->imports) {
    auto [line, col] = s.diags.getLineAndColumn(b.loc);
    out += b.name + "=" + b.target + "@" + std::to_string(line) + ":" +
           std::to_string(col) + " ";
  }
  EXPECT_EQ(out, "triton=triton@1:8 tl=triton.language@2:27 os=os@3:8 "
                 "c=a.b@4:15 d=d@4:18 tl2=triton.language@5:32 "
                 "jit=triton.jit@5:37 math=triton.language.math@6:30 "
                 "ex=triton.language.extra@7:14 sibling=.sibling@8:15 "
                 "thing=..pkg.mod.thing@9:23 other=.mod.other@10:18 "
                 "json=json@12:8 re=re@12:21 ");
}

TEST(Module, ConditionalImports) {
  Source s("import operator\n"
           "if compare_version('triton', operator.ge, '3.0.0'):\n"
           "    try:\n"
           "        from triton.language.extra.libdevice import rsqrt, tanh\n"
           "    except ModuleNotFoundError:\n"
           "        from triton.language.extra.cuda.libdevice import rsqrt\n"
           "        from triton.language.extra.cuda.libdevice import tanh\n"
           "    SCALE = 2\n"
           "else:\n"
           "    from triton.language.math import rsqrt, tanh\n"
           "    OLD = 1\n"
           "try:\n"
           "    import torch_npu\n"
           "except ImportError:\n"
           "    torch_npu = None\n"
           "if x: import os\n"
           "elif y:\n"
           "    pass\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  EXPECT_EQ(s.errors, "");
  std::string imports;
  for (const ImportBinding &b : s.module->imports)
    imports += b.name + "=" + b.target + " ";
  EXPECT_EQ(imports, "operator=operator "
                     "rsqrt=triton.language.extra.libdevice.rsqrt "
                     "tanh=triton.language.extra.libdevice.tanh ");
  // The branch taken defines SCALE; what only other branches bind is host
  // code without a value.
  std::string globals;
  for (const GlobalAssign &g : s.module->globals)
    globals +=
        g.name + "=" + (g.value ? sexpr(*g.value) : std::string("null")) + " ";
  EXPECT_EQ(globals, "OLD=null SCALE=2 torch_npu=null torch_npu=null ");
}

TEST(Module, Globals) {
  Source s("import triton.language as tl\n"
           "BLOCK = 128\n"
           "EPS: tl.constexpr = 1e-5\n"
           "OFFSET = tl.constexpr(3)\n"
           "A = B = 2\n"
           "M, N = 16, 32\n"
           "P, Q = make()\n"
           "CALLBACK = lambda x: x\n"
           "TABLE = {'a': 1}\n"
           "BAD = 1 2\n"
           "COUNT += 1\n"
           "ann: int\n"
           "x.attr = 5\n"
           "LAST = 'end'; AFTER = 7\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  std::string out;
  for (const GlobalAssign &g : s.module->globals) {
    out += g.name + "=" + (g.value ? sexpr(*g.value) : std::string("null"));
    if (g.annotation)
      out += ":" + sexpr(*g.annotation);
    out += " ";
  }
  EXPECT_EQ(out, "BLOCK=128 EPS=1e-05f:tl.constexpr OFFSET=(call "
                 "tl.constexpr 3) A=2 B=2 M=16 N=32 P=null Q=null "
                 "CALLBACK=(lambda (x) x) TABLE=(dict 'a':1) BAD=null COUNT=null "
                 "LAST='end' AFTER=7 ");
  auto [line, col] = s.diags.getLineAndColumn(s.module->globals[0].loc);
  EXPECT_EQ(line, 2u);
  EXPECT_EQ(col, 1u);
}

TEST(Module, LaterDefinitionWins) {
  Source s("@triton.jit\ndef k(): return 1\n@triton.jit\ndef k(): return 2\n");
  ASSERT_TRUE(s.parse());
  EXPECT_EQ(s.module->functions.size(), 2u);
  const FunctionDef *k = s.module->findFunction("k");
  EXPECT_EQ(sexpr(*llvm::cast<ReturnStmt>(*k->body[0]).value), "2");
  EXPECT_FALSE(s.module->findFunction("nope"));
}

TEST(Module, BrokenHostFunctionIsSkippedSilently) {
  Source s("def host(:):\n    pass\n"
           "def host2(x):\n    return x = 1\n"
           "@triton.jit\ndef k(x):\n    return x\n");
  ASSERT_TRUE(s.parse()) << s.errors;
  EXPECT_EQ(s.errors, "");
  EXPECT_TRUE(s.module->findFunction("k"));
  EXPECT_FALSE(s.module->findFunction("host2"));
}

TEST(Module, ErrorsInEveryJitFunctionAreReported) {
  Source s("@triton.jit\ndef a(x):\n    y = = 1\n"
           "@triton.jit\ndef b(x):\n    if x\n        pass\n");
  EXPECT_FALSE(s.parse());
  EXPECT_EQ(s.diags.numErrors(), 2u);
  EXPECT_NE(s.errors.find("test.py:3:9: error: expected an expression, found "
                          "'='"),
            std::string::npos);
  EXPECT_NE(s.errors.find("test.py:6:9: error: expected ':' after 'if' "
                          "condition"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Syntax errors
//===----------------------------------------------------------------------===//

TEST(SyntaxErrors, MissingColon) {
  EXPECT_EQ(firstError(kernel("    if x > 0\n        pass\n")),
            "test.py:3:13: error: expected ':' after 'if' condition");
  EXPECT_EQ(firstError(kernel("    if x:\n        pass\n    elif x\n"
                              "        pass\n")),
            "test.py:5:11: error: expected ':' after 'elif' condition");
  EXPECT_EQ(firstError(kernel("    for i in range(3)\n        pass\n")),
            "test.py:3:22: error: expected ':' after 'for' loop header");
  EXPECT_EQ(firstError(kernel("    while x\n        pass\n")),
            "test.py:3:12: error: expected ':' after 'while' condition");
  EXPECT_EQ(firstError(kernel("    if x:\n        pass\n    else\n"
                              "        pass\n")),
            "test.py:5:9: error: expected ':' after 'else'");
  EXPECT_EQ(firstError("@triton.jit\ndef k(x)\n    pass\n"),
            "test.py:2:9: error: expected ':' after the function signature");
}

TEST(SyntaxErrors, IndentedBlocks) {
  EXPECT_EQ(firstError(kernel("    for i in range(3):\n    pass\n")),
            "test.py:4:5: error: expected an indented block after 'for' "
            "statement on line 3");
  EXPECT_EQ(firstError(kernel("    if x:\n")),
            "test.py:4:1: error: expected an indented block after 'if' "
            "statement on line 3");
  EXPECT_EQ(firstError("@triton.jit\ndef k(x):\nreturn x\n"),
            "test.py:3:1: error: expected an indented block after function "
            "definition on line 2");
  EXPECT_EQ(firstError(kernel("    while x:\n    y = 1\n")),
            "test.py:4:5: error: expected an indented block after 'while' "
            "statement on line 3");
}

TEST(SyntaxErrors, Expressions) {
  EXPECT_EQ(firstError(kernel("    y = \n")),
            "test.py:3:9: error: expected an expression");
  EXPECT_EQ(firstError(kernel("    y = a +\n")),
            "test.py:3:12: error: expected an expression");
  EXPECT_EQ(firstError(kernel("    y = f(a b)\n")),
            "test.py:3:13: error: expected ',' or ')' in argument list");
  EXPECT_EQ(firstError(kernel("    y = (a b)\n")),
            "test.py:3:12: error: expected ')' or ',' in parenthesized "
            "expression, found name 'b'");
  EXPECT_EQ(firstError(kernel("    y = a b\n")),
            "test.py:3:11: error: invalid syntax: unexpected name 'b'");
  EXPECT_EQ(firstError(kernel("    y = x[]\n")),
            "test.py:3:11: error: expected an index or slice in '[]'");
  EXPECT_EQ(firstError(kernel("    y = x.1\n")),
            "test.py:3:10: error: invalid syntax: unexpected number '.1'");
  EXPECT_EQ(firstError(kernel("    y = x.\n")),
            "test.py:3:11: error: expected an attribute name after '.'");
  EXPECT_EQ(firstError(kernel("    y = a if b\n")),
            "test.py:3:15: error: expected 'else' after the condition of an "
            "'if' expression");
  EXPECT_EQ(firstError(kernel("    y = f(a=1, b)\n")),
            "test.py:3:16: error: positional argument follows keyword "
            "argument");
  EXPECT_EQ(firstError(kernel("    y = f(a=1, a=2)\n")),
            "test.py:3:16: error: keyword argument repeated: 'a'");
  EXPECT_EQ(firstError(kernel("    y = [1, 2\n    z = 3\n")),
            "test.py:3:9: error: unexpected end of file: '[' was never closed");
  EXPECT_EQ(firstError(kernel("    y = lambda x\n")),
            "test.py:3:17: error: expected ':' in lambda expression");
  EXPECT_EQ(firstError(kernel("    y = 'a' b'c'\n")),
            "test.py:3:9: error: cannot mix bytes and non-bytes literals");
}

TEST(SyntaxErrors, Statements) {
  EXPECT_EQ(firstError(kernel("    f() = 1\n")),
            "test.py:3:5: error: cannot assign to function call");
  EXPECT_EQ(firstError(kernel("    1 = x\n")),
            "test.py:3:5: error: cannot assign to literal");
  EXPECT_EQ(firstError(kernel("    a, b += 1\n")),
            "test.py:3:5: error: illegal target for augmented assignment: "
            "expression");
  EXPECT_EQ(firstError(kernel("    a, b: int = 1, 2\n")),
            "test.py:3:5: error: only a single target (not a tuple) can be "
            "annotated");
  EXPECT_EQ(firstError(kernel("    else:\n        pass\n")),
            "test.py:3:5: error: invalid syntax: unexpected 'else'");
  EXPECT_EQ(firstError(kernel("    for f() in x:\n        pass\n")),
            "test.py:3:9: error: cannot assign to function call");
  EXPECT_EQ(firstError(kernel("    for i range(3):\n        pass\n")),
            "test.py:3:11: error: expected 'in' after 'for' loop target");
  EXPECT_EQ(firstError(kernel("    if x: for i in y: pass\n")),
            "test.py:3:11: error: invalid syntax: a compound statement cannot "
            "follow ':' on the same line");
  EXPECT_EQ(firstError("@triton.jit\ndef k(a, a):\n    pass\n"),
            "test.py:2:10: error: duplicate parameter 'a'");
  EXPECT_EQ(firstError("@triton.jit\ndef k(*args):\n    pass\n"),
            "test.py:2:7: error: '*' parameters are not supported in Triton "
            "kernels");
  EXPECT_EQ(firstError("@triton.jit\ndef (x):\n    pass\n"),
            "test.py:2:5: error: expected a function name after 'def'");
  EXPECT_EQ(firstError("@triton.jit\nx = 1\n"),
            "test.py:2:1: error: expected 'def' after decorators");
  EXPECT_EQ(firstError("import\n"),
            "test.py:1:7: error: expected a module name");
  EXPECT_EQ(firstError("from x imp y\n"),
            "test.py:1:8: error: expected 'import' after the module name");
}

TEST(SyntaxErrors, StopAtFirstErrorInFunction) {
  Source s(kernel("    y = = 1\n    z = ) 2\n"));
  EXPECT_FALSE(s.parse());
  // Only the lexer's error (it runs first over the whole file) and none of
  // the parser's second error.
  EXPECT_EQ(s.diags.numErrors(), 1u);
  Source t(kernel("    y = = 1\n    z = 2 2\n"));
  EXPECT_FALSE(t.parse());
  EXPECT_EQ(t.diags.numErrors(), 1u);
  EXPECT_EQ(t.firstDiag(),
            "test.py:3:9: error: expected an expression, found '='");
}

TEST(SyntaxErrors, DiagnosticShowsLineAndCaret) {
  Source s(kernel("    if x > 0\n        pass\n"));
  EXPECT_FALSE(s.parse());
  EXPECT_EQ(s.errors, "test.py:3:13: error: expected ':' after 'if' condition\n"
                      "    if x > 0\n"
                      "            ^\n");
}

TEST(Robustness, OddInputsDoNotCrash) {
  std::vector<std::string> inputs = {"",
                                     "\n",
                                     "\n\n  \n",
                                     "#",
                                     "\\",
                                     "'",
                                     "\"\"\"",
                                     "(",
                                     ")",
                                     "@",
                                     "def",
                                     "def f",
                                     "@triton.jit",
                                     "@triton.jit\n",
                                     "@triton.jit\ndef",
                                     "@triton.jit\ndef k(:",
                                     "if",
                                     "x =",
                                     "x = (",
                                     "\t\t\tx",
                                     "\xff\xfe",
                                     std::string("x = 1\0y", 7),
                                     "f'{",
                                     "f'{x",
                                     "f'{x:{'",
                                     "from",
                                     "from .",
                                     "import a.",
                                     "@triton.jit\ndef k(): return lambda",
                                     "lambda",
                                     "x = [",
                                     "x = {",
                                     "x: ",
                                     "A, = 1",
                                     "match",
                                     "type",
                                     "async",
                                     "@triton.jit\nclass C: pass",
                                     "@triton.jit\ndef k():\n    @dec\n",
                                     "x = 1 if",
                                     "x = yield"};
  for (const std::string &src : inputs) {
    Source s(src);
    s.parse(); // Must not crash, assert or hang.
  }
}

} // namespace
