"""Times two peers on one GPU fairly, for the benchmark scripts (GPU machine
only; never part of the build).

A compute-bound kernel heats the GPU and lowers its clocks for whatever is
timed next: on the H100, tutorial 03's matmul ran 7% slower timed right after
its peer than timed first. time_pair() therefore runs both once untimed (so
that every timing finds the GPU warm), then times A, B, B, A and averages
each side's two medians, which cancels a drift linear in time ("abba", the
default). "a-first" and "b-first" time each once, in that order, to show the
bias.
"""

import triton.testing

ORDERS = {"a-first": ("a", "b"), "b-first": ("b", "a"),
          "abba": ("warm-a", "warm-b", "a", "b", "b", "a")}


def time_pair(a, b, order="abba", **do_bench_args):
    """Times callables `a` and `b` with triton.testing.do_bench (median, ms)
    in `order` (a key of ORDERS); returns (time of a, time of b)."""
    peers = {"a": a, "b": b}
    times = {"a": [], "b": []}
    for step in ORDERS[order]:
        side = step.removeprefix("warm-")
        took = triton.testing.do_bench(peers[side], **do_bench_args)
        if side == step:
            times[side].append(took)
    return (sum(times["a"]) / len(times["a"]),
            sum(times["b"]) / len(times["b"]))
