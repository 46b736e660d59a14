# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# A dedent to a column that no enclosing block has. The tokenizer reports
# it, even in host code, and nothing else is reported.
import triton


def host(x):
    if x:
        y = 1
      z = 2
# CHECK: unindent.py:[[@LINE-1]]:7: error: unindent does not match any outer indentation level
# CHECK-NEXT: {{^}}      z = 2{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NOT: error:


@triton.jit
def k(x):
    return x x
