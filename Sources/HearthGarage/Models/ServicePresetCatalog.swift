public import Foundation
import HearthCore

/// The service presets Hearth ships, read from the package's `service-presets.json`, and lookups over them.
public enum ServicePresetCatalog {
    private struct Entry: Decodable {
        var name: String
        var category: ServicePreset.Category
        var defaultIntervalMonths: Int?
        var defaultIntervalMiles: Int?
    }

    /// The bundled presets, in the order they are offered.
    public static let bundled: [ServicePreset] = {
        do {
            return try load(from: Bundle.module.url(forResource: "service-presets", withExtension: "json"))
        } catch {
            // The file is part of the package; failing to read it is a packaging bug that tests catch.
            assertionFailure("\(error)")
            return []
        }
    }()

    /// Presets decoded from a JSON array at `url`.
    /// - Throws: ``ServiceError`` naming the file and the bad field.
    public static func load(from url: URL?) throws -> [ServicePreset] {
        guard let url else {
            throw ServiceError(.notFound, "The bundled service-presets.json is missing from the package.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServiceError(
                .operationFailed, "Could not read \(url.lastPathComponent): \(error.localizedDescription)",
                underlying: error)
        }
        do {
            return try JSONDecoder().decode([Entry].self, from: data).map { entry in
                ServicePreset(
                    id: stableID(for: entry.name), name: entry.name, category: entry.category,
                    defaultIntervalMonths: entry.defaultIntervalMonths,
                    defaultIntervalMiles: entry.defaultIntervalMiles,
                    isCustom: false, modifiedAt: Date(timeIntervalSince1970: 0)
                )
            }
        } catch {
            throw ServiceError(
                .decodingFailed,
                "\(url.lastPathComponent) is not a list of presets: \(DecodingErrorSummary.describe(error))",
                underlying: error)
        }
    }

    /// The preset among `presets` named `name`, ignoring case and surrounding spaces.
    public static func preset(named name: String, in presets: [ServicePreset] = bundled) -> ServicePreset? {
        let wanted = normalizedKey(name)
        return presets.first { normalizedKey($0.name) == wanted }
    }

    /// `name` lower-cased, trimmed and with inner runs of spaces collapsed: the key names are compared by.
    static func normalizedKey(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A custom preset's id, derived from its name as a bundled preset's is, so devices agree on it.
    static func customID(for name: String) -> UUID {
        StableID.make("custom-preset", normalizedKey(name))
    }

    /// Bundled presets keep one id everywhere, derived from their name.
    private static func stableID(for name: String) -> UUID {
        StableID.make("preset", normalizedKey(name))
    }
}
