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
]
