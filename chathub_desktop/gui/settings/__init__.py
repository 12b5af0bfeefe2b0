"""Settings: the page and its sections (providers, models and model cards, storage, tools
and MCP servers, the System Agent: :mod:`.system_agent_page` with its model picker and
the reads behind it) and the assistant dialog."""
