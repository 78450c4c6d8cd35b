/// A user's preferences: theme, notification switches, app settings and the household last looked at.
///
/// Every part has the defaults the Pantry app ships with, and decoding fills in any key a stored copy lacks, so
/// preferences saved by an older version still load.
public struct UserPreferences: Codable, Sendable, Hashable {
    /// The colour scheme.
    public enum Theme: String, Codable, Sendable, Hashable, CaseIterable {
        case system, light, dark
    }

    /// The five notification switches; all on by default except email.
    public struct Notifications: Codable, Sendable, Hashable {
        /// Reminders before pantry items expire.
        public let expirationReminders: Bool
        /// Changes other members make to the shopping list.
        public let shoppingListUpdates: Bool
        /// Invitations to join a household.
        public let householdInvitations: Bool
        /// Push notifications at all.
        public let pushNotifications: Bool
        /// Notifications by email.
        public let emailNotifications: Bool

        public init(
            expirationReminders: Bool = true, shoppingListUpdates: Bool = true, householdInvitations: Bool = true,
            pushNotifications: Bool = true, emailNotifications: Bool = false
        ) {
            self.expirationReminders = expirationReminders
            self.shoppingListUpdates = shoppingListUpdates
            self.householdInvitations = householdInvitations
            self.pushNotifications = pushNotifications
            self.emailNotifications = emailNotifications
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = Notifications()
            self.init(
                expirationReminders: try c.decodeIfPresent(Bool.self, forKey: .expirationReminders)
                    ?? d.expirationReminders,
                shoppingListUpdates: try c.decodeIfPresent(Bool.self, forKey: .shoppingListUpdates)
                    ?? d.shoppingListUpdates,
                householdInvitations: try c.decodeIfPresent(Bool.self, forKey: .householdInvitations)
                    ?? d.householdInvitations,
                pushNotifications: try c.decodeIfPresent(Bool.self, forKey: .pushNotifications) ?? d.pushNotifications,
                emailNotifications: try c.decodeIfPresent(Bool.self, forKey: .emailNotifications)
                    ?? d.emailNotifications)
        }
    }

    /// How the app opens and lists things.
    public struct AppSettings: Codable, Sendable, Hashable {
        /// The screen the app opens on.
        public enum DefaultView: String, Codable, Sendable, Hashable, CaseIterable {
            case pantry
            case shoppingList = "shopping_list"
            case recipes
            case household
        }

        /// How lists are ordered.
        public enum Sort: String, Codable, Sendable, Hashable, CaseIterable {
            case alphabetical
            case dateAdded = "date_added"
            case expirationDate = "expiration_date"
            case category
        }

        /// The measurement system quantities are shown in.
        public enum MeasurementSystem: String, Codable, Sendable, Hashable, CaseIterable {
            case metric, imperial
        }

        /// The screen the app opens on; `pantry` by default.
        public let defaultView: DefaultView
        /// How lists are ordered; `alphabetical` by default.
        public let sort: Sort
        /// The measurement system; `metric` by default.
        public let measurementUnit: MeasurementSystem
        /// The interface language as a language code; `"en"` by default.
        public let language: String
        /// Whether changes sync without being asked; on by default.
        public let autoSync: Bool

        public init(
            defaultView: DefaultView = .pantry, sort: Sort = .alphabetical,
            measurementUnit: MeasurementSystem = .metric,
            language: String = "en", autoSync: Bool = true
        ) {
            self.defaultView = defaultView
            self.sort = sort
            self.measurementUnit = measurementUnit
            self.language = language
            self.autoSync = autoSync
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let d = AppSettings()
            self.init(
                defaultView: try c.decodeIfPresent(DefaultView.self, forKey: .defaultView) ?? d.defaultView,
                sort: try c.decodeIfPresent(Sort.self, forKey: .sort) ?? d.sort,
                measurementUnit: try c.decodeIfPresent(MeasurementSystem.self, forKey: .measurementUnit)
                    ?? d.measurementUnit,
                language: try c.decodeIfPresent(String.self, forKey: .language) ?? d.language,
                autoSync: try c.decodeIfPresent(Bool.self, forKey: .autoSync) ?? d.autoSync)
        }
    }

    /// The colour scheme; `system` by default.
    public let theme: Theme
    /// The notification switches.
    public let notifications: Notifications
    /// The app settings.
    public let app: AppSettings
    /// The household the user last selected, if any.
    public let lastSelectedHouseholdId: String?

    public init(
        theme: Theme = .system, notifications: Notifications = Notifications(), app: AppSettings = AppSettings(),
        lastSelectedHouseholdId: String? = nil
    ) {
        self.theme = theme
        self.notifications = notifications
        self.app = app
        self.lastSelectedHouseholdId = lastSelectedHouseholdId
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            theme: try c.decodeIfPresent(Theme.self, forKey: .theme) ?? .system,
            notifications: try c.decodeIfPresent(Notifications.self, forKey: .notifications) ?? Notifications(),
            app: try c.decodeIfPresent(AppSettings.self, forKey: .app) ?? AppSettings(),
            lastSelectedHouseholdId: try c.decodeIfPresent(String.self, forKey: .lastSelectedHouseholdId))
    }
}
