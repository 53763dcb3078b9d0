#!/usr/bin/python3
"""check.py WEFT: the observability test (issue 15). Runs tests/observe/server
(a JS and a Lua resource doing events, exports, awaits, timers, user scopes,
an HTTP handler) with `weft serve` on 127.0.0.1, records 20 frames with
`profiler record 20`, saves the JSON and validates it against the Trace
Event format; parses `resmon`'s table; scrapes GET /perf/ and parses it with
prometheus_client's text parser (Debian's python3-prometheus-client)."""
import json, os, queue, re, shutil, socket, subprocess, sys, tempfile, threading, time
import urllib.request
from prometheus_client.parser import text_string_to_metric_families

WEFT = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
RESOURCES = ["obs_js", "obs_lua"]
failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


tmp = tempfile.mkdtemp(prefix="weft-observe-")
shutil.copytree(os.path.join(HERE, "server"), tmp, dirs_exist_ok=True)
port = free_port()
with open(os.path.join(tmp, "server.cfg"), "w") as f:
    f.write("set sv_hitchWarning 600000\n")
    f.write("endpoint_add_tcp \"127.0.0.1:%d\"\n" % port)
    f.write("ensure oxmysql\nensure obs_lua\nensure obs_js\n")

proc = subprocess.Popen([WEFT, "serve", tmp], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, env=dict(os.environ, NO_COLOR="1"), text=True)
lines = queue.Queue()
alllines = []


def reader():
    for line in proc.stdout:
        alllines.append(line.rstrip("\n"))
        lines.put(line.rstrip("\n"))
    lines.put(None)


threading.Thread(target=reader, daemon=True).start()


def wait_for(pattern, timeout=30):
    """Lines read until one matches pattern (a regex); raises on timeout."""
    got = []
    end = time.time() + timeout
    while time.time() < end:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        if line is None:
            raise RuntimeError("server exited while waiting for %r" % pattern)
        got.append(line)
        if re.search(pattern, line):
            return got
    raise RuntimeError("timed out waiting for %r; got %r" % (pattern, got[-20:]))


def send(cmd):
    proc.stdin.write(cmd + "\n")
    proc.stdin.flush()


def http_get(path):
    with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=10) as r:
        return r.status, r.headers.get("Content-Type"), r.read().decode()


