"""A hostile screen of a hosted table, byte by byte: a WebSocket opened by hand on a plain
socket, so that a test decides what it reads (nothing, if it likes), when it resets, and
where it comes from (any loopback address, 127.0.0.2 and so on, is another address).

Shared by the tests of the hosted table's guards (``test_table_guards.py``)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
from collections.abc import Callable
from typing import Any

TIMEOUT = 30.0
"""Seconds any one wait of these tests may take before it fails (a bound, not a test)."""


async def until(condition: Callable[[], object], what: str, timeout: float = TIMEOUT) -> None:
    """Let the event loop run until ``condition`` holds; fails if it has not within
    ``timeout`` seconds (a bound, never a pause the test counts on)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        await asyncio.sleep(0.01)


def frame(text: str) -> bytes:
    """A client's text frame (masked, as a client's must be)."""
    payload = text.encode("utf-8")
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        header = bytes([0x81, 0x80 | size])
    elif size < 1 << 16:
        header = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    else:
        header = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big")
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class RawScreen:
    """One connection to a table's port: a socket the test drives itself."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    @classmethod
    async def connect(
        cls, port: int, *, source: str = "127.0.0.1", receive_buffer: int | None = None
    ) -> RawScreen:
        """A TCP connection from ``source`` (and nothing sent yet)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        sock.bind((source, 0))
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", port)), TIMEOUT)
        return cls(sock)

    @classmethod
    async def join(
        cls,
        port: int,
        hello: dict[str, Any] | None,
        *,
        source: str = "127.0.0.1",
        receive_buffer: int | None = None,
    ) -> RawScreen:
        """A WebSocket to ``/table``, upgraded, that has sent ``hello`` (if any)."""
        screen = await cls.connect(port, source=source, receive_buffer=receive_buffer)
        await screen.upgrade(port)
        if hello is not None:
            await screen.send(json.dumps(hello))
        return screen

    async def upgrade(self, port: int) -> None:
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /table HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        )
        await self.send_bytes(request.encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = await self.receive(1)  # (byte by byte: the frames after stay unread)
            if not chunk:
                raise AssertionError(f"the table closed during the handshake: {answer!r}")
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 101"), answer

    async def send(self, text: str) -> None:
        await self.send_bytes(frame(text))

    async def send_bytes(self, data: bytes) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.wait_for(loop.sock_sendall(self.sock, data), TIMEOUT)

    async def receive(self, size: int = 65536) -> bytes:
        loop = asyncio.get_running_loop()
        return await asyncio.wait_for(loop.sock_recv(self.sock, size), TIMEOUT)

    async def closed_by_the_table(self, timeout: float = TIMEOUT) -> bool:
        """Read (and drop) whatever comes until the table ends the connection; False if it
        has not within ``timeout`` seconds."""
        loop = asyncio.get_running_loop()

        async def drain() -> None:
            while True:
                try:
                    if not await loop.sock_recv(self.sock, 65536):
                        return
                except ConnectionError:
                    return

        try:
            await asyncio.wait_for(drain(), timeout)
        except asyncio.TimeoutError:
            return False
        return True

    def reset(self) -> None:
        """End the connection with a TCP reset (as a dropped phone's may)."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()

    def close(self) -> None:
        self.sock.close()
