# lit configuration for tkc's FileCheck tests. Each test runs as its own
# Bazel sh_test through third_party/llvm/lit_runner.sh, which puts the tools
# under test and LLVM's FileCheck/not on PATH before calling lit.
import os

import lit.formats

config.name = "tkc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.environ.get("TEST_TMPDIR", "/tmp/tkc-lit")
config.environment["PATH"] = os.environ["PATH"]
