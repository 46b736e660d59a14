//===- Parser.cpp - Parser for the Triton-language Python subset ----------===//
//
// A recursive-descent parser over the Lexer's tokens. Functions are parsed
// with diagnostics suppressed first: a function that parses is kept, a jit
// function that fails is parsed again with diagnostics on to report its
// first error, and any other function that fails (host code) is skipped by
// its tokens. Other top-level statements are skipped the same way, except
// imports and module-level assignments, also those under a module-level
// `if`/`try`: an `if` whose conditions tkc can evaluate (literals,
// environment variables at their defaults, questions about the vendor of
// the target compiled for, `hasattr` of Triton's modules, see evaluate())
// takes the branch they pick;
// otherwise the branch that names triton.language (else one that imports
// triton, else one that defines a @jit function) is taken. Each parse routine
// returns null or false after reporting its error, so the first error in a
// function ends that function's parse. Expression and block nesting are
// bounded, so no input can exhaust the stack.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <cctype>
#include <optional>
#include <variant>

using namespace tkc::frontend;

namespace {

/// Deepest expression nesting accepted (parentheses, operator chains,
/// unary operators, trailers).
constexpr unsigned kMaxExprDepth = 200;
/// Deepest statement nesting accepted (blocks and 'elif' chains).
constexpr unsigned kMaxBlockDepth = 300;

/// Describes `tok` for "unexpected ..." messages.
std::string describeToken(const Token &tok) {
  switch (tok.kind) {
  case TokenKind::Name:
    return ("name '" + tok.spelling + "'").str();
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
    return ("number '" + tok.spelling + "'").str();
  default:
    return describeTokenKind(tok.kind);
  }
}

/// True if an expression can start with a token of `kind`.
bool canStartExpression(TokenKind kind) {
  switch (kind) {
  case TokenKind::Name:
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
  case TokenKind::String:
  case TokenKind::kw_True:
  case TokenKind::kw_False:
  case TokenKind::kw_None:
  case TokenKind::Ellipsis:
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Tilde:
  case TokenKind::kw_not:
  case TokenKind::kw_lambda:
  case TokenKind::kw_await:
  case TokenKind::Star:
    return true;
  default:
    return false;
  }
}

bool isOpenBracket(TokenKind k) {
  return k == TokenKind::LParen || k == TokenKind::LSquare ||
         k == TokenKind::LBrace;
}
bool isCloseBracket(TokenKind k) {
  return k == TokenKind::RParen || k == TokenKind::RSquare ||
         k == TokenKind::RBrace;
}

/// The operator of an augmented assignment token, if it is one.
std::optional<BinOp> augAssignOp(TokenKind kind) {
  switch (kind) {
  case TokenKind::PlusEqual:
    return BinOp::Add;
  case TokenKind::MinusEqual:
    return BinOp::Sub;
  case TokenKind::StarEqual:
    return BinOp::Mul;
  case TokenKind::SlashEqual:
    return BinOp::Div;
  case TokenKind::DoubleSlashEqual:
    return BinOp::FloorDiv;
  case TokenKind::PercentEqual:
    return BinOp::Mod;
  case TokenKind::DoubleStarEqual:
    return BinOp::Pow;
  case TokenKind::LeftShiftEqual:
    return BinOp::LShift;
  case TokenKind::RightShiftEqual:
    return BinOp::RShift;
  case TokenKind::AmpEqual:
    return BinOp::BitAnd;
  case TokenKind::PipeEqual:
    return BinOp::BitOr;
  case TokenKind::CaretEqual:
    return BinOp::BitXor;
  case TokenKind::AtEqual:
    return BinOp::MatMul;
  default:
    return std::nullopt;
  }
}

/// Binary operator precedence levels, loosest first: | ^ & shifts + *.
constexpr unsigned kNumBinaryLevels = 6;

std::optional<BinOp> binaryOpAt(unsigned level, TokenKind kind) {
  switch (level) {
  case 0:
    if (kind == TokenKind::Pipe)
      return BinOp::BitOr;
    break;
  case 1:
    if (kind == TokenKind::Caret)
      return BinOp::BitXor;
    break;
  case 2:
    if (kind == TokenKind::Amp)
      return BinOp::BitAnd;
    break;
  case 3:
    if (kind == TokenKind::LeftShift)
      return BinOp::LShift;
    if (kind == TokenKind::RightShift)
      return BinOp::RShift;
    break;
  case 4:
    if (kind == TokenKind::Plus)
      return BinOp::Add;
    if (kind == TokenKind::Minus)
      return BinOp::Sub;
    break;
  case 5:
    switch (kind) {
    case TokenKind::Star:
      return BinOp::Mul;
    case TokenKind::Slash:
      return BinOp::Div;
    case TokenKind::DoubleSlash:
      return BinOp::FloorDiv;
    case TokenKind::Percent:
      return BinOp::Mod;
    case TokenKind::At:
      return BinOp::MatMul;
    default:
      break;
    }
    break;
  }
  return std::nullopt;
}

/// What an expression is, for "cannot assign to ..." messages.
std::string describeForAssignment(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Call:
    return "function call";
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::StrLit:
    return "literal";
  case Expr::Kind::BoolLit:
    return llvm::cast<BoolLitExpr>(e).value ? "True" : "False";
  case Expr::Kind::NoneLit:
    return "None";
  case Expr::Kind::EllipsisLit:
    return "ellipsis";
  case Expr::Kind::Compare:
    return "comparison";
  case Expr::Kind::IfExp:
    return "conditional expression";
  case Expr::Kind::Dict:
    return "dict display";
  case Expr::Kind::ListComp:
    return "list comprehension";
  case Expr::Kind::Lambda:
    return "lambda";
  case Expr::Kind::Named:
    return "assignment expression";
  case Expr::Kind::Unsupported:
    return llvm::cast<UnsupportedExpr>(e).what;
  default:
    return "expression";
  }
}

/// Deep copy of an expression (a chained module-level assignment gives each
/// name its own copy of the value). Trees are depth-bounded by the parser.
ExprPtr cloneExpr(const Expr &e);

std::vector<ExprPtr> cloneExprs(const std::vector<ExprPtr> &v) {
  std::vector<ExprPtr> out;
  out.reserve(v.size());
  for (const ExprPtr &x : v)
    out.push_back(x ? cloneExpr(*x) : nullptr);
  return out;
}

ExprPtr cloneOpt(const ExprPtr &e) { return e ? cloneExpr(*e) : nullptr; }

ExprPtr cloneExpr(const Expr &e) {
  Loc l = e.getLoc();
  switch (e.getKind()) {
  case Expr::Kind::Name:
    return std::make_unique<NameExpr>(l, llvm::cast<NameExpr>(e).id);
  case Expr::Kind::IntLit:
    return std::make_unique<IntLitExpr>(l, llvm::cast<IntLitExpr>(e).value);
  case Expr::Kind::FloatLit:
    return std::make_unique<FloatLitExpr>(l, llvm::cast<FloatLitExpr>(e).value);
  case Expr::Kind::StrLit:
    return std::make_unique<StrLitExpr>(l, llvm::cast<StrLitExpr>(e).value);
  case Expr::Kind::BoolLit:
    return std::make_unique<BoolLitExpr>(l, llvm::cast<BoolLitExpr>(e).value);
  case Expr::Kind::NoneLit:
    return std::make_unique<NoneLitExpr>(l);
  case Expr::Kind::EllipsisLit:
    return std::make_unique<EllipsisLitExpr>(l);
  case Expr::Kind::Attribute: {
    auto &a = llvm::cast<AttributeExpr>(e);
    return std::make_unique<AttributeExpr>(l, cloneExpr(*a.base), a.attr,
                                           a.attrLoc);
  }
  case Expr::Kind::Subscript: {
    auto &s = llvm::cast<SubscriptExpr>(e);
    return std::make_unique<SubscriptExpr>(l, cloneExpr(*s.base),
                                           cloneExprs(s.indices));
  }
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(e);
    return std::make_unique<SliceExpr>(l, cloneOpt(s.lower), cloneOpt(s.upper),
                                       cloneOpt(s.step));
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    std::vector<Keyword> kws;
    for (const Keyword &k : c.keywords)
      kws.push_back(Keyword{k.loc, k.name, cloneOpt(k.value)});
    return std::make_unique<CallExpr>(l, cloneExpr(*c.callee),
                                      cloneExprs(c.args), std::move(kws));
  }
  case Expr::Kind::BinOp: {
    auto &b = llvm::cast<BinOpExpr>(e);
    return std::make_unique<BinOpExpr>(l, b.op, cloneExpr(*b.lhs),
                                       cloneExpr(*b.rhs));
  }
  case Expr::Kind::UnaryOp: {
    auto &u = llvm::cast<UnaryOpExpr>(e);
    return std::make_unique<UnaryOpExpr>(l, u.op, cloneExpr(*u.operand));
  }
  case Expr::Kind::BoolOp: {
    auto &b = llvm::cast<BoolOpExpr>(e);
    return std::make_unique<BoolOpExpr>(l, b.isAnd, cloneExprs(b.values));
  }
  case Expr::Kind::Compare: {
    auto &c = llvm::cast<CompareExpr>(e);
    return std::make_unique<CompareExpr>(l, c.ops, cloneExprs(c.operands));
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpExpr>(e);
    return std::make_unique<IfExpExpr>(
        l, cloneExpr(*i.test), cloneExpr(*i.body), cloneExpr(*i.orelse));
  }
  case Expr::Kind::Tuple:
    return std::make_unique<TupleExpr>(
        l, cloneExprs(llvm::cast<TupleExpr>(e).elts));
  case Expr::Kind::List:
    return std::make_unique<ListExpr>(l,
                                      cloneExprs(llvm::cast<ListExpr>(e).elts));
  case Expr::Kind::Dict: {
    auto &d = llvm::cast<DictExpr>(e);
    return std::make_unique<DictExpr>(l, cloneExprs(d.keys),
                                      cloneExprs(d.values));
  }
  case Expr::Kind::ListComp: {
    auto &c = llvm::cast<ListCompExpr>(e);
    std::vector<Comprehension> gens;
    for (const Comprehension &g : c.generators)
      gens.push_back(Comprehension{cloneExpr(*g.target), cloneExpr(*g.iter),
                                   cloneExprs(g.ifs)});
    return std::make_unique<ListCompExpr>(l, cloneExpr(*c.elt),
                                          std::move(gens));
  }
  case Expr::Kind::Lambda: {
    auto &f = llvm::cast<LambdaExpr>(e);
    return std::make_unique<LambdaExpr>(l, f.params, cloneExpr(*f.body));
  }
  case Expr::Kind::Named: {
    auto &n = llvm::cast<NamedExpr>(e);
    return std::make_unique<NamedExpr>(l, cloneExpr(*n.target),
                                       cloneExpr(*n.value));
  }
  case Expr::Kind::Unsupported:
    return std::make_unique<UnsupportedExpr>(
        l, llvm::cast<UnsupportedExpr>(e).what);
  }
  return std::make_unique<UnsupportedExpr>(l, "expression");
}

/// Restores a counter to its current value when the scope ends.
class RestoreOnExit {
public:
  explicit RestoreOnExit(unsigned &counter)
      : counter(counter), saved(counter) {}
  ~RestoreOnExit() { counter = saved; }

private:
  unsigned &counter;
  unsigned saved;
};

class Parser {
public:
  Parser(const std::vector<Token> &tokens, Diagnostics &diags,
         llvm::StringRef vendor, const TritonAttributeQuery &hasTritonAttribute)
      : toks(tokens), diags(diags), vendor(vendor),
        hasTritonAttribute(hasTritonAttribute) {}

  std::unique_ptr<Module> parseFile();

private:
  //===--------------------------------------------------------------------===//
  // Token access
  //===--------------------------------------------------------------------===//

  const Token &tok() const { return toks[pos]; }
  const Token &peek(size_t n = 1) const {
    return toks[std::min(pos + n, toks.size() - 1)];
  }
  bool at(TokenKind k) const { return tok().kind == k; }
  void consume() {
    if (pos + 1 < toks.size())
      ++pos;
  }
  bool consumeIf(TokenKind k) {
    if (!at(k))
      return false;
    consume();
    return true;
  }
  bool atEnd() const { return at(TokenKind::EndOfFile); }
  bool atStatementEnd() const {
    return at(TokenKind::Newline) || at(TokenKind::Semicolon) || atEnd();
  }
  bool atNameSpelled(llvm::StringRef s) const {
    return at(TokenKind::Name) && tok().spelling == s;
  }
  unsigned lineOf(const Token &t) const {
    return diags.getLineAndColumn(t.loc).first;
  }

