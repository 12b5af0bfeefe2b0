<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Composer</name>
    <message numerus="yes">
        <source>%Ln line(s)</source>
        <translation><numerusform>%Ln line</numerusform><numerusform>%Ln lines</numerusform></translation>
    </message>
    </context>
<context>
    <name>ConnectionTest</name>
    <message numerus="yes">
        <source>reachable, key accepted, %n model(s) offered — %1</source>
        <translation><numerusform>reachable, key accepted, %n model offered — %1</numerusform><numerusform>reachable, key accepted, %n models offered — %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>reachable without a key, %n model(s) offered — %1</source>
        <translation><numerusform>reachable without a key, %n model offered — %1</numerusform><numerusform>reachable without a key, %n models offered — %1</numerusform></translation>
    </message>
</context>
<context>
    <name>ContextControls</name>
    <message numerus="yes">
        <source>&amp;Memory (%n dream proposal(s))…</source>
        <translation><numerusform>&amp;Memory (%n dream proposal)…</numerusform><numerusform>&amp;Memory (%n dream proposals)…</numerusform></translation>
    </message>
    </context>
<context>
    <name>ErrorBar</name>
    <message numerus="yes">
        <source> (%n earlier)</source>
        <translation><numerusform> (%n earlier)</numerusform><numerusform> (%n earlier)</numerusform></translation>
    </message>
    </context>
<context>
    <name>ImportDialog</name>
    <message numerus="yes">
        <source>%Ln topic(s)</source>
        <translation><numerusform>%Ln topic</numerusform><numerusform>%Ln topics</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln message</numerusform><numerusform>%Ln messages</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln earlier import(s) got their new messages</source>
        <translation><numerusform>; %Ln earlier import got its new messages</numerusform><numerusform>; %Ln earlier imports got their new messages</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> (%Ln already imported, skipped)</source>
        <translation><numerusform> (%Ln already imported, skipped)</numerusform><numerusform> (%Ln already imported, skipped)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln message(s) on other branches not imported (a topic keeps one branch)</source>
        <translation><numerusform>; %Ln message on other branches not imported (a topic keeps one branch)</numerusform><numerusform>; %Ln messages on other branches not imported (a topic keeps one branch)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>; %Ln character(s) that no store keeps (NUL or a lone surrogate) replaced by %1</source>
        <translation><numerusform>; %Ln character that no store keeps (NUL or a lone surrogate) replaced by %1</numerusform><numerusform>; %Ln characters that no store keeps (NUL or a lone surrogate) replaced by %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln conversation(s)</source>
        <translation><numerusform>%Ln conversation</numerusform><numerusform>%Ln conversations</numerusform></translation>
    </message>
    </context>
<context>
    <name>InvisibleText</name>
    <message numerus="yes">
        <source>%Ln invisible character(s) not shown</source>
        <translation><numerusform>%Ln invisible character not shown</numerusform><numerusform>%Ln invisible characters not shown</numerusform></translation>
    </message>
</context>
<context>
    <name>McpServerDialog</name>
    <message numerus="yes">
        <source>%1: %2 %3 — %Ln tool(s): %4</source>
        <translation><numerusform>%1: %2 %3 — %Ln tool: %4</numerusform><numerusform>%1: %2 %3 — %Ln tools: %4</numerusform></translation>
    </message>
    </context>
