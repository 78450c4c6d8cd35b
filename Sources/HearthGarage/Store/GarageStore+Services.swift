public import Foundation
import GRDB
public import HearthCore

/// The outcome of marking a service done.
public struct ServiceCompletion: Sendable, Equatable, Codable {
    /// The new log entry.
    public var log: ServiceLog
    /// The service with its new due values.
    public var service: ServiceItem
    /// The vehicle, with its mileage raised when the work was done at a higher reading.
    public var vehicle: Vehicle
    /// Soft warnings: the entry was saved, but looks wrong.
    public var warnings: [GarageWarning]
}

extension GarageStore {
    // MARK: Presets

    /// The bundled presets followed by the user's own, by name.
    public func presets() async throws -> [ServicePreset] {
        let custom = try await read { db in try ServicePreset.order(Column("name").collating(.nocase)).fetchAll(db) }
        return ServicePresetCatalog.bundled + custom
    }

    /// Saves a custom preset. Its id is derived from its name (the given one is not used), so every device that
    /// adds a preset of that name makes the same record.
    /// - Throws: ``ServiceError`` (validation failed; conflict when the name is taken, bundled names included).
    @discardableResult
    public func addPreset(_ preset: ServicePreset) async throws -> ServicePreset {
        var preset = preset
        preset.isCustom = true
        preset.name = preset.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !preset.name.isEmpty else { throw ServiceError.validationFailed("A preset needs a name") }
        if ServicePresetCatalog.preset(named: preset.name) != nil {
            throw ServiceError(.conflict, "\"\(preset.name)\" is a bundled preset already; choose another name.")
        }
        // Named by its name, as bundled presets are: two devices adding the same preset make one record.
        let candidate = ServicePreset(
            id: ServicePresetCatalog.customID(for: preset.name), name: preset.name, category: preset.category,
            defaultIntervalMonths: preset.defaultIntervalMonths, defaultIntervalMiles: preset.defaultIntervalMiles,
            isCustom: true, modifiedAt: preset.modifiedAt
        )
        return try await write { tx in
            if try ServicePreset.exists(tx.db, key: candidate.id) {
                throw ServiceError(
                    .conflict, "The preset name \"\(candidate.name)\" is already taken; choose another name.")
            }
            return try tx.insert(candidate)
        }
    }

    // MARK: Services

