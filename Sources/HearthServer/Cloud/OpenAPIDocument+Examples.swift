/// Example requests, by request body and database (nil for routes outside `{database}`): what a client of
/// the garage or finance apps sends.
extension OpenAPIDocument {
    static func example(_ request: String, database: String?) -> [String: Any]? {
        switch (request, database) {
        case ("SignUpRequest", nil), ("SignInRequest", nil):
            return ["emailAddress": "me@example.com", "password": "correct horse battery"]
        case ("ZonesModifyRequest", "private"):
            return ["operations": [["operationType": "create", "zone": ["zoneID": ["zoneName": "Garage"]]]]]
        case ("RecordsModifyRequest", "private"):
            return [
                "operations": [
                    [
                        "operationType": "create",
                        "record": [
                            "recordName": "service-1", "recordType": "ServiceEntry",
                            "fields": [
                                "mileage": ["type": "INT64", "value": 120_500],
                                "notes": ["type": "STRING", "value": "Oil and filter"],
                            ],
                        ],
                    ]
                ]
            ]
        case ("RecordsLookupRequest", "private"):
            return ["records": [["recordName": "service-1"]], "desiredKeys": ["mileage"]]
        case ("RecordsQueryRequest", "private"):
            return [
                "query": [
                    "recordType": "ServiceEntry",
                    "filterBy": [
                        [
                            "fieldName": "mileage", "comparator": "GREATER_THAN",
                            "fieldValue": ["type": "INT64", "value": 100_000],
                        ]
                    ],
                    "sortBy": [["fieldName": "mileage", "ascending": false]],
                ],
                "resultsLimit": 50,
            ]
        case ("RecordChangesRequest", "private"):
            return ["zoneID": ["zoneName": "_defaultZone"], "resultsLimit": 200]
        case ("DatabaseChangesRequest", _):
            return ["resultsLimit": 100]
        case ("ShareCreateRequest", "private"):
            return ["rootRecordName": "service-1", "publicPermission": "NONE"]
        case ("SubscriptionsModifyRequest", "private"):
            return [
                "operations": [
                    [
                        "operationType": "create",
                        "subscription": [
                            "subscriptionID": "service-entries", "subscriptionType": "query",
                            "recordType": "ServiceEntry",
                        ],
                    ]
                ]
            ]
        default:
            return nil
        }
    }
}
