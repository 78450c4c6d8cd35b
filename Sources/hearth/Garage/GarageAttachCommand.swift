public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

/// `hearth garage attach VEHICLE FILE --service NAME [--date DAY] [--caption TEXT]`.
struct GarageAttachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract:
            "Attach a file (a receipt photo, an invoice) to a service log entry; `history --attachments` shows pictures.",
        discussion:
            "The file stays where it is; its path is stored. Without --date, the newest entry of the service is used."
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The vehicle.") var vehicle: String
    @Argument(help: "The file to attach.") var file: String
    @Option(help: "The service (or the title of a log entry without one).") var service: String
    @Option(help: "The day the work was done, yyyy-MM-dd.") var date: String?
    @Option(help: "A line describing the file.") var caption: String?

    func run() async throws {
        let store = try options.openStore()
        let found = try await store.vehicle(matching: vehicle)
        let day = try GarageArguments.day(date, "--date")
        let names = Dictionary(uniqueKeysWithValues: try await store.services(of: found.id).map { ($0.id, $0.name) })
        let wanted = service.trimmingCharacters(in: .whitespaces)
        let logs = try await store.logs(of: found.id).filter { log in
            let name = log.serviceID.flatMap { names[$0] } ?? log.title ?? ""
            return name.caseInsensitiveCompare(wanted) == .orderedSame && (day == nil || log.performedDate == day)
        }
        guard let log = logs.first else {
            let when = day.map { " on \($0.iso)" } ?? ""
            throw ServiceError(
                .notFound,
                "\(found.displayName) has no \(wanted) entry\(when); `hearth garage service list \(vehicle)` shows its history."
            )
        }
        let attachment = try await store.attach(file, to: log.id, caption: caption)
        if options.json { return try GarageOutput.json(attachment) }
        print("Attached \(attachment.fileName) to \(wanted) on \(log.performedDate.iso).")
    }
}