<context>
    <name>MemoryPage</name>
    <message numerus="yes">
        <source>%Ln entry(ies)</source>
        <translation><numerusform>%Ln entry</numerusform><numerusform>%Ln entries</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln card(s)</source>
        <translation><numerusform>%Ln card</numerusform><numerusform>%Ln cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln proposal(s) to review</source>
        <translation><numerusform>%Ln proposal to review</numerusform><numerusform>%Ln proposals to review</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Keeping %n dream card(s) folds older ones into a range card (by joining their text; the next dream may re-summarize it):</source>
        <translation><numerusform>Keeping %n dream card folds older ones into a range card (by joining their text; the next dream may re-summarize it):</numerusform><numerusform>Keeping %n dream cards folds older ones into a range card (by joining their text; the next dream may re-summarize it):</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into a new range card for %2.</source>
        <translation><numerusform>%n older card (%1) folds into a new range card for %2.</numerusform><numerusform>%n older cards (%1) fold into a new range card for %2.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n older card(s) (%1) fold into the range %2 (now %3).</source>
        <translation><numerusform>%n older card (%1) folds into the range %2 (now %3).</numerusform><numerusform>%n older cards (%1) fold into the range %2 (now %3).</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory keeps %n card(s).</source>
        <translation><numerusform>The dynamic memory keeps %n card.</numerusform><numerusform>The dynamic memory keeps %n cards.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The dynamic memory goes from %1 to %n card(s).</source>
        <translation><numerusform>The dynamic memory goes from %1 to %n card.</numerusform><numerusform>The dynamic memory goes from %1 to %n cards.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review</source>
        <translation><numerusform>%n proposal waits for review</numerusform><numerusform>%n proposals wait for review</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation><numerusform>%Ln note</numerusform><numerusform>%Ln notes</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>This save removes %Ln entry(ies):</source>
        <translation><numerusform>This save removes %Ln entry:</numerusform><numerusform>This save removes %Ln entries:</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n line(s) of %2 memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it; the memory (fixed or dynamic)</comment>
        <translation><numerusform>Undo “%1”? %n line of %2 memory goes back to how it was.</numerusform><numerusform>Undo “%1”? %n lines of %2 memory go back to how they were.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n dream card(s) go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>Undo “%1”? %n dream card goes back to how it was.</numerusform><numerusform>Undo “%1”? %n dream cards go back to how they were.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo “%1”? %n entry(ies) of fixed memory go back to how they were.</source>
        <comment>the Revert question: the change as its History row says it</comment>
        <translation><numerusform>Undo “%1”? %n entry of fixed memory goes back to how it was.</numerusform><numerusform>Undo “%1”? %n entries of fixed memory go back to how they were.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back too.</source>
        <comment>after the Revert question: fixed memory&apos;s other lines</comment>
        <translation><numerusform>%n line of notes goes back too.</numerusform><numerusform>%n lines of notes go back too.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) put back</source>
        <translation><numerusform>%n entry put back</numerusform><numerusform>%n entries put back</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) put back</source>
        <translation><numerusform>%n dream card put back</numerusform><numerusform>%n dream cards put back</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) taken out</source>
        <translation><numerusform>%n entry taken out</numerusform><numerusform>%n entries taken out</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) taken out</source>
        <translation><numerusform>%n dream card taken out</numerusform><numerusform>%n dream cards taken out</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) changed back</source>
        <translation><numerusform>%n entry changed back</numerusform><numerusform>%n entries changed back</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) changed back</source>
        <translation><numerusform>%n dream card changed back</numerusform><numerusform>%n dream cards changed back</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) of notes go back</source>
        <translation><numerusform>%n line of notes goes back</numerusform><numerusform>%n lines of notes go back</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) added since will be removed</source>
        <translation><numerusform>%n entry added since will be removed</numerusform><numerusform>%n entries added since will be removed</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n dream card(s) added since will be removed</source>
        <translation><numerusform>%n dream card added since will be removed</numerusform><numerusform>%n dream cards added since will be removed</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Undo only “%1”? %2; the %n change(s) made after it stay.</source>
        <comment>%1: the change as its History row says it; %2: what undoing it does</comment>
        <translation><numerusform>Undo only “%1”? %2; the %n change made after it stays.</numerusform><numerusform>Undo only “%1”? %2; the %n changes made after it stay.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln change(s), newest first</source>
        <translation><numerusform>%Ln change, newest first</numerusform><numerusform>%Ln changes, newest first</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Remove all %n dream card(s)? Restore previous version brings them back.</source>
        <translation><numerusform>Remove all %n dream card? Restore previous version brings them back.</numerusform><numerusform>Remove all %n dream cards? Restore previous version brings them back.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Restored the previous version (%Ln card(s)); restore again to undo</source>
        <translation><numerusform>Restored the previous version (%Ln card); restore again to undo</numerusform><numerusform>Restored the previous version (%Ln cards); restore again to undo</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Copied %Ln card(s)</source>
        <translation><numerusform>Copied %Ln card</numerusform><numerusform>Copied %Ln cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation><numerusform>%n day</numerusform><numerusform>%n days</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln single-day card(s)</source>
        <translation><numerusform>%Ln single-day card</numerusform><numerusform>%Ln single-day cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln range card(s)</source>
        <translation><numerusform>%Ln range card</numerusform><numerusform>%Ln range cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln older card(s)</source>
        <translation><numerusform>%Ln older card</numerusform><numerusform>%Ln older cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added the card for %1; folded %n older card(s) into a range</source>
        <translation><numerusform>added the card for %1; folded %n older card into a range</numerusform><numerusform>added the card for %1; folded %n older cards into a range</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>accepted the dream&apos;s card for %1, which folded %n older card(s) into a range</source>
        <translation><numerusform>accepted the dream&apos;s card for %1, which folded %n older card into a range</numerusform><numerusform>accepted the dream&apos;s card for %1, which folded %n older cards into a range</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>imported %1 (%n new entry(ies))</source>
        <translation><numerusform>imported %1 (%n new entry)</numerusform><numerusform>imported %1 (%n new entries)</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies)</source>
        <translation><numerusform>added %n entry</numerusform><numerusform>added %n entries</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added the card; folded %n older card(s) into a range</source>
        <translation><numerusform>added the card; folded %n older card into a range</numerusform><numerusform>added the card; folded %n older cards into a range</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1: %n entry(ies) added</source>
        <translation><numerusform>Imported %1: %n entry added</numerusform><numerusform>Imported %1: %n entries added</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Imported %1 — %n new entry(ies)</source>
        <translation><numerusform>Imported %1 — %n new entry</numerusform><numerusform>Imported %1 — %n new entries</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n past day(s) can be dreamed now — choose one and press Dream now.</source>
        <translation><numerusform>%n past day can be dreamed now — choose it and press Dream now.</numerusform><numerusform>%n past days can be dreamed now — choose one and press Dream now.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n topic</numerusform><numerusform>%n topics</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln message</numerusform><numerusform>%Ln messages</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other finished day has a card; today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n proposal waits for review. Every other finished day has a card; today&apos;s chats can be dreamt tomorrow.</numerusform><numerusform>%n proposals wait for review. Every other finished day has a card; today&apos;s chats can be dreamt tomorrow.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Today&apos;s chats can be dreamt tomorrow.</source>
        <translation><numerusform>%n proposal waits for review. Today&apos;s chats can be dreamt tomorrow.</numerusform><numerusform>%n proposals wait for review. Today&apos;s chats can be dreamt tomorrow.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. Every other day with messages has a card; to dream one again, use ↻ Regenerate on its card.</source>
        <translation><numerusform>%n proposal waits for review. Every other day with messages has a card; to dream one again, use ↻ Regenerate on its card.</numerusform><numerusform>%n proposals wait for review. Every other day with messages has a card; to dream one again, use ↻ Regenerate on its card.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s) wait(s) for review. No other finished day has messages.</source>
        <translation><numerusform>%n proposal waits for review. No other finished day has messages.</numerusform><numerusform>%n proposals wait for review. No other finished day has messages.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from a memory file</source>
        <translation><numerusform>added %n entry from a memory file</numerusform><numerusform>added %n entries from a memory file</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>added %n entry(ies) from %1</source>
        <translation><numerusform>added %n entry from %1</numerusform><numerusform>added %n entries from %1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation><numerusform>%1 and %n more</numerusform><numerusform>%1 and %n more</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) come(s) in untrusted: %1.</source>
        <translation><numerusform>%n entry comes in untrusted: %1.</numerusform><numerusform>%n entries come in untrusted: %1.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Adds %n new entry(ies); nothing is removed.</source>
        <translation><numerusform>Adds %n new entry; nothing is removed.</numerusform><numerusform>Adds %n new entries; nothing is removed.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n is/are already in memory</source>
        <translation><numerusform>%n is already in memory</numerusform><numerusform>%n are already in memory</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n nearly repeat(s) or is/are covered by entries you have</source>
        <translation><numerusform>%n nearly repeats or is covered by an entry you have</numerusform><numerusform>%n nearly repeat or are covered by entries you have</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n repeat(s) a line above in the file</source>
        <translation><numerusform>%n repeats a line above in the file</numerusform><numerusform>%n repeat lines above in the file</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Fixed memory goes from %1 to %n entry(ies) (%2).</source>
        <translation><numerusform>Fixed memory goes from %1 to %n entry (%2).</numerusform><numerusform>Fixed memory goes from %1 to %n entries (%2).</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>The file also has %n line(s) of notes.</source>
        <translation><numerusform>The file also has %n line of notes.</numerusform><numerusform>The file also has %n lines of notes.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Dynamic memory goes from %1 to %n card(s) (%2); Restore previous version brings the current ones back.</source>
        <translation><numerusform>Dynamic memory goes from %1 to %n card (%2); Restore previous version brings the current ones back.</numerusform><numerusform>Dynamic memory goes from %1 to %n cards (%2); Restore previous version brings the current ones back.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) of the file is/are shortened to the card and document caps.</source>
        <translation><numerusform>%n card of the file is shortened to the card and document caps.</numerusform><numerusform>%n cards of the file are shortened to the card and document caps.</numerusform></translation>
    </message>
    </context>
