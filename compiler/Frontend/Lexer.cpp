//===- Lexer.cpp - Tokenizer for the Triton-language Python subset --------===//
//
// A hand-written Python tokenizer. Indentation is measured at the start of
// each logical line outside brackets (a tab advances to the next multiple of
// 8, as in CPython) and turned into INDENT/DEDENT tokens; a dedent to a
// column no enclosing block has is reported here, while an indent where no
// block may start is the parser's to report. Brackets are matched here too,
// which gives the clearest messages for unbalanced ones. Every scan checks the
// buffer end, so no input can read past it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"

#include <cstdlib>

using namespace tkc::frontend;

std::string tkc::frontend::describeTokenKind(TokenKind kind) {
  switch (kind) {
  case TokenKind::EndOfFile:
    return "end of file";
  case TokenKind::Newline:
    return "end of line";
  case TokenKind::Indent:
    return "indent";
  case TokenKind::Dedent:
    return "unindent";
  case TokenKind::Name:
    return "name";
  case TokenKind::Int:
  case TokenKind::Float:
  case TokenKind::Imaginary:
    return "number";
  case TokenKind::String:
    return "string literal";
#define KW(K)                                                                  \
  case TokenKind::kw_##K:                                                      \
    return "'" #K "'";
    KW(False)
    KW(None)
    KW(True)
    KW(and)
    KW(as)
    KW(assert)
    KW(async)
    KW(await)
    KW(break)
    KW(class)
    KW(continue)
    KW(def)
    KW(del)
    KW(elif)
    KW(else)
    KW(except)
    KW(finally)
    KW(for)
    KW(from)
    KW(global)
    KW(if)
    KW(import)
    KW(in)
    KW(is)
    KW(lambda)
    KW(nonlocal)
    KW(not )
    KW(or)
    KW(pass)
    KW(raise)
    KW(return )
    KW(try)
    KW(while)
    KW(with)
    KW(yield)
#undef KW
  case TokenKind::Plus:
    return "'+'";
  case TokenKind::Minus:
    return "'-'";
  case TokenKind::Star:
    return "'*'";
  case TokenKind::Slash:
    return "'/'";
  case TokenKind::DoubleSlash:
    return "'//'";
  case TokenKind::Percent:
    return "'%'";
  case TokenKind::DoubleStar:
    return "'**'";
  case TokenKind::LeftShift:
    return "'<<'";
  case TokenKind::RightShift:
    return "'>>'";
  case TokenKind::Amp:
    return "'&'";
  case TokenKind::Pipe:
    return "'|'";
  case TokenKind::Caret:
    return "'^'";
  case TokenKind::Tilde:
    return "'~'";
  case TokenKind::At:
    return "'@'";
  case TokenKind::Less:
    return "'<'";
  case TokenKind::Greater:
    return "'>'";
  case TokenKind::LessEqual:
    return "'<='";
  case TokenKind::GreaterEqual:
    return "'>='";
  case TokenKind::EqEqual:
    return "'=='";
  case TokenKind::NotEqual:
    return "'!='";
  case TokenKind::Arrow:
    return "'->'";
  case TokenKind::ColonEqual:
    return "':='";
  case TokenKind::Equal:
    return "'='";
  case TokenKind::PlusEqual:
    return "'+='";
  case TokenKind::MinusEqual:
    return "'-='";
  case TokenKind::StarEqual:
    return "'*='";
  case TokenKind::SlashEqual:
    return "'/='";
  case TokenKind::DoubleSlashEqual:
    return "'//='";
  case TokenKind::PercentEqual:
    return "'%='";
  case TokenKind::DoubleStarEqual:
    return "'**='";
  case TokenKind::LeftShiftEqual:
    return "'<<='";
  case TokenKind::RightShiftEqual:
    return "'>>='";
  case TokenKind::AmpEqual:
    return "'&='";
  case TokenKind::PipeEqual:
    return "'|='";
  case TokenKind::CaretEqual:
    return "'^='";
  case TokenKind::AtEqual:
    return "'@='";
  case TokenKind::LParen:
    return "'('";
  case TokenKind::RParen:
    return "')'";
  case TokenKind::LSquare:
    return "'['";
  case TokenKind::RSquare:
    return "']'";
  case TokenKind::LBrace:
    return "'{'";
  case TokenKind::RBrace:
    return "'}'";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Semicolon:
    return "';'";
  case TokenKind::Dot:
    return "'.'";
  case TokenKind::Ellipsis:
    return "'...'";
  }
  return "token";
}

