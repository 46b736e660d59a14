//===- ASTPrinter.cpp - Dump of a parsed function for --emit=ast ----------===//
//
// Prints one node per line, indented two spaces per level: the node's kind,
// its scalar fields, and `@LINE:COL` of its first token. Child expressions
// that play a named role (a target, a slice bound, a keyword's value) sit
// under a label line such as `Target` or `Lower`; labels carry no position.
// The format is stable: lit tests check it with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/ASTPrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace tkc::frontend;

namespace {

class Printer {
public:
  Printer(const Diagnostics &diags, llvm::raw_ostream &os)
      : diags(diags), os(os) {}

  void printFunction(const FunctionDef &fn, unsigned indent);

private:
  void line(unsigned indent) { os.indent(indent * 2); }
  void loc(Loc l) {
    if (!l.isValid()) {
      os << " @?";
      return;
    }
    auto [lineNo, col] = diags.getLineAndColumn(l);
    os << " @" << lineNo << ":" << col;
  }
  void label(unsigned indent, llvm::StringRef name) {
    line(indent);
    os << name << "\n";
  }
  void labeled(unsigned indent, llvm::StringRef name, const Expr *e) {
    if (!e)
      return;
    label(indent, name);
    printExpr(*e, indent + 1);
  }
  void printExpr(const Expr &e, unsigned indent);
  void printStmt(const Stmt &s, unsigned indent);
  void printBody(const Body &body, unsigned indent) {
    for (const StmtPtr &s : body)
      printStmt(*s, indent);
  }
  void printFloat(double v);

  const Diagnostics &diags;
  llvm::raw_ostream &os;
};

void Printer::printFloat(double v) {
  if (std::isnan(v)) {
    os << "nan";
    return;
  }
  if (std::isinf(v)) {
    os << (v < 0 ? "-inf" : "inf");
    return;
  }
  // The shortest of %.1g ... %.17g that reads back exactly.
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v)
      break;
  }
  llvm::StringRef text(buf);
  os << text;
  // Keep floats recognizable as floats: `1.0`, not `1`.
  if (text.find_first_of(".eEn") == llvm::StringRef::npos)
    os << ".0";
}

