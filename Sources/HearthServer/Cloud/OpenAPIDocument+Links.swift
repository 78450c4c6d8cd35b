/// OpenAPI links: which answer feeds which next request (a share's name into its lookup, a sync token into
/// the next page of changes), so clients and stateful testers can follow the API's flows.
extension OpenAPIDocument {
    /// Links by operation ID, for the operation's success response.
    static var links: [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        let share: [String: Any] = [
            "shareName": "$response.body#/shareName", "zoneID": ["zoneName": "$response.body#/zoneID/zoneName"],
        ]
        result["postPrivateSharesCreate"] = [
            "lookup": ["operationId": "postPrivateSharesLookup", "requestBody": share],
            "update": ["operationId": "postPrivateSharesUpdate", "requestBody": share],
            "addParticipants": ["operationId": "postPrivateSharesParticipantsAdd", "requestBody": share],
            "delete": ["operationId": "postPrivateSharesDelete", "requestBody": share],
        ]
        result["postPrivateSharesParticipantsAdd"] = [
            "remove": [
                "operationId": "postPrivateSharesParticipantsRemove",
                "requestBody": [
                    "shareName": "$response.body#/shareName", "zoneID": ["zoneName": "$response.body#/zoneID/zoneName"],
                    "participantIDs": ["$response.body#/participants/1/participantID"],
                ],
            ]
        ]
        let zone: [String: Any] = ["zoneName": "$response.body#/zones/0/zoneID/zoneName"]
        result["postPrivateZonesModify"] = [
            "saveRecords": ["operationId": "postPrivateRecordsModify", "requestBody": ["zoneID": zone]],
            "changes": ["operationId": "postPrivateRecordsChanges", "requestBody": ["zoneID": zone]],
            "share": ["operationId": "postPrivateSharesCreate", "requestBody": ["zoneID": zone]],
        ]
        result["postPrivateRecordsModify"] = [
            "lookup": [
                "operationId": "postPrivateRecordsLookup",
                "requestBody": ["records": [["recordName": "$response.body#/records/0/recordName"]]],
            ],
            "share": [
                "operationId": "postPrivateSharesCreate",
                "requestBody": ["rootRecordName": "$response.body#/records/0/recordName"],
            ],
        ]
        for database in ["Private", "Shared"] {
            result["post\(database)RecordsChanges"] = [
                "nextPage": [
                    "operationId": "post\(database)RecordsChanges",
                    "requestBody": ["zoneID": "$response.body#/zoneID", "syncToken": "$response.body#/syncToken"],
                ]
            ]
            result["post\(database)ChangesDatabase"] = [
                "nextPage": [
                    "operationId": "post\(database)ChangesDatabase",
                    "requestBody": ["syncToken": "$response.body#/syncToken"],
                ]
            ]
        }
        result["postAssetsUpload"] = [
            "download": [
                "operationId": "getAssetsChecksum", "parameters": ["checksum": "$response.body#/fileChecksum"],
            ]
        ]
        return result
    }
}
