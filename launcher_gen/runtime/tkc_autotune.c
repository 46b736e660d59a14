/* tkc_autotune.c: how a call of a kernel with several configs gets its
 * config: the tuned table compiled into the launcher, else run-time
 * autotuning (when on), else config 0. Autotuning times every config with
 * the vendor's events on the caller's stream, saving and restoring the
 * buffers the manifest says the kernel updates in place, and keeps the
 * winner per (kernel, device, key buckets) for the process; the results can
 * be written to TKC_AUTOTUNE_FILE as a tuned table. Vendor-neutral: the
 * vendor calls go through the device's tkc_vendor_ops (tkc_cuda.c,
 * tkc_hip.c). */
#define _POSIX_C_SOURCE 200809L

#include "tkc_runtime_internal.h"
#include "tkc_tuning_testing.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===--------------------------------------------------------------------===*/
/* Buckets                                                                  */
/*===--------------------------------------------------------------------===*/

int64_t tkc_bucket_pow2(int64_t value) {
  int64_t bucket = 1;
  if (value <= 0)
    return 0;
  while (bucket < value && bucket <= INT64_MAX / 2)
    bucket *= 2;
  return bucket < value ? value : bucket;
}

int64_t tkc_bucket_bounds(int64_t value, const int64_t *bounds, int count) {
  int i;
  for (i = 0; i < count; ++i)
    if (value <= bounds[i])
      return bounds[i];
  return value;
}

/*===--------------------------------------------------------------------===*/
/* On or off                                                                */
/*===--------------------------------------------------------------------===*/

/** tkc_set_autotune's value: -1 (follow TKC_AUTOTUNE), 0 or 1. */
static int tkc_autotune_forced = -1;
/** TKC_AUTOTUNE as read once: -1 not read yet, else 0 or 1. */
static int tkc_autotune_env = -1;

tkc_status tkc_set_autotune(int enabled) {
  if (enabled < -1 || enabled > 1)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "tkc_set_autotune: %d is not -1, 0 or 1", enabled);
  TKC_STORE_RELEASE(&tkc_autotune_forced, enabled);
  return TKC_SUCCESS;
}

/** Whether autotuning is on for this process. */
static int autotune_enabled(void) {
  int value = TKC_LOAD_ACQUIRE(&tkc_autotune_forced);
  const char *text;
  if (value >= 0)
    return value;
  value = TKC_LOAD_ACQUIRE(&tkc_autotune_env);
  if (value >= 0)
    return value;
  /* Racing first readers compute the same value. */
  text = getenv("TKC_AUTOTUNE");
  value = text && strcmp(text, "1") == 0;
  TKC_STORE_RELEASE(&tkc_autotune_env, value);
  return value;
}

/*===--------------------------------------------------------------------===*/
/* Results                                                                  */
/*===--------------------------------------------------------------------===*/

/** Key buckets a result can hold; launchers have fewer key parameters. */
#define TKC_MAX_KEYS 8

/** One tuning result. Nodes form one list for the process that only grows
 *  at its head (lock-free reads; writes under tkc_tune_mutex). */
typedef struct tkc_tuning_result {
  const tkc_kernel_tuning *tuning;
  tkc_backend backend;
  int ordinal;
  int64_t buckets[TKC_MAX_KEYS];
  /** The best-ranked compiled arch on the device, for the tuned table. */
  const char *arch;
  int config;
  double microseconds;
  struct tkc_tuning_result *next;
} tkc_tuning_result;

static tkc_tuning_result *tkc_tuning_results;
/** Serializes tuning runs and the result file. */
static pthread_mutex_t tkc_tune_mutex = PTHREAD_MUTEX_INITIALIZER;
/** How many tuning runs the process made (for tests). */
static int tkc_tuning_runs;

/** The result of `tuning` for `device` and `buckets`, or NULL. */
static const tkc_tuning_result *find_result(const tkc_kernel_tuning *tuning,
                                            const tkc_device *device,
                                            const int64_t *buckets) {
  const tkc_tuning_result *node =
      (const tkc_tuning_result *)TKC_LOAD_ACQUIRE(&tkc_tuning_results);
  for (; node; node = node->next)
    if (node->tuning == tuning && node->backend == device->backend &&
        node->ordinal == device->ordinal &&
        memcmp(node->buckets, buckets,
               (size_t)tuning->num_keys * sizeof *buckets) == 0)
      return node;
  return NULL;
}

