"""The errors the client raises: every Hortus error answer is {error, msg} with an HTTP status."""

from __future__ import annotations


class HortusError(Exception):
    """An error answer from Hortus: `error` is short and stable, `msg` says what to do."""

    def __init__(self, status: int, error: str, msg: str, retry_after: float | None = None) -> None:
        super().__init__(f"{status} {error}: {msg}")
        self.status = status
        self.error = error
        self.msg = msg
        # Seconds the server asked us to wait (429 and 503), when it said.
        self.retry_after = retry_after


class NotAuthenticated(HortusError):
    """401: the two key headers are missing or wrong (the server never says which half)."""


class NotFound(HortusError):
    """404: an unknown plant id, version, path or attribute key."""


class ValidationFailed(HortusError):
    """422 validation failed: the body names up to 20 failing fields in `msg`."""


class VersionMismatch(HortusError):
    """422 version mismatch: the plant changed since it was read; read it again and re-apply the change."""


class TooManyRequests(HortusError):
    """429 after the client's bounded retries ran out (or the wait asked for was longer than allowed)."""


class ServiceUnavailable(HortusError):
    """503 after the client's bounded retries ran out: the database was briefly unreachable."""


class ConnectionFailed(HortusError):
    """No HTTP answer at all (refused connection, timeout): status 0."""


def error_for(status: int, error: str, msg: str, retry_after: float | None = None) -> HortusError:
    """The most specific class for an answer, chosen by status and the stable `error` text."""
    if status == 401:
        cls: type[HortusError] = NotAuthenticated
    elif status == 404:
        cls = NotFound
    elif status in (422, 409) and error == "version mismatch":
        # Hortus answers it as 422, as the interface says; a 409 saying the same is the same conflict.
        cls = VersionMismatch
    elif status == 422:
        cls = ValidationFailed
    elif status == 429:
        cls = TooManyRequests
    elif status == 503:
        cls = ServiceUnavailable
    else:
        cls = HortusError
    return cls(status, error, msg, retry_after)
