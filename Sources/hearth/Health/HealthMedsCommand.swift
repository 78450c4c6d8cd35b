public import ArgumentParser
import Foundation
import HearthCore
import HearthHealth

/// `hearth health meds add|list|show|edit|stop|delete|take|skip|adherence|calendar`.
struct HealthMedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meds",
        abstract: "Medications on a schedule: doses taken or skipped, adherence by week, an iCalendar feed.",
        discussion: """
            A medication is a drug entry with a dose and a schedule: local times of day, every N days, from a start
            to an optional end. Name a medication by its name (with --record when two records have one of that
            name) or by the start of its id.

              hearth health meds add Anna --name Metformin --dose 500 --unit mg --time 08:00 --time 20:00
              hearth health meds take Metformin --at "2026-11-28 08:05"
              hearth health meds adherence --weeks 8
              hearth health meds calendar -o meds.ics
            """,
        subcommands: [
            MedsAdd.self, MedsList.self, MedsShow.self, MedsEdit.self, MedsStop.self, MedsDelete.self,
            MedsDose.Take.self, MedsDose.Skip.self, MedsAdherence.self, MedsCalendar.self,
        ]
    )
}

/// The schedule options `meds add` and `meds edit` take.
struct MedsFields: ParsableArguments {
    @Option(help: "The medication's name.") var name: String?
    @Option(help: "The amount per dose, such as 500 or 1.") var dose: String?
    @Option(help: "The unit of a dose: mg, ml, tablet…") var unit: String?
    @Option(help: "How it is taken: oral, inhaled…") var route: String?
    @Option(name: .customLong("time"), help: "A local time of day it is due, HH:mm; repeat for each time.")
    var times: [String] = []
    @Option(name: .customLong("every-days"), help: "Due every N days (1: every day).") var everyDays: Int?
    @Option(help: "The first day, yyyy-MM-dd (add: today when not given).") var start: String?
    @Option(help: "The last day, yyyy-MM-dd (edit: \"\" for none).") var end: String?
    @Option(help: "Notes.") var notes: String?

    func apply(to medication: inout Medication, notes current: inout String) throws {
        if let name { medication.name = name }
        if let dose { medication.dose = try Self.decimal(dose) }
        if let unit { medication.unit = unit }
        if let route { medication.route = route }
        if !times.isEmpty { medication.times = try Self.parse(times) }
        if let everyDays { medication.everyDays = everyDays }
        if let start { medication.startDate = try Self.day(start, "--start") }
        if let end { medication.endDate = end.isEmpty ? nil : try Self.day(end, "--end") }
        if let notes { current = notes }
    }

    static func decimal(_ text: String) throws -> Decimal {
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw ServiceError.validationFailed("--dose \"\(text)\" is not a number; write it like 500 or 0.5") }
        return value
    }

    static func day(_ text: String, _ option: String) throws -> CalendarDay {
        guard let day = CalendarDay(iso: text) else {
            throw ServiceError.validationFailed("\(option) \"\(text)\" is not a date; write it as yyyy-MM-dd")
        }
        return day
    }

    static func parse(_ texts: [String]) throws -> [DoseTime] {
        try texts.map { text in
            guard let time = DoseTime(text) else {
                throw ServiceError.validationFailed(
                    "--time \"\(text)\" is not a time of day; write HH:mm from 00:00 to 23:59, such as 08:00")
            }
            return time
        }
    }
}

/// How the meds commands find a medication and print one.
enum MedsLookup {
    /// The medication `reference` names: the start of its id (4 characters or more), or its name, ignoring case
    /// and accents, among the medications of `record` when given.
    static func find(_ reference: String, record: String?, options: HealthOptions, in service: HealthRecordService)
        async throws -> ScheduledMedication
    {
        let recordID = try await MedsLookup.recordID(record, options: options, in: service)
        let all = try await service.medications(of: recordID)
        let key = HealthValidation.searchKey(reference)
        let named = all.filter { HealthValidation.searchKey($0.medication.name) == key }
        if named.count == 1 { return named[0] }
        let prefixed = all.filter { $0.entry.id.uuidString.lowercased().hasPrefix(reference.lowercased()) }
        if reference.count >= 4, prefixed.count == 1 { return prefixed[0] }
        if named.count > 1 {
            throw ServiceError.validationFailed(
                "\"\(reference)\" names medications of several records (\(named.map { $0.recordName }.joined(separator: ", "))); add --record or give the start of the id (hearth health meds list)"
            )
        }
        throw ServiceError.notFound("A medication called \"\(reference)\" (see hearth health meds list)")
    }

    /// The id of the record `reference` names, or nil when not given.
    static func recordID(_ reference: String?, options: HealthOptions, in service: HealthRecordService) async throws
        -> String?
    {
        guard let reference else { return nil }
        return try await options.record(reference, in: service).uuid
    }

