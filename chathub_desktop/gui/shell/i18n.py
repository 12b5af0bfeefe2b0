"""The interface language at run time (issue 27): Qt's own translation system.

- Strings are marked with ``QCoreApplication.translate("Context", "text")`` (an explicit
  context: ``tr()`` would take it from the runtime class) or ``QT_TRANSLATE_NOOP`` for
  strings kept in tables; ``%n`` texts pass ``n`` for plural forms.
- The sources are ``resources/i18n/chathub_<lang>.ts``; the ``.qm`` beside them are built
  by ``packaging/build_translations.py`` (``pyside6-lupdate`` / ``pyside6-lrelease``),
  committed, and checked fresh by ``tests/unit/test_translations.py``.
- :class:`LanguageSwitcher` installs the chosen language's translators (ours and Qt's
  own ``qtbase``); Qt then sends every widget a ``LanguageChange`` event, and each
  translated component re-sets its texts in ``changeEvent`` (or, for actions and menus,
  the window's ``changeEvent`` calls their ``retranslate``). No restart.
- Dates and numbers follow the language through ``QLocale.setDefault`` (the desktop's
  own locale while the choice is "System").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLibraryInfo,
    QLocale,
    QObject,
    QSettings,
    QTranslator,
    Signal,
)
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.ui_language import UiLanguage, resolve_language
from chathub_desktop.gui.shell.window_settings import LANGUAGE, keep, kept
from chathub_desktop.paths import resources_dir

__all__ = ["CJK_FONTS", "QT_TRANSLATE_NOOP", "UI_LANGUAGE", "LanguageSwitcher", "Texts", "fill", "install_english_base", "resay",
           "said", "translations_dir"]

#: The settings key of the choice (beside the theme: a per-machine view preference read
#: before the first paint, so never a store query on the GUI thread).
SETTINGS_KEY = LANGUAGE.key
#: CJK-capable families tried in order per language (fonts-noto-cjk on Debian/Ubuntu ships
#: the Noto ones); the first installed one is the fallback for glyphs the UI font lacks.
CJK_FONTS = {
    UiLanguage.CHINESE_SIMPLIFIED: ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei",
                                    "Microsoft YaHei", "PingFang SC"),
    UiLanguage.JAPANESE: ("Noto Sans CJK JP", "Source Han Sans JP", "IPAGothic", "Yu Gothic UI",
                          "Hiragino Sans"),
}


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Mark ``text`` for translation in ``context`` and return it unchanged (for strings
    kept in tables and translated where shown). PySide6's own is typed as returning
    ``object``; this one keeps ``str``."""
    return text


def said(context: str, source: str) -> Callable[[], str]:
    """A maker for :meth:`Texts.bind`: ``source`` (marked elsewhere with
    ``QT_TRANSLATE_NOOP``) translated in ``context`` each time it is called."""
    return functools.partial(QCoreApplication.translate, context, source)


def fill(template: str, *values: str) -> str:
    """``template`` (a translated text) with ``%1``, ``%2`` … replaced by ``values`` in
    one pass, so a value that itself holds ``%2`` stays as it is (as ``QString.arg``)."""
    return re.sub(r"%([1-9])", lambda m: values[int(m.group(1)) - 1] if int(m.group(1)) <= len(values)
                  else m.group(0), template)


#: The owner's property holding its first :class:`Texts` (the one with the event filter).
_TEXTS = "chathubTexts"


