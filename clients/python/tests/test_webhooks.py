"""The webhook signature check, on a signature Hortus made (the Node side's HMAC of a known body)."""

import unittest

from hortus_client import parse_webhook_event, verify_webhook_signature

BODY = '{"id":"chg_x","type":"plant.changed"}'
SECRET = "whsec_test"
HEADER = "t=1700000000,v1=d131b2a9fb911d710f53a1c33f20a3b9cf271a92afba4b906e32fac0123aa354"


class WebhookSignatureTest(unittest.TestCase):
    def test_accepts_the_signature_hortus_made(self) -> None:
        self.assertTrue(verify_webhook_signature(BODY, HEADER, SECRET, now=1700000010))
        self.assertTrue(verify_webhook_signature(BODY.encode(), HEADER, SECRET, now=1700000010))

    def test_refuses_another_body_secret_or_an_old_signature(self) -> None:
        self.assertFalse(verify_webhook_signature(BODY + " ", HEADER, SECRET, now=1700000010))
        self.assertFalse(verify_webhook_signature(BODY, HEADER, "whsec_other", now=1700000010))
        self.assertFalse(verify_webhook_signature(BODY, HEADER, SECRET, now=1700001000))
        self.assertFalse(verify_webhook_signature(BODY, "t=1700000000,v1=00", SECRET, now=1700000010))
        self.assertFalse(verify_webhook_signature(BODY, None, SECRET))

    def test_parse_refuses_a_bad_signature(self) -> None:
        with self.assertRaises(ValueError):
            parse_webhook_event(BODY, "t=1,v1=" + "0" * 64, SECRET)


if __name__ == "__main__":
    unittest.main()
