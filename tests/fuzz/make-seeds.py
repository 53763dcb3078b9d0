#!/usr/bin/env python3
"""make-seeds.py: (re)write the seed inputs of tests/fuzz/corpus/TARGET/seed-*.

Seeds are small, hand-chosen inputs that reach each part of a target quickly;
libFuzzer grows its own corpus from them (in the build folder). Inputs that
once failed live next to them as crash-*/regress-* files and are never
rewritten here. Run from anywhere: python3 tests/fuzz/make-seeds.py"""
import os
import struct
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
ROOT = os.path.dirname(os.path.dirname(HERE))


def mp(v):
    """A minimal msgpack packer (ints, floats, str, bin, list, dict, ext)."""
    if v is None:
        return b"\xc0"
    if v is True:
        return b"\xc3"
    if v is False:
        return b"\xc2"
    if isinstance(v, int):
        if 0 <= v < 128:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        if v < 0:
            return b"\xd3" + struct.pack(">q", v)
        if v < 2**32:
            return b"\xce" + struct.pack(">I", v)
        return b"\xcf" + struct.pack(">Q", v)
    if isinstance(v, float):
        return b"\xcb" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode("utf-8", "surrogatepass")
        return (bytes([0xA0 | len(b)]) if len(b) < 32 else b"\xd9" + bytes([len(b)])) + b
    if isinstance(v, (bytes, bytearray)):
        return b"\xc4" + bytes([len(v)]) + bytes(v)
    if isinstance(v, list):
        return bytes([0x90 | len(v)]) + b"".join(mp(x) for x in v) if len(v) < 16 else \
            b"\xdc" + struct.pack(">H", len(v)) + b"".join(mp(x) for x in v)
    if isinstance(v, dict):
        return bytes([0x80 | len(v)]) + b"".join(mp(k) + mp(x) for k, x in v.items())
    if isinstance(v, Ext):
        return b"\xc7" + bytes([len(v.data)]) + struct.pack("b", v.type) + v.data
    raise TypeError(v)


class Ext:
    def __init__(self, type_, data):
        self.type, self.data = type_, data


def vec(*xs):
    return Ext(20 + len(xs) - 2, b"".join(struct.pack("<f", x) for x in xs))


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data)


def clear_seeds(target):
    d = os.path.join(CORPUS, target)
    if os.path.isdir(d):
        for n in os.listdir(d):
            if n.startswith("seed-"):
                os.remove(os.path.join(d, n))


def nest(n):
    v = 1
    for _ in range(n):
        v = [v]
    return v


MSGPACK_VALUES = {
    "scalars": [None, True, False, 0, -1, 127, -32, 255, 65536, 2**53 + 1, 2**63 + 5, -(2**63),
                0.5, float("nan"), float("-inf"), -0.0],
    "strings": ["", "a", "h\u00e9llo", "\U0001F600", "nul\0byte", "x" * 40],
    "binary": [b"", b"\x00\xff\xfe", "a".encode()],
    "maps": [{"a": 1, "b": [1, 2, {"c": None}]}, {1: "one", 2: "two"}, {"__proto__": {"x": 1}},
             {True: 1, None: 2} if False else {True: 1}, {1.5: "f"}],
    "holes": [[None, None, 1], [1, None, 3, None], {3: "x"}],
    "vectors": [vec(1, 2), vec(1, 2, 3), vec(0.5, -1, 2, 3)],
    "refs": [Ext(10, b"res:1:0"), Ext(11, b"other:2:5"), [Ext(10, b"a:1:1"), Ext(10, b"a:1:1")]],
    "deep63": [nest(63)],
    "deep64": [nest(64)],
    "mixed": [[1, "two", 3.0, {"four": [5]}, vec(6, 7, 8), None, b"\x09"]],
}


