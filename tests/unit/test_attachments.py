"""Attachments in core (issue 14): provider limits and the sizing rule, bounds and
refusals of outside files, the inlined file marker, REF-29 image counts, and the request
plan that renders attachments (one plan: badge = posted body, TOK-1)."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import attachments as att
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.request_assembly import (
    IMAGE_ALLOWANCE_TOKENS,
    AssemblyInput,
    HistoryMessage,
    assemble_request,
    image_allowance,
    message_tokens,
)
from chathub_desktop.services.chat.attachment_service import prepare_bytes
from tests.cases import cases
from tests.fakes.images import png, png_header


def chars(text: str) -> int:
    return len(text)


# --- limits and the sizing rule -----------------------------------------------------------

def test_each_provider_kind_gets_its_vendor_limits() -> None:
    """Anthropic: 1568-px long edge (2576 for Claude 4.6+, REF-29), 5 MB of base64;
    OpenAI: 2048-px fit, 20 MB; other OpenAI-compatible servers: 2048 px, 5 MB."""
    assert att.image_limits("anthropic", "claude-sonnet-4-5").long_edge == 1568
    assert att.image_limits("anthropic", "claude-opus-4-6").long_edge == 2576
    assert att.image_limits("anthropic", "claude-sonnet-4-5").max_bytes * 4 // 3 == 5 * 1024 * 1024
    assert att.image_limits("openai", "gpt-4o") == att.ImageLimits(2048, 20 * 1024 * 1024)
    assert att.image_limits("openai_responses", "gpt-5") == att.ImageLimits(2048, 20 * 1024 * 1024)
    assert att.image_limits("openai_compatible", "llava") == att.ImageLimits(2048, 5 * 1024 * 1024)


@pytest.mark.parametrize(("size", "edge", "expected"), [
    ((4000, 3000), 2048, (2048, 1536)),
    ((3000, 4000), 1568, (1176, 1568)),
    ((800, 600), 1568, (800, 600)),
    ((10000, 3), 2048, (2048, 1)),
])
def test_fit_size_keeps_the_aspect_and_bounds_the_long_edge(
        size: tuple[int, int], edge: int, expected: tuple[int, int]) -> None:
    assert att.fit_size(*size, edge) == expected


@given(w=st.integers(1, 30000), h=st.integers(1, 30000), edge=st.integers(16, 4096))
def test_fit_size_never_exceeds_the_edge_nor_grows(w: int, h: int, edge: int) -> None:
    fw, fh = att.fit_size(w, h, edge)
    assert 1 <= fw <= max(w, 1) and 1 <= fh <= max(h, 1)
    assert max(fw, fh) <= edge


# --- REF-29 counts of an image attachment ----------------------------------------------------

def _image(w: int, h: int) -> att.Attachment:
    return att.Attachment("a" * 64, att.IMAGE, "p.png", "image/png", 1000, w, h)


def test_image_attachments_count_by_ref29_for_openai_and_claude_else_8192() -> None:
    """REF-29: gpt-4o 1024×1024 → short edge 768 → 2×2 tiles → 85 + 170×4 = 765;
    Claude Sonnet 4.5 1000×1000 → 36×36 patches of 28 px = 1296; an unknown model or
    an unknown size → the fixed 8192."""
    assert att.image_tokens(_image(1024, 1024), "gpt-4o") == 85 + 170 * 4
    assert att.image_tokens(_image(1000, 1000), "claude-sonnet-4-5") == 36 * 36
    assert att.image_tokens(_image(1000, 1000), "llama3") == IMAGE_ALLOWANCE_TOKENS == 8192
    unknown = att.Attachment("a" * 64, att.IMAGE, "p.png", "image/png", 10)
    assert att.image_tokens(unknown, "gpt-4o") == 8192


def test_the_stored_size_counts_like_the_posted_data_url() -> None:
    """The badge counts the stored width/height; the posted body is the data URL; both
    give the same REF-29 figure."""
    data = png(300, 200)
    a = att.image_attachment("x.png", data, "image/png", 300, 200)
    for model in ("gpt-4o", "gpt-5", "claude-sonnet-4-5", "claude-opus-4-6", "other"):
        assert att.image_tokens(a, model) == image_allowance(att.data_url(a), model)


# --- bounds and refusals -------------------------------------------------------------------

def test_text_files_are_decoded_with_bounds() -> None:
    assert att.decode_text("a.py", b"\xef\xbb\xbfprint(1)\r\n") == "print(1)\n"
    assert att.decode_text("u.txt", "héllo".encode("utf-16")) == "héllo"
    with pytest.raises(att.AttachmentRefused, match="^blob.bin looks binary"):
        att.decode_text("blob.bin", b"\x00\x01\x02abc")
    with pytest.raises(att.AttachmentRefused, match="^l1.txt is not UTF-8 text"):
        att.decode_text("l1.txt", "café".encode("latin-1"))
    big = b"x" * (att.MAX_TEXT_FILE_BYTES + 1)
    with pytest.raises(att.AttachmentRefused, match="^big.log is 512 KB; text files are limited to 512 KB"):
        att.decode_text("big.log", big)


def test_a_decompression_bomb_is_refused_from_its_header() -> None:
    """60,000 × 60,000 announced: refused before any decoding, with the figure."""
    with pytest.raises(att.AttachmentRefused, match="60,000×60,000 pixels; images are limited to 60 megapixels"):
        prepare_bytes("bomb.png", png_header(60000, 60000), att.OPENAI_LIMITS, None)


def test_an_image_within_limits_is_kept_byte_for_byte() -> None:
    data = png(64, 48)
    a = prepare_bytes("in.png", data, att.OPENAI_LIMITS, None)
    assert (a.kind, a.mime, a.width, a.height, a.data) == ("image", "image/png", 64, 48, data)
    assert a.sha256 == att.sha256_hex(data)


class _HalvingCodec:
    """Test codec: records the target size and returns a PNG of it."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int, int]] = []

    def fit(self, data: bytes, width: int, height: int, max_bytes: int) -> tuple[bytes, str]:
        self.asked.append((width, height, max_bytes))
        return png(width, height), "image/png"