void Printer::printExpr(const Expr &e, unsigned indent) {
  line(indent);
  switch (e.getKind()) {
  case Expr::Kind::Name:
    os << "Name " << llvm::cast<NameExpr>(e).id;
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::IntLit:
    os << "Int " << toString(llvm::cast<IntLitExpr>(e).value);
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::FloatLit:
    os << "Float ";
    printFloat(llvm::cast<FloatLitExpr>(e).value);
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::StrLit:
    os << "Str \"";
    llvm::printEscapedString(llvm::cast<StrLitExpr>(e).value, os);
    os << "\"";
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::BoolLit:
    os << "Bool " << (llvm::cast<BoolLitExpr>(e).value ? "True" : "False");
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::NoneLit:
    os << "None";
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::EllipsisLit:
    os << "Ellipsis";
    loc(e.getLoc());
    os << "\n";
    return;
  case Expr::Kind::Attribute: {
    auto &a = llvm::cast<AttributeExpr>(e);
    os << "Attribute " << a.attr;
    loc(e.getLoc());
    os << " attr";
    loc(a.attrLoc);
    os << "\n";
    printExpr(*a.base, indent + 1);
    return;
  }
  case Expr::Kind::Subscript: {
    auto &s = llvm::cast<SubscriptExpr>(e);
    os << "Subscript";
    loc(e.getLoc());
    os << "\n";
    printExpr(*s.base, indent + 1);
    for (const ExprPtr &i : s.indices)
      labeled(indent + 1, "Index", i.get());
    return;
  }
  case Expr::Kind::Slice: {
    auto &s = llvm::cast<SliceExpr>(e);
    os << "Slice";
    loc(e.getLoc());
    os << "\n";
    labeled(indent + 1, "Lower", s.lower.get());
    labeled(indent + 1, "Upper", s.upper.get());
    labeled(indent + 1, "Step", s.step.get());
    return;
  }
  case Expr::Kind::Call: {
    auto &c = llvm::cast<CallExpr>(e);
    os << "Call";
    loc(e.getLoc());
    os << "\n";
    printExpr(*c.callee, indent + 1);
    for (const ExprPtr &a : c.args)
      labeled(indent + 1, "Arg", a.get());
    for (const Keyword &k : c.keywords) {
      line(indent + 1);
      os << "Keyword " << k.name;
      loc(k.loc);
      os << "\n";
      if (k.value)
        printExpr(*k.value, indent + 2);
    }
    return;
  }
  case Expr::Kind::BinOp: {
    auto &b = llvm::cast<BinOpExpr>(e);
    os << "BinOp " << spelling(b.op);
    loc(e.getLoc());
    os << "\n";
    printExpr(*b.lhs, indent + 1);
    printExpr(*b.rhs, indent + 1);
    return;
  }
  case Expr::Kind::UnaryOp: {
    auto &u = llvm::cast<UnaryOpExpr>(e);
    os << "UnaryOp " << spelling(u.op);
    loc(e.getLoc());
    os << "\n";
    printExpr(*u.operand, indent + 1);
    return;
  }
  case Expr::Kind::BoolOp: {
    auto &b = llvm::cast<BoolOpExpr>(e);
    os << "BoolOp " << (b.isAnd ? "and" : "or");
    loc(e.getLoc());
    os << "\n";
    for (const ExprPtr &v : b.values)
      printExpr(*v, indent + 1);
    return;
  }
  case Expr::Kind::Compare: {
    auto &c = llvm::cast<CompareExpr>(e);
    os << "Compare";
    for (CmpOp op : c.ops)
      os << " " << spelling(op);
    loc(e.getLoc());
    os << "\n";
    for (const ExprPtr &v : c.operands)
      printExpr(*v, indent + 1);
    return;
  }
  case Expr::Kind::IfExp: {
    auto &i = llvm::cast<IfExpExpr>(e);
    os << "IfExp";
    loc(e.getLoc());
    os << "\n";
    labeled(indent + 1, "Test", i.test.get());
    labeled(indent + 1, "Body", i.body.get());
    labeled(indent + 1, "Else", i.orelse.get());
    return;
  }
  case Expr::Kind::Tuple:
    os << "Tuple";
    loc(e.getLoc());
    os << "\n";
    for (const ExprPtr &v : llvm::cast<TupleExpr>(e).elts)
      printExpr(*v, indent + 1);
    return;
  case Expr::Kind::List:
    os << "List";
    loc(e.getLoc());
    os << "\n";
    for (const ExprPtr &v : llvm::cast<ListExpr>(e).elts)
      printExpr(*v, indent + 1);
    return;
  case Expr::Kind::Dict: {
    auto &d = llvm::cast<DictExpr>(e);
    os << "Dict";
    loc(e.getLoc());
    os << "\n";
    for (auto [k, v] : llvm::zip(d.keys, d.values)) {
      labeled(indent + 1, "Key", k.get());
      labeled(indent + 1, "Value", v.get());
    }
    return;
  }
  case Expr::Kind::ListComp: {
    auto &c = llvm::cast<ListCompExpr>(e);
    os << "ListComp";
    loc(e.getLoc());
    os << "\n";
    labeled(indent + 1, "Element", c.elt.get());
    for (const Comprehension &g : c.generators) {
      labeled(indent + 1, "For", g.target.get());
      labeled(indent + 1, "In", g.iter.get());
      for (const ExprPtr &cond : g.ifs)
        labeled(indent + 1, "If", cond.get());
    }
    return;
  }
  case Expr::Kind::Lambda: {
    auto &f = llvm::cast<LambdaExpr>(e);
    os << "Lambda (" << llvm::join(f.params, ", ") << ")";
    loc(e.getLoc());
    os << "\n";
    printExpr(*f.body, indent + 1);
    return;
  }
  case Expr::Kind::Named: {
    auto &n = llvm::cast<NamedExpr>(e);
    os << "Named";
    loc(e.getLoc());
    os << "\n";
    labeled(indent + 1, "Target", n.target.get());
    labeled(indent + 1, "Value", n.value.get());
    return;
  }
  case Expr::Kind::Unsupported:
    os << "Unsupported \"" << llvm::cast<UnsupportedExpr>(e).what << "\"";
    loc(e.getLoc());
    os << "\n";
    return;
  }
  os << "<unknown expression>\n";
}

