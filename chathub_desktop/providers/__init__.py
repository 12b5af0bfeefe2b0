"""Vendor clients: the three wire formats (OpenAI Chat Completions, OpenAI Responses,
Anthropic Messages) over httpx, with bounded streams and the bundled model catalog."""
