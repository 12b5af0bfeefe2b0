"""Pure token-badge maths: correction factor, anchors, stale rules, images, cache line
(TOK-3..TOK-6, REF-27..REF-31)."""

from __future__ import annotations

import base64
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core import image_tokens as images
from chathub_desktop.core import token_estimate as te
from chathub_desktop.core.token_estimate import (
    CacheReport,
    CompactionMark,
    Correction,
    EstimateMode,
    ReplyUsage,
    SentPrefix,
    WindowNow,
)

# --- correction factor (REF-27) ----------------------------------------------------------


def test_factor_is_one_until_eight_samples_then_the_clamped_average() -> None:
    c = Correction()
    for i in range(7):
        c = te.learn(c, 150, 100)
        assert c.samples == i + 1 and c.factor == 1.0
    c = te.learn(c, 150, 100)
    assert c.samples == 8 and c.factor == pytest.approx(1.5)


def test_samples_are_clamped_and_averaged_with_alpha_0_1() -> None:
    c = te.learn(Correction(), 1000, 100)  # 10× → clamped to 1.8
    assert c.ratio == pytest.approx(1.8)
    c = te.learn(c, 10, 100)  # 0.1 → clamped to 0.6
    assert c.ratio == pytest.approx(1.8 + 0.1 * (0.6 - 1.8))
    assert te.learn(c, 0, 100) == c and te.learn(c, 10, 0) == c


@given(st.integers(0, 10_000_000), st.floats(0.6, 1.8))
def test_scale_rounds_up_and_is_exact_at_one(tokens: int, factor: float) -> None:
    scaled = te.scale(tokens, factor)
    assert scaled >= tokens * factor - 1e-6 and scaled - tokens * factor < 1
    assert te.scale(tokens, 1.0) == tokens


# --- anchors (TOK-3, TOK-4, REF-28) ------------------------------------------------------


def reply(mid: int, tokens: int | None = 1000, status: str = "complete", here: bool = True) -> ReplyUsage:
    return ReplyUsage(message_id=mid, seq=mid, status=status, input_tokens=tokens, sent_here=here)


