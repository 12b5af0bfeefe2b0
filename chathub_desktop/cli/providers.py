"""``provider`` and ``model`` commands: LLM providers, their API keys, and your own model
cards (issue #2 "Headless commands")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chathub_desktop.cli.common import CommandError, emit, emit_rows
from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.core.provider_kinds import ProviderKind

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services


def add_provider_commands(
    prov: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``provider`` group's actions."""
    p = prov.add_parser("add", help="add a provider", parents=[common])
    p.add_argument("name")
    p.add_argument("--kind", required=True, choices=[k.value for k in ProviderKind])
    p.add_argument("--base-url", help="API base URL (default: the kind's usual URL)")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--api-key-env", metavar="VAR", help="read the key from this environment variable")
    keys.add_argument("--key-file", action="store_true",
                      help="ask for the key and store it in a file only you can read (not encrypted; "
                           "for machines without an OS keyring)")
    keys.add_argument("--no-key", action="store_true", help="no key (local servers)")
    p.set_defaults(func=cmd_provider_add)
    p = prov.add_parser("update", help="change a provider's base URL or key source", parents=[common])
    p.add_argument("name")
    p.add_argument("--base-url")
    keys = p.add_mutually_exclusive_group()
    keys.add_argument("--api-key-env", metavar="VAR", help="read the key from this environment variable")
    keys.add_argument("--set-key", action="store_true", help="ask for a new key and store it in the keyring")
    keys.add_argument("--set-key-file", action="store_true",
                      help="ask for a new key and store it in a file only you can read (not encrypted)")
    keys.add_argument("--no-key", action="store_true", help="forget the stored key (local servers)")
    p.set_defaults(func=cmd_provider_update)
    p = prov.add_parser("list", help="list providers", parents=[common])
    p.set_defaults(func=cmd_provider_list)
    p = prov.add_parser("delete", help="delete a provider and its stored key", parents=[common])
    p.add_argument("name")
    p.set_defaults(func=cmd_provider_delete)


def add_model_commands(
    mod: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    """The ``model`` group's actions."""
    p = mod.add_parser("set", help="add or replace a model card", parents=[common])
    p.add_argument("model")
    p.add_argument("--context-window", type=int, required=True, help="tokens")
    p.add_argument("--max-output", type=int, help="tokens")
    p.add_argument("--reasoning", action="store_true", help="the model thinks before answering")
    p.add_argument("--tokenizer", choices=("o200k_base", "cl100k_base"),
                   help="tokenizer that counts this model (default: chosen by model id)")
    p.add_argument("--provider", help="only for this provider (default: every provider)")
    p.set_defaults(func=cmd_model_set)
    p = mod.add_parser("list", help="your model cards", parents=[common])
    p.set_defaults(func=cmd_model_list)
    p = mod.add_parser("delete", help="remove a model card", parents=[common])
    p.add_argument("model")
    p.add_argument("--provider")
    p.set_defaults(func=cmd_model_delete)
    p = mod.add_parser("import", help="import a catalog JSON file (model_catalog.json format)", parents=[common])
    p.add_argument("path", type=Path)
    p.add_argument("--provider")
    p.set_defaults(func=cmd_model_import)


def cmd_provider_add(args: argparse.Namespace, svc: Services) -> int:
    """``provider add``: key from ``--api-key-env``, else asked and stored in the keyring
    (``--key-file``: in the data dir's file only the user can read, issue 28)."""
    api_key = None
    place = KeyPlace.FILE if args.key_file else KeyPlace.KEYRING
    if not args.api_key_env and not args.no_key:
        status = svc.providers.keyring_status()
        if not status.usable and place is KeyPlace.KEYRING:
            raise CommandError(f"{status.reason}; pass --key-file (a file only you can read), --api-key-env VAR "
                               "(or --no-key for a local server)")
        api_key = _read_key(args.name)
    view = svc.providers.add(args.name, args.kind, args.base_url, api_key=api_key, api_key_env=args.api_key_env,
                             key_place=place)
    emit(args, view.to_json(), lambda: print(f"added provider {view.name} ({view.kind}, key: {view.key_source})"))
    return 0


def _read_key(name: str) -> str:
    if sys.stdin.isatty():
        import getpass

        key = getpass.getpass(f"API key for {name}: ").strip()
    else:
        key = sys.stdin.readline().strip()
    if not key:
        raise CommandError("no API key given; pass --api-key-env VAR or --no-key")
    return key


def cmd_provider_update(args: argparse.Namespace, svc: Services) -> int:
    """``provider update``: base URL and/or key source."""
    api_key = None
    place = KeyPlace.FILE if args.set_key_file else KeyPlace.KEYRING
    if args.set_key:
        status = svc.providers.keyring_status()
        if not status.usable:
            raise CommandError(f"{status.reason}; pass --set-key-file or --api-key-env VAR instead")
    if args.set_key or args.set_key_file:
        api_key = _read_key(args.name)
    view = svc.providers.update(
        args.name, base_url=args.base_url, api_key=api_key,
        api_key_env=args.api_key_env if args.api_key_env else ("" if args.no_key else None),
        clear_key=args.no_key, key_place=place,
    )
    emit(args, view.to_json(), lambda: print(f"updated provider {view.name} ({view.base_url}, key: {view.key_source})"))
    return 0


def cmd_provider_list(args: argparse.Namespace, svc: Services) -> int:
    """``provider list``."""
    rows = svc.providers.list()

    emit_rows(args, [p.to_json() for p in rows], rows, "no providers; add one with `chathub-desktop provider add`", lambda p: f"{p.name}\t{p.kind}\t{p.base_url}\tkey: {p.key_source}")
    return 0


def cmd_provider_delete(args: argparse.Namespace, svc: Services) -> int:
    """``provider delete``."""
    svc.providers.delete(args.name)
    emit(args, {"deleted": args.name}, lambda: print(f"deleted provider {args.name}"))
    return 0


def cmd_model_set(args: argparse.Namespace, svc: Services) -> int:
    """``model set``."""
    view = svc.models.set(args.model, args.context_window, provider=args.provider,
                          max_output=args.max_output, reasoning=args.reasoning, encoding=args.tokenizer)
    emit(args, view.to_json(), lambda: print(
        f"{view.model}: context window {view.context_window:,} tokens"
        + (f", max output {view.max_output:,}" if view.max_output else "")
        + (f" (provider {view.provider})" if view.provider else " (every provider)")))
    return 0


def cmd_model_list(args: argparse.Namespace, svc: Services) -> int:
    """``model list``."""
    rows = svc.models.list()

    def line(c: Any) -> str:
        out = f"max output {c.max_output:,}" if c.max_output else "max output from the catalog"
        return f"{c.model}: window {c.context_window:,}, {out} ({'on ' + c.provider if c.provider else 'every provider'})"

    emit_rows(args, [c.to_json() for c in rows], rows, "no model cards of your own; the bundled catalog applies", line)
    return 0


def cmd_model_delete(args: argparse.Namespace, svc: Services) -> int:
    """``model delete``."""
    svc.models.delete(args.model, provider=args.provider)
    emit(args, {"deleted": args.model}, lambda: print(f"deleted the card of {args.model}"))
    return 0


def cmd_model_import(args: argparse.Namespace, svc: Services) -> int:
    """``model import``: one transaction; a bad entry writes nothing."""
    n = svc.models.import_catalog(args.path, provider=args.provider)
    emit(args, {"imported": n}, lambda: print(f"imported {n} model card{'s' if n != 1 else ''}"))
    return 0
