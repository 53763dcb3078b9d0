#!/bin/sh
# Console input: after `emit NAME` (or `emitnet SOURCE NAME`) the rest of the
# line is one JSON argument list of any size, spaces and all; mistakes get
# one line saying what is wrong; the emitnet source must be a player id. The
# same for +emit / +emitnet on the command line. An emitnet to an event with
# only plain handlers (no onNet) is not delivered and says so, as a player's
# event does. The server keeps answering.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'ensure rx\nensure rxlua\n' > "$T/srv/server.cfg"
resource rx server.js "
on('many', (...a) => console.log('many', a.length, a.reduce((x, y) => x + y, 0)));
on('big', (s) => console.log('big', s.length));
on('deep', (a) => console.log('deep ok'));
onNet('net', (...a) => console.log('net from', source, JSON.stringify(a)));"
resource rxlua server.lua "
AddEventHandler('many', function(...) local n, s = select('#', ...), 0
  for i = 1, n do s = s + select(i, ...) end print('lua many', n, s) end)"
NUMS=$(seq -s ', ' 0 299)
BIG=$(head -c 200000 /dev/zero | tr '\0' 'x')
DEEP65=$(printf '%65s' | tr ' ' '[')$(printf '%65s' | tr ' ' ']')
DEEP10=$(printf '%10s' | tr ' ' '[')$(printf '%10s' | tr ' ' ']')
serve +emit many "[1, 2, 3]" +emitnet 7 net '[1, "a b"]' +emitnet x net '[]'
wait_for 'started resource rxlua' 20
type_line "emit many [$NUMS]"
type_line "emit big [\"$BIG\"]"
type_line "emit deep $DEEP10"
type_line "emit deep $DEEP65"
type_line "emit many [1, 2"
type_line "emit many {\"a\": 1}"
type_line "emit many [1, 2] trailing"
type_line "emitnet 12 net [\"x;y\", {\"k\": [true, null]}]"
type_line "emitnet abc net []"
type_line "emitnet 0 net []"
type_line "emitnet 99999999999 net []"
type_line "emitnet 5 many [1, 1]"
type_line "emit many [\"unterminated]"
type_line "echo still answering"
wait_for 'still answering' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[rx\] many 3 6$'
expect '^\[rx\] net from 7 \[1,"a b"\]$'
expect '^\[weft\] emitnet: source "x" is not a player id'
expect '^\[rx\] many 300 44850$'
expect '^\[rxlua\] lua many	300	44850$'
expect '^\[rx\] big 200000$'
expect '^\[rx\] deep ok$'
expect '^\[weft\] emit deep: the arguments are not valid JSON: nested too deep at column 65'
expect "^\[weft\] emit many: the arguments are not valid JSON: expected ',' or ']' at column 6"
expect '^\[weft\] emit many: the arguments must be one JSON array'
expect '^\[weft\] emit many: the arguments are not valid JSON: unexpected text after the value at column 8'
expect '^\[rx\] net from 12 \["x;y",{"k":\[true,null\]}\]$'
expect '^\[weft\] emitnet: source "abc" is not a player id'
expect '^\[weft\] emitnet: source "0" is not a player id'
expect '^\[weft\] emitnet: source "99999999999" is not a player id'
expect '^\[weft\] emit many: the arguments are not valid JSON: unterminated string at column 2'
expect '^\[net\] event "many" from player 5 was not safe for net (no RegisterNetEvent/onNet handler)$'
expect_not 'many 2 2'
expect_not 'bad command line'
echo PASS