def msgpack_seeds(target):
    clear_seeds(target)
    for name, args in MSGPACK_VALUES.items():
        write(target, name + "-args", b"\x01" + mp(args))
        write(target, name + "-value", b"\x00" + mp(args[0]))
    # A few malformed ones: truncated, a lying count, reserved byte, trailing.
    write(target, "truncated", b"\x01" + mp(["abc", 1])[:-2])
    write(target, "lying-count", b"\x01\xdd\xff\xff\xff\xff\x01")
    write(target, "reserved", b"\x00\xc1")
    write(target, "trailing", b"\x00\x01\x02")
    write(target, "bad-ext", b"\x00\xd4\x05\x00")
    write(target, "str32", b"\x00\xdb\x00\x00\x00\x03abc")


def builder_seeds(target, nops):
    clear_seeds(target)
    # one seed per op: mode byte, then the op with operand bytes, then ops
    # that put the result in a container.
    for op in range(nops):
        body = bytes([op, 3, 7, 1, 200, 5, 9, 0, 2, 4, 8, 16, 32, 64])
        write(target, "op%02d" % op, bytes([op & 1]) + body)
    # a longer mix
    write(target, "mix", bytes([1]) + bytes(range(nops)) * 3)


def console_seeds():
    t = "console"
    clear_seeds(t)
    lines = {
        "emit": "emit fz [1, 2, 3]",
        "emit-types": 'emit fz [null, true, false, -0, 1.5e300, 9007199254740993, -9223372036854775808, '
                      '18446744073709551615, "\\u00e9\\ud83d\\ude00\\n", {"a": [[], {}]}]',
        "emit-lua": 'emit fz:lua ["x", {"y": [1, null, 3]}]',
        "emit-nested": "emit fz " + "[" * 70 + "]" * 70,
        "emit-object": 'emit fz {"a": 1}',
        "emit-bad": 'emit fz [1, "unterminated',
        "emit-escape": 'emit fz ["\\u12", "\\', 
        "emit-noargs": "emit fz",
        "emitnet": 'emitnet 7 fz ["from", "client", 7]',
        "emitnet-bad": "emitnet notanumber fz [1]",
        "many": "emit fz [" + ", ".join(str(i) for i in range(300)) + "]",
        "several": 'set fz_a 1; sets fz_b "two words"; setr fz_c x\necho hello world\nhelp\nresources',
        "quotes": 'echo "quoted \\" string" and \\ back; # comment\n// other comment',
        "unknown": "frobnicate now",
        "usage": "emitnet\nset onlyname\nemit",
    }
    for name, line in lines.items():
        write(t, name, line)


def cfg_seeds():
    t = "cfg"
    clear_seeds(t)
    fx = os.path.join(ROOT, "tests", "unit", "fixtures", "cfg")
    for n in sorted(os.listdir(fx)):
        p = os.path.join(fx, n)
        if os.path.isfile(p):
            with open(p, "rb") as f:
                write(t, "fixture-" + n, f.read())
    sep = "\n--8<--\n"
    write(t, "exec-chain", "set a 1\nexec 1.cfg" + sep + "set b 2\nexec 2.cfg" + sep +
          "exec 3.cfg ; set c 3" + sep + "ensure x # done")
    write(t, "exec-loop", "exec 1.cfg" + sep + "exec server.cfg")
    write(t, "exec-fanout", "exec 1.cfg\nexec 1.cfg" + sep + "exec 2.cfg\nexec 2.cfg" + sep + "set x y")
    write(t, "exec-missing", "exec nothere.cfg\nset after 1")
    write(t, "exec-extra-arg", "exec 1.cfg 1" + sep + "exec server.cfg 1")
    write(t, "quotes", 'set "a b" "c \\" d \\\\ e \\n"\nset x "unterminated\n')
    write(t, "bom-crlf", "\ufeffset a 1\r\nset b 2\r\n")
    write(t, "semicolons", "set a 1;set b 2;;; ;set c \"3;4\"")
    write(t, "nul", "set a 1\nset b \0 2\n")
    write(t, "comments", "# a\n// b\nset a 1 # c\nset b 2 // d\nset c http://x\n")


