#!/usr/bin/env bash
# The shared remote cache test (issue 18): starts a Remote Execution API
# server on loopback (BuildGrid's CAS, ByteStream and action cache, no
# execution), builds //kernels:kernels from one clean copy of this checkout
# with --remote_cache=grpc://127.0.0.1:PORT, then from a second copy at
# another path with its own output root and no local cache at all (no
# --disk_cache), and checks from the second build's execution log
# (--execution_log_json_file) that every TkcCompile and TkcLauncherGen action
# it ran was a remote cache hit. It prints the wall time of both builds, the
# hit counts, and Bazel's process summary of each.
#
# Not run by CI: a cold build of several minutes on 2 cores, then the cached
# one. As a Bazel target: `bazel test //tools:remote_cache_test` (tagged
# manual and local: it runs Bazel itself on copies of the checkout). A "clean copy" is every file git tracks plus the untracked
# ones it does not ignore, so uncommitted work is tested too.
#
# BuildGrid is an external tool of this test only (a Python server; nothing
# of tkc's build or run path uses it). The server is $BGD if set, else `bgd`
# on PATH, else one installed with pip into WORKDIR/venv (`pip install
# buildgrid`, which needs the package index).
#
# Usage: tools/remote_cache_test.sh [WORKDIR]   (default: a new /tmp
#        directory, removed on success; kept on failure for inspection)
set -euo pipefail

