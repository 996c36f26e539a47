"""What the tests share: the Hortus the npm test run started (test/clients/python-client.test.ts), named in
environment variables. Without them the tests are skipped: they need a real server."""

from __future__ import annotations

import itertools
import os
import unittest

from hortus_client import Client, Plant

BASE_URL = os.environ.get("HORTUS_TEST_BASE_URL")
KEY_ID = os.environ.get("HORTUS_TEST_KEY_ID", "")
KEY_SECRET = os.environ.get("HORTUS_TEST_KEY_SECRET", "")
# A second server started with a low HORTUS_RATE_LIMIT_PER_MINUTE, for the 429 tests.
LIMITED_URL = os.environ.get("HORTUS_TEST_LIMITED_BASE_URL")
LIMITED_KEY_ID = os.environ.get("HORTUS_TEST_LIMITED_KEY_ID", "")
LIMITED_KEY_SECRET = os.environ.get("HORTUS_TEST_LIMITED_KEY_SECRET", "")
LIMITED_PER_MINUTE = int(os.environ.get("HORTUS_TEST_LIMITED_PER_MINUTE", "0"))

# Where the npm test run takes and lets go the database's write lock: POST <url>/lock, POST <url>/release.
LOCK_URL = os.environ.get("HORTUS_TEST_LOCK_URL")

needs_server = unittest.skipUnless(BASE_URL, "set HORTUS_TEST_BASE_URL (npm test does)")
needs_limited_server = unittest.skipUnless(LIMITED_URL, "set HORTUS_TEST_LIMITED_BASE_URL (npm test does)")

needs_lock_control = unittest.skipUnless(BASE_URL and LOCK_URL, "set HORTUS_TEST_LOCK_URL (npm test does)")

_counter = itertools.count(1)


def unique(prefix: str) -> str:
    """Names no other test uses, so each test owns its plants."""
    return f"{prefix} {os.getpid()}-{next(_counter)}"


def client(**options: object) -> Client:
    assert BASE_URL
    return Client(BASE_URL, KEY_ID, KEY_SECRET, **options)  # type: ignore[arg-type]


def new_plant(c: Client, data: dict[str, str] | None = None, **fields: object) -> Plant:
    return c.plants.create(
        scientific_name=str(fields.pop("scientific_name", unique("Pythonia testii"))),
        name=str(fields.pop("name", unique("Python plant"))),
        note="made by the Python client test",
        data=data or {},
        **fields,  # type: ignore[arg-type]
    )
