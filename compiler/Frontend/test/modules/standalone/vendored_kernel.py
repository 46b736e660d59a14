# RUN: rm -rf %t && mkdir -p %t
# RUN: tkc compile %s --kernel row_scale --signature '*fp16:16, *fp16:16, i32, i32, 64' --emit=ttir 2>&1 | FileCheck %s
# RUN: tkc aot -n row_scale -s '*fp16:16, *fp16:16, i32, i32' -g 'n_rows, 1, 1' -t sm_90a -o %t/row %s 2>&1 | FileCheck %s --check-prefix=AOT
# RUN: FileCheck %s --check-prefix=AOT-H < %t/row.h
# RUN: not tkc compile %s --kernel uses_unknown --signature '*fp16:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# One file of a kernel library compiled alone, without the library: tkc
# cannot find `fakelib.triton_utils`, so the names the library re-exports
# Triton's modules under (`triton`, `tl`, `tldevice`) are taken to be
# Triton's, with one note at the import, also when `tkc aot` compiles many
# configs. Other names from a missing module stay errors.
from fakelib.triton_utils import tl, tldevice, triton
from fakelib.language_extension import tle

# CHECK: vendored_kernel.py:11:34: note: tkc found no module 'fakelib.triton_utils' on its import path; 'tl' is taken to be triton.language, as kernel libraries re-export it
# CHECK: vendored_kernel.py:11:38: note: tkc found no module 'fakelib.triton_utils' on its import path; 'tldevice' is taken to be triton.language.extra.libdevice
# CHECK-NOT: note: tkc found no module
# CHECK-LABEL: func.func @row_scale
# CHECK: math.exp2
# AOT: vendored_kernel.py:11:34: note: tkc found no module 'fakelib.triton_utils' on its import path; 'tl' is taken to be triton.language
# AOT: vendored_kernel.py:11:38: note: tkc found no module 'fakelib.triton_utils' on its import path; 'tldevice' is taken to be triton.language.extra.libdevice
# AOT-NOT: note: tkc found no module
# AOT-NOT: is ignored
# AOT-H: Compiled in: BLOCK = 64 (config 0), 128 (config 1).


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 64}, num_warps=2),
        triton.Config({"BLOCK": 128}, num_warps=4),
    ],
    key=["n_cols"],
)
@triton.jit
def row_scale(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols)
        y = tldevice.exp2(x.to(tl.float32))
        tl.store(y_ptr + row * n_cols + offs, y.to(tl.float16), mask=offs < n_cols)


@triton.jit
def uses_unknown(x_ptr, BLOCK: tl.constexpr):
    # UNKNOWN: vendored_kernel.py:[[@LINE+2]]:12: error: 'tle' refers to 'fakelib.language_extension.tle', but tkc found no module 'fakelib.language_extension' on its import path
    # UNKNOWN: vendored_kernel.py:12:40: note: imported here
    offs = tle.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.zeros((BLOCK,), tl.float16))
