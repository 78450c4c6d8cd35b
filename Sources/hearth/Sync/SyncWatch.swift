import Foundation
import HearthCore
import HearthSync
import Logging
import ServiceLifecycle
import UnixSignals

/// `--watch` of the apps' sync commands: runs a sync service until SIGINT or SIGTERM, printing each change of
/// status and each batch sent and page received (JSON lines with `--json`), and failures on stderr.
struct SyncWatch {
    /// The engine whose status and events are printed.
    let engine: SyncEngine
    let json: Bool
    let logger: Logger

    /// Runs `service` (the engine itself, or an app's service around it) until interrupted.
    func run(_ service: any Service) async throws {
        let json = self.json
        let engine = self.engine
        let logger = self.logger
        let events = engine.events()
        let printer = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await status in engine.status {
                            Self.emit(json ? "{\"status\":\"\(status)\"}" : "status: \(status)")
                        }
                    } catch is CancellationError {
                    } catch {
                        logger.warning("Status updates stopped; syncing goes on", metadata: ["error": "\(error)"])
                    }
                }
                group.addTask {
                    for await event in events {
                        switch event {
                        case .sent(let zone, let batch, let saved, let deleted):
                            Self.emit(
                                json
                                    ? "{\"sent\":{\"zone\":\"\(zone.zoneName)\",\"batch\":\(batch),\"saved\":\(saved.count),\"deleted\":\(deleted.count)}}"
                                    : "sent batch \(batch): \(saved.count) saved, \(deleted.count) deleted")
                        case .fetched(let zone, let saved, let deleted):
                            Self.emit(
                                json
                                    ? "{\"received\":{\"zone\":\"\(zone.zoneName)\",\"saved\":\(saved.count),\"deleted\":\(deleted.count)}}"
                                    : "received: \(saved.count) saved, \(deleted.count) deleted")
                        case .failed(let id, let reason):
                            FileHandle.standardError.write(Data("error: not synced: \(id): \(reason)\n".utf8))
                        default:
                            break
                        }
                    }
                }
            }
        }
        defer { printer.cancel() }
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }

    private static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
