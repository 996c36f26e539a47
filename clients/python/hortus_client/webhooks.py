"""Checking a Hortus webhook delivery.

Each delivery carries ``Hortus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">``, made with
the secret that ``POST /webhooks`` answered once. Check the raw body, before parsing it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from typing import Any

_SIGNATURE = re.compile(r"^t=(\d+),v1=([0-9a-f]{64})$")


def verify_webhook_signature(
    raw_body: bytes | str,
    signature_header: str | None,
    secret: str,
    tolerance_seconds: int = 300,
    now: float | None = None,
) -> bool:
    """Whether the header signs the body with the secret, made within ``tolerance_seconds`` of now."""
    match = _SIGNATURE.match(signature_header or "")
    if not match:
        return False
    stamp, given = match.group(1), match.group(2)
    if abs((time.time() if now is None else now) - int(stamp)) > tolerance_seconds:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else raw_body
    expected = hmac.new(secret.encode("utf-8"), stamp.encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, given)


def parse_webhook_event(raw_body: bytes | str, signature_header: str | None, secret: str) -> dict[str, Any]:
    """The event of a delivery whose signature checks out; raises ValueError otherwise."""
    if not verify_webhook_signature(raw_body, signature_header, secret):
        raise ValueError("Hortus-Signature does not sign this body with this secret (or is over 5 minutes old)")
    event: dict[str, Any] = json.loads(raw_body)
    return event
