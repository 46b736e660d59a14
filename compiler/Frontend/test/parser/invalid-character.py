# RUN: not tkc compile %s --kernel k --emit=ast 2>&1 | FileCheck %s --strict-whitespace
# RUN: not tkc compile %S/inputs/smart-quote.py --kernel k --emit=ast 2>&1 | FileCheck %s --check-prefix=QUOTE
# A character that is not part of Python's syntax.
import triton


@triton.jit
def k(x):
    return x $ 2
# CHECK: invalid-character.py:[[@LINE-1]]:14: error: invalid character '$' (U+0024) in source
# CHECK-NEXT: {{^}}    return x $ 2{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}

# QUOTE: smart-quote.py:4:21: error: invalid character '“' (U+201C) in source
