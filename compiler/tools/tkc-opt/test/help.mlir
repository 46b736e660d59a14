// RUN: tkc-opt --help | FileCheck %s
// tkc-opt lists the tkc dialect's passes, named tkc-<dialect>-<action>,
// the named pipelines, and the upstream passes they use.

// CHECK-DAG: --canonicalize
// CHECK-DAG: --cse
// CHECK-DAG: --inline
// CHECK-DAG: --loop-invariant-code-motion
// CHECK-DAG: --symbol-dce
// CHECK-DAG: --tkc-tkc-combine
// CHECK-DAG: --tkc-tkc-reorder-broadcast
// CHECK-DAG: --tkc-ttir