void tkc_runtime_forget_tuning_for_testing(void) {
  tkc_tuning_result *node, *next;
  pthread_mutex_lock(&tkc_tune_mutex);
  node = tkc_tuning_results;
  TKC_STORE_RELEASE(&tkc_tuning_results, (tkc_tuning_result *)NULL);
  for (; node; node = next) {
    next = node->next;
    free(node);
  }
  tkc_tuning_runs = 0;
  TKC_STORE_RELEASE(&tkc_autotune_forced, -1);
  TKC_STORE_RELEASE(&tkc_autotune_env, -1);
  pthread_mutex_unlock(&tkc_tune_mutex);
}

int tkc_runtime_tuning_runs_for_testing(void) {
  int runs;
  pthread_mutex_lock(&tkc_tune_mutex);
  runs = tkc_tuning_runs;
  pthread_mutex_unlock(&tkc_tune_mutex);
  return runs;
}

/** Writes `node` and those after it, oldest first, as tuned-table entries. */
static void write_entries(FILE *file, const tkc_tuning_result *node,
                          int *count) {
  int k;
  if (!node)
    return;
  write_entries(file, node->next, count);
  fprintf(file, "%s\n    {\"kernel\": \"%s\", \"arch\": \"%s\", \"key\": {",
          *count ? "," : "", node->tuning->kernel, node->arch);
  for (k = 0; k < node->tuning->num_keys; ++k)
    fprintf(file, "%s\"%s\": %lld", k ? ", " : "", node->tuning->key_names[k],
            (long long)node->buckets[k]);
  fprintf(file, "}, \"config\": \"%s\", \"time_us\": %.2f}",
          node->tuning->config_names[node->config], node->microseconds);
  ++*count;
}

/** Writes every result to TKC_AUTOTUNE_FILE, if set, through a temporary
 *  file renamed into place. Called under tkc_tune_mutex. */
static tkc_status write_results(void) {
  const char *path = getenv("TKC_AUTOTUNE_FILE");
  char temporary[4096];
  FILE *file;
  int count = 0, failed;
  if (!path || !path[0])
    return TKC_SUCCESS;
  if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >=
      (int)sizeof temporary)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "TKC_AUTOTUNE_FILE is too long");
  file = fopen(temporary, "w");
  if (!file)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "cannot write TKC_AUTOTUNE_FILE=%s (%s)", path, temporary);
  fprintf(file, "{\"tuned\": [");
  write_entries(file, tkc_tuning_results, &count);
  fprintf(file, "\n]}\n");
  failed = ferror(file);
  failed |= fclose(file) != 0;
  if (failed || rename(temporary, path) != 0) {
    remove(temporary);
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "cannot write TKC_AUTOTUNE_FILE=%s", path);
  }
  return TKC_SUCCESS;
}

/*===--------------------------------------------------------------------===*/
/* Timing                                                                   */
/*===--------------------------------------------------------------------===*/

/** Each config is timed over this many milliseconds of launches, at least
 *  kMinRuns and at most kMaxRuns of them (the median counts). */
enum { kTargetMs = 20, kMinRuns = 5, kMaxRuns = 50 };
/** The L2 cache is flushed before each timed launch by copying this many
 *  bytes between two scratch buffers (as Triton's do_bench clears it). */
#define TKC_FLUSH_BYTES ((size_t)64 << 20)

/** What one tuning run holds. */
typedef struct tkc_tuning_run {
  const tkc_vendor_ops *ops;
  /** The vendor's driver table, for every call of `ops`. */
  const void *driver;
  const tkc_tuning_call *call;
  /** Saved copies of call->restore. */
  void **saved;
  /** Scratch buffers for flushing the L2 cache (NULL if unavailable). */
  void *flush[2];
} tkc_tuning_run;

/** Frees `pointer`, from the vendor's alloc (NULL: nothing). */
static void release(const tkc_tuning_run *run, void *pointer) {
  if (pointer)
    run->ops->release(run->driver, pointer);
}

/** Copies every restore buffer from (`to_saved` = 0) or to its copy. */
static tkc_status copy_restore(const tkc_tuning_run *run, int to_saved) {
  int i;
  tkc_status status = TKC_SUCCESS;
  for (i = 0; i < run->call->num_restore && status == TKC_SUCCESS; ++i) {
    const tkc_buffer *buffer = &run->call->restore[i];
    status = to_saved
                 ? run->ops->copy(run->driver, run->saved[i], buffer->pointer,
                                  buffer->bytes, run->call->stream)
                 : run->ops->copy(run->driver, buffer->pointer, run->saved[i],
                                  buffer->bytes, run->call->stream);
  }
  return status;
}

/** Times one launch of `config` (after restoring the buffers and flushing
 *  the cache); sets `*ms`. */
