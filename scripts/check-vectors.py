#!/usr/bin/env python3
"""Runs the README's Python verifier (the ```python block of "## Verify signatures", executed as
written) against every check in docs/webhook-signature-vectors.json, and checks the Standard Webhooks
header of each vector with the standard library too. Exits 1 on any disagreement.

    python3 scripts/check-vectors.py [README.md] [vectors.json]

Run by test/lib/webhook-signature-vectors.test.ts when python3 is on PATH."""

import base64
import hashlib
import hmac
import json
import re
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
readme_path = Path(sys.argv[1]) if len(sys.argv) > 1 else root / "README.md"
vectors_path = Path(sys.argv[2]) if len(sys.argv) > 2 else root / "docs" / "webhook-signature-vectors.json"


def readme_verifier():
    text = readme_path.read_text(encoding="utf-8")
    section = text.split("\n## Verify signatures\n", 1)
    if len(section) < 2:
        sys.exit(f"{readme_path}: no '## Verify signatures' section")
    block = re.search(r"```python\n(.*?)```", section[1], re.S)
    if not block:
        sys.exit(f"{readme_path}: no python block in '## Verify signatures'")
    scope = {}
    exec(compile(block.group(1), f"{readme_path.name} (Verify signatures, python)", "exec"), scope)
    return scope["verify_service_signature"]


def standard_webhooks_key(secret):
    # The part after whsec_, base64-decoded; older secrets are base64url, so both alphabets are read.
    encoded = secret[len("whsec_"):].replace("-", "+").replace("_", "/")
    return base64.b64decode(encoded + "=" * (-len(encoded) % 4), validate=True)


def verify_standard(raw_body, headers, secrets, now, tolerance):
    msg_id, timestamp = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(now - int(timestamp)) > tolerance:
        return False
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + raw_body
    matched = False
    for secret in secrets:
        expected = base64.b64encode(hmac.new(standard_webhooks_key(secret), signed, hashlib.sha256).digest())
        for entry in headers["webhook-signature"].split(" "):
            version, _, signature = entry.partition(",")
            if version == "v1":
                matched |= hmac.compare_digest(expected, signature.encode("ascii"))
    return matched


def main():
    verify = readme_verifier()
    document = json.loads(vectors_path.read_text(encoding="utf-8"))
    tolerance = document["tolerance_seconds"]
    failures, failed, count = [], set(), 0
    for vector in document["vectors"]:
        signed_body = base64.b64decode(vector["body_base64"], validate=True)
        if signed_body != vector["body"].encode("utf-8"):
            failures.append(f"{vector['name']}: body and body_base64 are not the same bytes")
        for index, check in enumerate(vector["checks"]):
            count += 1
            body = base64.b64decode(check["received_body_base64"], validate=True) if "received_body_base64" in check else signed_body
            label = f"{vector['name']} check {index + 1} ({check['why']})"
            service = verify(body, vector["headers"]["Service-Signature"], check["secrets"], now=check["now"])
            if service != check["expected"]:
                failures.append(f"{label}: Service-Signature gave {service}, expected {check['expected']}")
                failed.add(label)
            standard = verify_standard(body, vector["headers"], check["secrets"], check["now"], tolerance)
            if standard != check["expected"]:
                failures.append(f"{label}: webhook-signature gave {standard}, expected {check['expected']}")
                failed.add(label)
    for failure in failures:
        print(f"not ok: {failure}")
    print(f"{count - len(failed)} of {count} checks agree ({len(document['vectors'])} vectors, README Python verifier and Standard Webhooks)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
