//===- tkc-opt.cpp - Runs tkc passes and pipelines on .mlir files ---------===//
//
// The mlir-opt of tkc: parses IR in any dialect tkc uses, runs the passes or
// named pipelines given on the command line, and prints the result. Anything
// the tkc driver does to IR can be reproduced here.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/Pipelines.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tkc::registerTKCDialects(registry);
  mlir::tkc::registerTKCPassesAndPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tkc optimizer driver\n", registry));
}