class _TinyCodec:
    """Fuzz codec: a cheap small PNG whatever it is asked (the bounds are what is tested)."""

    def fit(self, data: bytes, width: int, height: int, max_bytes: int) -> tuple[bytes, str]:
        return png(min(width, 4), min(height, 4)), "image/png"


def test_an_oversized_image_is_resampled_to_the_provider_edge() -> None:
    codec = _HalvingCodec()
    a = prepare_bytes("wide.png", png(1600, 400), att.ANTHROPIC_LIMITS, codec)
    assert codec.asked == [(1568, 392, att.ANTHROPIC_LIMITS.max_bytes)]
    assert (a.width, a.height) == (1568, 392)
    with pytest.raises(att.AttachmentRefused, match="must be resized"):
        prepare_bytes("wide.png", png(1600, 400), att.ANTHROPIC_LIMITS, None)


def test_an_unreadable_image_and_a_binary_file_are_refused_in_one_line() -> None:
    with pytest.raises(att.AttachmentRefused) as exc:
        prepare_bytes("photo.heic", b"\x00\x00\x00\x18ftypheic", att.OPENAI_LIMITS, None)
    assert str(exc.value) == "photo.heic is not an image this app can read (PNG, JPEG, GIF, WebP or BMP)"
    with pytest.raises(att.AttachmentRefused, match="^a.out looks binary"):
        prepare_bytes("a.out", b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 50, att.OPENAI_LIMITS, None)