namespace {

bool isAsciiIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// The value of hex digit `c`, or -1.
int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/// `value = value * radix + digit`; true (and `value` unspecified) when the
/// result leaves PyInt's range.
bool accumulateDigit(PyInt &value, int radix, int digit) {
  return __builtin_mul_overflow(value, radix, &value) ||
         __builtin_add_overflow(value, digit, &value);
}

/// Appends code point `cp` to `out` as UTF-8.
void appendUTF8(uint32_t cp, std::string &out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

TokenKind keywordKind(llvm::StringRef s) {
  return llvm::StringSwitch<TokenKind>(s)
      .Case("False", TokenKind::kw_False)
      .Case("None", TokenKind::kw_None)
      .Case("True", TokenKind::kw_True)
      .Case("and", TokenKind::kw_and)
      .Case("as", TokenKind::kw_as)
      .Case("assert", TokenKind::kw_assert)
      .Case("async", TokenKind::kw_async)
      .Case("await", TokenKind::kw_await)
      .Case("break", TokenKind::kw_break)
      .Case("class", TokenKind::kw_class)
      .Case("continue", TokenKind::kw_continue)
      .Case("def", TokenKind::kw_def)
      .Case("del", TokenKind::kw_del)
      .Case("elif", TokenKind::kw_elif)
      .Case("else", TokenKind::kw_else)
      .Case("except", TokenKind::kw_except)
      .Case("finally", TokenKind::kw_finally)
      .Case("for", TokenKind::kw_for)
      .Case("from", TokenKind::kw_from)
      .Case("global", TokenKind::kw_global)
      .Case("if", TokenKind::kw_if)
      .Case("import", TokenKind::kw_import)
      .Case("in", TokenKind::kw_in)
      .Case("is", TokenKind::kw_is)
      .Case("lambda", TokenKind::kw_lambda)
      .Case("nonlocal", TokenKind::kw_nonlocal)
      .Case("not", TokenKind::kw_not)
      .Case("or", TokenKind::kw_or)
      .Case("pass", TokenKind::kw_pass)
      .Case("raise", TokenKind::kw_raise)
      .Case("return", TokenKind::kw_return)
      .Case("try", TokenKind::kw_try)
      .Case("while", TokenKind::kw_while)
      .Case("with", TokenKind::kw_with)
      .Case("yield", TokenKind::kw_yield)
      .Default(TokenKind::Name);
}

/// True for the string prefixes Python accepts (any case): r, u, b, f, t
/// and the two-letter raw combinations.
bool isStringPrefix(llvm::StringRef s) {
  if (s.empty() || s.size() > 2)
    return false;
  std::string lower = s.lower();
  for (const char *p :
       {"r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt"})
    if (lower == p)
      return true;
  return false;
}

/// A printable rendering of the character at `p` for messages.
std::string describeChar(const char *p, const char *end) {
  unsigned char c = static_cast<unsigned char>(*p);
  if (c >= 0x20 && c < 0x7F)
    return (llvm::Twine("'") + llvm::Twine(static_cast<char>(c)) + "' (U+" +
            llvm::utohexstr(c, /*LowerCase=*/false, 4) + ")")
        .str();
  // Try to decode one UTF-8 sequence for the code point.
  unsigned len = llvm::getNumBytesForUTF8(c);
  if (c >= 0x80 && len > 1 && p + len <= end) {
    const llvm::UTF8 *src = reinterpret_cast<const llvm::UTF8 *>(p);
    llvm::UTF32 cp;
    llvm::UTF32 *dst = &cp;
    if (llvm::ConvertUTF8toUTF32(&src, src + len, &dst, dst + 1,
                                 llvm::strictConversion) == llvm::conversionOK)
      return (llvm::Twine("'") + llvm::StringRef(p, len) + "' (U+" +
              llvm::utohexstr(cp, /*LowerCase=*/false, 4) + ")")
          .str();
  }
  return ("byte 0x" + llvm::utohexstr(c, /*LowerCase=*/false, 2));
}

} // namespace

Lexer::Lexer(unsigned bufferId, Diagnostics &diags) : diags(diags) {
  const llvm::MemoryBuffer *buf =
      diags.getSourceMgr().getMemoryBuffer(bufferId);
  bufStart = buf->getBufferStart();
  cur = bufStart;
  end = buf->getBufferEnd();
  // A UTF-8 byte order mark is not part of the program.
  if (end - cur >= 3 && static_cast<unsigned char>(cur[0]) == 0xEF &&
      static_cast<unsigned char>(cur[1]) == 0xBB &&
      static_cast<unsigned char>(cur[2]) == 0xBF)
    cur += 3;
  indents.push_back(0);
}

Lexer::Lexer(const char *begin, const char *end, Diagnostics &diags)
    : diags(diags) {
  bufStart = begin;
  cur = begin;
  this->end = end;
  indents.push_back(0);
}

bool Lexer::error(const char *pos, const llvm::Twine &message) {
  return diags.error(Loc::getFromPointer(pos), message);
}

bool Lexer::atNewline(const char *p) const {
  return p < end && (*p == '\n' || *p == '\r');
}

unsigned Lexer::identCharLength(const char *p) const {
  if (p >= end)
    return 0;
  unsigned char c = static_cast<unsigned char>(*p);
  if (c < 0x80)
    return (isAsciiIdentStart(*p) || isDigit(*p)) ? 1 : 0;
  unsigned len = llvm::getNumBytesForUTF8(c);
  if (len < 2 || len > 4 || p + len > end)
    return 0;
  const llvm::UTF8 *src = reinterpret_cast<const llvm::UTF8 *>(p);
  llvm::UTF32 cp;
  llvm::UTF32 *dst = &cp;
  if (llvm::ConvertUTF8toUTF32(&src, src + len, &dst, dst + 1,
                               llvm::strictConversion) != llvm::conversionOK)
    return 0;
  // Letters of other scripts are identifier characters; spaces, quotes,
  // dashes and other punctuation that editors like to substitute are not.
  if ((cp >= 0x80 && cp <= 0xBF && cp != 0xAA && cp != 0xB5 && cp != 0xBA) ||
      cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x206F) ||
      (cp >= 0x2190 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x3003) ||
      cp == 0xFEFF || (cp >= 0xFF01 && cp <= 0xFF0F) ||
      (cp >= 0xFFF0 && cp <= 0xFFFF))
    return 0;
  return len;
}

