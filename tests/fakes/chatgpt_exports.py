"""Builders for ChatGPT data exports in the real format (tests and benchmarks, APP-5).

The shapes copy real ``conversations.json`` files: a top-level array of conversations,
each with ``title``, ``create_time``/``update_time`` (float epoch seconds),
``conversation_id``/``id``, ``default_model_slug``, ``current_node`` and a ``mapping``
of node id -> ``{"id", "message", "parent", "children"}``; messages carry ``author``
(``role``/``name``/``metadata``), ``content`` (``content_type`` + type-specific fields),
``status``, ``end_turn``, ``weight``, ``recipient`` and ``metadata``.

Use :class:`ConversationBuilder` to write a conversation node by node, or the ready
conversations (:func:`branched_conversation`, :func:`browser_conversation`,
:func:`python_conversation`, :func:`reasoning_conversation`, :func:`simple_conversation`),
then :func:`write_export` / :func:`write_zip`. :func:`generate_large_export` writes a
big, realistic export for benchmarks.
"""

from __future__ import annotations

import json
import random
import uuid
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Conversation = dict[str, Any]

BASE_TIME = 1_714_585_031.148505  # 2024-05-01T17:37:11Z


def text_content(*parts: object) -> dict[str, Any]:
    """``{"content_type": "text", "parts": [...]}``."""
    return {"content_type": "text", "parts": list(parts)}


def multimodal_content(*parts: object) -> dict[str, Any]:
    """``multimodal_text`` with the given parts (strings and asset-pointer dicts)."""
    return {"content_type": "multimodal_text", "parts": list(parts)}


def image_part(
    asset: str = "file-service://file-abc123", width: int = 512, height: int = 512
) -> dict[str, Any]:
    """An ``image_asset_pointer`` part as it appears in ``multimodal_text``."""
    return {
        "content_type": "image_asset_pointer",
        "asset_pointer": asset,
        "size_bytes": 123_456,
        "width": width,
        "height": height,
        "fovea": None,
        "metadata": None,
    }


def code_content(text: str, language: str = "unknown") -> dict[str, Any]:
    """``{"content_type": "code", "language": ..., "text": ...}``."""
    return {
        "content_type": "code",
        "language": language,
        "response_format_name": None,
        "text": text,
    }


def execution_output_content(text: str) -> dict[str, Any]:
    """Output of the ``python`` tool."""
    return {"content_type": "execution_output", "text": text}


def browsing_display_content(result: str, summary: str | None = None) -> dict[str, Any]:
    """``tether_browsing_display``: the browser's search-result page."""
    return {
        "content_type": "tether_browsing_display",
        "result": result,
        "summary": summary,
        "assets": None,
        "tether_id": None,
    }


def tether_quote_content(url: str, title: str, text: str) -> dict[str, Any]:
    """``tether_quote``: a page the browser quoted."""
    domain = url.split("/")[2] if "//" in url else url
    return {
        "content_type": "tether_quote",
        "url": url,
        "domain": domain,
        "text": text,
        "title": title,
    }


def thoughts_content(*thoughts: tuple[str, str]) -> dict[str, Any]:
    """``thoughts``: reasoning as (summary, content) pairs."""
    return {
        "content_type": "thoughts",
        "thoughts": [
            {"summary": s, "content": c, "chunks": [], "finished": True} for s, c in thoughts
        ],
        "source_analysis_msg_id": str(uuid.uuid4()),
    }


def reasoning_recap_content(text: str = "Thought for 8 seconds") -> dict[str, Any]:
    """``reasoning_recap``: the one-line reasoning summary."""
    return {"content_type": "reasoning_recap", "content": text}


def user_context_content() -> dict[str, Any]:
    """``user_editable_context``: custom instructions (a node the importer skips)."""
    return {
        "content_type": "user_editable_context",
        "user_profile": "The user provided the following information about themselves: ...",
        "user_instructions": "The user provided the additional info about how they would like you to respond: ...",
    }


