"""``python -m chathub_desktop.cli``: same entry point as the ``chathub-desktop`` script."""

from chathub_desktop.cli import main

raise SystemExit(main())
