"""Unit tests of rules/private/manifest_check.bzl (bazel_skylib unittest).

A manifest error fails loading, which no `bazel test` can observe, so the
checks are pure functions tested here on decoded manifests: each test feeds
one mistake (a typo'd field, a missing field, a wrong type, ...) and checks
the exact message. `manifest_plan` (the variant expansion) is tested too.
"""

load("@bazel_skylib//lib:unittest.bzl", "asserts", "unittest")
load("//rules/private:manifest_check.bzl", "check_manifest", "manifest_plan")
load("//rules/private:targets.bzl", "parse_target")

_PATH = "pkg/k.json"

def _manifest(**overrides):
    """A valid decoded manifest (3 configs, 2 specializations, 2 targets),
    with top-level fields replaced by `overrides` (None removes one)."""
    data = {
        "schema_version": 1,
        "kernel": "k_kernel",
        "src": "k.py",
        "specializations": [
            {"name": "aligned", "signature": "*fp32:16, i32:16"},
            {"name": "generic", "signature": "*fp32, i32"},
        ],
        "grid": "cdiv(n, BLOCK)",
        "configs": [
            {"name": "small", "constexprs": {"BLOCK": 128, "EVEN": True}},
            {"name": "mid", "constexprs": {"BLOCK": 512}, "num_warps": 8},
            {"name": "big", "constexprs": {"BLOCK": 2048}, "targets": ["sm_90a"]},
        ],
        "key": ["n"],
        "targets": ["sm_90a", "gfx942"],
    }
    for field, value in overrides.items():
        if value == None:
            data.pop(field)
        else:
            data[field] = value
    return data

def _with_config(index, **fields):
    """_manifest() with fields of configs[index] replaced (None removes)."""
    data = _manifest()
    config = dict(data["configs"][index])
    for field, value in fields.items():
        if value == None:
            config.pop(field)
        else:
            config[field] = value
    data["configs"][index] = config
    return data

def _expect_error(env, data, message):
    """Asserts that check_manifest(_PATH, data) fails with `message`."""
    asserts.equals(env, _PATH + ": " + message, check_manifest(_PATH, data))

def _valid_test_impl(ctx):
    env = unittest.begin(ctx)
    checked = check_manifest(_PATH, _manifest())
    asserts.equals(env, "dict", type(checked))
    asserts.equals(env, [4, 8, 4], [c["num_warps"] for c in checked["configs"]])
    asserts.equals(env, [3, 3, 3], [c["num_stages"] for c in checked["configs"]])
    asserts.equals(env, [0, 0, 0], [c["max_blocks_per_sm"] for c in checked["configs"]])
    checked = check_manifest(_PATH, _with_config(1, max_blocks_per_sm = 3))
    asserts.equals(env, [0, 3, 0], [c["max_blocks_per_sm"] for c in checked["configs"]])
    asserts.equals(env, [0, 0, 0], [c["maxnreg"] for c in checked["configs"]])
    checked = check_manifest(_PATH, _with_config(2, maxnreg = 128))
    asserts.equals(env, [0, 0, 128], [c["maxnreg"] for c in checked["configs"]])
    asserts.equals(env, [None, None, ["sm_90a"]], [c["targets"] for c in checked["configs"]])
    asserts.equals(env, {}, checked["buckets"])
    asserts.equals(env, [], checked["restore"])
    asserts.equals(env, True, checked["autotune"])

    # Every optional field, in its accepted shapes.
    full = _manifest(
        grid = ["cdiv(n, BLOCK)", "m"],
        key = ["n", "m"],
        buckets = {"n": "exact", "m": [128, 1024]},
        restore = [{"param": "out", "bytes": "n * 4"}],
        autotune = False,
        tuned = [{"kernel": "k", "arch": "sm_90a", "key": {"n": 128, "m": 1024}, "config": "mid", "time_us": 1.5}],
    )
    checked = check_manifest(_PATH, full)
    asserts.equals(env, "dict", type(checked))
    asserts.equals(env, full["tuned"], checked["tuned"])
    checked = check_manifest(_PATH, _manifest(tuned_file = "k.tuned.json"))
    asserts.equals(env, "k.tuned.json", checked["tuned_file"])
    return unittest.end(env)

def _unknown_field_test_impl(ctx):
    env = unittest.begin(ctx)
    data = _manifest()
    data["confgs"] = data["configs"]
    _expect_error(
        env,
        data,
        "confgs: unknown field (expected one of: schema_version, kernel, " +
        "src, specializations, grid, configs, key, buckets, targets, " +
        "restore, autotune, tuned, tuned_file)",
    )
    _expect_error(
        env,
        _with_config(1, num_warp = 8),
        "configs[1].num_warp: unknown field (expected one of: name, " +
        "constexprs, num_warps, num_stages, max_blocks_per_sm, maxnreg, targets)",
    )
    _expect_error(
        env,
        _manifest(restore = [{"param": "out", "byte": "4"}]),
        "restore[0].byte: unknown field (expected one of: param, bytes)",
    )
    return unittest.end(env)