def cite_metadata(entries: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """``metadata._cite_metadata`` with a ``metadata_list`` of (title, url) web pages."""
    return {
        "_cite_metadata": {
            "citation_format": {"name": "tether_og"},
            "metadata_list": [
                {
                    "type": "webpage",
                    "title": t,
                    "url": u,
                    "text": "",
                    "pub_date": None,
                    "extra": None,
                }
                for t, u in entries
            ],
            "original_query": None,
        }
    }


class ConversationBuilder:
    """Writes one conversation node by node, in the real export shape.

    Each ``add``-style method appends a node under ``parent`` (default: the last node
    added, i.e. a straight chain) and returns its id. ``build(current_node=...)``
    returns the conversation dict; ``current_node`` defaults to the last node added.
    Times advance by ``step`` seconds per node unless given.
    """

    def __init__(
        self,
        title: str | None = "Test conversation",
        *,
        conversation_id: str | None = None,
        create_time: float = BASE_TIME,
        model: str | None = "gpt-4o",
        step: float = 7.25,
        with_root: bool = True,
        hidden_system: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.rng = rng or random.Random(0)
        self.title = title
        self.conversation_id = conversation_id or str(uuid.UUID(int=self.rng.getrandbits(128)))
        self.create_time = create_time
        self.model = model
        self.step = step
        self.clock = create_time
        self.mapping: dict[str, dict[str, Any]] = {}
        self.head: str | None = None
        if with_root:
            root = self._new_id("aaa1")
            self.mapping[root] = {"id": root, "message": None, "parent": None, "children": []}
            self.head = root
        if hidden_system:
            self.add(
                "system",
                text_content(""),
                create_time=None,
                metadata={"is_visually_hidden_from_conversation": True},
                end_turn=True,
                weight=0.0,
            )

    def _new_id(self, prefix: str = "") -> str:
        raw = str(uuid.UUID(int=self.rng.getrandbits(128)))
        return (prefix + raw[len(prefix) :]) if prefix else raw

    def add(
        self,
        role: str,
        content: dict[str, Any],
        *,
        parent: str | None = None,
        name: str | None = None,
        recipient: str = "all",
        create_time: float | None | bool = True,
        status: str = "finished_successfully",
        metadata: dict[str, Any] | None = None,
        end_turn: bool | None = None,
        weight: float = 1.0,
        node_id: str | None = None,
        model: str | None | bool = True,
    ) -> str:
        """Append a node; ``create_time=True`` means "next tick", ``None`` means null.

        ``parent=None`` attaches to the last node added; pass ``parent=""`` for a node
        with a null parent (a second root). ``model=True`` stamps the builder's model on
        assistant and tool messages.
        """
        node_id = node_id or self._new_id("aaa2" if role == "user" else "")
        parent_id = self.head if parent is None else (parent or None)
        if create_time is True:
            self.clock += self.step
            ctime: float | None = self.clock
        else:
            ctime = create_time if create_time is not False else None  # type: ignore[assignment]
        meta: dict[str, Any] = {"timestamp_": "absolute", "message_type": None}
        if role in ("assistant", "tool") and model is not False:
            slug = self.model if model is True else model
            if slug:
                meta["model_slug"] = slug
                meta["default_model_slug"] = slug
            if parent_id:
                meta["parent_id"] = parent_id
        if role == "assistant":
            meta["finish_details"] = {"type": "stop", "stop_tokens": [200002]}
            meta["is_complete"] = True
            meta["citations"] = []
        if role == "user":
            meta["request_id"] = "8f1e2d3c4b5a6978-IAD"
        if metadata:
            meta.update(metadata)
        message = {
            "id": node_id,
            "author": {"role": role, "name": name, "metadata": {}},
            "create_time": ctime,
            "update_time": None,
            "content": content,
            "status": status,
            "end_turn": end_turn,
            "weight": weight,
            "metadata": meta,
            "recipient": recipient,
            "channel": None,
        }
        self.mapping[node_id] = {
            "id": node_id,
            "message": message,
            "parent": parent_id,
            "children": [],
        }
        if parent_id is not None and parent_id in self.mapping:
            self.mapping[parent_id]["children"].append(node_id)
        self.head = node_id
        return node_id

    # convenience -------------------------------------------------------------------
    def user(self, text: str, **kw: Any) -> str:
        """A user ``text`` message."""
        return self.add("user", text_content(text), **kw)

    def assistant(self, text: str, **kw: Any) -> str:
        """An assistant ``text`` reply that ends the turn."""
        kw.setdefault("end_turn", True)
        return self.add("assistant", text_content(text), **kw)

    def tool_call(self, recipient: str, code: str, **kw: Any) -> str:
        """An assistant ``code`` message addressed to a tool (``browser``, ``python``)."""
        kw.setdefault("end_turn", False)
        return self.add("assistant", code_content(code), recipient=recipient, **kw)

    def tool_result(self, name: str, content: dict[str, Any], **kw: Any) -> str:
        """A ``tool`` author message (result of ``browser``/``python``/...)."""
        kw.setdefault("weight", 0.0)
        return self.add("tool", content, name=name, **kw)

    def interrupted(self, text: str, **kw: Any) -> str:
        """An assistant reply cut off (``status: in_progress``, finish ``interrupted``)."""
        return self.add(
            "assistant",
            text_content(text),
            status="in_progress",
            metadata={"finish_details": {"type": "interrupted"}},
            **kw,
        )

    def build(self, current_node: str | None = None, **overrides: Any) -> Conversation:
        """The conversation dict; ``overrides`` replace top-level fields (or add new ones)."""
        conv: Conversation = {
            "title": self.title,
            "create_time": self.create_time,
            "update_time": max(self.clock, self.create_time) + 1.5,
            "mapping": self.mapping,
            "moderation_results": [],
            "current_node": current_node if current_node is not None else self.head,
            "plugin_ids": None,
            "conversation_id": self.conversation_id,
            "conversation_template_id": None,
            "gizmo_id": None,
            "is_archived": False,
            "safe_urls": [],
            "default_model_slug": self.model,
            "id": self.conversation_id,
        }
        conv.update(overrides)
        return conv


# ready conversations ------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """What the importer must produce for one conversation: (role, content_type, content)
    per message in order, plus the node ids that must NOT appear (off the branch)."""

    messages: tuple[tuple[str, str, str], ...]
    absent_ids: frozenset[str] = frozenset()


def simple_conversation(
    title: str = "Simple chat", *, turns: int = 2, conversation_id: str | None = None, seed: int = 1
) -> tuple[Conversation, Expected]:
    """A straight user/assistant chat of ``turns`` turns (null root + hidden system)."""
    b = ConversationBuilder(title, conversation_id=conversation_id, rng=random.Random(seed))
    expected = []
    for i in range(turns):
        q, a = f"Question {i + 1} about {title}?", f"Answer {i + 1}: here is what I know."
        b.user(q)
        b.assistant(a)
        expected += [("user", "text", q), ("assistant", "text", a)]
    return b.build(), Expected(tuple(expected))


def branched_conversation(seed: int = 2) -> tuple[Conversation, Expected, dict[str, str]]:
    """An edited user prompt and a regenerated reply; ``current_node`` picks one path.

    Tree: hi -> hello -> {"tell me a story" -> story (interrupted) | "tell me a joke" ->
    {joke v1 | joke v2 (current)}}. Returns the ids by name as the third item.
    """
    b = ConversationBuilder("Branches", rng=random.Random(seed))
    ids: dict[str, str] = {}
    ids["hi"] = b.user("hi there")
    ids["hello"] = b.assistant("Hello! How can I help?")
    ids["story_q"] = b.user("tell me a story")
    ids["story"] = b.interrupted("Once upon a time, in a small village")
    ids["joke_q"] = b.user("tell me a joke", parent=ids["hello"])  # the edited prompt
    ids["joke1"] = b.assistant("Why did the chicken cross the road?")
    ids["joke2"] = b.assistant(
        "Why don't atoms trust anyone? They make up everything.", parent=ids["joke_q"]
    )
    conv = b.build(current_node=ids["joke2"])
    expected = Expected(
        (
            ("user", "text", "hi there"),
            ("assistant", "text", "Hello! How can I help?"),
            ("user", "text", "tell me a joke"),
            ("assistant", "text", "Why don't atoms trust anyone? They make up everything."),
        ),
        frozenset({ids["story_q"], ids["story"], ids["joke1"]}),
    )
    return conv, expected, ids


def browser_conversation(seed: int = 3) -> tuple[Conversation, Expected, dict[str, str]]:
    """gpt-4 with the browser: ``search()`` -> ``tether_browsing_display`` (empty result,
    citations in ``_cite_metadata``) -> ``mclick()`` -> two ``tether_quote`` -> answer."""
    b = ConversationBuilder("Web search", model="gpt-4", rng=random.Random(seed))
    ids: dict[str, str] = {}
    ids["q"] = b.user("What is the fuel consumption of a VW Transporter?")
    ids["search"] = b.tool_call("browser", 'search("VW Transporter fuel consumption l/100km")')
    ids["display"] = b.tool_result(
        "browser",
        browsing_display_content(""),
        metadata={
            "command": "search",
            "args": ["VW Transporter fuel consumption l/100km"],
            **cite_metadata(
                [
                    (
                        "VW Transporter MPG - Fuelly",
                        "https://www.fuelly.com/car/volkswagen/transporter",
                    ),
                    ("Transporter specs", "https://www.ultimatespecs.com/vw/transporter"),
                ]
            ),
        },
    )
    ids["click"] = b.tool_call("browser", "mclick([0, 1])")
    ids["quote1"] = b.tool_result(
        "browser",
        tether_quote_content(
            "https://www.fuelly.com/car/volkswagen/transporter", "Fuelly", "22.0 Avg MPG"
        ),
    )
    ids["quote2"] = b.tool_result(
        "browser",
        tether_quote_content(
            "https://www.ultimatespecs.com/vw/transporter", "Specs", "Combined: 8.2 L/100km"
        ),
    )
    ids["answer"] = b.assistant("About 8.2 L/100km combined 【1†source】.")
    conv = b.build()
    expected = Expected(
        (
            ("user", "text", "What is the fuel consumption of a VW Transporter?"),
            ("assistant", "code", ""),
            (
                "tool",
                "tether_browsing_display",
                "- VW Transporter MPG - Fuelly — https://www.fuelly.com/car/volkswagen/transporter\n"
                "- Transporter specs — https://www.ultimatespecs.com/vw/transporter",
            ),
            ("assistant", "code", ""),
            (
                "tool",
                "tether_quote",
                "Fuelly\nhttps://www.fuelly.com/car/volkswagen/transporter\n\n22.0 Avg MPG",
            ),
            (
                "tool",
                "tether_quote",
                "Specs\nhttps://www.ultimatespecs.com/vw/transporter\n\nCombined: 8.2 L/100km",
            ),
            ("assistant", "text", "About 8.2 L/100km combined 【1†source】."),
        )
    )
    return conv, expected, ids


def python_conversation(seed: int = 4) -> tuple[Conversation, Expected, dict[str, str]]:
    """Code interpreter: user uploads an image (multimodal), the model runs ``python``,
    gets ``execution_output``, a ``system_error`` happens, then it answers."""
    b = ConversationBuilder("Data analysis", rng=random.Random(seed))
    ids: dict[str, str] = {}
    ids["q"] = b.add(
        "user", multimodal_content(image_part(), "What is 2**10? Also describe the image.")
    )
    ids["code"] = b.tool_call("python", "print(2**10)")
    ids["out"] = b.tool_result("python", execution_output_content("1024\n"))
    ids["err"] = b.tool_result(
        "python", {"content_type": "system_error", "name": "tool_error", "text": "Sandbox reset"}
    )
    ids["answer"] = b.assistant("2**10 is 1024.")
    conv = b.build()
    expected = Expected(
        (
            ("user", "multimodal_text", "[image]\n\nWhat is 2**10? Also describe the image."),
            ("assistant", "code", ""),
            ("tool", "execution_output", "1024\n"),
            ("tool", "system_error", "tool_error: Sandbox reset"),
            ("assistant", "text", "2**10 is 1024."),
        )
    )
    return conv, expected, ids


def reasoning_conversation(seed: int = 5) -> tuple[Conversation, Expected, dict[str, str]]:
    """A reasoning model: custom-instructions context node, ``thoughts``,
    ``reasoning_recap``, an empty assistant text and an unknown content type."""
    b = ConversationBuilder("Reasoning", model="o3", rng=random.Random(seed))
    ids: dict[str, str] = {}
    ids["ctx"] = b.add(
        "user",
        user_context_content(),
        metadata={"is_visually_hidden_from_conversation": True, "user_context_message_data": {}},
    )
    ids["q"] = b.user("Plan a 3-day trip to Kyoto")
    ids["thoughts"] = b.add(
        "assistant",
        thoughts_content(
            ("Planning the days", "Day 1 temples, day 2 Arashiyama."), ("Checking", "Budget ok.")
        ),
    )
    ids["recap"] = b.add("assistant", reasoning_recap_content("Thought for 12 seconds"))
    ids["empty"] = b.add("assistant", text_content(""), end_turn=False)
    ids["weird"] = b.add("assistant", {"content_type": "future_widget", "text": "widget text"})
    ids["answer"] = b.assistant("Day 1: Fushimi Inari. Day 2: Arashiyama. Day 3: Gion.")
    conv = b.build()
    expected = Expected(
        (
            ("user", "text", "Plan a 3-day trip to Kyoto"),
            (
                "assistant",
                "thoughts",
                "Planning the days\nDay 1 temples, day 2 Arashiyama.\n\nChecking\nBudget ok.",
            ),
            ("assistant", "reasoning_recap", "Thought for 12 seconds"),
            ("assistant", "text", ""),
            ("assistant", "future_widget", "widget text"),
            ("assistant", "text", "Day 1: Fushimi Inari. Day 2: Arashiyama. Day 3: Gion."),
        ),
        frozenset({ids["ctx"]}),
    )
    return conv, expected, ids


def sample_export(count: int = 5) -> list[Conversation]:
    """A small mixed export: the ready conversations plus simple chats, ``count`` ≥ 4."""
    convs = [
        branched_conversation()[0],
        browser_conversation()[0],
        python_conversation()[0],
        reasoning_conversation()[0],
    ]
    for i in range(max(0, count - len(convs))):
        convs.append(simple_conversation(f"Chat {i + 1}", seed=100 + i)[0])
    return convs


# files ----------------------------------------------------------------------------------


def write_export(
    path: Path, conversations: Iterable[Conversation], *, ensure_ascii: bool = True
) -> Path:
    """Write ``conversations.json`` (a JSON array) at ``path``; returns ``path``."""
    path.write_text(json.dumps(list(conversations), ensure_ascii=ensure_ascii), encoding="utf-8")
    return path


def write_zip(
    path: Path,
    conversations: Iterable[Conversation] | None,
    *,
    folder: str = "",
    extra: dict[str, str] | None = None,
) -> Path:
    """Write an export ``.zip`` like ChatGPT's: ``conversations.json`` (under ``folder``
    when given; omitted when ``conversations`` is None), ``chat.html``, ``user.json``,
    ``message_feedback.json`` and any ``extra`` members."""
    members = {
        "chat.html": "<html><body>export</body></html>",
        "user.json": json.dumps({"id": "user-123", "email": "someone@example.com"}),
        "message_feedback.json": "[]",
    }
    if conversations is not None:
        members[f"{folder.rstrip('/') + '/' if folder else ''}conversations.json"] = json.dumps(
            list(conversations)
        )
    members.update(extra or {})
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


# large exports --------------------------------------------------------------------------

_WORDS = (
    "the of and to in is that for it as with was on be by this are or from at an which "
    "model data function return value error python request response memory context token "
    "summary window assistant topic import export file database query index cache stream "
    "Kyoto Paris café naïve résumé 東京 データ 模型 ✓ → “quoted” — 😀"
).split()


def _prose(rng: random.Random, n_chars: int) -> str:
    out: list[str] = []
    size = 0
    while size < n_chars:
        sentence = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(6, 18)))
        sentence = sentence[0].upper() + sentence[1:] + "."
        out.append(sentence)
        size += len(sentence) + 1
        if rng.random() < 0.12:
            out.append("\n\n")
        if rng.random() < 0.03:
            out.append('\n```python\ndef f(x):\n    return {"x": x, "ok": True}\n```\n')
    return " ".join(out)


def _length(rng: random.Random, mean: int) -> int:
    return max(5, min(12_000, int(rng.lognormvariate(0, 0.9) * mean)))


def random_conversation(rng: random.Random, index: int, text_scale: float = 1.0) -> Conversation:
    """One realistic conversation: 1–25 turns, lognormal text sizes (means of about 180
    characters per prompt and 900 per reply, times ``text_scale``), some browser and
    python tool use, some regenerations, thoughts now and then."""
    b = ConversationBuilder(
        f"Conversation {index}: {_prose(rng, 20)[:40].strip()}",
        create_time=1_680_000_000 + index * 3_600 + rng.random(),
        model=rng.choice(["gpt-4o", "gpt-4", "o3", "text-davinci-002-render-sha"]),
        rng=rng,
    )
    for _ in range(min(25, max(1, int(rng.expovariate(1 / 6))))):
        b.user(_prose(rng, _length(rng, int(180 * text_scale))))
        r = rng.random()
        if r < 0.08:
            b.tool_call("browser", f'search("{_prose(rng, 30)[:40]}")')
            b.tool_result(
                "browser",
                browsing_display_content(_prose(rng, _length(rng, int(1500 * text_scale)))),
            )
        elif r < 0.14:
            b.tool_call("python", "import math\nprint(math.sqrt(2))")
            b.tool_result("python", execution_output_content("1.4142135623730951\n"))
        elif r < 0.18:
            b.add("assistant", thoughts_content(("Thinking", _prose(rng, int(300 * text_scale)))))
        anchor = b.head
        b.assistant(_prose(rng, _length(rng, int(900 * text_scale))))
        if (
            rng.random() < 0.05
        ):  # a regeneration: an off-branch sibling, current stays on the new one
            b.assistant(_prose(rng, _length(rng, int(900 * text_scale))), parent=anchor)
    return b.build()


@dataclass(frozen=True)
class LargeExportStats:
    """What :func:`generate_large_export` wrote: bytes, conversations, mapping nodes."""

    bytes: int
    conversations: int
    nodes: int


def generate_large_export(
    path: Path, target_bytes: int, *, seed: int = 1234, text_scale: float = 1.0
) -> LargeExportStats:
    """Write a ``conversations.json`` of at least ``target_bytes`` bytes, streamed to
    disk (flat memory). Deterministic for a given ``seed``. ``text_scale`` < 1 gives
    shorter messages, i.e. more nodes per MB (1.0 ≈ 630 nodes/MB, 0.15 ≈ 1,130)."""
    rng = random.Random(seed)
    written = 0
    count = 0
    nodes = 0
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("[")
        written += 1
        while written < target_bytes:
            conv = random_conversation(rng, count, text_scale)
            text = ("" if count == 0 else ", ") + json.dumps(conv, ensure_ascii=rng.random() < 0.5)
            fh.write(text)
            written += len(text.encode("utf-8"))
            nodes += len(conv["mapping"])
            count += 1
        fh.write("]")
        written += 1
    return LargeExportStats(bytes=written, conversations=count, nodes=nodes)
