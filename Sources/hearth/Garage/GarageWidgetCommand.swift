import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage widget`: writes the widget's data file.
struct GarageWidget: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "Write the widget's snapshot: per vehicle, its mileage, status and next services due (JSON, replaced whole).",
        discussion: "With --follow it rewrites the file whenever garage data changes, until Ctrl-C."
    )
    @OptionGroup var options: GarageOptions
    @Option(name: .shortAndLong, help: "The file to write (default: widget.json beside the database).") var output: String?
    @Flag(help: "Keep the file current as data changes.") var follow = false

    func run() async throws {
        let store = try options.openStore()
        let url = output.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? options.databaseURL().deletingLastPathComponent().appendingPathComponent("widget.json")
        let service = WidgetDataService(store: store, fileURL: url)
        let snapshot = try await service.writeSnapshot()
        if options.json { try GarageOutput.json(snapshot) } else {
            print("Wrote \(url.path): \(snapshot.vehicles.count) vehicle\(snapshot.vehicles.count == 1 ? "" : "s").")
        }
        if follow { try await service.run() }
    }
}

/// `hearth garage watch receive|inbox`: messages from the watch app.
struct GarageWatch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Apply messages from the watch app (each once, however often it arrives) and see the inbox.",
        subcommands: [Receive.self, Inbox.self]
    )

    struct Receive: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Receive a watch message (JSON: {id, sentAt, action: {updateMileage: {vehicleID, mileage}}}) and apply what is pending."
        )
        @OptionGroup var options: GarageOptions
        @Argument(help: "The message file, or - for stdin.") var file: String
        @Option(help: "Where the watch's state is written after a change (default: watch-context.json beside the database).")
        var context: String?

        func run() async throws {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            let message: WatchMessage
            do {
                message = try JSONDecoder.hearth.decode(WatchMessage.self, from: data)
            } catch {
                throw ServiceError.validationFailed("\(file == "-" ? "The input" : file) is not a watch message (\(error)); send {\"id\", \"sentAt\", \"action\"}")
            }
            let store = try options.openStore()
            let contextURL = context.map { URL(fileURLWithPath: $0) }
                ?? options.databaseURL().deletingLastPathComponent().appendingPathComponent("watch-context.json")
            let service = WatchSessionService(store: store, transport: FileWatchTransport(url: contextURL))
            let entries = try await service.receive(message)
            if options.json { return try GarageOutput.json(entries) }
            if entries.isEmpty { print("Message \(message.id) was already applied; nothing changed.") }
            for entry in entries {
                print(entry.state == .applied ? "Applied \(entry.message.id)." : "Refused \(entry.message.id): \(entry.error ?? "")")
            }
        }
    }

    struct Inbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the messages received from the watch and what became of them.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let store = try options.openStore()
            let contextURL = options.databaseURL().deletingLastPathComponent().appendingPathComponent("watch-context.json")
            let service = WatchSessionService(store: store, transport: FileWatchTransport(url: contextURL))
            let entries = try await service.inbox()
            if options.json { return try GarageOutput.json(entries) }
            guard !entries.isEmpty else { return print("No messages from the watch yet.") }
            GarageOutput.table(["ID", "SENT", "STATE", "ERROR"], entries.map { entry in
                [entry.message.id, ISO8601DateFormatter().string(from: entry.message.sentAt), entry.state.rawValue, entry.error ?? ""]
            })
        }
    }
}

/// `hearth garage icon [list|set NAME]`.
struct GarageIcon: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon", abstract: "Choose the app icon.", subcommands: [List.self, Set.self], defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the icons; the chosen one is marked.")
        @OptionGroup var options: GarageOptions

        func run() async throws {
            let service = AppIconService(store: try options.openStore())
            let current = try await service.current()
            if options.json {
                struct Listing: Encodable { var current: AppIcon; var icons: [AppIcon] }
                return try GarageOutput.json(Listing(current: current, icons: service.icons()))
            }
            GarageOutput.table(["", "ICON", "NAME", "LOOK"], service.icons().map { [$0 == current ? "*" : "", $0.id, $0.displayName, $0.summary] })
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Choose an icon by its id or name.")
        @OptionGroup var options: GarageOptions
        @Argument(help: "The icon, such as midnight.") var icon: String

        func run() async throws {
            let chosen = try await AppIconService(store: try options.openStore()).choose(icon)
            if options.json { return try GarageOutput.json(chosen) }
            print("The app icon is now \(chosen.displayName).")
        }
    }
}
