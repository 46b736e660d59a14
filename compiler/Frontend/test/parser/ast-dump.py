# RUN: tkc compile %s --kernel softmax_kernel --emit=ast | FileCheck %s --strict-whitespace --match-full-lines
# RUN: tkc compile %s --kernel helper --emit=ast | FileCheck %s --strict-whitespace --match-full-lines --check-prefix=HELPER
# The AST of a realistic kernel: decorators, annotated parameters, calls with
# keywords, subscripts with None and slices, a loop with augmented
# assignment, conditionals, comparisons, unary minus and power. The whole
# dump is checked, indentation included (it is the tree's shape).
import triton
import triton.language as tl

BLOCK: tl.constexpr = 128


@triton.autotune(configs=[triton.Config({'BLOCK_N': 128}, num_warps=4)], key=['n_cols'])
@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK_N: tl.constexpr = 64):
    """Row-wise softmax."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols[None, :] < n_cols
    x = tl.load(in_ptr + row * stride + cols, mask=mask, other=-float('inf'))
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for i in range(0, n_cols, BLOCK_N):
        acc += x[:, None] ** 2
    if n_cols > 0 and not mask:
        x = x - tl.max(x, axis=0)
    elif n_cols == 0:
        pass
    else:
        return
    tl.store(out_ptr + row * stride + cols, x / tl.sum(x, 0), mask=mask)


@triton.jit
def helper(a, b) -> tl.tensor:
    return a if a > b else b, -a**2


# CHECK-LABEL:FunctionDef softmax_kernel @15:5 jit
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Call @13:2
# CHECK-NEXT:      Attribute autotune @13:2 attr @13:9
# CHECK-NEXT:        Name triton @13:2
# CHECK-NEXT:      Keyword configs @13:18
# CHECK-NEXT:        List @13:26
# CHECK-NEXT:          Call @13:27
# CHECK-NEXT:            Attribute Config @13:27 attr @13:34
# CHECK-NEXT:              Name triton @13:27
# CHECK-NEXT:            Arg
# CHECK-NEXT:              Dict @13:41
# CHECK-NEXT:                Key
# CHECK-NEXT:                  Str "BLOCK_N" @13:42
# CHECK-NEXT:                Value
# CHECK-NEXT:                  Int 128 @13:53
# CHECK-NEXT:            Keyword num_warps @13:59
# CHECK-NEXT:              Int 4 @13:69
# CHECK-NEXT:      Keyword key @13:74
# CHECK-NEXT:        List @13:78
# CHECK-NEXT:          Str "n_cols" @13:79
# CHECK-NEXT:  Decorator
# CHECK-NEXT:    Attribute jit @14:2 attr @14:9
# CHECK-NEXT:      Name triton @14:2
# CHECK-NEXT:  Param out_ptr @15:20
# CHECK-NEXT:  Param in_ptr @15:29
# CHECK-NEXT:  Param stride @15:37
# CHECK-NEXT:  Param n_cols @15:45
# CHECK-NEXT:  Param BLOCK_N @15:53
# CHECK-NEXT:    Annotation
# CHECK-NEXT:      Attribute constexpr @15:62 attr @15:65
# CHECK-NEXT:        Name tl @15:62
# CHECK-NEXT:    Default
# CHECK-NEXT:      Int 64 @15:77
# CHECK-NEXT:  Expr @16:5
# CHECK-NEXT:    Str "Row-wise softmax." @16:5
# CHECK-NEXT:  Assign @17:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name row @17:5
# CHECK-NEXT:    Call @17:11
# CHECK-NEXT:      Attribute program_id @17:11 attr @17:14
# CHECK-NEXT:        Name tl @17:11
# CHECK-NEXT:      Arg
# CHECK-NEXT:        Int 0 @17:25
# CHECK-NEXT:  Assign @18:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name cols @18:5
# CHECK-NEXT:    Call @18:12
# CHECK-NEXT:      Attribute arange @18:12 attr @18:15
# CHECK-NEXT:        Name tl @18:12
# CHECK-NEXT:      Arg
# CHECK-NEXT:        Int 0 @18:22
# CHECK-NEXT:      Arg
# CHECK-NEXT:        Name BLOCK_N @18:25
# CHECK-NEXT:  Assign @19:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name mask @19:5
# CHECK-NEXT:    Compare < @19:12
# CHECK-NEXT:      Subscript @19:12
# CHECK-NEXT:        Name cols @19:12
# CHECK-NEXT:        Index
# CHECK-NEXT:          None @19:17
# CHECK-NEXT:        Index
# CHECK-NEXT:          Slice @19:23
# CHECK-NEXT:      Name n_cols @19:28
# CHECK-NEXT:  Assign @20:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name x @20:5
# CHECK-NEXT:    Call @20:9
# CHECK-NEXT:      Attribute load @20:9 attr @20:12
# CHECK-NEXT:        Name tl @20:9
# CHECK-NEXT:      Arg
# CHECK-NEXT:        BinOp + @20:17
# CHECK-NEXT:          BinOp + @20:17
# CHECK-NEXT:            Name in_ptr @20:17
# CHECK-NEXT:            BinOp * @20:26
# CHECK-NEXT:              Name row @20:26
# CHECK-NEXT:              Name stride @20:32
# CHECK-NEXT:          Name cols @20:41
# CHECK-NEXT:      Keyword mask @20:47
# CHECK-NEXT:        Name mask @20:52
# CHECK-NEXT:      Keyword other @20:58
# CHECK-NEXT:        UnaryOp - @20:64
# CHECK-NEXT:          Call @20:65
# CHECK-NEXT:            Name float @20:65
# CHECK-NEXT:            Arg
# CHECK-NEXT:              Str "inf" @20:71
# CHECK-NEXT:  Assign @21:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name acc @21:5
# CHECK-NEXT:    Call @21:11
# CHECK-NEXT:      Attribute zeros @21:11 attr @21:14
# CHECK-NEXT:        Name tl @21:11
# CHECK-NEXT:      Arg
# CHECK-NEXT:        Tuple @21:20
# CHECK-NEXT:          Name BLOCK_N @21:21
# CHECK-NEXT:      Keyword dtype @21:32
# CHECK-NEXT:        Attribute float32 @21:38 attr @21:41
# CHECK-NEXT:          Name tl @21:38
# CHECK-NEXT:  For @22:5
# CHECK-NEXT:    Target
# CHECK-NEXT:      Name i @22:9
# CHECK-NEXT:    Iter
# CHECK-NEXT:      Call @22:14
# CHECK-NEXT:        Name range @22:14
# CHECK-NEXT:        Arg
# CHECK-NEXT:          Int 0 @22:20
# CHECK-NEXT:        Arg
# CHECK-NEXT:          Name n_cols @22:23
# CHECK-NEXT:        Arg
# CHECK-NEXT:          Name BLOCK_N @22:31
# CHECK-NEXT:    Body
# CHECK-NEXT:      AugAssign += @23:9
# CHECK-NEXT:        Target
# CHECK-NEXT:          Name acc @23:9
# CHECK-NEXT:        BinOp ** @23:16
# CHECK-NEXT:          Subscript @23:16
# CHECK-NEXT:            Name x @23:16
# CHECK-NEXT:            Index
# CHECK-NEXT:              Slice @23:18
# CHECK-NEXT:            Index
# CHECK-NEXT:              None @23:21
# CHECK-NEXT:          Int 2 @23:30
# CHECK-NEXT:  If @24:5
# CHECK-NEXT:    Test
# CHECK-NEXT:      BoolOp and @24:8
# CHECK-NEXT:        Compare > @24:8
# CHECK-NEXT:          Name n_cols @24:8
# CHECK-NEXT:          Int 0 @24:17
# CHECK-NEXT:        UnaryOp not @24:23
# CHECK-NEXT:          Name mask @24:27
# CHECK-NEXT:    Body
# CHECK-NEXT:      Assign @25:9
# CHECK-NEXT:        Target
# CHECK-NEXT:          Name x @25:9
# CHECK-NEXT:        BinOp - @25:13
# CHECK-NEXT:          Name x @25:13
# CHECK-NEXT:          Call @25:17
# CHECK-NEXT:            Attribute max @25:17 attr @25:20
# CHECK-NEXT:              Name tl @25:17
# CHECK-NEXT:            Arg
# CHECK-NEXT:              Name x @25:24
# CHECK-NEXT:            Keyword axis @25:27
# CHECK-NEXT:              Int 0 @25:32
# CHECK-NEXT:    Else
# CHECK-NEXT:      If @26:5
# CHECK-NEXT:        Test
# CHECK-NEXT:          Compare == @26:10
# CHECK-NEXT:            Name n_cols @26:10
# CHECK-NEXT:            Int 0 @26:20
# CHECK-NEXT:        Body
# CHECK-NEXT:          Pass @27:9
# CHECK-NEXT:        Else
# CHECK-NEXT:          Return @29:9
# CHECK-NEXT:  Expr @30:5
# CHECK-NEXT:    Call @30:5
# CHECK-NEXT:      Attribute store @30:5 attr @30:8
# CHECK-NEXT:        Name tl @30:5
# CHECK-NEXT:      Arg
# CHECK-NEXT:        BinOp + @30:14
# CHECK-NEXT:          BinOp + @30:14
# CHECK-NEXT:            Name out_ptr @30:14
# CHECK-NEXT:            BinOp * @30:24
# CHECK-NEXT:              Name row @30:24
# CHECK-NEXT:              Name stride @30:30
# CHECK-NEXT:          Name cols @30:39
# CHECK-NEXT:      Arg
# CHECK-NEXT:        BinOp / @30:45
# CHECK-NEXT:          Name x @30:45
# CHECK-NEXT:          Call @30:49
# CHECK-NEXT:            Attribute sum @30:49 attr @30:52
# CHECK-NEXT:              Name tl @30:49
# CHECK-NEXT:            Arg
# CHECK-NEXT:              Name x @30:56
# CHECK-NEXT:            Arg
# CHECK-NEXT:              Int 0 @30:59
# CHECK-NEXT:      Keyword mask @30:63
# CHECK-NEXT:        Name mask @30:68

# HELPER-LABEL:FunctionDef helper @34:5 jit
# HELPER-NEXT:  Decorator
# HELPER-NEXT:    Attribute jit @33:2 attr @33:9
# HELPER-NEXT:      Name triton @33:2
# HELPER-NEXT:  Param a @34:12
# HELPER-NEXT:  Param b @34:15
# HELPER-NEXT:  Returns
# HELPER-NEXT:    Attribute tensor @34:21 attr @34:24
# HELPER-NEXT:      Name tl @34:21
# HELPER-NEXT:  Return @35:5
# HELPER-NEXT:    Tuple @35:12
# HELPER-NEXT:      IfExp @35:12
# HELPER-NEXT:        Test
# HELPER-NEXT:          Compare > @35:17
# HELPER-NEXT:            Name a @35:17
# HELPER-NEXT:            Name b @35:21
# HELPER-NEXT:        Body
# HELPER-NEXT:          Name a @35:12
# HELPER-NEXT:        Else
# HELPER-NEXT:          Name b @35:28
# HELPER-NEXT:      UnaryOp - @35:31
# HELPER-NEXT:        BinOp ** @35:32
# HELPER-NEXT:          Name a @35:32
# HELPER-NEXT:          Int 2 @35:35
