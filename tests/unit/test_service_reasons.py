"""The services' fixed one-line reasons reach the window typed (issue 27): a reason is
translated because it was raised as a :class:`Reason`, never by matching its English, and
what the CLI prints is unchanged."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTranslator

from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.error_presenter import user_message
from chathub_desktop.gui.shell.i18n import translations_dir
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import (
    EMPTY_CARD,
    EMPTY_EDIT,
    EMPTY_ENTRY,
    NOTHING_TO_RESTORE,
    STALE_MESSAGE,
    STORE_BUSY_MESSAGE,
    InvalidInput,
    ServiceError,
    StaleDocument,
    store_busy_message,
)
from chathub_desktop.storage.database import STORE_BUSY_WAITED, StoreBusy


def test_the_fixed_reasons_are_raised_typed_with_the_clis_english() -> None:
    assert StaleDocument().why is not None and str(StaleDocument()) == STALE_MESSAGE
    busy = StoreBusy(Reason(STORE_BUSY_WAITED, ("30",)))
    assert store_busy_message(busy) == ("the store is busy: another ChatHub process has been writing for 30 s; "
                                        "nothing was changed, try again when it is done")
    assert str(InvalidInput(EMPTY_ENTRY)) == "a memory entry must not be empty"
    assert {r.english() for r in (EMPTY_EDIT, EMPTY_CARD, NOTHING_TO_RESTORE)} == {
        "a memory entry must not be empty; delete it instead", "a card cannot be empty; delete it instead",
        "there is no previous version of dynamic memory to restore"}


def test_typed_reasons_are_said_in_chinese_and_untyped_text_as_written(qapp: object) -> None:
    chinese = QTranslator()
    assert chinese.load("chathub_zh_CN", translations_dir())
    qapp.installTranslator(chinese)  # type: ignore[attr-defined]
    try:
        for exc in (StaleDocument(), InvalidInput(EMPTY_ENTRY), InvalidInput(EMPTY_CARD),
                    InvalidInput(NOTHING_TO_RESTORE), StoreBusy(Reason(STORE_BUSY_WAITED, ("30",)))):
            said = user_message(exc)
            assert said and said != str(exc) and not any("a" <= c <= "z" for c in said.replace("ChatHub", "")), said
        assert "30" in (user_message(StoreBusy(Reason(STORE_BUSY_WAITED, ("30",)))) or "")
        # the same English raised as plain text is a server's words: shown as written
        assert said_error(ServiceError(STORE_BUSY_MESSAGE)) == STORE_BUSY_MESSAGE
        assert said_error(ServiceError("card #3 [2026-12-01] changed meanwhile")) == \
            "card #3 [2026-12-01] changed meanwhile"
    finally:
        qapp.removeTranslator(chinese)  # type: ignore[attr-defined]


@pytest.mark.parametrize("reason", [EMPTY_ENTRY, EMPTY_EDIT, EMPTY_CARD, NOTHING_TO_RESTORE])
def test_each_typed_reason_has_a_chinese_and_japanese_translation(qapp: object, reason: Reason) -> None:
    from PySide6.QtCore import QCoreApplication

    for name in ("zh_CN", "ja"):
        t = QTranslator()
        assert t.load(f"chathub_{name}", translations_dir())
        assert t.translate("ServiceReasons", reason.template) not in ("", reason.template)
    assert QCoreApplication.translate("ServiceReasons", reason.template) == reason.template


def test_input_rule_refusals_are_said_in_chinese_and_print_the_same_english(qapp: object) -> None:
    """Issue 27: the one validation layer's refusals (empty, too long, NUL, an id out of
    range) reach the window in Chinese, the value's name too; a name that is not one of
    the services' nouns (an MCP server's) is shown as given; the CLI's English is as before."""
    from chathub_desktop.services.errors import NotFound
    from chathub_desktop.services.input_rules import check_name, check_record_id, check_text

    def refusal(fn: object, *args: object) -> ServiceError:
        with pytest.raises(ServiceError) as info:
            fn(*args)  # type: ignore[operator]
        return info.value

    empty, long_name = refusal(check_name, " ", "assistant name"), refusal(check_name, "x" * 130, "provider name")
    missing, nul = refusal(check_record_id, 0, "topic"), refusal(check_text, "a\x00b", "server 'git': command")
    assert [str(e) for e in (empty, long_name, missing, nul)] == [
        "assistant name must not be empty", "provider name is 130 characters long; the limit is 120", "no topic 0",
        "server 'git': command contains a NUL character"]
    assert isinstance(missing, NotFound)
    chinese = QTranslator()
    assert chinese.load("chathub_zh_CN", translations_dir())
    qapp.installTranslator(chinese)  # type: ignore[attr-defined]
    try:
        assert [user_message(e) for e in (empty, long_name, missing, nul)] == [
            "助手名称不能为空", "提供商名称长 130 个字符；上限为 120", "没有话题 0", "server 'git': command包含 NUL 字符"]
    finally:
        qapp.removeTranslator(chinese)  # type: ignore[attr-defined]


