import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// `hearth garage ask "…"`: the voice requests, typed.
struct GarageAskCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract:
            "Ask in plain English: \"What's due on my car?\", \"What maintenance is coming up?\", \"Update mileage to 45,000 miles\".",
        discussion: """
            Name a vehicle anywhere in the request ("What's due on the Civic?"); with one vehicle there is no need.
            Readings may be written 45,000, 45 000, 45k or 45 thousand, in miles or km.
            """
    )
    @OptionGroup var options: GarageOptions
    @Argument(help: "The request, in quotes.") var request: [String]

    func run() async throws {
        let store = try options.openStore()
        let answer = try await GarageAssistant(store: store).ask(request.joined(separator: " "))
        if options.json { return try GarageOutput.json(answer) }
        print(answer.text)
    }
}
