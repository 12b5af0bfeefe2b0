"""``dream`` commands: the memory dream, its schedule and an assistant's dynamic memory
cards (DRM, APP-4)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chathub_desktop.cli.common import IF_VERSION, CommandError, emit, emit_rows
from chathub_desktop.core.dream_schedule import DreamFrequency, DreamStatus

if TYPE_CHECKING:
    from datetime import date

    from chathub_desktop.services.container import Services


def add_dream_commands(
    drm: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``dream`` group's actions."""
    p = drm.add_parser("run-due", help="run every due scheduled dream now (for cron or a systemd timer)",
                       parents=[common])
    p.add_argument("--even-if-paused", action="store_true", help="run them even while dreams are paused")
    p.set_defaults(func=cmd_dream_run_due)
    p = drm.add_parser("serve", help="run as a headless service: fire every due dream, sleep until the next "
                       "(systemd/launchd; stops on SIGTERM)", parents=[common])
    p.set_defaults(func=cmd_dream_serve)
    p = drm.add_parser("pause", help="pause scheduled dreams (the window's and run-due's)", parents=[common])
    p.set_defaults(func=cmd_dream_pause, paused=True)
    p = drm.add_parser("resume", help="resume scheduled dreams", parents=[common])
    p.set_defaults(func=cmd_dream_pause, paused=False)
    p = drm.add_parser("run", help="dream over one UTC history day now (default: yesterday)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--day", type=_utc_day, help="YYYY-MM-DD (UTC)")
    p.add_argument("--preview", action="store_true",
                   help="show the card the dream would add and what it would fold, and write nothing")
    p.set_defaults(func=cmd_dream_run)
    p = drm.add_parser("schedule", help="show or set the schedule (times are UTC)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--frequency", choices=("off", "daily", "weekly"))
    p.add_argument("--time", help="HH:MM, 24-hour UTC (default 02:00)")
    p.add_argument("--weekday", type=int, choices=range(7), metavar="0-6", help="for weekly: 0 = Sunday … 6 = Saturday")
    p.add_argument("--keep", type=int, help="keep this many single-day cards (1-90, default 14); older ones fold")
    p.set_defaults(func=cmd_dream_schedule)
    p = drm.add_parser("cards", help="the dynamic memory cards", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_dream_cards)
    p = drm.add_parser("edit", help="replace card N's text", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("text")
    p.add_argument("--if-version", metavar="TOKEN", help=IF_VERSION)
    p.set_defaults(func=cmd_dream_edit)
    p = drm.add_parser("delete", help="delete card N (the rest renumber)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.add_argument("--if-version", metavar="TOKEN", help=IF_VERSION)
    p.set_defaults(func=cmd_dream_delete)
    p = drm.add_parser("regenerate", help="re-run the dream for single-day card N's day", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("number", type=int)
    p.set_defaults(func=cmd_dream_regenerate)
    p = drm.add_parser("clear", help="remove every card (restore brings them back)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.add_argument("--if-version", metavar="TOKEN", help=IF_VERSION)
    p.set_defaults(func=cmd_dream_clear)
    p = drm.add_parser("restore", help="swap dynamic memory with its previous version", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_dream_restore)
    p = drm.add_parser("days", help="finished UTC days with activity, newest first (what `dream run --day` "
                                    "can read)", parents=[common])
    p.add_argument("--assistant", required=True)
    p.set_defaults(func=cmd_dream_days)


def _utc_day(text: str) -> date:
    from datetime import date

    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a YYYY-MM-DD day: {text!r}") from None


def _outcome_json(o: Any) -> dict[str, object]:
    return {"assistant_id": o.assistant_id, "history_day": o.history_day.isoformat(), "status": o.status,
            "message": o.message, "card_number": o.card_number, "fold": o.fold,
            "topics_read": list(o.topics_read)}


def cmd_dream_days(args: argparse.Namespace, svc: Services) -> int:
    """``dream days``: the days Dream now offers (issue 14)."""
    days = svc.dreams.active_days(args.assistant)
    emit_rows(args, [{"day": d.day.isoformat(), "topics": d.topics, "messages": d.messages} for d in days], days,
              "no finished day has messages yet",
              lambda d: f"{d.day}\t{d.topics} topic{'s' if d.topics != 1 else ''}\t{d.messages} messages")
    return 0


def cmd_dream_run_due(args: argparse.Namespace, svc: Services) -> int:
    """``dream run-due``: every due scheduled run, each at most once (DRM-6, APP-4).
    Exit code 1 when one failed (it is retried at the next cycle), 130 for Ctrl+C."""
    if svc.dreams.paused() and not args.even_if_paused:
        emit(args, [], lambda: print("dreams are paused (`chathub-desktop dream resume`, or --even-if-paused)"))
        return 0
    outcomes = _until_interrupted(svc.dreams.run_due(even_if_paused=args.even_if_paused))
    if outcomes is None:
        return 130
    names = {a.id: a.name for a in svc.assistants.list()}
    emit_rows(args, [_outcome_json(o) for o in outcomes], outcomes, "no dream is due",
               lambda o: f"{names.get(o.assistant_id, o.assistant_id)}, {o.history_day}: {o.status}: {o.message}")
    return 1 if any(o.status == DreamStatus.FAILED for o in outcomes) else 0


def cmd_dream_serve(args: argparse.Namespace, svc: Services) -> int:
    """``dream serve``: the long-lived dream service (issue 13): fires due dreams with the
    claim-first rule, sleeps until the next one, wakes on schedule changes; SIGTERM or
    Ctrl+C stop it (a dream in flight is recorded as stopped and retried later; exit 0).
    Logs to stderr, which systemd's journal and launchd's log keep, and to the data
    dir's chathub.log."""
    import asyncio
    import signal

    from chathub_desktop.logging_setup import configure_logging
    from chathub_desktop.services.dream.dream_serve import DreamServe

    configure_logging(getattr(args, "data_dir", None), verbose=True)  # the journal reads stderr

    async def serve() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C only
                loop.add_signal_handler(sig, stop.set)
        await DreamServe(svc).serve(stop)

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    return 0


def _until_interrupted(coro: Any) -> Any:
    """Run ``coro``; Ctrl+C cancels it (the service records a stopped run) and returns
    None after printing ``[stopped]``."""
    import asyncio

    try:
        return asyncio.run(coro)
    except KeyboardInterrupt:
        print("\n[stopped]", file=sys.stderr)
        return None


def cmd_dream_pause(args: argparse.Namespace, svc: Services) -> int:
    """``dream pause`` / ``dream resume`` (APP-4)."""
    svc.dreams.set_paused(args.paused)
    emit(args, {"paused": args.paused},
          lambda: print("scheduled dreams are paused" if args.paused else "scheduled dreams run again"))
    return 0


def cmd_dream_run(args: argparse.Namespace, svc: Services) -> int:
    """``dream run``: dream over one history day now (not a scheduled run)."""
    from datetime import UTC, datetime, timedelta

    day = args.day or (datetime.now(UTC).date() - timedelta(days=1))
    if args.preview:
        return _dream_preview(args, svc, day)
    out = _until_interrupted(svc.dreams.run_day(args.assistant, day))
    if out is None:
        return 130
    emit(args, _outcome_json(out), lambda: print(f"{out.status}: {out.message}"))
    return 1 if out.status == DreamStatus.FAILED else 0


def _dream_preview(args: argparse.Namespace, svc: Services, day: date) -> int:
    """``dream run --preview`` (issue 18): draft the day's card, print it with what it
    would fold (the Memory page's Dream now preview) and write nothing. A card that
    mostly repeats itself (``core.card_repeats.degenerate``, walk50 #2) carries
    ``"repeats_itself": true`` and the window's warning as ``"warning"`` (session 51)."""
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.services.dream.dream_reasons import DreamReason
    from chathub_desktop.services.dream.dream_service import DreamOutcome

    draft = _until_interrupted(svc.dreams.draft_day(args.assistant, day))
    if draft is None:
        return 130
    if isinstance(draft, DreamOutcome):  # nothing to add: the outcome says why
        emit(args, {**_outcome_json(draft), "written": False}, lambda: print(f"{draft.status}: {draft.message}"))
        return 1 if draft.status == DreamStatus.FAILED else 0
    preview = svc.previews.dream_draft(draft)
    svc.dreams.discard_draft(draft)
    c = preview.changes
    warning = Reason(DreamReason.DEGENERATE_PREVIEW).english() if draft.degenerate else None
    data = {"history_day": day.isoformat(), "card": draft.body, "summary": preview.lines(), "folds": list(preview.folds),
            "added": c.added, "removed": c.removed, "edited": [list(e) for e in c.edited],
            "version": preview.version, "review": draft.review, "written": False,
            "repeats_itself": draft.degenerate, "warning": warning}

    def human() -> None:
        if warning:
            print(f"warning: {warning}")
        print(f"the dream for {day} would add this card (nothing was written):")
        print(draft.body)
        for line in preview.lines():
            print(line)

    emit(args, data, human)
    return 0


def cmd_dream_schedule(args: argparse.Namespace, svc: Services) -> int:
    """``dream schedule``: show, or set frequency/time/weekday and Keep N (DRM-2, DRM-7)."""
    view = svc.dreams.settings(args.assistant)
    if args.time is not None and not args.time.strip():
        raise CommandError("--time cannot be empty; give HH:MM in UTC")
    freq = args.frequency or view.schedule.frequency
    notes = []
    if args.weekday is not None and freq != DreamFrequency.WEEKLY:
        notes.append("note: --weekday only matters for --frequency weekly")
    if (args.time or args.weekday is not None) and freq == DreamFrequency.OFF:
        notes.append("note: the schedule is off; add --frequency daily or weekly to dream")
    if args.frequency or args.time or args.weekday is not None:
        sch = view.schedule
        view = svc.dreams.set_schedule(args.assistant, args.frequency or sch.frequency, args.time or sch.time_utc,
                                       sch.weekday if args.weekday is None else args.weekday)
    if args.keep is not None:
        view = svc.dreams.set_keep(args.assistant, args.keep)
    for line in notes:  # after the change is accepted: a refusal stays one line (issue 12)
        print(line, file=sys.stderr)
    last = view.last_run
    data = {"frequency": view.schedule.frequency, "time_utc": view.schedule.time_utc,
            "weekday": view.schedule.weekday, "keep": view.keep,
            "next_at": view.next_at.isoformat() if view.next_at else None,
            "due_day": view.due_day.isoformat() if view.due_day else None,
            "last_run": None if last is None else {
                "history_day": last.history_day.isoformat(), "status": last.status,
                "started_at": last.started_at.isoformat(), "error": last.error,
                "heartbeat_at": last.heartbeat_at.isoformat() if last.heartbeat_at else None,
                "stalled": last.stalled,
                "prior_stopped_at": last.prior_stopped_at.isoformat() if last.prior_stopped_at else None,
                "note": last.note}}

    def human() -> None:
        print(f"schedule: {view.schedule.describe()}; keep {view.keep} single-day cards")
        if view.next_at:
            print(f"next dream: {view.next_at:%Y-%m-%d %H:%M} UTC")
        if last is not None:
            hint = f" ({last.error})" if last.error else ""
            status = "stopped without finishing" if last.stalled else last.status
            print(f"last scheduled run: {last.started_at:%Y-%m-%d %H:%M} UTC for {last.history_day}: {status}{hint}"
                  + (f"; {last.note}" if last.note else ""))
            if last.status == DreamStatus.FAILED and last.next_retry_at is not None and view.due_day is None:
                print(f"retry: from {last.next_retry_at:%Y-%m-%d %H:%M} UTC")
        if view.due_day is not None:
            print(f"due now: the dream for {view.due_day} runs at the next check (the open app, or "
                  "`chathub-desktop dream run-due`)")
        if view.schedule.enabled and view.next_at is None:
            print("memory is off for this assistant, so its dreams do not run")

    emit(args, data, human)
    return 0


def _print_cards(args: argparse.Namespace, cards: Sequence[Any]) -> None:
    emit_rows(args, [vars(c) for c in cards], cards, "no dynamic memory yet",
               lambda c: f"#{c.number} [{c.display_tag}]:\n{c.text}\n")


def cmd_dream_cards(args: argparse.Namespace, svc: Services) -> int:
    """``dream cards``: the visible text of every card (DRM-8)."""
    _print_cards(args, svc.dreams.cards(args.assistant))
    return 0


def cmd_dream_edit(args: argparse.Namespace, svc: Services) -> int:
    """``dream edit``."""
    _print_cards(args, svc.dreams.edit_card(args.assistant, args.number, args.text, version=args.if_version))
    return 0


def cmd_dream_delete(args: argparse.Namespace, svc: Services) -> int:
    """``dream delete``."""
    _print_cards(args, svc.dreams.delete_card(args.assistant, args.number, version=args.if_version))
    return 0


def cmd_dream_regenerate(args: argparse.Namespace, svc: Services) -> int:
    """``dream regenerate``: re-run one single-day card's day (DRM-8)."""
    out = _until_interrupted(svc.dreams.regenerate(args.assistant, args.number))
    if out is None:
        return 130
    emit(args, _outcome_json(out), lambda: print(f"{out.status}: {out.message}"))
    return 1 if out.status == DreamStatus.FAILED else 0


def cmd_dream_clear(args: argparse.Namespace, svc: Services) -> int:
    """``dream clear``."""
    _print_cards(args, svc.dreams.clear(args.assistant, version=args.if_version))
    return 0


def cmd_dream_restore(args: argparse.Namespace, svc: Services) -> int:
    """``dream restore``: the previous version back (DRM-15)."""
    _print_cards(args, svc.dreams.restore(args.assistant))
    return 0
