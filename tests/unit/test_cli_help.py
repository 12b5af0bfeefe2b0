"""``--help`` speaks to users (issue 16): no internal requirement ids such as
"(MEM-2)" in any command's or option's help."""

from __future__ import annotations

import argparse
import re

from chathub_desktop.cli import build_parser

SPEC_ID = re.compile(r"\b(?:[A-Z]{2,5}-\d+|DRM|CMP|MEM|NUM|REF)\b")


def _all_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found.extend(_all_parsers(sub))
    return found


def test_no_spec_ids_in_help() -> None:
    leaks = []
    for parser in _all_parsers(build_parser()):
        text = parser.format_help()
        leaks += [f"{parser.prog}: {m.group(0)}" for m in SPEC_ID.finditer(text)]
    assert leaks == []
