//===- Template.cpp - Filling the launcher's C template files -------------===//
//
// Renders templates/*.in: splits the text into lines, expands @for/@end
// blocks recursively with a chain of scopes, and substitutes @KEY@ on every
// other line.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/Template.h"

#include "launcher_gen/Metadata.h"

#include "llvm/ADT/SmallVector.h"

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

/// Renders one template; scopes are searched innermost first.
class Renderer {
public:
  Renderer(StringRef name, StringRef text) : name(name) {
    text.split(lines, '\n');
  }

  llvm::Error render(size_t begin, size_t end,
                     llvm::SmallVectorImpl<const TemplateValues *> &scopes,
                     std::string &out) {
    for (size_t i = begin; i < end; ++i) {
      StringRef line = lines[i];
      StringRef directive = line.trim();
      if (directive.starts_with("@for ") && directive.ends_with("@") &&
          directive.size() > 6) {
        StringRef list = directive.drop_front(5).drop_back().trim();
        size_t close = findEnd(i);
        if (close == lines.size())
          return fail(i, "@for " + list + "@ has no @end@");
        const std::vector<TemplateValues> *items = findList(list, scopes);
        if (!items)
          return fail(i, "unknown list '" + list + "'");
        for (const TemplateValues &item : *items) {
          scopes.push_back(&item);
          if (llvm::Error error = render(i + 1, close, scopes, out))
            return error;
          scopes.pop_back();
        }
        i = close;
        continue;
      }
      if (directive == "@end@")
        return fail(i, "@end@ without @for");
      if (llvm::Error error = substitute(i, line, scopes, out))
        return error;
      if (i + 1 < lines.size())
        out += '\n';
    }
    return llvm::Error::success();
  }

  size_t size() const { return lines.size(); }

private:
  llvm::Error fail(size_t line, const llvm::Twine &message) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "template " + name + ":" +
                                       llvm::Twine(line + 1) + ": " + message);
  }

  /// The index of the @end@ closing the @for on line `open`, or size().
  size_t findEnd(size_t open) const {
    int depth = 0;
    for (size_t i = open + 1; i < lines.size(); ++i) {
      StringRef directive = lines[i].trim();
      if (directive.starts_with("@for "))
        ++depth;
      else if (directive == "@end@" && depth-- == 0)
        return i;
    }
    return lines.size();
  }

  static const std::vector<TemplateValues> *
  findList(StringRef key, llvm::ArrayRef<const TemplateValues *> scopes) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto found = (*it)->lists.find(key.str());
      if (found != (*it)->lists.end())
        return &found->second;
    }
    return nullptr;
  }

  static const std::string *
  findScalar(StringRef key, llvm::ArrayRef<const TemplateValues *> scopes) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto found = (*it)->scalars.find(key.str());
      if (found != (*it)->scalars.end())
        return &found->second;
    }
    return nullptr;
  }

  llvm::Error substitute(size_t index, StringRef line,
                         llvm::ArrayRef<const TemplateValues *> scopes,
                         std::string &out) const {
    while (true) {
      size_t open = line.find('@');
      if (open == StringRef::npos) {
        out += line.str();
        return llvm::Error::success();
      }
      size_t close = line.find('@', open + 1);
      StringRef key =
          close == StringRef::npos ? StringRef() : line.slice(open + 1, close);
      if (!isCIdentifier(key))
        return fail(index, "a '@' that does not start a @KEY@");
      const std::string *value = findScalar(key, scopes);
      if (!value)
        return fail(index, "unknown key '" + key + "'");
      out += line.take_front(open).str();
      out += *value;
      line = line.drop_front(close + 1);
    }
  }

  std::string name;
  llvm::SmallVector<StringRef, 0> lines;
};

} // namespace

llvm::Expected<std::string>
tkc::launcher::renderTemplate(StringRef name, StringRef text,
                              const TemplateValues &values) {
  Renderer renderer(name, text);
  llvm::SmallVector<const TemplateValues *, 4> scopes = {&values};
  std::string out;
  if (llvm::Error error = renderer.render(0, renderer.size(), scopes, out))
    return error;
  return out;
}