class Texts(QObject):
    """A component's translated texts, re-said on every language switch (issue 27).

    ``bind(setter, make)`` calls ``setter(make())`` now and again whenever ``owner`` (or
    an ancestor: Qt passes ``LanguageChange`` down the tree) sees a language change;
    ``make`` holds the ``QCoreApplication.translate("Context", "…")`` call lupdate reads.
    Binding the same setter again replaces its text (a status line's latest message).
    ``call(fn)`` runs ``fn()`` now and after each switch (texts set in several places at
    once, e.g. a table's header labels). A setter whose widget is gone by then is dropped.
    The texts of one owner hear the change through the first one's event filter."""

    def __init__(self, owner: QObject) -> None:
        super().__init__(owner)
        self._bound: dict[Callable[[str], object], Callable[[], str]] = {}
        #: The setters whose text holds a token colour, re-said on a live theme switch too.
        self._themed: set[Callable[[str], object]] = set()
        #: The owner's later texts, re-said on this one's filter (issue 28: a filter runs
        #: Python for every event of its owner, ~5 µs each; the window owns six texts).
        self._later: list[Texts] = []
        first = owner.property(_TEXTS)
        if isinstance(first, Texts):
            first._later.append(self)
        else:
            owner.setProperty(_TEXTS, self)
            owner.installEventFilter(self)

    def bind(self, setter: Callable[[str], object], make: Callable[[], str]) -> None:
        """Show ``make()`` through ``setter`` now and after each switch."""
        self._bound[setter] = make
        setter(make())

    def call(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` now and again after every language switch."""
        self.bind(lambda _text: fn(), str)

    def bind_themed(self, setter: Callable[[str], object], make: Callable[[], str]) -> None:
        """:meth:`bind` for a text that holds a design-token colour (an error line's span):
        also said again on a live theme switch (:func:`resay`, walk53 #1). Only these: a
        switch re-saying every text relaid whole pages and lost their scroll (walk51 #6)."""
        self._themed.add(setter)
        self.bind(setter, make)

    def call_themed(self, fn: Callable[[], object]) -> None:
        """:meth:`call` for a function that writes token colours into texts."""
        self.bind_themed(lambda _text: fn(), str)

    def retranslate(self) -> None:
        """Re-say every bound text in the language now installed."""
        self._say(list(self._bound))

    def retheme(self) -> None:
        """Re-say the texts bound with :meth:`bind_themed` in the theme now applied."""
        self._say([s for s in self._bound if s in self._themed])

    def _say(self, setters: list[Callable[[str], object]]) -> None:
        for setter in setters:
            try:
                setter(self._bound[setter]())
            except RuntimeError:  # its C++ widget was deleted
                del self._bound[setter]
                self._themed.discard(setter)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Re-translate on the owner's ``LanguageChange`` (the only object it filters);
        never swallow an event. Reads no attribute for any other event (search53b,
        walk53b #3: when a dialog and its texts form a reference cycle, Python's
        collector empties the Texts' ``__dict__`` before the dialog's C++ part is
        deleted, and that deletion sends the dialog ``ChildRemoved`` events through this
        still-installed filter: "no attribute '_owner'")."""
        if event.type() == QEvent.Type.LanguageChange:
            for texts in reversed([self, *self._later]):  # as filters of their own would: the last made first
                texts.retranslate()
        return False


def resay(owner: QObject) -> None:
    """Re-say ``owner``'s texts bound with :meth:`Texts.bind_themed` now (a live theme
    switch, walk53 #1: a text that holds a token colour, such as an error line's span, is
    made again in the new theme's). Nothing when ``owner`` has none."""
    first = owner.property(_TEXTS)
    if isinstance(first, Texts):
        for texts in reversed([first, *first._later]):
            texts.retheme()


def translations_dir() -> str:
    """The folder holding ``chathub_<lang>.qm`` (inside the package or the bundle)."""
    return str(resources_dir() / "i18n")


#: The object name of the English plural translator :func:`install_english_base` installs
#: (and the application property that says it is installed).
ENGLISH_BASE = "chathubEnglishBase"
#: The application property holding the shown language's locale name (``ja``), which
#: :mod:`~chathub_desktop.gui.shell.day_format` writes dates in (issue 30).
UI_LANGUAGE = "chathubUiLanguage"


def install_english_base(app: QCoreApplication) -> bool:
    """Install English's plural forms (``chathub_en``: "1 entry", "7 entries" for
    ``%n entry(ies)``) as the application's base translator, once, so every path reads
    English plurals: System or English chosen, and a page or popover an offscreen script
    shows without a window (issue 27). The language switcher's translators, installed
    after it, take precedence. Also English number formats ("10,000") when the desktop
    locale is C/POSIX, as :meth:`LanguageSwitcher.apply` does. False when the ``.qm``
    is missing (the sources' own texts then show)."""
    if app.property(ENGLISH_BASE):  # not findChild: it builds Qt's namespace (~20 ms) before the first paint
        return True
    english = QTranslator(app)
    english.setObjectName(ENGLISH_BASE)
    if not english.load("chathub_en", translations_dir()):
        english.deleteLater()
        return False
    app.installTranslator(english)
    app.setProperty(ENGLISH_BASE, True)
    if QLocale.system().language() == QLocale.Language.C:
        QLocale.setDefault(QLocale("en"))
    return True


class LanguageSwitcher(QObject):
    """Installs the interface language on ``app`` and keeps the choice in ``settings``
    (``None``: nothing kept, for tests). Owned by ``parent`` (the window's View menu):
    its translators leave the app with it. ``changed(UiLanguage)`` fires with the shown
    language after each switch."""

    changed = Signal(object)

    def __init__(self, parent: QObject, app: QApplication, settings: QSettings | None) -> None:
        super().__init__(parent)
        self._app = app
        self._settings = settings
        self._translators: list[QTranslator] = []
        self._substituted: list[str] = []
        self.choice: UiLanguage = kept(settings, LANGUAGE)
        self.shown = UiLanguage.ENGLISH

    def apply(self, choice: UiLanguage | None = None) -> None:
        """Show ``choice`` (default: the kept one), keep it, and re-translate every open
        widget (Qt posts ``LanguageChange``). A missing ``.qm`` leaves English."""
        if choice is not None:
            self.choice = choice
            keep(self._settings, LANGUAGE, choice)
        shown = resolve_language(self.choice, QLocale.system().uiLanguages())
        for t in self._translators:
            self._app.removeTranslator(t)
        self._translators = []
        for name, folder in ((f"chathub_{shown.value}", translations_dir()),
                             (f"qtbase_{shown.value}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))):
            t = QTranslator(self)
            if t.load(name, folder):
                self._app.installTranslator(t)
                self._translators.append(t)
        # "System" keeps the desktop's own formats (en_GB dates stay day-first), except C/POSIX
        system = QLocale.system()
        own = self.choice is UiLanguage.SYSTEM and system.language() != QLocale.Language.C
        QLocale.setDefault(system if own else QLocale(shown.value))
        self._app.setProperty(UI_LANGUAGE, shown.value)
        self._set_cjk_fallback(shown)
        self.shown = shown
        self.changed.emit(shown)

    def _set_cjk_fallback(self, lang: UiLanguage) -> None:
        """Prefer the language's CJK font for glyphs the UI font lacks (Han characters
        differ between Chinese and Japanese); nothing when none is installed."""
        family = self._app.font().family()
        if self._substituted:
            QFont.removeSubstitutions(family)
            self._substituted = []
        candidates = CJK_FONTS.get(lang, ())
        if not candidates:  # English: no font look-up (listing the families takes ~11 ms)
            return
        installed = set(QFontDatabase.families())
        wanted = [f for f in candidates if f in installed][:1]
        if wanted:
            # an alias ("Sans Serif") is resolved through its substitutes: the face it names
            # stays first, or Latin text too took the CJK face's thin glyphs (walk51b #6)
            real = QFontInfo(self._app.font()).family()
            lead = [real] if real != family and real not in wanted else []
            QFont.insertSubstitutions(family, lead + wanted)
            self._substituted = lead + wanted
