"""What the next request carries: the token badge and its popover, the estimate and
compaction controllers, the context controls, receipts and the topic summary's dialog,
editing and probes."""
