"""Keys in URLs (issue 12, APP-2): a base URL carrying credentials is refused in the
service with one line pointing to the key field (CLI and window share it); a URL stored
before that rule is shown redacted by ``provider list`` and every view, yet still used
as it is for requests."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import update

from chathub_desktop.cli import main
from chathub_desktop.core.base_urls import credentials_in_url, redact_url
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import Provider
from tests.fakes.vendor_server import FakeVendor

SECRET = "sk-live-0123456789abcdef"
BAD_URLS = [
    f"http://user:{SECRET}@127.0.0.1:9/v1",
    f"https://{SECRET}@api.example.com/v1",
    f"https://api.example.com/v1?api_key={SECRET}",
    f"https://api.example.com/v1?x=1&key={SECRET}",
    f"https://api.example.com/v1?TOKEN={SECRET}",
    f"https://api.example.com/v1?access-token={SECRET}",
]


@pytest.mark.parametrize("url", BAD_URLS)
def test_credentials_in_a_base_url_are_refused_in_the_service(services: Services, url: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        services.providers.add("P", "openai_compatible", url, api_key_env="KEY")
    message = str(refused.value)
    assert "put the key in the API key field" in message and "\n" not in message
    assert SECRET not in message
    assert services.providers.list() == []
    services.providers.add("Q", "openai_compatible", "https://api.example.com/v1", api_key_env="KEY")
    with pytest.raises(InvalidInput, match="API key field"):
        services.providers.update("Q", base_url=url)
    assert services.providers.get("Q").base_url == "https://api.example.com/v1"


def test_cli_refuses_a_key_in_the_url_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["provider", "add", "P", "--kind", "openai_compatible", "--no-key",
                 "--base-url", f"http://127.0.0.1:8080/v1?api_key={SECRET}"])
    err = capsys.readouterr().err
    assert code == 1 and SECRET not in err
    assert err.count("\n") == 1 and "API key field" in err and "Traceback" not in err


def test_ordinary_urls_pass() -> None:
    for url in ("https://api.openai.com/v1", "http://[::1]:8080/v1", "https://h/v1?api-version=2024-06-01",
                "https://openrouter.ai/api/v1"):
        assert credentials_in_url(url) is None and redact_url(url) == url


def test_a_stored_url_with_a_key_is_shown_redacted_and_still_used(
    services: Services, fake_vendor: FakeVendor, capsys: pytest.CaptureFixture[str]
) -> None:
    """A store from before the rule: ``provider list`` (human and JSON) and the view show
    ``[redacted]``; the requests still go to the stored URL; re-saving the shown URL
    keeps it (the window's form submits what it shows)."""
    host = fake_vendor.base_url.removeprefix("http://")
    services.providers.add("Old", "openai_compatible", fake_vendor.base_url, api_key="sk-test-key")
    stored = f"http://me:{SECRET}@{host}"
    with services.db.write() as s:
        s.execute(update(Provider).where(Provider.name == "Old").values(base_url=stored))
    shown = services.providers.get("Old").base_url
    assert shown == f"http://[redacted]@{host}"
    services.providers.update("Old", base_url=shown)
    with services.db.read() as s:
        assert s.query(Provider.base_url).filter_by(name="Old").scalar() == stored
    services.assistants.create("A", provider="Old", model="fake-model")
    topic = services.topics.create("A").id
    out = asyncio.run(services.chat.send(topic, "hi"))
    assert out.status == "complete"
    url = services.db.engine.url.render_as_string(hide_password=False)
    for argv in (["provider", "list"], ["provider", "list", "--json"]):
        assert main([*argv, "--database-url", url]) == 0
        printed = capsys.readouterr().out
        assert SECRET not in printed and "[redacted]@" in printed
