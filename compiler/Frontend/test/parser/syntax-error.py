# RUN: not tkc compile %s --kernel stray_token --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# Syntax errors: each @jit function reports its first error, at the
# offending token, with the source line and a caret; host code is not
# checked.
import triton


def host_code_is_not_checked(x):
    return x = = 1


@triton.jit
def stray_token(x):
    y = x x
    z = = 2
# CHECK: syntax-error.py:[[@LINE-2]]:11: error: invalid syntax: unexpected name 'x'
# CHECK-NEXT: {{^}}    y = x x{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NOT: syntax-error.py:[[@LINE-4]]


@triton.jit
def missing_operand(x):
    return tl.load(x, mask=)
# CHECK: syntax-error.py:[[@LINE-1]]:28: error: expected an expression, found ')'
# CHECK-NEXT: {{^}}    return tl.load(x, mask=){{$}}
# CHECK-NEXT: {{^}}                           ^{{$}}


@triton.jit
def incomplete(x):
    y = x +
# CHECK: syntax-error.py:[[@LINE-1]]:12: error: expected an expression


@triton.jit
def bad_target(x):
    x + 1 = 2
# CHECK: syntax-error.py:[[@LINE-1]]:5: error: cannot assign to expression


@triton.jit
def keyword_order(x):
    tl.store(x, mask=None, 1)
# CHECK: syntax-error.py:[[@LINE-1]]:28: error: positional argument follows keyword argument
# CHECK-NOT: error:
