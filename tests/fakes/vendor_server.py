"""A real HTTP server on 127.0.0.1 that speaks the three chat wire formats with SSE.

Test double only (STYLE.md: "a fake that cannot ship"): importing it outside pytest
raises unless ``CHATHUB_ALLOW_TEST_DOUBLES=1``.

- ``POST /v1/chat/completions`` → OpenAI Chat Completions chunks, ``[DONE]``;
- ``POST /v1/responses`` → OpenAI Responses typed events;
- ``POST /v1/messages`` → Anthropic Messages events.

Script replies with :meth:`FakeVendor.script`; an empty queue answers with
:data:`DEFAULT_REPLY`. Every request is recorded in :attr:`FakeVendor.requests`.
Responses use chunked transfer encoding and ``Connection: close``; ``cut_after`` drops
the socket mid-body (the client sees an incomplete chunked body), ``truncate_after``
ends the body cleanly but without the format's end markers.
"""

from __future__ import annotations

import json
import os
import select
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

if "pytest" not in sys.modules and os.environ.get("CHATHUB_ALLOW_TEST_DOUBLES") != "1":
    raise ImportError(
        "tests.fakes.vendor_server is a test double: import it only under pytest "
        "(or set CHATHUB_ALLOW_TEST_DOUBLES=1)"
    )

from chathub_desktop.core.messages import ToolCall, Usage  # noqa: E402

CHAT_PATH = "/v1/chat/completions"
RESPONSES_PATH = "/v1/responses"
MESSAGES_PATH = "/v1/messages"
_POLL_S = 0.02


@dataclass
class Reply:
    """One scripted answer (times in seconds, sizes in characters).

    - ``text_chunks`` / ``reasoning_chunks``: streamed deltas, in order (reasoning first).
    - ``tool_calls``: calls to stream; their ``arguments`` are sent in fragments of
      ``arg_fragment_chars``; several calls are streamed as parallel calls.
    - ``usage``: our :class:`Usage` totals; the fake converts them to the wire shape
      (Anthropic: uncached ``input_tokens`` = total − cached − cache-write). ``None`` →
      ``input_tokens=11`` and ``output_tokens`` = number of text chunks.
    - ``raw_usage``: a vendor ``usage`` object sent verbatim instead (e.g. DeepSeek's).
    - ``finish_reason``: the wire finish/stop reason; default per format (``stop`` /
      ``tool_calls``, ``end_turn`` / ``tool_use``). For Responses a value other than
      ``stop`` / ``tool_calls`` is sent as ``response.incomplete`` with that reason.
    - ``delay_s``: wait before the status line; ``chunk_delay_s``: wait before each event.
    - ``cut_after``: drop the connection (no final chunk) after that many text chunks.
    - ``truncate_after``: end the body cleanly after that many text chunks, without
      finish reason / ``[DONE]`` / ``message_stop`` / ``response.completed``.
    - ``hang``: after the headers and the first ``hang_after`` text chunks, send nothing
      until the client disconnects or the server stops.
    - ``error_status`` + ``error_body`` (dict → JSON, or text): a plain HTTP error answer.
      ``error_status=200`` with a body answers that JSON with status 200 (MiniMax style).
      Fault modes (issue 12): ``error_headers`` are added to that answer (e.g.
      ``{"Retry-After": "30"}``); ``error_content_type`` replaces ``application/json``
      (``text/html`` for a proxy's error page, see :func:`html_error_page`).
    - ``stream_error``: after the text chunks, an in-stream error ``{"message", "type",
      "code"}`` wrapped per format (chat ``{"error": ...}`` chunk, Anthropic ``event:
      error``, Responses ``response.failed`` or, with ``responses_error_event="error"``,
      an ``error`` event).
    """

    text_chunks: list[str] = field(default_factory=lambda: ["Hello", " from", " the", " fake."])
    reasoning_chunks: list[str] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    usage: Usage | None = None
    raw_usage: dict[str, object] | None = None
    finish_reason: str | None = None
    delay_s: float = 0.0
    chunk_delay_s: float = 0.0
    cut_after: int | None = None
    truncate_after: int | None = None
    hang: bool = False
    hang_after: int = 0
    error_status: int | None = None
    error_body: dict[str, object] | str | None = None
    error_headers: dict[str, str] = field(default_factory=dict)
    error_content_type: str = "application/json"
    stream_error: dict[str, object] | None = None
    responses_error_event: str = "response.failed"
    arg_fragment_chars: int = 4
    #: issue 32: a body sent verbatim (chunked, as the iterable yields it, until the client
    #: goes) with ``raw_status`` and ``raw_headers`` (``Content-Type: text/event-stream``
    #: unless given) instead of the format's events; see ``tests.fakes.hostile_bodies``.
    raw_body: Callable[[], Iterable[bytes]] | None = None
    raw_status: int = 200
    raw_headers: dict[str, str] = field(default_factory=dict)
    #: close the connection after reading the request, answering nothing (a server
    #: closing an idle keep-alive connection as the request arrives)
    drop_before_answer: bool = False


DEFAULT_REPLY = Reply()


@dataclass
class RecordedRequest:
    """One request the fake received: ``path``, lower-cased ``headers``, decoded JSON
    ``body`` (``None`` if not JSON) and the ``raw`` bytes."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, object] | None
    raw: bytes


class _Stop(Exception):
    """The client went away or the server is stopping: abandon this response."""


class FakeVendor:
    """Scripted fake of the chat vendors on ``127.0.0.1:<free port>``.

    ``start()`` / ``stop()`` (or use as a context manager). ``base_url`` is
    ``http://127.0.0.1:PORT/v1``. ``requests`` lists every request, ``disconnects``
    counts responses abandoned because the client closed the connection, and
    ``client_gone`` is set each time that happens (tests wait on it).
    """

    def __init__(self) -> None:
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.client_gone = threading.Event()
        self.requests: list[RecordedRequest] = []
        self.disconnects = 0
        self.completed = 0
        #: issue 32: when set, ``GET /v1/models`` answers this reply's raw body instead.
        self.models_reply: Reply | None = None
        #: When set, ``GET /v1/models`` answers 401 unless the request carries this key
        #: (``Authorization: Bearer`` or ``x-api-key``), as the vendors do.
        self.models_key: str | None = None
        #: The ids ``GET /v1/models`` lists (issue 28: a vendor serving its own names).
        self.models: list[str] = ["fake-model"]
        #: Extra fields per listed id in ``GET /v1/models`` (issue 28: a reported window,
        #: e.g. ``{"context_length": 8192}`` or ``{"meta": {"n_ctx_train": 8192}}``).
        self.model_fields: dict[str, dict[str, object]] = {}
        #: When set, ``GET /props`` answers it (a llama.cpp server's settings).
        self.props: dict[str, object] | None = None
        #: When set, the vendor is an Ollama server: ``GET /api/version`` answers
        #: ``{"version": ollama_version}``, ``GET /api/ps`` answers :attr:`ollama_ps` and
        #: ``POST /api/show`` answers :attr:`ollama_show` for the posted model (404 for
        #: another); those requests are not recorded.
        self.ollama_version: str | None = None
        self.ollama_ps: dict[str, object] = {"models": []}
        self.ollama_show: dict[str, dict[str, object]] = {}
        #: When true, chat answers keep the connection open for the next request
        #: (HTTP/1.1 keep-alive) instead of ``Connection: close``.
        self.keep_alive = False
        #: TCP connections accepted so far.
        self.connections = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------
    def start(self) -> FakeVendor:
        """Bind port 0 on 127.0.0.1 and serve in a daemon thread. Returns ``self``."""
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        server.daemon_threads = True
        server.vendor = self  # type: ignore[attr-defined]
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving; hanging or slow responses are released at once."""
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeVendor:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        """The bound TCP port."""
        assert self._server is not None, "FakeVendor not started"
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    # -- scripting -------------------------------------------------------------------
    def script(self, *replies: Reply) -> None:
        """Queue replies; each request takes the next one (FIFO)."""
        with self._lock:
            self._queue.extend(replies)

    def clear_script(self) -> None:
        """Drop every queued reply (a crash test re-scripts before each process)."""
        with self._lock:
            self._queue.clear()

    def _next_reply(self) -> Reply:
        with self._lock:
            return self._queue.popleft() if self._queue else DEFAULT_REPLY

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _note_disconnect(self) -> None:
        with self._lock:
            self.disconnects += 1
        self.client_gone.set()

    def _note_connection(self) -> None:
        with self._lock:
            self.connections += 1

    def _note_completed(self) -> None:
        with self._lock:
            self.completed += 1

    @property
    def last_request(self) -> RecordedRequest:
        """The most recent request (AssertionError when there is none)."""
        with self._lock:
            assert self.requests, "the fake vendor has received no request"
            return self.requests[-1]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "FakeVendor/1"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        """Silence the per-request stderr log."""

    @property
    def vendor(self) -> FakeVendor:
        return self.server.vendor  # type: ignore[attr-defined]

    def setup(self) -> None:
        """Count the accepted connection (one handler per connection)."""
        super().setup()
        self.vendor._note_connection()

    # -- plumbing --------------------------------------------------------------------
    def _client_closed(self) -> bool:
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            if not readable:
                return False
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True

    def _wait(self, seconds: float) -> None:
        """Sleep up to ``seconds`` (``inf`` for hang), raising _Stop early when the client
        disconnects or the server stops."""
        deadline = time.monotonic() + seconds
        while True:
            if self.vendor._stopping.is_set():
                raise _Stop
            if self._client_closed():
                self.vendor._note_disconnect()
                raise _Stop
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            self.vendor._stopping.wait(min(_POLL_S, remaining))

    def _write_chunk(self, payload: bytes) -> None:
        try:
            self.wfile.write(f"{len(payload):x}\r\n".encode() + payload + b"\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            self.vendor._note_disconnect()
            raise _Stop from None

    def _send_event(self, data: object, event: str | None = None, delay_s: float = 0.0) -> None:
        if delay_s:
            self._wait(delay_s)
        elif self._client_closed():
            self.vendor._note_disconnect()
            raise _Stop
        text = data if isinstance(data, str) else json.dumps(data)
        prefix = f"event: {event}\n" if event else ""
        self._write_chunk(f"{prefix}data: {text}\n\n".encode())

    def _end_body(self) -> None:
        try:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except OSError:
            self.vendor._note_disconnect()
            raise _Stop from None

    def _drop_connection(self) -> None:
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.close_connection = True

    def _send_json(
        self,
        status: int,
        body: dict[str, object] | str | None,
        *,
        content_type: str = "application/json",
        headers: dict[str, str] | None = None,
    ) -> None:
        data = (body if isinstance(body, str) else json.dumps(body or {})).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.close_connection = True

    def _send_raw(self, reply: Reply) -> None:
        """``reply.raw_body`` chunked, until it ends or the client goes (issue 32)."""
        assert reply.raw_body is not None
        self.send_response(reply.raw_status)
        headers = {"Content-Type": "text/event-stream", **reply.raw_headers}
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            for piece in reply.raw_body():
                if self.vendor._stopping.is_set():
                    return
                if piece:
                    self._write_chunk(piece)
            self._end_body()
        except _Stop:
            pass

    # -- entry -----------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        """``/v1/models`` lists :attr:`FakeVendor.models` (401 without :attr:`FakeVendor.models_key` when
        that is set); anything else is 404."""
        raw = self.vendor.models_reply
        if raw is not None and raw.raw_body is not None and self.path.rstrip("/") == "/v1/models":
            self._send_raw(raw)
            return
        want = self.vendor.models_key
        if want is not None and self.path.rstrip("/") == "/v1/models":
            given = self.headers.get("x-api-key") or self.headers.get("Authorization", "").removeprefix("Bearer ")
            if given != want:
                self._send_json(401, {"error": {"message": "Incorrect API key provided", "type": "invalid_api_key"}})
                return
        if self.path.rstrip("/") == "/v1/models":
            fields = self.vendor.model_fields
            self._send_json(200, {"object": "list", "data": [
                {"id": m, "object": "model", **fields.get(m, {})} for m in self.vendor.models]})
        elif self.path.rstrip("/") == "/props" and self.vendor.props is not None:
            self._send_json(200, self.vendor.props)
        elif self.path.rstrip("/") == "/api/version" and self.vendor.ollama_version is not None:
            self._send_json(200, {"version": self.vendor.ollama_version})
        elif self.path.rstrip("/") == "/api/ps" and self.vendor.ollama_version is not None:
            self._send_json(200, self.vendor.ollama_ps)
        else:
            self._send_json(
                404, {"error": {"message": f"no route {self.path}", "type": "not_found"}}
            )

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        """Record the request, then answer the next scripted reply in the path's format."""
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        if self.path.rstrip("/") == "/api/show" and self.vendor.ollama_version is not None:
            shown = self.vendor.ollama_show.get(str(body.get("model")) if isinstance(body, dict) else "")
            if shown is None:
                self._send_json(404, {"error": "model not found"})
            else:
                self._send_json(200, shown)
            return
        self.vendor._record(
            RecordedRequest(
                method="POST",
                path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body if isinstance(body, dict) else None,
                raw=raw,
            )
        )
        path = self.path.split("?", 1)[0].rstrip("/")
        writers = {
            CHAT_PATH: self._stream_chat,
            RESPONSES_PATH: self._stream_responses,
            MESSAGES_PATH: self._stream_messages,
        }
        writer = writers.get(path)
        if writer is None:
            self._send_json(
                404, {"error": {"message": f"no route {self.path}", "type": "not_found"}}
            )
            return
        reply = self.vendor._next_reply()
        if reply.drop_before_answer:
            self._drop_connection()
            return
        try:
            if reply.delay_s:
                self._wait(reply.delay_s)
            if reply.raw_body is not None:
                self._send_raw(reply)
                return
            if reply.error_status is not None:
                self._send_json(reply.error_status, reply.error_body,
                                content_type=reply.error_content_type, headers=reply.error_headers)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            if not self.vendor.keep_alive:
                self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.flush()
            writer(reply, body if isinstance(body, dict) else {})
            self._end_body()
            self.vendor._note_completed()
            if self.vendor.keep_alive:
                return  # the next request may come on this connection
        except _Stop:
            pass
        except _Cut:
            self._drop_connection()
        self.close_connection = True

    # -- shared text loop ------------------------------------------------------------
    def _text_loop(self, reply: Reply, send_text: Callable[[str], None]) -> bool:
        """Send the text chunks via ``send_text(chunk)``; handle hang/cut/truncate.
        Returns False when the body must end now without end markers (truncate)."""
        for index, chunk in enumerate(reply.text_chunks):
            if reply.hang and index == reply.hang_after:
                self._wait(float("inf"))
            if reply.cut_after is not None and index == reply.cut_after:
                raise _Cut
            if reply.truncate_after is not None and index == reply.truncate_after:
                return False
            send_text(chunk)
        count = len(reply.text_chunks)
        if reply.hang and reply.hang_after >= count:
            self._wait(float("inf"))
        if reply.cut_after is not None and reply.cut_after >= count:
            raise _Cut
        if reply.truncate_after is not None and reply.truncate_after >= count:
            return False
        return True

    def _usage(self, reply: Reply) -> Usage:
        if reply.usage is not None:
            return reply.usage
        return Usage(input_tokens=11, output_tokens=max(1, len(reply.text_chunks)))

    # -- OpenAI Chat Completions -----------------------------------------------------
    def _stream_chat(self, reply: Reply, request: dict[str, object]) -> None:
        model = str(request.get("model") or "fake-model")
        delay = reply.chunk_delay_s

        def chunk(delta: dict[str, object], finish: str | None = None) -> dict[str, object]:
            return {
                "id": "chatcmpl-fake",
                "object": "chat.completion.chunk",
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }

        self._send_event(chunk({"role": "assistant", "content": ""}), delay_s=delay)
        for piece in reply.reasoning_chunks:
            self._send_event(chunk({"reasoning_content": piece}), delay_s=delay)
        if not self._text_loop(
            reply, lambda t: self._send_event(chunk({"content": t}), delay_s=delay)
        ):
            return
        if reply.stream_error is not None:
            self._send_event({"error": reply.stream_error}, delay_s=delay)
            return
        for index, call in enumerate(reply.tool_calls):
            head = {
                "index": index,
                "id": call.id,
                "type": "function",
                "function": {"name": call.name, "arguments": ""},
            }
            self._send_event(chunk({"tool_calls": [head]}), delay_s=delay)
        # interleave the argument fragments of parallel calls
        pieces = [_fragments(c.arguments, reply.arg_fragment_chars) for c in reply.tool_calls]
        for round_ in range(max((len(p) for p in pieces), default=0)):
            for index, frags in enumerate(pieces):
                if round_ < len(frags):
                    frag = {"index": index, "function": {"arguments": frags[round_]}}
                    self._send_event(chunk({"tool_calls": [frag]}), delay_s=delay)
        finish = reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")
        self._send_event(chunk({}, finish), delay_s=delay)
        usage_obj = (
            reply.raw_usage if reply.raw_usage is not None else _chat_usage(self._usage(reply))
        )
        self._send_event(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion.chunk",
                "model": model,
                "choices": [],
                "usage": usage_obj,
            },
            delay_s=delay,
        )
        self._send_event("[DONE]", delay_s=delay)

    # -- OpenAI Responses ------------------------------------------------------------
    def _stream_responses(self, reply: Reply, request: dict[str, object]) -> None:
        delay = reply.chunk_delay_s
        model = str(request.get("model") or "fake-model")

        def send(kind: str, **data: object) -> None:
            self._send_event({"type": kind, **data}, event=kind, delay_s=delay)

        base = {"id": "resp_fake", "object": "response", "model": model}
        send("response.created", response={**base, "status": "in_progress"})
        output_index = 0
        if reply.reasoning_chunks:
            send(
                "response.output_item.added",
                output_index=0,
                item={"type": "reasoning", "id": "rs_1"},
            )
            for piece in reply.reasoning_chunks:
                send(
                    "response.reasoning_summary_text.delta",
                    item_id="rs_1",
                    output_index=0,
                    summary_index=0,
                    delta=piece,
                )
            send(
                "response.output_item.done",
                output_index=0,
                item={"type": "reasoning", "id": "rs_1"},
            )
            output_index = 1
        send(
            "response.output_item.added",
            output_index=output_index,
            item={"type": "message", "id": "msg_1", "role": "assistant"},
        )
        ok = self._text_loop(
            reply,
            lambda t: send(
                "response.output_text.delta",
                item_id="msg_1",
                output_index=output_index,
                content_index=0,
                delta=t,
            ),
        )
        if not ok:
            return
        text = "".join(reply.text_chunks)
        send(
            "response.output_text.done",
            item_id="msg_1",
            output_index=output_index,
            content_index=0,
            text=text,
        )
        send(
            "response.output_item.done",
            output_index=output_index,
            item={
                "type": "message",
                "id": "msg_1",
                "role": "assistant",
                "content": [{"type": "output_text", "text": text}],
            },
        )
        if reply.stream_error is not None:
            if reply.responses_error_event == "error":
                send("error", **reply.stream_error)
            else:
                send(
                    "response.failed",
                    response={**base, "status": "failed", "error": reply.stream_error},
                )
            return
        for n, call in enumerate(reply.tool_calls):
            idx = output_index + 1 + n
            item = {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": call.id,
                "name": call.name,
                "arguments": "",
            }
            send("response.output_item.added", output_index=idx, item=item)
            for frag in _fragments(call.arguments, reply.arg_fragment_chars):
                send(
                    "response.function_call_arguments.delta",
                    item_id=f"fc_{n}",
                    output_index=idx,
                    delta=frag,
                )
            send(
                "response.function_call_arguments.done",
                item_id=f"fc_{n}",
                output_index=idx,
                arguments=call.arguments,
            )
            send(
                "response.output_item.done",
                output_index=idx,
                item={**item, "arguments": call.arguments, "status": "completed"},
            )
        usage = (
            reply.raw_usage if reply.raw_usage is not None else _responses_usage(self._usage(reply))
        )
        reason = reply.finish_reason
        if reason and reason not in ("stop", "tool_calls", "completed"):
            send(
                "response.incomplete",
                response={
                    **base,
                    "status": "incomplete",
                    "incomplete_details": {"reason": reason},
                    "usage": usage,
                },
            )
        else:
            send("response.completed", response={**base, "status": "completed", "usage": usage})

    # -- Anthropic Messages ----------------------------------------------------------
    def _stream_messages(self, reply: Reply, request: dict[str, object]) -> None:
        delay = reply.chunk_delay_s
        model = str(request.get("model") or "fake-model")

        def send(kind: str, **data: object) -> None:
            self._send_event({"type": kind, **data}, event=kind, delay_s=delay)

        usage = self._usage(reply)
        wire = reply.raw_usage if reply.raw_usage is not None else _anthropic_usage(usage)
        send(
            "message_start",
            message={
                "id": "msg_fake",
                "type": "message",
                "role": "assistant",
                "model": model,
                "content": [],
                "stop_reason": None,
                "usage": {
                    **{k: v for k, v in wire.items() if k != "output_tokens"},
                    "output_tokens": 1,
                },
            },
        )
        index = 0
        if reply.reasoning_chunks:
            send(
                "content_block_start",
                index=index,
                content_block={"type": "thinking", "thinking": ""},
            )
            for piece in reply.reasoning_chunks:
                send(
                    "content_block_delta",
                    index=index,
                    delta={"type": "thinking_delta", "thinking": piece},
                )
            send(
                "content_block_delta",
                index=index,
                delta={"type": "signature_delta", "signature": "c2ln"},
            )
            send("content_block_stop", index=index)
            index += 1
        send("content_block_start", index=index, content_block={"type": "text", "text": ""})
        send("ping")
        ok = self._text_loop(
            reply,
            lambda t: send(
                "content_block_delta", index=index, delta={"type": "text_delta", "text": t}
            ),
        )
        if not ok:
            return
        send("content_block_stop", index=index)
        if reply.stream_error is not None:
            send("error", error=reply.stream_error)
            return
        for call in reply.tool_calls:
            index += 1
            send(
                "content_block_start",
                index=index,
                content_block={"type": "tool_use", "id": call.id, "name": call.name, "input": {}},
            )
            for frag in _fragments(call.arguments, reply.arg_fragment_chars):
                send(
                    "content_block_delta",
                    index=index,
                    delta={"type": "input_json_delta", "partial_json": frag},
                )
            send("content_block_stop", index=index)
        stop = reply.finish_reason or ("tool_use" if reply.tool_calls else "end_turn")
        send(
            "message_delta",
            delta={"stop_reason": stop, "stop_sequence": None},
            usage={"output_tokens": wire.get("output_tokens", 0)},
        )
        send("message_stop")


