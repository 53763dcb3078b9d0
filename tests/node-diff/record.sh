#!/usr/bin/env bash
# (Re)record expected output from Node 20: NAME.out (stdout) and NAME.code.
# Usage: tests/node-diff/record.sh [NAME...]   (default: all cases)
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/cases" || exit 2
command -v node >/dev/null || { echo "node not found" >&2; exit 2; }
names=()
if [ $# -gt 0 ]; then
  for n in "$@"; do n="${n%.js}"; n="${n%.mjs}"; names+=("$(basename "$n")"); done
else
  for f in *.js *.mjs; do [ -e "$f" ] || continue; n="${f%.js}"; names+=("${n%.mjs}"); done
fi
for n in "${names[@]}"; do
  if [ -e "$n.js" ]; then file="$n.js"; elif [ -e "$n.mjs" ]; then file="$n.mjs"
  else echo "no such case: $n" >&2; continue; fi
  flags=(); args=()
  [ -e "$n.flags" ] && read -r -a flags < "$n.flags"
  [ -e "$n.args" ] && read -r -a args < "$n.args"
  timeout 10 node "${flags[@]}" "$file" "${args[@]}" < /dev/null > "$n.out" 2>/dev/null
  echo $? > "$n.code"
  echo "recorded $n (exit $(cat "$n.code"))"
done
