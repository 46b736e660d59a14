//===- main.cpp - tkc-launcher-gen: metadata.json files to C
//---------------===//
//
// tkc-launcher-gen --name NAME [--grid "X, Y, Z"] [--manifest M.json]
//   [--no-compress] [--report FILE]
//   --header NAME.h --source NAME.c META.json [META.json...]
// reads each variant's metadata (and its binary), checks them, and writes the
// C launcher pair (and the variants report). It warns on stderr of every
// variant that spills registers. On any error it prints
// "tkc-launcher-gen: error: ..." and exits 1 without writing any file.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/BlobPacks.h"
#include "launcher_gen/LauncherEmitter.h"
#include "launcher_gen/Metadata.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace tkc::launcher;

namespace {

llvm::cl::OptionCategory category("tkc-launcher-gen options");

llvm::cl::opt<std::string>
    nameOption("name", llvm::cl::Required, llvm::cl::cat(category),
               llvm::cl::desc("Name of the C API function and of the files"),
               llvm::cl::value_desc("NAME"));
llvm::cl::opt<std::string> manifestOption(
    "manifest", llvm::cl::cat(category),
    llvm::cl::desc("The kernel's manifest (docs/manifest.md): config "
                   "numbering, tuning key, tuned table, restore buffers"),
    llvm::cl::value_desc("MANIFEST.json"));
llvm::cl::opt<std::string> gridOption(
    "grid", llvm::cl::cat(category),
    llvm::cl::desc("Launch grid: 1 to 3 comma-separated integer expressions "
                   "over parameters and constexprs; cdiv(a, b) available "
                   "(default: the manifest's)"),
    llvm::cl::value_desc("\"X, Y, Z\""));
llvm::cl::opt<std::string> headerOption("header", llvm::cl::Required,
                                        llvm::cl::cat(category),
                                        llvm::cl::desc("The header to write"),
                                        llvm::cl::value_desc("NAME.h"));
llvm::cl::opt<std::string> sourceOption("source", llvm::cl::Required,
                                        llvm::cl::cat(category),
                                        llvm::cl::desc("The C source to write"),
                                        llvm::cl::value_desc("NAME.c"));
llvm::cl::opt<bool> noCompressOption(
    "no-compress", llvm::cl::cat(category),
    llvm::cl::desc("Embed each binary as it is, not in zstd frames"));
llvm::cl::opt<unsigned> maxPackBytesOption(
    "max-pack-bytes", llvm::cl::cat(category), llvm::cl::Hidden,
    llvm::cl::init(kMaxPackBytes),
    llvm::cl::desc("A vendor's binaries above this many bytes get zstd "
                   "frames per architecture, and no frame holds more than "
                   "this many bytes but for one larger binary alone"),
    llvm::cl::value_desc("N"));
llvm::cl::opt<std::string> reportOption(
    "report", llvm::cl::cat(category),
    llvm::cl::desc("Also write the variants report: bytes per target, before "
                   "and after compression, registers, spills, shared memory"),
    llvm::cl::value_desc("FILE"));
llvm::cl::list<std::string> inputs(llvm::cl::Positional, llvm::cl::OneOrMore,
                                   llvm::cl::cat(category),
                                   llvm::cl::desc("<metadata.json>..."));

int fail(const llvm::Twine &message) {
  llvm::errs() << "tkc-launcher-gen: error: " << message << "\n";
  return 1;
}

/// Writes `text` to `path` through a temporary file renamed into place.
llvm::Error writeFile(llvm::StringRef path, llvm::StringRef text) {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << text;
    return llvm::Error::success();
  });
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "tkc-launcher-gen: writes the C launcher (NAME.h + NAME.c) of a kernel "
      "from the metadata.json of each compiled variant\n");

  std::optional<Manifest> manifest;
  if (!manifestOption.empty()) {
    llvm::Expected<Manifest> read = readManifest(manifestOption);
    if (!read)
      return fail(llvm::toString(read.takeError()));
    manifest = std::move(*read);
  }
  std::string grid = gridOption;
  if (grid.empty() && manifest)
    grid = manifest->grid;
  if (grid.empty())
    return fail("--grid is required without --manifest");

  std::vector<Variant> variants;
  for (const std::string &input : inputs) {
    llvm::Expected<Variant> variant = readVariant(input);
    if (!variant)
      return fail(llvm::toString(variant.takeError()));
    variants.push_back(std::move(*variant));
  }
  llvm::Expected<GeneratedLauncher> generated = generateLauncher(
      nameOption, grid, variants, llvm::sys::path::filename(headerOption),
      manifest ? &*manifest : nullptr,
      BlobOptions{!noCompressOption, maxPackBytesOption});
  if (!generated)
    return fail(llvm::toString(generated.takeError()));
  for (const Variant &variant : variants) {
    std::string what;
    if (variantSpills(variant, what))
      llvm::errs() << "tkc-launcher-gen: warning: " << variant.path << ": the "
                   << variant.target.arch << " variant of " << variant.kernel
                   << " spills " << what << " to memory\n";
  }
  if (!reportOption.empty())
    if (llvm::Error error = writeFile(reportOption, generated->report))
      return fail(llvm::toString(std::move(error)));
  if (llvm::Error error = writeFile(headerOption, generated->header))
    return fail(llvm::toString(std::move(error)));
  if (llvm::Error error = writeFile(sourceOption, generated->source))
    return fail(llvm::toString(std::move(error)));
  return 0;
}