class _Cut(Exception):
    """Drop the connection without finishing the chunked body."""


def _fragments(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def _chat_usage(usage: Usage) -> dict[str, object]:
    out: dict[str, object] = {
        "prompt_tokens": usage.input_tokens or 0,
        "completion_tokens": usage.output_tokens or 0,
        "total_tokens": (usage.input_tokens or 0) + (usage.output_tokens or 0),
    }
    details: dict[str, object] = {}
    if usage.cached_tokens is not None:
        details["cached_tokens"] = usage.cached_tokens
    if usage.cache_write_tokens is not None:
        details["cache_write_tokens"] = usage.cache_write_tokens
    if details:
        out["prompt_tokens_details"] = details
    if usage.reasoning_tokens is not None:
        out["completion_tokens_details"] = {"reasoning_tokens": usage.reasoning_tokens}
    return out


def _responses_usage(usage: Usage) -> dict[str, object]:
    out: dict[str, object] = {
        "input_tokens": usage.input_tokens or 0,
        "output_tokens": usage.output_tokens or 0,
        "total_tokens": (usage.input_tokens or 0) + (usage.output_tokens or 0),
        "input_tokens_details": {"cached_tokens": usage.cached_tokens or 0},
        "output_tokens_details": {"reasoning_tokens": usage.reasoning_tokens or 0},
    }
    return out


def _anthropic_usage(usage: Usage) -> dict[str, object]:
    cached = usage.cached_tokens or 0
    written = usage.cache_write_tokens or 0
    return {
        "input_tokens": max(0, (usage.input_tokens or 0) - cached - written),
        "cache_read_input_tokens": cached,
        "cache_creation_input_tokens": written,
        "output_tokens": usage.output_tokens or 0,
    }


# -- vendor error bodies, for tests ----------------------------------------------------
def openai_error(
    message: str, type_: str = "invalid_request_error", code: str | None = None
) -> dict[str, object]:
    """An OpenAI-style error body ``{"error": {"message", "type", "param", "code"}}``."""
    return {"error": {"message": message, "type": type_, "param": None, "code": code}}


def anthropic_error(message: str, type_: str = "invalid_request_error") -> dict[str, object]:
    """An Anthropic error body ``{"type": "error", "error": {"type", "message"}}``."""
    return {"type": "error", "error": {"type": type_, "message": message}}


def minimax_error(status_code: int, status_msg: str) -> dict[str, object]:
    """A MiniMax body ``{"base_resp": {"status_code", "status_msg"}}`` (sent with HTTP 200)."""
    return {
        "id": "",
        "choices": None,
        "base_resp": {"status_code": status_code, "status_msg": status_msg},
    }


def html_error_page(status_line: str, detail: str = "") -> str:
    """A proxy's HTML error page (nginx style) whose ``<title>`` is ``status_line``."""
    return (
        "<!DOCTYPE html>\n<html>\n<head><title>" + status_line + "</title></head>\n"
        "<body>\n<center><h1>" + status_line + "</h1></center>\n"
        + (f"<p>{detail}</p>\n" if detail else "")
        + "<hr><center>nginx</center>\n</body>\n</html>\n"
    )


def beside_cache_usage(prompt_tokens: int, cached_tokens: int, completion_tokens: int = 1) -> dict[str, object]:
    """A ``usage`` object (for :attr:`Reply.raw_usage`) as llama.cpp-style servers and some
    OpenAI-compatible proxies send it: ``prompt_tokens`` counts only the tokens processed
    now and ``cached_tokens`` (in ``prompt_tokens_details``) the reused ones *beside* it,
    so the whole prompt is their sum (issue 17)."""
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
        "prompt_tokens_details": {"cached_tokens": cached_tokens},
    }
