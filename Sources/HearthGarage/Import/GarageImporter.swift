public import Foundation
import GRDB
import HearthCore
public import HearthExchange

/// Imports the CSV exports of other car apps (Fuelly/aCar, fuelly.com, Drivvo, Simply Auto) or any CSV with
/// a column mapping into one vehicle.
///
/// - The app is recognised from the file unless forced; a file of another app's shape is refused.
/// - Files stream: memory stays flat however large the file is.
/// - Day-first or month-first dates and the decimal separator are decided once per file; kilometres and
///   litres become miles and US gallons.
/// - Everything is written in one transaction; any error leaves the garage as it was. A dry run does the
///   same work and rolls it back.
/// - Each record's id comes from its content, so importing the same file twice adds nothing.
/// - An import (not a dry run) of a recognised file records ``GarageEvent/importFinished(format:outcome:)``
///   through the store's analytics: success, partial (rows skipped), failed or cancelled.
///
/// ```swift
/// let report = try await GarageImporter(store: store).importFile(at: url, options: ImportOptions(vehicleID: car.id))
/// print(report.imported, report.skipped, report.skippedRows.byReason)
/// ```
public struct GarageImporter: GarageImporting {
    public let store: any GarageTransacting

    public init(store: any GarageTransacting) {
        self.store = store
    }

    /// Imports `url` (or, with ``ImportOptions/dryRun``, reports what would be imported).
    /// - Parameter progress: called every 2,000 rows; it runs on the database's queue, so keep it quick.
    /// - Throws: ``ServiceError`` for a missing, empty, binary or unrecognised file, a wrong delimiter, a file
    ///   of another app's shape, an unterminated quote, or an unknown vehicle; nothing is written.
    public func importFile(
        at url: URL, options: ImportOptions, progress: ExchangeProgressHandler? = nil
    ) async throws -> ImportReport {
        let head = try FileHead(url: url)
        let format = try Self.format(of: head, name: url.lastPathComponent, options: options)
        do {
            let report = try await importFile(at: url, head: head, format: format, options: options, progress: progress)
            if !options.dryRun {
                await store.analytics.track(
                    GarageEvent.importFinished(
                        format: format.analyticsFormat, outcome: report.skipped > 0 ? .partial : .success))
            }
            return report
        } catch {
            if !options.dryRun {
                await store.analytics.track(
                    GarageEvent.importFinished(
                        format: format.analyticsFormat, outcome: error is CancellationError ? .cancelled : .failed))
            }
            throw error
        }
    }

    private func importFile(
        at url: URL, head: FileHead, format: ImportFormat, options: ImportOptions, progress: ExchangeProgressHandler?
    ) async throws -> ImportReport {
        let name = url.lastPathComponent
        let delimiter = try Self.delimiter(for: format, head: head, name: name, options: options)
        guard let vehicle = try await store.read({ db in try Vehicle.fetchOne(db, key: options.vehicleID) }) else {
            throw ServiceError.notFound("Vehicle \(options.vehicleID.uuidString)")
        }

        // Pass 1: settle the file's conventions (usually within the first rows).
        let sniffer = try Self.parser(for: format, options: options, label: name)
        let reader = try CSVReader(url: url, delimiter: delimiter)
        try reader.forEachRow { row in
            try sniffer.consume(row, sink: nil)
            return !sniffer.isSettled
        }
        var conventions = sniffer.conventions
        var notes: [String] = []
        if let order = options.dateOrder {
            conventions.dateOrder = order
        } else if conventions.dateOrder == nil {
            conventions.dateOrder = .monthFirst
            // Only worth saying when a date in the file could have been read the other way.
            if conventions.sawAmbiguousDate {
                notes.append(
                    "No date in the file settles whether 03/04 is 3 April or 4 March; dates were read month-first. Use --date-order day-first if that is wrong."
                )
            }
        }
        conventions.decimal = conventions.decimal ?? .dot
        if let unit = options.distanceUnit {
            conventions.distance = unit
        } else if conventions.distance == nil {
            conventions.distance = .miles
            if format == .drivvo || format == .simplyAuto || format == .generic {
                notes.append(
                    "The file does not say whether odometers are in miles or kilometres; miles were assumed. Use --distance-unit km if that is wrong."
                )
            }
        }
        if conventions.volume == nil { conventions.volume = conventions.distance == .kilometers ? .liters : .gallons }
        let settled = conventions
        let assumptions = notes

        // Pass 2: import in one transaction.
        let timeZone = store.timeZone
        let totalBytes = head.totalBytes
        return try await store.writeOrRehearse(dryRun: options.dryRun) { tx in
            let parser = try Self.parser(for: format, options: options, label: name)
            parser.conventions = settled
            let reader = try CSVReader(url: url, delimiter: delimiter)
            var report = ImportReport(
                format: format.rawValue, dryRun: options.dryRun, distanceUnit: settled.distance ?? .miles)
            // The order is worth reporting only where it decided how dates were read.
            let orderMattered = options.dateOrder != nil || settled.dateOrderDeclared || settled.sawDayMonthDate
            report.dateOrder = orderMattered ? settled.dateOrder : nil
            report.notes = assumptions
            let writer = try ImportWriter(
                tx: tx, vehicle: vehicle, report: report, distance: settled.distance ?? .miles,
                volume: settled.volume ?? .gallons,
                timeZone: timeZone,
                progress: { rows in
                    progress?(ExchangeProgress(items: rows, bytes: reader.bytesRead, totalBytes: totalBytes))
                }
            )
            try reader.forEachRow { row in
                try parser.consume(row, sink: writer)
                return true
            }
            try parser.finish(sink: writer)
            report = try writer.finish()
            report.sourceVehicles = (parser as? any VehicleListing)?.vehicleNames ?? []
            progress?(ExchangeProgress(items: report.rowsRead, bytes: totalBytes, totalBytes: totalBytes))
            return report
        }
    }

