"""Grabs the token popover in each state of issue 24, light and dark — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.meter_screenshot [OUT_DIR]

Writes ``meter_<state>_<theme>.png`` into OUT_DIR (default ``/tmp/chathub-shots``) for
every state of ``tests.meter_states`` (counted, anchored with a tail, the llama.cpp case
of a report below the parts, images, summary, learned correction, a report from an
earlier run, over budget), plus ``meter_failed_<theme>.png`` and
``meter_unreachable_<theme>.png``: the popover left open while a compaction run fails or
cannot reach its target. The chat model is a local fake vendor.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.gui import shot_harness as shots

OUTCOMES = {
    "failed": ("with_summary", "Compaction failed: the History Compress model rejected the batch as too long "
                               "for its context window (8,192 tokens)."),
    "unreachable": ("over_budget", "Could not reach the target: the latest turn and the fixed overhead alone are "
                                   "above the low watermark (2,400 tokens)."),
}


def main(out_dir: Path) -> int:
    import keyring
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.gui.context.token_badge import TokenBadge
    from chathub_desktop.gui.context.usage_popover import POPOVER_WIDTH
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.services.container import open_services
    from tests import meter_states
    from tests.fakes.memory_keyring import MemoryKeyring
    from tests.fakes.vendor_server import FakeVendor

    keyring.set_keyring(MemoryKeyring())
    app = make_application()
    shots_to_take = [(name, name, None) for name in meter_states.STATES]
    shots_to_take += [(name, state, text) for name, (state, text) in OUTCOMES.items()]
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)
        for name, state, outcome in shots_to_take:
            tmp = Path(tempfile.mkdtemp(prefix="chathub-metershot-"))
            svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
            try:
                with FakeVendor() as vendor:
                    topic, draft, attachments = meter_states.STATES[state](svc, vendor)
                    e = svc.estimates.estimate(topic, draft, attachments)
                # the badge at the foot of a tall window: the popover has room for all of
                # itself above it, so the grab shows it whole (not its first 160 px)
                host = QWidget()
                host.resize(POPOVER_WIDTH + 40, 2000)
                badge = TokenBadge(host)
                badge.move(8, 1960)
                host.show()
                badge.bind_services(svc)
                outcomes: dict[int, str] = {}
                badge.bind_controller(lambda _t: None, lambda _t: None, lambda _t: False, outcomes.get)
                badge.show_estimate(e)
                badge.open_popover()
                QApplication.processEvents()
                if outcome is not None:  # the run ends while the popover is open
                    outcomes[topic] = outcome
                    badge.popover.sync()
                    QApplication.processEvents()
                badge.popover.grab().save(str(out_dir / f"meter_{name}_{theme}.png"))
                badge.popover.hide()
                host.close()
                host.deleteLater()
                QApplication.processEvents()
            finally:
                svc.close()
    return 0


if __name__ == "__main__":
    shots.run(main)