<context>
    <name>MemoryPaste</name>
    <message numerus="yes">
        <source>&amp;Add %n entry(ies)</source>
        <translation><numerusform>&amp;Add %n entry</numerusform><numerusform>&amp;Add %n entries</numerusform></translation>
    </message>
    </context>
<context>
    <name>MessageList</name>
    <message numerus="yes">
        <source>Shown without %Ln invisible character(s) (stacked marks, bidi controls, zero-width). Copy message (Ctrl+C) copies them.</source>
        <translation><numerusform>Shown without %Ln invisible character (stacked marks, bidi controls, zero-width). Copy message (Ctrl+C) copies it.</numerusform><numerusform>Shown without %Ln invisible characters (stacked marks, bidi controls, zero-width). Copy message (Ctrl+C) copies them.</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) in</source>
        <translation><numerusform>%Ln token in</numerusform><numerusform>%Ln tokens in</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln out</source>
        <translation><numerusform>%Ln out</numerusform><numerusform>%Ln out</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln token(s) out</source>
        <translation><numerusform>%Ln token out</numerusform><numerusform>%Ln tokens out</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln cached</source>
        <translation><numerusform>%Ln cached</numerusform><numerusform>%Ln cached</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%Ln written to cache</source>
        <translation><numerusform>%Ln written to cache</numerusform><numerusform>%Ln written to cache</numerusform></translation>
    </message>
    </context>
