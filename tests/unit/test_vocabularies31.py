"""Issue 31: the request's parts and the change log's operations are one vocabulary each
(``StrEnum`` in core/), from the assembler and the store's triggers to the popover and
the store watcher; the stored and shown values are unchanged."""

from __future__ import annotations

from chathub_desktop.core.change_kinds import ChangeOp
from chathub_desktop.core.dynamic_memory import CardsChange
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.request_assembly import (
    AssemblyInput,
    HistoryMessage,
    RequestPart,
    assemble_request,
)
from chathub_desktop.services.context.meter_rows import TOK1_PARTS, part_label
from chathub_desktop.storage.change_log import trigger_statements


def test_every_part_the_assembler_names_is_a_request_part_with_a_popover_label() -> None:
    """TOK-1: the assembler's parts are :class:`RequestPart` members, and the popover
    labels each one in words ("Topic summary", "Chat messages"), never a bare key."""
    inp = AssemblyInput(instructions="Be kind.", memory_block="MEM", summary_block="SUM", draft="hi",
                        history=(HistoryMessage(id=1, message=ChatMessage(role=Role.USER, content="one")),))
    plan = assemble_request(inp, len)
    names = [p.name for p in plan.parts]
    assert names and all(isinstance(n, RequestPart) for n in names)
    assert set(TOK1_PARTS) | {RequestPart.PINNED} == set(RequestPart)
    assert part_label(RequestPart.SUMMARY) == "Topic summary"
    assert part_label(RequestPart.HISTORY) == "Chat messages"
    assert part_label(RequestPart.PINNED) == "Pinned messages"


def test_the_change_log_triggers_write_the_change_op_values() -> None:
    """Issue 13's triggers store ``i``/``u``/``d`` (unchanged: no migration) and those
    are exactly :class:`ChangeOp`'s values."""
    ddl = " ".join(trigger_statements("sqlite", ["message"]))
    assert [op.value for op in ChangeOp] == ["i", "u", "d"]
    for op in ChangeOp:
        assert f"chg_message_{op.value} " in ddl and f", '{op.value}')" in ddl
    assert {c.value for c in CardsChange} == {"clear", "keep", "dream"}
