"""How requests are written and how Retry-After is read: pure functions, no server needed."""

from __future__ import annotations

import email.utils
import time
import unittest

from hortus_client.transport import encode_query, retry_after_seconds


class EncodeQuery(unittest.TestCase):
    def test_lists_repeat_the_name_none_is_left_out_and_names_are_escaped(self) -> None:
        query = {"Family": ["Rosaceae", "Lamiaceae"], "q": None, "Light requirement": "Full sun", "x": True}
        self.assertEqual(
            encode_query(query),
            "Family=Rosaceae&Family=Lamiaceae&Light%20requirement=Full%20sun&x=true",
        )

    def test_a_range_keeps_its_dots(self) -> None:
        self.assertEqual(encode_query({"Height": "..0.5"}), "Height=..0.5")


class RetryAfter(unittest.TestCase):
    def test_seconds_and_an_http_date(self) -> None:
        self.assertEqual(retry_after_seconds("7"), 7.0)
        in_ten = email.utils.formatdate(time.time() + 10, usegmt=True)
        self.assertAlmostEqual(retry_after_seconds(in_ten) or 0, 10, delta=1.5)
        past = email.utils.formatdate(time.time() - 60, usegmt=True)
        self.assertEqual(retry_after_seconds(past), 0.0)

    def test_absent_or_unreadable_is_none(self) -> None:
        for value in (None, "", "soon"):
            self.assertIsNone(retry_after_seconds(value))
