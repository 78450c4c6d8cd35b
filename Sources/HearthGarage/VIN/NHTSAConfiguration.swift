public import Foundation
import HearthCore

/// Where and how the NHTSA client talks to NHTSA (or a mirror of it).
///
/// Keys read by ``resolve(vpicURL:apiURL:environment:)``, flags first:
/// - `HEARTH_NHTSA_VPIC_URL`: the vPIC base URL (default `https://vpic.nhtsa.dot.gov`).
/// - `HEARTH_NHTSA_API_URL`: the recalls API base URL (default `https://api.nhtsa.gov`).
public struct NHTSAConfiguration: Sendable, Hashable {
    public static let defaultVPICURL = URL(string: "https://vpic.nhtsa.dot.gov")!
    public static let defaultAPIURL = URL(string: "https://api.nhtsa.gov")!

    /// The vPIC service (VIN decoding).
    public var vpicURL: URL
    /// The API serving recalls.
    public var apiURL: URL
    /// The longest a request may take (default 15 s).
    public var timeout: Duration
    /// How long a decoded VIN is reused (default 24 h).
    public var vinCacheTTL: Duration
    /// How long a recall list is reused (default 1 h).
    public var recallCacheTTL: Duration

    public init(
        vpicURL: URL = defaultVPICURL, apiURL: URL = defaultAPIURL, timeout: Duration = .seconds(15),
        vinCacheTTL: Duration = .seconds(24 * 3600), recallCacheTTL: Duration = .seconds(3600)
    ) {
        self.vpicURL = vpicURL
        self.apiURL = apiURL
        self.timeout = timeout
        self.vinCacheTTL = vinCacheTTL
        self.recallCacheTTL = recallCacheTTL
    }

    /// The configuration from flags, then `HEARTH_NHTSA_VPIC_URL` / `HEARTH_NHTSA_API_URL`, then defaults.
    /// - Throws: ``ServiceError`` (invalid URL) naming the flag or variable that holds a bad URL.
    public static func resolve(
        vpicURL: String? = nil, apiURL: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> NHTSAConfiguration {
        func url(_ flag: String?, _ flagName: String, _ key: String, _ fallback: URL) throws -> URL {
            let (value, source) = flag.map { ($0, flagName) } ?? (environment[key].map { ($0, key) } ?? (nil, ""))
            guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return fallback }
            guard Validation.isValidURL(value), let parsed = URL(string: value.trimmingCharacters(in: .whitespaces))
            else {
                throw ServiceError(
                    .invalidURL,
                    "\(source) is \"\(value)\", which is not an http(s) URL such as https://vpic.nhtsa.dot.gov.")
            }
            return parsed
        }
        return NHTSAConfiguration(
            vpicURL: try url(vpicURL, "--vpic-url", "HEARTH_NHTSA_VPIC_URL", defaultVPICURL),
            apiURL: try url(apiURL, "--nhtsa-api-url", "HEARTH_NHTSA_API_URL", defaultAPIURL)
        )
    }
}
