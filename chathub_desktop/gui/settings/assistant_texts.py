"""The assistant editor's texts (issue 29, APP-6, APP-9, CMP-1): each setting's one-line
description and, as its tooltip and behind "More", the full help the form's ``?`` buttons
used to show. Marked in the "AssistantDialog" context (the full helps keep the sources
— and so the translations — of the Designer form they came from); said where
:class:`~chathub_desktop.gui.settings.assistant_form.AssistantForm` shows them.

No field of this editor carries a ``?`` in the seeds (their ``?`` icons are on the Memory
page and the token popover), so every help here is a description under its title.
"""

from __future__ import annotations

from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

# --- the four groups (tabs) and their cards ------------------------------------------------

TAB_PROMPT = QT_TRANSLATE_NOOP("AssistantDialog", "Prompt")
TAB_MODEL = QT_TRANSLATE_NOOP("AssistantDialog", "Model && parameters")
TAB_MEMORY = QT_TRANSLATE_NOOP("AssistantDialog", "Memory && context")
TAB_ADVANCED = QT_TRANSLATE_NOOP("AssistantDialog", "Advanced")

# --- the full helps (APP-6: nothing the ``?`` said is lost) ---------------------------------

PROVIDER_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "The provider (API and key) this assistant chats through. Add providers under Settings → Providers.")
MODEL_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "The model id exactly as the provider names it (e.g. gpt-4o-mini, claude-sonnet-4-5, "
    "deepseek-chat). Pick a suggestion or type any id.")
INSTRUCTIONS_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Sent as the system message of every request in this assistant's topics.")
TEMPLATE_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p>Applied to every user message sent (history included). <code>{{text}}</code> is replaced "
    "by the message and must appear in the template, e.g. <code>Answer briefly: {{text}}</code>.</p>")
MAX_TOKENS_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p>When on, this many tokens are reserved for the reply (the input budget is the context "
    "window minus it) and sent as the completion cap. When off, the value is neither reserved nor sent; the "
    "model's default applies.</p>")
MEMORY_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Master switch for this assistant's memory (fixed memory and dreaming). When off, no memory "
    "is added to requests and none is written.")
RECALL_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Let the model search this assistant's other topics and list its recent ones when you refer "
    "to an earlier conversation. Needs memory on; private topics are never searched, and a private topic cannot "
    "recall. The topics a reply consulted show in its receipt.")
HISTORY_LIMIT_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Limit history messages</b>: send only the newest N topic messages with each request, "
    "counted back from your latest message (a long tool loop keeps its newest 20 results). Older messages stay in "
    "the topic; with <b>Summarize history</b> on they are folded into the topic summary instead of being dropped "
    "silently.</p>")
SUMMARIZE_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Summarize history</b>: before a send, turns the history limit would drop are "
    "summarized by the History Compress model (Settings → System Agent) into the topic's rolling summary, which is "
    "sent in their place. Needs <b>Limit history messages</b>. The memory dream also reads these summaries.</p>")
PRESET_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Assist preset</b>: how long the topic summary may get. <b>minimal</b> ≈ 400 tokens, "
    "<b>balanced</b> ≈ 600 tokens, <b>rich</b> ≈ 800 tokens. A longer summary keeps more detail and costs more "
    "input on every request.</p>")
AUTO_COMPACT_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Token auto-compact</b>: when the next request's estimate reaches the high watermark of "
    "the input budget, the oldest completed turns are summarized until it is back at the low watermark. It reacts "
    "to new messages; it never polls. Compact now (Topic menu or the token badge) works with this off.</p>")
HIGH_WATERMARK_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>High watermark</b>: the share of the input budget (context window minus the reply "
    "reserve) at which token auto-compact starts, 0.50–0.99, default 0.80. The <b>low watermark</b>, the target "
    "after compacting, is always 0.20 lower (at least 0.10).</p>")
LOW_WATERMARK_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Read-only: always 0.20 below the high watermark (at least 0.10); auto-compact summarizes "
    "until the estimate is back here")
PROBES_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Check new summaries with probes</b>: after each compaction the History Compress model "
    "answers a few questions about the covered turns (files and paths, decisions, open tasks, numbers) with the "
    "turns and with only the new summary. A summary that loses an answer is not stored: the old summary stays and "
    "the compaction says why. Each probe costs two extra requests.</p>")
CARD_LANGUAGE_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "<p><b>Language of summaries and dream cards</b>: the language the History Compress model "
    "writes this assistant's topic summaries and dream cards in. <b>Same as the conversation</b> writes them in the "
    "language you chat in, or in the one named under Settings → System Agent when it names one. The interface "
    "language never changes what the model reads.</p>")
TEMPERATURE_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Randomness of the reply, 0–2 (lower is more focused). Off: not sent; the model's default "
    "applies.")
TOP_P_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Nucleus sampling, 0–1: only the most likely tokens whose probabilities add up to this are "
    "considered. Off: not sent.")
EFFORT_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "OpenAI Chat Completions (reasoning_effort) and Responses (reasoning.effort) only; not sent to "
    "Anthropic. Reasoning models reject temperature and top-p, so leave those off with it.")
THINKING_HELP = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Anthropic Messages only (thinking.budget_tokens, at least 1,024); not sent to OpenAI formats. "
    "Needs Max tokens on (above) and below it; temperature and top-p must be off.")

# --- the one-line descriptions under the titles (walk52b: no bare "?") ---------------------

PROVIDER_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "The API and key this assistant chats through.")
MODEL_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "The model id as the provider names it: pick one or type any id.")
MAX_TOKENS_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "While on, reserved for the reply and sent as its cap.")
TEMPERATURE_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Randomness of the reply, 0–2: lower is more focused.")
TOP_P_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Nucleus sampling, 0–1: the likeliest tokens up to this share.")
EFFORT_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "OpenAI formats only; not sent to Anthropic.")
THINKING_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Anthropic Messages only; below Max tokens, which must be on.")
SAMPLING_INTRO = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Each setting is sent only while switched on; off, the provider's default applies.")
MEMORY_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Fixed memory and dreaming; off, none is sent or written.")
RECALL_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "The model may search this assistant's other topics. Needs memory.")
HISTORY_LIMIT_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Send only the topic's newest messages with each request.")
SUMMARIZE_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Fold the messages the limit leaves out into the topic summary.")
PRESET_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "How long the topic summary may get.")
AUTO_COMPACT_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Summarize the oldest turns when a request reaches the high "
                                                         "watermark.")
HIGH_WATERMARK_LINE = QT_TRANSLATE_NOOP(
    "AssistantDialog", "When the next request fills this share of what the model can read, older messages are "
    "summarized")
LOW_WATERMARK_LINE = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Summarizing stops once the next request is back down to this share")
PROBES_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "Question each new summary before it replaces the old one.")
CARD_LANGUAGE_LINE = QT_TRANSLATE_NOOP("AssistantDialog", "The language the History Compress model writes them in.")
TEMPLATE_LINE = QT_TRANSLATE_NOOP(
    "AssistantDialog", "Wraps every message you send before the model reads it, earlier ones too. Write {{text}} "
    "where your message goes; it must be there, e.g. “Answer briefly: {{text}}”.")
