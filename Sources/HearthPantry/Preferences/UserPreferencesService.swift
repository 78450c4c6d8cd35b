public import Foundation
public import HearthCore
public import HearthPantryModel
public import HearthStore

/// Reads and changes the user's preferences.
public protocol UserPreferencesServicing: ServiceHealth {
    /// The preferences as kept, or the defaults when none are.
    func preferences() async throws -> UserPreferences
    /// Replaces the preferences and keeps them.
    func save(_ preferences: UserPreferences) async throws
    /// Puts back the defaults.
    func reset() async throws
    /// The preferences as JSON, to move them to another device.
    func exportJSON() async throws -> Data
    /// Replaces the preferences with ones exported as JSON; keys the JSON lacks get their defaults.
    func importJSON(_ data: Data) async throws -> UserPreferences
    /// The preferences now and after every change.
    func watch() -> Watched<UserPreferences>
}

/// The user's preferences, kept as JSON in a protected file (mode 0600, encrypted when the store has a key).
///
/// Defaults are the Pantry app's: theme `system`; every notification switch on except email; opening on the
/// pantry, sorted alphabetically, metric, language `"en"`, syncing on its own; no household selected.
public actor UserPreferencesService: UserPreferencesServicing, SessionScoped {
    public nonisolated let serviceName = "UserPreferencesService"
    private let files: ProtectedFileStore
    private let fileName: String
    private let current = WatchedValue<UserPreferences?>(nil)

    /// Preferences kept in `files` under `fileName`.
    public init(files: ProtectedFileStore, fileName: String = "pantry-preferences.json") {
        self.files = files
        self.fileName = fileName
    }

    public func preferences() async throws -> UserPreferences {
        if let loaded = current.value { return loaded }
        let stored: UserPreferences?
        do {
            stored = try files.readJSON(UserPreferences.self, from: fileName)
        } catch let error as DecodingError {
            throw ServiceError(
                .corrupted,
                "The preferences in \(files.directory.appendingPathComponent(fileName).path) cannot be read (\(error)); reset them to start from the defaults.",
                underlying: error)
        }
        let preferences = stored ?? UserPreferences()
        current.send(preferences)
        return preferences
    }

    public func save(_ preferences: UserPreferences) async throws {
        try files.writeJSON(preferences, to: fileName)
        current.send(preferences)
    }

    public func reset() async throws {
        try await save(UserPreferences())
    }

    /// Forgets the last selected household, which belongs to the account signing out; the device's theme, units
    /// and switches stay. Preferences that cannot be read are left for ``reset()``.
    public func forgetSession() async {
        guard let kept = try? await preferences(), kept.lastSelectedHouseholdId != nil else { return }
        try? await save(
            UserPreferences(
                theme: kept.theme, notifications: kept.notifications, app: kept.app, lastSelectedHouseholdId: nil))
    }

    public func exportJSON() async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(try await preferences())
    }

    public func importJSON(_ data: Data) async throws -> UserPreferences {
        let imported: UserPreferences
        do {
            imported = try JSONDecoder().decode(UserPreferences.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ServiceError.validationFailed(
                "The preferences to import are not JSON; export them again and import that file.")
        } catch let DecodingError.dataCorrupted(context) {
            throw ServiceError.validationFailed(
                "The imported preferences have an unknown value at \(Self.path(context.codingPath)); \(context.debugDescription)"
            )
        } catch let DecodingError.typeMismatch(_, context) {
            throw ServiceError.validationFailed(
                "The imported preferences have a value of the wrong kind at \(Self.path(context.codingPath)).")
        } catch {
            throw ServiceError.validationFailed("The imported preferences cannot be read: \(error)")
        }
        try await save(imported)
        return imported
    }

    public nonisolated func watch() -> Watched<UserPreferences> {
        Watched {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        _ = try await self.preferences()
                        for try await value in self.current.stream {
                            if let value { continuation.yield(value) }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    public func checkHealth() async -> HealthStatus {
        let started = Date()
        do {
            _ = try await preferences()
            return HealthStatus(isHealthy: true, lastChecked: started, responseTime: Date().timeIntervalSince(started))
        } catch {
            return HealthStatus(
                isHealthy: false, lastChecked: started, errors: ["\(error)"],
                responseTime: Date().timeIntervalSince(started))
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }
}
