#!/bin/sh
# valgrind.sh WEFT [NAME...]: the host scenarios (default: all but the
# MariaDB ones) with WEFT (a build without ASan) under valgrind memcheck
# (--leak-check=full --error-exitcode=1). Code runs ~30x slower there, so the
# scenarios run from a copy whose server.cfg first raises the CPU-time and
# hitch warnings/limits (a scenario that sets them itself still wins) and
# whose time limit is 600 s. One line per scenario: its run.sh verdict and
# valgrind's; reports in $VG_OUT (default /tmp/weft-valgrind)/NAME.PID.log.
# Exit 1 when valgrind reported anything (output differences are listed but
# are expected where a scenario measures time).
WEFT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${VG_OUT:-/tmp/weft-valgrind}
rm -rf "$OUT" && mkdir -p "$OUT/host" || exit 2
cp -R "$HERE/." "$OUT/host/"
sed -i 's/timeout 60 /timeout 600 /' "$OUT/host/run.sh"
for c in "$OUT"/host/*/server.cfg; do
  # one line, ';'-separated, so the scenario's line numbers stay
  printf 'set weft_cpuWarnMs 600000; set weft_cpuLimitMs 600000; set sv_hitchWarning 600000; ' |
    cat - "$c" > "$c.new" && mv "$c.new" "$c"
done
cat > "$OUT/weft" <<EOF
#!/bin/sh
exec valgrind --error-exitcode=1 --leak-check=full '--soname-synonyms=somalloc=*mimalloc*' --log-file="$OUT/\$VG_NAME.%p.log" "$WEFT" "\$@"
EOF
chmod +x "$OUT/weft"
[ $# -gt 0 ] || set -- $(cd "$HERE" && ls -d */ | tr -d / | while read -r n; do
  [ -f "$n/expected.out" ] && [ ! -e "$n/mariadb" ] && echo "$n"; done)
bad=0
for n in "$@"; do
  r=$(VG_NAME=$n "$OUT/host/run.sh" "$OUT/weft" "$n" > "$OUT/$n.out" 2>&1 && echo pass || echo differs)
  logs=$(ls "$OUT/$n".*.log 2>/dev/null)
  dirty=$(for l in $logs; do grep -q 'ERROR SUMMARY: 0 errors' "$l" || echo "$l"; done)
  if [ -z "$logs" ]; then v="no valgrind report"; bad=1
  elif [ -n "$dirty" ]; then v="valgrind errors: $(echo $dirty)"; bad=1
  else v="valgrind clean"; fi
  echo "$n: output $r; $v"
done
exit $bad
