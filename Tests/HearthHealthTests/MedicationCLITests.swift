import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

/// `hearth health meds …` as a user runs it, on a real database file, in UTC.
@Suite(.serialized, .timeLimit(.minutes(10))) struct MedicationCLITests {
    let folder = scratchDirectory("hearth-meds-cli")

    func run(_ arguments: String...) async throws -> ChildProcess.Result { try await run(arguments) }

    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path, "TZ": "UTC"], directory: folder)
    }

    @Test func addTakeSkipAdherenceAndCalendar() async throws {
        // A week that is over: the Monday three weeks back, through its Sunday.
        let utc = TimeZone(identifier: "UTC")!
        let monday = MedicationAdherence.monday(of: CalendarDay(Date(), in: utc)).adding(days: -21)
        let sunday = monday.adding(days: 6)
        #expect(try await run("record", "add", "--given-name", "Anna").status == 0)

        for (arguments, message) in [
            (["--time", "25:00"], #"--time "25:00" is not a time of day; write HH:mm"#),
            (["--time", "08:00", "--time", "08:00"], "The time 08:00 is given twice"),
            ([], "A medication needs at least one time of day"),
            (["--time", "08:00", "--end", monday.adding(days: -1).iso], "is before the start date"),
            (["--time", "08:00", "--dose", "lots"], #"--dose "lots" is not a number"#),
        ] {
            let refused = try await run(
                ["meds", "add", "Anna", "--name", "Metformin", "--dose", "500", "--unit", "mg", "--start", monday.iso]
                    + arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(refused.stderr)")
        }
        let added = try await run(
            "meds", "add", "Anna", "--name", "Metformin", "--dose", "500", "--unit", "mg", "--route", "oral",
            "--time", "20:00", "--time", "08:00", "--start", monday.iso, "--end", sunday.iso, "--notes", "with food")
        #expect(added.status == 0 && added.stdout.hasPrefix("Added Metformin 500 mg to Anna ("), "\(added.stderr)")
        let list = try await run("meds", "list")
        #expect(
            list.stdout.contains(
                "Metformin 500 mg, oral, at 08:00 and 20:00 every day from \(monday.iso) to \(sunday.iso)  (Anna)"),
            "\(list.stdout)")

        // Twelve doses taken a few minutes late, Thursday evening skipped, Saturday morning missed.
        for offset in 0..<7 {
            let day = monday.adding(days: offset)
            for time in ["08:00", "20:00"] {
                if offset == 5 && time == "08:00" { continue }
                if offset == 3 && time == "20:00" {
                    let skipped = try await run(
                        "meds", "skip", "metformin", "--at", "\(day.iso) 19:50", "--reason", "out of tablets")
                    #expect(
                        skipped.stdout == "Skipped Metformin 500 mg (the dose of \(day.iso) 20:00): out of tablets.\n")
                    continue
                }
                let late = time == "08:00" ? "08:05" : "20:10"
                let taken = try await run("meds", "take", "Metformin", "--at", "\(day.iso) \(late)")
                #expect(taken.stdout == "Took Metformin 500 mg (the dose of \(day.iso) \(time)).\n", "\(taken.stderr)")
            }
        }
        let far = try await run("meds", "take", "Metformin", "--at", "\(monday.adding(days: -30).iso) 08:00")
        #expect(far.status != 0 && far.stderr.contains("No dose of Metformin is due near"), "\(far.stderr)")
        let bad = try await run("meds", "take", "Metformin", "--at", "tomorrow")
        #expect(bad.status != 0 && bad.stderr.contains(#"--at "tomorrow" is not a local date and time"#))
        let unknown = try await run("meds", "take", "Aspirin")
        #expect(unknown.status != 0 && unknown.stderr.contains(#"A medication called "Aspirin""#))

        let text = try await run("meds", "adherence", "--weeks", "8")
        #expect(text.stdout.contains("12/14 taken  1 skipped  1 missed  85.7 %"), "\(text.stdout)")
        struct Report: Decodable {
            var name: String
            var weeks: [WeekAdherence]
        }
        let reports = try JSONDecoder.hearth.decode(
            [Report].self, from: Data(try await run("meds", "adherence", "--weeks", "8", "--json").stdout.utf8))
        #expect(reports.count == 1 && reports[0].weeks.count == 8)
        let week = try #require(reports[0].weeks.first { $0.start == monday })
        #expect(week.due == 14 && week.taken == 12 && week.skipped == 1 && week.missed == 1 && week.percent == 85.7)
        #expect(reports[0].weeks.filter { $0.start != monday }.allSatisfy { $0.due == 0 })

        let calendar = try await run("meds", "calendar", "-o", "meds.ics")
        #expect(calendar.stdout.hasPrefix("Wrote 1 medication to "), "\(calendar.stderr)")
        let feed = try String(contentsOf: folder.appendingPathComponent("meds.ics"), encoding: .utf8)
        let until = sunday.iso.replacingOccurrences(of: "-", with: "") + "T235959"
        #expect(feed.contains("RRULE:FREQ=DAILY;UNTIL=\(until)\r\n") && feed.contains("BEGIN:VALARM"))

        let shown = try await run("meds", "show", "Metformin")
        #expect(shown.stdout.contains("Notes: with food") && shown.stdout.contains("skipped: out of tablets"))
        let refused = try await run("meds", "delete", "Metformin")
        #expect(refused.status != 0 && refused.stderr.contains("Add --yes to confirm"))
        #expect(try await run("meds", "delete", "Metformin", "--yes").stdout == "Deleted Metformin.\n")
        #expect(try await run("meds", "list").stdout.hasPrefix("No medications."))
    }
}
