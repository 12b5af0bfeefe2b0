"""Settings as a page of the window (issue 29; APP-1, APP-2, APP-6, CMP-3, CMP-20,
APP-10): a list of sections at the left, as Cherry Studio and LobeHub lay out their
settings, and the chosen section beside it, each in its own scroll area so a window of
800×560 shows every section without clipping.

Sections: Providers, Models (issue 28), System Agent, Tools (issue 25), Storage
(issue 13) and Appearance (the View menu's choices as controls). The page holds no
window: the caller hosts it in the window's ``PageHost`` and hears ``back_requested``
(the header's Back button) and ``providers_changed``. Its texts are in the
``SettingsPage`` translation context, re-said on a language switch (issue 27).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design.icons import Icon, IconTint, icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.settings.appearance_section import ActionGroup, AppearanceSection, Choice
from chathub_desktop.gui.settings.providers_page import ProvidersPage
from chathub_desktop.gui.settings.system_agent_page import SystemAgentPage
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.page_header import PageHeader

if TYPE_CHECKING:
    from chathub_desktop.gui.settings.storage_page import StoragePage
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.vector_fill import VectorFill
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.providers.provider_service import ProviderService

__all__ = ["ActionGroup", "AppearanceSection", "Choice", "SettingsPage", "SettingsSection"]

#: Width of the section list, px; below :data:`NARROW_PX` of page width it narrows to
#: its longest name (labels stay: walk29 #11).
SECTIONS_WIDTH = 180
NARROW_PX = 900


class SettingsSection(enum.Enum):
    """A section of the Settings page; the value is its English name in the list (a
    source of the ``SettingsPage`` context: :meth:`label` is the shown one)."""

    PROVIDERS = QT_TRANSLATE_NOOP("SettingsPage", "Providers")
    MODELS = QT_TRANSLATE_NOOP("SettingsPage", "Models")
    SYSTEM_AGENT = QT_TRANSLATE_NOOP("SettingsPage", "System Agent")
    TOOLS = QT_TRANSLATE_NOOP("SettingsPage", "Tools")
    STORAGE = QT_TRANSLATE_NOOP("SettingsPage", "Storage")
    APPEARANCE = QT_TRANSLATE_NOOP("SettingsPage", "Appearance")

    def label(self) -> str:
        """The section's name in the interface language."""
        return QCoreApplication.translate("SettingsPage", self.value)


_ICONS = {
    SettingsSection.PROVIDERS: Icon.PROVIDERS, SettingsSection.MODELS: Icon.MODELS,
    SettingsSection.SYSTEM_AGENT: Icon.SYSTEM_AGENT, SettingsSection.TOOLS: Icon.TOOLS,
    SettingsSection.STORAGE: Icon.STORAGE, SettingsSection.APPEARANCE: Icon.THEME,
}


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setObjectName("settingsSection")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(widget)
    return area


