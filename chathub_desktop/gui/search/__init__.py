"""Search: the search page and the controller that opens a hit in its topic."""