  bool error(const Token &t, const llvm::Twine &message) {
    return diags.error(t.loc, message);
  }
  bool error(Loc loc, const llvm::Twine &message) {
    return diags.error(loc, message);
  }
  /// Consumes a token of kind `k`, or reports `message` at the current one.
  bool expect(TokenKind k, const llvm::Twine &message) {
    if (consumeIf(k))
      return true;
    return error(tok(), message);
  }
  bool unexpected() {
    return error(tok(), "invalid syntax: unexpected " + describeToken(tok()));
  }

  /// RAII counter of expression nesting.
  class DepthGuard {
  public:
    DepthGuard(Parser &p, const Token &t) : p(p) {
      ok = ++p.exprDepth <= kMaxExprDepth;
      if (!ok)
        p.error(t, "expression nested too deeply");
    }
    ~DepthGuard() { --p.exprDepth; }
    bool ok;

  private:
    Parser &p;
  };

  //===--------------------------------------------------------------------===//
  // Skipping
  //===--------------------------------------------------------------------===//

  /// Skips to the end of the logical line and past its NEWLINE.
  void skipLine();
  /// Skips a logical line and the indented block after it, if the line is a
  /// block header (ends with ':') or `always`. Returns whether it was a
  /// header.
  bool skipLineAndBlock(bool always = false);
  /// At an INDENT: skips the block it opens.
  void skipBlock();
  /// Skips a top-level statement of host code; reports a block that follows
  /// a line which cannot open one.
  void skipTopLevelStatement();
  /// Skips to the ';' or NEWLINE that ends a simple statement (not
  /// consumed), balancing brackets.
  void skipSimpleStatement();
  /// After an opening bracket was consumed, skips past its closing one.
  bool skipToClose(const Token &open);
  /// True if the current logical line ends with ':' (a compound statement
  /// header).
  bool lineEndsWithColon() const;

  //===--------------------------------------------------------------------===//
  // Top level
  //===--------------------------------------------------------------------===//

  /// Parses one top-level statement into `m`: an import, a definition, an
  /// assignment or a module-level if/try; skips other host code.
  void parseTopLevelStatement(Module &m);
  /// Parses a module-level `if`/`elif`/`else` or `try`/`except`/`else`/
  /// `finally` statement: each branch is parsed like the top level; the
  /// branch an `if`'s conditions pick where evaluateCondition() decides them
  /// all, else the first branch that names
  /// triton.language (imports from it, or assigns one of its attributes),
  /// else the first that imports triton, else the first that defines a @jit
  /// function, is taken, as Triton's JIT sees it where Triton is installed.
  /// Names the other branches bind become host code.
  void parseTopLevelConditional(Module &m);
  /// The truth of a module-level `if` condition where tkc can evaluate it
  /// at parse time (see evaluate() in Parser.cpp), with `m` the module so
  /// far; nullopt otherwise.
  std::optional<bool> evaluateCondition(const Expr &condition,
                                        const Module &m) const;
  /// At an INDENT after a header of a module-level if/try: parses the block
  /// into `branch`.
  void parseTopLevelBlock(Module &branch);
  bool parseImport(Module &m);
  bool parseFromImport(Module &m);
  bool parseDottedName(std::string &out, Token &first);
  void parseTopLevelDef(Module &m);
  void parseTopLevelAssign(Module &m);
  void recordGlobals(Module &m, Stmt &stmt);
  /// Applies a module-level `f = triton.jit(f)`, `f = triton.jit(f, ...)`,
  /// `f = triton.heuristics({...})(f)` (also autotune) or
  /// `g = triton.constexpr_function(f)` to the `def` it wraps, as the
  /// decorator it stands for, outermost first; a new name becomes an alias
  /// of the function. A constexpr_function of anything else binds the name
  /// to it. False, changing nothing, for any other statement.
  bool applyDecoratorCall(Module &m, Stmt &stmt);
  void recordTargetAsUnknown(Module &m, const Expr &target);

  //===--------------------------------------------------------------------===//
  // Statements
  //===--------------------------------------------------------------------===//

  bool parseStatement(Body &out);
  bool parseSimpleStatements(Body &out);
  bool parseSmallStatement(Body &out);
  bool parseExprOrAssign(Body &out);
  bool parseSuite(const llvm::Twine &what, Body &out);
  bool parseIf(Body &out);
  bool parseFor(Body &out);
  bool parseWhile(Body &out);
  bool parseElse(const Token &headerKw, Body &orelse);
  bool parseDecorators(std::vector<ExprPtr> &decorators, bool &sawJit);
  std::unique_ptr<FunctionDef>
  parseFunctionDef(std::vector<ExprPtr> decorators);
  /// Parses decorators and the definition they decorate; null on error or
  /// when it is not a function. `sawJit` tells whether a jit decorator parsed.
  std::unique_ptr<FunctionDef> parseDecoratedDef(bool &sawJit,
                                                 bool &notAFunction);
  bool checkAssignTarget(const Expr &e);
  void unsupportedCompound(Body &out, const char *what);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  ExprPtr parseTestListStarExpr();
  ExprPtr parseTargetList();
  ExprPtr parseTestOrStar();
  ExprPtr parseNamedExpr();
  ExprPtr parseTest();
  ExprPtr parseLambda();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseStarredBitOr();
  ExprPtr parseBinary(unsigned level);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parseAtomExpr();
  ExprPtr parseAtom();
  ExprPtr parseParenthesized();
  ExprPtr parseListDisplay();
  ExprPtr parseBraceDisplay();
  /// Parses `for T in E [if C]...` clauses up to the closing bracket.
  bool parseComprehensionClauses(std::vector<Comprehension> &out);
  /// Parses `k: v, ...}` after the `{` at `l`.
  ExprPtr parseDictEntries(Loc l);
  ExprPtr parseStrings();
  /// Appends f-string token `t`'s text to `pending` and, for each of its
  /// replacement fields, `pending` then `str(field)` to `parts`; false after
  /// reporting what tkc does not take (format specs, !r and !a, `=`).
  bool parseFString(const Token &t, std::string &pending,
                    std::vector<ExprPtr> &parts);
  bool parseCallArgs(std::vector<ExprPtr> &args,
                     std::vector<Keyword> &keywords);
  ExprPtr parseSubscriptItem();
  /// The value of an assignment: `yield ...` (unsupported) or a tuple-able
  /// expression list.
  ExprPtr parseAssignValue();
  bool atComprehensionFor() const {
    return at(TokenKind::kw_for) ||
           (at(TokenKind::kw_async) && peek().is(TokenKind::kw_for));
  }

  const std::vector<Token> &toks;
  Diagnostics &diags;
  /// The backend compiled for (`cuda`, `hip`), or empty (parseModule()).
  std::string vendor;
  /// Answers `hasattr` of Triton's modules (parseModule()); may be empty.
  const TritonAttributeQuery &hasTritonAttribute;
  size_t pos = 0;
  unsigned exprDepth = 0;
  unsigned blockDepth = 0;
  /// Nesting of module-level if/try statements.
  unsigned conditionalDepth = 0;
  /// The module parseFile() builds (module-level if/try branches are parsed
  /// into modules of their own before they join it).
  const Module *fileModule = nullptr;
};

//===----------------------------------------------------------------------===//
// Skipping
//===----------------------------------------------------------------------===//

void Parser::skipLine() {
  while (!atEnd() && !at(TokenKind::Newline))
    consume();
  consumeIf(TokenKind::Newline);
}

bool Parser::skipLineAndBlock(bool always) {
  // Remember whether the line is a block header (ends with ':').
  bool header = false;
  while (!atEnd() && !at(TokenKind::Newline)) {
    header = at(TokenKind::Colon);
    consume();
  }
  consumeIf(TokenKind::Newline);
  if (!at(TokenKind::Indent) || !(header || always))
    return header;
  skipBlock();
  return header;
}

void Parser::skipBlock() {
  unsigned depth = 0;
  while (!atEnd()) {
    if (at(TokenKind::Indent)) {
      ++depth;
    } else if (at(TokenKind::Dedent)) {
      if (depth <= 1) {
        consume();
        return;
      }
      --depth;
    }
    consume();
  }
}

void Parser::skipSimpleStatement() {
  unsigned depth = 0;
  while (!atEnd() && !at(TokenKind::Newline)) {
    if (depth == 0 && at(TokenKind::Semicolon))
      return;
    if (isOpenBracket(tok().kind))
      ++depth;
    else if (isCloseBracket(tok().kind) && depth > 0)
      --depth;
    consume();
  }
}

bool Parser::skipToClose(const Token &open) {
  unsigned depth = 1;
  while (!atEnd()) {
    if (isOpenBracket(tok().kind)) {
      ++depth;
    } else if (isCloseBracket(tok().kind)) {
      if (--depth == 0) {
        consume();
        return true;
      }
    }
    consume();
  }
  return error(open, "'" + open.spelling + "' was never closed");
}

bool Parser::lineEndsWithColon() const {
  size_t i = pos;
  while (i + 1 < toks.size() && !toks[i].is(TokenKind::Newline) &&
         !toks[i].is(TokenKind::EndOfFile))
    ++i;
  return i > pos && toks[i].is(TokenKind::Newline) &&
         toks[i - 1].is(TokenKind::Colon);
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseFile() {
  auto module = std::make_unique<Module>();
  fileModule = module.get();
  while (!atEnd()) {
    exprDepth = 0;
    blockDepth = 0;
    if (at(TokenKind::Dedent))
      consume();
    else
      parseTopLevelStatement(*module);
  }
  return module;
}

void Parser::parseTopLevelStatement(Module &m) {
  switch (tok().kind) {
  case TokenKind::Newline:
  case TokenKind::Semicolon:
    consume();
    return;
  case TokenKind::Indent:
    error(tok(), "unexpected indent");
    skipBlock();
    return;
  case TokenKind::kw_import:
    if (!parseImport(m))
      skipLine();
    return;
  case TokenKind::kw_from:
    if (!parseFromImport(m))
      skipLine();
    return;
  case TokenKind::At:
  case TokenKind::kw_def:
    parseTopLevelDef(m);
    return;
  case TokenKind::kw_if:
  case TokenKind::kw_try:
    parseTopLevelConditional(m);
    return;
  case TokenKind::Name: {
    TokenKind next = peek().kind;
    if (next == TokenKind::Equal || next == TokenKind::Colon ||
        next == TokenKind::Comma || augAssignOp(next)) {
      parseTopLevelAssign(m);
      return;
    }
    break;
  }
  default:
    break;
  }
  skipTopLevelStatement();
}

/// The dotted name of a name or attribute chain (`os.environ.get`), or "".
static std::string dottedName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e)) {
    std::string base = dottedName(*a->base);
    return base.empty() ? "" : base + "." + a->attr;
  }
  return "";
}

/// True if `target` is triton.language or a path into it. Under
/// triton.language.extra only the submodules Triton ships count: a branch
/// for another vendor's fork (`tl.extra.intel.libdevice.tanh` under `if
/// DEVICE_TYPE == "xpu":`) is not the one Triton's JIT runs.
static bool isTritonLanguagePath(llvm::StringRef target) {
  if (target == "triton.language")
    return true;
  if (!target.consume_front("triton.language."))
    return false;
  if (!target.consume_front("extra."))
    return true;
  llvm::StringRef submodule = target.split('.').first;
  return submodule == "libdevice" || submodule == "cuda" || submodule == "hip";
}

