"""Is a model's card the model chatting instead of describing the person? (issue 30,
walk45 #6: SmolLM2-135M's "I have nothing to edit or improve. Please go ahead and share
the text you'd like me to help with." was stored as a memory card). Pure text functions,
beside :mod:`~chathub_desktop.core.prompt_echo` and :mod:`~chathub_desktop.core.card_repeats`.

A dream card describes how the person works with the assistant (DRM-3: tone, format,
tools, standing preferences), in the third person. An answer is *chat* only when all of
these hold, so a real card is never refused:

- it holds no CJK, kana or Hangul character (a card in Chinese, Japanese or Korean is
  never judged: the phrases below are English);
- outside quoted text (a card may quote what the person says), it has a phrase only a
  model answering its reader writes: "you'd like me to", "want me to", "how can I help",
  "I'd be happy to help", "as an AI", "I have nothing to edit", "go ahead and share", …;
- the writer speaks of itself (I, me, my) outside quotes;
- it says nothing about anyone in the third person: no "user", "person", "they", "she",
  …, and no third-person verb of an observation ("prefers", "asks", "uses", …).

Bounded: only the first :data:`MAX_CHARS` characters are read (a card is at most 6,400).
"""

from __future__ import annotations

import re

__all__ = ["MAX_CHARS", "chats"]

#: Characters of an answer read at most.
MAX_CHARS = 6400

_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]")
#: Quoted spans (straight, curly, guillemets, corner brackets), at most one line each.
_QUOTED_RE = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|«[^»\n]*»|「[^」\n]*」|(?<!\w)'[^'\n]*'(?!\w)|‘[^’\n]*’")
_CHAT_RE = re.compile(
    r"\b(?:you(?:'d|’d| would)? like me to|would you like me to|(?:do )?you want me to"
    r"|how (?:can|may|could) I (?:help|assist)"
    r"|I(?:'d|’d| would) be (?:happy|glad) to (?:help|assist)"
    r"|I(?:'m|’m| am) (?:happy|glad|here) to (?:help|assist)"
    r"|as an AI\b"
    r"|I (?:have|had|see|find|found) nothing to (?:edit|improve|add|change|update|summari[sz]e|write|remember)"
    r"|there(?:'s|’s| is) nothing (?:for me )?to (?:edit|improve|add|change|update|summari[sz]e|write)"
    r"|(?:go ahead and|feel free to) (?:share|provide|send|paste|upload))",
    re.IGNORECASE,
)
_SELF_RE = re.compile(r"\b(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|I’ll|[Mm]e|[Mm]y|[Mm]yself)\b")
_THIRD_PERSON_RE = re.compile(
    r"\b(?:users?|person|people|human|they|them|their|theirs|he|him|his|she|her|hers"
    r"|prefers|likes|wants|asks|uses|dislikes|expects|writes|works|needs|tends|relies|favou?rs|avoids|enjoys)\b",
    re.IGNORECASE,
)


def chats(body: str) -> bool:
    """True when ``body`` (a card the model wrote, cleaned) is the model chatting with its
    reader rather than a card about the person (module docstring: every condition must
    hold; any CJK text is never judged chat)."""
    text = body[:MAX_CHARS]
    if _CJK_RE.search(text):
        return False
    bare = _QUOTED_RE.sub(" ", text)
    return (_CHAT_RE.search(bare) is not None and _SELF_RE.search(bare) is not None
            and _THIRD_PERSON_RE.search(bare) is None)
