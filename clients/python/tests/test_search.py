"""Search with facets and ranges, against a real Hortus."""

from __future__ import annotations

import re
import unittest

from hortus_client import HortusError

from .support import client, needs_server, new_plant, unique


@needs_server
class Search(unittest.TestCase):
    def test_facets_and_ranges(self) -> None:
        c = client()
        family = re.sub(r"\W+", "", unique("Pythonaceae"))
        other = family + "x"
        low = new_plant(c, {"Family": family, "Height": "0.5"})
        mid = new_plant(c, {"Family": family, "Height": "2"})
        tall = new_plant(c, {"Family": other, "Height": "12"})
        new_plant(c, {"Family": "Rosaceae", "Height": "2"})

        by_family = c.search(facets={"Family": family})
        self.assertEqual([p.id for p in by_family.plants], [low.id, mid.id])
        self.assertEqual(by_family.total, 2)

        either = c.search(facets={"family": [family, other]})
        self.assertEqual([p.id for p in either.plants], [low.id, mid.id, tall.id])

        at_least = c.search(facets={"Family": [family, other]}, ranges={"Height": (1, None)})
        self.assertEqual([p.id for p in at_least.plants], [mid.id, tall.id])
        up_to = c.search(facets={"Family": [family, other]}, ranges={"Height": (None, 3)})
        self.assertEqual([p.id for p in up_to.plants], [low.id, mid.id])
        between = c.search(facets={"Family": [family, other]}, ranges={"Height": (1.5, 2.5)})
        self.assertEqual([p.id for p in between.plants], [mid.id])

        named = c.search(mid.name, facets={"Family": family})
        self.assertEqual(named.plants[0].id, mid.id)
        self.assertIsNotNone(named.interpretation)

        paged = [p.id for p in c.search_all(facets={"Family": [family, other]}, per_page=2)]
        self.assertEqual(paged, [low.id, mid.id, tall.id])
        from_second = [p.id for p in c.search_all(facets={"Family": [family, other]}, per_page=2, page=2)]
        self.assertEqual(from_second, [tall.id])

    def test_a_misspelt_facet_is_reported(self) -> None:
        c = client()
        plant = new_plant(c, {"Family": "Lamiaceae"})
        page = c.search(plant.name, facets={"Familly": "Lamiaceae"}, per_page=1)
        self.assertEqual(page.plants[0].id, plant.id)
        self.assertIsNotNone(page.ignored_parameters)
        self.assertIn("Familly", page.ignored_parameters or "")

    def test_a_range_on_a_key_that_is_not_numeric_is_a_400(self) -> None:
        c = client()
        new_plant(c, {"Layer": "Herbaceous"})
        with self.assertRaises(HortusError) as caught:
            c.search(ranges={"Layer": (1, 2)})
        self.assertEqual(caught.exception.status, 400)
        self.assertEqual(caught.exception.error, "bad request")
        self.assertIn("Layer", caught.exception.msg)