/// True if `branch` of a module-level if/try names triton.language: it
/// imports from it, or assigns an attribute chain that leads there from a
/// name the enclosing `scopes` import (`uint_to_uniform_float =
/// tl.uint_to_uniform_float`, `shim = triton.language.extra.libdevice`),
/// also through a library's re-export (`from vllm.triton_utils import tl`,
/// see reexportedTritonModule()).
static bool namesTritonLanguage(llvm::ArrayRef<const Module *> scopes,
                                const Module &branch) {
  if (llvm::any_of(branch.imports, [](const ImportBinding &b) {
        return isTritonLanguagePath(b.target);
      }))
    return true;
  return llvm::any_of(branch.globals, [&](const GlobalAssign &g) {
    // The dotted path of an attribute chain (`triton.language.extra.
    // libdevice`, `tl.math`) from the import binding its root.
    std::string chain = g.value ? dottedName(*g.value) : "";
    auto [root, rest] = llvm::StringRef(chain).split('.');
    if (rest.empty())
      return false;
    std::string attrs = ("." + rest).str();
    return llvm::any_of(scopes, [&](const Module *scope) {
      return llvm::any_of(scope->imports, [&](const ImportBinding &b) {
        if (b.name != root)
          return false;
        std::string reexported = reexportedTritonModule(b.target);
        return isTritonLanguagePath(b.target + attrs) ||
               (!reexported.empty() &&
                isTritonLanguagePath(reexported + attrs));
      });
    });
  });
}

/// True if `callee` (a dotted name) is triton.language's constexpr, through
/// a name the enclosing `scopes` import (`tl.constexpr`,
/// `triton.language.constexpr`).
static bool isConstexprConstructor(llvm::ArrayRef<const Module *> scopes,
                                   llvm::StringRef callee) {
  auto [root, rest] = callee.rsplit('.');
  if (rest != "constexpr")
    return false;
  auto [first, path] = root.split('.');
  return llvm::any_of(scopes, [&](const Module *scope) {
    return llvm::any_of(scope->imports, [&](const ImportBinding &b) {
      std::string target =
          path.empty() ? b.target : (b.target + "." + path).str();
      return b.name == first && target == "triton.language";
    });
  });
}

