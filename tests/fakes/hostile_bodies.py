"""Hostile answer bodies for the fake vendor's ``Reply.raw_body`` (issue 32), per wire
format: an endless stream of 64 KB text deltas, one endless SSE line with no newline,
a 2 GB gzip bomb (generated as it is sent, never held), and streams of events in shapes
no client reads. Each is a zero-argument callable returning an iterator of bytes, so a
reply can be scripted more than once.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterator

KINDS = ("openai_compatible", "openai_responses", "anthropic")
KB = 1024
GB = 1 << 30

Body = Callable[[], Iterator[bytes]]


def event(data: object, name: str | None = None) -> bytes:
    """One SSE event (``event:`` line when ``name``), JSON data unless a string."""
    text = data if isinstance(data, str) else json.dumps(data)
    return (f"event: {name}\n" if name else "").encode() + f"data: {text}\n\n".encode()


def _text_event(kind: str, text: str) -> bytes:
    if kind == "openai_responses":
        return event({"type": "response.output_text.delta", "delta": text}, "response.output_text.delta")
    if kind == "anthropic":
        return event({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
                     "content_block_delta")
    return event({"choices": [{"index": 0, "delta": {"content": text}, "finish_reason": None}]})


def _opening(kind: str) -> bytes:
    if kind == "anthropic":
        return (event({"type": "message_start", "message": {"usage": {"input_tokens": 5}}}, "message_start")
                + event({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                        "content_block_start"))
    if kind == "openai_responses":
        return event({"type": "response.created", "response": {"status": "in_progress"}}, "response.created")
    return b""


def endless_deltas(kind: str, size: int = 64 * KB) -> Body:
    """An opening, then text deltas of ``size`` characters each, for ever."""
    one = _text_event(kind, "x" * size)

    def body() -> Iterator[bytes]:
        yield _opening(kind)
        while True:
            yield one

    return body


def endless_line(kind: str, piece: int = 64 * KB) -> Body:
    """An opening, then one ``data:`` line of a text delta that never ends (no newline)."""
    start = {"openai_compatible": b'data: {"choices":[{"index":0,"delta":{"content":"',
             "openai_responses": b'data: {"type":"response.output_text.delta","delta":"',
             "anthropic": b'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"'}[kind]
    filler = b"y" * piece

    def body() -> Iterator[bytes]:
        yield _opening(kind) + start
        while True:
            yield filler

    return body


def gzip_bomb(total: int = 2 * GB, block: int = 1 << 20) -> Body:
    """``total`` bytes of zeros, gzip-compressed as they are sent (about 1,000 : 1)."""
    zeros = bytes(block)

    def body() -> Iterator[bytes]:
        z = zlib.compressobj(9, zlib.DEFLATED, 31)
        for _ in range(total // block):
            if out := z.compress(zeros):
                yield out
        yield z.flush()

    return body


def gzip_of(data: bytes) -> bytes:
    """``data`` gzip-compressed (an error body sent with ``Content-Encoding: gzip``)."""
    z = zlib.compressobj(9, zlib.DEFLATED, 31)
    return z.compress(data) + z.flush()


def unread_shapes(kind: str) -> Body:
    """Events of JSON in no shape the format's client reads, then the format's normal end:
    an ``[1, 2]`` array, an object without the format's fields, and (chat) choices that
    are not objects."""
    end = {"openai_compatible": event("[DONE]"),
           "openai_responses": event({"type": "response.completed", "response": {"status": "completed"}},
                                     "response.completed"),
           "anthropic": event({"type": "message_stop"}, "message_stop")}[kind]
    odd = [event([1, 2]), event({"hello": "world"})]
    if kind == "openai_compatible":
        odd.append(event({"choices": ["not an object"]}))

    def body() -> Iterator[bytes]:
        yield _opening(kind)
        yield from odd
        yield end

    return body
