#!/bin/sh
# Console line handling (issue: a fresh user's findings): exec of a file that
# is not *.cfg stops at its first bad line with one message (FiveM runs every
# line of any file, one "No such command" each); a binary file runs nothing;
# a .cfg file goes on past a bad line; bytes that are not text are escaped
# when a line is echoed in an error; an unterminated quote and a NUL byte get
# server.cfg's messages; a convar's name alone prints its value and default;
# help NAME describes NAME; a 20-digit number is out of range.
. "$(dirname "$0")/lib.sh"
mkdir -p "$T/srv"
printf 'ensure cl\n' > "$T/srv/server.cfg"
resource cl server.js "RegisterCommand('cl_hello', () => console.log('hello'), false);"
printf 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon\necho notes-not-reached\n' > "$T/srv/notes.txt"
printf 'echo in-cfg-1\nnot_a_command here\necho in-cfg-2\n' > "$T/srv/extra.cfg"
head -c 2048 /dev/urandom | tr -d '\n' > "$T/srv/blob.cfg"
printf '\000\001\002\003\004\005\006\007\010\016\017' >> "$T/srv/blob.cfg"
serve
wait_for 'started resource cl' 20
type_line 'exec notes.txt'
type_line 'exec /etc/passwd'
type_line 'exec blob.cfg'
type_line 'exec extra.cfg'
printf 'foo\001\033[2J\377 bar\n' >&3
type_line 'set x "abc'
printf 'echo a\000b\n' >&3
type_line 'sv_frameRate'
type_line 'set sv_frameRate 30'
type_line 'sv_frameRate'
type_line 'weft_memoryLimitMb'
type_line 'sv_hitchWarning 99999999999999999999'
type_line 'help ensure'
type_line 'help cl_hello'
type_line 'help nope'
type_line 'echo done typing'
wait_for 'done typing' 20
type_line quit
wait_exit 20
cat "$T/out"
expect '^\[weft\] notes.txt:1: root:x:0:0:root:/root:/bin/bash: unknown command (not a .cfg file: the rest of it is skipped)$'
expect_not 'daemon'
[ "$(grep -c '^\[weft\] /etc/passwd:1: .*: unknown command (not a .cfg file: the rest of it is skipped)$' "$T/out")" -eq 1 ] ||
  fail "exec /etc/passwd: not one line"
[ "$(grep -c 'passwd' "$T/out")" -eq 1 ] || fail "exec /etc/passwd: more than one line"
expect_not 'notes-not-reached'
expect "^\\[weft\\] exec: 'blob.cfg' is not a text file: nothing in it was run$"
expect '^\[weft\] in-cfg-1$'
expect '^\[weft\] extra.cfg:2: not_a_command: unknown command (try help)$'
expect '^\[weft\] in-cfg-2$'
expect '^\[weft\] foo\\x01\\x1b\[2J\\xff: unknown command (try help)$'
expect '^\[weft\] unterminated quoted string (rest of the line ignored)$'
expect '^\[weft\] NUL byte in line (ignored)$'
expect_not '^\[weft\] a$'
expect '^\[weft\] "sv_frameRate" is "20" (default: 20)$'
expect '^\[weft\] "sv_frameRate" is "30" (default: 20)$'
expect '^\[weft\] "weft_memoryLimitMb" is the default: 512 for JS, 256 for Lua$'
expect '^\[weft\] sv_hitchWarning "99999999999999999999" is out of range: valid is 1 to 86400000 (ms)'
expect '^\[weft\] ensure: starts resource NAME, or restarts it when it runs (usage: ensure NAME)$'
expect '^\[weft\] cl_hello: a command of resource cl$'
expect '^\[weft\] help: no command "nope" (help lists them)$'
echo PASS