void Lexer::pushToken(std::vector<Token> &tokens, Token tok) {
  if (tok.kind != TokenKind::Newline && tok.kind != TokenKind::Indent &&
      tok.kind != TokenKind::Dedent && tok.kind != TokenKind::EndOfFile)
    lineHasTokens = true;
  tokens.push_back(std::move(tok));
}

bool Lexer::tokenize(std::vector<Token> &tokens) {
  bool atLineStart = true;
  while (true) {
    if (atLineStart && brackets.empty()) {
      bool stop = false;
      if (!lexLineStart(tokens, stop)) {
        finish(tokens);
        return false;
      }
      if (stop)
        return finish(tokens);
      atLineStart = false;
    }
    // Skip blanks between tokens.
    while (cur < end && (*cur == ' ' || *cur == '\t' || *cur == '\f'))
      ++cur;
    if (cur >= end) {
      if (!brackets.empty()) {
        const OpenBracket &open = brackets.back();
        error(open.pos, llvm::Twine("unexpected end of file: '") +
                            llvm::Twine(open.ch) + "' was never closed");
        finish(tokens);
        return false;
      }
      return finish(tokens);
    }
    char c = *cur;
    if (c == '#') {
      while (cur < end && !atNewline(cur))
        ++cur;
      continue;
    }
    if (c == '\\') {
      const char *p = cur + 1;
      if (p >= end) {
        error(cur, "unexpected end of file after line continuation "
                   "character");
        {
          finish(tokens);
          return false;
        }
      }
      if (!atNewline(p)) {
        error(cur, "unexpected character after line continuation character");
        {
          finish(tokens);
          return false;
        }
      }
      const char *backslash = cur;
      if (*p == '\r' && p + 1 < end && p[1] == '\n')
        ++p;
      cur = p + 1;
      if (cur >= end) {
        error(backslash, "unexpected end of file after line continuation "
                         "character");
        {
          finish(tokens);
          return false;
        }
      }
      continue;
    }
    if (c == '\n' || c == '\r') {
      const char *nl = cur;
      if (c == '\r' && cur + 1 < end && cur[1] == '\n')
        ++cur;
      ++cur;
      if (!brackets.empty())
        continue; // Implicit line joining.
      if (lineHasTokens) {
        Token tok;
        tok.kind = TokenKind::Newline;
        tok.loc = Loc::getFromPointer(nl);
        tok.spelling = llvm::StringRef(nl, 1);
        pushToken(tokens, std::move(tok));
        lineHasTokens = false;
      }
      atLineStart = true;
      continue;
    }
    if (!lexToken(tokens)) {
      finish(tokens);
      return false;
    }
  }
}

