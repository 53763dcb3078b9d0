#!/usr/bin/env bash
# Differential test runner: compares `WEFT_BIN FLAGS FILE ARGS` against
# recorded Node 20 output (NAME.out = stdout, NAME.code = exit code).
#
# Usage: tests/node-diff/run.sh WEFT_BIN [NAME...]
#   WEFT_BIN may contain several words, e.g. "build/weft run" (it is split
#   on whitespace; a first word containing '/' is made absolute).
#   NAMEs are case names without extension; default is every case.
# Each run may take 10 s times WEFT_TEST_SLOW (default 1; `make asan` sets 4).
# If `node` is on PATH, each case is also re-run under live node and fails
# with "recording stale" if node no longer matches the recording.
set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cases="$here/cases"

if [ $# -lt 1 ]; then
  echo "usage: $0 WEFT_BIN [NAME...]" >&2
  exit 2
fi

read -r -a bin <<< "$1"
shift
if [ ${#bin[@]} -eq 0 ]; then
  echo "empty WEFT_BIN" >&2
  exit 2
fi
if [[ "${bin[0]}" == */* && "${bin[0]}" != /* ]]; then
  bin[0]="$(cd "$(dirname "${bin[0]}")" && pwd)/$(basename "${bin[0]}")"
fi

have_node=0
command -v node >/dev/null 2>&1 && have_node=1

names=()
if [ $# -gt 0 ]; then
  for n in "$@"; do
    n="${n%.js}"; n="${n%.mjs}"; n="$(basename "$n")"
    names+=("$n")
  done
else
  for f in "$cases"/*.js "$cases"/*.mjs; do
    [ -e "$f" ] || continue
    n="$(basename "$f")"; n="${n%.js}"; n="${n%.mjs}"
    names+=("$n")
  done
  mapfile -t names < <(printf '%s\n' "${names[@]}" | sort)
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# run_case CMD... ; sets $got_out file and $got_code
run_one() { # $1 = output file, rest = command
  local out="$1"; shift
  (cd "$cases" && timeout $((10 * ${WEFT_TEST_SLOW:-1})) "$@" < /dev/null > "$out" 2> "$out.err")
  echo $?
}

pass=0
fail=0
for n in "${names[@]}"; do
  if [ -e "$cases/$n.js" ]; then file="$n.js"
  elif [ -e "$cases/$n.mjs" ]; then file="$n.mjs"
  else echo "FAIL $n (no such case)"; fail=$((fail+1)); continue; fi
  if [ ! -e "$cases/$n.out" ] || [ ! -e "$cases/$n.code" ]; then
    echo "FAIL $n (not recorded; run record.sh $n)"; fail=$((fail+1)); continue
  fi
  flags=(); args=()
  [ -e "$cases/$n.flags" ] && read -r -a flags < "$cases/$n.flags"
  [ -e "$cases/$n.args" ] && read -r -a args < "$cases/$n.args"
  want_code="$(tr -d '[:space:]' < "$cases/$n.code")"

  ok=1
  msgs=()

  if [ $have_node -eq 1 ]; then
    ncode="$(run_one "$tmp/node.out" node "${flags[@]}" "$file" "${args[@]}")"
    if ! cmp -s "$tmp/node.out" "$cases/$n.out" || [ "$ncode" != "$want_code" ]; then
      ok=0
      msgs+=("  recording stale: live node differs from $n.out/$n.code (node exit $ncode, recorded $want_code)")
      msgs+=("$(diff -u --label "$n.out (recorded)" --label "node (live)" "$cases/$n.out" "$tmp/node.out" | head -20)")
    fi
  fi

  code="$(run_one "$tmp/got.out" "${bin[@]}" "${flags[@]}" "$file" "${args[@]}")"
  if ! cmp -s "$tmp/got.out" "$cases/$n.out"; then
    ok=0
    msgs+=("  stdout differs:")
    msgs+=("$(diff -u --label "$n.out (expected)" --label "actual" "$cases/$n.out" "$tmp/got.out" | head -30)")
  fi
  if [ "$code" != "$want_code" ]; then
    ok=0
    [ "$code" = 124 ] && msgs+=("  timed out after 10s")
    msgs+=("  exit code: expected $want_code, got $code")
  fi
  if [ $ok -eq 1 ]; then
    echo "PASS $n"; pass=$((pass+1))
  else
    echo "FAIL $n"; fail=$((fail+1))
    for m in "${msgs[@]}"; do [ -n "$m" ] && printf '%s\n' "$m"; done
    if [ -s "$tmp/got.out.err" ]; then
      echo "  stderr (first 5 lines):"; head -5 "$tmp/got.out.err" | sed 's/^/    /'
    fi
  fi
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
