#!/usr/bin/env python3
"""proxy.py LISTEN:TARGET...: TCP relays on 127.0.0.1 (each LISTEN port
relays to its TARGET port) that the cluster tests put on NATS routes to cut
them (tests/cluster/run.sh, "@@cut-route" / "@@heal-route"). SIGUSR1 cuts:
every relayed connection is closed and new ones are closed as soon as they
are accepted, so the nats-servers see their routes drop and fail to
re-establish them; SIGUSR2 heals: connections are relayed again. Prints
"ready" once listening; runs until killed."""
import selectors
import signal
import socket
import sys

cut = False
pairs = {}  # socket -> its peer
sel = selectors.DefaultSelector()


def close_pair(s):
    peer = pairs.pop(s, None)
    for x in (s, peer):
        if x is None:
            continue
        pairs.pop(x, None)
        try:
            sel.unregister(x)
        except (KeyError, ValueError):
            pass
        x.close()


def on_cut(signum, frame):
    global cut
    cut = True
    for s in list(pairs):
        close_pair(s)


def on_heal(signum, frame):
    global cut
    cut = False


signal.signal(signal.SIGUSR1, on_cut)
signal.signal(signal.SIGUSR2, on_heal)
targets = {}  # listening socket -> the port it relays to
for pair in sys.argv[1:]:
    listen_port, target_port = (int(x) for x in pair.split(":"))
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", listen_port))
    srv.listen(16)
    sel.register(srv, selectors.EVENT_READ)
    targets[srv] = target_port
print("ready", flush=True)
while True:
    try:
        events = sel.select(timeout=0.5)
    except InterruptedError:
        continue
    for key, _ in events:
        s = key.fileobj
        if s in targets:
            c, _ = s.accept()
            if cut:
                c.close()
                continue
            try:
                t = socket.create_connection(("127.0.0.1", targets[s]), 2)
            except OSError:
                c.close()
                continue
            pairs[c], pairs[t] = t, c
            sel.register(c, selectors.EVENT_READ)
            sel.register(t, selectors.EVENT_READ)
            continue
        if s not in pairs:
            continue
        try:
            data = s.recv(65536)
        except OSError:
            data = b""
        if not data:
            close_pair(s)
            continue
        try:
            pairs[s].sendall(data)
        except (OSError, KeyError):
            close_pair(s)
