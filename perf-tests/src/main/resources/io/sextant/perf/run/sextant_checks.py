"""schemathesis checks of Sextant's own, loaded with SCHEMATHESIS_HOOKS=sextant_checks.

no_java_renderings: an error body must read in the API's terms. The patterns are those of
io.sextant.testing.JavaIsms (class names ending in Exception or Error, yangtools' toString
renderings, Java packages, identity hashes, QNames with ?revision=, stack frames). A match that
the request itself carries (in its URL or body) is the client's own text echoed back, not a leak.
"""
import re
from urllib.parse import unquote

import schemathesis

FORBIDDEN = [re.compile(p) for p in (
    r"\b[A-Z][A-Za-z]*(Exception|Error)\b",
    r"[A-Za-z]+(Statement|Node|Identifier|Context)\{",
    r"\b[A-Z][A-Za-z]*\{[a-z][A-Za-z]*=",
    r"\bjava\.[a-z]",
    r"\bjavax\.[a-z]",
    r"\borg\.opendaylight\b",
    r"\bio\.sextant\b",
    r"\bcom\.google\b",
    r"\bio\.netty\b",
    r"@[0-9a-f]{5,}\b",
    r"\?revision=",
    r"\bat [a-z]+\.[a-z]+\.[A-Za-z.$]+\(",
)]


def _request_text(response):
    request = response.request
    body = request.body or b""
    if isinstance(body, bytes):
        body = body.decode("utf-8", "replace")
    url = request.url or ""
    return url + "\n" + unquote(url) + "\n" + body


@schemathesis.check
def no_java_renderings(ctx, response, case):
    """An error body names things in the API's terms: no Java class names, packages or stack frames."""
    if response.status_code < 400:
        return None
    text = response.content.decode("utf-8", "replace")
    sent = _request_text(response)
    found = [m.group() for p in FORBIDDEN for m in p.finditer(text) if m.group() not in sent]
    if found:
        raise AssertionError("Java rendering in the error body: " + ", ".join(sorted(set(found)))
                             + "\n" + text[:500])
    return None
