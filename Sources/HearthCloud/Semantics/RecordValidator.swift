import Foundation
import HearthCloudModel

/// Checks a record sent by a client against the naming rules, the field types and the size limit, and gives
/// the canonical JSON the store keeps of its fields.
struct RecordValidator: Sendable {
    let configuration: CloudConfiguration

    /// The reason `type` is refused, or nil.
    func typeProblem(_ type: String) -> String? {
        if let problem = CloudNames.typeProblem(type) { return problem }
        if let known = configuration.recordTypes, !known.contains(type) {
            let list = known.sorted().prefix(30).joined(separator: ", ")
            return "Record type \"\(type)\" is not known to this server; known types are: \(list)."
        }
        return nil
    }

    /// Checks every field; throws `BAD_REQUEST` naming the first field at fault.
    func checkFields(_ fields: [String: CloudFieldValue], recordName: String) throws {
        for (name, value) in fields {
            if let problem = CloudNames.fieldProblem(name) {
                throw CloudError(.badRequest, "Record \"\(recordName)\": \(problem)", recordName: recordName)
            }
            if let problem = valueProblem(value) {
                throw CloudError(
                    .badRequest, "Record \"\(recordName)\", field \"\(name)\": \(problem)", recordName: recordName)
            }
        }
    }

    /// The canonical JSON of `fields`; throws `LIMIT_EXCEEDED` when it is over the record size limit.
    func encodeFields(_ fields: [String: CloudFieldValue], recordName: String) throws -> String {
        let text = CloudFieldValue.canonicalJSON(fields)
        let size = text.utf8.count
        guard size <= configuration.maxRecordBytes else {
            throw CloudError(
                .limitExceeded,
                "Record \"\(recordName)\" is \(size) bytes, over the limit of \(configuration.maxRecordBytes) bytes per record; store large content as an asset and reference it.",
                recordName: recordName
            )
        }
        return text
    }

    private func valueProblem(_ value: CloudFieldValue) -> String? {
        switch value {
        case .double(let v):
            return v.isFinite ? nil : "a DOUBLE must be a finite number."
        case .reference(let reference):
            return CloudNames.recordProblem(reference.recordName).map { "the reference's \($0)" }
        case .asset(let asset):
            return assetProblem(asset)
        case .location(let location):
            guard (-90...90).contains(location.latitude) else {
                return "latitude \(location.latitude) is outside -90…90."
            }
            guard (-180...180).contains(location.longitude) else {
                return "longitude \(location.longitude) is outside -180…180."
            }
            return nil
        case .list(let list):
            for element in list.elements {
                if let problem = valueProblem(element) { return "list element: \(problem)" }
            }
            return nil
        default:
            return nil
        }
    }

    private func assetProblem(_ asset: CloudAsset) -> String? {
        guard AssetChecksum.isValid(asset.fileChecksum) else {
            return "an asset's fileChecksum must be the 64 lowercase hex digits the upload answered with."
        }
        return nil
    }

    /// Every asset checksum among `fields`.
    static func assetChecksums(_ fields: [String: CloudFieldValue]) -> Set<String> {
        var result = Set<String>()
        for value in fields.values {
            switch value {
            case .asset(let asset): result.insert(asset.fileChecksum)
            case .list(.asset(let assets)): for asset in assets { result.insert(asset.fileChecksum) }
            default: break
            }
        }
        return result
    }

    /// Every same-zone reference among `fields`: (target, whether deleting the target deletes this record).
    static func references(_ fields: [String: CloudFieldValue], zoneName: String) -> [(
        target: String, deleteSelf: Bool
    )] {
        var result: [(String, Bool)] = []
        func add(_ reference: CloudReference) {
            guard reference.zoneID == nil || reference.zoneID?.zoneName == zoneName else { return }
            result.append((reference.recordName, reference.action == .deleteSelf))
        }
        for value in fields.values {
            switch value {
            case .reference(let reference): add(reference)
            case .list(.reference(let references)): references.forEach(add)
            default: break
            }
        }
        return result
    }

    /// Refuses a reference field that points into another zone: references, like parents, stay inside
    /// the record's zone, where the server can check them and cascade deletions.
    static func checkReferencesStayInZone(_ fields: [String: CloudFieldValue], zoneName: String, recordName: String)
        throws
    {
        // Most records hold no reference at all: look before sorting the names for a stable message.
        guard
            fields.values.contains(where: { value in
                switch value {
                case .reference, .list(.reference): true
                default: false
                }
            })
        else { return }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            let references: [CloudReference] =
                switch value {
                case .reference(let reference): [reference]
                case .list(.reference(let references)): references
                default: []
                }
            for reference in references {
                guard let zone = reference.zoneID, zone.zoneName != zoneName else { continue }
                throw CloudError(
                    .badRequest,
                    "Record \"\(recordName)\": field \"\(name)\" refers to record \"\(reference.recordName)\" in zone \(zone.zoneName); a reference must point into the record's own zone (\(zoneName)).",
                    recordName: recordName)
            }
        }
    }
}
