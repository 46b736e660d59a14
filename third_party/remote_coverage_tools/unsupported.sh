#!/bin/sh
# Stands in for Bazel's coverage tools, which this offline workspace lacks.
echo "bazel coverage is not supported in tkc's offline workspace" >&2
exit 1
