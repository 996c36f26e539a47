"""A client for the Hortus plant API, with the standard library only (Python 3.11+)."""

from .client import ChangeFeed, ChangePage, Client, KeysetPage
from .errors import (
    ConnectionFailed,
    HortusError,
    NotAuthenticated,
    NotFound,
    ServiceUnavailable,
    TooManyRequests,
    ValidationFailed,
    VersionMismatch,
)
from .models import Attribute, Change, Plant, SearchPage
from .webhooks import parse_webhook_event, verify_webhook_signature

__all__ = [
    "Attribute",
    "Change",
    "ChangeFeed",
    "ChangePage",
    "Client",
    "ConnectionFailed",
    "HortusError",
    "KeysetPage",
    "NotAuthenticated",
    "NotFound",
    "Plant",
    "SearchPage",
    "ServiceUnavailable",
    "TooManyRequests",
    "ValidationFailed",
    "VersionMismatch",
    "parse_webhook_event",
    "verify_webhook_signature",
]
