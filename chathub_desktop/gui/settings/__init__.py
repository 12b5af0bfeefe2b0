"""Settings: the dialog and its pages (providers, models and model cards, storage, tools
and MCP servers, the System Agent's model choices) and the assistant dialog."""
