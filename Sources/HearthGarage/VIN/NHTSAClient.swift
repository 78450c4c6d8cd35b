import Foundation
public import HearthCore

/// The live ``NHTSAClienting``: vPIC's `DecodeVinValues` and the recalls API's `recallsByVehicle`, over
/// ``NetworkService``, with ``TTLCache``s on an injected clock.
///
/// ```swift
/// let nhtsa = NHTSAClient(configuration: try .resolve())
/// let decoded = try await nhtsa.decodeVIN("1HGCM82633A004352", modelYear: nil)
/// ```
public actor NHTSAClient: NHTSAClienting {
    public let configuration: NHTSAConfiguration
    private let vpic: any NetworkServicing
    private let api: any NetworkServicing
    private let vinCache: TTLCache<String, VINDecoding>
    private let recallCache: TTLCache<String, [Recall]>

    /// - Parameters:
    ///   - clock: what cache expiry, request timeouts and retries are measured on.
    ///   - vpic / api: HTTP clients for each base URL (default: ``NetworkService``s with the configured timeout).
    public init<C: Clock>(
        configuration: NHTSAConfiguration = NHTSAConfiguration(), clock: C,
        vpic: (any NetworkServicing)? = nil, api: (any NetworkServicing)? = nil
    ) where C.Duration == Duration {
        self.configuration = configuration
        func client(_ base: URL) -> NetworkService {
            NetworkService(
                configuration: NetworkConfiguration(
                    baseURL: base, timeout: configuration.timeout, maxRetries: 2,
                    headers: ["User-Agent": "Hearth-Garage"]
                ), clock: clock)
        }
        self.vpic = vpic ?? client(configuration.vpicURL)
        self.api = api ?? client(configuration.apiURL)
        vinCache = TTLCache(defaultTTL: configuration.vinCacheTTL, maximumCount: 500, clock: clock)
        recallCache = TTLCache(defaultTTL: configuration.recallCacheTTL, maximumCount: 200, clock: clock)
    }

    /// A client whose caches run on the continuous clock.
    public init(configuration: NHTSAConfiguration = NHTSAConfiguration()) {
        self.init(configuration: configuration, clock: ContinuousClock())
    }

    public func decodeVIN(_ vin: String, modelYear: Int? = nil) async throws -> VINDecoding {
        let corrected = VIN.correctingOCR(vin)
        guard !corrected.isEmpty, corrected.count <= 17,
            corrected.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw ServiceError.validationFailed("\"\(vin)\" is not a VIN; a VIN has up to 17 letters and digits")
        }
        let key = corrected + "|" + (modelYear.map(String.init) ?? "")
        let vpic = self.vpic
        return try await vinCache.value(forKey: key) {
            var query = [URLQueryItem(name: "format", value: "json")]
            if let modelYear { query.append(URLQueryItem(name: "modelyear", value: String(modelYear))) }
            let path = "api/vehicles/DecodeVinValues/\(corrected)"
            let response: VPICResponse
            do {
                response = try await vpic.get(path, query: query)
            } catch let error as ServiceError where error.code == .httpStatus && error.httpStatus == 400 {
                throw ServiceError(
                    .noData, "NHTSA has no data for VIN \(corrected).", httpStatus: 400, underlying: error)
            }
            guard let result = response.results.first else {
                throw ServiceError(
                    .noData,
                    "NHTSA returned no result for VIN \(corrected)\(response.message.map { " (\($0))" } ?? "").")
            }
            return VINDecoding(vin: corrected, result: result.mapValues(\.text))
        }
    }

    public func recalls(make: String, model: String, modelYear: Int) async throws -> [Recall] {
        let make = make.trimmingCharacters(in: .whitespaces)
        let model = model.trimmingCharacters(in: .whitespaces)
        guard !make.isEmpty, !model.isEmpty, (1900...2100).contains(modelYear) else {
            throw ServiceError.validationFailed(
                "Recalls need the make, model and model year (got \"\(make)\", \"\(model)\", \(modelYear))")
        }
        let key = "\(make.lowercased())|\(model.lowercased())|\(modelYear)"
        let api = self.api
        return try await recallCache.value(forKey: key) {
            let query = [
                URLQueryItem(name: "make", value: make), URLQueryItem(name: "model", value: model),
                URLQueryItem(name: "modelYear", value: String(modelYear)),
            ]
            let response: RecallsResponse
            do {
                response = try await api.get("recalls/recallsByVehicle", query: query)
            } catch let error as ServiceError where error.code == .httpStatus && error.httpStatus == 400 {
                // The recalls API answers 400 when it has nothing for the vehicle.
                return []
            }
            return response.results.map(\.recall)
        }
    }
}
