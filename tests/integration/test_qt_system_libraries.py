"""The README names every system package Qt's X11 plugin needs (issue 28).

On a bare Debian, ``libqxcb.so`` also needed ``libxcb-icccm4`` and ``libxcb-keysyms1``
and Qt blamed ``libxcb-cursor0``. Here ``ldd`` runs on PySide6's xcb platform plugin and
a library it cannot find fails the test with the Debian package to install; the README
and ``.ci/run`` must list every package of :data:`PACKAGES`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The system libraries Qt's xcb plugin (and libQt6XcbQpa/Gui/Core/DBus under it) loads,
#: by soname → the Debian 12 / Ubuntu package that ships it (``objdump -p`` NEEDED).
PACKAGES = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
}


def missing_libraries(ldd_output: str) -> list[str]:
    """Sonames ``ldd`` printed as ``NAME => not found``, in order, once each."""
    found = re.findall(r"^\s*(\S+)\s+=>\s+not found", ldd_output, flags=re.MULTILINE)
    return list(dict.fromkeys(found))


def install_hint(missing: list[str]) -> str:
    """The one line that says what to install for ``missing`` sonames."""
    packages = sorted({PACKAGES.get(so, f"(the package with {so})") for so in missing})
    return f"Qt's xcb plugin cannot load {', '.join(missing)}: apt-get install {' '.join(packages)}"


def _xcb_plugin() -> Path:
    import PySide6

    return Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"


def test_the_missing_package_is_named() -> None:
    """The ``ldd`` lines seen on a bare Debian 12 name the two packages to add."""
    seen = ("\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f...)\n"
            "\tlibxcb-icccm.so.4 => not found\n\tlibxcb-keysyms.so.1 => not found\n"
            "\tlibxcb-icccm.so.4 => not found\n")
    assert missing_libraries(seen) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert install_hint(missing_libraries(seen)).endswith("apt-get install libxcb-icccm4 libxcb-keysyms1")


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None,
                    reason="ldd on Linux only")
def test_qt_xcb_plugin_finds_every_library() -> None:
    plugin = _xcb_plugin()
    assert plugin.is_file(), plugin
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, timeout=30, check=False).stdout
    missing = missing_libraries(out)
    assert not missing, install_hint(missing)


def test_readme_and_ci_list_every_package() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for package in sorted(set(PACKAGES.values())):
        assert re.search(rf"(?<![\w.-]){re.escape(package)}(?![\w.-])", readme), f"README lacks {package}"
        assert re.search(rf"(?<![\w.-]){re.escape(package)}(?![\w.-])", ci), f".ci/run lacks {package}"


#: Fonts the README and ``.ci/run`` name (walkthrough F13): emoji are tofu boxes without one.
FONTS = ("fonts-noto-color-emoji",)


def test_readme_and_ci_name_an_emoji_font_and_the_readme_a_cjk_font() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for package in FONTS:
        assert re.search(rf"sudo apt-get install [^`]*(?<![\w.-]){re.escape(package)}(?![\w.-])", readme), package
        assert re.search(rf"(?<![\w.-]){re.escape(package)}(?![\w.-])", ci), f".ci/run lacks {package}"
    assert "`fonts-noto-cjk`" in readme
