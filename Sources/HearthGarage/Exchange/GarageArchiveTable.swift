import Foundation
import GRDB
import HearthCore

/// One kind of record in an export: its file (`<name>.csv`) or JSON section (`"<name>"`), its table, and its
/// columns under their exported names, LubeLogger's where it has one (Date, Odometer, Description, Cost,
/// Notes, FuelConsumed, IsFillToFull, MissedFuelUp, Year, Make, Model, LicensePlate).
struct GarageArchiveTable: Sendable {
    /// The file's name without `.csv`, and the JSON section's name.
    var name: String
    var entity: GarageEntity
    var table: String
    var columns: [GarageArchiveColumn]
    /// How rows are ordered, so the same records always export to the same bytes.
    var order: String
    /// The rules a row breaks, read through its model (so a value the model cannot hold is refused too).
    var problems: @Sendable (Row, CalendarDay) throws -> [String]

    init<R: GarageRecord>(
        _ name: String, _ type: R.Type, order: String, _ columns: [GarageArchiveColumn],
        problems: @escaping @Sendable (R, CalendarDay) -> [String] = { _, _ in [] }
    ) {
        self.name = name
        entity = R.entity
        table = R.databaseTableName
        self.columns = columns
        self.order = order
        self.problems = { row, today in
            let record: R
            do {
                record = try R(row: row)
            } catch {
                return ["a value the record cannot hold: \(DecodingErrorSummary.describe(error))"]
            }
            return problems(record, today)
        }
    }

    var selectSQL: String {
        "SELECT \(columns.map(\.column.quotedDatabaseIdentifier).joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier) ORDER BY \(order)"
    }

    var insertSQL: String {
        "INSERT INTO \(table.quotedDatabaseIdentifier) (\(columns.map(\.column.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
    }

    var existingSQL: String {
        "SELECT \(columns.map(\.column.quotedDatabaseIdentifier).joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier) WHERE id = ?"
    }

