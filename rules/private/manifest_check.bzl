"""Validation of kernel manifests (docs/manifest.md), and their expansion into
compile variants, as pure Starlark functions.

`check_manifest(path, data)` checks the JSON shape of a decoded manifest and
fills in its defaults; `manifest_plan(path, data, targets, configs)` lists
the (config, specialization, target) triples to compile. Neither calls
fail(): each returns an error string instead, so that the repository rule
(rules/manifests.bzl) and the rule (triton_kernel.bzl) can fail() with it,
and so that tests/manifest_rule/ can unit test the messages. Every message
reads `<manifest path>: <JSON path>: <what was expected>`.

Deeper checks (key names against the kernel's parameters, tuned entries
against the configs, restore and grid expressions) are tkc-launcher-gen's.
"""

load(":targets.bzl", "TARGET_FORMS", "parse_target")

SCHEMA_VERSION = 1

# Top-level fields: name -> required.
_TOP_FIELDS = {
    "schema_version": True,
    "kernel": True,
    "src": True,
    "specializations": True,
    "grid": True,
    "configs": True,
    "key": False,
    "buckets": False,
    "targets": True,
    "restore": False,
    "autotune": False,
    "tuned": False,
    "tuned_file": False,
}

# Top-level fields of a manifest beside a kernel's decorators
# (`"decorators": true`): they complete @triton.autotune/@triton.heuristics,
# which give the configs; tkc aot checks the rest against the decorators.
_DECORATOR_TOP_FIELDS = {
    "schema_version": True,
    "decorators": True,
    "kernel": True,
    "src": True,
    "specializations": False,
    "grid": False,
    "targets": False,
    "configs": False,
    "key": False,
    "buckets": False,
    "restore": False,
    "heuristics": False,
    "autotune": False,
    "tuned": False,
    "tuned_file": False,
}

_DECORATOR_CONFIG_FIELDS = {
    "name": True,
    "constexprs": False,
    "num_warps": False,
    "num_stages": False,
    "targets": False,
}

_SPECIALIZATION_FIELDS = {"name": True, "signature": True}

_CONFIG_FIELDS = {
    "name": True,
    "constexprs": False,
    "num_warps": False,
    "num_stages": False,
    "max_blocks_per_sm": False,
    "maxnreg": False,
    "targets": False,
}

_RESTORE_FIELDS = {"param": True, "bytes": True}

_TUNED_FIELDS = {
    "kernel": True,
    "arch": True,
    "key": True,
    "config": True,
    "time_us": False,
}

_DIGITS = "0123456789"

_IDENTIFIER_CHARS = ("abcdefghijklmnopqrstuvwxyz" +
                     "ABCDEFGHIJKLMNOPQRSTUVWXYZ_" + _DIGITS)

_JSON_TYPES = {
    "string": "a string",
    "int": "an integer",
    "bool": "a boolean",
    "list": "a list",
    "dict": "an object",
    "float": "a number",
    "NoneType": "null",
}

