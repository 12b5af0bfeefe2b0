"""Assistant → Memory, split along its seams: the shared card delegate
(:mod:`.card_delegate`), in-place editor (:mod:`.card_editor`) and list set-up
(:mod:`.page_common`); the fixed-memory page (:mod:`.fixed_page`) with its card delegate
(:mod:`.fixed_cards`), entry model (:mod:`.entry_model`), entry actions
(:mod:`.entry_actions`), raw editor (:mod:`.raw_editor`), whole-document actions
(:mod:`.transfer_actions`), memory switch (:mod:`.memory_switch`) and open editor kept
in view (:mod:`.editor_in_view`); the Dreaming memory group (:mod:`.dreaming_group`)
around the dream panel (:mod:`.dream_panel`) with its cards
(:mod:`.dream_cards`, :mod:`.card_editor`), schedule form (:mod:`.dream_schedule_form`,
its words :mod:`.dream_words` and last-run line :mod:`.dream_last_run`), runs (:mod:`.dream_runs`), status line (:mod:`.dream_status`) and failure lines
(:mod:`.dream_failure`); the previews (:mod:`.change_preview`) and the history
(:mod:`.history_view`). The page and the panel are composed of these components, each
given what it needs through its constructor or a small Protocol (:mod:`.host`,
``DreamHost``, ``RunsHost``) — no mixins (issue 30)."""