<context>
    <name>ProbePanel</name>
    <message numerus="yes">
        <source>Sent %Ln request(s).</source>
        <translation><numerusform>Sent %Ln request.</numerusform><numerusform>Sent %Ln requests.</numerusform></translation>
    </message>
    </context>
<context>
    <name>SearchPage</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation><numerusform>%n message</numerusform><numerusform>%n messages</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n topic(s)</source>
        <translation><numerusform>%n topic</numerusform><numerusform>%n topics</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n memory entries and cards</source>
        <translation><numerusform>%n memory entry or card</numerusform><numerusform>%n memory entries and cards</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more message(s) similar in meaning</source>
        <translation><numerusform>%n more message similar in meaning</numerusform><numerusform>%n more messages similar in meaning</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n more memory entries and cards similar in meaning</source>
        <translation><numerusform>%n more memory entry or card similar in meaning</numerusform><numerusform>%n more memory entries and cards similar in meaning</numerusform></translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message numerus="yes">
        <source>&lt;p&gt;After this page, %n short step(s): a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</source>
        <translation><numerusform>&lt;p&gt;After this page, %n short step: a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</numerusform><numerusform>&lt;p&gt;After this page, %n short steps: a provider, an assistant, the model that writes summaries, and, if you like, your ChatGPT history. Skip any of them; &lt;b&gt;⋯ → Help → Setup…&lt;/b&gt; (bottom left) brings this back.&lt;/p&gt;</numerusform></translation>
    </message>
    </context>
<context>
    <name>ToolsPage</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation><numerusform>%n tool</numerusform><numerusform>%n tools</numerusform></translation>
    </message>
    </context>
<context>
    <name>TopicActions</name>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <translation><numerusform>%Ln message</numerusform><numerusform>%Ln messages</numerusform></translation>
    </message>
</context>
<context>
    <name>TopicDelete</name>
    <message numerus="yes">
        <source>Delete “%1” and its %Ln message(s)? You can undo this for %2 seconds.</source>
        <translation><numerusform>Delete “%1” and its %Ln message? You can undo this for %2 seconds.</numerusform><numerusform>Delete “%1” and its %Ln messages? You can undo this for %2 seconds.</numerusform></translation>
    </message>
    </context>
<context>
    <name>TopicList</name>
    <message numerus="yes">
        <source>%Ln message(s) · last active %1</source>
        <translation><numerusform>%Ln message · last active %1</numerusform><numerusform>%Ln messages · last active %1</numerusform></translation>
    </message>
    </context>
<context>
    <name>UsagePopover</name>
    <message numerus="yes">
        <source> over %Ln replies</source>
        <translation><numerusform> over %Ln reply</numerusform><numerusform> over %Ln replies</numerusform></translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation><numerusform> and %n more</numerusform><numerusform> and %n more</numerusform></translation>
    </message>
    </context>
</TS>