namespace {
/// What evaluate() may ask beyond the module: the vendor compiled for (empty:
/// unknown) and which attributes Triton's modules have (may be empty).
struct ConditionContext {
  llvm::StringRef vendor;
  const TritonAttributeQuery &hasTritonAttribute;
};

/// A value of a module-level condition: None, a bool, an int or a string.
using CondValue = std::variant<std::monostate, bool, PyInt, std::string>;

/// Python's truthiness of `v`.
bool truthy(const CondValue &v) {
  if (auto *b = std::get_if<bool>(&v))
    return *b;
  if (auto *i = std::get_if<PyInt>(&v))
    return *i != 0;
  if (auto *str = std::get_if<std::string>(&v))
    return !str->empty();
  return false;
}

/// A question about the vendor of the GPU that runs the code, asked by a
/// name libraries give it: whether it is `vendor`'s (`IS_NVIDIA`,
/// `is_cuda()`, `IS_AMD`, `is_hip()`, `current_platform.is_rocm()`), or,
/// when `more`, whether it is one of `vendor`'s GPUs of some kind
/// (`IS_NVIDIA_HOPPER`, `is_hip_cdna3()`), which only a target of another
/// vendor answers (no).
struct VendorQuery {
  llvm::StringRef vendor;
  bool more;
};

/// The vendor question `e` asks (host code tkc does not run), if any.
std::optional<VendorQuery> vendorQueryOf(const Expr &e) {
  const Expr *named = &e;
  if (const auto *call = llvm::dyn_cast<CallExpr>(&e)) {
    if (!call->args.empty() || !call->keywords.empty())
      return std::nullopt;
    named = call->callee.get();
  }
  std::string dotted = dottedName(*named);
  auto [head, tail] = llvm::StringRef(dotted).rsplit('.');
  std::string last = (tail.empty() ? head : tail).lower();
  for (auto [name, vendor] :
       {std::pair("is_nvidia", "cuda"), std::pair("is_cuda", "cuda"),
        std::pair("is_amd", "hip"), std::pair("is_hip", "hip"),
        std::pair("is_rocm", "hip")}) {
    llvm::StringRef rest(last);
    if (!rest.consume_front(name))
      continue;
    if (rest.empty())
      return VendorQuery{vendor, false};
    if (rest.starts_with("_"))
      return VendorQuery{vendor, true};
  }
  return std::nullopt;
}

std::optional<CondValue> evaluate(const Expr &e, const Module &m,
                                  const ConditionContext &ctx, unsigned depth);

/// `hasattr(M, "name")` where `M` is a Triton module the module imports
/// (`tl`, `triton.language`, `triton`): whether the Triton tkc stands for
/// has it, as ctx.hasTritonAttribute says (libraries choose between Triton
/// versions' spellings so: `_experimental_make_tensor_descriptor` or
/// `make_tensor_descriptor`).
std::optional<CondValue> evaluateHasattr(const CallExpr &call, const Module &m,
                                         const ConditionContext &ctx) {
  if (!ctx.hasTritonAttribute || call.args.size() != 2 ||
      !call.keywords.empty())
    return std::nullopt;
  const auto *name = llvm::dyn_cast<StrLitExpr>(call.args[1].get());
  std::string dotted = dottedName(*call.args[0]);
  if (!name || dotted.empty())
    return std::nullopt;
  auto [root, rest] = llvm::StringRef(dotted).split('.');
  for (const ImportBinding &b : llvm::reverse(m.imports)) {
    if (b.name != root)
      continue;
    std::string module = rest.empty() ? b.target : b.target + "." + rest.str();
    if (module != "triton" && !llvm::StringRef(module).starts_with("triton."))
      return std::nullopt;
    std::optional<bool> has = ctx.hasTritonAttribute(module, name->value);
    if (!has)
      return std::nullopt;
    return CondValue(*has);
  }
  return std::nullopt;
}

/// evaluate() without its answer to vendor questions.
std::optional<CondValue> evaluateKnown(const Expr &e, const Module &m,
                                       const ConditionContext &ctx,
                                       unsigned depth) {
  if (depth > 16)
    return std::nullopt;
  switch (e.getKind()) {
  case Expr::Kind::BoolLit:
    return CondValue(llvm::cast<BoolLitExpr>(e).value);
  case Expr::Kind::IntLit:
    return CondValue(llvm::cast<IntLitExpr>(e).value);
  case Expr::Kind::StrLit:
    return CondValue(llvm::cast<StrLitExpr>(e).value);
  case Expr::Kind::NoneLit:
    return CondValue();
  case Expr::Kind::Name: {
    // The latest binding before this statement, if it is one value.
    const std::string &id = llvm::cast<NameExpr>(e).id;
    if (llvm::any_of(m.imports,
                     [&](const ImportBinding &b) { return b.name == id; }))
      return std::nullopt;
    for (auto it = m.globals.rbegin(); it != m.globals.rend(); ++it)
      if (it->name == id)
        return it->value ? evaluate(*it->value, m, ctx, depth + 1)
                         : std::nullopt;
    return std::nullopt;
  }
  case Expr::Kind::UnaryOp: {
    const auto &u = llvm::cast<UnaryOpExpr>(e);
    auto v = evaluate(*u.operand, m, ctx, depth + 1);
    if (!v || u.op != UnaryOp::Not)
      return std::nullopt;
    return CondValue(!truthy(*v));
  }
  case Expr::Kind::BoolOp: {
    const auto &b = llvm::cast<BoolOpExpr>(e);
    std::optional<CondValue> last;
    for (const ExprPtr &operand : b.values) {
      last = evaluate(*operand, m, ctx, depth + 1);
      if (!last)
        return std::nullopt;
      if (truthy(*last) != b.isAnd)
        return last;
    }
    return last;
  }
  case Expr::Kind::Compare: {
    const auto &c = llvm::cast<CompareExpr>(e);
    auto lhs = evaluate(*c.operands.front(), m, ctx, depth + 1);
    for (auto [op, operand] : llvm::zip(c.ops, llvm::drop_begin(c.operands))) {
      auto rhs = evaluate(*operand, m, ctx, depth + 1);
      if (!lhs || !rhs || lhs->index() != rhs->index())
        return std::nullopt;
      bool holds;
      switch (op) {
      case CmpOp::Eq:
        holds = *lhs == *rhs;
        break;
      case CmpOp::NotEq:
        holds = *lhs != *rhs;
        break;
      case CmpOp::Lt:
        holds = *lhs < *rhs;
        break;
      case CmpOp::LtE:
        holds = *lhs <= *rhs;
        break;
      case CmpOp::Gt:
        holds = *lhs > *rhs;
        break;
      case CmpOp::GtE:
        holds = *lhs >= *rhs;
        break;
      default:
        return std::nullopt;
      }
      if (!holds)
        return CondValue(false);
      lhs = rhs;
    }
    return CondValue(true);
  }
  case Expr::Kind::Call: {
    const auto &call = llvm::cast<CallExpr>(e);
    std::string callee = dottedName(*call.callee);
    if (!call.keywords.empty())
      return std::nullopt;
    if (callee == "os.environ.get" || callee == "os.getenv") {
      if (call.args.empty() || call.args.size() > 2 ||
          !llvm::isa<StrLitExpr>(*call.args.front()))
        return std::nullopt;
      if (call.args.size() == 1)
        return CondValue();
      return evaluate(*call.args[1], m, ctx, depth + 1);
    }
    if (callee == "hasattr")
      return evaluateHasattr(call, m, ctx);
    if (call.args.size() != 1 ||
        (callee != "int" && callee != "str" && callee != "bool"))
      return std::nullopt;
    auto v = evaluate(*call.args.front(), m, ctx, depth + 1);
    if (!v)
      return std::nullopt;
    if (callee == "bool")
      return CondValue(truthy(*v));
    if (callee == "str") {
      if (std::holds_alternative<std::string>(*v))
        return *v;
      if (auto *i = std::get_if<PyInt>(&*v))
        return CondValue(toString(*i));
      return std::nullopt;
    }
    if (std::holds_alternative<PyInt>(*v))
      return *v;
    if (auto *b = std::get_if<bool>(&*v))
      return CondValue(PyInt(*b));
    int64_t parsed;
    if (auto *str = std::get_if<std::string>(&*v))
      if (!llvm::StringRef(*str).trim().getAsInteger(10, parsed))
        return CondValue(PyInt(parsed));
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// `e` evaluated as Python would at import time, where tkc can: literals,
/// names the module bound before to such values, `os.environ.get(NAME,
/// DEFAULT)` and `os.getenv(NAME, DEFAULT)` (the default: tkc reads no
/// environment, so a build is the same wherever it runs), int(), str(),
/// bool(), not, and, or and comparisons of equal kinds, hasattr() of Triton's
/// modules (evaluateHasattr()); and, when the vendor is known, a question
/// about it that vendorQueryOf() recognizes.
std::optional<CondValue> evaluate(const Expr &e, const Module &m,
                                  const ConditionContext &ctx, unsigned depth) {
  std::optional<CondValue> value = evaluateKnown(e, m, ctx, depth);
  if (value || ctx.vendor.empty())
    return value;
  std::optional<VendorQuery> asked = vendorQueryOf(e);
  if (!asked || (asked->more && asked->vendor == ctx.vendor))
    return std::nullopt;
  return CondValue(asked->vendor == ctx.vendor);
}
} // namespace

std::optional<bool> Parser::evaluateCondition(const Expr &condition,
                                              const Module &m) const {
  std::optional<CondValue> value =
      evaluate(condition, m, ConditionContext{vendor, hasTritonAttribute}, 0);
  if (!value)
    return std::nullopt;
  return truthy(*value);
}

void Parser::parseTopLevelConditional(Module &m) {
  // A header with its body on the same line (`if x: import y`), or one
  // nested too deeply, is host code we skip.
  if (!lineEndsWithColon() || conditionalDepth >= kMaxBlockDepth) {
    skipTopLevelStatement();
    return;
  }
  RestoreOnExit restore(conditionalDepth);
  ++conditionalDepth;
  Loc statementLoc = tok().loc;
  bool isTry = at(TokenKind::kw_try);
  std::vector<Module> branches;
  // Each if/elif branch's condition, where it parses (null for else, try,
  // except and finally).
  std::vector<ExprPtr> conditions;
  while (true) {
    size_t header = pos;
    ExprPtr condition;
    if (consumeIf(TokenKind::kw_if) || consumeIf(TokenKind::kw_elif)) {
      diags.suppress();
      condition = parseTest();
      diags.unsuppress();
      exprDepth = 0;
    }
    conditions.push_back(std::move(condition));
    pos = header;
    skipLine(); // The header, through its NEWLINE.
    branches.emplace_back();
    if (at(TokenKind::Indent))
      parseTopLevelBlock(branches.back());
    bool more = isTry ? at(TokenKind::kw_except) || at(TokenKind::kw_else) ||
                            at(TokenKind::kw_finally)
                      : at(TokenKind::kw_elif) || at(TokenKind::kw_else);
    if (!more || !lineEndsWithColon())
      break;
  }
  // Conditions tkc can evaluate decide: the first true one's branch, else
  // (all false) the else branch, or none at all.
  auto takenIt = branches.end();
  bool decided = !isTry;
  for (size_t i = 0; decided && i < branches.size(); ++i) {
    if (!conditions[i]) { // else
      takenIt = branches.begin() + i;
      break;
    }
    std::optional<bool> value = evaluateCondition(*conditions[i], m);
    if (!value)
      decided = false;
    else if (*value)
      takenIt = branches.begin() + i;
    if (takenIt != branches.end())
      break;
  }
  // Otherwise the branch Triton's JIT runs when Triton is installed: the one
  // that names triton.language, else one that imports triton (`if
  // HAS_TRITON: import triton` / `else: triton = Placeholder()`).
  if (!decided)
    takenIt = llvm::find_if(branches, [&](const Module &b) {
      return namesTritonLanguage({&m, fileModule}, b);
    });
  if (!decided && takenIt == branches.end())
    takenIt = llvm::find_if(branches, [](const Module &b) {
      return llvm::any_of(b.imports, [](const ImportBinding &i) {
        return llvm::StringRef(i.target) == "triton" ||
               llvm::StringRef(i.target).starts_with("triton.");
      });
    });
  // Else, as for `if TRITON3:` around two versions of a @jit helper, the
  // first branch that defines one: the helper exists either way, and the
  // first branch is where libraries put the newer Triton's version.
  if (!decided && takenIt == branches.end())
    takenIt = llvm::find_if(branches, [](const Module &b) {
      return llvm::any_of(b.functions, [](const auto &f) { return f->isJit; });
    });
  // Else, where branches choose a constexpr or a @jit helper by a host
  // condition (FLA's `if IS_TF32_SUPPORTED: P = tl.constexpr('tf32')` /
  // `else: ... 'ieee'`, `if IS_NVIDIA: softplus = softplus_nv` / `else:
  // softplus = softplus_triton`), the first branch that assigns one:
  // libraries put the capable device's choice first. tkc says so, since the
  // condition is not evaluated.
  if (!decided && takenIt == branches.end()) {
    auto isJitFunction = [&](const Module &b, llvm::StringRef name) {
      auto named = [&](const std::unique_ptr<FunctionDef> &f) {
        return f->isJit && f->name == name;
      };
      return llvm::any_of(m.functions, named) ||
             llvm::any_of(b.functions, named);
    };
    takenIt = llvm::find_if(branches, [&](const Module &b) {
      return llvm::any_of(b.globals, [&](const GlobalAssign &g) {
        if (auto *name = llvm::dyn_cast_or_null<NameExpr>(g.value.get()))
          return isJitFunction(b, name->id);
        auto *call = llvm::dyn_cast_or_null<CallExpr>(g.value.get());
        return call && isConstexprConstructor({&m, fileModule},
                                              dottedName(*call->callee));
      });
    });
    if (takenIt != branches.end())
      diags.note(statementLoc,
                 "tkc cannot evaluate this condition (host code); it takes "
                 "the first branch that assigns a tl.constexpr or a @jit "
                 "function");
  }
  Module *taken = takenIt == branches.end() ? nullptr : &*takenIt;
  llvm::StringSet<> bound;
  if (taken) {
    for (const ImportBinding &b : taken->imports)
      bound.insert(b.name);
    for (const GlobalAssign &g : taken->globals)
      bound.insert(g.name);
    for (const auto &f : taken->functions)
      bound.insert(f->name);
    for (const FunctionAlias &a : taken->aliases)
      bound.insert(a.name);
  }
  // Whether a branch not taken runs depends on host code that tkc does not
  // run: the names only it binds have no value a kernel can use.
  auto unknown = [&](Loc loc, const std::string &name) {
    if (!bound.contains(name))
      m.globals.push_back(GlobalAssign{loc, name, nullptr, nullptr});
  };
  for (Module &branch : branches) {
    if (&branch == taken)
      continue;
    for (const ImportBinding &b : branch.imports)
      unknown(b.loc, b.name);
    for (const GlobalAssign &g : branch.globals)
      unknown(g.loc, g.name);
  }
  if (!taken)
    return;
  for (ImportBinding &b : taken->imports)
    m.imports.push_back(std::move(b));
  for (GlobalAssign &g : taken->globals)
    m.globals.push_back(std::move(g));
  for (auto &f : taken->functions)
    m.functions.push_back(std::move(f));
  for (FunctionAlias &a : taken->aliases)
    m.aliases.push_back(std::move(a));
}

void Parser::parseTopLevelBlock(Module &branch) {
  consume(); // INDENT
  while (!atEnd() && !at(TokenKind::Dedent))
    parseTopLevelStatement(branch);
  consumeIf(TokenKind::Dedent);
}

void Parser::skipTopLevelStatement() {
  size_t before = pos;
  bool compound = false;
  switch (tok().kind) {
  case TokenKind::kw_if:
  case TokenKind::kw_elif:
  case TokenKind::kw_else:
  case TokenKind::kw_for:
  case TokenKind::kw_while:
  case TokenKind::kw_with:
  case TokenKind::kw_try:
  case TokenKind::kw_except:
  case TokenKind::kw_finally:
  case TokenKind::kw_class:
  case TokenKind::kw_def:
  case TokenKind::kw_async:
    compound = true;
    break;
  default:
    break;
  }
  bool header = skipLineAndBlock();
  if (!header && compound && at(TokenKind::Indent) && pos > 0 &&
      toks[pos - 1].is(TokenKind::Newline)) {
    // `if x > 0` followed by a block: the ':' is missing.
    error(toks[pos - 1], "expected ':'");
    skipBlock();
  }
  if (pos == before)
    consume();
}

bool Parser::parseDottedName(std::string &out, Token &first) {
  if (!at(TokenKind::Name))
    return error(tok(), "expected a module name");
  first = tok();
  out = tok().spelling.str();
  consume();
  while (at(TokenKind::Dot)) {
    consume();
    if (!at(TokenKind::Name))
      return error(tok(), "expected a name after '.' in module name");
    out += ".";
    out += tok().spelling.str();
    consume();
  }
  return true;
}

bool Parser::parseImport(Module &m) {
  consume(); // import
  while (true) {
    std::string path;
    Token first;
    if (!parseDottedName(path, first))
      return false;
    if (consumeIf(TokenKind::kw_as)) {
      if (!at(TokenKind::Name))
        return error(tok(), "expected a name after 'as'");
      m.imports.push_back(ImportBinding{tok().loc, tok().spelling.str(), path});
      consume();
    } else {
      std::string head = first.spelling.str();
      m.imports.push_back(ImportBinding{first.loc, head, head});
    }
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (!atStatementEnd())
    return unexpected();
  consumeIf(TokenKind::Semicolon);
  consumeIf(TokenKind::Newline);
  return true;
}

bool Parser::parseFromImport(Module &m) {
  consume(); // from
  std::string module;
  while (at(TokenKind::Dot) || at(TokenKind::Ellipsis)) {
    module += at(TokenKind::Dot) ? "." : "...";
    consume();
  }
  bool relative = !module.empty();
  if (at(TokenKind::Name)) {
    std::string path;
    Token first;
    if (!parseDottedName(path, first))
      return false;
    module += path;
  } else if (!relative) {
    return error(tok(), "expected a module name after 'from'");
  }
  if (!expect(TokenKind::kw_import, "expected 'import' after the module name"))
    return false;
  auto targetOf = [&](llvm::StringRef name) {
    // `from . import x` refers to ".x"; `from a import x` to "a.x".
    if (!module.empty() && module.back() == '.')
      return module + name.str();
    return module + "." + name.str();
  };
  if (at(TokenKind::Star)) {
    // `from m import *`: its names are looked up when the module does not
    // bind a name itself.
    m.starImports.push_back(ImportBinding{tok().loc, "*", module});
    consume();
  } else {
    bool paren = consumeIf(TokenKind::LParen);
    while (true) {
      if (!at(TokenKind::Name))
        return error(tok(), "expected a name to import");
      Token name = tok();
      consume();
      if (consumeIf(TokenKind::kw_as)) {
        if (!at(TokenKind::Name))
          return error(tok(), "expected a name after 'as'");
        m.imports.push_back(ImportBinding{tok().loc, tok().spelling.str(),
                                          targetOf(name.spelling)});
        consume();
      } else {
        m.imports.push_back(ImportBinding{name.loc, name.spelling.str(),
                                          targetOf(name.spelling)});
      }
      if (!consumeIf(TokenKind::Comma))
        break;
      if (paren && at(TokenKind::RParen))
        break; // Trailing comma.
    }
    if (paren &&
        !expect(TokenKind::RParen, "expected ')' after imported names"))
      return false;
  }
  if (!atStatementEnd())
    return unexpected();
  consumeIf(TokenKind::Semicolon);
  consumeIf(TokenKind::Newline);
  return true;
}

void Parser::parseTopLevelDef(Module &m) {
  size_t start = pos;
  bool sawJit = false, notAFunction = false;
  diags.suppress();
  std::unique_ptr<FunctionDef> fn = parseDecoratedDef(sawJit, notAFunction);
  diags.unsuppress();
  if (fn) {
    m.functions.push_back(std::move(fn));
    return;
  }
  if (sawJit && !notAFunction) {
    // A kernel or helper: parse it again to report its first error.
    pos = start;
    exprDepth = 0;
    blockDepth = 0;
    bool jit = false, notFn = false;
    fn = parseDecoratedDef(jit, notFn);
    if (fn) // Unreachable in practice: the parse is deterministic.
      m.functions.push_back(std::move(fn));
  }
  pos = start;
  while (at(TokenKind::At))
    skipLine();
  size_t before = pos;
  skipLineAndBlock(/*always=*/true);
  if (pos == before)
    consume();
}

/// The last name of a decorator expression: `triton.jit` -> "jit",
/// `triton.heuristics({...})` -> "heuristics".
static llvm::StringRef decoratorName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    return a->attr;
  if (auto *c = llvm::dyn_cast<CallExpr>(&e))
    return decoratorName(*c->callee);
  return "";
}

bool Parser::applyDecoratorCall(Module &m, Stmt &stmt) {
  auto *assign = llvm::dyn_cast<AssignStmt>(&stmt);
  if (!assign || assign->annotation || assign->targets.size() != 1)
    return false;
  auto *target = llvm::dyn_cast<NameExpr>(assign->targets.front().get());
  auto *call = llvm::dyn_cast_or_null<CallExpr>(assign->value.get());
  if (!target || !call || call->args.empty())
    return false;
  // `triton.jit(f, debug=True)` is `@triton.jit(debug=True)`;
  // `triton.heuristics({...})(f)` is `@triton.heuristics({...})`.
  llvm::StringRef kind = decoratorName(*call->callee);
  bool isFactory = llvm::isa<CallExpr>(call->callee.get());
  bool known = kind == "jit" || kind == "heuristics" || kind == "autotune" ||
               kind == "constexpr_function";
  // Only jit takes the function with its options (`triton.jit(f, ...)`); a
  // decorator factory's result takes the function alone.
  if (!known ||
      (!isFactory && kind != "jit" &&
       (kind != "constexpr_function" || call->args.size() != 1)) ||
      (isFactory && (call->args.size() != 1 || !call->keywords.empty())))
    return false;
  // The function, named by its `def` or by an earlier alias.
  auto *wrapped = llvm::dyn_cast<NameExpr>(call->args.front().get());
  FunctionDef *fn = nullptr;
  if (wrapped) {
    std::string function = wrapped->id;
    for (const FunctionAlias &a : m.aliases)
      if (a.name == wrapped->id)
        function = a.function;
    for (auto &f : m.functions)
      if (f->name == function)
        fn = f.get();
  }
  // `triton.constexpr_function(tl.core.get_int_dtype)`: a function defined
  // elsewhere, which tkc evaluates at compile time anyway; the name is
  // bound to it.
  if (!fn && kind == "constexpr_function" && call->keywords.empty()) {
    m.globals.push_back(GlobalAssign{target->getLoc(), target->id, nullptr,
                                     std::move(call->args.front())});
    return true;
  }
  if (!fn)
    return false;
  ExprPtr decorator;
  if (call->args.size() == 1 && call->keywords.empty()) {
    decorator = std::move(call->callee);
  } else {
    std::vector<ExprPtr> rest;
    for (size_t i = 1; i < call->args.size(); ++i)
      rest.push_back(std::move(call->args[i]));
    decorator =
        std::make_unique<CallExpr>(call->getLoc(), std::move(call->callee),
                                   std::move(rest), std::move(call->keywords));
  }
  if (isJitDecorator(*decorator))
    fn->isJit = true;
  fn->decorators.insert(fn->decorators.begin(), std::move(decorator));
  if (target->id != fn->name)
    m.aliases.push_back(FunctionAlias{target->getLoc(), target->id, fn->name});
  return true;
}

void Parser::recordTargetAsUnknown(Module &m, const Expr &target) {
  if (auto *name = llvm::dyn_cast<NameExpr>(&target)) {
    m.globals.push_back(
        GlobalAssign{name->getLoc(), name->id, nullptr, nullptr});
    return;
  }
  if (auto *tuple = llvm::dyn_cast<TupleExpr>(&target))
    for (const ExprPtr &e : tuple->elts)
      recordTargetAsUnknown(m, *e);
  if (auto *list = llvm::dyn_cast<ListExpr>(&target))
    for (const ExprPtr &e : list->elts)
      recordTargetAsUnknown(m, *e);
}

void Parser::recordGlobals(Module &m, Stmt &stmt) {
  if (auto *aug = llvm::dyn_cast<AugAssignStmt>(&stmt)) {
    // The value depends on the earlier one; do not evaluate it.
    recordTargetAsUnknown(m, *aug->target);
    return;
  }
  auto *assign = llvm::dyn_cast<AssignStmt>(&stmt);
  if (!assign)
    return;
  if (assign->annotation) {
    auto *name = llvm::dyn_cast<NameExpr>(assign->targets.front().get());
    if (name && assign->value)
      m.globals.push_back(GlobalAssign{name->getLoc(), name->id,
                                       std::move(assign->annotation),
                                       std::move(assign->value)});
    return;
  }
  for (size_t i = 0; i < assign->targets.size(); ++i) {
    Expr &target = *assign->targets[i];
    bool last = i + 1 == assign->targets.size();
    if (auto *name = llvm::dyn_cast<NameExpr>(&target)) {
      ExprPtr value =
          last ? std::move(assign->value) : cloneExpr(*assign->value);
      m.globals.push_back(
          GlobalAssign{name->getLoc(), name->id, nullptr, std::move(value)});
      continue;
    }
    // `A, B = 1, 2`: pair names with the elements of a tuple display.
    auto *tuple = llvm::dyn_cast<TupleExpr>(&target);
    auto *values = llvm::dyn_cast_or_null<TupleExpr>(assign->value.get());
    bool paired = tuple && values && tuple->elts.size() == values->elts.size();
    if (paired)
      for (const ExprPtr &e : tuple->elts)
        paired &= llvm::isa<NameExpr>(*e);
    if (paired)
      for (const ExprPtr &e : values->elts)
        paired &= !llvm::isa<UnsupportedExpr>(*e);
    if (!paired) {
      recordTargetAsUnknown(m, target);
      continue;
    }
    for (size_t j = 0; j < tuple->elts.size(); ++j) {
      auto &name = llvm::cast<NameExpr>(*tuple->elts[j]);
      m.globals.push_back(GlobalAssign{name.getLoc(), name.id, nullptr,
                                       cloneExpr(*values->elts[j])});
    }
  }
}

void Parser::parseTopLevelAssign(Module &m) {
  size_t start = pos;
  Body parsed;
  diags.suppress();
  bool ok = parseSmallStatement(parsed) && atStatementEnd();
  diags.unsuppress();
  if (ok && parsed.size() == 1) {
    if (!applyDecoratorCall(m, *parsed.front()))
      recordGlobals(m, *parsed.front());
    consumeIf(TokenKind::Semicolon);
    consumeIf(TokenKind::Newline);
    return;
  }
  // The right-hand side is host code we cannot parse: remember the name so
  // that a kernel using it gets a clear error.
  pos = start;
  const Token &name = tok();
  TokenKind next = peek().kind;
  if (next == TokenKind::Equal || next == TokenKind::Colon || augAssignOp(next))
    m.globals.push_back(
        GlobalAssign{name.loc, name.spelling.str(), nullptr, nullptr});
  skipTopLevelStatement();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Parser::unsupportedCompound(Body &out, const char *what) {
  Loc l = tok().loc;
  bool isTry = at(TokenKind::kw_try);
  skipLineAndBlock();
  if (isTry)
    while (at(TokenKind::kw_except) || at(TokenKind::kw_else) ||
           at(TokenKind::kw_finally))
      skipLineAndBlock();
  out.push_back(std::make_unique<UnsupportedStmt>(l, what));
}

bool Parser::parseStatement(Body &out) {
  switch (tok().kind) {
  case TokenKind::kw_if:
    return parseIf(out);
  case TokenKind::kw_for:
    return parseFor(out);
  case TokenKind::kw_while:
    return parseWhile(out);
  case TokenKind::kw_def: {
    auto fn = parseFunctionDef({});
    if (!fn)
      return false;
    out.push_back(std::move(fn));
    return true;
  }
  case TokenKind::At: {
    bool sawJit = false, notAFunction = false;
    Loc l = tok().loc;
    auto fn = parseDecoratedDef(sawJit, notAFunction);
    if (fn) {
      out.push_back(std::move(fn));
      return true;
    }
    if (!notAFunction)
      return false;
    const char *what =
        at(TokenKind::kw_class) ? "class definition" : "async statement";
    skipLineAndBlock();
    out.push_back(std::make_unique<UnsupportedStmt>(l, what));
    return true;
  }
  case TokenKind::kw_with:
    unsupportedCompound(out, "with statement");
    return true;
  case TokenKind::kw_try:
    unsupportedCompound(out, "try statement");
    return true;
  case TokenKind::kw_class:
    unsupportedCompound(out, "class definition");
    return true;
  case TokenKind::kw_async:
    unsupportedCompound(out, "async statement");
    return true;
  case TokenKind::kw_elif:
  case TokenKind::kw_else:
  case TokenKind::kw_except:
  case TokenKind::kw_finally:
    return unexpected();
  case TokenKind::Indent:
    return error(tok(), "unexpected indent");
  case TokenKind::Dedent:
  case TokenKind::EndOfFile:
    return error(tok(), "expected a statement");
  case TokenKind::Name:
    if (tok().spelling == "match" && lineEndsWithColon() &&
        peek().kind != TokenKind::Colon) {
      unsupportedCompound(out, "match statement");
      return true;
    }
    break;
  default:
    break;
  }
  return parseSimpleStatements(out);
}

bool Parser::parseSimpleStatements(Body &out) {
  while (true) {
    if (!parseSmallStatement(out))
      return false;
    if (consumeIf(TokenKind::Semicolon)) {
      if (consumeIf(TokenKind::Newline) || atEnd())
        return true;
      continue;
    }
    if (consumeIf(TokenKind::Newline) || atEnd())
      return true;
    return unexpected();
  }
}

bool Parser::parseSmallStatement(Body &out) {
  const Token &t = tok();
  Loc l = t.loc;
  switch (t.kind) {
  case TokenKind::kw_pass:
    consume();
    out.push_back(std::make_unique<PassStmt>(l));
    return true;
  case TokenKind::kw_break:
    consume();
    out.push_back(std::make_unique<BreakStmt>(l));
    return true;
  case TokenKind::kw_continue:
    consume();
    out.push_back(std::make_unique<ContinueStmt>(l));
    return true;
  case TokenKind::kw_return: {
    consume();
    ExprPtr value;
    if (!atStatementEnd()) {
      value = parseTestListStarExpr();
      if (!value)
        return false;
    }
    out.push_back(std::make_unique<ReturnStmt>(l, std::move(value)));
    return true;
  }
  case TokenKind::kw_assert: {
    consume();
    ExprPtr test = parseTest();
    if (!test)
      return false;
    ExprPtr msg;
    if (consumeIf(TokenKind::Comma)) {
      msg = parseTest();
      if (!msg)
        return false;
    }
    out.push_back(
        std::make_unique<AssertStmt>(l, std::move(test), std::move(msg)));
    return true;
  }
  case TokenKind::kw_raise:
  case TokenKind::kw_del:
  case TokenKind::kw_global:
  case TokenKind::kw_nonlocal:
  case TokenKind::kw_import:
  case TokenKind::kw_from:
  case TokenKind::kw_yield: {
    const char *what = t.is(TokenKind::kw_raise)      ? "raise statement"
                       : t.is(TokenKind::kw_del)      ? "del statement"
                       : t.is(TokenKind::kw_global)   ? "global statement"
                       : t.is(TokenKind::kw_nonlocal) ? "nonlocal statement"
                       : t.is(TokenKind::kw_yield)    ? "yield expression"
                                                   : "import inside a function";
    skipSimpleStatement();
    out.push_back(std::make_unique<UnsupportedStmt>(l, what));
    return true;
  }
  case TokenKind::Name:
    if (t.spelling == "type" && peek().is(TokenKind::Name)) {
      skipSimpleStatement();
      out.push_back(std::make_unique<UnsupportedStmt>(l, "type alias"));
      return true;
    }
    break;
  default:
    break;
  }
  return parseExprOrAssign(out);
}

bool Parser::checkAssignTarget(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::Name:
  case Expr::Kind::Attribute:
  case Expr::Kind::Subscript:
    return true;
  case Expr::Kind::Tuple:
    for (const ExprPtr &elt : llvm::cast<TupleExpr>(e).elts)
      if (!checkAssignTarget(*elt))
        return false;
    return true;
  case Expr::Kind::List:
    for (const ExprPtr &elt : llvm::cast<ListExpr>(e).elts)
      if (!checkAssignTarget(*elt))
        return false;
    return true;
  case Expr::Kind::Unsupported:
    if (llvm::cast<UnsupportedExpr>(e).what == "starred expression")
      return true;
    break;
  default:
    break;
  }
  return error(e.getLoc(), "cannot assign to " + describeForAssignment(e));
}

ExprPtr Parser::parseAssignValue() {
  if (at(TokenKind::kw_yield)) {
    Loc l = tok().loc;
    skipSimpleStatement();
    return std::make_unique<UnsupportedExpr>(l, "yield expression");
  }
  return parseTestListStarExpr();
}

bool Parser::parseExprOrAssign(Body &out) {
  Loc l = tok().loc;
  ExprPtr first = parseTestListStarExpr();
  if (!first)
    return false;

  if (at(TokenKind::Colon)) {
    // Annotated assignment: one simple target.
    if (!llvm::isa<NameExpr>(*first) && !llvm::isa<AttributeExpr>(*first) &&
        !llvm::isa<SubscriptExpr>(*first)) {
      if (llvm::isa<TupleExpr>(*first) || llvm::isa<ListExpr>(*first))
        return error(first->getLoc(),
                     "only a single target (not a tuple) can be annotated");
      return error(first->getLoc(), "illegal target for annotation: " +
                                        describeForAssignment(*first));
    }
    consume();
    ExprPtr annotation = parseTest();
    if (!annotation)
      return false;
    ExprPtr value;
    if (consumeIf(TokenKind::Equal)) {
      value = parseAssignValue();
      if (!value)
        return false;
    }
    std::vector<ExprPtr> targets;
    targets.push_back(std::move(first));
    out.push_back(std::make_unique<AssignStmt>(
        l, std::move(targets), std::move(value), std::move(annotation)));
    return true;
  }

  if (std::optional<BinOp> op = augAssignOp(tok().kind)) {
    if (!llvm::isa<NameExpr>(*first) && !llvm::isa<AttributeExpr>(*first) &&
        !llvm::isa<SubscriptExpr>(*first))
      return error(first->getLoc(),
                   "illegal target for augmented assignment: " +
                       describeForAssignment(*first));
    consume();
    ExprPtr value = parseAssignValue();
    if (!value)
      return false;
    out.push_back(std::make_unique<AugAssignStmt>(l, std::move(first), *op,
                                                  std::move(value)));
    return true;
  }

  if (at(TokenKind::Equal)) {
    std::vector<ExprPtr> targets;
    ExprPtr value = std::move(first);
    while (consumeIf(TokenKind::Equal)) {
      if (!checkAssignTarget(*value))
        return false;
      targets.push_back(std::move(value));
      value = parseAssignValue();
      if (!value)
        return false;
    }
    out.push_back(std::make_unique<AssignStmt>(l, std::move(targets),
                                               std::move(value), nullptr));
    return true;
  }

  out.push_back(std::make_unique<ExprStmt>(l, std::move(first)));
  return true;
}

bool Parser::parseSuite(const llvm::Twine &what, Body &out) {
  struct BlockGuard {
    unsigned &d;
    explicit BlockGuard(unsigned &d) : d(d) { ++d; }
    ~BlockGuard() { --d; }
  } guard(blockDepth);
  if (blockDepth > kMaxBlockDepth)
    return error(tok(), "blocks nested too deeply");

  if (!consumeIf(TokenKind::Newline)) {
    // A one-line suite: simple statements only.
    switch (tok().kind) {
    case TokenKind::kw_if:
    case TokenKind::kw_for:
    case TokenKind::kw_while:
    case TokenKind::kw_def:
    case TokenKind::kw_class:
    case TokenKind::kw_with:
    case TokenKind::kw_try:
    case TokenKind::kw_async:
    case TokenKind::At:
      return error(tok(), "invalid syntax: a compound statement cannot follow "
                          "':' on the same line");
    default:
      break;
    }
    return parseSimpleStatements(out);
  }
  if (!at(TokenKind::Indent))
    return error(tok(), "expected an indented block after " + what);
  consume();
  while (!at(TokenKind::Dedent) && !atEnd())
    if (!parseStatement(out))
      return false;
  consumeIf(TokenKind::Dedent);
  return true;
}

bool Parser::parseElse(const Token &headerKw, Body &orelse) {
  if (!at(TokenKind::kw_else))
    return true;
  const Token &elseTok = tok();
  unsigned line = lineOf(elseTok);
  consume();
  if (!expect(TokenKind::Colon, "expected ':' after 'else'"))
    return false;
  return parseSuite("'else' statement on line " + llvm::Twine(line), orelse);
}

bool Parser::parseIf(Body &out) {
  // `if`/`elif` chains are built iteratively; each link counts as a block.
  RestoreOnExit restore(blockDepth);
  std::unique_ptr<IfStmt> root;
  IfStmt *last = nullptr;
  while (true) {
    const Token &kw = tok();
    bool isElif = kw.is(TokenKind::kw_elif);
    llvm::StringRef kwName = isElif ? "elif" : "if";
    unsigned line = lineOf(kw);
    Loc l = kw.loc;
    consume();
    ExprPtr test = parseNamedExpr();
    if (!test)
      return false;
    if (!expect(TokenKind::Colon,
                "expected ':' after '" + kwName + "' condition"))
      return false;
    Body body;
    if (!parseSuite("'" + kwName + "' statement on line " + llvm::Twine(line),
                    body))
      return false;
    auto node =
        std::make_unique<IfStmt>(l, std::move(test), std::move(body), Body());
    IfStmt *raw = node.get();
    if (!root)
      root = std::move(node);
    else
      last->orelse.push_back(std::move(node));
    last = raw;
    if (!at(TokenKind::kw_elif))
      break;
    if (++blockDepth >= kMaxBlockDepth)
      return error(tok(), "too many 'elif' branches");
  }
  if (!parseElse(tok(), last->orelse))
    return false;
  out.push_back(std::move(root));
  return true;
}

bool Parser::parseFor(Body &out) {
  const Token &kw = tok();
  Loc l = kw.loc;
  unsigned line = lineOf(kw);
  consume();
  ExprPtr target = parseTargetList();
  if (!target)
    return false;
  if (!checkAssignTarget(*target))
    return false;
  if (!expect(TokenKind::kw_in, "expected 'in' after 'for' loop target"))
    return false;
  ExprPtr iter = parseTestListStarExpr();
  if (!iter)
    return false;
  if (!expect(TokenKind::Colon, "expected ':' after 'for' loop header"))
    return false;
  Body body, orelse;
  if (!parseSuite("'for' statement on line " + llvm::Twine(line), body))
    return false;
  if (!parseElse(kw, orelse))
    return false;
  out.push_back(std::make_unique<ForStmt>(l, std::move(target), std::move(iter),
                                          std::move(body), std::move(orelse)));
  return true;
}

bool Parser::parseWhile(Body &out) {
  const Token &kw = tok();
  Loc l = kw.loc;
  unsigned line = lineOf(kw);
  consume();
  ExprPtr test = parseNamedExpr();
  if (!test)
    return false;
  if (!expect(TokenKind::Colon, "expected ':' after 'while' condition"))
    return false;
  Body body, orelse;
  if (!parseSuite("'while' statement on line " + llvm::Twine(line), body))
    return false;
  if (!parseElse(kw, orelse))
    return false;
  out.push_back(std::make_unique<WhileStmt>(l, std::move(test), std::move(body),
                                            std::move(orelse)));
  return true;
}

bool Parser::parseDecorators(std::vector<ExprPtr> &decorators, bool &sawJit) {
  while (at(TokenKind::At)) {
    consume();
    ExprPtr d = parseNamedExpr();
    if (!d)
      return false;
    if (isJitDecorator(*d))
      sawJit = true;
    decorators.push_back(std::move(d));
    if (!expect(TokenKind::Newline, "expected end of line after decorator"))
      return false;
  }
  return true;
}

std::unique_ptr<FunctionDef> Parser::parseDecoratedDef(bool &sawJit,
                                                       bool &notAFunction) {
  std::vector<ExprPtr> decorators;
  if (!parseDecorators(decorators, sawJit))
    return nullptr;
  if (at(TokenKind::kw_def))
    return parseFunctionDef(std::move(decorators));
  if (at(TokenKind::kw_class) || at(TokenKind::kw_async)) {
    // A decorated class or coroutine: not ours to parse.
    notAFunction = true;
    return nullptr;
  }
  error(tok(), "expected 'def' after decorators");
  return nullptr;
}

std::unique_ptr<FunctionDef>
Parser::parseFunctionDef(std::vector<ExprPtr> decorators) {
  const Token &defTok = tok();
  unsigned line = lineOf(defTok);
  auto fn = std::make_unique<FunctionDef>(defTok.loc);
  fn->decorators = std::move(decorators);
  consume(); // def
  if (!at(TokenKind::Name)) {
    error(tok(), "expected a function name after 'def'");
    return nullptr;
  }
  fn->name = tok().spelling.str();
  fn->nameLoc = tok().loc;
  consume();
  if (!expect(TokenKind::LParen, "expected '(' after the function name"))
    return nullptr;
  while (!at(TokenKind::RParen)) {
    if (consumeIf(TokenKind::Slash)) {
      // Positional-only marker: the parameters before it are ordinary here.
    } else if (at(TokenKind::Star) || at(TokenKind::DoubleStar)) {
      const Token &star = tok();
      bool isDouble = star.is(TokenKind::DoubleStar);
      consume();
      if (isDouble || at(TokenKind::Name)) {
        error(star, llvm::Twine(isDouble ? "'**'" : "'*'") +
                        " parameters are not supported in Triton kernels");
        return nullptr;
      }
      // A bare '*': the parameters after it are keyword-only.
    } else if (at(TokenKind::Name)) {
      Param param;
      param.loc = tok().loc;
      param.name = tok().spelling.str();
      for (const Param &p : fn->params)
        if (p.name == param.name) {
          error(tok(), "duplicate parameter '" + param.name + "'");
          return nullptr;
        }
      consume();
      if (consumeIf(TokenKind::Colon)) {
        param.annotation = parseTest();
        if (!param.annotation)
          return nullptr;
      }
      if (consumeIf(TokenKind::Equal)) {
        param.defaultValue = parseTest();
        if (!param.defaultValue)
          return nullptr;
      }
      fn->params.push_back(std::move(param));
    } else {
      error(tok(), "expected a parameter name");
      return nullptr;
    }
    if (consumeIf(TokenKind::Comma))
      continue;
    if (!at(TokenKind::RParen)) {
      error(tok(), "expected ',' or ')' in parameter list");
      return nullptr;
    }
  }
  consume(); // )
  if (consumeIf(TokenKind::Arrow)) {
    fn->returns = parseTest();
    if (!fn->returns)
      return nullptr;
  }
  if (!expect(TokenKind::Colon, "expected ':' after the function signature"))
    return nullptr;
  if (!parseSuite("function definition on line " + llvm::Twine(line), fn->body))
    return nullptr;
  for (const ExprPtr &d : fn->decorators)
    if (isJitDecorator(*d))
      fn->isJit = true;
  return fn;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseTestListStarExpr() {
  Loc l = tok().loc;
  ExprPtr first = parseTestOrStar();
  if (!first || !at(TokenKind::Comma))
    return first;
  std::vector<ExprPtr> elts;
  elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (!canStartExpression(tok().kind))
      break;
    ExprPtr e = parseTestOrStar();
    if (!e)
      return nullptr;
    elts.push_back(std::move(e));
  }
  return std::make_unique<TupleExpr>(l, std::move(elts));
}

ExprPtr Parser::parseTargetList() {
  Loc l = tok().loc;
  ExprPtr first = parseStarredBitOr();
  if (!first || !at(TokenKind::Comma))
    return first;
  std::vector<ExprPtr> elts;
  elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (!canStartExpression(tok().kind))
      break;
    ExprPtr e = parseStarredBitOr();
    if (!e)
      return nullptr;
    elts.push_back(std::move(e));
  }
  return std::make_unique<TupleExpr>(l, std::move(elts));
}

ExprPtr Parser::parseStarredBitOr() {
  if (at(TokenKind::Star)) {
    Loc l = tok().loc;
    consume();
    if (!parseBinary(0))
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "starred expression");
  }
  return parseBinary(0);
}

ExprPtr Parser::parseTestOrStar() {
  if (at(TokenKind::Star)) {
    Loc l = tok().loc;
    consume();
    if (!parseBinary(0))
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "starred expression");
  }
  return parseTest();
}