def _show(value):
    """Renders a JSON value for a message, shortened if it is long."""
    text = json.encode(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return text

def _expected(path, where, what, value):
    """The message `<path>: <where>: expected <what>, got <value>`."""
    return "%s: %s: expected %s, got %s" % (path, where, what, _show(value))

def _type_error(path, where, json_type, value):
    """The error for `value` at `where` if it is not of `json_type` (a Starlark
    type name: "string", "int", "bool", "list", "dict"), else None."""
    if type(value) != json_type:
        return _expected(path, where, _JSON_TYPES[json_type], value)
    return None

def _fields_error(path, where, obj, fields):
    """Checks that `obj` is an object with every required field of `fields`
    (name -> required) and no other; returns an error or None."""
    if type(obj) != "dict":
        return _expected(path, where, "an object", obj)
    prefix = where + "." if where else ""
    for name in obj:
        if name not in fields:
            return "%s: %s%s: unknown field (expected one of: %s)" % (
                path,
                prefix,
                name,
                ", ".join(fields.keys()),
            )
    for name, required in fields.items():
        if required and name not in obj:
            where_text = where if where else "top level"
            return "%s: %s: missing required field \"%s\"" % (
                path,
                where_text,
                name,
            )
    return None

def is_c_identifier(name):
    """True if `name` is a C identifier ([A-Za-z_][A-Za-z0-9_]*)."""
    if not name or name[0] in _DIGITS:
        return False
    for c in name.elems():
        if c not in _IDENTIFIER_CHARS:
            return False
    return True

def target_arch(target):
    """The architecture a tkc target names (`sm_90a` for `cuda:90a` or
    `sm_90a`, `gfx942` for `hip:gfx942[:warp]` or `gfx942`), or None."""
    parsed = parse_target(target)
    return parsed.arch if parsed else None

def _string_list_error(path, where, value, allow_empty = True):
    """Checks that `value` is a list of strings; returns an error or None."""
    if type(value) != "list":
        return _expected(path, where, "a list of strings", value)
    if not allow_empty and not value:
        return _expected(path, where, "a non-empty list", value)
    for i, item in enumerate(value):
        error = _type_error(path, "%s[%d]" % (where, i), "string", item)
        if error:
            return error
    return None

def _targets_error(path, where, targets, allowed = None):
    """Checks a list of target strings, each naming a distinct arch and, with
    `allowed`, each one of the `allowed` targets; returns an error or None."""
    error = _string_list_error(path, where, targets, allow_empty = False)
    if error:
        return error
    seen = {}
    for i, target in enumerate(targets):
        entry = "%s[%d]" % (where, i)
        arch = target_arch(target)
        if not arch:
            return _expected(
                path,
                entry,
                "a target (sm_90a, cuda:90a, gfx942, hip:gfx942)",
                target,
            )
        if arch in seen:
            return "%s: %s: %s names %s again" % (path, entry, _show(target), arch)
        seen[arch] = True
        if allowed != None and target not in allowed:
            return _expected(
                path,
                entry,
                "one of the manifest's targets (%s)" % ", ".join(allowed),
                target,
            )
    return None

def _named_list_error(path, where, items, fields):
    """Checks a non-empty list of objects with `fields`, each with a `name`
    that is a C identifier unique in the list; returns an error or None."""
    if type(items) != "list" or not items:
        return _expected(path, where, "a non-empty list of objects", items)
    names = {}
    for i, item in enumerate(items):
        entry = "%s[%d]" % (where, i)
        error = _fields_error(path, entry, item, fields)
        if error:
            return error
        name = item["name"]
        if type(name) != "string" or not is_c_identifier(name):
            return _expected(path, entry + ".name", "a C identifier", name)
        if name in names:
            return "%s: %s.name: \"%s\" is also %s[%d]'s name" % (
                path,
                entry,
                name,
                where,
                names[name],
            )
        names[name] = i
    return None

def _check_specializations(path, specializations):
    """Checks `specializations`; returns an error or None."""
    error = _named_list_error(
        path,
        "specializations",
        specializations,
        _SPECIALIZATION_FIELDS,
    )
    if error:
        return error
    for i, spec in enumerate(specializations):
        signature = spec["signature"]
        if type(signature) != "string" or not signature.strip():
            return _expected(
                path,
                "specializations[%d].signature" % i,
                "a signature string (\"*fp32:16, i32, ...\")",
                signature,
            )
    return None

def _check_grid(path, grid):
    """Checks `grid`: a non-empty string or a list of 1-3 non-empty strings."""
    if type(grid) == "string":
        if grid.strip():
            return None
    elif type(grid) == "list" and 1 <= len(grid) and len(grid) <= 3:
        for i, expr in enumerate(grid):
            if type(expr) != "string" or not expr.strip():
                return _expected(
                    path,
                    "grid[%d]" % i,
                    "a non-empty expression string",
                    expr,
                )
        return None
    return _expected(
        path,
        "grid",
        "an expression string or a list of 1 to 3 of them",
        grid,
    )

def _check_config(path, i, config, targets):
    """Checks configs[i] (its fields, not its name) against the manifest's
    `targets`; returns (normalized config, None) or (None, error)."""
    where = "configs[%d]" % i
    constexprs = config.get("constexprs", {})
    if type(constexprs) != "dict":
        return None, _expected(path, where + ".constexprs", "an object", constexprs)
    for name, value in constexprs.items():
        if not is_c_identifier(name):
            return None, "%s: %s.constexprs: %s is not a parameter name" % (
                path,
                where,
                _show(name),
            )
        if type(value) not in ("int", "bool", "string"):
            return None, _expected(
                path,
                "%s.constexprs.%s" % (where, name),
                "an integer, a boolean or a string",
                value,
            )
    for field, default, least, most, what in (
        ("num_warps", 4, 1, None, "a positive integer"),
        ("num_stages", 3, 1, None, "a positive integer"),
        ("max_blocks_per_sm", 0, 0, 1024, "an integer from 0 (no cap) to 1024"),
        ("maxnreg", 0, 0, 255, "an integer from 0 (no cap) to 255"),
    ):
        value = config.get(field, default)
        if type(value) != "int":
            return None, _expected(path, where + "." + field, "an integer", value)
        if value < least or (most != None and value > most):
            return None, _expected(path, where + "." + field, what, value)
    config_targets = config.get("targets")
    if config_targets != None:
        error = _targets_error(path, where + ".targets", config_targets, targets)
        if error:
            return None, error
    return {
        "name": config["name"],
        "constexprs": constexprs,
        "num_warps": config.get("num_warps", 4),
        "num_stages": config.get("num_stages", 3),
        "max_blocks_per_sm": config.get("max_blocks_per_sm", 0),
        "maxnreg": config.get("maxnreg", 0),
        "targets": config_targets,
    }, None

def _check_buckets(path, buckets, key):
    """Checks `buckets` against `key`; returns an error or None."""
    if type(buckets) != "dict":
        return _expected(path, "buckets", "an object", buckets)
    for name, bucket in buckets.items():
        where = "buckets." + name
        if name not in key:
            return "%s: %s: \"%s\" is not in key (%s)" % (
                path,
                where,
                name,
                ", ".join(key) if key else "empty",
            )
        if type(bucket) == "string":
            if bucket in ("pow2", "exact"):
                continue
        elif type(bucket) == "list" and bucket:
            ok = True
            for j, bound in enumerate(bucket):
                if type(bound) != "int" or (j > 0 and bound <= bucket[j - 1]):
                    ok = False
            if ok:
                continue
        return _expected(
            path,
            where,
            "\"pow2\", \"exact\" or a non-empty increasing list of integers",
            bucket,
        )
    return None

def _check_restore(path, restore):
    """Checks `restore`: a list of {param, bytes} strings."""
    if type(restore) != "list":
        return _expected(path, "restore", "a list of objects", restore)
    for i, entry in enumerate(restore):
        where = "restore[%d]" % i
        error = _fields_error(path, where, entry, _RESTORE_FIELDS)
        if error:
            return error
        if type(entry["param"]) != "string" or not is_c_identifier(entry["param"]):
            return _expected(path, where + ".param", "a parameter name", entry["param"])
        if type(entry["bytes"]) != "string" or not entry["bytes"].strip():
            return _expected(
                path,
                where + ".bytes",
                "an integer expression string",
                entry["bytes"],
            )
    return None

def _check_tuned(path, tuned):
    """Checks the JSON shape of the `tuned` table (its contents are checked by
    tkc-launcher-gen)."""
    if type(tuned) != "list":
        return _expected(path, "tuned", "a list of objects", tuned)
    for i, entry in enumerate(tuned):
        where = "tuned[%d]" % i
        error = _fields_error(path, where, entry, _TUNED_FIELDS)
        if error:
            return error
        for field in ("kernel", "arch", "config"):
            error = _type_error(path, where + "." + field, "string", entry[field])
            if error:
                return error
        if type(entry["key"]) != "dict":
            return _expected(path, where + ".key", "an object", entry["key"])
        for name, value in entry["key"].items():
            error = _type_error(path, "%s.key.%s" % (where, name), "int", value)
            if error:
                return error
        if "time_us" in entry and type(entry["time_us"]) not in ("int", "float"):
            return _expected(path, where + ".time_us", "a number", entry["time_us"])
    return None

def _header_error(path, data, fields):
    """The error in a manifest's top-level fields (those of `fields` only)
    and in its schema_version, kernel and src, or None."""
    error = _fields_error(path, "", data, fields)
    if error:
        return error
    version = data["schema_version"]
    if type(version) != "int" or version != SCHEMA_VERSION:
        return _expected(path, "schema_version", str(SCHEMA_VERSION), version)
    kernel = data["kernel"]
    if type(kernel) != "string" or not is_c_identifier(kernel):
        return _expected(path, "kernel", "a function name", kernel)
    src = data["src"]
    if (type(src) != "string" or not src.endswith(".py") or
        src.startswith("/") or ".." in src.split("/")):
        return _expected(path, "src", "a .py file beside the manifest", src)
    return None

def _check_decorator_manifest(path, data):
    """Checks the JSON shape of a manifest beside a kernel's decorators
    (docs/manifest.md); `tkc aot --manifest` checks it against them. Returns
    it unchanged (no defaults: what it leaves out the decorators or the rule
    give) or an error string."""
    error = _header_error(path, data, _DECORATOR_TOP_FIELDS)
    if error:
        return error
    if "specializations" in data:
        error = _check_specializations(path, data["specializations"])
    if not error and "grid" in data:
        error = _check_grid(path, data["grid"])
    if not error and "targets" in data:
        error = _targets_error(path, "targets", data["targets"])
    if not error and "configs" in data:
        error = _named_list_error(path, "configs", data["configs"], _DECORATOR_CONFIG_FIELDS)
    if not error and "key" in data:
        error = _string_list_error(path, "key", data["key"])
    if not error and "autotune" in data:
        error = _type_error(path, "autotune", "bool", data["autotune"])
    if not error and "tuned" in data:
        error = _check_tuned(path, data["tuned"])
    if error:
        return error
    if "tuned" in data and "tuned_file" in data:
        return "%s: tuned_file: give either \"tuned\" or \"tuned_file\", not both" % path
    tuned_file = data.get("tuned_file")
    if tuned_file != None and (type(tuned_file) != "string" or not tuned_file or
                               tuned_file.startswith("/") or
                               ".." in tuned_file.split("/")):
        return _expected(path, "tuned_file", "a file beside the manifest", tuned_file)
    return data

def check_manifest(path, data):
    """Validates a decoded manifest against docs/manifest.md.

    Args:
      path: the manifest's workspace-relative path, for messages.
      data: the manifest as json.decode returns it.

    A manifest with `"decorators": true` completes a kernel's decorators
    (triton_kernel(decorators = True, manifest = ...)): only its shape is
    checked, and it is returned as it is.

    Returns:
      The manifest as a dict with every optional field filled in (`key`,
      `buckets`, `restore`, `autotune`; each config's `constexprs`,
      `num_warps`, `num_stages`, `max_blocks_per_sm`, and `targets`, None
      for all) if it is valid,
      else an error string `<path>: <JSON path>: <what was expected>`.
    """
    if type(data) == "dict" and data.get("decorators") == True:
        return _check_decorator_manifest(path, data)
    error = _header_error(path, data, _TOP_FIELDS)
    if error:
        return error

    error = (_check_specializations(path, data["specializations"]) or
             _check_grid(path, data["grid"]) or
             _targets_error(path, "targets", data["targets"]) or
             _named_list_error(path, "configs", data["configs"], _CONFIG_FIELDS))
    if error:
        return error
    configs = []
    for i, config in enumerate(data["configs"]):
        normalized, error = _check_config(path, i, config, data["targets"])
        if error:
            return error
        configs.append(normalized)

    key = data.get("key", [])
    error = _string_list_error(path, "key", key)
    if error:
        return error
    for i, name in enumerate(key):
        if not is_c_identifier(name) or name in key[:i]:
            return _expected(path, "key[%d]" % i, "a new parameter name", name)
    buckets = data.get("buckets", {})
    restore = data.get("restore", [])
    autotune = data.get("autotune", True)
    error = (_check_buckets(path, buckets, key) or
             _check_restore(path, restore) or
             _type_error(path, "autotune", "bool", autotune))
    if error:
        return error
    if "tuned" in data and "tuned_file" in data:
        return "%s: tuned_file: give either \"tuned\" or \"tuned_file\", not both" % path
    if "tuned" in data:
        error = _check_tuned(path, data["tuned"])
        if error:
            return error
    tuned_file = data.get("tuned_file")
    if tuned_file != None and (type(tuned_file) != "string" or not tuned_file or
                               tuned_file.startswith("/") or
                               ".." in tuned_file.split("/")):
        return _expected(path, "tuned_file", "a file beside the manifest", tuned_file)

    result = {
        "schema_version": data["schema_version"],
        "kernel": data["kernel"],
        "src": data["src"],
        "specializations": [
            {"name": s["name"], "signature": s["signature"]}
            for s in data["specializations"]
        ],
        "grid": data["grid"],
        "configs": configs,
        "key": key,
        "buckets": buckets,
        "targets": data["targets"],
        "restore": restore,
        "autotune": autotune,
    }
    if "tuned" in data:
        result["tuned"] = data["tuned"]
    if tuned_file != None:
        result["tuned_file"] = tuned_file
    return result

def manifest_plan(path, data, targets = None, configs = None):
    """The compile variants of a checked manifest, in launcher-gen order.

    Args:
      path: the manifest's workspace-relative path, for messages.
      data: the manifest as check_manifest returns it.
      targets: the targets to compile for (the rule's override), or None for
        the manifest's own.
      configs: the names of the configs to ship, or None for all of them.

    Returns:
      A list of struct(config_index, config, specialization, target, arch),
      config by config in manifest order, specializations in manifest order
      within a config, then targets; a config whose `targets` does not
      include a target (compared by arch) is not compiled for it. Or an error
      string if a name in `configs` is not a config of the manifest, a target
      is not one, or a target ends up with no variant at all.
    """
    all_names = [c["name"] for c in data["configs"]]
    if configs != None:
        if not configs:
            return "%s: configs: the rule's configs list is empty" % path
        for name in configs:
            if name not in all_names:
                return "%s: configs: no config named \"%s\" (the manifest has: %s)" % (
                    path,
                    name,
                    ", ".join(all_names),
                )
    if targets == None:
        targets = data["targets"]
    archs = {}
    for target in targets:
        arch = target_arch(target)
        if not arch:
            return "%s: unknown target \"%s\"; expected %s" % (path, target, TARGET_FORMS)
        if arch in archs:
            return "%s: targets \"%s\" and \"%s\" both name %s" % (
                path,
                archs[arch],
                target,
                arch,
            )
        archs[arch] = target

    plan = []
    counts = {arch: 0 for arch in archs}
    for index, config in enumerate(data["configs"]):
        if configs != None and config["name"] not in configs:
            continue
        config_archs = None
        if config["targets"] != None:
            config_archs = [target_arch(t) for t in config["targets"]]
        for spec in data["specializations"]:
            for target in targets:
                arch = target_arch(target)
                if config_archs != None and arch not in config_archs:
                    continue
                counts[arch] += 1
                plan.append(struct(
                    config_index = index,
                    config = config,
                    specialization = spec,
                    target = target,
                    arch = arch,
                ))
    for arch, count in counts.items():
        if not count:
            return "%s: no config is compiled for %s (each shipped config's targets leave it out)" % (path, archs[arch])
    return plan
