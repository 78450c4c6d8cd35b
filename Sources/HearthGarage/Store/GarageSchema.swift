public import GRDB
public import HearthStore

/// The garage's tables: vehicles, services, logs and their attached files, mileage snapshots, fill-ups,
/// custom presets, and the pending and delivered reminders.
///
/// ```swift
/// let database = try AppDatabase.open(at: url, schemas: [GarageSchema.self])
/// ```
public enum GarageSchema: DatabaseSchema {
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("garage.v1") { db in
            try db.create(table: Vehicle.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("name", .text).notNull().defaults(to: "")
                t.column("make", .text).notNull().defaults(to: "")
                t.column("model", .text).notNull().defaults(to: "")
                t.column("year", .integer).notNull().defaults(to: 0)
                t.column("currentMileage", .integer).notNull().defaults(to: 0)
                t.column("vin", .text)
                t.column("licensePlate", .text)
                t.column("tireSize", .text)
                t.column("oilType", .text)
                t.column("notes", .text)
                t.column("mileageUpdatedAt", .datetime)
                t.column("marbeteExpirationMonth", .integer)
                t.column("marbeteExpirationYear", .integer)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
                t.check(sql: "(marbeteExpirationMonth IS NULL) = (marbeteExpirationYear IS NULL)")
            }
            try db.create(table: ServiceItem.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().indexed().references(
                    Vehicle.databaseTableName, onDelete: .cascade)
                t.column("name", .text).notNull()
                t.column("dueDate", .text)
                t.column("dueMileage", .integer)
                t.column("lastPerformed", .text)
                t.column("lastMileage", .integer)
                t.column("intervalMonths", .integer)
                t.column("intervalMiles", .integer)
                t.column("notes", .text)
                t.column("isRecurring", .boolean).notNull().defaults(to: true)
                t.column("renewal", .text).notNull().defaults(to: ServiceItem.Renewal.fromCompletion.rawValue)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
            try db.create(table: ServiceLog.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().references(Vehicle.databaseTableName, onDelete: .cascade)
                t.column("serviceID", .blob).indexed().references(ServiceItem.databaseTableName, onDelete: .setNull)
                t.column("title", .text)
                t.column("performedDate", .text).notNull()
                t.column("mileageAtService", .integer).notNull()
                // Money is exact decimal text, never a floating-point number.
                t.column("cost", .text)
                t.column("costCategory", .text)
                t.column("notes", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
            // Indexes that start with vehicleID also serve the foreign keys' lookups.
            try db.create(
                index: "garageServiceLog_vehicle_date", on: ServiceLog.databaseTableName,
                columns: ["vehicleID", "performedDate"])
            try db.create(table: MileageSnapshot.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().references(Vehicle.databaseTableName, onDelete: .cascade)
                t.column("mileage", .integer).notNull()
                t.column("recordedAt", .datetime).notNull()
                t.column("source", .text).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
            try db.create(
                index: "garageMileageSnapshot_vehicle_time", on: MileageSnapshot.databaseTableName,
                columns: ["vehicleID", "recordedAt"])
            try db.create(table: FuelLog.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().references(Vehicle.databaseTableName, onDelete: .cascade)
                t.column("date", .text).notNull()
                t.column("odometer", .integer)
                t.column("gallons", .text)
                t.column("totalCost", .text)
                t.column("isPartial", .boolean).notNull().defaults(to: false)
                t.column("missedPrevious", .boolean).notNull().defaults(to: false)
                t.column("station", .text)
                t.column("notes", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
            try db.create(
                index: "garageFuelLog_vehicle_date", on: FuelLog.databaseTableName, columns: ["vehicleID", "date"])
            try db.create(table: ServicePreset.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("name", .text).notNull().unique(onConflict: .abort).collate(.nocase)
                t.column("category", .text).notNull()
                t.column("defaultIntervalMonths", .integer)
                t.column("defaultIntervalMiles", .integer)
                t.column("isCustom", .boolean).notNull().defaults(to: true)
                t.column("modifiedAt", .datetime).notNull()
            }
            // Reminders are this device's notification queue: local state, never synced.
            try db.create(table: PendingReminder.databaseTableName) { t in
                t.primaryKey("id", .text)
                t.column("category", .text).notNull()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("fireAt", .datetime).notNull()
                t.column("slotAt", .datetime).notNull()
                t.column("vehicleID", .blob).notNull()
                t.column("serviceID", .blob)
                t.column("roundupYear", .integer)
                t.column("isSnooze", .boolean).notNull().defaults(to: false)
            }
            try db.create(index: "garageReminder_fireAt", on: PendingReminder.databaseTableName, columns: ["fireAt"])
            try db.create(table: "garageReminderDelivery") { t in
                t.column("reminderID", .text).notNull()
                t.column("slotAt", .datetime).notNull()
                t.column("deliveredAt", .datetime).notNull()
                t.primaryKey(["reminderID", "slotAt"])
            }
        }
        migrator.registerMigration("garage.expenses") { db in
            try db.create(table: GarageExpense.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().references(Vehicle.databaseTableName, onDelete: .cascade)
                t.column("date", .text).notNull()
                t.column("odometer", .integer)
                t.column("amount", .text).notNull()
                t.column("category", .text).notNull()
                t.column("notes", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
            try db.create(
                index: "garageExpense_vehicle_date", on: GarageExpense.databaseTableName,
                columns: ["vehicleID", "date"])
        }
        // The watch's inbox and the state last sent to it: this device's own, never synced.
        migrator.registerMigration("garage.watch") { db in
            try db.create(table: "garageWatchInbox") { t in
                t.primaryKey("id", .text)
                t.column("sentAt", .datetime).notNull()
                t.column("payload", .text).notNull()
                t.column("state", .text).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.column("appliedAt", .datetime)
                t.column("error", .text)
            }
            try db.create(index: "garageWatchInbox_pending", on: "garageWatchInbox", columns: ["state", "sentAt"])
            try db.create(table: "garageWatchOutgoing") { t in
                t.primaryKey("key", .text)
                t.column("context", .text).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.column("sentAt", .datetime)
            }
        }
        // Device settings (the app icon): this device's own, never synced.
        migrator.registerMigration("garage.settings") { db in
            try db.create(table: "garageSetting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("garage.serviceLogAttachments") { db in
            try db.create(table: ServiceLogAttachment.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("serviceLogID", .blob).notNull().indexed()
                    .references(ServiceLog.databaseTableName, onDelete: .cascade)
                t.column("path", .text).notNull()
                t.column("caption", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
        }
        // Which adapter delivered which reminder's slot, until every adapter has: a retry after one failed
        // repeats none of the others. This device's own, never synced.
        migrator.registerMigration("garage.reminderTargets") { db in
            try db.create(table: "garageReminderTargetDelivery") { t in
                t.column("reminderID", .text).notNull()
                t.column("slotAt", .datetime).notNull()
                t.column("target", .text).notNull()
                t.column("deliveredAt", .datetime).notNull()
                t.primaryKey(["reminderID", "slotAt", "target"])
            }
        }
        // What an expense is for, and how often it recurs. Rows that predate this (imported ones) are "other".
        migrator.registerMigration("garage.expenseKinds") { db in
            try db.alter(table: GarageExpense.databaseTableName) { t in
                t.add(column: "kind", .text).notNull().defaults(to: GarageExpense.Kind.other.rawValue)
                t.add(column: "intervalMonths", .integer)
            }
        }
        // Papers kept for a vehicle (insurance card, registration…), their copies in the documents folder.
        migrator.registerMigration("garage.vehicleDocuments") { db in
            try db.create(table: VehicleDocument.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("vehicleID", .blob).notNull().indexed()
                    .references(Vehicle.databaseTableName, onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("label", .text).notNull()
                t.column("number", .text)
                t.column("issuedOn", .text)
                t.column("expiresOn", .text)
                t.column("notes", .text)
                t.column("fileName", .text).notNull()
                t.column("originalName", .text).notNull()
                t.column("byteCount", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("modifiedAt", .datetime).notNull()
            }
        }
        // A vehicle sold or parked for good: kept with its history, out of the due lists and reminders.
        migrator.registerMigration("garage.vehicleArchive") { db in
            try db.alter(table: Vehicle.databaseTableName) { t in
                t.add(column: "isArchived", .boolean).notNull().defaults(to: false)
            }
        }
        // The picture a vehicle is shown with (a VehicleIcon name; NULL for the default).
        migrator.registerMigration("garage.vehicleIcon") { db in
            try db.alter(table: Vehicle.databaseTableName) { t in t.add(column: "icon", .text) }
        }
        // Files that sync as assets: a vehicle's photo, a logged service's receipt, a document's copy (each
        // asset the JSON of its SHA-256 and size; NULL until uploaded).
        migrator.registerMigration("garage.files") { db in
            try db.alter(table: Vehicle.databaseTableName) { t in
                t.add(column: "photoFile", .text)
                t.add(column: "photoAsset", .text)
            }
            try db.alter(table: ServiceLog.databaseTableName) { t in
                t.add(column: "receiptFile", .text)
                t.add(column: "receiptAsset", .text)
            }
            try db.alter(table: VehicleDocument.databaseTableName) { t in t.add(column: "fileAsset", .text) }
        }
    }
}
