"""Ordinary memory lines and real-shaped secrets for the redaction tests and benchmark
(issue 19).

:func:`ordinary_lines` builds ``n`` deterministic memory entries of the kinds users and
models write — preferences, projects, tools, places, dates, numbers, paths, URLs,
version strings, hashes of commits, package names with ``sk``/``key``/``token`` in
them, sentences about passwords and tokens that hold none — none of which is a secret,
so every redaction among them is a false positive. :data:`SECRETS` are credentials in
the shapes vendors issue (made-up values), with the kind each must be reported as.
"""

from __future__ import annotations

import random

_SUBJECTS = ["Prefers", "Likes", "Avoids", "Usually asks for", "Wants", "Is learning", "Works with",
             "Has a deadline for", "Keeps notes on", "Dislikes"]
_TOPICS = [
    "answers in bullet points", "window seats on trains", "Python type hints", "the SQL schema of the billing "
    "service", "short commit messages", "dark roast coffee", "hiking in the Alps", "scikit-learn pipelines",
    "the sk-learn style API of their own library", "token budgets for long chats", "Rust for CLI tools",
    "the design-token system of the web app", "a password manager (uses 1Password)", "two-factor codes via an app",
    "API keys kept in the OS keyring, never in files", "the Kubernetes cluster named prod-eu-1",
    "meeting notes in Markdown", "the ticket ABC-1234", "metric units", "24-hour times",
    "PostgreSQL 16 over MySQL", "reading Tolkien", "running 10 km on Sundays", "the café on Rua Augusta",
]
_EXTRAS = [
    "", "", "", " since 2021", " (see ~/projects/billing/schema.sql)", " — version 3.11.4",
    " at https://example.org/docs/getting-started", " in /usr/local/share/chathub", " on commit 3f2a9c1",
    " for the Q3 report", " with a budget of 6,000 tokens", " at 07:30 UTC", " (about 40% of the time)",
    " per the README", " via `pip install token-bucket`", " in the `secret_santa` repo",
    " — the key insight is to measure first", " using the AKIA prefix rules in their IAM docs",
    " (password: ask the team lead)", " token: a small coin collection", " user_id=48213",
    " on port 5432", " build 2026.11.30-r2", " with the UUID 123e4567-e89b-12d3-a456-426614174000",
]


def ordinary_lines(n: int = 1000, seed: int = 19) -> list[str]:
    """``n`` ordinary memory entries (no secrets), the same for the same ``seed``."""
    rng = random.Random(seed)
    return [f"{rng.choice(_SUBJECTS)} {rng.choice(_TOPICS)}{rng.choice(_EXTRAS)}." for _ in range(n)]


#: ``(kind reported, text holding a real-shaped secret, the secret itself)``.
SECRETS: tuple[tuple[str, str, str], ...] = (
    ("openai-api-key", "My key is {s} for the bot",
     "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zT3BlbkFJQr7sTu0vWx3yZa6bCd9eFg2h"),
    ("openai-api-key", "old key {s}", "sk-4eC39HqLyjWDarjtT1zdp7dcT3BlbkFJ8xYz2KkLmNoPq"),
    ("anthropic-api-key", "claude: {s}", "sk-ant-api03-" + "x7Yq3" * 18 + "AA"),
    ("aws-access-key-id", "aws id {s} in us-east-1", "AKIAZ4NRT7QXK2LMP3VB"),
    ("github-token", "deploy with {s}", "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
    ("slack-token", "bot token {s}", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("stripe-key", "stripe {s}", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    ("google-api-key", "maps key {s}", "AIzaSyD3bF7kL9mN2pQ4rS6tU8vW0xY1zA3bC5d"),
    ("private-key", "server key:\n{s}\nkeep safe",
     "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAuY7mN3wq8Zk2JtR5vX1yB4nL6pD9sF0gH3jK7mQ2wE5rT8u\n"
     "-----END RSA PRIVATE KEY-----"),
    ("private-key", "{s}", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n"
     "-----END OPENSSH PRIVATE KEY-----"),
    ("password", "db url host=db password={s} user=app", "Hunter2Correct!horse"),
    ("password", "wifi Password: {s}", "Tr0ub4dor&3"),
    ("api-key", "set API_KEY={s} in the env", "f3b9c2a7e1d44b6f9a0c8e2d7b5a1c3e"),
    ("jwt", "session {s}",
     "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"),
)
