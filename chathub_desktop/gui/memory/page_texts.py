"""The Memory page's own texts (issue 27): the help of the master switch and of fixed
memory (APP-6), their one-line descriptions and the empty states, marked for translation
in the "MemoryPage" context and translated where :class:`~chathub_desktop.gui.memory.fixed_page.MemoryPage`
shows them."""

from __future__ import annotations

from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

# --- help texts (APP-6) -------------------------------------------------------------------

MEMORY_SWITCH_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Memory on / off</b> is this assistant's master switch.</p>"
    "<p>When it is off, no fixed or dynamic memory is sent with any request, no memory "
    "dream runs for this assistant and the model is not offered its memory tools. "
    "Your entries stay here untouched, and topic compaction (Chat Preference) keeps "
    "working as before.</p>"
)
FIXED_MEMORY_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Fixed memory</b> belongs to you: facts, preferences and standing "
    "instructions this assistant sees in every chat.</p>"
    "<p>The assistant can add or correct entries itself with its built-in memory tool "
    "(it must quote the current text before changing one). Automatic summarization and "
    "the memory dream read it but never rewrite it.</p>"
    "<p>Cards show who wrote each entry: <i>owner</i> (you), <i>dream</i> or "
    "<i>agent</i> (the model). An entry the model wrote right after reading web or "
    "plugin output is marked <i>untrusted</i> and is sent as data, not as instructions, "
    "until you mark it trusted.</p>"
)
#: The one-line summaries of the "?" marks (their accessible descriptions; walk40: the lines became the help).
MEMORY_SWITCH_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Off: no memory is sent with requests, no dream runs and the model gets no memory tools.")
#: The switch row's title and description say the state it is in (walk53c #2, memview54:
#: a ticked box read "Off: …"; Cherry and LobeHub say "Memory on" beside their switch).
#: ``&e``: Alt+E toggles it, as "&Enable assistant memory" did.
MEMORY_ON_TITLE = QT_TRANSLATE_NOOP("MemoryPage", "M&emory on")
MEMORY_OFF_TITLE = QT_TRANSLATE_NOOP("MemoryPage", "M&emory off")
#: Before the stored state is read (walk45 #3: no state is said before it is known).
MEMORY_UNREAD_TITLE = QT_TRANSLATE_NOOP("MemoryPage", "M&emory")
MEMORY_SWITCH_ON_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Your fixed memory and dream cards are sent with every chat; the dream runs and the model may "
                  "use its memory tools.")
MEMORY_SWITCH_OFF_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Nothing is sent with your chats, no dream runs and the model gets no memory tools. Your "
                  "entries stay here.")
MEMORY_SWITCH_UNREAD_LINE = QT_TRANSLATE_NOOP("MemoryPage", "Whether this assistant's memory is sent with its chats.")
FIXED_MEMORY_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Facts, preferences and standing instructions this assistant sees in every chat. You own them.")
EMPTY_TEXT = QT_TRANSLATE_NOOP("MemoryPage", "No fixed memory yet.\nUse Add memory (Ctrl+N), or ask the "
                                             "assistant to remember something.")
#: An empty fixed memory is this one line and Add, not a list's box (walk36 #7).
EMPTY_LINE = QT_TRANSLATE_NOOP("MemoryPage",
                               "No fixed memory yet: add an entry, or ask the assistant to remember something.")
