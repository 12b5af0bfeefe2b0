"""Pytest fixtures for the test doubles; ``tests/conftest.py`` registers them.

In a test module that runs without that registration::

    from tests.fakes.fixtures import fake_vendor  # noqa: F401
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.vendor_server import FakeVendor


@pytest.fixture
def fake_vendor() -> Iterator[FakeVendor]:
    """A started :class:`FakeVendor` (``.base_url`` = ``http://127.0.0.1:PORT/v1``),
    stopped on teardown even when a scripted reply hangs."""
    vendor = FakeVendor().start()
    try:
        yield vendor
    finally:
        vendor.stop()
