import Foundation
public import HearthCore

/// Decodes VINs, typed or read from a photo: offline (check digit, model year, region, maker) and, when
/// asked, through NHTSA's vPIC; and finds what a VIN's vehicle is, for a recall search. Each decoding records
/// ``GarageEvent/vinDecoded(outcome:)``: decoded, not found (vPIC has no data) or failed.
///
/// ```swift
/// let lookup = VINLookup(nhtsa: NHTSAClient(configuration: try .resolve()), analytics: store.analytics)
/// let report = try await lookup.decode("1HGCM82633A004352", online: true)
/// print(report.modelYear, report.nhtsa?.model)   // 2003 Accord
/// ```
public struct VINLookup: VINLookingUp {
    /// vPIC and the recalls API (nil: offline only).
    public let nhtsa: (any NHTSAClienting)?
    /// Where the decoding events go.
    public let analytics: any EventTracking

    public init(nhtsa: (any NHTSAClienting)? = nil, analytics: any EventTracking = NoEventTracking()) {
        self.nhtsa = nhtsa
        self.analytics = analytics
    }

    /// The offline checks of `text`, and with `online` what vPIC decodes.
    /// - Parameter modelYear: helps vPIC with pre-1981 or ambiguous VINs.
    /// - Throws: ``ServiceError`` when `text` is not a VIN (validation failed), when online decoding was asked
    ///   without a client, or when vPIC cannot be reached or has no data (`noData`).
    public func decode(_ text: String, online: Bool = false, modelYear: Int? = nil) async throws -> VINReport {
        do {
            let vin: VIN
            switch VIN.parse(text) {
            case .success(let value): vin = value
            case .failure(let problem): throw ServiceError.validationFailed(problem.message)
            }
            var report = VINReport(vin, given: text)
            if online { report.nhtsa = try await client().decodeVIN(vin.value, modelYear: modelYear) }
            await analytics.track(GarageEvent.vinDecoded(outcome: .decoded))
            return report
        } catch {
            let notFound = (error as? ServiceError)?.code == .noData
            await analytics.track(GarageEvent.vinDecoded(outcome: notFound ? .notFound : .failed))
            throw error
        }
    }

    /// The make, model and model year of the vehicle `text` identifies, as vPIC decodes it: what a recall
    /// search needs.
    /// - Throws: ``ServiceError`` when `text` is not a VIN, vPIC cannot be reached, or it cannot tell all three.
    public func vehicle(forVIN text: String) async throws -> (make: String, model: String, modelYear: Int) {
        let report = try await decode(text, online: true)
        guard let decoded = report.nhtsa, let make = decoded.make, let model = decoded.model,
            let year = decoded.modelYear ?? report.modelYear
        else {
            let known = [
                report.nhtsa?.make, report.nhtsa?.model, (report.nhtsa?.modelYear ?? report.modelYear).map(String.init),
            ].compactMap { $0 }
            throw ServiceError(
                .noData,
                "NHTSA could not tell the make, model and model year of VIN \(report.vin)"
                    + (known.isEmpty ? "" : " (only \(known.joined(separator: " ")))")
                    + (report.nhtsa?.errorText.map { ": \($0)" } ?? "")
                    + ". Check the VIN, or add the vehicle with its make, model and year and search its recalls by name."
            )
        }
        return (make, model, year)
    }

    private func client() throws -> any NHTSAClienting {
        guard let nhtsa else {
            throw ServiceError.validationFailed("Decoding a VIN online needs NHTSA's vPIC; none is configured here")
        }
        return nhtsa
    }
}
