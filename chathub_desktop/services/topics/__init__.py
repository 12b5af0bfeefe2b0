"""Topics: create, list, rename, delete and page their messages; a topic's own model, its
generated title and the warm history snapshots a send reads."""
