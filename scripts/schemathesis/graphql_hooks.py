"""The check schemathesis runs against Hearth's GraphQL endpoint: the server never fails.

schemathesis's own `not_a_server_error` counts every GraphQL error that has a `path` as a resolver that failed,
so a mutation on a household that does not exist (NOT_FOUND), one the caller may not change (FORBIDDEN) or an
operation over a limit (TOO_COSTLY) would count. Hearth says which failures are its own: an HTTP status of 500
or more, or an error whose `extensions.code` is INTERNAL (an unexpected error, logged with its id). Those, and
only those, fail the run.
"""

import json

import schemathesis


@schemathesis.check
def hearth_no_server_failure(ctx, response, case):
    if response.status_code >= 500:
        raise AssertionError(f"HTTP {response.status_code}: {response.content[:500]!r}")
    try:
        body = json.loads(response.content)
    except (ValueError, TypeError):
        raise AssertionError(f"HTTP {response.status_code} with a body that is not JSON: {response.content[:200]!r}")
    if not isinstance(body, dict) or not ("data" in body or "errors" in body):
        raise AssertionError(f"HTTP {response.status_code} with a body that is not a GraphQL response: {response.content[:200]!r}")
    for error in body.get("errors") or []:
        code = (error.get("extensions") or {}).get("code")
        if not isinstance(code, str):
            raise AssertionError(f"An error without extensions.code: {error!r}")
        if code == "INTERNAL":
            raise AssertionError(f"The server failed: {error.get('message')}")