bool Lexer::lexLineStart(std::vector<Token> &tokens, bool &stop) {
  while (true) {
    // Measure this line's indentation.
    unsigned col = 0;
    const char *p = cur;
    for (; p < end; ++p) {
      if (*p == ' ')
        ++col;
      else if (*p == '\t')
        col = (col / 8 + 1) * 8;
      else if (*p == '\f')
        col = 0;
      else
        break;
      if (col > 100000)
        col = 100000; // Keep the arithmetic bounded on absurd input.
    }
    if (p >= end) {
      cur = p;
      stop = true;
      return true;
    }
    // Blank and comment-only lines do not count.
    if (*p == '#') {
      while (p < end && !atNewline(p))
        ++p;
    }
    if (atNewline(p)) {
      if (*p == '\r' && p + 1 < end && p[1] == '\n')
        ++p;
      cur = p + 1;
      continue;
    }
    if (p >= end) {
      cur = p;
      stop = true;
      return true;
    }
    cur = p;
    // A line whose only content is a continuation backslash joins the next
    // one; measure indentation there is not needed (CPython keeps this
    // line's indentation), so handle it like any other line.
    Loc loc = Loc::getFromPointer(p);
    if (col > indents.back()) {
      // Whether an indent is expected here is the parser's call: it reports
      // "unexpected indent" after the errors of earlier lines.
      if (indents.size() > kMaxIndentDepth)
        return error(p, "too many levels of indentation");
      indents.push_back(col);
      Token tok;
      tok.kind = TokenKind::Indent;
      tok.loc = loc;
      pushToken(tokens, std::move(tok));
    } else if (col < indents.back()) {
      while (col < indents.back()) {
        indents.pop_back();
        Token tok;
        tok.kind = TokenKind::Dedent;
        tok.loc = loc;
        pushToken(tokens, std::move(tok));
      }
      if (col != indents.back())
        return error(p, "unindent does not match any outer indentation "
                        "level");
    }
    return true;
  }
}

bool Lexer::finish(std::vector<Token> &tokens) {
  Loc eofLoc = Loc::getFromPointer(end);
  if (lineHasTokens) {
    Token tok;
    tok.kind = TokenKind::Newline;
    tok.loc = eofLoc;
    pushToken(tokens, std::move(tok));
    lineHasTokens = false;
  }
  while (indents.size() > 1) {
    indents.pop_back();
    Token tok;
    tok.kind = TokenKind::Dedent;
    tok.loc = eofLoc;
    pushToken(tokens, std::move(tok));
  }
  Token tok;
  tok.kind = TokenKind::EndOfFile;
  tok.loc = eofLoc;
  pushToken(tokens, std::move(tok));
  return true;
}

bool Lexer::lexToken(std::vector<Token> &tokens) {
  char c = *cur;
  if (isDigit(c) || (c == '.' && cur + 1 < end && isDigit(cur[1]))) {
    Token tok;
    if (!lexNumber(tok))
      return false;
    pushToken(tokens, std::move(tok));
    return true;
  }
  if (c == '\'' || c == '"') {
    Token tok;
    if (!lexString(tok, cur, ""))
      return false;
    pushToken(tokens, std::move(tok));
    return true;
  }
  if (identCharLength(cur) && !isDigit(c))
    return lexNameOrString(tokens);

  Token tok;
  if (!lexOperator(tok))
    return false;
  // Match brackets.
  switch (tok.kind) {
  case TokenKind::LParen:
  case TokenKind::LSquare:
  case TokenKind::LBrace:
    if (brackets.size() >= kMaxBracketDepth)
      return error(tok.loc.getPointer(), "too many nested parentheses");
    brackets.push_back({tok.spelling[0], tok.loc.getPointer()});
    break;
  case TokenKind::RParen:
  case TokenKind::RSquare:
  case TokenKind::RBrace: {
    char close = tok.spelling[0];
    if (brackets.empty())
      return error(tok.loc.getPointer(),
                   llvm::Twine("unmatched '") + llvm::Twine(close) + "'");
    char open = brackets.back().ch;
    char expected = open == '(' ? ')' : open == '[' ? ']' : '}';
    if (close != expected) {
      error(tok.loc.getPointer(),
            llvm::Twine("closing bracket '") + llvm::Twine(close) +
                "' does not match opening bracket '" + llvm::Twine(open) + "'");
      diags.note(Loc::getFromPointer(brackets.back().pos),
                 llvm::Twine("'") + llvm::Twine(open) + "' opened here");
      return false;
    }
    brackets.pop_back();
    break;
  }
  default:
    break;
  }
  pushToken(tokens, std::move(tok));
  return true;
}

bool Lexer::lexNameOrString(std::vector<Token> &tokens) {
  const char *start = cur;
  while (unsigned len = identCharLength(cur))
    cur += len;
  llvm::StringRef text(start, cur - start);
  if (cur < end && (*cur == '\'' || *cur == '"') && isStringPrefix(text)) {
    Token tok;
    if (!lexString(tok, start, text))
      return false;
    pushToken(tokens, std::move(tok));
    return true;
  }
  Token tok;
  tok.kind = keywordKind(text);
  tok.loc = Loc::getFromPointer(start);
  tok.spelling = text;
  pushToken(tokens, std::move(tok));
  return true;
}

