"""How targets are spelled, for every vendor: the Starlark twin of
metadata/TargetName.cpp's table (a row added there is added here).

    load("//rules/private:targets.bzl", "parse_target")
    parse_target("cuda:90a")  # struct(backend = "cuda", arch = "sm_90a", format = "cubin")
"""

# backend: the metadata's target.backend; prefix: how its arch names start;
# drops_prefix: whether the long form leaves the prefix out (cuda:90a);
# format: the binary format and file extension of its variants.
VENDORS = [
    struct(backend = "cuda", prefix = "sm_", drops_prefix = True, format = "cubin"),
    struct(backend = "hip", prefix = "gfx", drops_prefix = False, format = "hsaco"),
]

# What an error message lists as the accepted forms.
TARGET_FORMS = "sm_NN[a], cuda:NN[a], gfxNNN or hip:gfxNNN"

def parse_target(target):
    """Reads `cuda:90a`, `sm_90a`, `hip:gfx942[:warp]` or `gfx942`.

    Args:
      target: the target string.

    Returns:
      struct(backend, arch, format), or None when it is not a target.
    """
    parts = target.split(":")
    if len(parts) == 1:
        for vendor in VENDORS:
            if target.startswith(vendor.prefix) and len(target) > len(vendor.prefix):
                return struct(backend = vendor.backend, arch = target, format = vendor.format)
        return None
    if len(parts) > 3 or not parts[1]:
        return None
    for vendor in VENDORS:
        if parts[0] != vendor.backend:
            continue
        if vendor.drops_prefix:
            if parts[1].startswith(vendor.prefix):
                return None
            arch = vendor.prefix + parts[1]
        else:
            if not parts[1].startswith(vendor.prefix):
                return None
            arch = parts[1]
        return struct(backend = vendor.backend, arch = arch, format = vendor.format)
    return None