@settings(max_examples=cases(300), deadline=None)
@given(data=st.one_of(
    st.binary(max_size=600),
    st.binary(max_size=200).map(lambda b: b"\x89PNG\r\n\x1a\n" + b),
    st.binary(max_size=200).map(lambda b: b"\xff\xd8\xff" + b),
    st.binary(max_size=200).map(lambda b: b"RIFF\x00\x00\x00\x00WEBP" + b),
    st.binary(max_size=200).map(lambda b: b"GIF89a" + b),
    st.binary(max_size=60).map(lambda b: b"BM" + b),
    st.text(max_size=300).map(str.encode),
), name=st.sampled_from(["x.png", "notes.txt", "a", "image.jpg"]))
def test_hostile_inputs_give_an_attachment_or_a_refusal(data: bytes, name: str) -> None:
    """Fuzz: any bytes are either accepted within the bounds or refused with
    AttachmentRefused; never another exception (house rule: bounded outside parsers)."""
    try:
        a = prepare_bytes(name, data, att.OPENAI_LIMITS, _TinyCodec())
    except att.AttachmentRefused as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert a.kind in (att.IMAGE, att.FILE) and a.data is not None
    if a.kind == att.IMAGE:
        assert a.width and a.height and max(a.width, a.height) <= 2048


@given(value=st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=70),
                          lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=6)))
def test_stored_metadata_never_breaks_loading(value: object) -> None:
    for a in att.attachments_of(value if isinstance(value, list) else [value]):
        assert a.kind in (att.IMAGE, att.FILE) and len(a.sha256) == 64


# --- the inlined marker and the plan --------------------------------------------------------

def test_a_text_file_is_inlined_with_a_clear_marker() -> None:
    f = att.file_attachment("notes/report.txt", "line 1\nline 2")
    assert f.name == "report.txt"
    assert att.inlined_content("Summarize this.", [f]) == (
        'Summarize this.\n\n<file name="report.txt">\nline 1\nline 2\n</file>')
    assert att.file_block('a"<b>.md', "x") == '<file name="a&quot;&lt;b&gt;.md">\nx\n</file>'


def test_over_budget_line_has_the_figures() -> None:
    assert att.over_budget("report.txt", 41_200, 30_000).english() == (
        "report.txt is ~41,200 tokens; this model's input budget is 30,000")
    assert att.set_over_budget(5, 41_200, 30_000).english() == (
        "This message with its 5 attachments is ~41,200 tokens; this model's input budget is 30,000")


def test_the_plan_posts_loaded_attachments_and_counts_what_it_posts() -> None:
    """A history row and the draft with a text file and an image: the posted messages
    carry the file text inline and the image as a data URL, no attachment objects; the
    history part is the count of the posted text; the images part is REF-29's figure."""
    f = att.file_attachment("a.py", "print(1)")
    img = att.image_attachment("p.png", png(1024, 1024), "image/png", 1024, 1024)
    row = HistoryMessage(1, ChatMessage(Role.USER, "look", attachments=(f, img)))
    reply = HistoryMessage(2, ChatMessage(Role.ASSISTANT, "ok"))
    inp = AssemblyInput(history=(row, reply), draft="and this", draft_attachments=(img,), model="gpt-4o",
                        input_template="Q: {{text}}")
    plan = assemble_request(inp, chars)
    first, _, draft = plan.messages
    assert first.content == 'Q: look\n\n<file name="a.py">\nprint(1)\n</file>'
    assert first.images == (att.data_url(img),) and not first.attachments
    assert draft.content == "Q: and this" and draft.images == (att.data_url(img),)
    assert plan.part("images") == 2 * (85 + 170 * 4)
    posted_history = message_tokens(first, chars) + message_tokens(plan.messages[1], chars)
    assert plan.part("history") == posted_history
    assert plan.part("draft") == message_tokens(draft, chars)
    cached = message_tokens(row.message, chars)
    assert cached == len('user:\nlook\n\n<file name="a.py">\nprint(1)\n</file>') + 3  # + 3 framing tokens (REF-26)


