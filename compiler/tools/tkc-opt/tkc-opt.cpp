//===- tkc-opt.cpp - Runs tkc passes and pipelines on .mlir files ---------===//
//
// The mlir-opt of tkc: parses IR in any dialect tkc uses, runs the passes or
// named pipelines given on the command line, and prints the result. Anything
// the tkc driver does to IR can be reproduced here.
//
//===----------------------------------------------------------------------===//

#include "backends/RegisterAllBackends.h"
#include "compiler/Pipelines/Pipelines.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include <cstdlib>
#include <unistd.h>

int main(int argc, char **argv) {
  // Under `bazel run`, resolve relative paths against the user's directory.
  if (const char *dir = std::getenv("BUILD_WORKING_DIRECTORY"))
    (void)chdir(dir);
  tkc::registerAllBackends();
  mlir::DialectRegistry registry;
  mlir::tkc::registerTKCDialects(registry);
  mlir::tkc::registerTKCPassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tkc optimizer driver\n", registry));
}
