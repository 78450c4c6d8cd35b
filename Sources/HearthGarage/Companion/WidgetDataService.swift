public import Foundation
import GRDB
import HearthCore
import HearthExchange
import HearthStore
import ServiceLifecycle

/// Keeps a widget's data file up to date.
public protocol WidgetDataServicing: Sendable {
    /// Writes the snapshot now and returns it.
    @discardableResult
    func writeSnapshot() async throws -> WidgetSnapshot
    /// Rewrites the snapshot whenever garage data changes, until cancelled or shut down gracefully.
    func run() async throws
}

/// Writes ``WidgetSnapshot`` JSON for a widget to read: the whole file is replaced at once (written beside it,
/// then renamed over it), so a reader never sees half of one.
///
/// ```swift
/// let widget = WidgetDataService(store: store, fileURL: container.appendingPathComponent("widget.json"))
/// try await widget.writeSnapshot()
/// let shown = try WidgetDataService.read(from: url)   // what the widget does
/// ```
public actor WidgetDataService: WidgetDataServicing {
    public let fileURL: URL
    private let store: any GarageReading
    private let settings: DueSettings
    private let perVehicle: Int

    public init(store: any GarageReading, fileURL: URL, settings: DueSettings = DueSettings(), perVehicle: Int = 3) {
        self.store = store
        self.fileURL = fileURL
        self.settings = settings
        self.perVehicle = perVehicle
    }

    /// The snapshot as of now, without writing it.
    public func snapshot() async throws -> WidgetSnapshot {
        WidgetSnapshot(
            summaries: try await store.due(vehicleID: nil, settings: settings, thresholds: UrgencyThresholds()),
            generatedAt: store.now, perVehicle: perVehicle)
    }

    @discardableResult
    public func writeSnapshot() async throws -> WidgetSnapshot {
        let snapshot = try await snapshot()
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting = [.sortedKeys]
        try Self.replace(fileURL, with: try encoder.encode(snapshot))
        return snapshot
    }

    public func run() async throws {
        let watched = store.watchDueInputs()
        try await cancelWhenGracefulShutdown {
            for try await _ in watched { try await self.writeSnapshot() }
        }
    }

    /// Reads a snapshot file as a widget does.
    /// - Throws: ``ServiceError`` when the file is missing, not a snapshot, or of a newer version.
    public static func read(from url: URL) throws -> WidgetSnapshot {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServiceError(
                .notFound, "No widget snapshot at \(url.path); write one with `hearth garage widget`.",
                underlying: error)
        }
        let snapshot: WidgetSnapshot
        do {
            snapshot = try JSONDecoder.hearth.decode(WidgetSnapshot.self, from: data)
        } catch {
            throw ServiceError(.corrupted, "\(url.path) is not a widget snapshot: \(error)", underlying: error)
        }
        guard snapshot.version <= WidgetSnapshot.currentVersion else {
            throw ServiceError.validationFailed(
                "\(url.path) is a version \(snapshot.version) snapshot; this reader knows up to \(WidgetSnapshot.currentVersion)"
            )
        }
        return snapshot
    }

    /// Writes `data` to a new file beside `url` and renames it over `url` (``AtomicFileWriter``), making the
    /// folder when it is missing.
    static func replace(_ url: URL, with data: Data) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let output = try AtomicFileWriter(url)
        do {
            try output.write(data: data)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }
}
