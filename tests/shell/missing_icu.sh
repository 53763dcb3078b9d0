#!/bin/sh
# ICU missing (a fresh user's finding: a plain string sort threw): with
# LD_LIBRARY_PATH at an empty libicui18n.so.72, `weft run` keeps the
# locale-sensitive built-ins working in their non-locale forms, as Node
# built without Intl does (localeCompare by code point, toLocaleString as
# toString, toLocaleUpperCase as toUpperCase), says why once on stderr, and
# only Intl itself throws, naming the library and its Debian package.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/lib"
: > "$T/lib/libicui18n.so.72"
cat > "$T/icu.js" <<'JS'
console.log(['b', 'a', 'B'].sort((x, y) => x.localeCompare(y)).join(' '), 'x'.localeCompare('x'));
console.log((1234.5).toLocaleString(), 12n.toLocaleString(), 'abc'.toLocaleUpperCase(), [1, 'a'].toLocaleString());
console.log(new Date(0).toLocaleString() === new Date(0).toString());
try { new Intl.NumberFormat(); } catch (e) { console.log('Intl throws:', /libicui18n\.so\.72 \(Debian package libicu72\)/.test(e.message)); }
JS
LD_LIBRARY_PATH="$T/lib" "$WEFT" run "$T/icu.js" > "$T/out" 2> "$T/err" || fail "exit $? ($(cat "$T/err"))"
printf 'B a b 0\n1234.5 12 ABC 1,a\ntrue\nIntl throws: true\n' | cmp -s - "$T/out" || fail "output: $(cat "$T/out")"
[ "$(grep -c 'ICU is not available' "$T/err")" = 1 ] || fail "stderr: $(cat "$T/err")"
grep -q 'libicu72' "$T/err" || fail "stderr names no package: $(cat "$T/err")"
# and with ICU present, the locale forms
"$WEFT" run "$T/icu.js" > "$T/out2" 2>&1 || fail "with ICU: exit $?"
grep -q '^a b B 0$' "$T/out2" || fail "with ICU: $(cat "$T/out2")"
echo PASS
