"""``topic`` commands: conversations, their token estimate, Compact now and the summary
(issue #2 "Headless commands"; TOK, CMP)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop.cli.common import CommandError, emit, emit_rows, read_text_file, record_id
from chathub_desktop.cli.topic_model import add_topic_model_command, model_line
from chathub_desktop.cli.versions import add_version_commands
from chathub_desktop.core.compaction import CompactionStatus
from chathub_desktop.core.context_receipt import receipt_lines
from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.private_files import write_private

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.views import MessageView, TopicView


def add_topic_commands(
    top: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``topic`` group's actions."""
    p = top.add_parser("create", help="create a topic", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--title")
    p.add_argument("--private", action="store_true",
                   help="a private topic: no memory in its requests, never read by the dream")
    p.set_defaults(func=cmd_topic_create)
    p = top.add_parser("set", help="change a topic setting: private on|off", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("setting", choices=["private"])
    p.add_argument("value", choices=["on", "off"])
    p.set_defaults(func=cmd_topic_set)
    p = top.add_parser("list", help="list topics (pinned first)", parents=[common])
    p.add_argument("--assistant")
    p.add_argument("--archived", action="store_true", help="archived topics too")
    p.set_defaults(func=cmd_topic_list)
    p = top.add_parser("show", help="print a topic's messages", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--receipts", action="store_true",
                   help="with each reply, what its request carried (memory, summary, history, tokens)")
    p.set_defaults(func=cmd_topic_show)
    p = top.add_parser("rename", help="rename a topic", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("title")
    p.set_defaults(func=cmd_topic_rename)
    p = top.add_parser("delete", help="delete a topic", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.set_defaults(func=cmd_topic_delete)
    p = top.add_parser("pin-message", help="keep a message word for word through compaction", parents=[common])
    p.add_argument("message_id", type=record_id)
    p.add_argument("--off", action="store_true", help="unpin it")
    p.set_defaults(func=cmd_topic_pin)
    p = top.add_parser("compact", help="compact now: summarize completed turns", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--focus", default="", help='what the summary must keep, e.g. "the SQL schema and every file path"')
    p.set_defaults(func=cmd_topic_compact)
    p = top.add_parser("summary", help="show the topic summary, its model, cursor and debug log",
                       parents=[common])
    p.add_argument("topic_id", type=record_id)
    edit = p.add_mutually_exclusive_group()
    edit.add_argument("--set", metavar="TEXT", help="replace the summary by your own text (marked as edited; "
                      "later compactions merge into it)")
    edit.add_argument("--set-file", metavar="PATH", type=Path, help="the same, with the text read from a text file")
    p.set_defaults(func=cmd_topic_summary)
    p = top.add_parser("probe", help="check the summary: ask the History Compress model probe questions with the "
                       "covered turns and with only the summary, and print what the summary lost", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--probes", type=int, default=4, metavar="N", help="how many probes (1-8, default 4)")
    p.add_argument("--cost", action="store_true", help="print the probes and their cost without sending anything")
    p.set_defaults(func=cmd_topic_probe)
    p = top.add_parser("estimate", help="tokens the next request will carry", parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--draft", default="")
    p.set_defaults(func=cmd_topic_estimate)
    add_organize_commands(top, common)
    add_topic_model_command(top, common)  # issue 14
    add_version_commands(top, common)  # issue 14


def cmd_topic_create(args: argparse.Namespace, svc: Services) -> int:
    """``topic create``."""
    view = svc.topics.create(args.assistant, args.title, private=args.private)
    kind = "private topic" if view.private else "topic"
    emit(args, view.to_json(), lambda: print(f"created {kind} {view.id}: {view.title}"))
    return 0


def cmd_topic_set(args: argparse.Namespace, svc: Services) -> int:
    """``topic set N private on|off`` (issue 19)."""
    view = svc.topics.set_private(args.topic_id, args.value == "on")
    state = "private: no memory in its requests, not read by the dream" if view.private else "not private"
    emit(args, view.to_json(), lambda: print(f"topic {view.id} is {state}"))
    return 0


def cmd_topic_list(args: argparse.Namespace, svc: Services) -> int:
    """``topic list``."""
    rows = svc.topics.list(args.assistant, archived=args.archived)

    def line(t: TopicView) -> str:
        flags = ("\tpinned" if t.pinned else "") + ("\tarchived" if t.archived else "")
        return f"{t.id}\t{t.updated_at:%Y-%m-%d %H:%M}\t{t.message_count} messages\t{t.title}{flags}"

    emit_rows(args, [t.to_json() for t in rows], rows, "no topics", line)
    return 0


def cmd_topic_show(args: argparse.Namespace, svc: Services) -> int:
    """``topic show``: messages in order with role, time (UTC) and text; tool messages
    included. ``--receipts``: each reply's context receipt too (issue 19)."""
    topic = svc.topics.get(args.topic_id)
    msgs = svc.topics.messages(args.topic_id)
    model = svc.topic_models.show(args.topic_id)
    points = svc.versions.points(args.topic_id)  # issue 14: "version 2 / 3"

    def human() -> None:
        print(f"# {topic.title} (topic {topic.id}, {len(msgs)} messages)")
        print(f"model: {model_line(model)}")
        for m in msgs:
            who = m.role if not m.tool_name else f"{m.role}:{m.tool_name}"
            flags = "" if m.status == MessageStatus.COMPLETE else f" [{m.status}]"
            flags += " [cut off at max tokens]" if m.cut_off else ""
            flags += f" [took {m.elapsed_text}]" if m.elapsed_text else ""  # an MCP call (issue 25)
            point = points.get(m.id)
            flags += f" [version {point.label} at seq {point.seq}]" if point is not None else ""
            print(f"\n[{m.created_at:%Y-%m-%d %H:%M:%S}Z] {who}{flags}")
            if m.content:
                print(m.content)
            for call in m.tool_calls:
                print(f"→ tool call {call.get('name')}: {call.get('arguments')}")
            if m.error:
                print(f"error: {m.error}")
            if args.receipts and m.receipt is not None:
                for line in receipt_lines(m.receipt, m.input_tokens, m.cached_tokens):
                    print(f"  ⓘ {line}")

    def message_json(m: MessageView) -> dict[str, object]:
        d = m.to_json()
        point = points.get(m.id)
        if point is not None:
            d["version"] = {"seq": point.seq, "index": point.index, "total": point.total}
        if args.receipts:
            d["receipt"] = m.receipt
        return d

    emit(args, {"topic": topic.to_json(), "model": model.to_json(), "messages": [message_json(m) for m in msgs]},
         human)
    return 0


def cmd_topic_rename(args: argparse.Namespace, svc: Services) -> int:
    """``topic rename``."""
    view = svc.topics.rename(args.topic_id, args.title)
    emit(args, view.to_json(), lambda: print(f"renamed topic {view.id}: {view.title}"))
    return 0


def cmd_topic_delete(args: argparse.Namespace, svc: Services) -> int:
    """``topic delete``."""
    svc.topics.delete(args.topic_id)
    emit(args, {"deleted": args.topic_id}, lambda: print(f"deleted topic {args.topic_id}"))
    return 0


def cmd_topic_estimate(args: argparse.Namespace, svc: Services) -> int:
    """``topic estimate``: the badge's figure with the popover's breakdown — parts, total,
    input budget, watermarks, history window, anchor used or not, cache block (TOK-1..6)."""
    est = svc.estimates.estimate(args.topic_id, args.draft)

    def human() -> None:
        a, h = est.anchor, est.history
        print(f"next request: {est.total:,} tokens of {est.input_budget:,} input budget "
              f"({est.ratio:.0%}; window {est.context_window:,}, {est.encoding})")
        if not est.window_known:
            print(f"note: this model is not in the catalog; the window {est.context_window:,} is the provider's "
                  "fallback — set the real one with `chathub-desktop model set MODEL --context-window N`")
        if est.threshold_trigger is not None:
            print(f"threshold compaction: above {est.threshold_trigger:,} estimated tokens "
                  f"(this request: about {est.threshold_estimate or 0:,}, at one token per three characters)")
        else:
            print(f"watermarks: high {est.high_watermark:.0%}, low {est.low_watermark:.0%}")
        from chathub_desktop.services.context.meter_rows import MeterRowKind, meter_rows, signed

        print("rows, as the token popover lists them (they add up to the figure above):")
        for row in meter_rows(est):
            figure = signed(row.tokens) if row.kind is MeterRowKind.ADJUSTMENT else f"{row.tokens:,}"
            print(f"  {row.label}: {figure}" + (f" — {row.note}" if row.note else ""))
        print(f"  Total Used: {est.total:,}")
        if a.used:
            print(f"anchor: {a.mode} on message {a.message_id} (reported {a.reported_input:,}) "
                  f"+ {a.tail_tokens:,} counted since")
        else:
            print(f"anchor: not used ({a.mode}{': ' + a.reason if a.reason else ''})")
        limit = "off" if h.configured_limit is None else str(h.configured_limit)
        if h.expanded_to is not None:
            limit += f", expanded to {h.expanded_to}"
        print(f"history: {h.included} of {h.topic_messages} included, {h.dropped_by_limit} dropped by limit, "
              f"{h.dropped_by_cursor} covered by summary; limit {limit}; whole topic ~{h.topic_tokens:,} tokens")
        print(f"last compaction: {h.last_compaction or 'never'}")
        if h.warning:
            print("warning: older turns are dropped and there is no usable summary")
        print(f"cache: {est.cache.line}" + (f" (from {est.cache.model})" if est.cache.model else ""))

    emit(args, est.to_json(), human)
    return 0


def cmd_topic_pin(args: argparse.Namespace, svc: Services) -> int:
    """``topic pin-message MESSAGE [--off]`` (issue 19)."""
    view = svc.topics.set_message_pinned(args.message_id, not args.off)
    state = "pinned: compaction keeps it word for word" if view.pinned else "not pinned"
    emit(args, view.to_json(), lambda: print(f"message {view.id} is {state}"))
    return 0


def cmd_topic_compact(args: argparse.Namespace, svc: Services) -> int:
    """``topic compact``: run Compact now; prints the outcome with before/after estimates.
    Exit code 0 for compacted / nothing eligible / could not reach the target, 1 for failed."""
    assert svc.compaction is not None
    import asyncio

    out = asyncio.run(svc.compaction.compact(args.topic_id, focus=args.focus))

    def human() -> None:
        before = f"{out.before_tokens:,}" if out.before_tokens is not None else "?"
        after = f"{out.after_tokens:,}" if out.after_tokens is not None else "?"
        budget = f"{out.input_budget:,}" if out.input_budget is not None else "?"
        print(out.message if out.message.lower().startswith(out.status_text.lower()) else
              f"{out.status_text}: {out.message}")
        print(f"next request, counted locally: {before} → {after} tokens of {budget} input budget "
              f"(high {out.high:.2f}, low {out.low:.2f})")
        if out.cursor_message_id is not None:
            print(f"summary covers messages through id {out.cursor_message_id}")

    emit(args, out.to_json(), human)
    return 1 if out.status == CompactionStatus.FAILED else 0


def cmd_topic_summary(args: argparse.Namespace, svc: Services) -> int:
    """``topic summary``: the rolling summary, the model that wrote it, its cursor and
    the debug log (CMP-17, CMP-18); ``--set`` / ``--set-file`` store the user's own text
    as the summary, marked as edited (issue 19)."""
    assert svc.compaction is not None
    text = args.set
    if args.set_file is not None:
        text = read_text_file(args.set_file, "summary file")
    view = (svc.compaction.edit_summary(args.topic_id, text) if text is not None
            else svc.compaction.summary(args.topic_id))

    def human() -> None:
        if not view.text:
            print(f"topic {args.topic_id} has no summary yet")
        else:
            when = view.updated_at.strftime("%Y-%m-%d %H:%M:%SZ") if view.updated_at else "?"
            by = f"{view.model or '?'}, edited by you" if view.edited else (view.model or "?")
            print(f"# summary of topic {args.topic_id} by {by} "
                  f"(through message {view.cursor_message_id}, {when})")
            print(view.text)
        if view.debug_log:
            print("\n# debug log")
            for e in view.debug_log:
                print(f"{e.get('at')}  {e.get('trigger')}  {e.get('result')}  "
                      f"high {e.get('high')} low {e.get('low')}  "
                      f"{e.get('before_tokens')} → {e.get('after_tokens')} tokens  "
                      f"through {e.get('compacted_through')}")

    emit(args, view.to_json(), human)
    return 0


def cmd_topic_probe(args: argparse.Namespace, svc: Services) -> int:
    """``topic probe``: the probe check of the topic's summary (issue 26): the cost line,
    then each probe with its two answers and the verdict. Exit code 1 when the summary
    lost a probe or a call failed; ``--cost`` sends nothing."""
    import asyncio

    from chathub_desktop.core.summary_probes import report_to_json
    from chathub_desktop.services.compaction.summarizer import SummarizerFailed

    plan = asyncio.run(svc.probes.plan_topic(args.topic_id, args.probes))
    cost = {"probes": len(plan.probes), "requests": plan.requests, "estimated_tokens": plan.tokens,
            "model": plan.target.label}
    if args.cost or not plan.probes:
        questions = [{"category": p.category.value, "question": p.question, "expected": p.expected}
                     for p in plan.probes]

        def planned() -> None:
            print(plan.cost_line())
            for p in plan.probes:
                print(f"- [{p.category}] {p.question}  (answer in the turns: {p.expected})")

        emit(args, {"cost": cost, "probes": questions}, planned)
        return 0
    if not getattr(args, "json", False):
        print(plan.cost_line(), flush=True)
    try:
        report = asyncio.run(svc.probes.run_and_store(args.topic_id, plan))
    except SummarizerFailed as exc:
        raise CommandError(f"the probe check failed: {exc}") from None

    def human() -> None:
        for a in report.answers:
            mark = "LOST" if a.lost else "kept" if a.answerable else "not found in the turns"
            print(f"- [{a.probe.category}] {a.probe.question}\n  expected {a.probe.expected!r}; "
                  f"with the turns: {a.with_turns!r}; with the summary: {a.with_summary!r} -> {mark}")
        print(report.verdict())

    emit(args, {"cost": cost, **report_to_json(report), "lost": [a.probe.expected for a in report.lost]}, human)
    return 0 if report.passed else 1


def add_organize_commands(
    top: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """``topic pin/unpin/archive/unarchive/export`` (issue 14)."""
    for name, help_ in (("pin", "pin a topic (listed first)"), ("unpin", "unpin a topic"),
                        ("archive", "archive a topic (hidden from the list; search still finds it)"),
                        ("unarchive", "bring an archived topic back to the list")):
        p = top.add_parser(name, help=help_, parents=[common])
        p.add_argument("topic_id", type=record_id)
        p.set_defaults(func=cmd_topic_flag, flag=name)
    p = top.add_parser("export", help="export a topic as Markdown or as JSON that `import chathub` reads back",
                       parents=[common])
    p.add_argument("topic_id", type=record_id)
    p.add_argument("--format", choices=("md", "json"), default="md")
    p.add_argument("--output", "-o", type=Path, help="write to this file (default: standard output)")
    p.set_defaults(func=cmd_topic_export)


def cmd_topic_flag(args: argparse.Namespace, svc: Services) -> int:
    """``topic pin|unpin|archive|unarchive``."""
    on = not args.flag.startswith("un")
    if args.flag.endswith("pin"):
        view = svc.topics.set_pinned(args.topic_id, on)
    else:
        view = svc.topics.set_archived(args.topic_id, on)
    emit(args, view.to_json(), lambda: print(f"{args.flag}ned topic {view.id}: {view.title}"
                                             if args.flag.endswith("pin") else
                                             f"{args.flag}d topic {view.id}: {view.title}"))
    return 0


def cmd_topic_export(args: argparse.Namespace, svc: Services) -> int:
    """``topic export``: Markdown (roles, times, tool calls) or lossless JSON."""
    import json

    if args.format == "json":
        body = json.dumps(svc.topic_files.export_json(args.topic_id), ensure_ascii=False, indent=2) + "\n"
    else:
        body = svc.topic_files.export_markdown(args.topic_id)
    if args.output is None:
        sys.stdout.write(body)
        return 0
    try:
        write_private(args.output, body.encode("utf-8"))  # 0600: a topic is private (issue 28)
    except OSError as exc:
        raise CommandError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    print(f"exported topic {args.topic_id} to {args.output}", file=sys.stderr)
    return 0
