"""What Hortus answers, as dataclasses. Fields follow docs/API.md; unknown fields are kept in `extra`
so a newer server never breaks an older client."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Attribute:
    key: str
    value: str


@dataclass(frozen=True)
class Plant:
    id: int
    type: str
    scientific_name: str
    name: str
    version: int
    description: str
    link: str
    slug: str
    parent_id: int | None
    updated_at: str
    created_at: str
    images: dict[str, str | None]
    data: list[Attribute]
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Plant:
        known = {
            "id", "type", "scientific_name", "name", "version", "description", "link",
            "slug", "parent_id", "updated_at", "created_at", "images", "data",
        }  # fmt: skip
        return cls(
            id=body["id"],
            type=body["type"],
            scientific_name=body["scientific_name"],
            name=body["name"],
            version=body["version"],
            description=body.get("description", ""),
            link=body.get("link", ""),
            slug=body.get("slug", ""),
            parent_id=body.get("parent_id"),
            updated_at=body.get("updated_at", ""),
            created_at=body.get("created_at", ""),
            images=body.get("images") or {"thumb": None, "title": None},
            data=[Attribute(a["key"], a["value"]) for a in body.get("data", [])],
            extra={k: v for k, v in body.items() if k not in known},
        )

    def attribute(self, key: str) -> str | None:
        """The value of attribute `key` (compared without case, as the server's facets are), or None."""
        wanted = key.casefold()
        return next((a.value for a in self.data if a.key.casefold() == wanted), None)


@dataclass(frozen=True)
class SearchPage:
    """One page of a search: the plants, the offset pagination, and how the server read the query."""

    plants: list[Plant]
    page: int
    per_page: int
    total: int
    total_pages: int
    interpretation: dict[str, Any] | None
    # Names the server ignored (a misspelt facet), from the Hortus-Ignored-Parameters header.
    ignored_parameters: str | None = None


@dataclass(frozen=True)
class Change:
    """One revision in the change feed. `cursor` is its place: pass it back as `since` to resume after it."""

    cursor: str
    plant_id: int
    version: int
    author: str
    note: str
    time: str
    changes: list[dict[str, Any]]

    @classmethod
    def from_json(cls, body: dict[str, Any]) -> Change:
        return cls(
            cursor=body["cursor"],
            plant_id=body["plant_id"],
            version=body["version"],
            author=body["author"],
            note=body["note"],
            time=body["time"],
            changes=list(body.get("changes", [])),
        )