def test_anchor_is_the_newest_completed_reported_reply_in_the_window() -> None:
    replies = [reply(2), reply(4), reply(6, status="error"), reply(8, None), reply(10)]
    anchor, _ = te.select_anchor(replies, [1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert anchor is not None and anchor.message_id == 4  # 10 is not in the window
    assert te.select_anchor(replies, [1, 3])[0] is None


def test_a_pre_compact_anchor_is_ignored_by_ids_never_revived() -> None:
    replies = [reply(2), reply(4)]
    for mark in (CompactionMark(cursor_id=4), CompactionMark(cursor_id=1, through_id=4),
                 CompactionMark(cursor_id=1, before_ids=frozenset({4}))):
        anchor, reason = te.select_anchor(replies, [1, 2, 3, 4], mark)
        assert anchor is None and "compaction" in reason
    # a reply after the compaction anchors again
    anchor, _ = te.select_anchor([*replies, reply(6)], [1, 2, 3, 4, 5, 6], CompactionMark(cursor_id=1, through_id=4))
    assert anchor is not None and anchor.message_id == 6


def test_with_every_reported_reply_summarized_the_reason_says_so() -> None:
    """Walk39: after Compact now the covered replies still show "in 366" in the list, so
    "no reply in the window reports input tokens yet" read as wrong; the reason names the
    compaction. Only the latest user turn is in the window here."""
    replies = [reply(2), reply(4)]
    assert te.select_anchor(replies, [5], CompactionMark(cursor_id=4)) == (
        None, "no reply since the last compaction reports input tokens yet")
    assert te.select_anchor(replies, [5]) == (None, "no reply in the window reports input tokens yet")


def sent(rows: tuple[tuple[int, str, int], ...], **kw: object) -> SentPrefix:
    base: dict[str, object] = dict(input_template="{{text}}", history_limit=None, expanded_to=None,
                                   fixed_overhead=100, compaction_key="", local_total=1000)
    base.update(kw)
    return SentPrefix(rows=rows, **base)  # type: ignore[arg-type]


def now(prefix: tuple[tuple[int, str, int], ...], **kw: object) -> WindowNow:
    base: dict[str, object] = dict(input_template="{{text}}", history_limit=None, expanded_to=None,
                                   fixed_overhead=100, compaction_key="")
    base.update(kw)
    return WindowNow(prefix=prefix, **base)  # type: ignore[arg-type]


ROWS = ((1, "a", 10), (2, "b", 20), (3, "c", 30))


def test_judge_trusts_only_an_unchanged_prefix_this_process_sent() -> None:
    assert te.judge_anchor(sent(ROWS), now(ROWS), True).mode is EstimateMode.ANCHORED
    assert te.judge_anchor(sent(ROWS), now(ROWS), False).mode is EstimateMode.FALLBACK
    assert te.judge_anchor(None, now(ROWS), True).mode is EstimateMode.FALLBACK


def test_a_report_of_another_model_is_no_anchor_and_no_floor() -> None:
    """Issue 14 (TOK-3, TOK-4, REF-28): the topic switched model since that reply: its
    report counted with another tokenizer, so the badge recounts — for a request this
    process sent with an unchanged prefix, and for one it did not send."""
    for j in (te.judge_anchor(sent(ROWS), now(ROWS), True, model_changed=True),
              te.judge_anchor(None, now(ROWS), False, model_changed=True)):
        assert j.mode is EstimateMode.RECOUNTED and "model changed" in j.reason
    assert te.anchored_total(EstimateMode.RECOUNTED, 1000, 5000, 100, 1.0) == 1000


@pytest.mark.parametrize(("sent_kw", "now_kw", "prefix"), [
    ({}, {"input_template": "Q: {{text}}"}, ROWS),
    ({"history_limit": 3}, {"history_limit": 10}, ROWS),
    ({"history_limit": 3}, {"history_limit": None}, ROWS),
    ({"history_limit": 0}, {"history_limit": 5}, ROWS),
    ({"history_limit": 3}, {"history_limit": 3, "expanded_to": 50}, ROWS),
    ({}, {"compaction_key": "7:abc"}, ROWS),
    ({}, {}, ((1, "a", 10), (2, "EDITED", 20), (3, "c", 30))),
    ({}, {}, ((0, "z", 5), *ROWS)),
])
def test_stale_anchor_rules_recount(sent_kw: dict[str, object], now_kw: dict[str, object],
                                    prefix: tuple[tuple[int, str, int], ...]) -> None:
    j = te.judge_anchor(sent(ROWS, **sent_kw), now(prefix, **now_kw), True)
    assert j.mode is EstimateMode.RECOUNTED and j.reason


def test_rows_sliding_out_under_the_same_limit_keep_the_anchor() -> None:
    j = te.judge_anchor(sent(ROWS, history_limit=3), now(ROWS[1:], history_limit=3, fixed_overhead=130), True)
    assert j.mode is EstimateMode.ANCHORED and j.slid_out == 10 and j.overhead_delta == 30
    # a lowered limit is a slide, not a reason to drop the anchor
    assert te.judge_anchor(sent(ROWS, history_limit=3), now(ROWS[2:], history_limit=1), True).slid_out == 30


def test_anchored_and_fallback_totals() -> None:
    assert te.anchored_total(EstimateMode.ANCHORED, 82_000, 48_000, 500, 1.0) == 48_500
    assert te.anchored_total(EstimateMode.ANCHORED, 82_000, 48_000, 500, 1.5, overhead_delta=100, slid_out=10) \
        == 48_000 - 15 + 900
    assert te.anchored_total(EstimateMode.FALLBACK, 82_000, 48_000, 500, 1.0) == 82_000
    assert te.anchored_total(EstimateMode.FALLBACK, 10_000, 48_000, 500, 1.0) == 48_500
    assert te.anchored_total(EstimateMode.COUNTED, 1000, 0, 0, 1.2) == 1200
    assert te.anchored_total(EstimateMode.RECOUNTED, 1000, 48_000, 0, 1.0) == 1000


@given(whole=st.integers(0, 10**6), report=st.integers(1, 10**6), tail=st.integers(0, 10**5),
       factor=st.floats(0.6, 1.8))
def test_fallback_is_never_below_either_figure(whole: int, report: int, tail: int, factor: float) -> None:
    total = te.anchored_total(EstimateMode.FALLBACK, whole, report, tail, factor)
    assert total >= te.scale(whole, factor) and total >= report + te.scale(tail, factor)


# --- images (TOK-5, REF-29) --------------------------------------------------------------


def data_url(mime: str, payload: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(payload).decode()}"


def png(w: int, h: int) -> str:
    ihdr = struct.pack(">II", w, h) + b"\x08\x02\x00\x00\x00"
    return data_url("image/png", b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + b"\0" * 40)


def gif(w: int, h: int) -> str:
    return data_url("image/gif", b"GIF89a" + struct.pack("<HH", w, h) + b"\0" * 20)


def jpeg(w: int, h: int) -> str:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\0" + b"\0" * 9
    exif = b"\xff\xe1" + struct.pack(">H", 2 + 3000) + b"x" * 3000  # a big APPn before SOF
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, h, w, 3) + b"\0" * 9
    return data_url("image/jpeg", b"\xff\xd8" + app0 + exif + sof + b"\xff\xd9")


def webp_lossy(w: int, h: int) -> str:
    body = b"VP8 " + struct.pack("<I", 10) + b"\0\0\0" + b"\x9d\x01\x2a" + struct.pack("<HH", w, h)
    return data_url("image/webp", b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body + b"\0" * 8)


def webp_lossless(w: int, h: int) -> str:
    bits = (w - 1) | ((h - 1) << 14)
    body = b"VP8L" + struct.pack("<I", 5) + b"\x2f" + struct.pack("<I", bits)
    return data_url("image/webp", b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body + b"\0" * 8)


def webp_extended(w: int, h: int) -> str:
    body = b"VP8X" + struct.pack("<I", 10) + b"\0\0\0\0" + (w - 1).to_bytes(3, "little") + (h - 1).to_bytes(3, "little")
    return data_url("image/webp", b"RIFF" + struct.pack("<I", 4 + len(body)) + b"WEBP" + body + b"\0" * 8)


@pytest.mark.parametrize("make", [png, gif, jpeg, webp_lossy, webp_lossless, webp_extended])
def test_image_size_from_header_bytes(make) -> None:  # type: ignore[no-untyped-def]
    assert images.image_size(make(1024, 768)) == (1024, 768)
    assert images.image_size(make(3, 5000)) == (3, 5000)


def test_image_size_from_images_qt_writes() -> None:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage

    img = QImage(640, 480, QImage.Format.Format_RGB32)
    img.fill(0x336699)
    for fmt, mime in (("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp")):
        ba = QByteArray()
        buf = QBuffer(ba)
        buf.open(QIODevice.OpenModeFlag.WriteOnly)
        assert img.save(buf, fmt)
        assert images.image_size(data_url(mime, bytes(ba.data()))) == (640, 480), fmt


def test_unreadable_images_get_none() -> None:
    assert images.image_size("https://example.com/cat.png") is None
    assert images.image_size("data:image/png;base64,!!!!") is None
    assert images.image_size(data_url("image/png", b"not an image")) is None
    assert images.image_size(data_url("image/jpeg", b"\xff\xd8\xff")) is None


def test_openai_tile_formula_matches_the_documented_examples() -> None:
    # OpenAI's worked examples: 1024×1024 → 768×768 → 4 tiles → 765; 2048×4096 → 1024×2048
    # → 768×1536 → 6 tiles → 1105 (gpt-4o, high detail)
    assert images.image_tokens("gpt-4o", png(1024, 1024)) == 85 + 170 * 4 == 765
    assert images.image_tokens("gpt-4o-2024-08-06", png(2048, 4096)) == 85 + 170 * 6 == 1105
    assert images.image_tokens("gpt-4o-mini", png(1024, 1024)) == 2833 + 5667 * 4
    assert images.image_tokens("gpt-5.1", png(512, 512)) == 70 + 140
    assert images.image_tokens("openai/gpt-4.1", png(100, 100)) == 85 + 170


def test_openai_patch_formula() -> None:
    # 1024×1024 → 32×32 = 1024 patches ≤ 2500 → × 1.2
    assert images.image_tokens("gpt-5-mini", png(1024, 1024)) == 1229
    # gpt-4.1-mini: 1800×2400 is over the 1536 cap → shrunk; × 1.62
    tokens = images.image_tokens("gpt-4.1-mini", png(1800, 2400))
    assert tokens <= 1536 * 1.62 + 1 and tokens > 1400
    assert images.patch_count(1800, 2400, 32, 1536) <= 1536
    assert images.image_tokens("o4-mini", png(64, 64)) == 5  # 4 patches × 1.2, rounded up


def test_claude_formula() -> None:
    # 28-px patches: 1092×1092 → 39×39 = 1521 ≤ 1568 (Anthropic: ≈ w·h/750 ≈ 1590)
    assert images.image_tokens("claude-sonnet-4-5", png(1092, 1092)) == 1521
    big = images.image_tokens("claude-3-5-sonnet", png(4000, 3000))
    assert 1400 < big <= 1568
    assert images.image_tokens("claude-opus-4-6", png(4000, 3000)) > 1568  # newest: bigger budget
    assert images.image_tokens("claude-opus-4-6", png(4000, 3000)) <= 4784


def test_fixed_allowance_for_unknown_models_sizes_remote_and_video() -> None:
    assert images.image_tokens("llama3", png(100, 100)) == images.FIXED_MEDIA_TOKENS == 8192
    assert images.image_tokens("gpt-4o", "https://example.com/x.png") == 8192
    assert images.image_tokens("gpt-4o", data_url("video/mp4", b"\0" * 30)) == 8192
    assert images.image_tokens("gpt-4o", data_url("image/png", b"junk")) == 8192


def test_assembler_counts_images_with_the_formula() -> None:
    from chathub_desktop.core.request_assembly import AssemblyInput, assemble_request

    plan = assemble_request(AssemblyInput(model="gpt-4o", draft="look", draft_images=(png(1024, 1024),)), len)
    assert plan.part("images") == 765
    plan = assemble_request(AssemblyInput(draft="look", draft_images=(png(1024, 1024),)), len)
    assert plan.part("images") == 8192  # model unknown → fixed allowance


# --- cache block (TOK-6, REF-31) ---------------------------------------------------------


def cache(cached: int | None, inp: int | None, write: int | None = None, mid: int = 1) -> CacheReport:
    return CacheReport(message_id=mid, model="claude-sonnet-4-5", input_tokens=inp, cached=cached, cache_write=write)


def test_cache_lines() -> None:
    assert te.cache_line(cache(18_432, 18_579)) == "99.2% hit · working · 18,432 / 18,579"
    assert te.cache_line(None) == "No provider telemetry yet"
    assert te.cache_line(cache(None, 100)) == "No provider telemetry yet"
    assert te.cache_line(cache(0, 5000, 4800)) == "0% hit / no hit yet"
    assert te.cache_line(cache(0, 5000)) == "0.0% hit · no hit · 0 / 5,000"
    assert "claude-sonnet-4-5" in te.cache_help(cache(1, 2)) and "not the next-request" in te.cache_help(None)


def test_a_newer_totals_only_reply_does_not_replace_the_cache_rate() -> None:
    reports = [cache(900, 1000, mid=1), cache(None, 2000, mid=2)]
    newest = te.newest_cache_report(reports)
    assert newest is not None and newest.message_id == 1
    assert te.newest_cache_report([cache(None, 5)]) is None
