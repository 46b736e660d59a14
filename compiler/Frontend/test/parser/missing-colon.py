# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# A compound statement header without its ':'; the error points at the end
# of the header, not at the indented block that follows.
import triton


@triton.jit
def if_without_colon(x):
    if x > 0
        x = 1
# CHECK: missing-colon.py:[[@LINE-2]]:13: error: expected ':' after 'if' condition
# CHECK-NEXT: {{^}}    if x > 0{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}


@triton.jit
def for_without_colon(x):
    for i in range(4)
        x += i
# CHECK: missing-colon.py:[[@LINE-2]]:22: error: expected ':' after 'for' loop header


@triton.jit
def else_without_colon(x):
    while x < 4:
        x += 1
    else
        pass
# CHECK: missing-colon.py:[[@LINE-2]]:9: error: expected ':' after 'else'


@triton.jit
def def_without_colon(x) -> int
    return x
# CHECK: missing-colon.py:[[@LINE-2]]:32: error: expected ':' after the function signature
