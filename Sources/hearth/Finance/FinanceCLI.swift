import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance

/// The plumbing every finance command shares: opening the store, resolving names, printing, failing.
enum FinanceCLI {
    /// The calendar dates are read and months computed in: Gregorian, in the local time zone (TZ).
    static var calendar: Calendar { FinancePersistenceService.defaultCalendar }

    /// Opens the store, runs `body`, and turns any failure into a message on stderr and exit status 1.
    ///
    /// When the database file did not exist and the command fails, the file it created is removed again:
    /// a failed command leaves nothing behind.
    static func run(_ options: FinanceOptions, _ body: (FinancePersistenceService) async throws -> Void) async throws {
        let url = options.databaseURL
        let existed = FileManager.default.fileExists(atPath: url.path)
        do {
            // Opened with the sync tables: once the database syncs, every change is queued for the server.
            let store = try FinanceSyncCLI.open(options).store
            try await body(store)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            if !existed { removeDatabase(at: url) }
            fail(message(for: error))
        }
    }

    /// Removes the database file at `url` with its journal files.
    static func removeDatabase(at url: URL) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }

    /// Validates input before any database is opened; fails like ``run(_:_:)``.
    static func check<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            fail(message(for: error))
        }
    }

    static func message(for error: any Error) -> String {
        switch error {
        case let error as PersistenceError: error.message
        case let error as ServiceError: error.message
        case let error as InputError: error.message
        default: String(describing: error)
        }
    }

    /// Prints `message` to stderr and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        Foundation.exit(1)
    }

    /// Prints `value` as pretty JSON.
    static func printJSON<T: Encodable>(_ value: T) throws {
        try hearth.printJSON(value, encoder: FinanceCoding.encoder(pretty: true))
    }

    /// Whether progress may be drawn: stderr is a terminal and JSON was not asked for.
    static func showsProgress(_ options: FinanceOptions) -> Bool {
        !options.json && isatty(STDERR_FILENO) == 1
    }

    // MARK: Parsing input

    static func amount(_ text: String, option: String) throws -> Decimal {
        guard let value = FinanceParsing.amount(text) else {
            throw InputError("\(option) \"\(text)\" is not an amount; write it like 12.50 (use - for money out)")
        }
        return value
    }

    static func date(_ text: String, option: String) throws -> Date {
        guard let value = FinanceParsing.date(text, calendar: calendar) else {
            throw InputError(
                "\(option) \"\(text)\" is not a date; write YYYY-MM-DD (such as 2026-01-31) or an ISO 8601 timestamp")
        }
        return value
    }

    static func uuid(_ text: String, what: String) throws -> UUID {
        guard let value = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError(
                "\"\(text)\" is not a valid \(what) id; ids look like 6F1C2A3B-9D4E-4F10-8A7B-0C1D2E3F4A5B (see the list command)"
            )
        }
        return value
    }

    static func choice<E: FinanceEnum>(_ type: E.Type, _ text: String, option: String) throws -> E {
        guard let value = E.parse(text) else {
            throw InputError("\(option) \"\(text)\" is not one of: \(E.displayNames)")
        }
        return value
    }

    // MARK: Resolving people and groups

    /// The person `reference` names: an id, or a name matched exactly (ignoring case).
    static func person(_ reference: String, in store: FinancePersistenceService) async throws -> Person {
        try await people([reference], in: store)[0]
    }

    /// The people `references` name, in order, reading the people once.
    static func people(_ references: [String], in store: FinancePersistenceService) async throws -> [Person] {
        guard !references.isEmpty else { return [] }
        let everyone = try await store.fetchAllPeople()
        return try references.map { reference in
            if let id = UUID(uuidString: reference.trimmingCharacters(in: .whitespaces)) {
                guard let person = everyone.first(where: { $0.id == id }) else {
                    throw InputError("No person has the id \(id.uuidString); see `hearth finance people list`")
                }
                return person
            }
            let matches = everyone.filter { $0.name.lowercased() == reference.lowercased() }
            guard !matches.isEmpty else {
                throw InputError(
                    "No person is named \"\(reference)\"; add them with `hearth finance people add --name \"\(reference)\"`"
                )
            }
            guard matches.count == 1 else {
                throw InputError(
                    "\(matches.count) people are named \"\(reference)\"; use one of their ids: \(matches.map(\.id.uuidString).joined(separator: ", "))"
                )
            }
            return matches[0]
        }
    }

    /// The group `reference` names: an id, or a name matched exactly (ignoring case).
    static func group(_ reference: String, in store: FinancePersistenceService) async throws -> Group {
        if let id = UUID(uuidString: reference.trimmingCharacters(in: .whitespaces)) {
            guard let group = try await store.fetchGroup(byID: id) else {
                throw InputError("No group has the id \(id.uuidString); see `hearth finance groups list`")
            }
            return group
        }
        let matches = try await store.fetchAllGroups().filter { $0.name.lowercased() == reference.lowercased() }
        guard !matches.isEmpty else {
            throw InputError("No group is named \"\(reference)\"; see `hearth finance groups list`")
        }
        guard matches.count == 1 else {
            throw InputError(
                "\(matches.count) groups are named \"\(reference)\"; use one of their ids: \(matches.map(\.id.uuidString).joined(separator: ", "))"
            )
        }
        return matches[0]
    }

    /// Names by id, for printing.
    static func names(_ store: FinancePersistenceService) async throws -> [UUID: String] {
        Dictionary(uniqueKeysWithValues: try await store.fetchAllPeople().map { ($0.id, $0.name) })
    }

    // MARK: Printing

    static func money(_ amount: Decimal) -> String {
        Calculation.rounded(amount).formatted(
            .number.precision(.fractionLength(2)).grouping(.never).locale(Locale(identifier: "en_US_POSIX")))
    }

    static func day(_ date: Date) -> String { Formatting.isoDay(date, timeZone: calendar.timeZone) }

    /// Prints `rows` as left-aligned columns under `header`.
    static func table(_ header: [String], _ rows: [[String]]) {
        guard !rows.isEmpty else { return }
        print(TextTable.render(header, rows))
    }
}