ExprPtr Parser::parseNamedExpr() {
  Loc l = tok().loc;
  ExprPtr e = parseTest();
  if (!e || !at(TokenKind::ColonEqual))
    return e;
  if (!llvm::isa<NameExpr>(*e)) {
    error(e->getLoc(), "cannot use an assignment expression with " +
                           describeForAssignment(*e));
    return nullptr;
  }
  consume();
  ExprPtr value = parseTest();
  if (!value)
    return nullptr;
  return std::make_unique<NamedExpr>(l, std::move(e), std::move(value));
}

ExprPtr Parser::parseTest() {
  DepthGuard guard(*this, tok());
  if (!guard.ok)
    return nullptr;
  if (at(TokenKind::kw_lambda))
    return parseLambda();
  ExprPtr body = parseOrTest();
  if (!body || !at(TokenKind::kw_if))
    return body;
  consume();
  ExprPtr test = parseOrTest();
  if (!test)
    return nullptr;
  if (!expect(TokenKind::kw_else,
              "expected 'else' after the condition of an 'if' expression"))
    return nullptr;
  ExprPtr orelse = parseTest();
  if (!orelse)
    return nullptr;
  Loc l = body->getLoc();
  return std::make_unique<IfExpExpr>(l, std::move(test), std::move(body),
                                     std::move(orelse));
}

