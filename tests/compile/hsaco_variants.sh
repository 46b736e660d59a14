# Sourced by check_hsaco.sh and check_mfma.sh (which set `kernel` and
# `arch` first): `fail MESSAGE` ends the test naming the variant checked;
# `for_each_variant CHECK FILES...` runs `CHECK JSON HSACO` for every pair
# *.ARCH.json / *.ARCH.hsaco among FILES, and fails if there is none.

fail() { echo "FAIL ($kernel, $arch): $*" >&2; exit 1; }

for_each_variant() {
  local check=$1 json hsaco checked=0
  shift
  for json in "$@"; do
    case "$json" in *."$arch".json) ;; *) continue ;; esac
    hsaco=${json%.json}.hsaco
    [ -f "$hsaco" ] || fail "no $hsaco beside $json"
    "$check" "$json" "$hsaco"
    checked=$((checked + 1))
  done
  [ "$checked" -gt 0 ] || fail "no *.$arch.json among: $*"
  echo "ok: $checked variant(s)"
}