    // MARK: Choosing how to read the file

    private static func format(of head: FileHead, name: String, options: ImportOptions) throws -> ImportFormat {
        let detected = ImportFormat.detect(head)
        switch options.source {
        case .auto:
            guard let detected else {
                throw ImportError.badFile(
                    "Could not tell which app wrote \(name): it is not a Fuelly, Drivvo or Simply Auto export. Choose with --source, or map its columns with --source generic --map date=HEADER --map odometer=HEADER …"
                )
            }
            if detected == .generic, options.mapping == nil { throw mappingNeeded() }
            return detected
        case .generic:
            guard options.mapping != nil else { throw mappingNeeded() }
            return .generic
        case let forced:
            if let detected, detected.source != forced {
                throw ImportError.badFile(
                    "\(name) looks like a \(detected.rawValue), not a \(displayName(forced)) export; use --source \(detected.source.rawValue) or --source auto."
                )
            }
            switch forced {
            case .fuelly:
                // The web export has a single header row; aCar's starts with a section title.
                return detected
                    ?? (head.lines.first.map { ImportText.headerKey($0).contains("date") } == true ? .fuellyWeb : .acar)
            case .drivvo: return .drivvo
            default: return .simplyAuto
            }
        }
    }

    private static func displayName(_ source: ImportSource) -> String {
        switch source {
        case .fuelly: "Fuelly"
        case .drivvo: "Drivvo"
        case .simplyauto: "Simply Auto"
        case .generic: "generic CSV"
        case .auto: "recognised"
        }
    }

    private static func mappingNeeded() -> ServiceError {
        ImportError.invalidOption(
            "A generic import needs its columns named: --map date=HEADER plus --map odometer=, cost=, service= or volume=HEADER"
        )
    }

    private static func delimiter(for format: ImportFormat, head: FileHead, name: String, options: ImportOptions) throws
        -> UInt8
    {
        if format == .generic {
            if let given = options.delimiter {
                guard let byte = given.asciiValue, given != "\"", given != "\n", given != "\r" else {
                    throw ImportError.invalidOption(
                        "--delimiter must be one plain character such as ',' ';' or a tab, not \"\(given)\"")
                }
                return byte
            }
            return head.likelyDelimiter
        }
        let likely = head.likelyDelimiter
        if likely != UInt8(ascii: ",") {
            let shown = likely == UInt8(ascii: "\t") ? "tabs" : "'\(Character(UnicodeScalar(likely)))'"
            throw ImportError.badFile(
                "\(name) separates its fields with \(shown), but \(format.rawValue)s use commas: it was probably re-saved by a spreadsheet. Import the app's original export, or use --source generic --delimiter with --map."
            )
        }
        return likely
    }

    private static func parser(for format: ImportFormat, options: ImportOptions, label: String) throws
        -> any ImportParser
    {
        switch format {
        case .acar: return ACarParser(sourceVehicle: options.sourceVehicle, label: label)
        case .fuellyWeb: return FuellyWebParser(sourceVehicle: options.sourceVehicle, label: label)
        case .drivvo: return DrivvoParser(label: label)
        case .simplyAuto: return SimplyAutoParser(sourceVehicle: options.sourceVehicle, label: label)
        case .generic:
            guard let mapping = options.mapping else { throw mappingNeeded() }
            return GenericParser(mapping: mapping, label: label)
        }
    }
}

/// Parsers of files that name their vehicles.
protocol VehicleListing {
    var vehicleNames: [String] { get }
}

extension ACarParser: VehicleListing {}
extension FuellyWebParser: VehicleListing {}
extension SimplyAutoParser: VehicleListing {}