    /// The tables of an export, in the order they are written and imported (what a row refers to comes first).
    static let all: [GarageArchiveTable] = [
        GarageArchiveTable(
            "vehicles", Vehicle.self, order: "createdAt, id",
            [
                .init("Id", "id", .id), .init("Name", "name", .text), .init("Year", "year", .integer),
                .init("Make", "make", .text), .init("Model", "model", .text),
                .init("LicensePlate", "licensePlate", .text), .init("VIN", "vin", .text),
                .init("Odometer", "currentMileage", .integer), .init("TireSize", "tireSize", .text),
                .init("OilType", "oilType", .text), .init("Notes", "notes", .text),
                .init("OdometerUpdatedAt", "mileageUpdatedAt", .timestamp),
                .init("MarbeteMonth", "marbeteExpirationMonth", .integer),
                .init("MarbeteYear", "marbeteExpirationYear", .integer),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
                // Columns later versions added: an export written before them reads as not archived, no icon.
                .init("Archived", "isArchived", .boolean, absent: "False"), .init("Icon", "icon", .text, absent: ""),
            ],
            problems: { vehicle, today in vehicle.validationProblems(currentYear: today.year) }),
        GarageArchiveTable(
            "service-presets", ServicePreset.self, order: "name COLLATE NOCASE, id",
            [
                .init("Id", "id", .id), .init("Name", "name", .text), .init("Category", "category", .text),
                .init("IntervalMonths", "defaultIntervalMonths", .integer),
                .init("IntervalMiles", "defaultIntervalMiles", .integer), .init("IsCustom", "isCustom", .boolean),
                .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { preset, _ in
                preset.name.trimmingCharacters(in: .whitespaces).isEmpty ? ["a preset needs a name"] : []
            }),
        GarageArchiveTable(
            "services", ServiceItem.self, order: "createdAt, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("Description", "name", .text), .init("DueDate", "dueDate", .day),
                .init("DueOdometer", "dueMileage", .integer), .init("LastDate", "lastPerformed", .day),
                .init("LastOdometer", "lastMileage", .integer), .init("IntervalMonths", "intervalMonths", .integer),
                .init("IntervalMiles", "intervalMiles", .integer), .init("Notes", "notes", .text),
                .init("IsRecurring", "isRecurring", .boolean), .init("Renewal", "renewal", .text),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { service, _ in service.validationProblems }),
        GarageArchiveTable(
            "service-records", ServiceLog.self, order: "performedDate, mileageAtService, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("ServiceId", "serviceID", .reference(table: "garageService", what: "service")),
                .init("Date", "performedDate", .day), .init("Odometer", "mileageAtService", .integer),
                .init("Description", "title", .text), .init("Cost", "cost", .decimal),
                .init("CostCategory", "costCategory", .text), .init("Notes", "notes", .text),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { log, _ in
                var problems: [String] = []
                if log.mileageAtService < 0 { problems.append("the odometer cannot be negative") }
                if let cost = log.cost, cost < 0 { problems.append("the cost cannot be negative") }
                return problems
            }),
        GarageArchiveTable(
            "attachments", ServiceLogAttachment.self, order: "createdAt, id",
            [
                .init("Id", "id", .id),
                .init(
                    "ServiceRecordId", "serviceLogID", .reference(table: "garageServiceLog", what: "service record")),
                .init("Location", "path", .text), .init("Name", "caption", .text),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ]),
        GarageArchiveTable(
            "odometer-records", MileageSnapshot.self, order: "recordedAt, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("Date", "recordedAt", .timestamp), .init("Odometer", "mileage", .integer),
                .init("Source", "source", .text), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { snapshot, _ in snapshot.mileage < 0 ? ["the odometer cannot be negative"] : [] }),
        GarageArchiveTable(
            "fuel-records", FuelLog.self, order: "date, odometer, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("Date", "date", .day), .init("Odometer", "odometer", .integer),
                .init("FuelConsumed", "gallons", .decimal), .init("Cost", "totalCost", .decimal),
                .init("IsFillToFull", "isPartial", .invertedBoolean), .init("MissedFuelUp", "missedPrevious", .boolean),
                .init("Station", "station", .text), .init("Notes", "notes", .text),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { fillUp, _ in
                var problems: [String] = []
                if let gallons = fillUp.gallons, gallons <= 0 { problems.append("the fuel bought must be above 0") }
                if let cost = fillUp.totalCost, cost < 0 { problems.append("the cost cannot be negative") }
                return problems
            }),
        GarageArchiveTable(
            "expenses", GarageExpense.self, order: "date, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("Date", "date", .day), .init("Odometer", "odometer", .integer),
                .init("Type", "kind", .text), .init("Description", "category", .text),
                .init("Cost", "amount", .decimal),
                .init("Notes", "notes", .text), .init("RecurringMonths", "intervalMonths", .integer),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { expense, _ in expense.validationProblems }),
        GarageArchiveTable(
            "documents", VehicleDocument.self, order: "createdAt, id",
            [
                .init("Id", "id", .id),
                .init("VehicleId", "vehicleID", .reference(table: "garageVehicle", what: "vehicle")),
                .init("Type", "kind", .text), .init("Description", "label", .text), .init("Number", "number", .text),
                .init("IssuedDate", "issuedOn", .day), .init("ExpirationDate", "expiresOn", .day),
                .init("Notes", "notes", .text), .init("FileName", "fileName", .text),
                .init("OriginalName", "originalName", .text), .init("Size", "byteCount", .integer),
                .init("CreatedAt", "createdAt", .timestamp), .init("ModifiedAt", "modifiedAt", .timestamp),
            ],
            problems: { document, _ in document.validationProblems }),
    ]

    /// The derived table of what is due (services with due values, recurring expenses), with LubeLogger's
    /// reminder columns; written for reading, not imported (it is computed from the records).
    static let remindersName = "reminders"
    static let reminderHeaders = ["VehicleId", "Description", "Urgency", "Metric", "DueDate", "DueOdometer", "Notes"]
}
