// RUN: rm -rf %t && mkdir -p %t
// RUN: tkc aot -n add_kernel -s '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' -g 'cdiv(n, 1024), 1, 1' -w 4 -ns 3 -t sm_80,sm_90a -o %t/vadd %S/inputs/add.py
// RUN: FileCheck %s --check-prefix=HEADER < %t/vadd.h
// RUN: FileCheck %s --check-prefix=SOURCE < %t/vadd.c
// RUN: not tkc aot -n add_kernel -s '*fp32' -g '1' -o %t/bad %S/inputs/add.py 2>&1 | FileCheck %s --check-prefix=BADSIG
// RUN: not ls %t/bad.h
// `tkc aot` takes Triton's compile.py options and writes the C pair, one
// cubin per target embedded.

// HEADER: tkc_status add_kernel(tkc_stream stream, void *x_ptr, void *y_ptr, void *out_ptr, int32_t n);
// SOURCE: #include "vadd.h"
// SOURCE-DAG: sm_80
// SOURCE-DAG: sm_90a
// BADSIG: error: the signature has 1 entries but 'add_kernel' has 5 parameters