void Printer::printStmt(const Stmt &s, unsigned indent) {
  if (auto *fn = llvm::dyn_cast<FunctionDef>(&s)) {
    printFunction(*fn, indent);
    return;
  }
  line(indent);
  switch (s.getKind()) {
  case Stmt::Kind::Expr:
    os << "Expr";
    loc(s.getLoc());
    os << "\n";
    printExpr(*llvm::cast<ExprStmt>(s).value, indent + 1);
    return;
  case Stmt::Kind::Assign: {
    auto &a = llvm::cast<AssignStmt>(s);
    os << "Assign";
    loc(s.getLoc());
    os << "\n";
    for (const ExprPtr &t : a.targets)
      labeled(indent + 1, "Target", t.get());
    labeled(indent + 1, "Annotation", a.annotation.get());
    if (a.value)
      printExpr(*a.value, indent + 1);
    return;
  }
  case Stmt::Kind::AugAssign: {
    auto &a = llvm::cast<AugAssignStmt>(s);
    os << "AugAssign " << spelling(a.op) << "=";
    loc(s.getLoc());
    os << "\n";
    labeled(indent + 1, "Target", a.target.get());
    printExpr(*a.value, indent + 1);
    return;
  }
  case Stmt::Kind::If: {
    auto &i = llvm::cast<IfStmt>(s);
    os << "If";
    loc(s.getLoc());
    os << "\n";
    labeled(indent + 1, "Test", i.test.get());
    label(indent + 1, "Body");
    printBody(i.body, indent + 2);
    if (!i.orelse.empty()) {
      label(indent + 1, "Else");
      printBody(i.orelse, indent + 2);
    }
    return;
  }
  case Stmt::Kind::For: {
    auto &f = llvm::cast<ForStmt>(s);
    os << "For";
    loc(s.getLoc());
    os << "\n";
    labeled(indent + 1, "Target", f.target.get());
    labeled(indent + 1, "Iter", f.iter.get());
    label(indent + 1, "Body");
    printBody(f.body, indent + 2);
    if (!f.orelse.empty()) {
      label(indent + 1, "Else");
      printBody(f.orelse, indent + 2);
    }
    return;
  }
  case Stmt::Kind::While: {
    auto &w = llvm::cast<WhileStmt>(s);
    os << "While";
    loc(s.getLoc());
    os << "\n";
    labeled(indent + 1, "Test", w.test.get());
    label(indent + 1, "Body");
    printBody(w.body, indent + 2);
    if (!w.orelse.empty()) {
      label(indent + 1, "Else");
      printBody(w.orelse, indent + 2);
    }
    return;
  }
  case Stmt::Kind::Return: {
    auto &r = llvm::cast<ReturnStmt>(s);
    os << "Return";
    loc(s.getLoc());
    os << "\n";
    if (r.value)
      printExpr(*r.value, indent + 1);
    return;
  }
  case Stmt::Kind::Pass:
    os << "Pass";
    loc(s.getLoc());
    os << "\n";
    return;
  case Stmt::Kind::Break:
    os << "Break";
    loc(s.getLoc());
    os << "\n";
    return;
  case Stmt::Kind::Continue:
    os << "Continue";
    loc(s.getLoc());
    os << "\n";
    return;
  case Stmt::Kind::Assert: {
    auto &a = llvm::cast<AssertStmt>(s);
    os << "Assert";
    loc(s.getLoc());
    os << "\n";
    printExpr(*a.test, indent + 1);
    labeled(indent + 1, "Msg", a.msg.get());
    return;
  }
  case Stmt::Kind::FunctionDef:
    return; // Printed above.
  case Stmt::Kind::Unsupported:
    os << "Unsupported \"" << llvm::cast<UnsupportedStmt>(s).what << "\"";
    loc(s.getLoc());
    os << "\n";
    return;
  }
  os << "<unknown statement>\n";
}

void Printer::printFunction(const FunctionDef &fn, unsigned indent) {
  line(indent);
  os << "FunctionDef " << fn.name;
  loc(fn.nameLoc);
  if (fn.isJit)
    os << " jit";
  os << "\n";
  for (const ExprPtr &d : fn.decorators)
    labeled(indent + 1, "Decorator", d.get());
  for (const Param &p : fn.params) {
    line(indent + 1);
    os << "Param " << p.name;
    loc(p.loc);
    os << "\n";
    labeled(indent + 2, "Annotation", p.annotation.get());
    labeled(indent + 2, "Default", p.defaultValue.get());
  }
  labeled(indent + 1, "Returns", fn.returns.get());
  printBody(fn.body, indent + 1);
}

} // namespace

void tkc::frontend::printAST(const FunctionDef &fn, const Diagnostics &diags,
                             llvm::raw_ostream &os) {
  Printer(diags, os).printFunction(fn, 0);
}
