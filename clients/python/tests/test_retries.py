"""Retrying a 429 after Retry-After, bounded, against a real Hortus started with a low
HORTUS_RATE_LIMIT_PER_MINUTE; and a 503 while another connection holds the database's write lock."""

from __future__ import annotations

import time
import unittest
import urllib.request

from hortus_client import Client, HortusError, TooManyRequests

from .support import (
    LIMITED_KEY_ID,
    LIMITED_KEY_SECRET,
    LIMITED_PER_MINUTE,
    LIMITED_URL,
    LOCK_URL,
    client,
    needs_limited_server,
    needs_lock_control,
    unique,
)


def limited(**options: object) -> Client:
    assert LIMITED_URL
    return Client(LIMITED_URL, LIMITED_KEY_ID, LIMITED_KEY_SECRET, **options)  # type: ignore[arg-type]


@needs_limited_server
class Retries(unittest.TestCase):
    def test_waits_out_retry_after_and_succeeds_and_a_longer_wait_than_allowed_raises(self) -> None:
        retries: list[tuple[int, float, int]] = []
        patient = limited(
            max_retry_wait=75, on_retry=lambda attempt, wait, error: retries.append((attempt, wait, error.status))
        )
        hasty = limited(max_retry_wait=1)
        for _ in range(LIMITED_PER_MINUTE):
            patient.plants.list()
        self.assertEqual(retries, [])

        with self.assertRaises(TooManyRequests) as caught:
            hasty.plants.list()
        refused = caught.exception
        self.assertEqual((refused.status, refused.error), (429, "too many requests"))
        self.assertIsNotNone(refused.retry_after)
        self.assertTrue(1 < (refused.retry_after or 0) <= 60, refused.retry_after)

        started = time.monotonic()
        page = patient.plants.list()
        waited = time.monotonic() - started
        self.assertEqual(page.plants, [])
        self.assertEqual(len(retries), 1)
        attempt, wait, status = retries[0]
        self.assertEqual((attempt, status), (1, 429))
        self.assertTrue(1 <= wait <= 60, wait)
        self.assertGreaterEqual(waited, wait - 0.1)

        # The window is fresh now: use it up, and with no retry allowed the 429 is raised.
        no_retry = limited(max_retries=0)
        error: HortusError | None = None
        for _ in range(LIMITED_PER_MINUTE + 2):
            try:
                no_retry.plants.list()
            except TooManyRequests as refused_again:
                error = refused_again
                break
        self.assertIsInstance(error, TooManyRequests)


def lock_control(action: str) -> None:
    request = urllib.request.Request(f"{LOCK_URL}/{action}", data=b"", method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 204, response.status


@needs_lock_control
class LockedDatabase(unittest.TestCase):
    def test_a_create_refused_with_503_is_retried_and_saved_once(self) -> None:
        retries: list[tuple[int, float, int]] = []

        def release(attempt: int, wait: float, error: HortusError) -> None:
            retries.append((attempt, wait, error.status))
            # The lock goes once the 503 came, so the retry is answered.
            lock_control("release")

        name = unique("Locked out")
        lock_control("lock")
        try:
            plant = client(on_retry=release).plants.create(unique("Clausa"), name, "while locked")
        finally:
            lock_control("release")
        self.assertEqual(plant.name, name)
        self.assertEqual(len(retries), 1)
        attempt, wait, status = retries[0]
        self.assertEqual((attempt, status), (1, 503))
        self.assertGreaterEqual(wait, 1)
        self.assertEqual([p.id for p in client().plants.all() if p.name == name], [plant.id])
