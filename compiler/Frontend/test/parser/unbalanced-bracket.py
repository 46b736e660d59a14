# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# RUN: not tkc compile %S/inputs/unmatched-bracket.py --kernel k --emit=ast 2>&1 | FileCheck %s --check-prefix=UNMATCHED
# RUN: not tkc compile %S/inputs/mismatched-bracket.py --kernel k --emit=ast 2>&1 | FileCheck %s --check-prefix=MISMATCHED
# A bracket left open until the end of the file (the statement never ends):
# the error points at the opening bracket.
import triton


@triton.jit
def k(x):
    y = tl.load(x + tl.arange(0, 16)
    return y
# CHECK: unbalanced-bracket.py:[[@LINE-2]]:16: error: unexpected end of file: '(' was never closed
# CHECK-NEXT: {{^}}    y = tl.load(x + tl.arange(0, 16){{$}}
# CHECK-NEXT: {{^}}               ^{{$}}

# UNMATCHED: unmatched-bracket.py:4:19: error: unmatched ')'

# MISMATCHED: mismatched-bracket.py:4:37: error: closing bracket ')' does not match opening bracket '['
# MISMATCHED: mismatched-bracket.py:4:21: note: '[' opened here