def check_trace(path):
    with open(path) as f:
        doc = json.load(f)  # well-formed
    evs = doc.get("traceEvents")
    if not isinstance(evs, list) or not evs:
        return fail("traceEvents missing or empty")
    meta = [e for e in evs if e.get("ph") == "M"]
    if not any(e["name"] == "process_name" for e in meta):
        fail("no process_name metadata")
    tnames = {e["tid"]: e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    if len(tnames) < 2:
        fail("thread_name metadata missing: %r" % tnames)
    stacks, last_ts, names = {}, {}, set()
    for e in evs:
        if e["ph"] == "M":
            continue
        for k in ("name", "ph", "ts", "pid", "tid"):
            if k not in e:
                return fail("event without %s: %r" % (k, e))
        if e["ph"] not in ("B", "E", "i"):
            fail("unexpected phase %r" % e["ph"])
        tid = e["tid"]
        if e["ts"] < last_ts.get(tid, 0):
            fail("timestamps go back on tid %d at %r" % (tid, e))
        last_ts[tid] = e["ts"]
        st = stacks.setdefault(tid, [])
        if e["ph"] == "B":
            st.append(e["name"])
            names.add(e["name"])
        elif e["ph"] == "E":
            if not st:
                return fail("E without B on tid %d: %r" % (tid, e))
            top = st.pop()
            if top != e["name"]:
                return fail("E %r closes B %r (not nested)" % (e["name"], top))
    for tid, st in stacks.items():
        if st:
            fail("unclosed scopes on tid %d: %r" % (tid, st))
    frames = [n for n in names if re.fullmatch(r"frame \d+", n)]
    if len(frames) != 20:
        fail("expected 20 frame markers, got %d" % len(frames))
    want = []
    for res in RESOURCES:
        want += ["tick (%s)" % res, "callbacks (%s)" % res, "event:obs:ping (%s)" % res]
    want += ["export:luaSlow (obs_lua)", "export:jsAdd (obs_js)", "js work (obs_js)",
             "lua work (obs_lua)", "http (obs_js)", "db (obs_lua)"]
    for n in want:
        if n not in names:
            fail("scope %r missing from the recording" % n)
    print("trace: %d events, %d frames, %d scope names" % (len(evs), len(frames), len(names)))


try:
    wait_for(r"started resource obs_js")
    send("profiler record 20")
    wait_for(r"recording 20 frames")
    st, _, body = http_get("/obs_js/")
    if st != 200 or not body.startswith("ok"):
        fail("SetHttpHandler answered %r %r" % (st, body))
    wait_for(r"recording stopped \(frames recorded\)")
    send("profiler status")
    wait_for(r"not recording; 20 frames")
    send("profiler saveJSON trace.json")
    wait_for(r"saved \d+ events \(20 frames\)")
    check_trace(os.path.join(tmp, "trace.json"))
    send("profiler view")
    view = wait_for(r"self ms")
    time.sleep(1.5)  # let resmon's window see some frames
    send("resmon")
    got = wait_for(r"resource\s+cpu ms/frame")
    send("echo resmon-end")
    got = wait_for(r"resmon-end")
    rows = {}
    for line in got:
        m = re.match(r"\[resmon\] (\S+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(\d+)$", line)
        if m:
            rows[m.group(1)] = [float(x) for x in m.groups()[1:]]
    for res in RESOURCES:
        if res not in rows:
            fail("resmon has no row for %s: %r" % (res, got))
        elif rows[res][0] <= 0 or rows[res][2] <= 0:
            fail("resmon row for %s has no CPU time or memory: %r" % (res, rows[res]))
    if "obs_lua" in rows and rows["obs_lua"][5] < 1:
        fail("resmon shows no timers for obs_lua (a thread waits on Wait)")
    print("resmon:", rows)
    st, ctype, text = http_get("/perf/")
    if st != 200 or not ctype.startswith("text/plain; version=0.0.4"):
        fail("/perf/ answered %r %r" % (st, ctype))
    fams = {f.name: f for f in text_string_to_metric_families(text)}
    for name, typ in [("weft_tick_time_seconds", "histogram"), ("weft_frames", "counter"),
                      ("weft_resource_cpu_seconds", "counter"),
                      ("weft_resource_memory_bytes", "gauge"),
                      ("weft_resource_events", "counter"),
                      ("weft_resource_exports", "counter"),
                      ("weft_db_query_duration_seconds", "histogram")]:
        if name not in fams:
            fail("/perf/ has no %s family: %r" % (name, sorted(fams)))
        elif fams[name].type != typ:
            fail("/perf/ %s is %s, not %s" % (name, fams[name].type, typ))
    if "weft_db_query_duration_seconds" in fams:
        n = [s.value for s in fams["weft_db_query_duration_seconds"].samples
             if s.name.endswith("_count")]
        if not n or n[0] < 1:
            fail("/perf/ counts no database query: %r" % n)
    cpu = {s.labels.get("resource"): s.value for s in fams["weft_resource_cpu_seconds"].samples
           if s.name.endswith("_total")} if "weft_resource_cpu_seconds" in fams else {}
    for res in RESOURCES:
        if cpu.get(res, 0) <= 0:
            fail("/perf/ has no CPU time for %s: %r" % (res, cpu))
    ev = {s.labels.get("resource"): s.value for s in fams["weft_resource_events"].samples} \
        if "weft_resource_events" in fams else {}
    if ev.get("obs_lua", 0) < 1:
        fail("/perf/ counts no events for obs_lua: %r" % ev)
    print("/perf/: %d families" % len(fams))
    # a hitch names the resource that held the loop, and for how long
    send("set sv_hitchWarning 150")
    send("emit obs:busy [400]")
    hitch = wait_for(r"frame hitch: .*since the previous frame: .*obs_js \d+\.\d ms")[-1]
    ms = float(re.search(r"obs_js (\d+\.\d) ms", hitch).group(1))
    if ms < 350:
        fail("hitch line gives obs_js %.1f ms for a 400 ms handler: %s" % (ms, hitch))
    send("set sv_hitchWarning 600000")
    print("hitch:", hitch)
    send("quit")
    rc = proc.wait(timeout=30)
    if rc != 0:
        fail("weft exited with %d" % rc)
except Exception as e:  # a hang or an early exit
    fail(str(e))
    proc.kill()
    proc.wait()
finally:
    shutil.rmtree(tmp, ignore_errors=True)
if failures:
    print("\n".join(alllines[-60:]))
    sys.exit(1)
print("PASS observe")