    /// Adds a service to a vehicle, from a preset and/or the draft's own values. Due values come from the
    /// draft when given, else from the intervals counted from the last time it was done (or today and the
    /// vehicle's current mileage).
    /// - Throws: ``ServiceError`` (not found for the vehicle or an unknown preset, validation failed).
    @discardableResult
    public func addService(_ draft: ServiceDraft, to vehicleID: UUID) async throws -> ServiceItem {
        var preset: ServicePreset?
        if let name = draft.preset {
            let all = try await presets()
            guard let found = ServicePresetCatalog.preset(named: name, in: all) else {
                throw ServiceError(
                    .notFound,
                    "There is no preset called \"\(name)\". Presets: \(all.map(\.name).joined(separator: ", ")).")
            }
            preset = found
        }
        let chosen = preset
        let today = self.today
        return try await write { tx in
            guard let vehicle = try Vehicle.fetchOne(tx.db, key: vehicleID) else {
                throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
            }
            var service = ServiceItem(
                vehicleID: vehicleID,
                name: (draft.name ?? chosen?.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                lastPerformed: draft.lastPerformed, lastMileage: draft.lastMileage,
                intervalMonths: draft.intervalMonths ?? chosen?.defaultIntervalMonths,
                intervalMiles: draft.intervalMiles ?? chosen?.defaultIntervalMiles,
                notes: draft.notes, isRecurring: draft.isRecurring, renewal: draft.renewal, createdAt: tx.now
            )
            service = service.derivingDueValues(
                from: draft.lastPerformed ?? today, mileage: draft.lastMileage ?? vehicle.currentMileage
            )
            if let dueDate = draft.dueDate { service.dueDate = dueDate }
            if let dueMileage = draft.dueMileage { service.dueMileage = dueMileage }
            var problems = service.validationProblems
            if let lastPerformed = draft.lastPerformed, lastPerformed > today {
                problems.append("The last-performed date \(lastPerformed) is in the future")
            }
            guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
            return try tx.insert(service)
        }
    }

    /// The services of one vehicle (or of all), by name.
    public func services(of vehicleID: UUID? = nil) async throws -> [ServiceItem] {
        try await read { db in try Self.services(db, of: vehicleID) }
    }

    /// The one service of a vehicle `reference` names: its id, the start of its id, or its name (ignoring case).
    /// - Throws: ``ServiceError`` (not found, listing the vehicle's services).
    public func service(matching reference: String, of vehicleID: UUID) async throws -> ServiceItem {
        let all = try await services(of: vehicleID)
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        if let match = all.first(where: {
            $0.name.caseInsensitiveCompare(wanted) == .orderedSame || $0.id.uuidString == wanted.uppercased()
        }) {
            return match
        }
        let byPrefix =
            wanted.count >= 4 ? all.filter { $0.id.uuidString.lowercased().hasPrefix(wanted.lowercased()) } : []
        if byPrefix.count == 1 { return byPrefix[0] }
        let known =
            all.isEmpty
            ? "This vehicle has no services yet; add one with `hearth garage service add`."
            : "Its services: " + all.map(\.name).joined(separator: ", ") + "."
        throw ServiceError(.notFound, "No service is called \"\(reference)\". \(known)")
    }

    /// Changes a service with `change` and validates it.
    @discardableResult
    public func updateService(_ id: UUID, _ change: @escaping @Sendable (inout ServiceItem) -> Void) async throws
        -> ServiceItem
    {
        try await write { tx in
            guard let old = try ServiceItem.fetchOne(tx.db, key: id) else {
                throw ServiceError.notFound("Service \(id.uuidString)")
            }
            var service = old
            change(&service)
            let problems = service.validationProblems
            guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
            return service == old ? old : try tx.update(service)
        }
    }

    /// Deletes a service; its logs stay in the history, titled with its name.
    public func removeService(_ id: UUID) async throws {
        try await write { tx in
            guard let service = try ServiceItem.fetchOne(tx.db, key: id) else {
                throw ServiceError.notFound("Service \(id.uuidString)")
            }
            for var log in try ServiceLog.filter(Column("serviceID") == id).fetchAll(tx.db) {
                log.serviceID = nil
                log.title = log.title ?? service.name
                try tx.update(log)
            }
            try PendingReminder.filter(Column("serviceID") == id).deleteAll(tx.db)
            try tx.delete(ServiceItem.self, id: id)
        }
    }

    /// Marks a service done: adds a log, records a mileage snapshot, and re-derives the due values.
    /// - Parameters:
    ///   - day: when the work was done (default today; not in the future).
    ///   - mileage: the odometer then (default the vehicle's current mileage).
    ///   - cost: the amount as typed, checked by ``CostValidation`` ("INVALID AMOUNT" otherwise).
    /// - Throws: ``ServiceError`` (not found, validation failed).
    @discardableResult
    public func completeService(
        _ serviceID: UUID, on day: CalendarDay? = nil, mileage: Int? = nil, cost: String? = nil,
        category: ServiceLog.CostCategory? = .maintenance, notes: String? = nil
    ) async throws -> ServiceCompletion {
        let amount = try CostValidation.parse(cost)
        let today = self.today
        let timeZone = self.timeZone
        let performed = day ?? today
        guard performed <= today else {
            throw ServiceError.validationFailed("The work date \(performed) is in the future; give the day it was done")
        }
        if let mileage { try Self.validateReading(mileage) }
        let (completion, event) = try await write { tx in
            let event = try Self.completionEvent(tx.db, serviceID: serviceID, today: today)
            let completion = try Self.complete(
                tx, serviceID: serviceID, on: performed, mileage: mileage, amount: amount, category: category,
                notes: notes, today: today, timeZone: timeZone)
            return (completion, event)
        }
        await track(event, completion)
        return completion
    }

    /// The analytics of completing a service as it stands before: its preset's category, whether it was overdue.
    static func completionEvent(_ db: Database, serviceID: UUID, today: CalendarDay) throws -> GarageEvent? {
        guard let service = try ServiceItem.fetchOne(db, key: serviceID),
            let vehicle = try Vehicle.fetchOne(db, key: service.vehicleID)
        else { return nil }
        let category: GarageEvent.ServiceCategory
        if let preset = ServicePresetCatalog.preset(named: service.name) {
            category = GarageEvent.ServiceCategory(rawValue: preset.category.rawValue.lowercased()) ?? .other
        } else if try ServicePreset.filter(Column("name") == service.name).fetchCount(db) > 0 {
            category = .custom
        } else {
            category = .other
        }
        let overdue =
            (service.dueDate.map { today > $0 } ?? false)
            || (service.dueMileage.map { vehicle.currentMileage > $0 } ?? false)
        return .serviceCompleted(category: category, wasOverdue: overdue, isRecurring: service.isRecurring)
    }

    /// Records a completion: the service completed, and the log it wrote.
    func track(_ completed: GarageEvent?, _ completion: ServiceCompletion) async {
        guard case .serviceCompleted(let category, _, _)? = completed, let completed else { return }
        await analytics.track(completed)
        await analytics.track(
            GarageEvent.serviceLogged(category: category, hasCost: completion.log.cost != nil, hasAttachments: false))
    }

    /// Marks a service done inside `tx`: the work of ``completeService(_:on:mileage:cost:category:notes:)``
    /// for callers that must commit it with other changes (the watch inbox marks its message applied).
    static func complete(
        _ tx: GarageTransaction, serviceID: UUID, on performed: CalendarDay, mileage: Int?, amount: Decimal?,
        category: ServiceLog.CostCategory?, notes: String?, today: CalendarDay, timeZone: TimeZone
    ) throws -> ServiceCompletion {
        guard let service = try ServiceItem.fetchOne(tx.db, key: serviceID) else {
            throw ServiceError.notFound("Service \(serviceID.uuidString)")
        }
        guard var vehicle = try Vehicle.fetchOne(tx.db, key: service.vehicleID) else {
            throw ServiceError.notFound("Vehicle \(service.vehicleID.uuidString)")
        }
        let reading = mileage ?? vehicle.currentMileage
        var warnings: [GarageWarning] = []
        if let amount {
            let earlier = try Decimal.fetchAll(
                tx.db,
                ServiceLog.select(Column("cost")).filter(Column("vehicleID") == vehicle.id && Column("cost") != nil))
            warnings += GarageWarnings.cost(amount, earlierCosts: earlier)
        }
        let log = try tx.insert(
            ServiceLog(
                vehicleID: vehicle.id, serviceID: service.id, performedDate: performed, mileageAtService: reading,
                cost: amount, costCategory: category, notes: notes.flatMap { $0.isEmpty ? nil : $0 }, createdAt: tx.now
            ))
        let readingTime = performed == today ? tx.now : performed.date(hour: 12, in: timeZone)
        let (_, mileageWarnings) = try Self.recordReading(
            tx, vehicle: &vehicle, mileage: reading, at: readingTime, source: .serviceCompletion)
        warnings += mileageWarnings
        let updated = try tx.update(service.completed(on: performed, mileage: reading))
        return ServiceCompletion(log: log, service: updated, vehicle: vehicle, warnings: warnings)
    }

    /// A vehicle's service logs, newest first.
    public func logs(of vehicleID: UUID) async throws -> [ServiceLog] {
        try await read { db in try Self.logs(db, of: vehicleID) }
    }

    /// A vehicle's fill-ups, oldest first.
    public func fuelLogs(of vehicleID: UUID) async throws -> [FuelLog] {
        try await read { db in try Self.fuelLogs(db, of: vehicleID) }
    }

    /// What a vehicle cost in `year`: its service logs and its expenses (fuel not included).
    public func serviceCost(of vehicleID: UUID, in year: Int) async throws -> Decimal {
        try await read { db in try Self.serviceCost(db, vehicleID: vehicleID, year: year) }
    }

    static func serviceCost(_ db: Database, vehicleID: UUID, year: Int) throws -> Decimal {
        let start = CalendarDay(year: year, month: 1, day: 1)!
        let end = CalendarDay(year: year, month: 12, day: 31)!
        let costs = try Decimal.fetchAll(
            db,
            ServiceLog.select(Column("cost"))
                .filter(Column("vehicleID") == vehicleID && Column("cost") != nil)
                .filter(Column("performedDate") >= start && Column("performedDate") <= end))
        let expenses = try Decimal.fetchAll(
            db,
            GarageExpense.select(Column("amount"))
                .filter(Column("vehicleID") == vehicleID)
                .filter(Column("date") >= start && Column("date") <= end))
        return (costs + expenses).reduce(0, +)
    }

    /// A vehicle's expenses, newest first.
    public func expenses(of vehicleID: UUID) async throws -> [GarageExpense] {
        try await read { db in try Self.expenses(db, of: vehicleID) }
    }
}
