"""Assistant → Memory, split along its seams: the shared card delegate
(:mod:`.card_delegate`), the fixed-memory page (:mod:`.fixed_page`) and the dream panel
(:mod:`.dream_panel`)."""
