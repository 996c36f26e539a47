"""The Hortus client: plants (the keyset walk, create, update), search with facets and ranges, and the
change feed. Every call goes through Transport, which sends the key headers and retries 429 and 503."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence

from .errors import HortusError
from .models import Change, Plant, SearchPage
from .transport import Transport

AttributeInput = Mapping[str, str] | Sequence[Mapping[str, str]]
Range = tuple[float | None, float | None]


@dataclass(frozen=True)
class KeysetPage:
    plants: list[Plant]
    per_page: int
    total: int
    last_id: int
    has_more: bool


@dataclass(frozen=True)
class ChangePage:
    changes: list[Change]
    next: str
    has_more: bool


class Client:
    """`Client(base_url, key_id, key_secret)`; `base_url` is the API root, e.g. http://127.0.0.1:3000/api.
    `brand` is the word in the key headers (`x-<brand>-key-id`), `service` unless the operator set
    HORTUS_KEY_BRAND. Retries: at most `max_retries` more attempts after a 429 or 503, each waiting the
    answer's Retry-After, and never longer than `max_retry_wait` seconds."""

    def __init__(
        self,
        base_url: str,
        key_id: str,
        key_secret: str,
        *,
        brand: str = "service",
        timeout: float = 30.0,
        max_retries: int = 3,
        max_retry_wait: float = 120.0,
        on_retry: Callable[[int, float, HortusError], None] | None = None,
    ) -> None:
        self.transport = Transport(
            base_url, key_id, key_secret, brand, timeout, max_retries, max_retry_wait, on_retry
        )
        self.plants = Plants(self.transport)
        self.changes = Changes(self.transport)

    def search(
        self,
        q: str | None = None,
        *,
        facets: Mapping[str, str | Sequence[str]] | None = None,
        ranges: Mapping[str, Range] | None = None,
        type: str | None = None,
        page: int | None = None,
        per_page: int | None = None,
    ) -> SearchPage:
        """Full-text search (`q`), narrowed by facets (several values of one key match as OR) and ranges
        of numeric keys (`{"Height": (1, 3)}`, either side None). Without `q`, the plants meeting them."""
        query: dict[str, Any] = {"q": q, "type": type, "page": page, "per_page": per_page}
        for key, value in (facets or {}).items():
            query[key] = value
        for key, (low, high) in (ranges or {}).items():
            query[key] = f"{_number(low)}..{_number(high)}"
        answer = self.transport.request("GET", "/search", query)
        body, pagination = answer.body, answer.body["pagination"]
        return SearchPage(
            plants=[Plant.from_json(p) for p in body["plants"]],
            page=pagination["page"],
            per_page=pagination["per_page"],
            total=pagination["total"],
            total_pages=pagination["total_pages"],
            interpretation=body.get("interpretation"),
            ignored_parameters=_header(answer.headers, "hortus-ignored-parameters"),
        )

    def search_all(self, q: str | None = None, **options: Any) -> Iterator[Plant]:
        """Every plant the search finds, page after page (from `page`, 1 unless given)."""
        page = int(options.pop("page", None) or 1)
        while True:
            found = self.search(q, page=page, **options)
            yield from found.plants
            if page >= found.total_pages:
                return
            page += 1


