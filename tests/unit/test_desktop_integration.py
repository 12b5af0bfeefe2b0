"""Desktop integration files (issue 16): the ``.desktop`` entry and the AppStream
metainfo pass their validators, and name an icon, version and screenshots that exist.

The validators (``desktop-file-validate`` from desktop-file-utils, ``appstreamcli``
from appstream) are installed by ``.ci/run``; elsewhere the validator tests skip,
unless ``CHATHUB_REQUIRE_E2E`` is set (CI: nothing may be skipped).
"""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from chathub_desktop.gui.design.app_icon import APP_ICON_NAME, bundled_icon_files

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = ROOT / "packaging" / f"{APP_ICON_NAME}.desktop"
METAINFO = ROOT / "packaging" / f"{APP_ICON_NAME}.metainfo.xml"
#: hicolor sizes a desktop looks up (packaging/render_icons.py renders them).
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        reason = f"{name} is not installed (apt install desktop-file-utils appstream)"
        if os.environ.get("CHATHUB_REQUIRE_E2E", "").strip() not in ("", "0"):
            pytest.fail(reason + " (CHATHUB_REQUIRE_E2E is set)")
        pytest.skip(reason)
    return path


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_validates() -> None:
    out = subprocess.run([_tool("desktop-file-validate"), str(DESKTOP)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == "", out.stdout  # not even a hint


def test_metainfo_validates() -> None:
    out = subprocess.run([_tool("appstreamcli"), "validate", "--no-net", str(METAINFO)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "W:" not in out.stdout and "E:" not in out.stdout, out.stdout


def test_desktop_entry_names_the_shipped_icon_and_the_app_binary() -> None:
    entry = _desktop_entry()
    assert entry["Icon"] == APP_ICON_NAME
    assert entry["Exec"].split()[0] == "chathub-desktop"
    files = bundled_icon_files(ROOT / "resources")
    assert files[-1].name == f"{APP_ICON_NAME}.svg"
    sizes = [_png_size(p) for p in files[:-1]]
    assert sizes == [(n, n) for n in ICON_SIZES]
    for png in files[:-1]:  # each sits in the hicolor directory of its own size
        width, _ = _png_size(png)
        assert png.parts[-3] == f"{width}x{width}"


def test_metainfo_matches_the_project_and_its_screenshots_exist() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ICON_NAME
    assert root.find("launchable").text == DESKTOP.name  # type: ignore[union-attr]
    assert root.find("releases/release").get("version") == version  # type: ignore[union-attr]
    images = root.findall("screenshots/screenshot/image")
    assert len(images) >= 2
    for image in images:
        shot = ROOT / "docs" / image.text.rsplit("/", 1)[-1]  # type: ignore[union-attr]
        assert shot.is_file(), f"{shot} is named in the metainfo but missing"
        assert _png_size(shot) == (int(image.get("width", 0)), int(image.get("height", 0)))