ExprPtr Parser::parseLambda() {
  Loc l = tok().loc;
  consume(); // lambda
  // Parameters are skipped up to the ':' at bracket depth 0; the names of
  // plain ones (a name first in its comma-separated part) are kept.
  std::vector<std::string> params;
  bool partStart = true;
  unsigned depth = 0;
  while (true) {
    if (depth == 0 && partStart && at(TokenKind::Name))
      params.push_back(tok().spelling.str());
    partStart = depth == 0 && at(TokenKind::Comma);
    if (at(TokenKind::Newline) || atEnd() ||
        (depth == 0 && isCloseBracket(tok().kind))) {
      error(tok(), "expected ':' in lambda expression");
      return nullptr;
    }
    if (depth == 0 && at(TokenKind::Colon))
      break;
    if (isOpenBracket(tok().kind))
      ++depth;
    else if (isCloseBracket(tok().kind))
      --depth;
    consume();
  }
  consume(); // :
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  return std::make_unique<LambdaExpr>(l, std::move(params), std::move(body));
}

ExprPtr Parser::parseOrTest() {
  ExprPtr first = parseAndTest();
  if (!first || !at(TokenKind::kw_or))
    return first;
  Loc l = first->getLoc();
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (consumeIf(TokenKind::kw_or)) {
    ExprPtr e = parseAndTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  return std::make_unique<BoolOpExpr>(l, /*isAnd=*/false, std::move(values));
}

ExprPtr Parser::parseAndTest() {
  ExprPtr first = parseNotTest();
  if (!first || !at(TokenKind::kw_and))
    return first;
  Loc l = first->getLoc();
  std::vector<ExprPtr> values;
  values.push_back(std::move(first));
  while (consumeIf(TokenKind::kw_and)) {
    ExprPtr e = parseNotTest();
    if (!e)
      return nullptr;
    values.push_back(std::move(e));
  }
  return std::make_unique<BoolOpExpr>(l, /*isAnd=*/true, std::move(values));
}

ExprPtr Parser::parseNotTest() {
  if (!at(TokenKind::kw_not))
    return parseComparison();
  DepthGuard guard(*this, tok());
  if (!guard.ok)
    return nullptr;
  Loc l = tok().loc;
  consume();
  ExprPtr operand = parseNotTest();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryOpExpr>(l, UnaryOp::Not, std::move(operand));
}

ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBinary(0);
  if (!first)
    return nullptr;
  std::vector<CmpOp> ops;
  std::vector<ExprPtr> operands;
  Loc l = first->getLoc();
  operands.push_back(std::move(first));
  while (true) {
    std::optional<CmpOp> op;
    switch (tok().kind) {
    case TokenKind::EqEqual:
      op = CmpOp::Eq;
      break;
    case TokenKind::NotEqual:
      op = CmpOp::NotEq;
      break;
    case TokenKind::Less:
      op = CmpOp::Lt;
      break;
    case TokenKind::LessEqual:
      op = CmpOp::LtE;
      break;
    case TokenKind::Greater:
      op = CmpOp::Gt;
      break;
    case TokenKind::GreaterEqual:
      op = CmpOp::GtE;
      break;
    case TokenKind::kw_in:
      op = CmpOp::In;
      break;
    case TokenKind::kw_is:
      if (peek().is(TokenKind::kw_not)) {
        consume();
        op = CmpOp::IsNot;
      } else {
        op = CmpOp::Is;
      }
      break;
    case TokenKind::kw_not:
      if (peek().is(TokenKind::kw_in)) {
        consume();
        op = CmpOp::NotIn;
      }
      break;
    default:
      break;
    }
    if (!op)
      break;
    consume();
    ExprPtr rhs = parseBinary(0);
    if (!rhs)
      return nullptr;
    ops.push_back(*op);
    operands.push_back(std::move(rhs));
  }
  if (ops.empty())
    return std::move(operands.front());
  return std::make_unique<CompareExpr>(l, std::move(ops), std::move(operands));
}

