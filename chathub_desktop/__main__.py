"""``python -m chathub_desktop``: same entry point as the ``chathub-desktop`` script.

Guarded, and frozen builds call ``multiprocessing.freeze_support()`` first: an import
checks a large memory file in a *spawn* child process (issue 30,
``services/transfer/memory_file_reader.py``), which a PyInstaller build starts by
running this same executable."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # PyInstaller sets it; importing multiprocessing costs ~10 ms otherwise
        import multiprocessing

        multiprocessing.freeze_support()
    from chathub_desktop.cli import main

    raise SystemExit(main())
