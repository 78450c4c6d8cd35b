import Foundation
import HearthCloudModel

/// An operation after the checks that need no database: names, types, fields and size.
///
/// A class, so the batch's loops pass each operation by reference: as a value (the record, its encoded
/// fields and a possible error) it was copied whole, several hundred bytes, each time a loop took it.
final class PreparedOperation: Sendable {
    let index: Int
    let operation: CloudRecordOperation
    let fieldsJSON: String?
    let problem: CloudError?
    /// Whether it passed the checks (`problem` is nil), asked without copying the error out.
    let isValid: Bool
    /// A save's same-zone references and asset checksums, found once here rather than on the writer's turn.
    let references: [(target: String, deleteSelf: Bool)]
    let assetChecksums: Set<String>

    init(
        index: Int, operation: CloudRecordOperation, fieldsJSON: String?, problem: CloudError?,
        references: [(target: String, deleteSelf: Bool)], assetChecksums: Set<String>
    ) {
        self.index = index
        self.operation = operation
        self.fieldsJSON = fieldsJSON
        self.problem = problem
        isValid = problem == nil
        self.references = references
        self.assetChecksums = assetChecksums
    }

    var name: String { operation.record.recordName }
    var kind: CloudRecordOperationType { operation.operationType }
    var isSave: Bool { Self.isSave(kind) }

    static func isSave(_ kind: CloudRecordOperationType) -> Bool { kind != .delete && kind != .forceDelete }

    /// The operations of `request` after the checks that need no database, each with its problem if it has one.
    /// - Throws: when the request as a whole cannot be taken: no operations, or more than the configuration allows.
    static func batch(
        _ request: CloudRecordsModifyRequest, configuration: CloudConfiguration, validator: RecordValidator
    ) throws -> [PreparedOperation] {
        let operations = request.operations
        guard !operations.isEmpty else {
            throw CloudError.badRequest("The request has no operations; send at least one in \"operations\".")
        }
        guard operations.count <= configuration.maxOperationsPerRequest else {
            throw CloudError(
                .limitExceeded,
                "The request has \(operations.count) operations; the limit is \(configuration.maxOperationsPerRequest) per request. Split the batch in smaller ones."
            )
        }
        let zoneName = (request.zoneID ?? .default).zoneName
        var seen = Set<String>()
        return operations.enumerated().map { index, operation in
            let record = operation.record
            var fieldsJSON: String?
            var problem: CloudError?
            var references: [(target: String, deleteSelf: Bool)] = []
            var assetChecksums: Set<String> = []
            do {
                if let problem = CloudNames.recordProblem(record.recordName) {
                    throw CloudError(.badRequest, problem, recordName: record.recordName)
                }
                guard seen.insert(record.recordName).inserted else {
                    throw CloudError(
                        .badRequest,
                        "Record \"\(record.recordName)\" appears more than once in the batch; send one operation per record.",
                        recordName: record.recordName)
                }
                if let zone = record.zoneID, zone.zoneName != zoneName {
                    throw CloudError(
                        .badRequest,
                        "Record \"\(record.recordName)\" names zone \(zone.zoneName) but the request is for zone \(zoneName); send one request per zone.",
                        recordName: record.recordName)
                }
                if PreparedOperation.isSave(operation.operationType) {
                    if let problem = validator.typeProblem(record.recordType) {
                        throw CloudError(.badRequest, problem, recordName: record.recordName)
                    }
                    try validator.checkFields(record.fields, recordName: record.recordName)
                    try RecordValidator.checkReferencesStayInZone(
                        record.fields, zoneName: zoneName, recordName: record.recordName)
                    for field in operation.removeFields ?? [] {
                        if let problem = CloudNames.fieldProblem(field) {
                            throw CloudError(.badRequest, "removeFields: \(problem)", recordName: record.recordName)
                        }
                    }
                    if let parent = record.parent {
                        if let problem = CloudNames.recordProblem(parent.recordName) {
                            throw CloudError(.badRequest, "The parent's \(problem)", recordName: record.recordName)
                        }
                        if let zone = parent.zoneID, zone.zoneName != zoneName {
                            throw CloudError(
                                .badRequest, "Record \"\(record.recordName)\": a parent must be in the same zone.",
                                recordName: record.recordName)
                        }
                        if parent.recordName == record.recordName {
                            throw CloudError(
                                .badRequest, "Record \"\(record.recordName)\" cannot be its own parent.",
                                recordName: record.recordName)
                        }
                    }
                    if operation.operationType != .update && operation.operationType != .forceUpdate {
                        fieldsJSON = try validator.encodeFields(record.fields, recordName: record.recordName)
                    }
                    references = RecordValidator.references(record.fields, zoneName: zoneName)
                    assetChecksums = RecordValidator.assetChecksums(record.fields)
                }
            } catch let error as CloudError {
                problem = error
            } catch {
                problem = CloudError(.badRequest, "\(error)", recordName: record.recordName)
            }
            return PreparedOperation(
                index: index, operation: operation, fieldsJSON: fieldsJSON, problem: problem, references: references,
                assetChecksums: assetChecksums)
        }
    }
}
