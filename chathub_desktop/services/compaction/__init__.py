"""Compaction: the rolling topic summary, its cursor and records, the threshold policy, the
History Compress model and the probes that check a summary."""
