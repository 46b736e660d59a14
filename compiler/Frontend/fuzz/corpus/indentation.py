# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# Indentation errors the parser reports: a block where none may start, and
# a header with no indented block after it.
import triton


@triton.jit
def unexpected_indent(x):
    y = x
        z = y
# CHECK: indentation.py:[[@LINE-1]]:9: error: unexpected indent
# CHECK-NEXT: {{^}}        z = y{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}


@triton.jit
def missing_block(x):
    for i in range(4):
    x += i
# CHECK: indentation.py:[[@LINE-1]]:5: error: expected an indented block after 'for' statement on line [[@LINE-2]]


@triton.jit
def missing_body(x):
# A comment does not count as a body.
return x
# CHECK: indentation.py:[[@LINE-1]]:1: error: expected an indented block after function definition on line [[@LINE-3]]


x = 1
    y = 2
# CHECK: indentation.py:[[@LINE-1]]:5: error: unexpected indent