bool Lexer::lexNumber(Token &tok) {
  const char *start = cur;
  tok.loc = Loc::getFromPointer(start);

  // Scans digits accepted by `isValid`, with single underscores between
  // them (and, after a 0x/0o/0b prefix, before the first one); returns false
  // after an error on a misplaced underscore or a missing digit.
  auto scanDigits = [&](auto isValid, bool allowLeadingUnderscore,
                        const char *what) -> bool {
    bool any = false;
    while (cur < end) {
      if (*cur == '_') {
        if ((!any && !allowLeadingUnderscore) || cur + 1 >= end ||
            !isValid(cur[1]))
          return error(cur, llvm::Twine("invalid ") + what + " literal");
        ++cur;
        continue;
      }
      if (!isValid(*cur))
        break;
      any = true;
      ++cur;
    }
    if (!any)
      return error(cur, llvm::Twine("invalid ") + what + " literal");
    return true;
  };

  if (*cur == '0' && cur + 1 < end &&
      (cur[1] == 'x' || cur[1] == 'X' || cur[1] == 'o' || cur[1] == 'O' ||
       cur[1] == 'b' || cur[1] == 'B')) {
    char kindChar = static_cast<char>(cur[1] | 0x20);
    unsigned radix = kindChar == 'x' ? 16 : kindChar == 'o' ? 8 : 2;
    const char *what = radix == 16  ? "hexadecimal"
                       : radix == 8 ? "octal"
                                    : "binary";
    cur += 2;
    const char *digitsStart = cur;
    bool ok;
    if (radix == 16)
      ok = scanDigits([](char c) { return hexValue(c) >= 0; }, true, what);
    else if (radix == 8)
      ok = scanDigits([](char c) { return c >= '0' && c <= '7'; }, true, what);
    else
      ok = scanDigits([](char c) { return c == '0' || c == '1'; }, true, what);
    if (!ok)
      return false;
    if (cur < end && (isDigit(*cur) || identCharLength(cur)))
      return error(cur, llvm::Twine("invalid digit '") + llvm::Twine(*cur) +
                            "' in " + what + " literal");
    bool overflow = false;
    PyInt value = 0;
    for (const char *p = digitsStart; p < cur; ++p)
      if (*p != '_')
        overflow |= accumulateDigit(value, radix, hexValue(*p));
    tok.kind = TokenKind::Int;
    tok.spelling = llvm::StringRef(start, cur - start);
    tok.intTooLarge = overflow;
    tok.intValue = overflow ? 0 : value;
    return true;
  }

  bool isFloat = false;
  if (*cur != '.') {
    if (!scanDigits(isDigit, false, "decimal"))
      return false;
  }
  const char *intEnd = cur;
  if (cur < end && *cur == '.') {
    isFloat = true;
    ++cur;
    if (cur < end && isDigit(*cur)) {
      if (!scanDigits(isDigit, false, "decimal"))
        return false;
    } else if (cur < end && *cur == '_') {
      return error(cur, "invalid decimal literal");
    }
  }
  if (cur < end && (*cur == 'e' || *cur == 'E')) {
    const char *p = cur + 1;
    if (p < end && (*p == '+' || *p == '-'))
      ++p;
    if (p < end && isDigit(*p)) {
      isFloat = true;
      cur = p;
      if (!scanDigits(isDigit, false, "decimal"))
        return false;
    } else {
      return error(cur, "invalid decimal literal");
    }
  }
  tok.spelling = llvm::StringRef(start, cur - start);
  std::string clean;
  for (char ch : tok.spelling)
    if (ch != '_')
      clean += ch;
  if (cur < end && (*cur == 'j' || *cur == 'J')) {
    ++cur;
    tok.kind = TokenKind::Imaginary;
    tok.spelling = llvm::StringRef(start, cur - start);
    return true;
  }
  if (isFloat) {
    tok.kind = TokenKind::Float;
    tok.floatValue = std::strtod(clean.c_str(), nullptr);
    return true;
  }
  // A decimal integer: no leading zeros unless the value is zero.
  llvm::StringRef digits(start, intEnd - start);
  if (digits.size() > 1 && digits[0] == '0' &&
      digits.find_first_not_of("0_") != llvm::StringRef::npos)
    return error(start, "leading zeros in decimal integer literals are not "
                        "permitted; use an 0o prefix for octal integers");
  bool overflow = false;
  PyInt value = 0;
  for (char ch : clean)
    overflow |= accumulateDigit(value, 10, ch - '0');
  tok.kind = TokenKind::Int;
  tok.intTooLarge = overflow;
  tok.intValue = overflow ? 0 : value;
  return true;
}

