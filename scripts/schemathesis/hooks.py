"""The rules of Hearth's record API that JSON Schema cannot state, for schemathesis.

GET /openapi.json states every rule the server checks on one member of a request: required members,
lengths, counts, enums, patterns. The rules below relate a member to something a schema cannot see: another
member of the same request, a value only the server mints, who is calling, or what the store holds. The
document states them in words; the server answers them with 400 BAD_REQUEST. A request the schema allows
and the server refuses for one of them is not a finding.

Lists whose items succeed or fail alone (zones/modify, zones/changes, subscriptions/modify, records/modify
with atomic false) answer 200 with a BAD_REQUEST of its own for a malformed item: the item was refused, so
that is not a finding either.

Every other failure stays one. The run's summary counts what these rules dropped.

So that schema-valid cases reach past these rules rather than die on them, a valid case leaves out the sync
tokens and continuation markers the server never gave out (they are optional), and drops a parent that
names the record itself.
"""

import json
import re

import schemathesis

UNSTATABLE = [
    re.compile(pattern)
    for pattern in [
        # Opaque values only the server mints.
        r"The syncToken is not one this server gave out",
        r"The syncToken belongs to another zone",
        r"The continuationMarker is not one this server gave out",
        # One member against another of the same request.
        r"appears more than once in the batch",
        r"names zone .* but the request is for zone",
        r"a parent must be in the same zone",
        r"cannot be its own parent",
        r"a reference must point into the record's own zone",
        # Who is calling.
        r"is your own; use the private database",
        r"You own this share; there is nothing to accept",
        r"The owner is already in the share",
        r"The owner cannot be removed from their share",
        # What the store holds.
        r"; it cannot be saved as a ",
        r"is the root of a share and cannot have a parent",
        r"already has record shares",
        r"is shared as a whole already",
        r"has a parent \(.*\); share the top of the hierarchy",
        r"loops or is deeper than 64 records",
        # Codes the server emailed, which a generated request cannot know.
        r"^No verification code is waiting for your account",
        r"^The code is wrong",
        r"^The code has expired",
        r"^The code was tried \d+ times and is used up",
        r"^The code was sent to another address",
        r"is verified already; there is nothing to confirm",
    ]
]

ITEM_LISTS = ("zones", "subscriptions", "records")


def _body(response):
    try:
        return json.loads(response.content)
    except (ValueError, TypeError):
        return None


def _refused_for_unstatable_rule(response):
    body = _body(response)
    if response.status_code != 400 or not isinstance(body, dict) or body.get("serverErrorCode") != "BAD_REQUEST":
        return False
    reason = body.get("reason", "")
    return any(rule.search(reason) for rule in UNSTATABLE)


def _refused_an_item(response):
    body = _body(response)
    if response.status_code != 200 or not isinstance(body, dict):
        return False
    for key in ITEM_LISTS:
        items = body.get(key)
        if isinstance(items, list) and any(isinstance(item, dict) and item.get("serverErrorCode") == "BAD_REQUEST" for item in items):
            return True
    return False


# Every sync token and continuation marker the server has answered with.
ISSUED = set()
OPAQUE = ("syncToken", "continuationMarker")


def _collect(value):
    if isinstance(value, dict):
        for key, member in value.items():
            if key in OPAQUE and isinstance(member, str):
                ISSUED.add(member)
            else:
                _collect(member)
    elif isinstance(value, list):
        for member in value:
            _collect(member)


@schemathesis.hook
def after_call(context, case, response):
    _collect(_body(response))


def _without_unissued(value):
    if isinstance(value, dict):
        for key in OPAQUE:
            if isinstance(value.get(key), str) and value[key] not in ISSUED:
                del value[key]
        for member in value.values():
            _without_unissued(member)
    elif isinstance(value, list):
        for member in value:
            _without_unissued(member)


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    if meta is None or meta.generation.mode != schemathesis.GenerationMode.POSITIVE or not isinstance(case.body, dict):
        return case
    _without_unissued(case.body)
    for operation in case.body.get("operations") or []:
        record = operation.get("record") if isinstance(operation, dict) else None
        parent = record.get("parent") if isinstance(record, dict) else None
        if isinstance(parent, dict) and parent.get("recordName") == record.get("recordName"):
            del record["parent"]
    return case


@schemathesis.hook
def filter_failure(context, failure, case, response):
    if failure.code == "ST202" and _refused_for_unstatable_rule(response):
        return False
    if failure.code == "ST201" and _refused_an_item(response):
        return False
    return True
