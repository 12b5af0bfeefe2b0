"""Settings: the page and its sections (providers, models and model cards, storage, tools
and MCP servers, the System Agent: :mod:`.system_agent_page` with its model picker and
the reads behind it, Appearance: :mod:`.appearance_section`), each built from the rows of
:mod:`.setting_rows` (walk51), and the assistant dialog."""