def test_a_plan_made_for_counting_needs_no_image_bytes() -> None:
    """The badge plans from metadata: an image whose bytes are not loaded still counts
    by REF-29 and stays unrendered (send loads it first)."""
    meta = att.Attachment("b" * 64, att.IMAGE, "p.png", "image/png", 123, 1000, 1000)
    row = HistoryMessage(1, ChatMessage(Role.USER, "hi", attachments=(meta,)), tokens=7)
    plan = assemble_request(AssemblyInput(history=(row,), model="claude-sonnet-4-5"), chars)
    assert plan.part("images") == 1296
    assert plan.messages[0].attachments == (meta,) and plan.messages[0].images == ()


def test_data_url_is_base64_of_the_stored_bytes() -> None:
    data = png(2, 2)
    a = att.image_attachment("x.png", data, "image/png", 2, 2)
    assert att.data_url(a) == "data:image/png;base64," + base64.b64encode(data).decode()


def test_num4_heuristic_counts_image_and_file_attachments() -> None:
    """NUM-4: 4096 tokens per image part — an image attachment is one — and a text
    file's bytes count as characters even before its text is loaded (issue 14)."""
    from chathub_desktop.core import threshold_compaction as tc

    plain = ChatMessage(Role.USER, "hi")
    image = ChatMessage(Role.USER, "hi", attachments=(_image(10, 10),))
    f = att.Attachment("c" * 64, att.FILE, "log.txt", "text/plain", 3000)
    with_file = ChatMessage(Role.USER, "hi", attachments=(f,))
    assert tc.estimate_tokens([image]) - tc.estimate_tokens([plain]) == 4096
    assert tc.estimate_tokens([with_file]) - tc.estimate_tokens([plain]) >= 1000
    assert "[image]" in tc.shortened_view([image]) and "[file: log.txt]" in tc.shortened_view([with_file])


_rows = st.lists(st.tuples(
    st.sampled_from([Role.USER, Role.ASSISTANT]), st.text(max_size=30),
    st.lists(st.sampled_from(["img", "file", "meta"]), max_size=3)), max_size=12)


@settings(max_examples=cases(150), deadline=None)
@given(rows=_rows, template=st.sampled_from(["{{text}}", "Q: {{text}}!", "prefix"]),
       limit=st.one_of(st.none(), st.integers(0, 14)), draft=st.one_of(st.none(), st.text(max_size=20)),
       model=st.sampled_from(["gpt-4o", "claude-sonnet-4-5", "other"]))
def test_property_badge_equals_the_posted_count_with_attachments(
        rows: list[tuple[Role, str, list[str]]], template: str, limit: int | None, draft: str | None,
        model: str) -> None:
    """TOK-1 with attachments: the plan's total is the count of what it posts — each
    posted message's text (file text inlined) plus the REF-29 count of each posted image
    URL, and the metadata count of an image whose bytes were not loaded."""
    img = att.image_attachment("p.png", png(40, 30), "image/png", 40, 30)
    meta = att.Attachment("d" * 64, att.IMAGE, "q.png", "image/png", 9, 600, 400)

    def made(kind: str, i: int) -> att.Attachment:
        return {"img": img, "meta": meta}.get(kind) or att.file_attachment(f"f{i}.txt", f"body {i}")

    history = tuple(
        HistoryMessage(i, ChatMessage(role, text, attachments=tuple(made(k, i) for k in kinds)
                                      if role is Role.USER else ()))
        for i, (role, text, kinds) in enumerate(rows))
    inp = AssemblyInput(input_template=template, history=history, history_limit=limit, draft=draft,
                        draft_attachments=(img,) if draft else (), model=model)
    plan = assemble_request(inp, chars)
    posted = sum(message_tokens(m, chars) for m in plan.messages)
    posted += sum(image_allowance(u, model) for m in plan.messages for u in m.images)
    posted += sum(att.image_tokens(a, model) for m in plan.messages for a in m.attachments)
    assert plan.total_tokens == posted
