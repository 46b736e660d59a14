/* tkc_tuning_testing.h: test hooks of the runtime's autotuning
 * (tkc_autotune.c): forget every result and observe how many tuning runs
 * happened. Internal to the runtime and its tests; launchers never include
 * it. */
#ifndef TKC_TUNING_TESTING_H
#define TKC_TUNING_TESTING_H

#ifdef __cplusplus
extern "C" {
#endif

/** Forgets every tuning result, the tuning-run count, tkc_set_autotune's
 *  setting and TKC_AUTOTUNE as read. Not thread-safe against concurrent
 *  calls of kernels. */
void tkc_runtime_forget_tuning_for_testing(void);

/** How many tuning runs the process made since the last forget. */
int tkc_runtime_tuning_runs_for_testing(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TKC_TUNING_TESTING_H */