# The checkout: through the symlink when run as a Bazel test.
src=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
work=${1:-$(mktemp -d /tmp/tkc-remote-cache.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
server_pid=""
# "DIR ROOT" of each Bazel server started (a copy and its output root).
bazels=()

say() { echo "remote_cache_test: $*" >&2; }

# Stops what this script started: the server, and the Bazel servers of its
# output roots.
cleanup() {
  local entry
  for entry in "${bazels[@]}"; do
    (cd "${entry%% *}" &&
      bazel --output_user_root="${entry#* }" shutdown >/dev/null 2>&1) || true
  done
  bazels=()
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT

# copy DIR: a clean copy of the checkout in DIR.
copy() {
  mkdir -p "$1"
  (cd "$src" && git ls-files -z --cached --others --exclude-standard |
    tar --null --no-recursion -T - -cf -) | tar -xf - -C "$1"
}

# The BuildGrid server command.
find_bgd() {
  if [ -n "${BGD:-}" ]; then
    echo "$BGD"
  elif command -v bgd >/dev/null; then
    command -v bgd
  else
    if [ ! -x "$work/venv/bin/bgd" ]; then
      say "installing BuildGrid into $work/venv"
      python3 -m venv "$work/venv" >&2
      "$work/venv/bin/pip" install -q buildgrid >&2
    fi
    echo "$work/venv/bin/bgd"
  fi
}

# A TCP port nothing listens on.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    if ! ss -ltn | awk '{print $4}' | grep -q ":$port\$"; then
      echo "$port"
      return
    fi
  done
}

# start_server PORT: BuildGrid on 127.0.0.1:PORT with its storage in
# $work/cas; waits until it listens.
start_server() {
  local port=$1 bgd i
  bgd=$(find_bgd)
  mkdir -p "$work/cas"
  cat >"$work/bgd.yml" <<EOF
# BuildGrid for tools/remote_cache_test.sh: a CAS and an action cache for
# Bazel's --remote_cache on loopback, without authentication or execution.
server:
  - !channel
    address: "127.0.0.1:$port"
    insecure-mode: true
storages:
  - !disk-storage &cas
    path: $work/cas
caches:
  - !lru-action-cache &action-cache
    storage: *cas
    max-cached-refs: 1000000
    allow-updates: true
    cache-failed-actions: false
instances:
  - name: ""
    services:
      - !action-cache
        cache: *action-cache
      - !cas
        storage: *cas
      - !bytestream
        storage: *cas
EOF
  "$bgd" server start "$work/bgd.yml" >"$work/bgd.log" 2>&1 &
  server_pid=$!
  for i in $(seq 1 120); do
    if ss -ltn | awk '{print $4}' | grep -q ":$port\$"; then
      say "BuildGrid listens on 127.0.0.1:$port (pid $server_pid, log $work/bgd.log)"
      return
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
      say "BuildGrid did not start:"
      cat "$work/bgd.log" >&2
      exit 1
    fi
    sleep 0.5
  done
  say "BuildGrid does not listen on port $port after 60 s"
  exit 1
}

# build NAME DIR PORT: builds //kernels:kernels in DIR with the remote cache
# (own output root, no disk cache), writing $work/NAME.{log,exec.json,time}.
build() {
  local name=$1 dir=$2 port=$3 root="$work/$1.bazel-root" start
  bazels+=("$dir $root")
  start=$(date +%s.%N)
  (cd "$dir" && bazel --output_user_root="$root" build --disk_cache= \
    --remote_cache="grpc://127.0.0.1:$port" \
    --execution_log_json_file="$work/$name.exec.json" \
    //kernels:kernels) >"$work/$name.log" 2>&1 || {
    say "the $name build failed (log: $work/$name.log):"
    tail -20 "$work/$name.log" >&2
    exit 1
  }
  echo "$start $(date +%s.%N)" | awk '{printf "%.1f\n", $2 - $1}' \
    >"$work/$name.time"
}

# hits LOG MNEMONIC: "<hits> <count>" of the spawns of MNEMONIC ("*": of
# all) in the JSON execution log LOG (pretty-printed SpawnExec objects, each
# opened by a "{" and closed by a "}" in column 0).
hits() {
  awk -v want="$2" '
    /^\{/ { mnemonic = ""; hit = 0 }
    /^  "mnemonic": / { mnemonic = $2; gsub(/[",]/, "", mnemonic) }
    /^  "remoteCacheHit": true/ { hit = 1 }
    /^\}/ { if (want == "*" || mnemonic == want) { count++; hits += hit } }
    END { print hits + 0, count + 0 }' "$1"
}

port=$(free_port)
clones=("$work/first/tkc" "$work/second/elsewhere/tkc-copy")
# Both copies first, so that both builds see the same sources even if the
# checkout changes meanwhile.
for clone in "${clones[@]}"; do
  copy "$clone"
done
start_server "$port"

say "cold build in ${clones[0]} (fills the remote cache)"
build cold "${clones[0]}" "$port"
say "build in ${clones[1]} (empty local cache, remote cache only)"
build cached "${clones[1]}" "$port"

failed=0
for name in cold cached; do
  say "$name: $(cat "$work/$name.time") s; $(grep -m1 -E '^INFO: [0-9]+ processes' "$work/$name.log" || echo 'no process summary')"
done
# Every TkcCompile and TkcLauncherGen action (there must be some) and every
# TkcAot one (decorated kernels) must be a hit; all spawns are reported.
for mnemonic in TkcCompile TkcLauncherGen TkcAot '*'; do
  read -r hit count < <(hits "$work/cached.exec.json" "$mnemonic")
  say "cached: ${mnemonic/#\*/all spawns}: $hit of $count were remote cache hits"
  if [ "$mnemonic" != '*' ] && [ "$hit" -ne "$count" ]; then
    failed=1
  fi
  if [ "$count" -eq 0 ] && [[ "$mnemonic" == Tkc[CL]* ]]; then
    failed=1
  fi
done
read -r hit count < <(hits "$work/cold.exec.json" TkcCompile)
say "cold: TkcCompile: $hit of $count actions were remote cache hits"
if [ "$count" -eq 0 ]; then
  say "the cold build ran no TkcCompile action"
  failed=1
fi

if ((failed)); then
  say "FAIL (kept in $work)"
  exit 1
fi
say "PASS"
if [ $# -eq 0 ]; then
  cleanup
  trap - EXIT
  rm -rf "$work"
fi
