"""One request to Hortus with the key headers, JSON in and out, and bounded retries on 429 and 503."""

from __future__ import annotations

import email.utils
import json
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .errors import ConnectionFailed, HortusError, error_for

Query = Mapping[str, "str | int | float | bool | Sequence[str] | None"]

# Answers the server asks us to try again after (Retry-After): over a limit, or the database briefly away.
RETRYABLE = {429, 503}


@dataclass(frozen=True)
class Answer:
    status: int
    headers: Mapping[str, str]
    body: Any


@dataclass
class Transport:
    base_url: str
    key_id: str
    key_secret: str
    brand: str = "service"
    timeout: float = 30.0
    # Bounded retries: at most `max_retries` more attempts, and never a wait longer than `max_retry_wait`
    # seconds (a longer Retry-After raises at once, so a caller is never held for a whole quota window
    # it did not agree to).
    max_retries: int = 3
    max_retry_wait: float = 120.0
    # Called before each wait with (attempt, seconds, error): for logging, and for tests to count retries.
    on_retry: Callable[[int, float, HortusError], None] | None = None
    sleep: Callable[[float], None] = time.sleep

    def request(
        self, method: str, path: str, query: Query | None = None, body: Any = None
    ) -> Answer:
        url = self.base_url.rstrip("/") + path
        if query:
            url += "?" + encode_query(query)
        attempt = 0
        while True:
            try:
                return self._send(method, url, body)
            except HortusError as error:
                wait = self._wait_before_retry(error, attempt)
                if wait is None:
                    raise
                attempt += 1
                if self.on_retry:
                    self.on_retry(attempt, wait, error)
                self.sleep(wait)

    def _wait_before_retry(self, error: HortusError, attempt: int) -> float | None:
        if error.status not in RETRYABLE or attempt >= self.max_retries:
            return None
        # Without Retry-After, back off 1, 2, 4… seconds.
        wait = error.retry_after if error.retry_after is not None else float(2**attempt)
        return wait if wait <= self.max_retry_wait else None

    def _send(self, method: str, url: str, body: Any) -> Answer:
        headers = {
            f"x-{self.brand}-key-id": self.key_id,
            f"x-{self.brand}-key-secret": self.key_secret,
            "accept": "application/json",
        }
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["content-type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return Answer(response.status, dict(response.headers.items()), _json(response.read()))
        except urllib.error.HTTPError as answer:
            raise _error_of(answer) from None
        except (urllib.error.URLError, TimeoutError, ConnectionError) as failure:
            reason = getattr(failure, "reason", failure)
            raise ConnectionFailed(0, "connection failed", f"{url}: {reason}") from None


def encode_query(query: Query) -> str:
    """`key=a&key=b` for a list (as the server reads arrays); None is left out, booleans are true/false."""
    pairs: list[tuple[str, str]] = []
    for key, value in query.items():
        if value is None:
            continue
        values = value if isinstance(value, (list, tuple)) else [value]
        for item in values:
            text = ("true" if item else "false") if isinstance(item, bool) else str(item)
            pairs.append((key, text))
    return urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)


def retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds: a number of seconds, or an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _json(raw: bytes) -> Any:
    return json.loads(raw) if raw else None


def _error_of(answer: urllib.error.HTTPError) -> HortusError:
    raw = answer.read()
    retry_after = retry_after_seconds(answer.headers.get("retry-after"))
    try:
        body = json.loads(raw)
        error, msg = str(body["error"]), str(body["msg"])
    except (ValueError, KeyError, TypeError):
        # Not Hortus's error shape (a proxy's page, say): keep what there is.
        error, msg = answer.reason or "error", raw[:500].decode("utf-8", "replace")
    return error_for(answer.code, error, msg, retry_after)
