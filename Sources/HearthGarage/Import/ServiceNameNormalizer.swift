import Foundation
/// Maps the service names other apps export ("Engine Oil", "rotate tires", "Brake pads") to Hearth's preset
/// names, so imported history lines up with the services being tracked.
public enum ServiceNameNormalizer {
    /// Each preset with the names that mean it, lower case.
    public static let synonyms: [(preset: String, names: [String])] = [
        ("Oil Change", ["oil change", "oil & filter", "oil filter", "engine oil"]),
        ("Tire Rotation", ["tire rotation", "rotate tires"]),
        ("Brake Inspection", ["brake inspection", "brake check", "brake pads", "brakes"]),
        ("Air Filter", ["air filter", "engine air filter"]),
        ("Cabin Air Filter", ["cabin air filter", "cabin filter"]),
        ("Transmission Fluid", ["transmission fluid", "trans fluid", "transmission"]),
        ("Coolant Flush", ["coolant flush", "coolant", "antifreeze"]),
        ("Spark Plugs", ["spark plugs", "spark plug"]),
        ("Battery Check", ["battery check", "battery", "battery replacement"]),
        ("Wiper Blades", ["wiper blades", "wipers"]),
    ]

    private static let exact: [String: String] = {
        var table: [String: String] = [:]
        for (preset, names) in synonyms { for name in names { table[name] = preset } }
        return table
    }()

    /// Longest first, so "cabin air filter" wins over "air filter".
    private static let bySubstring: [(name: String, preset: String)] = synonyms
        .flatMap { entry in entry.names.map { (name: $0, preset: entry.preset) } }
        .sorted { $0.name.count > $1.name.count }

    /// The preset name `name` means (an exact synonym first, then one it contains), else `name` trimmed;
    /// nil when `name` is blank.
    public static func normalize(_ name: String) -> String? {
        let trimmed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmed.isEmpty else { return nil }
        let key = trimmed.lowercased()
        if let preset = exact[key] { return preset }
        if let match = bySubstring.first(where: { key.contains($0.name) }) { return match.preset }
        return trimmed
    }
}