bool Lexer::lexString(Token &tok, const char *start, llvm::StringRef prefix) {
  std::string lower = prefix.lower();
  bool raw = lower.find('r') != std::string::npos;
  bool isBytes = lower.find('b') != std::string::npos;
  bool isF = lower.find('f') != std::string::npos ||
             lower.find('t') != std::string::npos;
  char quote = *cur;
  bool triple = cur + 2 < end && cur[1] == quote && cur[2] == quote;
  cur += triple ? 3 : 1;
  const char *contentStart = cur;
  tok.kind = TokenKind::String;
  tok.loc = Loc::getFromPointer(start);
  tok.isBytes = isBytes;
  tok.isFString = isF;
  if (isF) {
    if (!skipFString(quote, triple, raw, start, 0))
      return false;
    tok.spelling = llvm::StringRef(start, cur - start);
    return true;
  }
  if (!skipPlainString(quote, triple, raw, start))
    return false;
  const char *contentEnd = cur - (triple ? 3 : 1);
  tok.spelling = llvm::StringRef(start, cur - start);
  if (raw) {
    tok.stringValue.assign(contentStart, contentEnd);
    // Normalize line endings inside the literal, as Python does.
    std::string normalized;
    for (size_t i = 0; i < tok.stringValue.size(); ++i) {
      char ch = tok.stringValue[i];
      if (ch == '\r') {
        normalized += '\n';
        if (i + 1 < tok.stringValue.size() && tok.stringValue[i + 1] == '\n')
          ++i;
      } else {
        normalized += ch;
      }
    }
    tok.stringValue = std::move(normalized);
    return true;
  }
  return decodeString(contentStart, contentEnd, isBytes, tok.stringValue);
}

bool Lexer::skipPlainString(char quote, bool triple, bool raw,
                            const char *start) {
  (void)raw; // A backslash protects the next character in raw strings too.
  while (true) {
    if (cur >= end)
      return error(start, triple ? "unterminated triple-quoted string literal"
                                 : "unterminated string literal");
    char c = *cur;
    if (c == '\\') {
      ++cur;
      if (cur >= end)
        continue; // Reported as unterminated above.
      if (*cur == '\r' && cur + 1 < end && cur[1] == '\n')
        ++cur;
      ++cur;
      continue;
    }
    if (!triple && (c == '\n' || c == '\r'))
      return error(start, "unterminated string literal");
    if (c == quote) {
      if (!triple) {
        ++cur;
        return true;
      }
      if (cur + 2 < end && cur[1] == quote && cur[2] == quote) {
        cur += 3;
        return true;
      }
    }
    ++cur;
  }
}

