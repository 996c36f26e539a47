"""The change feed: follow picks up a change saved after it started; a saved cursor resumes without
repeats. Against a real Hortus."""

from __future__ import annotations

import threading
import time
import unittest

from .support import client, needs_server, new_plant, unique


@needs_server
class Follow(unittest.TestCase):
    def test_follow_picks_up_a_later_change_and_a_saved_cursor_resumes_without_repeats(self) -> None:
        c = client()
        plant = new_plant(c)
        start = c.changes.follow(stop_when_caught_up=True)
        history = list(start)
        self.assertIn((plant.id, 1), [(ch.plant_id, ch.version) for ch in history])
        self.assertIsNotNone(start.cursor)

        feed = c.changes.follow(since=start.cursor, poll_interval=0.1)
        # Ends the feed if the change never comes, so the test fails instead of hanging.
        watchdog = threading.Timer(20, feed.stop)
        watchdog.start()
        saver = threading.Timer(0.3, lambda: c.plants.update(plant.id, 1, "seen by follow", name=unique("Seen")))
        saver.start()
        started = time.monotonic()
        try:
            change = next(iter(feed))
        finally:
            watchdog.cancel()
            saver.join()
        # It came from a poll made after the save, not from the walk before it.
        self.assertGreaterEqual(time.monotonic() - started, 0.3)
        self.assertEqual((change.plant_id, change.version, change.note), (plant.id, 2, "seen by follow"))
        cursor = feed.cursor
        self.assertEqual(cursor, change.cursor)
        feed.stop()

        version = 2
        for note in ("third", "fourth"):
            version = c.plants.update(plant.id, version, note, description=note).version
        resumed = list(c.changes.follow(since=cursor, stop_when_caught_up=True, limit=1))
        self.assertEqual(
            [(ch.plant_id, ch.version, ch.note) for ch in resumed],
            [(plant.id, 3, "third"), (plant.id, 4, "fourth")],
        )

        everything = list(c.changes.follow(stop_when_caught_up=True))
        seen = [(ch.plant_id, ch.version) for ch in everything]
        self.assertEqual(len(seen), len(set(seen)))
        self.assertEqual([ch.version for ch in everything if ch.plant_id == plant.id], [1, 2, 3, 4])