def manifest_seeds():
    t = "manifest"
    clear_seeds(t)
    fx = os.path.join(ROOT, "tests", "unit", "fixtures", "manifest")
    for n in sorted(os.listdir(fx)):
        for m in ("fxmanifest.lua", "__resource.lua"):
            p = os.path.join(fx, n, m)
            if os.path.isfile(p):
                with open(p, "rb") as f:
                    write(t, "fixture-" + n, f.read())
    write(t, "globs", "fx_version 'cerulean'\ngame 'common'\nshared_script 'shared.lua'\n"
          "server_scripts { 'server.js', 'sub/*.lua', 'sub/**/*.js', '**/c.lua' }\n"
          "dependencies { 'a', 'b' }\nprovide 'x'\n")
    write(t, "all-files", "fx_version 'cerulean'\nserver_script '**'\n")
    write(t, "odd-name", "fx_version 'cerulean'\nserver_script 'odd [x]*.lua'\nserver_script './sub/a.lua'\n")
    write(t, "escape", "fx_version 'cerulean'\nserver_script '../x.lua'\n")
    write(t, "table-forms", "fx_version 'bodacious'\nserver_script 'server.js' { extra = 1 }\n"
          "client_scripts { 'client.lua' }\nfiles { 'x', 'y' }\nauthor 'me'\nversion '1'\n")
    write(t, "runaway", "fx_version 'cerulean'\nwhile true do end\n")
    write(t, "memory", "local t = {} for i = 1, 1e7 do t[i] = ('x'):rep(100) .. i end\n")
    write(t, "strings", "local s = string.rep('a', 1e6) server_script(s)\n")
    write(t, "numbers", "fx_version(1.5) dependency(42) server_script 'server.js'\n")
    write(t, "bad-value", "server_script {1, {}, 'x'}\n")

    write(t, "deep-glob", "server_script '" + "**/" * 40 + "x.lua'\n")


def http_parser_seeds():
    t = "http_parser"
    clear_seeds(t)
    # control bytes: flags (bit 0 response), maxHeaderSize selector, piece size
    get = b"GET /a?b=1 HTTP/1.1\r\nHost: x\r\nX-Long:  v  \r\n\r\n"
    post = (b"POST /p HTTP/1.1\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello")
    chunked = (b"POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
               b"5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nTrailer: t\r\n\r\n")
    write(t, "get", b"\x00\x00\x00" + get)
    write(t, "get-pieces", b"\x00\x00\x01" + get)
    write(t, "pipelined", b"\x00\x00\x07" + get + post + get)
    write(t, "chunked", b"\x00\x00\x03" + chunked)
    write(t, "response", b"\x01\x00\x02HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc")
    write(t, "response-eof", b"\x01\x00\x00HTTP/1.0 404 Not Found\r\nServer: s\r\n\r\nbody until close")
    write(t, "upgrade", b"\x80\x00\x04GET /ws HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"
          b"\x81\x05hello" + get)
    write(t, "connect", b"\x00\x00\x00CONNECT h:443 HTTP/1.1\r\nHost: h:443\r\n\r\nraw")
    write(t, "overflow", b"\x00\x02\x05" + b"GET / HTTP/1.1\r\nA: " + b"x" * 100 + b"\r\n\r\n")
    write(t, "garbage", b"\x00\x00\x00\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03")
    write(t, "bad-length", b"\x00\x00\x00POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
    write(t, "throw-headers", b"\x22\x00\x00" + get + get)
    write(t, "throw-body", b"\x44\x00\x02" + post)
    write(t, "skip-body", b"\x21\x00\x00HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcHTTP/1.1 204 No\r\n\r\n")
    write(t, "reenter", b"\x46\x00\x01" + post)


msgpack_seeds("msgpack_js_decode")
msgpack_seeds("msgpack_lua_decode")
builder_seeds("msgpack_js_encode", 46)
builder_seeds("msgpack_lua_encode", 28)
console_seeds()
cfg_seeds()
manifest_seeds()
http_parser_seeds()