class Plants:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    def get(self, plant_id: int) -> Plant:
        return Plant.from_json(self._transport.request("GET", f"/plants/{plant_id}").body)

    def list(
        self,
        last_id: int | None = None,
        per_page: int | None = None,
        updated_since: str | None = None,
    ) -> KeysetPage:
        """One page of the keyset walk: the plants with ids after `last_id`."""
        query = {"last_id": last_id, "per_page": per_page, "updated_since": updated_since}
        body = self._transport.request("GET", "/plants", query).body
        pagination = body["pagination"]
        return KeysetPage(
            plants=[Plant.from_json(p) for p in body["plants"]],
            per_page=pagination["per_page"],
            total=pagination["total"],
            last_id=pagination["last_id"],
            has_more=pagination["has_more"],
        )

    def all(
        self, per_page: int = 100, updated_since: str | None = None, after_id: int | None = None
    ) -> Iterator[Plant]:
        """Every plant in id order: passes `last_id` back until `has_more` is false. To resume an
        interrupted walk, pass the id of the last plant handled as `after_id`."""
        last_id = after_id
        while True:
            page = self.list(last_id, per_page, updated_since)
            yield from page.plants
            if not page.has_more or not page.plants:
                return
            last_id = page.last_id

    def create(
        self,
        scientific_name: str,
        name: str,
        note: str,
        *,
        type: str | None = None,
        parent_id: int | None = None,
        description: str | None = None,
        data: AttributeInput | None = None,
    ) -> Plant:
        body: dict[str, Any] = {"scientific_name": scientific_name, "name": name, "note": note}
        optional = {"type": type, "parent_id": parent_id, "description": description}
        body.update({k: v for k, v in optional.items() if v is not None})
        if data is not None:
            body["data"] = _attributes(data)
        return Plant.from_json(self._transport.request("POST", "/plants", body=body).body)

    def update(
        self, plant_id: int, version: int, note: str, *, data: AttributeInput | None = None, **fields: Any
    ) -> Plant:
        """Saves the given fields (scientific_name, name, description, type, parent_id, remove_data,
        regenerate_slug). `data` is merged: keys not sent are kept. A stale `version` raises
        VersionMismatch: read the plant again and re-apply the change."""
        body: dict[str, Any] = {"version": version, "note": note, **fields}
        if data is not None:
            body["data"] = _attributes(data)
        return Plant.from_json(self._transport.request("PUT", f"/plants/{plant_id}", body=body).body)


class Changes:
    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    def list(self, since: str | None = None, limit: int | None = None) -> ChangePage:
        body = self._transport.request("GET", "/changes", {"since": since, "limit": limit}).body
        return ChangePage([Change.from_json(c) for c in body["changes"]], body["next"], body["has_more"])

    def follow(
        self,
        since: str | None = None,
        *,
        limit: int = 100,
        poll_interval: float = 5.0,
        stop_when_caught_up: bool = False,
    ) -> ChangeFeed:
        """Every change after `since` (a saved cursor; from the beginning without one), then new ones as
        they are saved, polling every `poll_interval` seconds."""
        return ChangeFeed(self, since, limit, poll_interval, stop_when_caught_up)


class ChangeFeed:
    """Iterate it for changes. `cursor` is the place after the last change handed out: save it, and
    `follow(since=cursor)` later goes on from there without repeating one. `stop()` (from any thread)
    ends the iteration at the next poll."""

    def __init__(
        self, changes: Changes, since: str | None, limit: int, poll_interval: float, stop_when_caught_up: bool
    ) -> None:
        self._changes = changes
        self.cursor = since
        self._limit = limit
        self._poll_interval = poll_interval
        self._stop_when_caught_up = stop_when_caught_up
        self._stopped = threading.Event()

    def stop(self) -> None:
        self._stopped.set()

    def __iter__(self) -> Iterator[Change]:
        while not self._stopped.is_set():
            page = self._changes.list(self.cursor, self._limit)
            for change in page.changes:
                # Moved before handing the change out: a caller that saves `cursor` after handling a
                # change resumes after it.
                self.cursor = change.cursor
                yield change
                if self._stopped.is_set():
                    return
            self.cursor = page.next
            if page.has_more:
                continue
            if self._stop_when_caught_up:
                return
            self._stopped.wait(self._poll_interval)


def _attributes(data: AttributeInput) -> list[dict[str, str]]:
    if isinstance(data, Mapping):
        return [{"key": k, "value": v} for k, v in data.items()]
    return [{"key": a["key"], "value": a["value"]} for a in data]


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _header(headers: Mapping[str, str], name: str) -> str | None:
    return next((v for k, v in headers.items() if k.lower() == name), None)
