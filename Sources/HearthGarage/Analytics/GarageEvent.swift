public import HearthCore

/// The garage app's analytics events. Every property is a category or a Boolean (see ``AnalyticsEvent``).
public enum GarageEvent: AnalyticsEvent, Equatable {
    /// A vehicle was added.
    case vehicleAdded(source: VehicleSource, hasVIN: Bool)
    /// A vehicle was deleted.
    case vehicleDeleted
    /// A service log was written (work done, with or without a tracked service).
    case serviceLogged(category: ServiceCategory, hasCost: Bool, hasAttachments: Bool)
    /// A tracked service was marked done.
    case serviceCompleted(category: ServiceCategory, wasOverdue: Bool, isRecurring: Bool)
    /// The odometer reading was updated.
    case mileageUpdated(source: MileageSource)
    /// An import finished.
    case importFinished(format: ImportFormat, outcome: ImportOutcome)
    /// An export was made.
    case exportMade(format: ExportFormat)
    /// The user acted on a reminder notification.
    case reminderAction(kind: ReminderKind, action: ReminderAction)
    /// A sync with the cloud finished.
    case syncFinished(outcome: SyncOutcome, wasInitial: Bool)
    /// The app icon was changed.
    case appIconChanged(icon: AppIcon)
    /// A VIN was decoded.
    case vinDecoded(outcome: LookupOutcome)
    /// A screen (a page of the garage) was opened: PostHog's `$screen` event, named by `$screen_name`.
    case screenViewed(screen: Screen)

    public var name: String {
        switch self {
        case .vehicleAdded: "vehicle_added"
        case .vehicleDeleted: "vehicle_deleted"
        case .serviceLogged: "service_logged"
        case .serviceCompleted: "service_completed"
        case .mileageUpdated: "mileage_updated"
        case .importFinished: "import_finished"
        case .exportMade: "export_made"
        case .reminderAction: "reminder_action"
        case .syncFinished: "sync_finished"
        case .appIconChanged: "app_icon_changed"
        case .vinDecoded: "vin_decoded"
        case .screenViewed: "$screen"
        }
    }

    public var properties: [String: AnalyticsValue] {
        switch self {
        case .vehicleAdded(let source, let hasVIN): ["source": .category(source), "has_vin": .bool(hasVIN)]
        case .vehicleDeleted: [:]
        case .serviceLogged(let category, let hasCost, let hasAttachments):
            ["category": .category(category), "has_cost": .bool(hasCost), "has_attachments": .bool(hasAttachments)]
        case .serviceCompleted(let category, let wasOverdue, let isRecurring):
            ["category": .category(category), "was_overdue": .bool(wasOverdue), "is_recurring": .bool(isRecurring)]
        case .mileageUpdated(let source): ["source": .category(source)]
        case .importFinished(let format, let outcome): ["format": .category(format), "outcome": .category(outcome)]
        case .exportMade(let format): ["format": .category(format)]
        case .reminderAction(let kind, let action): ["kind": .category(kind), "action": .category(action)]
        case .syncFinished(let outcome, let wasInitial):
            ["outcome": .category(outcome), "was_initial": .bool(wasInitial)]
        case .appIconChanged(let icon): ["icon": .category(icon)]
        case .vinDecoded(let outcome): ["outcome": .category(outcome)]
        case .screenViewed(let screen): ["$screen_name": .category(screen)]
        }
    }

    /// A screen of the garage: which kind of page, never which vehicle or entry.
    public enum Screen: String, AnalyticsCategory {
        case garage, vehicle, fillUp = "fill_up", service, vehicleDelete = "vehicle_delete", reminders
        case importFile = "import", importPreview = "import_preview"
    }
    /// How a vehicle was added.
    public enum VehicleSource: String, AnalyticsCategory {
        case manual, vinScan = "vin_scan", vinTyped = "vin_typed", imported
    }
    /// A service's preset category (the bundled presets' categories).
    public enum ServiceCategory: String, AnalyticsCategory {
        case engine, tires, brakes, transmission, fluids, electrical, body, other, custom
    }
    /// Where a mileage reading came from.
    public enum MileageSource: String, AnalyticsCategory {
        case manual, serviceCompletion = "service_completion", watch, voice, imported, reminder
    }
    /// An import's file format.
    public enum ImportFormat: String, AnalyticsCategory {
        case fuellyAndroid = "fuelly_android", fuellyWeb = "fuelly_web", drivvo, simplyAuto = "simply_auto", generic
    }
    /// How an import ended.
    public enum ImportOutcome: String, AnalyticsCategory { case success, partial, failed, cancelled }
    /// An export's format.
    public enum ExportFormat: String, AnalyticsCategory { case pdf, html, csv, json, ics }
    /// Which reminder was acted on.
    public enum ReminderKind: String, AnalyticsCategory {
        case serviceDue = "service_due", expenseDue = "expense_due", mileage, marbete, document,
            yearlyRoundup = "yearly_roundup"
    }
    /// What the user did with a reminder.
    public enum ReminderAction: String, AnalyticsCategory {
        case opened, markDone = "mark_done", remindTomorrow = "remind_tomorrow", updateNow = "update_now", remindLater =
            "remind_later", viewCosts = "view_costs", dismissed
    }
    /// How a sync ended.
    public enum SyncOutcome: String, AnalyticsCategory { case success, failed, offline, conflict }
    /// The app icons on offer (the standard one is Amber).
    public enum AppIcon: String, AnalyticsCategory { case amber, midnight, blueprint, garageDoor = "garage_door", mono }
    /// How a lookup (VIN decoding) ended.
    public enum LookupOutcome: String, AnalyticsCategory { case decoded, notFound = "not_found", failed }
}