ExprPtr Parser::parseBinary(unsigned level) {
  if (level == kNumBinaryLevels)
    return parseFactor();
  ExprPtr lhs = parseBinary(level + 1);
  if (!lhs)
    return nullptr;
  // Each link of a chain deepens the (left-leaning) tree: count it.
  RestoreOnExit restore(exprDepth);
  while (std::optional<BinOp> op = binaryOpAt(level, tok().kind)) {
    if (++exprDepth > kMaxExprDepth) {
      error(tok(), "expression nested too deeply");
      return nullptr;
    }
    consume();
    ExprPtr rhs = parseBinary(level + 1);
    if (!rhs)
      return nullptr;
    Loc l = lhs->getLoc();
    lhs = std::make_unique<BinOpExpr>(l, *op, std::move(lhs), std::move(rhs));
  }
  return lhs;
}

ExprPtr Parser::parseFactor() {
  std::optional<UnaryOp> op;
  if (at(TokenKind::Minus))
    op = UnaryOp::Neg;
  else if (at(TokenKind::Plus))
    op = UnaryOp::Pos;
  else if (at(TokenKind::Tilde))
    op = UnaryOp::Invert;
  if (!op)
    return parsePower();
  DepthGuard guard(*this, tok());
  if (!guard.ok)
    return nullptr;
  Loc l = tok().loc;
  consume();
  ExprPtr operand = parseFactor();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryOpExpr>(l, *op, std::move(operand));
}

ExprPtr Parser::parsePower() {
  ExprPtr base = parseAtomExpr();
  if (!base || !at(TokenKind::DoubleStar))
    return base;
  DepthGuard guard(*this, tok());
  if (!guard.ok)
    return nullptr;
  consume();
  // Right-associative, and the exponent may carry a unary operator.
  ExprPtr exponent = parseFactor();
  if (!exponent)
    return nullptr;
  Loc l = base->getLoc();
  return std::make_unique<BinOpExpr>(l, BinOp::Pow, std::move(base),
                                     std::move(exponent));
}

ExprPtr Parser::parseAtomExpr() {
  if (at(TokenKind::kw_await)) {
    DepthGuard guard(*this, tok());
    if (!guard.ok)
      return nullptr;
    Loc l = tok().loc;
    consume();
    if (!parseAtomExpr())
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "await expression");
  }
  ExprPtr e = parseAtom();
  if (!e)
    return nullptr;
  RestoreOnExit restore(exprDepth);
  while (at(TokenKind::LParen) || at(TokenKind::LSquare) ||
         at(TokenKind::Dot)) {
    if (++exprDepth > kMaxExprDepth) {
      error(tok(), "expression nested too deeply");
      return nullptr;
    }
    Loc l = e->getLoc();
    if (at(TokenKind::Dot)) {
      consume();
      if (!at(TokenKind::Name)) {
        error(tok(), "expected an attribute name after '.'");
        return nullptr;
      }
      e = std::make_unique<AttributeExpr>(l, std::move(e), tok().spelling.str(),
                                          tok().loc);
      consume();
      continue;
    }
    if (at(TokenKind::LParen)) {
      consume();
      std::vector<ExprPtr> args;
      std::vector<Keyword> keywords;
      if (!parseCallArgs(args, keywords))
        return nullptr;
      e = std::make_unique<CallExpr>(l, std::move(e), std::move(args),
                                     std::move(keywords));
      continue;
    }
    // Subscript.
    consume();
    if (at(TokenKind::RSquare)) {
      error(tok(), "expected an index or slice in '[]'");
      return nullptr;
    }
    std::vector<ExprPtr> indices;
    bool trailingComma = false;
    while (true) {
      ExprPtr item = parseSubscriptItem();
      if (!item)
        return nullptr;
      indices.push_back(std::move(item));
      trailingComma = false;
      if (!consumeIf(TokenKind::Comma))
        break;
      trailingComma = true;
      if (at(TokenKind::RSquare))
        break;
    }
    if (!at(TokenKind::RSquare)) {
      error(tok(), "expected ',' or ']' in subscript");
      return nullptr;
    }
    consume();
    if (trailingComma && indices.size() == 1) {
      // `x[a,]` indexes with the tuple `(a,)`.
      Loc tl = indices.front()->getLoc();
      std::vector<ExprPtr> one;
      one.push_back(std::make_unique<TupleExpr>(tl, std::move(indices)));
      indices = std::move(one);
    }
    e = std::make_unique<SubscriptExpr>(l, std::move(e), std::move(indices));
  }
  return e;
}

ExprPtr Parser::parseSubscriptItem() {
  Loc l = tok().loc;
  ExprPtr lower;
  if (!at(TokenKind::Colon)) {
    lower = at(TokenKind::Star) ? parseTestOrStar() : parseNamedExpr();
    if (!lower || !at(TokenKind::Colon))
      return lower;
  }
  consume(); // :
  auto startsPart = [&] {
    return !at(TokenKind::Colon) && !at(TokenKind::Comma) &&
           !at(TokenKind::RSquare);
  };
  ExprPtr upper, step;
  if (startsPart()) {
    upper = parseTest();
    if (!upper)
      return nullptr;
  }
  if (consumeIf(TokenKind::Colon) && startsPart()) {
    step = parseTest();
    if (!step)
      return nullptr;
  }
  return std::make_unique<SliceExpr>(l, std::move(lower), std::move(upper),
                                     std::move(step));
}

bool Parser::parseCallArgs(std::vector<ExprPtr> &args,
                           std::vector<Keyword> &keywords) {
  bool sawKeyword = false;
  while (!at(TokenKind::RParen)) {
    if (at(TokenKind::Star) || at(TokenKind::DoubleStar)) {
      Loc l = tok().loc;
      consume();
      if (!parseTest())
        return false;
      args.push_back(std::make_unique<UnsupportedExpr>(l, "starred argument"));
    } else if (at(TokenKind::Name) && peek().is(TokenKind::Equal)) {
      const Token &name = tok();
      for (const Keyword &k : keywords)
        if (k.name == name.spelling)
          return error(name,
                       "keyword argument repeated: '" + name.spelling + "'");
      consume();
      consume(); // =
      ExprPtr value = parseTest();
      if (!value)
        return false;
      keywords.push_back(
          Keyword{name.loc, name.spelling.str(), std::move(value)});
      sawKeyword = true;
    } else {
      ExprPtr arg = parseNamedExpr();
      if (!arg)
        return false;
      if (at(TokenKind::kw_for)) {
        // A generator expression argument (`",".join(s for s in x)`): its
        // values as a list comprehension's, which host code can evaluate.
        Loc l = arg->getLoc();
        std::vector<Comprehension> generators;
        if (!parseComprehensionClauses(generators))
          return false;
        arg = std::make_unique<ListCompExpr>(l, std::move(arg),
                                             std::move(generators));
      } else if (atComprehensionFor()) {
        // An async generator expression argument: skip its clauses.
        unsigned depth = 0;
        while (!atEnd() && !at(TokenKind::Newline)) {
          if (depth == 0 && (at(TokenKind::Comma) || at(TokenKind::RParen)))
            break;
          if (isOpenBracket(tok().kind))
            ++depth;
          else if (isCloseBracket(tok().kind))
            --depth;
          consume();
        }
        arg = std::make_unique<UnsupportedExpr>(arg->getLoc(),
                                                "generator expression");
      }
      if (sawKeyword)
        return error(arg->getLoc(),
                     "positional argument follows keyword argument");
      args.push_back(std::move(arg));
    }
    if (consumeIf(TokenKind::Comma))
      continue;
    if (!at(TokenKind::RParen))
      return error(tok(), "expected ',' or ')' in argument list");
  }
  consume(); // )
  return true;
}

ExprPtr Parser::parseAtom() {
  const Token &t = tok();
  Loc l = t.loc;
  switch (t.kind) {
  case TokenKind::Name: {
    consume();
    return std::make_unique<NameExpr>(l, t.spelling.str());
  }
  case TokenKind::Int:
    // Python's integers have no bound; tkc folds them in 128 bits (and code
    // takes them up to 2^64 - 1, as Triton). An error where the literal is
    // used, not for the whole file: kernels that never reach it compile.
    if (t.intTooLarge) {
      consume();
      return std::make_unique<UnsupportedExpr>(
          l, "an integer literal beyond 128 bits (" + t.spelling.str() + ")",
          /*tkcLimit=*/true);
    }
    consume();
    return std::make_unique<IntLitExpr>(l, t.intValue);
  case TokenKind::Float:
    consume();
    return std::make_unique<FloatLitExpr>(l, t.floatValue);
  case TokenKind::Imaginary:
    consume();
    return std::make_unique<UnsupportedExpr>(l, "complex literal");
  case TokenKind::String:
    return parseStrings();
  case TokenKind::kw_True:
  case TokenKind::kw_False:
    consume();
    return std::make_unique<BoolLitExpr>(l, t.is(TokenKind::kw_True));
  case TokenKind::kw_None:
    consume();
    return std::make_unique<NoneLitExpr>(l);
  case TokenKind::Ellipsis:
    consume();
    return std::make_unique<EllipsisLitExpr>(l);
  case TokenKind::LParen:
    return parseParenthesized();
  case TokenKind::LSquare:
    return parseListDisplay();
  case TokenKind::LBrace:
    return parseBraceDisplay();
  case TokenKind::Newline:
  case TokenKind::EndOfFile:
  case TokenKind::Indent:
  case TokenKind::Dedent:
    error(t, "expected an expression");
    return nullptr;
  default:
    error(t, "expected an expression, found " + describeToken(t));
    return nullptr;
  }
}

