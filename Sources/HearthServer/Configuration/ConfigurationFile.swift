import Foundation
import HearthCore
import Yams

/// The settings file of `hearth serve --config FILE` (or `HEARTH_CONFIG`): YAML, or JSON (which YAML reads
/// too), parsed by Yams.
///
/// Its keys are the flags' names without the dashes, and each stands for the environment variable of the
/// same setting, so the order of precedence holds by construction: flags over the environment over the file
/// over the defaults.
///
/// ```yaml
/// host: 0.0.0.0
/// data-dir: /var/lib/hearth
/// rate-limit: 20
/// analytics-key: [phc_app, phc_web]
/// ```
///
/// An unknown key, or a value of the wrong kind, is refused with the key, the line, and what is allowed.
struct ConfigurationFile {
    /// What a setting's value must be.
    enum Kind: Equatable {
        case integer
        case number
        case text
        /// A list of strings (or one string, comma separated).
        case list
        /// One of these words.
        case choice([String])
    }

    /// One key a file may hold.
    struct Setting {
        let key: String
        let variable: String
        let kind: Kind
    }

    /// Every key a file may hold: each `hearth serve` flag but `--config`.
    static let settings: [Setting] = [
        Setting(key: "host", variable: "HEARTH_HOST", kind: .text),
        Setting(key: "port", variable: "HEARTH_PORT", kind: .integer),
        Setting(key: "data-dir", variable: "HEARTH_DATA_DIR", kind: .text),
        Setting(
            key: "log-level", variable: "HEARTH_LOG_LEVEL",
            kind: .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"])),
        Setting(key: "log-format", variable: "HEARTH_LOG_FORMAT", kind: .choice(LogFormat.allCases.map(\.rawValue))),
        Setting(key: "database", variable: "HEARTH_DATABASE_URL", kind: .text),
        Setting(key: "public-url", variable: "HEARTH_PUBLIC_URL", kind: .text),
        Setting(key: "smtp-url", variable: "HEARTH_SMTP_URL", kind: .text),
        Setting(key: "mail-from", variable: "HEARTH_MAIL_FROM", kind: .text),
        Setting(key: "rate-limit", variable: "HEARTH_RATE_LIMIT", kind: .number),
        Setting(key: "rate-burst", variable: "HEARTH_RATE_BURST", kind: .number),
        Setting(key: "max-request-bytes", variable: "HEARTH_MAX_REQUEST_BYTES", kind: .integer),
        Setting(key: "max-asset-bytes", variable: "HEARTH_MAX_ASSET_BYTES", kind: .integer),
        Setting(key: "database-connections", variable: "HEARTH_DATABASE_CONNECTIONS", kind: .integer),
        Setting(key: "analytics-key", variable: "HEARTH_ANALYTICS_KEYS", kind: .list),
        Setting(key: "graphql-max-document-bytes", variable: "HEARTH_GRAPHQL_MAX_DOCUMENT_BYTES", kind: .integer),
        Setting(key: "graphql-max-tokens", variable: "HEARTH_GRAPHQL_MAX_TOKENS", kind: .integer),
        Setting(key: "graphql-max-depth", variable: "HEARTH_GRAPHQL_MAX_DEPTH", kind: .integer),
        Setting(key: "graphql-max-aliases", variable: "HEARTH_GRAPHQL_MAX_ALIASES", kind: .integer),
        Setting(key: "graphql-max-directives", variable: "HEARTH_GRAPHQL_MAX_DIRECTIVES", kind: .integer),
        Setting(key: "graphql-max-cost", variable: "HEARTH_GRAPHQL_MAX_COST", kind: .integer),
        Setting(
            key: "graphql-introspection", variable: "HEARTH_GRAPHQL_INTROSPECTION",
            kind: .choice(["on", "signed-in", "off"])),
        Setting(key: "graphql-max-subscriptions", variable: "HEARTH_GRAPHQL_MAX_SUBSCRIPTIONS", kind: .integer),
        Setting(
            key: "graphql-max-user-subscriptions", variable: "HEARTH_GRAPHQL_MAX_USER_SUBSCRIPTIONS", kind: .integer),
        Setting(key: "graphql-subscription-buffer", variable: "HEARTH_GRAPHQL_SUBSCRIPTION_BUFFER", kind: .integer),
        Setting(key: "graphql-rate-limit", variable: "HEARTH_GRAPHQL_RATE_LIMIT", kind: .number),
        Setting(key: "graphql-rate-burst", variable: "HEARTH_GRAPHQL_RATE_BURST", kind: .number),
        Setting(key: "graphql-answer-cache-mb", variable: "HEARTH_GRAPHQL_ANSWER_CACHE_MB", kind: .integer),
        Setting(key: "trusted-proxy", variable: "HEARTH_TRUSTED_PROXIES", kind: .list),
        Setting(key: "recipe-import-private-host", variable: "HEARTH_RECIPE_IMPORT_PRIVATE_HOSTS", kind: .list),
        Setting(key: "open-food-facts-url", variable: "HEARTH_OPEN_FOOD_FACTS_URL", kind: .text),
        Setting(key: "vin-lookup-url", variable: "HEARTH_VIN_LOOKUP_URL", kind: .text),
        Setting(key: "signed-out-rate-limit", variable: "HEARTH_SIGNED_OUT_RATE_LIMIT", kind: .number),
        Setting(key: "signed-out-rate-burst", variable: "HEARTH_SIGNED_OUT_RATE_BURST", kind: .number),
        Setting(key: "header-timeout", variable: "HEARTH_HEADER_TIMEOUT", kind: .number),
        Setting(key: "idle-timeout", variable: "HEARTH_IDLE_TIMEOUT", kind: .number),
        Setting(key: "body-timeout", variable: "HEARTH_BODY_TIMEOUT", kind: .number),
        Setting(key: "body-min-rate", variable: "HEARTH_BODY_MIN_RATE", kind: .integer),
        Setting(key: "max-header-bytes", variable: "HEARTH_MAX_HEADER_BYTES", kind: .integer),
        Setting(key: "analytics-max-events", variable: "HEARTH_ANALYTICS_MAX_EVENTS", kind: .integer),
        Setting(key: "analytics-max-bytes", variable: "HEARTH_ANALYTICS_MAX_BYTES", kind: .integer),
        Setting(key: "analytics-retention-days", variable: "HEARTH_ANALYTICS_RETENTION_DAYS", kind: .number),
        Setting(key: "analytics-max-rows", variable: "HEARTH_ANALYTICS_MAX_ROWS", kind: .integer),
        Setting(key: "storage-quota-bytes", variable: "HEARTH_STORAGE_QUOTA_BYTES", kind: .integer),
    ]

    /// Far above any real settings file; a larger one is refused before it is parsed.
    static let maximumBytes = 1 << 20

    /// The file's settings as the environment variables they stand for, and for each of those variables how
    /// a message should name it (`rate-limit in /etc/hearth.yaml`).
    let values: [String: String]
    let names: [String: String]

    /// Reads and checks the file at `url`.
    /// - Throws: ``HearthCore/ServiceError`` naming the file, and the key and line at fault.
    init(contentsOf url: URL) throws {
        let path = url.path
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= Self.maximumBytes else {
                throw ServiceError.validationFailed(
                    "The settings file \(path) is \(size) bytes; a settings file is a few hundred. Give the right file to --config."
                )
            }
            data = try Data(contentsOf: url)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError.validationFailed(
                "The settings file \(path) cannot be read: \(error.localizedDescription). Check the path given to --config (or HEARTH_CONFIG)."
            )
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ServiceError.validationFailed(
                "The settings file \(path) is not UTF-8 text: give a YAML or JSON file.")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw ServiceError.validationFailed(
                "The settings file \(path) is not valid YAML or JSON: \(Self.describe(error)).")
        }
        guard let root else {
            values = [:]
            names = [:]
            return
        }
        guard case .mapping(let mapping) = root else {
            throw ServiceError.validationFailed(
                "The settings file \(path) must hold keys and values (such as `port: 8080`), not \(Self.kind(of: root))."
            )
        }
        var values: [String: String] = [:]
        var names: [String: String] = [:]
        for (keyNode, valueNode) in mapping {
            let line = keyNode.mark.map { " (line \($0.line))" } ?? ""
            guard let key = keyNode.scalar?.string else {
                throw ServiceError.validationFailed(
                    "The settings file \(path) has a key that is not a word\(line): keys are the flags' names, such as rate-limit."
                )
            }
            guard let setting = Self.settings.first(where: { $0.key == key }) else {
                let near = Self.settings.min { Self.distance(key, $0.key) < Self.distance(key, $1.key) }.map(\.key)
                let hint = near.map { Self.distance(key, $0) <= 3 ? " Did you mean \($0)?" : "" } ?? ""
                throw ServiceError.validationFailed(
                    "The settings file \(path) has an unknown key \"\(key)\"\(line).\(hint) The keys are: \(Self.settings.map(\.key).joined(separator: ", "))."
                )
            }
            values[setting.variable] = try Self.value(valueNode, for: setting, where: "\(key) in \(path)\(line)")
            names[setting.variable] = "\(key) in \(path)"
        }
        self.values = values
        self.names = names
    }