    /// "Metformin 500 mg, oral, at 08:00 and 20:00 every day from 2026-11-01 (Anna)".
    static func line(_ item: ScheduledMedication) -> String {
        let m = item.medication
        var text = m.nameAndDosage
        if !m.route.isEmpty { text += ", \(m.route)" }
        text += ", at \(m.times.sorted().map(\.description).joined(separator: " and "))"
        text += m.everyDays == 1 ? " every day" : " every \(m.everyDays) days"
        text += " from \(m.startDate)"
        if let end = m.endDate { text += " to \(end)" }
        return "\(item.entry.id.uuidString.prefix(8))  \(text)  (\(item.recordName))"
    }
}

/// `hearth health meds add RECORD --name … --dose … --unit … --time …`.
struct MedsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a medication to a record.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The record (a person or a pet).") var record: String
    @OptionGroup var fields: MedsFields

    func run() async throws {
        let service = try options.openService()
        let found = try await options.record(record, in: service)
        let today = CalendarDay(Date(), in: .current)
        var medication = Medication(name: "", dose: 0, unit: "", times: [], startDate: today)
        var notes = ""
        try fields.apply(to: &medication, notes: &notes)
        let entry = try await service.addMedication(medication, notes: notes, to: found.uuid)
        if options.json { return try options.print(json: ["added": entry.id.uuidString]) }
        print("Added \(medication.nameAndDosage) to \(found.displayName) (\(entry.id.uuidString.prefix(8))).")
    }
}

/// `hearth health meds list [RECORD]`.
struct MedsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List medications.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "Only this record's.") var record: String?

    func run() async throws {
        let service = try options.openService()
        let recordID = try await MedsLookup.recordID(record, options: options, in: service)
        let items = try await service.medications(of: recordID)
        if options.json { return try options.print(json: items) }
        if items.isEmpty { return print("No medications. Add one with hearth health meds add RECORD --name …") }
        for item in items { print(MedsLookup.line(item)) }
    }
}

/// `hearth health meds show MED`.
struct MedsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a medication and its recorded doses.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The medication.") var medication: String
    @Option(help: "The record, when several have a medication of that name.") var record: String?

    func run() async throws {
        let service = try options.openService()
        let item = try await MedsLookup.find(medication, record: record, options: options, in: service)
        let doses = try await service.doses(of: item.entry.id)
        struct Shown: Encodable {
            var medication: ScheduledMedication
            var doses: [DoseRecord]
        }
        if options.json { return try options.print(json: Shown(medication: item, doses: doses)) }
        print(MedsLookup.line(item))
        if !item.entry.comment.isEmpty { print("Notes: \(item.entry.comment)") }
        for dose in doses {
            let detail =
                dose.status == .taken
                ? "taken \(dose.takenAt.map { Formatting.iso8601($0) } ?? "")"
                : "skipped" + (dose.reason.isEmpty ? "" : ": \(dose.reason)")
            print("  \(dose.slot)  \(detail)")
        }
    }
}

/// `hearth health meds edit MED …`.
struct MedsEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a medication.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The medication.") var medication: String
    @Option(help: "The record, when several have a medication of that name.") var record: String?
    @OptionGroup var fields: MedsFields

    func run() async throws {
        let service = try options.openService()
        let item = try await MedsLookup.find(medication, record: record, options: options, in: service)
        var changed = item.medication
        var notes = item.entry.comment
        try fields.apply(to: &changed, notes: &notes)
        let (medication, text) = (changed, notes)
        let entry = try await service.updateMedication(item.entry.id) { m, n in
            m = medication
            n = text
        }
        if options.json { return try options.print(json: entry) }
        print("Changed \(medication.nameAndDosage).")
    }
}

/// `hearth health meds stop MED [--on DAY]`.
struct MedsStop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "End a medication: no dose is due after the day.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The medication.") var medication: String
    @Option(help: "The record, when several have a medication of that name.") var record: String?
    @Option(help: "The last day, yyyy-MM-dd (today when not given).") var on: String?

    func run() async throws {
        let service = try options.openService()
        let item = try await MedsLookup.find(medication, record: record, options: options, in: service)
        let entry = try await service.stopMedication(item.entry.id, on: try on.map { try MedsFields.day($0, "--on") })
        if options.json { return try options.print(json: entry) }
        print("Stopped \(item.medication.name): the last dose is due on \(entry.medication?.endDate?.iso ?? "").")
    }
}

/// `hearth health meds delete MED --yes`.
struct MedsDelete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a medication and its recorded doses.")
    @OptionGroup var options: HealthOptions
    @Argument(help: "The medication.") var medication: String
    @Option(help: "The record, when several have a medication of that name.") var record: String?
    @Flag(help: "Confirm: the medication and its recorded doses are deleted.") var yes = false

    func run() async throws {
        let service = try options.openService()
        let item = try await MedsLookup.find(medication, record: record, options: options, in: service)
        guard yes else {
            throw ServiceError.validationFailed(
                "Deleting \(item.medication.name) deletes its recorded doses too. Add --yes to confirm (or stop it to keep them)."
            )
        }
        try await service.deleteMedication(item.entry.id)
        if options.json { return try options.print(json: ["deleted": item.entry.id.uuidString]) }
        print("Deleted \(item.medication.name).")
    }
}