ExprPtr Parser::parseStrings() {
  Loc l = tok().loc;
  std::string value;
  // Adjacent literals join; f-strings become `'text' + str(field) + ...`,
  // which the code generator folds (fields must be compile-time values, as
  // Triton requires).
  std::vector<ExprPtr> parts;
  bool anyBytes = false, anyText = false;
  while (at(TokenKind::String)) {
    const Token &s = tok();
    if (s.isBytes)
      anyBytes = true;
    else
      anyText = true;
    if (s.isFString) {
      if (!parseFString(s, value, parts))
        return nullptr;
    } else {
      value += s.stringValue;
    }
    consume();
  }
  if (anyBytes && anyText) {
    error(l, "cannot mix bytes and non-bytes literals");
    return nullptr;
  }
  if (anyBytes)
    return std::make_unique<UnsupportedExpr>(l, "bytes literal");
  if (!value.empty() || parts.empty())
    parts.push_back(std::make_unique<StrLitExpr>(l, std::move(value)));
  ExprPtr result = std::move(parts.front());
  for (size_t i = 1; i < parts.size(); ++i)
    result = std::make_unique<BinOpExpr>(l, BinOp::Add, std::move(result),
                                         std::move(parts[i]));
  return result;
}

bool Parser::parseFString(const Token &t, std::string &pending,
                          std::vector<ExprPtr> &parts) {
  const char *p = t.spelling.begin(), *stop = t.spelling.end();
  bool raw = false;
  for (; p < stop && std::isalpha(static_cast<unsigned char>(*p)); ++p)
    raw |= *p == 'r' || *p == 'R';
  char quote = *p;
  bool triple = stop - p >= 6 && p[1] == quote && p[2] == quote;
  p += triple ? 3 : 1;
  stop -= triple ? 3 : 1;
  auto fail = [&](const char *at, const llvm::Twine &message) {
    diags.error(Loc::getFromPointer(at), message);
    return false;
  };
  // The text since the last field or doubled brace, decoded as the lexer
  // decodes plain strings (kept as written in raw ones).
  const char *run = p;
  auto flushRun = [&]() {
    if (raw)
      pending.append(run, p);
    else if (!Lexer(run, p, diags)
                  .decodeString(run, p, /*isBytes=*/false, pending))
      return false;
    return true;
  };
  while (p < stop) {
    char c = *p;
    if ((c == '{' || c == '}') && p + 1 < stop && p[1] == c) {
      if (!flushRun())
        return false;
      pending += c;
      p += 2;
      run = p;
      continue;
    }
    if (c == '}')
      return fail(p, "f-string: single '}' is not allowed");
    if (c != '{') {
      // An escape's second character is never a field's brace.
      p += c == '\\' && !raw && p + 1 < stop ? 2 : 1;
      continue;
    }
    if (!flushRun())
      return false;
    // A replacement field: its expression runs to the '}', '!' or ':' at
    // bracket depth 0 (strings inside skipped).
    const char *field = ++p;
    unsigned depth = 0;
    while (p < stop) {
      char d = *p;
      if (d == '\'' || d == '"') {
        for (++p; p < stop && *p != d; ++p)
          if (*p == '\\')
            ++p;
        ++p;
        continue;
      }
      if (d == '(' || d == '[' || d == '{')
        ++depth;
      else if (depth > 0 && (d == ')' || d == ']' || d == '}'))
        --depth;
      else if (depth == 0 && (d == '}' || d == ':' ||
                              (d == '!' && p + 1 < stop && p[1] != '=')))
        break;
      ++p;
    }
    if (p >= stop)
      return fail(field - 1, "f-string: expecting '}'");
    llvm::StringRef text = llvm::StringRef(field, p - field);
    if (text.trim().empty())
      return fail(field, "f-string: empty expression not allowed");
    // A self-documenting field (`{N=}`) writes its text, then the value,
    // with repr() unless a conversion says otherwise.
    llvm::StringRef trimmed = text.rtrim();
    bool selfDocumenting = trimmed.ends_with("=") && !trimmed.ends_with("==") &&
                           !trimmed.ends_with("!=") &&
                           !trimmed.ends_with("<=") && !trimmed.ends_with(">=");
    if (selfDocumenting) {
      pending += text.str();
      text = trimmed.drop_back();
    }
    text = text.trim();
    // `!s` formats with str(), `!r` and `!a` with repr() (the same text for
    // the ASCII values a kernel formats).
    const char *convert = selfDocumenting ? "repr" : "str";
    if (*p == '!') {
      if (p + 1 >= stop || (p[1] != 's' && p[1] != 'r' && p[1] != 'a'))
        return fail(p, "f-string: invalid conversion character: expected "
                       "'s', 'r', or 'a'");
      convert = p[1] == 's' ? "str" : "repr";
      p += 2;
    }
    if (p < stop && *p == ':')
      return fail(p, "f-string format specifications are not supported by tkc "
                     "yet");
    if (p >= stop || *p != '}')
      return fail(p, "f-string: expecting '}'");
    run = ++p;
    std::vector<Token> tokens;
    Lexer lexer(text.begin(), text.end(), diags);
    if (!lexer.tokenize(tokens))
      return false;
    Parser sub(tokens, diags, vendor, hasTritonAttribute);
    ExprPtr expr = sub.parseTest();
    if (!expr)
      return false;
    if (!sub.at(TokenKind::Newline) && !sub.at(TokenKind::EndOfFile))
      return fail(sub.tok().loc.getPointer(),
                  "f-string: unexpected " + describeToken(sub.tok()));
    Loc l = expr->getLoc();
    if (!pending.empty())
      parts.push_back(std::make_unique<StrLitExpr>(t.loc, std::move(pending)));
    pending.clear();
    std::vector<ExprPtr> args;
    args.push_back(std::move(expr));
    parts.push_back(
        std::make_unique<CallExpr>(l, std::make_unique<NameExpr>(l, convert),
                                   std::move(args), std::vector<Keyword>{}));
  }
  return flushRun();
}

ExprPtr Parser::parseParenthesized() {
  const Token &open = tok();
  Loc l = open.loc;
  consume();
  if (consumeIf(TokenKind::RParen))
    return std::make_unique<TupleExpr>(l, std::vector<ExprPtr>());
  if (at(TokenKind::kw_yield)) {
    if (!skipToClose(open))
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "yield expression");
  }
  ExprPtr first = at(TokenKind::Star) ? parseTestOrStar() : parseNamedExpr();
  if (!first)
    return nullptr;
  if (atComprehensionFor()) {
    if (!skipToClose(open))
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "generator expression");
  }
  if (consumeIf(TokenKind::RParen))
    return first; // Parentheses only group.
  if (!at(TokenKind::Comma)) {
    error(tok(), "expected ')' or ',' in parenthesized expression, found " +
                     describeToken(tok()));
    return nullptr;
  }
  std::vector<ExprPtr> elts;
  elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (at(TokenKind::RParen))
      break;
    ExprPtr e = at(TokenKind::Star) ? parseTestOrStar() : parseNamedExpr();
    if (!e)
      return nullptr;
    elts.push_back(std::move(e));
  }
  if (!expect(TokenKind::RParen, "expected ',' or ')' in tuple"))
    return nullptr;
  return std::make_unique<TupleExpr>(l, std::move(elts));
}

ExprPtr Parser::parseListDisplay() {
  const Token &open = tok();
  Loc l = open.loc;
  consume();
  std::vector<ExprPtr> elts;
  if (consumeIf(TokenKind::RSquare))
    return std::make_unique<ListExpr>(l, std::move(elts));
  ExprPtr first = at(TokenKind::Star) ? parseTestOrStar() : parseNamedExpr();
  if (!first)
    return nullptr;
  if (at(TokenKind::kw_for)) {
    std::vector<Comprehension> generators;
    if (!parseComprehensionClauses(generators))
      return nullptr;
    if (!expect(TokenKind::RSquare, "expected ']' after list comprehension"))
      return nullptr;
    return std::make_unique<ListCompExpr>(l, std::move(first),
                                          std::move(generators));
  }
  if (atComprehensionFor()) {
    if (!skipToClose(open))
      return nullptr;
    return std::make_unique<UnsupportedExpr>(l, "list comprehension");
  }
  elts.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (at(TokenKind::RSquare))
      break;
    ExprPtr e = at(TokenKind::Star) ? parseTestOrStar() : parseNamedExpr();
    if (!e)
      return nullptr;
    elts.push_back(std::move(e));
  }
  if (!expect(TokenKind::RSquare, "expected ',' or ']' in list"))
    return nullptr;
  return std::make_unique<ListExpr>(l, std::move(elts));
}

bool Parser::parseComprehensionClauses(std::vector<Comprehension> &out) {
  while (at(TokenKind::kw_for)) {
    consume(); // for
    ExprPtr target = parseTargetList();
    if (!target || !checkAssignTarget(*target))
      return false;
    if (!expect(TokenKind::kw_in, "expected 'in' in comprehension"))
      return false;
    ExprPtr iter = parseOrTest();
    if (!iter)
      return false;
    Comprehension clause{std::move(target), std::move(iter), {}};
    while (consumeIf(TokenKind::kw_if)) {
      ExprPtr cond = parseOrTest();
      if (!cond)
        return false;
      clause.ifs.push_back(std::move(cond));
    }
    out.push_back(std::move(clause));
  }
  if (at(TokenKind::kw_async))
    return error(tok(), "'async for' in a comprehension is not supported");
  return true;
}

ExprPtr Parser::parseDictEntries(Loc l) {
  std::vector<ExprPtr> keys, values;
  while (!at(TokenKind::RBrace)) {
    ExprPtr key = parseTest();
    if (!key)
      return nullptr;
    if (!expect(TokenKind::Colon, "expected ':' after a dict key"))
      return nullptr;
    ExprPtr value = parseTest();
    if (!value)
      return nullptr;
    keys.push_back(std::move(key));
    values.push_back(std::move(value));
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  if (!expect(TokenKind::RBrace, "expected ',' or '}' in dict"))
    return nullptr;
  return std::make_unique<DictExpr>(l, std::move(keys), std::move(values));
}

ExprPtr Parser::parseBraceDisplay() {
  // Dict and set displays are host code: classify them by their top-level
  // tokens and skip them whole.
  const Token &open = tok();
  Loc l = open.loc;
  consume();
  bool isDict = at(TokenKind::RBrace) || at(TokenKind::DoubleStar);
  bool isComprehension = false, unpacks = at(TokenKind::DoubleStar);
  unsigned depth = 0;
  for (size_t i = pos; i < toks.size(); ++i) {
    TokenKind k = toks[i].kind;
    if (k == TokenKind::EndOfFile || k == TokenKind::Newline)
      break;
    if (isOpenBracket(k)) {
      ++depth;
    } else if (isCloseBracket(k)) {
      if (depth == 0)
        break;
      --depth;
    } else if (depth == 0 && k == TokenKind::Colon) {
      isDict = true;
    } else if (depth == 0 &&
               (k == TokenKind::kw_for || k == TokenKind::kw_async)) {
      isComprehension = true;
    } else if (depth == 0 && k == TokenKind::DoubleStar &&
               toks[i - 1].kind == TokenKind::Comma) {
      unpacks = true;
    }
  }
  // A plain dict display is parsed (decorators such as `triton.Config` take
  // one); comprehensions, unpacking and sets are skipped whole.
  if (isDict && !isComprehension && !unpacks)
    return parseDictEntries(l);
  if (!skipToClose(open))
    return nullptr;
  const char *what =
      isDict ? (isComprehension ? "dict comprehension" : "dict display")
             : (isComprehension ? "set comprehension" : "set display");
  return std::make_unique<UnsupportedExpr>(l, what);
}

} // namespace

std::unique_ptr<Module>
tkc::frontend::parseModule(unsigned bufferId, Diagnostics &diags,
                           llvm::StringRef vendor,
                           const TritonAttributeQuery &hasTritonAttribute) {
  unsigned errorsBefore = diags.numErrors();
  std::vector<Token> tokens;
  Lexer lexer(bufferId, diags);
  if (!lexer.tokenize(tokens))
    return nullptr;
  Parser parser(tokens, diags, vendor, hasTritonAttribute);
  std::unique_ptr<Module> module = parser.parseFile();
  if (diags.numErrors() != errorsBefore)
    return nullptr;
  module->path = diags.getSourceMgr()
                     .getMemoryBuffer(bufferId)
                     ->getBufferIdentifier()
                     .str();
  return module;
}
