"""The one reading of on/off words, for settings, the CLI and environment switches.

``1/true/yes/on`` mean on and ``0/false/no/off`` mean off, in any case and with
surrounding blanks (NUM-1's ``COMPACT_ENABLED``, the ``settings`` command, assistant
switches, ``CHATHUB_*`` debug variables). ``DISABLE_AUTO_COMPACT`` is not read here: NUM-1
lists only ``1|true|yes`` for it (``core.threshold_compaction``).
"""

from __future__ import annotations

from collections.abc import Mapping

ON_WORDS = frozenset({"1", "true", "yes", "on"})
OFF_WORDS = frozenset({"0", "false", "no", "off"})


def parse_flag(text: str) -> bool | None:
    """``True`` / ``False`` for an on/off word, ``None`` for anything else."""
    word = text.strip().lower()
    if word in ON_WORDS:
        return True
    if word in OFF_WORDS:
        return False
    return None


def env_flag(env: Mapping[str, str], name: str) -> bool:
    """Whether ``env[name]`` is an on word; unset or any other text is off."""
    return parse_flag(env.get(name, "")) is True
