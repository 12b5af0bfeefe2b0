"""A provider's own model list, the windows it reported and the models whose server
takes no tools (issue 14, issue 28, walkthrough F3), kept as ``app_setting`` rows
``provider-models:<id>`` and ``provider-windows:<id>`` (issue 31: the queries live here).
Each function takes the caller's session; a row of another shape reads as empty."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import delete
from sqlalchemy.orm import Session

from chathub_desktop.core.clock import utcnow
from chathub_desktop.storage.models import AppSetting

__all__ = ["MODELS_KEY_PREFIX", "WINDOWS_KEY_PREFIX", "cached_models", "forget_lists", "reported_windows",
           "store_lists", "takes_no_tools"]

#: Key prefixes of the cached lists and of the reported windows
#: (``{"windows": {id: tokens}, "no_tools": [id, ...]}``).
MODELS_KEY_PREFIX, WINDOWS_KEY_PREFIX = "provider-models:", "provider-windows:"


def _value(s: Session, key: str) -> dict[str, object] | None:
    row = s.get(AppSetting, key)
    return row.value if row is not None and isinstance(row.value, dict) else None


def reported_windows(s: Session, provider_id: int) -> dict[str, int]:
    """The windows provider ``provider_id`` reported (``{model id: tokens}``)."""
    value = _value(s, f"{WINDOWS_KEY_PREFIX}{provider_id}")
    windows = value.get("windows") if value is not None else None
    if not isinstance(windows, dict):
        return {}
    return {str(m): w for m, w in windows.items() if isinstance(w, int) and not isinstance(w, bool) and w > 0}


def takes_no_tools(s: Session, provider_id: int, model: str) -> bool:
    """True when provider ``provider_id`` said at its last Test connection that ``model``
    takes no tools (its chat template has no tool support, F3); no row reads as False."""
    value = _value(s, f"{WINDOWS_KEY_PREFIX}{provider_id}")
    listed = value.get("no_tools") if value is not None else None
    return isinstance(listed, list) and model in listed


def cached_models(s: Session, provider_id: int) -> tuple[str, ...]:
    """The ids provider ``provider_id`` offered at its last successful test (as stored;
    empty when never tested)."""
    value = _value(s, f"{MODELS_KEY_PREFIX}{provider_id}")
    models = value.get("models") if value is not None else None
    return tuple(str(m) for m in models) if isinstance(models, list) else ()


def store_lists(s: Session, provider_id: int, models: Sequence[str], windows: Mapping[str, int],
                no_tools: Sequence[str]) -> None:
    """Replace ``provider_id``'s list with ``models``, its windows with ``windows`` (tokens
    per listed id) and its no-tools list with ``no_tools``, in write session ``s``."""
    listed = set(models)
    values = {
        f"{MODELS_KEY_PREFIX}{provider_id}": {"models": list(models), "at": utcnow().isoformat()},
        f"{WINDOWS_KEY_PREFIX}{provider_id}": {"windows": {m: int(w) for m, w in windows.items() if m in listed},
                                               "no_tools": sorted(set(no_tools) & listed)},
    }
    for key, value in values.items():
        row = s.get(AppSetting, key)
        if row is None:
            s.add(AppSetting(key=key, value=value))
        else:
            row.value = value


def forget_lists(s: Session, provider_id: int) -> None:
    """Delete ``provider_id``'s list and windows (the provider is being deleted; a later
    provider may get its id)."""
    s.execute(delete(AppSetting).where(AppSetting.key.in_(
        [f"{MODELS_KEY_PREFIX}{provider_id}", f"{WINDOWS_KEY_PREFIX}{provider_id}"])))