def test_the_probe_gates_lost_line_is_said_in_chinese(qapp: object) -> None:
    """Issue 27: a compaction refused by its probe check says why in Chinese, the probe's
    kind and expected answer as they are; the CLI's verdict line is the same English."""
    from chathub_desktop.core import summary_probes as sp
    from chathub_desktop.gui.shell.service_reasons import said

    p = sp.Probe(sp.ProbeCategory.FILES, "q?", "a/b.py")
    report = sp.ProbeReport((sp.ProbeAnswer(p, "a/b.py", "UNKNOWN"),), "Summ/m", "2026-12-02T14:00:00+00:00", 2,
                            True, sp.summary_digest("s"))
    gate = Reason("the new summary failed its probe check, so the old state was kept. %1", (report.verdict_reason(),))
    assert report.verdict() == "The summary lost 1 of 1 answerable probes: files 'a/b.py'."
    assert gate.english() == ("the new summary failed its probe check, so the old state was kept. "
                              "The summary lost 1 of 1 answerable probes: files 'a/b.py'.")
    chinese = QTranslator()
    assert chinese.load("chathub_zh_CN", translations_dir())
    qapp.installTranslator(chinese)  # type: ignore[attr-defined]
    try:
        assert said(gate) == "新摘要未通过探测检查，因此保留了旧状态。摘要丢失了 1 个可回答探测问题中的 1 个：文件 'a/b.py'。"
    finally:
        qapp.removeTranslator(chinese)  # type: ignore[attr-defined]


def test_the_connection_check_is_said_in_chinese(qapp: object) -> None:
    """Issue 27: Test connection's line (what worked, or "… refused the API key (401
    Unauthorized)") follows the interface language; the CLI's ``provider test`` prints the
    same English as before."""
    from chathub_desktop.gui.settings.connection_test import explained
    from chathub_desktop.providers.model_list import ConnectionCheck, _said

    good = _said(True, Reason("Connected to %1 in %2 s: %3 models offered", ("Acme", "0.4", "2")), ("a", "b"))
    refused = _said(False, Reason("%1 refused the API key (%2)", ("Acme", "401 Unauthorized")))
    assert (good.message, refused.message) == ("Connected to Acme in 0.4 s: 2 models offered",
                                               "Acme refused the API key (401 Unauthorized)")
    chinese = QTranslator()
    assert chinese.load("chathub_zh_CN", translations_dir())
    qapp.installTranslator(chinese)  # type: ignore[attr-defined]
    try:
        assert explained(refused, keyed=True) == "Acme 拒绝了 API 密钥（401 Unauthorized）"
        took = f"{good.seconds:.1f}"
        assert explained(good, keyed=True) == f"可以连接，密钥有效，提供 2 个模型 — 用时 {took} 秒"
        assert explained(good, keyed=False) == f"无需密钥即可连接，提供 2 个模型 — 用时 {took} 秒"
        assert explained(ConnectionCheck(False, "the server's own words"), keyed=True) == "the server's own words"
    finally:
        qapp.removeTranslator(chinese)  # type: ignore[attr-defined]
