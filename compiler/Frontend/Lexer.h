//===- Lexer.h - Tokenizer for the Triton-language Python subset -*- C++
//-*-===//
//
// Splits a kernel file into Python tokens: NEWLINE, INDENT and DEDENT from
// an indentation stack, names and keywords, numbers, strings (with escapes
// decoded; f-strings are scanned and flagged, not decoded), operators and
// delimiters. Lines are joined inside brackets and after a backslash.
// Lexical errors (bad indentation, unterminated strings, invalid
// characters, unclosed brackets, inconsistent dedents) are reported through
// Diagnostics with their position, and end tokenization. Whether an INDENT
// is expected is left to the parser.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_LEXER_H
#define TKC_FRONTEND_LEXER_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Diagnostics.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tkc::frontend {

/// The kinds of Python tokens.
enum class TokenKind {
  EndOfFile,
  Newline,
  Indent,
  Dedent,
  Name,
  Int,
  Float,
  Imaginary,
  String,

  // Keywords.
  kw_False,
  kw_None,
  kw_True,
  kw_and,
  kw_as,
  kw_assert,
  kw_async,
  kw_await,
  kw_break,
  kw_class,
  kw_continue,
  kw_def,
  kw_del,
  kw_elif,
  kw_else,
  kw_except,
  kw_finally,
  kw_for,
  kw_from,
  kw_global,
  kw_if,
  kw_import,
  kw_in,
  kw_is,
  kw_lambda,
  kw_nonlocal,
  kw_not,
  kw_or,
  kw_pass,
  kw_raise,
  kw_return,
  kw_try,
  kw_while,
  kw_with,
  kw_yield,

  // Operators.
  Plus,             // +
  Minus,            // -
  Star,             // *
  Slash,            // /
  DoubleSlash,      // //
  Percent,          // %
  DoubleStar,       // **
  LeftShift,        // <<
  RightShift,       // >>
  Amp,              // &
  Pipe,             // |
  Caret,            // ^
  Tilde,            // ~
  At,               // @
  Less,             // <
  Greater,          // >
  LessEqual,        // <=
  GreaterEqual,     // >=
  EqEqual,          // ==
  NotEqual,         // !=
  Arrow,            // ->
  ColonEqual,       // :=
  Equal,            // =
  PlusEqual,        // +=
  MinusEqual,       // -=
  StarEqual,        // *=
  SlashEqual,       // /=
  DoubleSlashEqual, // //=
  PercentEqual,     // %=
  DoubleStarEqual,  // **=
  LeftShiftEqual,   // <<=
  RightShiftEqual,  // >>=
  AmpEqual,         // &=
  PipeEqual,        // |=
  CaretEqual,       // ^=
  AtEqual,          // @=

  // Delimiters.
  LParen,    // (
  RParen,    // )
  LSquare,   // [
  RSquare,   // ]
  LBrace,    // {
  RBrace,    // }
  Comma,     // ,
  Colon,     // :
  Semicolon, // ;
  Dot,       // .
  Ellipsis,  // ...
};

/// The token's fixed spelling (`'('`, `'def'`) or a description of its
/// class (`name`, `end of line`), for messages.
std::string describeTokenKind(TokenKind kind);

/// One token. `spelling` is the token's text in the buffer (empty for
/// NEWLINE at end of file, INDENT, DEDENT and EOF).
struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  /// Position of the token's first character; for INDENT/DEDENT the first
  /// character of the line, for EOF the end of the buffer.
  Loc loc;
  llvm::StringRef spelling;

  /// Int: the value; valid unless `intTooLarge`.
  PyInt intValue = 0;
  /// Int: the literal does not fit in a PyInt (the parser reports it, so
  /// that host code with such literals can still be skipped).
  bool intTooLarge = false;
  /// Float: the value.
  double floatValue = 0.0;
  /// String: the decoded contents (empty for f-strings).
  std::string stringValue;
  /// String: an f-string (or t-string); its contents are not decoded.
  bool isFString = false;
  /// String: a bytes literal (`b'...'`).
  bool isBytes = false;

  bool is(TokenKind k) const { return kind == k; }
  bool isKeyword() const {
    return kind >= TokenKind::kw_False && kind <= TokenKind::kw_yield;
  }
};

/// Tokenizes one SourceMgr buffer.
class Lexer {
public:
  Lexer(unsigned bufferId, Diagnostics &diags);
  /// Tokenizes [begin, end) of a buffer already open in `diags`' SourceMgr
  /// (an f-string's replacement field) as if it stood alone on a line.
  Lexer(const char *begin, const char *end, Diagnostics &diags);

  /// Appends the buffer's tokens to `tokens`, always ending with EndOfFile.
  /// Returns false after reporting the first lexical error; the tokens
  /// before it are kept.
  bool tokenize(std::vector<Token> &tokens);

  /// Appends the text of string contents [begin, end) to `out` with its
  /// escapes decoded as Python decodes them (bytes' escapes if `isBytes`);
  /// false after reporting a malformed escape. The parser uses it for the
  /// literal text of f-strings.
  bool decodeString(const char *begin, const char *end, bool isBytes,
                    std::string &out);

  /// Deepest bracket nesting accepted, as in CPython.
  static constexpr unsigned kMaxBracketDepth = 200;
  /// Deepest indentation nesting accepted, as in CPython.
  static constexpr unsigned kMaxIndentDepth = 100;

private:
  struct OpenBracket {
    char ch;
    const char *pos;
  };

  bool lexLineStart(std::vector<Token> &tokens, bool &stop);
  bool lexToken(std::vector<Token> &tokens);
  bool lexNumber(Token &tok);
  bool lexString(Token &tok, const char *start, llvm::StringRef prefix);
  bool skipFString(char quote, bool triple, bool raw, const char *start,
                   unsigned nesting);
  bool skipPlainString(char quote, bool triple, bool raw, const char *start);
  bool lexNameOrString(std::vector<Token> &tokens);
  bool lexOperator(Token &tok);
  bool finish(std::vector<Token> &tokens);
  void pushToken(std::vector<Token> &tokens, Token tok);
  bool error(const char *pos, const llvm::Twine &message);
  bool atNewline(const char *p) const;
  /// Length of the UTF-8 sequence at `p` if it is an identifier character
  /// (0 otherwise).
  unsigned identCharLength(const char *p) const;

  Diagnostics &diags;
  const char *bufStart;
  const char *cur;
  const char *end;
  std::vector<unsigned> indents;
  std::vector<OpenBracket> brackets;
  /// Tokens were produced on the current logical line.
  bool lineHasTokens = false;
};

} // namespace tkc::frontend

#endif // TKC_FRONTEND_LEXER_H
