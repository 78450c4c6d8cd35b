import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// A sync command's failure: its message goes to stderr as "error: …" and the command exits with 1.
struct SyncCommandFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// Prints the message as "error: …" on stderr and returns the exit that ends the command.
    func report() -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(1)
    }
}