static tkc_status time_once(const tkc_tuning_run *run, int config, float *ms) {
  void *events[2] = {NULL, NULL};
  tkc_status status = copy_restore(run, 0);
  if (status == TKC_SUCCESS && run->flush[0])
    status = run->ops->copy(run->driver, run->flush[1], run->flush[0],
                            TKC_FLUSH_BYTES, run->call->stream);
  if (status != TKC_SUCCESS)
    return status;
  status = run->ops->timer_start(run->driver, run->call->stream, events);
  if (status != TKC_SUCCESS)
    return status;
  status = run->call->launch(run->call->call, run->call->stream, config);
  if (status != TKC_SUCCESS) {
    /* Still stop the timer, to destroy the events; the launch's reason
     * stays the one reported. */
    char reason[512];
    snprintf(reason, sizeof reason, "%s", tkc_last_error());
    run->ops->timer_stop(run->driver, run->call->stream, events, ms);
    return tkc_fail(status, "%s", reason);
  }
  return run->ops->timer_stop(run->driver, run->call->stream, events, ms);
}

static int compare_floats(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/** The median time of `config`, in milliseconds. */
static tkc_status time_config(const tkc_tuning_run *run, int config,
                              float *median) {
  float samples[kMaxRuns], first;
  int runs, i;
  /* The first launch loads the module and tells how many runs fit. */
  tkc_status status = time_once(run, config, &first);
  if (status != TKC_SUCCESS)
    return status;
  status = time_once(run, config, &first);
  if (status != TKC_SUCCESS)
    return status;
  runs = first > 0 ? (int)(kTargetMs / first) : kMaxRuns;
  runs = runs < kMinRuns ? kMinRuns : runs > kMaxRuns ? kMaxRuns : runs;
  for (i = 0; i < runs; ++i) {
    status = time_once(run, config, &samples[i]);
    if (status != TKC_SUCCESS)
      return status;
  }
  qsort(samples, (size_t)runs, sizeof samples[0], compare_floats);
  *median = samples[runs / 2];
  return TKC_SUCCESS;
}

/** Times every config of `tuning` for `call`; sets the fastest. A config
 *  that cannot launch (no variant for this device or these arguments) is
 *  skipped; if none can, the first failure is returned. */
static tkc_status tune(const tkc_kernel_tuning *tuning,
                       const tkc_device *device, const tkc_tuning_call *call,
                       int *best, float *best_ms) {
  tkc_tuning_run run;
  tkc_status status = TKC_SUCCESS, first_failure = TKC_SUCCESS;
  char first_reason[512] = "";
  int i, c;
  memset(&run, 0, sizeof run);
  run.ops = tkc_vendor_of(device->backend);
  if (!run.ops)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "autotuning %s: unknown backend %d", tuning->kernel,
                    (int)device->backend);
  status = tkc_driver_get(run.ops->loader, &run.driver);
  if (status != TKC_SUCCESS)
    return status;
  run.call = call;
  run.saved = (void **)calloc((size_t)(call->num_restore + 1), sizeof(void *));
  if (!run.saved)
    return tkc_fail(TKC_ERROR_OUT_OF_MEMORY, "out of memory autotuning %s",
                    tuning->kernel);
  for (i = 0; i < call->num_restore && status == TKC_SUCCESS; ++i)
    status = run.ops->alloc(run.driver, call->restore[i].bytes, &run.saved[i]);
  if (status == TKC_SUCCESS)
    status = copy_restore(&run, 1);
  /* Without room for the flush buffers, time with a warm cache. */
  if (status == TKC_SUCCESS && (run.ops->alloc(run.driver, TKC_FLUSH_BYTES,
                                               &run.flush[0]) != TKC_SUCCESS ||
                                run.ops->alloc(run.driver, TKC_FLUSH_BYTES,
                                               &run.flush[1]) != TKC_SUCCESS)) {
    release(&run, run.flush[0]);
    run.flush[0] = run.flush[1] = NULL;
  }

  *best = -1;
  for (c = 0; c < tuning->num_configs && status == TKC_SUCCESS; ++c) {
    float ms = 0;
    tkc_status timed = time_config(&run, c, &ms);
    if (timed != TKC_SUCCESS) {
      if (first_failure == TKC_SUCCESS) {
        first_failure = timed;
        snprintf(first_reason, sizeof first_reason, "config %s: %s",
                 tuning->config_names[c], tkc_last_error());
      }
      continue;
    }
    if (*best < 0 || ms < *best_ms) {
      *best = c;
      *best_ms = ms;
    }
  }
  /* Leave the buffers as the caller gave them. */
  if (status == TKC_SUCCESS)
    status = copy_restore(&run, 0);
  if (status == TKC_SUCCESS)
    status = run.ops->sync(run.driver, call->stream);
  for (i = 0; i < call->num_restore; ++i)
    release(&run, run.saved[i]);
  release(&run, run.flush[0]);
  release(&run, run.flush[1]);
  free(run.saved);
  if (status != TKC_SUCCESS)
    return status;
  if (*best < 0)
    return tkc_fail(first_failure, "autotuning %s: no config ran (%s)",
                    tuning->kernel, first_reason);
  return TKC_SUCCESS;
}

