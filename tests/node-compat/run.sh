#!/usr/bin/env bash
# Node's own tests (Node 20, from Debian's nodejs source package, see
# fetch.sh) run under weft, with weft's `common` module.
#
#   run.sh check WEFT BUILD AREA   run AREA's expected passes (expected-pass.txt)
#                                  under weft; fails if any fails (make test)
#   run.sh failing WEFT BUILD      after `table`: the files Node passes and weft
#                                  fails, with a one-line reason (markdown rows)
#   run.sh table WEFT BUILD        run every selected file under weft and under
#                                  node with the same shim; print passes per
#                                  area; per-file results in BUILD/node-compat/
#                                  results.txt (make node-compat)
#
# A file passes when it exits 0 within the time limit; one that calls
# common.skip() ("1..0 # Skipped") is counted apart. Node's results are
# cached in BUILD/node-compat/node-cache (per node version and shim). "// Flags:" lines of a
# test are passed to both runtimes, as Node's test runner does.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mode=${1:?usage: run.sh check|table WEFT BUILD [AREA]}
weft=${2:?WEFT binary}
build=${3:?build folder}
area=${4:-}
case $weft in /*) ;; *) weft="$(cd "$(dirname "$weft")" && pwd)/$(basename "$weft")" ;; esac
build=$(cd "$build" && pwd)
out="$build/node-compat"
"$here/fetch.sh" "$out" >/dev/null || exit 2
tests="$out/node-v20.19.2/test"
limit=${NODE_COMPAT_TIMEOUT:-$((30 * ${WEFT_TEST_SLOW:-1}))}

# run_one RUNTIME FILE -> prints pass|fail|skip|timeout
run_one() {
  local rt=$1 f=$2 flags log
  flags=$(sed -n 's|^// Flags: *||p' "$tests/$f" | tr '\n' ' ')
  log="$out/logs/$(basename "$rt")/${f//\//_}.log"
  mkdir -p "$(dirname "$log")"
  # shellcheck disable=SC2086
  (cd "$tests/$(dirname "$f")" && timeout -k 2 "$limit" "$rt" $flags "$(basename "$f")" \
    </dev/null >"$log" 2>&1)
  local rc=$?
  if [ $rc -eq 0 ] && grep -q '^1\.\.0 # Skipped' "$log"; then echo skip
  elif [ $rc -eq 0 ]; then echo pass
  elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo timeout
  else echo fail
  fi
}

areas() { for a in "$here"/areas/*.txt; do basename "$a" .txt; done; }
files_of() { grep -v '^#' "$here/areas/$1.txt" | sed '/^$/d'; }

# reason_of LOG: one line saying why a file failed, from its log
reason_of() {
  local log=$1 m
  m=$(grep -m1 -oE "Cannot find module '[^']+'|No such built-in module: [a-z0-9_:/]+" "$log")
  if [ -n "$m" ]; then echo "needs ${m##* }" | tr -d "'"; return; fi
  m=$(grep -m1 -E "^(\w*Error|AssertionError|Mismatched|InternalError)|Error \[|Error:" "$log" | cut -c1-160)
  [ -n "$m" ] && { echo "$m"; return; }
  [ -s "$log" ] && { head -n1 "$log" | cut -c1-160; return; }
  echo "exits non-zero with no output"
}

if [ "$mode" = failing ]; then
  # the files node passes and weft does not, from the last table run
  [ -f "$out/results.txt" ] || { echo "run the table first" >&2; exit 2; }
  grep 'node=pass weft=\(fail\|timeout\|skip\)' "$out/results.txt" | while read -r a f _ w; do
    echo "| $a | $f | ${w#weft=}: $(reason_of "$out/logs/$(basename "$weft")/${f//\//_}.log" | sed 's/|/\\|/g') |"
  done
  exit
fi

if [ "$mode" = check ]; then
  [ -f "$here/areas/$area.txt" ] || { echo "no such area: $area" >&2; exit 2; }
  n=0 bad=0
  for f in $(files_of "$area"); do
    grep -qx "$f" "$here/expected-pass.txt" || continue
    n=$((n + 1))
    r=$(run_one "$weft" "$f")
    if [ "$r" != pass ]; then
      bad=$((bad + 1))
      echo "FAIL $f ($r); log: $out/logs/weft/${f//\//_}.log"
      tail -n 15 "$out/logs/weft/${f//\//_}.log" | sed 's/^/    /'
    fi
  done
  echo "$area: $((n - bad))/$n expected passes pass"
  [ $bad -eq 0 ]
  exit
fi

[ "$mode" = table ] || { echo "unknown mode $mode" >&2; exit 2; }
command -v node >/dev/null || { echo "node is needed for Node's column" >&2; exit 2; }
node=$(command -v node)
results="$out/results.txt"
# Node's results depend only on node and the shim: cached per both.
ncache="$out/node-cache/$("$node" --version)-$(cat "$here"/common/*.js | sha256sum | cut -c1-12)"
mkdir -p "$ncache"
: >"$results"
printf '%-16s %9s %10s %10s %8s %8s\n' area selected node-pass weft-pass weft% skipped
tw=0 tn=0 ts=0 tk=0
for a in ${area:-$(areas)}; do
  sel=0 np=0 wp=0 sk=0
  for f in $(files_of "$a"); do
    sel=$((sel + 1))
    cached="$ncache/${f//\//_}"
    if [ -f "$cached" ]; then rn=$(cat "$cached"); else rn=$(run_one "$node" "$f"); echo "$rn" >"$cached"; fi
    if [ "$rn" = skip ]; then sk=$((sk + 1)); echo "$a $f node=skip weft=-" >>"$results"; continue; fi
    rw=$(run_one "$weft" "$f")
    echo "$a $f node=$rn weft=$rw" >>"$results"
    if [ "$rn" = pass ]; then
      np=$((np + 1))
      [ "$rw" = pass ] && wp=$((wp + 1))
    fi
  done
  pct=0; [ $np -gt 0 ] && pct=$((100 * wp / np))
  printf '%-16s %9d %10d %10d %7d%% %8d\n' "$a" "$sel" "$np" "$wp" "$pct" "$sk"
  ts=$((ts + sel)) tn=$((tn + np)) tw=$((tw + wp)) tk=$((tk + sk))
done
pct=0; [ $tn -gt 0 ] && pct=$((100 * tw / tn))
printf '%-16s %9d %10d %10d %7d%% %8d\n' total "$ts" "$tn" "$tw" "$pct" "$tk"
echo "(weft% = weft passes among the files Node passes; per-file results: $results)"
