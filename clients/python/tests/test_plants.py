"""The keyset walk, create and update, and the typed errors, against a real Hortus."""

from __future__ import annotations

import unittest

from hortus_client import (
    Client,
    HortusError,
    NotAuthenticated,
    NotFound,
    ValidationFailed,
    VersionMismatch,
)

from .support import BASE_URL, KEY_ID, client, needs_server, new_plant, unique


@needs_server
class KeyHeaders(unittest.TestCase):
    def test_a_wrong_secret_or_brand_is_not_authenticated(self) -> None:
        c = client()
        plant = new_plant(c)
        self.assertEqual(c.plants.get(plant.id).name, plant.name)
        assert BASE_URL
        for stranger in (
            Client(BASE_URL, KEY_ID, "wrong"),
            client(brand="other"),
        ):
            with self.assertRaises(NotAuthenticated) as caught:
                stranger.plants.get(plant.id)
            self.assertEqual(caught.exception.status, 401)
            self.assertEqual(caught.exception.error, "not authenticated")
            self.assertIn("key", caught.exception.msg)


@needs_server
class KeysetWalk(unittest.TestCase):
    def test_all_walks_last_id_until_has_more_is_false(self) -> None:
        c = client()
        before = [p.id for p in c.plants.all()]
        made = [new_plant(c) for _ in range(7)]
        pages: list[int] = []
        original = c.plants.list

        def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
            page = original(*args, **kwargs)  # type: ignore[arg-type]
            pages.append(len(page.plants))
            return page

        c.plants.list = counted  # type: ignore[method-assign]
        walked = [p.id for p in c.plants.all(per_page=3)]
        self.assertEqual(walked, sorted(before + [p.id for p in made]))
        self.assertEqual(len(walked), len(set(walked)))
        self.assertEqual(pages[:-1], [3] * (len(pages) - 1))
        self.assertEqual(sum(pages), len(walked))

        resumed = [p.id for p in c.plants.all(per_page=3, after_id=made[2].id)]
        self.assertEqual(resumed, [p.id for p in made[3:]])


@needs_server
class CreateAndUpdate(unittest.TestCase):
    def test_update_with_the_version_read_and_a_stale_one(self) -> None:
        c = client()
        plant = new_plant(c, {"Edible": "true"}, description="first words")
        self.assertEqual(plant.version, 1)
        self.assertEqual(plant.attribute("edible"), "true")

        updated = c.plants.update(
            plant.id, plant.version, "a better description", description="second words", data={"Layer": "Shrub"}
        )
        self.assertEqual(updated.version, 2)
        self.assertEqual(updated.description, "second words")
        # data is merged: Edible is kept.
        self.assertEqual([(a.key, a.value) for a in updated.data], [("Edible", "true"), ("Layer", "Shrub")])

        with self.assertRaises(VersionMismatch) as caught:
            c.plants.update(plant.id, plant.version, "from an old read", name="Other name")
        self.assertIsInstance(caught.exception, HortusError)
        self.assertEqual(caught.exception.status, 422)
        self.assertEqual(caught.exception.error, "version mismatch")
        self.assertTrue(caught.exception.msg)
        self.assertEqual(c.plants.get(plant.id).name, plant.name)

    def test_validation_failed_names_the_field_and_an_unknown_id_is_not_found(self) -> None:
        c = client()
        with self.assertRaises(ValidationFailed) as invalid:
            new_plant(c, name="")
        self.assertEqual(invalid.exception.status, 422)
        self.assertEqual(invalid.exception.error, "validation failed")
        self.assertIn("name", invalid.exception.msg)

        with self.assertRaises(NotFound) as missing:
            c.plants.get(987_654_321)
        self.assertEqual(missing.exception.error, "not found")

    def test_a_variety_of_a_plant(self) -> None:
        c = client()
        parent = new_plant(c)
        variety = new_plant(c, type="Variety", parent_id=parent.id, name=unique("Python variety"))
        self.assertEqual((variety.type, variety.parent_id), ("Variety", parent.id))
