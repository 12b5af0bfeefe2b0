"""What the window and the CLI call, one package per domain (issue 31): ``chat``,
``compaction``, ``context``, ``memory``, ``dream``, ``search``, ``topics``, ``transfer``,
``providers``, ``tools``, ``assistants`` and ``watch``, each with a docstring saying what
it owns. :mod:`.container` builds them all over one store; :mod:`.events`,
:mod:`.errors` and :mod:`.views` are the shapes they share, :mod:`.input_rules` and
:mod:`.input_files` the checks applied to what a user hands any of them. Services
orchestrate: their queries live in ``storage/``, their rules in ``core/``."""
