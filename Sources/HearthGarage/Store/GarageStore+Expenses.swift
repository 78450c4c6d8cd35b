public import Foundation
import GRDB
public import HearthCore

extension GarageStore {
    /// Records an expense (insurance, registration, taxes, parking, tolls, other) on a vehicle.
    /// - Throws: ``ServiceError``: not found for the vehicle; validation failed for a missing or negative
    ///   amount, an unknown kind (the message names the kinds), a date in the future, or a bad interval.
    @discardableResult
    public func addExpense(_ draft: ExpenseDraft, to vehicleID: UUID) async throws -> GarageExpense {
        let today = self.today
        guard let amountText = draft.amount else {
            throw ServiceError.validationFailed("An expense needs an amount, such as --amount 120.50")
        }
        let amount = try ExpenseDraft.parseAmount(amountText)
        let kind = try draft.kind.map { try ExpenseDraft.parseKind($0) } ?? .other
        let interval = try draft.every.flatMap { try ExpenseDraft.parseInterval($0) }
        let day = draft.date ?? today
        if let odometer = draft.odometer { try Self.validateReading(odometer) }
        return try await write { tx in
            guard try Vehicle.exists(tx.db, key: vehicleID) else {
                throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
            }
            let expense = GarageExpense(
                vehicleID: vehicleID, date: day, odometer: draft.odometer, amount: amount,
                category: draft.description?.trimmedOrNil ?? kind.label, notes: draft.notes?.trimmedOrNil,
                kind: kind, intervalMonths: interval, createdAt: tx.now)
            try Self.check(expense, today: today)
            return try tx.insert(expense)
        }
    }

    /// Changes the fields of an expense that `draft` gives ("none" as its interval makes it a one-off).
    /// - Throws: ``ServiceError`` (not found, validation failed); nothing changes when it throws.
    @discardableResult
    public func updateExpense(_ id: UUID, with draft: ExpenseDraft) async throws -> GarageExpense {
        let today = self.today
        let amount = try draft.amount.map { try ExpenseDraft.parseAmount($0) }
        let kind = try draft.kind.map { try ExpenseDraft.parseKind($0) }
        let interval = try draft.every.map { try ExpenseDraft.parseInterval($0) }
        if let odometer = draft.odometer { try Self.validateReading(odometer) }
        return try await write { tx in
            guard let old = try GarageExpense.fetchOne(tx.db, key: id) else { throw Self.missing("expense", id) }
            var expense = old
            if let amount { expense.amount = amount }
            if let kind {
                // An expense still named after its old kind follows the new one.
                if expense.category == old.kind.label && draft.description == nil { expense.category = kind.label }
                expense.kind = kind
            }
            if let description = draft.description { expense.category = description.trimmedOrNil ?? expense.kind.label }
            if let date = draft.date { expense.date = date }
            if let odometer = draft.odometer { expense.odometer = odometer }
            if let notes = draft.notes { expense.notes = notes.trimmedOrNil }
            if let interval { expense.intervalMonths = interval }
            try Self.check(expense, today: today)
            return expense == old ? old : try tx.update(expense)
        }
    }

    /// Deletes an expense.
    /// - Throws: ``ServiceError`` (not found); nothing changes then.
    public func removeExpense(_ id: UUID) async throws {
        try await write { tx in
            guard try tx.delete(GarageExpense.self, id: id) else { throw Self.missing("expense", id) }
            try PendingReminder.filter(sql: "id LIKE ?", arguments: ["expense-\(id.uuidString)-%"]).deleteAll(tx.db)
        }
    }

    /// The expense with `id`.
    /// - Throws: ``ServiceError`` (not found).
    public func expense(id: UUID) async throws -> GarageExpense {
        guard let found = try await read({ db in try GarageExpense.fetchOne(db, key: id) }) else {
            throw Self.missing("expense", id)
        }
        return found
    }

    /// The one record of type `R` that `reference` names: its id, or the start of its id (at least 4
    /// characters), as lists print them.
    /// - Throws: ``ServiceError``: not found (saying how to list them), or validation failed when the start
    ///   fits several.
    public func record<R: GarageRecord>(_ type: R.Type, matching reference: String, named what: String) async throws
        -> R
    {
        let wanted = reference.trimmingCharacters(in: .whitespaces).lowercased()
        guard wanted.count >= 4, wanted.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw ServiceError.validationFailed(
                "\"\(reference)\" is not a \(what) id; give the id a list prints (at least its first 4 characters)")
        }
        let matches = try await read { db in
            try R.fetchAll(
                db, sql: "SELECT * FROM \(R.databaseTableName) WHERE lower(hex(id)) LIKE ? LIMIT 2",
                arguments: [wanted.replacingOccurrences(of: "-", with: "") + "%"])
        }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            throw ServiceError(
                .notFound,
                "There is no \(what) with the id \(reference); nothing was changed. List them with `hearth garage \(Self.listCommand(what))`."
            )
        default:
            throw ServiceError.validationFailed(
                "\"\(reference)\" is the start of several \(what) ids; give more of the id")
        }
    }

    private static func listCommand(_ what: String) -> String {
        switch what {
        case "expense": "expenses list VEHICLE"
        case "fill-up": "fuel VEHICLE"
        case "document": "documents list"
        default: "service list VEHICLE"
        }
    }

    static func missing(_ what: String, _ id: UUID) -> ServiceError {
        ServiceError(.notFound, "There is no \(what) with the id \(id.uuidString); nothing was changed.")
    }

    private static func check(_ expense: GarageExpense, today: CalendarDay) throws {
        var problems = expense.validationProblems
        if expense.date > today {
            problems.append("The expense date \(expense.date) is in the future; give the day it was paid")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
    }
}

extension String {
    /// The string trimmed, or nil when that leaves nothing.
    var trimmedOrNil: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
