import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// The options that point the NHTSA client somewhere else (a mirror, a test server).
struct NHTSAOptions: ParsableArguments {
    @Option(
        name: .customLong("vpic-url"),
        help: "The vPIC base URL (or HEARTH_NHTSA_VPIC_URL; default https://vpic.nhtsa.dot.gov).")
    var vpicURL: String?
    @Option(
        name: .customLong("nhtsa-api-url"),
        help: "The recalls API base URL (or HEARTH_NHTSA_API_URL; default https://api.nhtsa.gov).")
    var apiURL: String?

    func client() throws -> NHTSAClient {
        NHTSAClient(configuration: try NHTSAConfiguration.resolve(vpicURL: vpicURL, apiURL: apiURL))
    }
}
