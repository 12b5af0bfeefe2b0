"""Assistants: create, list, update, delete, and the headless ``assistant set`` (APP-9, CMP-1)."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from chathub_desktop.core.assistant_settings import (  # noqa: E402
    HIGH_WATERMARK_MAX,
    HIGH_WATERMARK_MIN,
    MAX_HISTORY_LIMIT,
    MAX_TOKENS_LIMIT,
    SETTABLE,
    UNSET_WORDS,
)
from chathub_desktop.core.avatars import AvatarRefused, clean_avatar
from chathub_desktop.core.card_language import CardLanguageRefused, parse_card_language
from chathub_desktop.core.compaction import SUMMARY_CAPS, watermarks
from chathub_desktop.core.flags import parse_flag
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import TEMPLATE_PLACEHOLDER
from chathub_desktop.core.sampling import Sampling, sampling_reason
from chathub_desktop.services.errors import InvalidInput, NameTaken, NotFound, no_provider
from chathub_desktop.services.events import EventBus, SettingsChanged
from chathub_desktop.services.input_rules import check_model_id, check_name, check_record_id
from chathub_desktop.services.views import AssistantView
from chathub_desktop.storage.assistant_rows import (
    COLUMNS,
    AssistantRecord,
    add_assistant,
    all_assistants,
    assistant_record,
    delete_assistant,
    update_assistant,
)
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.errors import IntegrityError
from chathub_desktop.storage.provider_lookup import provider_row
from chathub_desktop.storage.session import Session


def parse_bool(value: str) -> bool:
    """``on/off``, ``true/false``, ``yes/no``, ``1/0`` → bool; else :class:`InvalidInput`."""
    flag = parse_flag(value)
    if flag is not None:
        return flag
    raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "expected on/off, got %1"), (repr(value),)))


def validate_template(template: str) -> str:
    """An input template must contain ``{{text}}`` (APP-9); raises :class:`InvalidInput`."""
    if TEMPLATE_PLACEHOLDER not in template:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the input template must contain {{text}} "
                                                                      "where the message goes")))
    return template


def sampling_of(a: AssistantRecord) -> Sampling:
    """The sampling settings stored on ``a`` (issue 28)."""
    return Sampling(a.temperature, a.top_p, a.reasoning_effort, a.thinking_budget)


def check_sampling(a: AssistantRecord) -> None:
    """Refuse ``a``'s sampling settings when a provider would reject them with its max
    tokens (``core.sampling.sampling_reason``); raises :class:`InvalidInput` with that
    one line."""
    cap = a.max_tokens if a.max_tokens_enabled else None
    problem = sampling_reason(sampling_of(a), cap)
    if problem is not None:
        raise InvalidInput(problem)


class AssistantReason(StrEnum):
    """Why an assistant setting is refused, as typed reasons (issue 27, ``core.reasons``;
    the assistant dialog says them in the interface language)."""

    NAME_TAKEN = QT_TRANSLATE_NOOP("ServiceReasons", "an assistant named %1 already exists")
    SAME_NAME = QT_TRANSLATE_NOOP("ServiceReasons", "an assistant with that name already exists")
    MAX_TOKENS = QT_TRANSLATE_NOOP("ServiceReasons", "max tokens must be between 1 and %1")
    MAX_TOKENS_GOT = QT_TRANSLATE_NOOP("ServiceReasons", "max tokens must be between 1 and %1 (got %2)")
    MEMORY_BUDGET = QT_TRANSLATE_NOOP("ServiceReasons", "memory budget must be between 1 and %1 tokens (got %2)")
    HISTORY_LIMIT = QT_TRANSLATE_NOOP("ServiceReasons", "history limit must be between 0 and %1 messages (got %2)")
    PRESET = QT_TRANSLATE_NOOP("ServiceReasons", "compact preset must be one of %1 (got %2)")
    HIGH_WATERMARK = QT_TRANSLATE_NOOP("ServiceReasons", "high watermark must be between %1 and %2 (got %3); the low "
                                                         "watermark is 0.2 below it")
    LOW_WATERMARK = QT_TRANSLATE_NOOP("ServiceReasons", "the low watermark is always 0.2 below the high watermark")
    UNKNOWN_SETTING = QT_TRANSLATE_NOOP("ServiceReasons", "unknown assistant setting %1")


class AssistantService:
    """CRUD for assistants and their settings."""

    def __init__(self, db: Database, bus: EventBus) -> None:
        self._db = db
        self._bus = bus

    @staticmethod
    def _view(a: AssistantRecord) -> AssistantView:
        return AssistantView(
            id=a.id,
            name=a.name,
            provider_id=a.provider_id,
            provider_name=a.provider_name,
            model=a.model,
            instructions=a.instructions,
            input_template=a.input_template,
            max_tokens=a.max_tokens,
            max_tokens_enabled=a.max_tokens_enabled,
            memory_enabled=a.memory_enabled,
            topic_snippets=a.topic_snippets,
            history_limit_enabled=a.history_limit_enabled,
            history_limit=a.history_limit,
            summarize_history=a.summarize_history,
            compact_preset=a.compact_preset,
            auto_compact=a.auto_compact,
            probe_summaries=a.probe_summaries,
            high_watermark=watermarks(a.high_watermark)[0],
            low_watermark=watermarks(a.high_watermark)[1],
            temperature=a.temperature,
            top_p=a.top_p,
            reasoning_effort=a.reasoning_effort,
            thinking_budget=a.thinking_budget,
            recall_topics=a.recall_topics,
            avatar=a.avatar,
            card_language=a.card_language,
        )

    @staticmethod
    def _provider_id(s: Session, provider: int | str | None) -> int | None:
        if provider is None:
            return None
        row = provider_row(s, check_record_id(provider, "provider") if isinstance(provider, int) else provider)
        if row is None:
            raise NotFound(no_provider(provider))
        return row.id

    @staticmethod
    def row(s: Session, ref: int | str) -> AssistantRecord:
        """The stored assistant by id or name. Raises :class:`NotFound`."""
        row = assistant_record(s, check_record_id(ref, "assistant") if isinstance(ref, int) else ref)
        if row is None:
            raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no assistant %1"), (repr(ref),)))
        return row

    def create(
        self,
        name: str,
        *,
        provider: int | str | None = None,
        model: str = "",
        instructions: str = "",
        input_template: str = TEMPLATE_PLACEHOLDER,
        max_tokens: int | None = None,
        max_tokens_enabled: bool = False,
        avatar: str | None = None,
    ) -> AssistantView:
        """Create an assistant; ``avatar``: an emoji or one or two letters (None: its
        name's initial; issue 29). Raises :class:`InvalidInput` (empty or duplicate name,
        bad template, max tokens < 1, an avatar that cannot be shown) or
        :class:`NotFound` (unknown provider)."""
        name = check_name(name, "assistant name")
        try:
            avatar = clean_avatar(avatar)
        except AvatarRefused as exc:
            raise InvalidInput(exc.reason) from None
        model = check_model_id(model) if model.strip() else ""
        validate_template(input_template)
        if max_tokens is not None and not 1 <= max_tokens <= MAX_TOKENS_LIMIT:
            raise InvalidInput(Reason(AssistantReason.MAX_TOKENS, (f"{MAX_TOKENS_LIMIT:,}",)))
        try:
            with self._db.write() as s:
                return self._view(add_assistant(s, {
                    "name": name,
                    "provider_id": self._provider_id(s, provider),
                    "model": model.strip(),
                    "instructions": instructions,
                    "input_template": input_template,
                    "max_tokens": max_tokens,
                    "max_tokens_enabled": max_tokens_enabled,
                    "avatar": avatar,
                }))
        except IntegrityError:
            raise NameTaken(Reason(AssistantReason.NAME_TAKEN, (repr(name),)), name) from None

    def list(self) -> list[AssistantView]:
        """All assistants by name."""
        with self._db.read() as s:
            return [self._view(a) for a in all_assistants(s)]

    def get(self, ref: int | str) -> AssistantView:
        """Assistant by id or name. Raises :class:`NotFound`."""
        with self._db.read() as s:
            return self._view(self.row(s, ref))

    def update(self, ref: int | str, **changes: object) -> AssistantView:
        """Change settings (keyword names are :class:`AssistantView` fields, plus
        ``provider`` by id or name). Validated as in :meth:`create`."""
        try:
            with self._db.write() as s:
                row = self.row(s, ref)
                values: dict[str, object] = {}
                for key, value in changes.items():
                    if key == "provider":
                        values["provider_id"] = self._provider_id(s, value)  # type: ignore[arg-type]
                        continue
                    if key == "name":
                        value = check_name(str(value), "assistant name")
                    if key == "model":
                        value = check_model_id(str(value))
                    if key == "input_template":
                        validate_template(str(value))
                    if key == "max_tokens" and value is not None and not 1 <= int(value) <= MAX_TOKENS_LIMIT:  # type: ignore[call-overload]
                        raise InvalidInput(Reason(AssistantReason.MAX_TOKENS_GOT, (f"{MAX_TOKENS_LIMIT:,}", f"{value}")))
                    if key == "memory_budget_tokens" and not 1 <= int(value) <= MAX_TOKENS_LIMIT:  # type: ignore[call-overload]
                        raise InvalidInput(Reason(AssistantReason.MEMORY_BUDGET, (f"{MAX_TOKENS_LIMIT:,}", f"{value}")))
                    if key == "history_limit" and not 0 <= int(value) <= MAX_HISTORY_LIMIT:  # type: ignore[call-overload]
                        raise InvalidInput(Reason(AssistantReason.HISTORY_LIMIT, (f"{MAX_HISTORY_LIMIT:,}", f"{value}")))
                    if key == "compact_preset":
                        value = str(value).strip().lower()
                        if value not in SUMMARY_CAPS:
                            raise InvalidInput(Reason(AssistantReason.PRESET, (", ".join(SUMMARY_CAPS), repr(value))))
                    if key == "high_watermark":
                        high = float(value)  # type: ignore[arg-type]
                        if not HIGH_WATERMARK_MIN <= high <= HIGH_WATERMARK_MAX:  # NaN fails too
                            raise InvalidInput(Reason(AssistantReason.HIGH_WATERMARK, (
                                f"{HIGH_WATERMARK_MIN:.2f}", f"{HIGH_WATERMARK_MAX:.2f}", f"{value}")))
                        value = watermarks(high)[0]
                    if key == "low_watermark":
                        raise InvalidInput(Reason(AssistantReason.LOW_WATERMARK))
                    if key == "card_language":  # issue 27: a known word or None
                        try:
                            choice = parse_card_language(value)
                        except CardLanguageRefused as exc:
                            raise InvalidInput(exc.reason) from None
                        value = None if choice is None else choice.value
                    if key == "avatar":
                        try:
                            value = clean_avatar(None if value is None else str(value))
                        except AvatarRefused as exc:
                            raise InvalidInput(exc.reason) from None
                    if key not in COLUMNS:
                        raise InvalidInput(Reason(AssistantReason.UNKNOWN_SETTING, (repr(key),)))
                    values[key] = value
                check_sampling(replace(row, **values))  # type: ignore[arg-type]
                view = self._view(update_assistant(s, row.id, values))
        except IntegrityError:
            raise InvalidInput(Reason(AssistantReason.SAME_NAME)) from None
        self._bus.publish(SettingsChanged())
        return view

    def set_from_text(self, ref: int | str, key: str, value: str) -> AssistantView:
        """Headless ``assistant set NAME KEY VALUE``: parse ``value`` for ``key`` (see
        :data:`SETTABLE`) and update. Raises :class:`InvalidInput` for unknown keys/values."""
        if key == "provider":
            return self.update(ref, provider=value)
        spec = SETTABLE.get(key)
        if spec is None:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "unknown setting %1; settable: %2"),
                                      (repr(key), ", ".join(("provider", *SETTABLE)))))
        parsed: object
        if spec.optional and value.strip().lower() in UNSET_WORDS:
            parsed = None
        elif spec.kind is bool:
            parsed = parse_bool(value)
        elif spec.kind is int:
            try:
                parsed = int(value)
            except ValueError:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects a whole number, got %2"),
                                          (key, repr(value)))) from None
        elif spec.kind is float:
            try:
                parsed = float(value)
            except ValueError:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "%1 expects a number such as 0.8, got %2"),
                                          (key, repr(value)))) from None
            if parsed != parsed or parsed in (float("inf"), float("-inf")):
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 expects a finite number, got %2"),
                                          (key, repr(value))))
        else:
            parsed = value
        return self.update(ref, **{spec.attr: parsed})

    def delete(self, ref: int | str) -> None:
        """Delete an assistant with its topics and memory (one transaction)."""
        with self._db.write() as s:
            delete_assistant(s, self.row(s, ref).id)
