import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage watch receive|inbox`: messages from the watch app.
struct GarageWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Apply messages from the watch app (each once, however often it arrives) and see the inbox.",
        subcommands: [Receive.self, Inbox.self]
    )

    struct Receive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Receive a watch message (JSON: {id, sentAt, action: {updateMileage: {vehicleID, mileage}}}) and apply what is pending."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The message file, or - for stdin.") var file: String
        @Option(
            help: "Where the watch's state is written after a change (default: watch-context.json beside the database)."
        )
        var context: String?

        func run() async throws {
            let data =
                file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            let message: WatchMessage
            do {
                message = try JSONDecoder.hearth.decode(WatchMessage.self, from: data)
            } catch {
                throw ServiceError.validationFailed(
                    "\(file == "-" ? "The input" : file) is not a watch message (\(error)); send {\"id\", \"sentAt\", \"action\"}"
                )
            }
            let store = try options.openStore()
            let contextURL =
                context.map { URL(fileURLWithPath: $0) }
                ?? options.databaseURL().deletingLastPathComponent().appendingPathComponent("watch-context.json")
            let service = WatchSessionService(store: store, transport: FileWatchTransport(url: contextURL))
            let entries = try await service.receive(message)
            if options.json { return try GarageOutput.json(entries) }
            if entries.isEmpty { print("Message \(message.id) was already applied; nothing changed.") }
            for entry in entries {
                print(
                    entry.state == .applied
                        ? "Applied \(entry.message.id)." : "Refused \(entry.message.id): \(entry.error ?? "")")
            }
        }
    }

    struct Inbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the messages received from the watch and what became of them.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let store = try options.openStore()
            let contextURL = options.databaseURL().deletingLastPathComponent().appendingPathComponent(
                "watch-context.json")
            let service = WatchSessionService(store: store, transport: FileWatchTransport(url: contextURL))
            let entries = try await service.inbox()
            if options.json { return try GarageOutput.json(entries) }
            guard !entries.isEmpty else { return print("No messages from the watch yet.") }
            GarageOutput.table(
                ["ID", "SENT", "STATE", "ERROR"],
                entries.map { entry in
                    [
                        entry.message.id, ISO8601DateFormatter().string(from: entry.message.sentAt),
                        entry.state.rawValue, entry.error ?? "",
                    ]
                })
        }
    }
}