    /// The value as the text its environment variable would hold, once it is known to be of the right kind.
    private static func value(_ node: Node, for setting: Setting, where place: String) throws -> String {
        switch setting.kind {
        case .list:
            if let scalar = node.scalar { return scalar.string }
            guard let sequence = node.sequence else {
                throw ServiceError.validationFailed(
                    "\(place) must be a list of strings, such as [phc_app, phc_web]; it is \(kind(of: node)).")
            }
            return try sequence.map { item -> String in
                guard let text = item.scalar?.string, !text.contains(",") else {
                    throw ServiceError.validationFailed(
                        "\(place) must be a list of strings without commas; one of them is \(kind(of: item)).")
                }
                return text
            }.joined(separator: ",")
        case .integer, .number, .text, .choice:
            guard let scalar = node.scalar else {
                throw ServiceError.validationFailed("\(place) must be a single value; it is \(kind(of: node)).")
            }
            let text = scalar.string
            switch setting.kind {
            case .integer:
                guard node.int != nil else {
                    throw ServiceError.validationFailed(
                        "\(place) is \"\(text)\", which is not a whole number; write it without quotes, such as 8080.")
                }
            case .number:
                guard node.float != nil || node.int != nil else {
                    throw ServiceError.validationFailed(
                        "\(place) is \"\(text)\", which is not a number; write it without quotes, such as 50 or 2.5.")
                }
            case .choice(let allowed):
                guard allowed.contains(text.lowercased()) else {
                    throw ServiceError.validationFailed(
                        "\(place) is \"\(text)\"; it must be one of: \(allowed.joined(separator: ", ")).")
                }
            case .text, .list:
                break
            }
            return text
        }
    }

    private static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "a single value"
        case .mapping: "a group of keys"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let yaml = error as? YamlError {
            return "\(yaml)".split(separator: "\n").first.map(String.init) ?? "\(yaml)"
        }
        return "\(error)"
    }

    /// Levenshtein distance, for suggesting the key someone meant.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
