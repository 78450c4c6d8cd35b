import HearthCloudModel

extension OpenAPIDocument {
    /// What each error status means, by status: every one carries an ``CloudError`` body whose
    /// `serverErrorCode` is one of the codes answered with that status.
    static let errorMeanings: [Int: String] = [
        400:
            "The request is malformed or breaks a rule this document states; `reason` names the member at fault. A failed atomic batch lists every operation's outcome in `records`.",
        401:
            "No bearer token, or one that is unknown, expired or revoked (or, for sign-in, a wrong email or password).",
        403: "The caller may not do this: another user's zone or share, a read-only share, a pending invitation.",
        404: "The zone, record, share, participant or asset does not exist (or the caller cannot see it).",
        409:
            "The record changed on the server since it was fetched (`serverRecord` holds the server's version), or the thing to create exists.",
        410: "The sync token is too old or from a zone since recreated: fetch again without one.",
        412: "A parent, reference, asset or user the request points at does not exist.",
        413:
            "The request is too big: too many operations, a record or body over the size limit (16 KiB for bodies that only name things: sign-in, sign-up, share references and invitations), an asset over its limit, a full share, or the storage quota (the caller's records and uploaded assets). Refused before the body is read when its Content-Length says so.",
        429:
            "Too many requests: from the caller's account, or, without a valid sign-in, from the client's address (sign-in and sign-up attempts, sign-ups, and any request whose token is missing or bad are counted per address before the body is read). Wait `Retry-After` seconds.",
        500: "The server failed; `uuid` is in its log.",
        503: "The server is busy or out of disk: wait `Retry-After` seconds.",
    ]

    /// The shared error responses, by status.
    static var errorResponses: [String: Any] {
        var responses: [String: Any] = [:]
        for (status, meaning) in errorMeanings {
            let codes = errorCodes.filter { $0.httpStatus == status }.map(\.rawValue).sorted()
            var response: [String: Any] = [
                "description": meaning,
                "content": [
                    "application/json": [
                        "schema": ["allOf": [ref("Error"), object(["serverErrorCode": enumeration(codes)])]]
                    ]
                ],
            ]
            var headers: [String: Any] = [:]
            if status == 401 {
                headers["WWW-Authenticate"] = [
                    "required": true, "description": "`Bearer realm=\"hearth\"`.",
                    "schema": ["type": "string", "pattern": "^Bearer "],
                ]
            }
            if status == 429 || status == 503 {
                headers["Retry-After"] = [
                    "required": true, "description": "Seconds to wait.",
                    "schema": ["type": "string", "pattern": "^[0-9]+$"],
                ]
            }
            if !headers.isEmpty { response["headers"] = headers }
            responses[String(status)] = response
        }
        return responses
    }

    /// Every error code the server answers with.
    static let errorCodes: [CloudErrorCode] = [
        .accessDenied, .atomicError, .authenticationFailed, .authenticationRequired, .badRequest, .conflict, .exists,
        .internalError, .notFound, .quotaExceeded, .limitExceeded, .throttled, .tryAgainLater,
        .validatingReferenceError,
        .zoneNotFound, .changeTokenExpired,
    ]

    /// The error body, and the outcome of one failed item in a list of results.
    static var errorSchemas: [String: Any] {
        [
            "Error": object(
                [
                    "serverErrorCode": enumeration(errorCodes.map(\.rawValue)),
                    "reason": ["type": "string", "description": "What went wrong and what to do about it."],
                    "retryAfter": ["type": "integer", "minimum": 0, "description": "Seconds to wait."],
                    "uuid": ["type": "string", "description": "Names this error in the server's log."],
                    "recordName": string, "zoneID": ref("ZoneID"), "serverRecord": ref("Record"),
                    "records": array(result("Record")),
                ], required: ["serverErrorCode", "reason", "uuid"])
        ]
    }

    /// A list item that is either `name` or an error of its own.
    static func result(_ name: String) -> [String: Any] { ["anyOf": [ref(name), ref("Error")]] }
}
