import Foundation
import HearthCore

/// The stylesheet and the script, read from the package's resources once when the server starts.
struct WebAssets: Sendable {
    let stylesheet: Data
    let script: Data

    static func load() throws -> WebAssets {
        func read(_ name: String) throws -> Data {
            guard
                let url = Bundle.module.url(forResource: "Static/" + name, withExtension: nil)
                    ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Static")
            else {
                throw ServiceError.operationFailed(
                    "The web pages' \(name) is missing from the installation; reinstall Hearth.")
            }
            return try Data(contentsOf: url)
        }
        return WebAssets(stylesheet: try read("hearth.css"), script: try read("hearth.js"))
    }
}
