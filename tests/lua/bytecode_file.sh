#!/bin/sh
# tests/lua/bytecode_file.sh WEFT_BIN: a precompiled (binary) Lua chunk is
# never loaded (issue 9): `weft run` of one and a resource script that is one
# each give one clear SCRIPT ERROR line naming the file, never a crash; the
# server keeps running. The chunk is written here (a corrupted dump header).
set -u
WEFT=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
bin() { printf '\033LuaT\000\031\223\r\n\032\n\004\010\010corrupted' > "$1"; }
expect() { # NAME ACTUAL-OUTPUT ACTUAL-RC WANTED-LINE WANTED-RC
  if [ "$3" != "$5" ]; then echo "FAIL $1: exit code $3, expected $5"; printf '%s\n' "$2"; fail=1
  elif ! printf '%s\n' "$2" | grep -qxF "$4"; then echo "FAIL $1: no line '$4' in:"; printf '%s\n' "$2"; fail=1
  else echo "ok $1"; fi
}
bin "$T/dumped.lua"
out=$(cd "$T" && "$WEFT" run dumped.lua 2>&1); rc=$?
expect "weft run" "$out" $rc "[dumped] SCRIPT ERROR: dumped.lua: a precompiled Lua chunk; only source files are loaded" 1

mkdir -p "$T/srv/resources/bc"
printf 'ensure bc\n' > "$T/srv/server.cfg"
printf "fx_version 'cerulean'\ngame 'common'\nserver_scripts { 'dumped.lua', 'main.lua' }\n" > "$T/srv/resources/bc/fxmanifest.lua"
bin "$T/srv/resources/bc/dumped.lua"
printf "print('main.lua runs') ExecuteCommand('quit')\n" > "$T/srv/resources/bc/main.lua"
# (as FiveM, a script that fails to load does not stop its resource: main.lua runs)
out=$(cd "$T/srv" && NO_COLOR=1 timeout 60 "$WEFT" serve . +quit </dev/null 2>&1); rc=$?
expect "resource script" "$out" $rc "[weft] resource \"bc\": script error in @bc/dumped.lua: a precompiled Lua chunk; only source files are loaded; failed to load script dumped.lua" 0
expect "resource goes on" "$out" $rc "[bc] main.lua runs" 0
exit $fail
