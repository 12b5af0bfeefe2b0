"""The next request and its figures: what the planner loads for a topic, the token badge's
estimate and the rows of its popover (one plan for badge, receipt and compaction)."""
