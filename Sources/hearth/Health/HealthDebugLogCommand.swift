import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthHealth

/// `hearth health debug-log`: what the share commands did, kept in the health database.
struct HealthDebugLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug-log",
        abstract:
            "Show the sharing debug log: the last 200 share steps and their outcomes, the last share link and the last error.",
        discussion:
            "Each line is \"[ISO-8601 time] message\". -o FILE writes the lines to a file (readable only by you) instead; --clear empties the log and forgets the last error (the last share link stays)."
    )

    @OptionGroup var options: HealthOptions
    @Option(name: .shortAndLong, help: "Write the log to this file instead of printing it.") var output: String?
    @Flag(help: "Empty the log (after writing it with -o, when given).") var clear = false

    struct Shown: Encodable {
        var lines: [String]
        var lastShareLink: String?
        var lastError: String?
    }

    func run() async throws {
        let log = try options.openHealth().debugLog
        let shown = Shown(
            lines: try await log.lines(), lastShareLink: try await log.lastShareLink(),
            lastError: try await log.lastError())
        if let output {
            let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
            let text = try await log.exportText()
            do {
                let file = try AtomicFileWriter(url)
                do {
                    try file.write(text)
                    try file.commit()
                } catch {
                    file.discard()
                    throw error
                }
            } catch {
                throw ServiceError.operationFailed(
                    "-o \(output): the log cannot be written there (\(error)); give a file in a folder you can write to"
                )
            }
        }
        if clear { try await log.clear() }
        if options.json { return try options.print(json: shown) }
        if let output {
            print(
                "Wrote \(shown.lines.count) line\(shown.lines.count == 1 ? "" : "s") to \(output)\(clear ? " and cleared the log" : "")."
            )
            return
        }
        if shown.lines.isEmpty { print("The debug log is empty.") }
        for line in shown.lines { print(line) }
        if let link = shown.lastShareLink { print("Last share link: \(link)") }
        if let error = shown.lastError { print("Last error: \(error)") }
        if clear { print("Cleared the log.") }
    }
}