bool Lexer::skipFString(char quote, bool triple, bool raw, const char *start,
                        unsigned nesting) {
  (void)raw; // Raw f-strings are scanned alike: only the end matters.
  // Replacement fields are scanned just enough to find the string's end:
  // brackets are counted, nested strings (Python 3.12 allows the same quote
  // again) are skipped, and a ':' at bracket depth 0 starts a format
  // specification that may hold further fields.
  if (nesting > 16)
    return error(start, "f-string nested too deeply");
  struct Field {
    unsigned brackets = 0;
    bool inSpec = false;
  };
  std::vector<Field> fields;
  auto unterminated = [&]() {
    return error(start, triple ? "unterminated triple-quoted f-string"
                               : "unterminated f-string");
  };
  while (true) {
    if (cur >= end)
      return unterminated();
    char c = *cur;
    bool inText = fields.empty() || fields.back().inSpec;
    if (inText) {
      if (c == '\\') {
        // A backslash protects the next character, except braces, which
        // still open and close replacement fields.
        ++cur;
        if (cur < end && *cur != '{' && *cur != '}')
          ++cur;
        continue;
      }
      if (!triple && (c == '\n' || c == '\r'))
        return unterminated();
      if (c == quote) {
        if (!triple) {
          ++cur;
          return true;
        }
        if (cur + 2 < end && cur[1] == quote && cur[2] == quote) {
          cur += 3;
          return true;
        }
        ++cur;
        continue;
      }
      if (c == '{') {
        if (fields.empty() && cur + 1 < end && cur[1] == '{') {
          cur += 2;
          continue;
        }
        if (fields.size() >= kMaxBracketDepth)
          return error(cur, "f-string nested too deeply");
        fields.push_back(Field());
        ++cur;
        continue;
      }
      if (c == '}') {
        if (fields.empty()) {
          cur += (cur + 1 < end && cur[1] == '}') ? 2 : 1;
          continue;
        }
        fields.pop_back();
        ++cur;
        continue;
      }
      ++cur;
      continue;
    }
    // Inside a replacement field's expression.
    Field &field = fields.back();
    if (c == '\'' || c == '"') {
      char q = c;
      bool tri = cur + 2 < end && cur[1] == q && cur[2] == q;
      const char *s = cur;
      cur += tri ? 3 : 1;
      if (!skipPlainString(q, tri, false, s))
        return false;
      continue;
    }
    if (identCharLength(cur) && !isDigit(c)) {
      const char *s = cur;
      while (unsigned len = identCharLength(cur))
        cur += len;
      llvm::StringRef word(s, cur - s);
      if (cur < end && (*cur == '\'' || *cur == '"') && isStringPrefix(word)) {
        std::string lower = word.lower();
        char q = *cur;
        bool tri = cur + 2 < end && cur[1] == q && cur[2] == q;
        cur += tri ? 3 : 1;
        bool nestedRaw = lower.find('r') != std::string::npos;
        bool ok = (lower.find('f') != std::string::npos ||
                   lower.find('t') != std::string::npos)
                      ? skipFString(q, tri, nestedRaw, s, nesting + 1)
                      : skipPlainString(q, tri, nestedRaw, s);
        if (!ok)
          return false;
      }
      continue;
    }
    if (c == '\\') {
      ++cur;
      if (cur < end)
        ++cur;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      if (field.brackets >= kMaxBracketDepth)
        return error(cur, "too many nested parentheses");
      ++field.brackets;
    } else if (c == ')' || c == ']') {
      if (field.brackets > 0)
        --field.brackets;
    } else if (c == '}') {
      if (field.brackets > 0) {
        --field.brackets;
      } else {
        fields.pop_back();
      }
    } else if (c == ':' && field.brackets == 0) {
      field.inSpec = true;
    } else if (!triple && (c == '\n' || c == '\r') && field.brackets == 0) {
      return unterminated();
    }
    ++cur;
  }
}

bool Lexer::decodeString(const char *begin, const char *stop, bool isBytes,
                         std::string &out) {
  for (const char *p = begin; p < stop;) {
    char c = *p;
    if (c == '\r') {
      out += '\n';
      p += (p + 1 < stop && p[1] == '\n') ? 2 : 1;
      continue;
    }
    if (c != '\\') {
      out += c;
      ++p;
      continue;
    }
    const char *esc = p;
    ++p;
    if (p >= stop) {
      out += '\\';
      break;
    }
    char e = *p++;
    switch (e) {
    case '\n':
      break; // Backslash-newline continues the literal on the next line.
    case '\r':
      if (p < stop && *p == '\n')
        ++p;
      break;
    case '\\':
      out += '\\';
      break;
    case '\'':
      out += '\'';
      break;
    case '"':
      out += '"';
      break;
    case 'a':
      out += '\a';
      break;
    case 'b':
      out += '\b';
      break;
    case 'f':
      out += '\f';
      break;
    case 'n':
      out += '\n';
      break;
    case 'r':
      out += '\r';
      break;
    case 't':
      out += '\t';
      break;
    case 'v':
      out += '\v';
      break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      unsigned value = static_cast<unsigned>(e - '0');
      for (int i = 0; i < 2 && p < stop && *p >= '0' && *p <= '7'; ++i, ++p)
        value = value * 8 + static_cast<unsigned>(*p - '0');
      if (isBytes)
        out += static_cast<char>(value & 0xFF);
      else
        appendUTF8(value, out);
      break;
    }
    case 'x': {
      if (stop - p < 2 || hexValue(p[0]) < 0 || hexValue(p[1]) < 0)
        return error(esc, "invalid \\x escape: expected two hexadecimal "
                          "digits");
      unsigned value =
          static_cast<unsigned>(hexValue(p[0]) * 16 + hexValue(p[1]));
      p += 2;
      if (isBytes)
        out += static_cast<char>(value);
      else
        appendUTF8(value, out);
      break;
    }
    case 'u':
    case 'U': {
      if (isBytes) {
        out += '\\';
        out += e;
        break;
      }
      int n = e == 'u' ? 4 : 8;
      if (stop - p < n)
        return error(esc, llvm::Twine("invalid \\") + llvm::Twine(e) +
                              " escape: expected " + llvm::Twine(n) +
                              " hexadecimal digits");
      uint32_t value = 0;
      for (int i = 0; i < n; ++i) {
        int d = hexValue(p[i]);
        if (d < 0)
          return error(esc, llvm::Twine("invalid \\") + llvm::Twine(e) +
                                " escape: expected " + llvm::Twine(n) +
                                " hexadecimal digits");
        value = value * 16 + static_cast<uint32_t>(d);
      }
      if (value > 0x10FFFF)
        return error(esc, "invalid \\U escape: code point out of range");
      p += n;
      appendUTF8(value, out);
      break;
    }
    default:
      // Unknown escapes (and \N{...}) are kept as written.
      out += '\\';
      out += e;
      break;
    }
  }
  return true;
}