class SettingsPage(QWidget):
    """The Settings page over ``providers``, reading and storing on ``runner``'s workers;
    System Agent and Storage when ``services`` are given (Storage shows the recall
    vectors' ``vector_fill`` when given), Models and Tools when their pages are given,
    Appearance when ``appearance`` groups are given.
    ``back_requested`` when Back is clicked; ``providers_changed`` after a provider
    change."""

    providers_changed = Signal()
    back_requested = Signal()

    def __init__(self, providers: ProviderService, parent: QWidget | None = None, *,
                 runner: TaskRunner, services: Services | None = None,
                 model_ids: Sequence[str] = (), models_page: QWidget | None = None,
                 tools_page: QWidget | None = None, appearance: Sequence[ActionGroup] = (),
                 vector_fill: VectorFill | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsPage")
        self.texts = Texts(self)
        self.texts.bind(self.setWindowTitle, lambda: QCoreApplication.translate("SettingsPage", "Settings"))
        self.header = PageHeader("")
        self.texts.bind(self.header.title.setText, lambda: QCoreApplication.translate("SettingsPage", "Settings"))
        self.header.back_requested.connect(self.back_requested)
        self.sections = QListWidget()
        self.sections.setObjectName("settingsSections")
        self.texts.bind(self.sections.setAccessibleName,
                        lambda: QCoreApplication.translate("SettingsPage", "Settings sections"))
        self.sections.setFixedWidth(SECTIONS_WIDTH)
        self.sections.setIconSize(QSize(IconSize.MD, IconSize.MD))
        self.sections.setSpacing(1)
        self.compact = False  # a narrow page: the list fits its longest name (resizeEvent)
        self.stack = QStackedWidget()
        self.pages: dict[SettingsSection, QWidget] = {}
        self.providers_page = ProvidersPage(providers, settings=services.settings if services else None,
                                            runner=runner, models=services.provider_models if services else None)
        self.providers_page.changed.connect(self.providers_changed)
        self._add(SettingsSection.PROVIDERS, self.providers_page)
        if models_page is not None:
            self._add(SettingsSection.MODELS, models_page)
        self.system_page: SystemAgentPage | None = None
        self.storage_page: StoragePage | None = None
        if services is not None:
            self.system_page = SystemAgentPage(services, runner, model_ids)
            self.providers_page.changed.connect(self.system_page.reload_providers)
            self._add(SettingsSection.SYSTEM_AGENT, self.system_page)
        if tools_page is not None:
            self._add(SettingsSection.TOOLS, tools_page)
        if services is not None:
            from chathub_desktop.gui.settings.storage_page import StoragePage

            self.storage_page = StoragePage(services, runner=runner, vector_fill=vector_fill)
            self._add(SettingsSection.STORAGE, self.storage_page)
        if appearance:
            self._add(SettingsSection.APPEARANCE, AppearanceSection(appearance))
        self.sections.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.sections.setCurrentRow(0)
        body = QHBoxLayout()
        body.setContentsMargins(Space.LG, 0, Space.LG, Space.LG)
        body.setSpacing(Space.LG)
        body.addWidget(self.sections)
        body.addWidget(self.stack, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.header)
        lay.addLayout(body, 1)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-fits a narrowed section list to the new names."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self.compact:
            self.sections.setFixedWidth(min(self.fitted_width(), SECTIONS_WIDTH))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Below :data:`NARROW_PX` the section list narrows to :meth:`fitted_width`, its
        names kept beside the icons (walk29 #11: no guessing from icons), so a window of
        800×560 leaves the section its room."""
        super().resizeEvent(event)
        narrow = self.width() < NARROW_PX
        if narrow == self.compact:
            return
        self.compact = narrow
        self.sections.setFixedWidth(min(self.fitted_width(), SECTIONS_WIDTH) if narrow else SECTIONS_WIDTH)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        """Lay the section rows out again once shown: they were placed before the
        stylesheet's item padding applied, 22 px apart under 32 px rows."""
        super().showEvent(event)
        self.sections.doItemsLayout()

    def fitted_width(self) -> int:
        """The section list's width that shows its longest name beside its icon, px: the
        name, the icon, the item's padding (stylesheet: :data:`Space.MD` each side) and
        the gap between icon and text."""
        metrics = self.sections.fontMetrics()
        text = max((metrics.horizontalAdvance(s.label()) for s in self.pages), default=0)
        frame = 2 * self.sections.frameWidth()
        return text + IconSize.MD + 2 * Space.MD + 2 * Space.SM + frame + Space.XS

    def _add(self, section: SettingsSection, page: QWidget) -> None:
        item = QListWidgetItem(icon(_ICONS[section], IconTint.SOFT_SELECTION), "")
        self.texts.bind(item.setText, section.label)
        self.texts.bind(item.setToolTip, lambda: fill(QCoreApplication.translate("SettingsPage", "Settings → %1"),
                                                      section.label()))
        self.texts.bind(lambda name: item.setData(Qt.ItemDataRole.AccessibleTextRole, name), section.label)
        self.sections.addItem(item)
        area = _scrolled(page)
        self.texts.bind(area.setAccessibleName, section.label)  # a Tab stop: said as its section (issue 29)
        self.stack.addWidget(area)
        self.pages[section] = page

    def show_section(self, section: SettingsSection) -> None:
        """Show ``section`` (when the page has it)."""
        if section in self.pages:
            self.sections.setCurrentRow(list(self.pages).index(section))

    def current_section(self) -> SettingsSection:
        """The section shown."""
        return list(self.pages)[max(0, self.sections.currentRow())]

    def current_page(self) -> QWidget:
        """The shown section's widget."""
        return self.pages[self.current_section()]

    def show_system_agent(self) -> None:
        """Show the System Agent section (when present)."""
        self.show_section(SettingsSection.SYSTEM_AGENT)

    def back(self) -> None:
        """Leave the page, as its Back button does."""
        self.back_requested.emit()
