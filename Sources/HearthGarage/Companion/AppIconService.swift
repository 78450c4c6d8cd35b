import Foundation
import GRDB
import HearthCore

/// An app icon the user can choose.
public struct AppIcon: Sendable, Codable, Equatable, Hashable {
    /// The name the platform knows the icon by (nil for the primary icon on Apple platforms).
    public var id: String
    public var displayName: String
    public var summary: String

    /// The icons the app ships, the default first.
    public static let all: [AppIcon] = [
        AppIcon(id: "default", displayName: "Amber", summary: "Amber gauge on black, the standard icon"),
        AppIcon(id: "midnight", displayName: "Midnight", summary: "White gauge on deep blue"),
        AppIcon(id: "blueprint", displayName: "Blueprint", summary: "Line drawing on blueprint blue"),
        AppIcon(id: "garage-door", displayName: "Garage Door", summary: "Grey roll-up door with an amber stripe"),
        AppIcon(id: "mono", displayName: "Mono", summary: "Black on white, for a monochrome home screen"),
    ]

    /// The icon used until the user picks another.
    public static let standard = all[0]

    /// The icon's analytics category.
    var analyticsIcon: GarageEvent.AppIcon {
        switch id {
        case "midnight": .midnight
        case "blueprint": .blueprint
        case "garage-door": .garageDoor
        case "mono": .mono
        default: .amber
        }
    }
}

/// Chooses the app's icon.
public protocol AppIconServicing: Sendable {
    /// The icons to choose from.
    func icons() -> [AppIcon]
    /// The icon chosen (the standard one until the user picks another).
    func current() async throws -> AppIcon
    /// Chooses an icon by id or display name, ignoring case.
    @discardableResult
    func choose(_ name: String) async throws -> AppIcon
}

/// Keeps the app-icon choice: the job of the original's AppIconService, with the choice kept in the garage
/// database (a device setting, not synced).
public struct AppIconService: AppIconServicing {
    static let key = "appIcon"
    private let store: any GarageTransacting

    public init(store: any GarageTransacting) {
        self.store = store
    }

    public func icons() -> [AppIcon] { AppIcon.all }

    public func current() async throws -> AppIcon {
        let id = try await store.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM garageSetting WHERE key = ?", arguments: [Self.key])
        }
        // A choice stored by a version that had more icons falls back to the standard one.
        return id.flatMap { id in AppIcon.all.first { $0.id == id } } ?? .standard
    }

    @discardableResult
    public func choose(_ name: String) async throws -> AppIcon {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let icon = AppIcon.all.first(where: { $0.id == wanted || $0.displayName.lowercased() == wanted }) else {
            throw ServiceError.validationFailed(
                "There is no icon called \"\(name)\"; choose one of \(AppIcon.all.map { "\"\($0.id)\"" }.joined(separator: ", "))"
            )
        }
        try await store.write { tx in
            try tx.db.execute(
                sql: "INSERT OR REPLACE INTO garageSetting (key, value) VALUES (?, ?)", arguments: [Self.key, icon.id])
        }
        await store.analytics.track(GarageEvent.appIconChanged(icon: icon.analyticsIcon))
        return icon
    }
}