def _missing_field_test_impl(ctx):
    env = unittest.begin(ctx)
    _expect_error(env, _manifest(kernel = None), "top level: missing required field \"kernel\"")
    _expect_error(env, _manifest(targets = None), "top level: missing required field \"targets\"")
    _expect_error(env, _with_config(2, name = None), "configs[2]: missing required field \"name\"")
    _expect_error(
        env,
        _manifest(specializations = [{"name": "a"}]),
        "specializations[0]: missing required field \"signature\"",
    )
    return unittest.end(env)

def _bad_type_test_impl(ctx):
    env = unittest.begin(ctx)
    _expect_error(env, _with_config(2, num_warps = "8"), "configs[2].num_warps: expected an integer, got \"8\"")
    _expect_error(env, _with_config(0, num_stages = 1.5), "configs[0].num_stages: expected an integer, got 1.5")
    _expect_error(
        env,
        _with_config(1, max_blocks_per_sm = -1),
        "configs[1].max_blocks_per_sm: expected an integer from 0 (no cap) to 1024, got -1",
    )
    _expect_error(
        env,
        _with_config(1, max_blocks_per_sm = 2048),
        "configs[1].max_blocks_per_sm: expected an integer from 0 (no cap) to 1024, got 2048",
    )
    _expect_error(
        env,
        _with_config(0, maxnreg = 256),
        "configs[0].maxnreg: expected an integer from 0 (no cap) to 255, got 256",
    )
    _expect_error(
        env,
        _with_config(0, constexprs = {"BLOCK": [1]}),
        "configs[0].constexprs.BLOCK: expected an integer, a boolean or a string, got [1]",
    )
    _expect_error(env, _manifest(schema_version = 2), "schema_version: expected 1, got 2")
    _expect_error(env, _manifest(configs = []), "configs: expected a non-empty list of objects, got []")
    _expect_error(env, _manifest(key = "n"), "key: expected a list of strings, got \"n\"")
    _expect_error(env, _manifest(autotune = "no"), "autotune: expected a boolean, got \"no\"")
    _expect_error(
        env,
        _manifest(grid = ["a", "b", "c", "d"]),
        "grid: expected an expression string or a list of 1 to 3 of them, got [\"a\",\"b\",\"c\",\"d\"]",
    )
    _expect_error(
        env,
        _manifest(tuned = [{"kernel": "k", "arch": "sm_90a", "key": {"n": "128"}, "config": "mid"}]),
        "tuned[0].key.n: expected an integer, got \"128\"",
    )
    return unittest.end(env)

def _bad_value_test_impl(ctx):
    env = unittest.begin(ctx)
    _expect_error(env, _with_config(1, name = "small"), "configs[1].name: \"small\" is also configs[0]'s name")
    _expect_error(env, _with_config(1, name = "m-1"), "configs[1].name: expected a C identifier, got \"m-1\"")
    _expect_error(
        env,
        _with_config(2, targets = ["sm_80"]),
        "configs[2].targets[0]: expected one of the manifest's targets (sm_90a, gfx942), got \"sm_80\"",
    )
    _expect_error(
        env,
        _manifest(targets = ["sm_90a", "cuda:90a"]),
        "targets[1]: \"cuda:90a\" names sm_90a again",
    )
    _expect_error(
        env,
        _manifest(targets = ["volta"]),
        "targets[0]: expected a target (sm_90a, cuda:90a, gfx942, hip:gfx942), got \"volta\"",
    )
    _expect_error(env, _manifest(buckets = {"m": "pow2"}), "buckets.m: \"m\" is not in key (n)")
    _expect_error(
        env,
        _manifest(buckets = {"n": [1024, 128]}),
        "buckets.n: expected \"pow2\", \"exact\" or a non-empty increasing list of integers, got [1024,128]",
    )
    _expect_error(
        env,
        _manifest(tuned = [], tuned_file = "t.json"),
        "tuned_file: give either \"tuned\" or \"tuned_file\", not both",
    )
    _expect_error(env, _manifest(src = "../k.py"), "src: expected a .py file beside the manifest, got \"../k.py\"")
    return unittest.end(env)