/*===--------------------------------------------------------------------===*/
/* The choice                                                               */
/*===--------------------------------------------------------------------===*/

/** The best rank on `device` of any variant of `arch`, or -1. */
static int arch_rank(const tkc_kernel_tuning *tuning, const tkc_device *device,
                     const char *arch) {
  int i, best = -1;
  for (i = 0; i < tuning->num_variants; ++i) {
    int rank;
    if (strcmp(tuning->variants[i].arch, arch) != 0)
      continue;
    rank = tkc_variant_arch_rank(device, &tuning->variants[i]);
    if (rank > best)
      best = rank;
  }
  return best;
}

/** The best-ranked compiled arch on `device`, or NULL. */
static const char *best_arch(const tkc_kernel_tuning *tuning,
                             const tkc_device *device) {
  int i, best = -1;
  const char *arch = NULL;
  for (i = 0; i < tuning->num_variants; ++i) {
    int rank = tkc_variant_arch_rank(device, &tuning->variants[i]);
    if (rank > best) {
      best = rank;
      arch = tuning->variants[i].arch;
    }
  }
  return arch;
}

tkc_status tkc_choose_config(const tkc_kernel_tuning *tuning,
                             const tkc_device *device,
                             const tkc_tuning_call *call, int *config) {
  const tkc_tuning_result *found;
  tkc_tuning_result *node;
  tkc_status status;
  int i, best_rank = -1, best = -1;
  float best_ms = 0;

  if (!tuning || !device || !call || !config ||
      (tuning->num_keys > 0 && !call->buckets))
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT, "tkc_choose_config: NULL");
  if (tuning->num_keys > TKC_MAX_KEYS)
    return tkc_fail(TKC_ERROR_INVALID_ARGUMENT,
                    "%s: %d key parameters; the runtime handles up to %d",
                    tuning->kernel, tuning->num_keys, TKC_MAX_KEYS);
  *config = 0;
  if (tuning->num_configs <= 1)
    return TKC_SUCCESS;

  /* 1. The tuned table. */
  for (i = 0; i < tuning->num_tuned; ++i) {
    const tkc_tuned_entry *entry = &tuning->tuned[i];
    int rank;
    if (tuning->num_keys > 0 &&
        memcmp(entry->key, call->buckets,
               (size_t)tuning->num_keys * sizeof *call->buckets) != 0)
      continue;
    rank = arch_rank(tuning, device, entry->arch);
    if (rank > best_rank) {
      best_rank = rank;
      *config = entry->config;
    }
  }
  if (best_rank >= 0)
    return TKC_SUCCESS;

  /* 2. Run-time autotuning; 3. else config 0. */
  if (!tuning->autotune || !autotune_enabled() || call->unsafe)
    return TKC_SUCCESS;
  found = find_result(tuning, device, call->buckets);
  if (found) {
    *config = found->config;
    return TKC_SUCCESS;
  }
  pthread_mutex_lock(&tkc_tune_mutex);
  found = find_result(tuning, device, call->buckets);
  if (found) {
    *config = found->config;
    pthread_mutex_unlock(&tkc_tune_mutex);
    return TKC_SUCCESS;
  }
  ++tkc_tuning_runs;
  status = tune(tuning, device, call, &best, &best_ms);
  if (status == TKC_SUCCESS) {
    node = (tkc_tuning_result *)calloc(1, sizeof *node);
    if (!node) {
      status =
          tkc_fail(TKC_ERROR_OUT_OF_MEMORY,
                   "out of memory keeping %s's tuning result", tuning->kernel);
    } else {
      node->tuning = tuning;
      node->backend = device->backend;
      node->ordinal = device->ordinal;
      if (tuning->num_keys > 0)
        memcpy(node->buckets, call->buckets,
               (size_t)tuning->num_keys * sizeof *call->buckets);
      node->arch = best_arch(tuning, device);
      if (!node->arch)
        node->arch = device->arch;
      node->config = best;
      node->microseconds = best_ms * 1000.0;
      node->next = tkc_tuning_results;
      TKC_STORE_RELEASE(&tkc_tuning_results, node);
      *config = best;
      status = write_results();
    }
  }
  pthread_mutex_unlock(&tkc_tune_mutex);
  return status;
}
