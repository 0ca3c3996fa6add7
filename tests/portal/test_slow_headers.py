"""Slow headers can't take the portal down: 200 connections trickling their headers a byte at a
time, and a real player is still answered; the trickling ones are closed once their headers are
late (larp.portal.serving.HEADER_SECONDS), and each stays bounded in time."""

import socket
import time

import httpx

from larp.portal.serving import HEADER_SECONDS
from tests.portal.test_browser import served  # noqa: F401  (the fixture: larp portal in a process of its own)

TRICKLING = 200


def trickle(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    conn = socket.create_connection((host, int(port)), timeout=5)
    conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    return conn


def test_slow_headers_leave_a_real_player_answered_and_are_closed_when_late(served):  # noqa: F811
    _, base = served
    slow = [trickle(base) for _ in range(TRICKLING)]
    try:
        started = time.monotonic()
        for conn in slow[:20]:
            conn.sendall(b"X")
        answered = httpx.get(base + "/", timeout=5)
        assert answered.status_code == 200 and "Sign in" in answered.text
        assert time.monotonic() - started < 5
        deadline = started + HEADER_SECONDS + 10
        closed = 0
        for conn in slow:
            conn.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                closed += conn.recv(1024) == b""  # the server closed it, having answered nothing
            except TimeoutError:
                break  # still open at the deadline
            except ConnectionError:
                closed += 1
        assert closed == TRICKLING and time.monotonic() < deadline
    finally:
        for conn in slow:
            conn.close()