def _plan_test_impl(ctx):
    env = unittest.begin(ctx)
    data = check_manifest(_PATH, _manifest())

    # Config by config, specializations within a config, then targets; big
    # is for sm_90a only.
    plan = manifest_plan(_PATH, data)
    asserts.equals(
        env,
        [
            "small.aligned.sm_90a",
            "small.aligned.gfx942",
            "small.generic.sm_90a",
            "small.generic.gfx942",
            "mid.aligned.sm_90a",
            "mid.aligned.gfx942",
            "mid.generic.sm_90a",
            "mid.generic.gfx942",
            "big.aligned.sm_90a",
            "big.generic.sm_90a",
        ],
        ["%s.%s.%s" % (p.config["name"], p.specialization["name"], p.arch) for p in plan],
    )
    asserts.equals(env, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2], [p.config_index for p in plan])

    # The rule's targets and configs override the manifest's; targets match
    # config targets by arch.
    plan = manifest_plan(_PATH, data, targets = ["cuda:90a"], configs = ["big", "small"])
    asserts.equals(
        env,
        ["small.aligned.cuda:90a", "small.generic.cuda:90a", "big.aligned.cuda:90a", "big.generic.cuda:90a"],
        ["%s.%s.%s" % (p.config["name"], p.specialization["name"], p.target) for p in plan],
    )
    asserts.equals(
        env,
        _PATH + ": configs: no config named \"huge\" (the manifest has: small, mid, big)",
        manifest_plan(_PATH, data, configs = ["small", "huge"]),
    )
    asserts.equals(
        env,
        _PATH + ": no config is compiled for gfx942 (each shipped config's targets leave it out)",
        manifest_plan(_PATH, data, configs = ["big"]),
    )
    asserts.equals(
        env,
        _PATH + ": unknown target \"volta\"; expected sm_NN[a], cuda:NN[a], gfxNNN or hip:gfxNNN",
        manifest_plan(_PATH, data, targets = ["volta"]),
    )
    return unittest.end(env)

def _target_spelling_test_impl(ctx):
    env = unittest.begin(ctx)
    for text, expected in [
        ("cuda:90a", ("cuda", "sm_90a", "cubin")),
        ("sm_80", ("cuda", "sm_80", "cubin")),
        ("hip:gfx942", ("hip", "gfx942", "hsaco")),
        ("hip:gfx1100:64", ("hip", "gfx1100", "hsaco")),
        ("gfx90a", ("hip", "gfx90a", "hsaco")),
    ]:
        parsed = parse_target(text)
        asserts.equals(env, expected, (parsed.backend, parsed.arch, parsed.format), text)
    for text in ["volta", "cuda:sm_90a", "hip:sm_80", "metal:m1", "cuda:", "a:b:c:d"]:
        asserts.equals(env, None, parse_target(text), text)
    return unittest.end(env)

def _decorators_test_impl(ctx):
    """A manifest beside the decorators: only its shape is checked, and it
    is returned as it is; the fields of a full manifest it may not have."""
    env = unittest.begin(ctx)
    data = {
        "schema_version": 1,
        "decorators": True,
        "kernel": "k_kernel",
        "src": "k.py",
        "configs": [{"name": "small", "constexprs": {"BLOCK": 128}, "targets": ["sm_90a"]}],
        "tuned_file": "k.tuned.json",
    }
    asserts.equals(env, data, check_manifest(_PATH, data))
    minimal = {"schema_version": 1, "decorators": True, "kernel": "k_kernel", "src": "k.py"}
    asserts.equals(env, minimal, check_manifest(_PATH, minimal))
    _expect_error(
        env,
        dict(minimal, configs = [{"name": "a", "max_blocks_per_sm": 2}]),
        "configs[0].max_blocks_per_sm: unknown field (expected one of: " +
        "name, constexprs, num_warps, num_stages, targets)",
    )
    _expect_error(
        env,
        dict(minimal, configs = [{"name": "a"}, {"name": "a"}]),
        "configs[1].name: \"a\" is also configs[0]'s name",
    )
    _expect_error(
        env,
        {"schema_version": 1, "decorators": True, "src": "k.py"},
        "top level: missing required field \"kernel\"",
    )
    return unittest.end(env)

valid_test = unittest.make(_valid_test_impl)
decorators_test = unittest.make(_decorators_test_impl)
unknown_field_test = unittest.make(_unknown_field_test_impl)
missing_field_test = unittest.make(_missing_field_test_impl)
bad_type_test = unittest.make(_bad_type_test_impl)
bad_value_test = unittest.make(_bad_value_test_impl)
plan_test = unittest.make(_plan_test_impl)
target_spelling_test = unittest.make(_target_spelling_test_impl)

def manifest_check_test_suite(name):
    """Declares every test above and a test_suite `name` of them."""
    unittest.suite(
        name,
        valid_test,
        decorators_test,
        unknown_field_test,
        missing_field_test,
        bad_type_test,
        bad_value_test,
        plan_test,
        target_spelling_test,
    )
