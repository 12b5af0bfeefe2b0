"""Likely secrets are replaced by ``[redacted: KIND]`` before text is remembered (issue 19):
real-shaped credentials are caught by the own patterns alone and with the detector
library; 1,000 ordinary memory lines give no false positive (the figure is printed)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.secret_redaction import MARK, Span, apply, merge, own_spans, redact
from chathub_desktop.services.memory.secret_scan import (
    library_spans,
    library_status,
    redact_secrets,
)
from tests.fakes.memory_lines import SECRETS, ordinary_lines


@pytest.mark.parametrize(("kind", "template", "secret"), SECRETS, ids=[f"{k}-{i}" for i, (k, _t, _s) in
                                                                      enumerate(SECRETS)])
def test_own_patterns_redact_real_shaped_secrets(kind: str, template: str, secret: str) -> None:
    text = template.format(s=secret)
    out = redact(text)
    assert secret not in out.text
    assert MARK.format(kind=kind) in out.text and out.kinds == (kind,)
    before, after = template.split("{s}")
    assert out.text.startswith(before) and out.text.endswith(after)  # only the secret goes


@pytest.mark.parametrize(("kind", "template", "secret"), SECRETS, ids=[k for k, _t, _s in SECRETS])
def test_with_the_library_the_same_secrets_are_redacted_once(kind: str, template: str, secret: str) -> None:
    out = redact_secrets(template.format(s=secret))
    assert secret not in out.text and len(out.kinds) == 1 and MARK.format(kind=out.kinds[0]) in out.text


def test_the_library_adds_vendor_tokens_the_own_patterns_do_not_know() -> None:
    assert library_status() == "kingfisher-secret-scanner"
    text = "ci token glpat-Xy7Kp2Lm9Qr4St6Uv8Wz and mail 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"
    assert own_spans(text) == []
    out = redact_secrets(text)
    assert "glpat-" not in out.text and "SG.ngeV" not in out.text
    assert out.kinds == ("gitlab-pat", "sendgrid")
    assert out.text.startswith("ci token [redacted: gitlab-pat] and mail [redacted: sendgrid]")


def test_non_ascii_text_around_a_library_finding_keeps_its_characters() -> None:
    text = "über naïve — key glpat-Xy7Kp2Lm9Qr4St6Uv8Wz — ende"
    assert [s.kind for s in library_spans(text)] == ["gitlab-pat"]
    assert redact_secrets(text).text == "über naïve — key [redacted: gitlab-pat] — ende"


def test_a_url_password_and_assignments_keep_their_names() -> None:
    out = redact("postgres://app:S3cr3tPass99@db:5432/prod; aws_secret_access_key = wJalrXUtnFEMI/K7MDENGbPxRfiCY")
    assert out.text == "postgres://app:[redacted: password]@db:5432/prod; aws_secret_access_key = [redacted: api-key]"


def test_the_notice_names_what_was_redacted() -> None:
    out = redact("a sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z b password=hunter22 c password=swordfish9")
    assert out.notice("the memory entry") == ("Redacted from the memory entry: 1 openai-api-key, 2 password "
                                              "(likely secrets are never remembered).")
    assert redact("nothing here").notice() == ""


def test_redacting_twice_changes_nothing_more() -> None:
    once = redact_secrets("password=hunter22 and sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z")
    assert redact_secrets(once.text) == type(once)(once.text)


def test_no_false_positive_on_1000_ordinary_memory_lines() -> None:
    lines = ordinary_lines(1000)
    own = [line for line in lines if own_spans(line)]
    both = [line for line in lines if redact_secrets(line).changed]
    print(f"false positives on {len(lines):,} ordinary memory lines: own patterns {len(own)}, "
          f"with {library_status()} {len(both)}")
    assert own == [] and both == []


def test_merge_joins_overlaps_and_the_earliest_kind_wins() -> None:
    spans = [Span(5, 10, "b"), Span(0, 6, "a"), Span(12, 14, "c"), Span(10, 11, "d")]
    assert merge(spans) == [Span(0, 11, "a"), Span(12, 14, "c")]


@given(st.text(max_size=300), st.lists(st.tuples(st.integers(0, 300), st.integers(0, 300)), max_size=6))
def test_property_apply_removes_every_span_and_keeps_the_rest(text: str, raw: list[tuple[int, int]]) -> None:
    spans = [Span(min(a, b, len(text)), min(max(a, b), len(text)), "k") for a, b in raw]
    out = apply(text, spans)
    merged = merge(spans)
    assert len(out.kinds) == len(merged)
    kept = "".join(text[a.end:b.start] for a, b in zip([Span(0, 0, "")] + merged, merged + [Span(len(text), 0, "")],
                                                        strict=True))
    assert out.text.replace(MARK.format(kind="k"), "") == kept or MARK.format(kind="k") in text


def test_warm_up_returns_while_the_rules_are_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window calls ``warm_up`` on the GUI thread at every send (issue 29: nothing heavy
    on the GUI thread): while another thread holds the compile lock (the rules take ~1 s to
    build), a call returns at once instead of waiting for it (a profile found a 0.94 s
    freeze). The join's timeout only bounds a hang."""
    import threading

    from chathub_desktop.services.memory import secret_scan

    monkeypatch.setattr(secret_scan, "_warm", None)
    monkeypatch.setattr(secret_scan, "_scanner", None)
    started = threading.Event()
    monkeypatch.setattr(secret_scan, "_load", started.set)
    with secret_scan._lock:  # a compile in progress on another thread
        caller = threading.Thread(target=secret_scan.warm_up)
        caller.start()
        caller.join(timeout=30)
        assert not caller.is_alive(), "warm_up waited for the rules' compile lock"
    assert started.wait(30)
