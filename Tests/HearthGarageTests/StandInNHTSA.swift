import Foundation
import HearthCore

@testable import HearthGarage

/// A stand-in for NHTSA: decodes the VINs it is given the vPIC values of, says it has no data for the
/// others (as vPIC does), has no recalls, and remembers every call.
final class StandInNHTSA: NHTSAClienting {
    /// A call the stand-in got.
    enum Call: Equatable, Sendable {
        case decodeVIN(String, modelYear: Int?)
        case recalls(make: String, model: String, modelYear: Int)
    }

    private let known: [String: [String: String]]
    private let recorded = Locked<[Call]>([])

    /// - Parameter known: the vPIC values (`Make`, `Model`, `ModelYear`, …) of each VIN it knows.
    init(known: [String: [String: String]]) {
        self.known = known
    }

    /// Every call so far, in order.
    var calls: [Call] { recorded.withLock { $0 } }

    func decodeVIN(_ vin: String, modelYear: Int?) async throws -> VINDecoding {
        recorded.withLock { $0.append(.decodeVIN(vin, modelYear: modelYear)) }
        guard let values = known[vin] else { throw ServiceError(.noData, "NHTSA has no data for VIN \(vin).") }
        return VINDecoding(vin: vin, result: values)
    }

    func recalls(make: String, model: String, modelYear: Int) async throws -> [Recall] {
        recorded.withLock { $0.append(.recalls(make: make, model: model, modelYear: modelYear)) }
        return []
    }
}
