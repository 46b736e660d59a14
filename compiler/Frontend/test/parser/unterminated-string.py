# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# RUN: not tkc compile %S/inputs/unterminated-triple.py --kernel k --emit=ast 2>&1 | FileCheck %s --check-prefix=TRIPLE
# A string literal that the end of its line (or, triple-quoted, the end of
# the file) cuts short; the error points at the opening quote.
import triton


@triton.jit
def k(x):
    tl.static_print('value: , x)
# CHECK: unterminated-string.py:[[@LINE-1]]:21: error: unterminated string literal
# CHECK-NEXT: {{^}}    tl.static_print('value: , x){{$}}
# CHECK-NEXT: {{^}}                    ^{{$}}

# TRIPLE: unterminated-triple.py:5:5: error: unterminated triple-quoted string literal
