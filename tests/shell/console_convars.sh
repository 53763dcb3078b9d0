#!/bin/sh
# Console lines with numeric convars out of range or not numbers, and usage
# mistakes: each gets one line saying what is wrong (no file:line on the
# console), the value stays, and the server keeps ticking and answering.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'ensure tk\n' > "$T/srv/server.cfg"
resource tk server.js "
let ticks = 0, last = -1;
setTick(() => { ticks++; });
on('show', () => {
  if (last >= 0) console.log('ticking', ticks > last, GetConvar('sv_frameRate', 'unset'));
  else console.log('baseline');
  last = ticks;
});"
serve
wait_for 'started resource tk' 20
type_line 'set sv_frameRate 0'
type_line 'sv_frameRate -1'
type_line 'setr sv_frameRate 1e3'
type_line 'set weft_cpuLimitMs abc'
type_line 'set net_maxMessageDepth 65'
type_line 'add_ace x'
type_line 'add_ace a b maybe'
type_line 'ensure a b'
type_line 'set'
type_line 'nonsense here'
type_line 'emit show []'
wait_for 'baseline' 20
sleep 1
type_line 'emit show []'
type_line 'echo still answering'
wait_for 'still answering' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[weft\] set: sv_frameRate "0" is out of range: valid is 1 to 1000 (Hz); keeping the default, 20$'
expect '^\[weft\] sv_frameRate "-1" is out of range: valid is 1 to 1000 (Hz); keeping the default, 20$'
expect '^\[weft\] setr: sv_frameRate "1e3" is not a whole number'
expect '^\[weft\] set: weft_cpuLimitMs "abc" is not a whole number: valid is 0 to 86400000 (ms, 0 = no limit)'
expect '^\[weft\] set: net_maxMessageDepth "65" is out of range: valid is 2 to 64 (levels)'
expect '^\[weft\] add_ace: expected 3 arguments, got 1 (usage: add_ace PRINCIPAL OBJECT allow|deny)$'
expect '^\[weft\] add_ace: the access type must be allow or deny, not "maybe"'
expect '^\[weft\] ensure: expected 1 argument, got 2 (usage: ensure NAME)$'
expect '^\[weft\] set: expected 2 arguments, got 0 (usage: set NAME "VALUE")$'
expect '^\[weft\] nonsense: unknown command (try help)$'
expect '^\[tk\] ticking true unset$'
echo PASS