bool Lexer::lexOperator(Token &tok) {
  const char *start = cur;
  auto rest = [&](size_t i) -> char { return start + i < end ? start[i] : 0; };
  char c0 = rest(0), c1 = rest(1), c2 = rest(2);
  TokenKind kind;
  unsigned len = 1;
  switch (c0) {
  case '+':
    kind = c1 == '=' ? (len = 2, TokenKind::PlusEqual) : TokenKind::Plus;
    break;
  case '-':
    if (c1 == '=')
      kind = (len = 2, TokenKind::MinusEqual);
    else if (c1 == '>')
      kind = (len = 2, TokenKind::Arrow);
    else
      kind = TokenKind::Minus;
    break;
  case '*':
    if (c1 == '*')
      kind = c2 == '=' ? (len = 3, TokenKind::DoubleStarEqual)
                       : (len = 2, TokenKind::DoubleStar);
    else if (c1 == '=')
      kind = (len = 2, TokenKind::StarEqual);
    else
      kind = TokenKind::Star;
    break;
  case '/':
    if (c1 == '/')
      kind = c2 == '=' ? (len = 3, TokenKind::DoubleSlashEqual)
                       : (len = 2, TokenKind::DoubleSlash);
    else if (c1 == '=')
      kind = (len = 2, TokenKind::SlashEqual);
    else
      kind = TokenKind::Slash;
    break;
  case '%':
    kind = c1 == '=' ? (len = 2, TokenKind::PercentEqual) : TokenKind::Percent;
    break;
  case '<':
    if (c1 == '<')
      kind = c2 == '=' ? (len = 3, TokenKind::LeftShiftEqual)
                       : (len = 2, TokenKind::LeftShift);
    else if (c1 == '=')
      kind = (len = 2, TokenKind::LessEqual);
    else
      kind = TokenKind::Less;
    break;
  case '>':
    if (c1 == '>')
      kind = c2 == '=' ? (len = 3, TokenKind::RightShiftEqual)
                       : (len = 2, TokenKind::RightShift);
    else if (c1 == '=')
      kind = (len = 2, TokenKind::GreaterEqual);
    else
      kind = TokenKind::Greater;
    break;
  case '&':
    kind = c1 == '=' ? (len = 2, TokenKind::AmpEqual) : TokenKind::Amp;
    break;
  case '|':
    kind = c1 == '=' ? (len = 2, TokenKind::PipeEqual) : TokenKind::Pipe;
    break;
  case '^':
    kind = c1 == '=' ? (len = 2, TokenKind::CaretEqual) : TokenKind::Caret;
    break;
  case '~':
    kind = TokenKind::Tilde;
    break;
  case '@':
    kind = c1 == '=' ? (len = 2, TokenKind::AtEqual) : TokenKind::At;
    break;
  case '=':
    kind = c1 == '=' ? (len = 2, TokenKind::EqEqual) : TokenKind::Equal;
    break;
  case '!':
    if (c1 != '=')
      return error(start, "invalid syntax: '!' is only valid in '!='");
    kind = (len = 2, TokenKind::NotEqual);
    break;
  case ':':
    kind = c1 == '=' ? (len = 2, TokenKind::ColonEqual) : TokenKind::Colon;
    break;
  case '(':
    kind = TokenKind::LParen;
    break;
  case ')':
    kind = TokenKind::RParen;
    break;
  case '[':
    kind = TokenKind::LSquare;
    break;
  case ']':
    kind = TokenKind::RSquare;
    break;
  case '{':
    kind = TokenKind::LBrace;
    break;
  case '}':
    kind = TokenKind::RBrace;
    break;
  case ',':
    kind = TokenKind::Comma;
    break;
  case ';':
    kind = TokenKind::Semicolon;
    break;
  case '.':
    if (c1 == '.' && c2 == '.')
      kind = (len = 3, TokenKind::Ellipsis);
    else
      kind = TokenKind::Dot;
    break;
  default:
    return error(start, "invalid character " + describeChar(start, end) +
                            " in source");
  }
  cur = start + len;
  tok.kind = kind;
  tok.loc = Loc::getFromPointer(start);
  tok.spelling = llvm::StringRef(start, len);
  return true;
}
