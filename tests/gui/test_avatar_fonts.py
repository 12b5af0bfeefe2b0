"""An emoji avatar on a machine without an emoji font (walk37 #8): the rail, its menu
and the greeting show the name's initial, never a tofu box, and the assistant editor
offers only the suggestions the machine can draw. Run in a child process whose font
matching sees the DejaVu fonts alone (no emoji font), as such a machine would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Where Debian and Ubuntu keep the DejaVu fonts (monochrome symbols such as ☕ and ❤, no 🦊).
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

_CHILD = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
from chathub_desktop.gui.settings.avatar_picker import offered_avatars
from chathub_desktop.gui.design.avatar import avatar_text, drawable
print(json.dumps({"fox": avatar_text("Writer", "\\U0001F98A"), "cup": avatar_text("Writer", "\\u2615"),
                  "heart_on_fire": avatar_text("Writer", "\\u2764\\ufe0f\\u200d\\U0001F525"),
                  "letters": avatar_text("Writer", "AB"),
                  "offered": offered_avatars()}))
"""


@pytest.mark.skipif(not DEJAVU.is_dir() or sys.platform != "linux", reason="needs fontconfig and the DejaVu fonts")
def test_without_an_emoji_font_an_emoji_avatar_falls_back_to_the_initial(tmp_path: Path) -> None:
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig><dir>{DEJAVU}</dir>'
                    f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    out = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, timeout=120,
                         check=True).stdout
    shown = json.loads(out.strip().splitlines()[-1])
    assert shown["fox"] == "W"  # no font has the fox: the initial, not a box
    assert shown["cup"] == "\u2615" and shown["letters"] == "AB"  # DejaVu draws the cup; letters stay
    assert shown["heart_on_fire"] == "W"  # the heart is drawable, the fire is not: not half a box
    assert "\U0001F98A" not in shown["offered"] and "\u2615" in shown["offered"]
