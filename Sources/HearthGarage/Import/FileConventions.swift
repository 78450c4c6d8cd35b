import Foundation
import HearthExchange

/// What a file leaves implicit and the importer decides once per file: the order of day and month, the
/// decimal separator, and the units.
struct FileConventions {
    var dateOrder: DateOrder?
    /// The file states its date format (aCar's metadata), so evidence is not needed.
    var dateOrderDeclared = false
    /// A date was seen that reads differently day-first and month-first.
    var sawAmbiguousDate = false
    /// A date was seen with the day and month before the year, so their order was decided for this file.
    var sawDayMonthDate = false
    var decimal: DecimalSeparator?
    var distance: DistanceUnit?
    var volume: VolumeUnit?

    /// Whether the sniffing pass can stop.
    var isSettled: Bool { dateOrder != nil && decimal != nil }

    mutating func observeDate(_ field: UnsafeBufferPointer<UInt8>) {
        guard dateOrder == nil else { return }
        if !sawDayMonthDate { sawDayMonthDate = ImportText.isDayMonthDate(field) }
        if !sawAmbiguousDate { sawAmbiguousDate = ImportText.isAmbiguousDate(field) }
        guard let evidence = ImportText.dateOrderEvidence(field) else { return }
        dateOrder = evidence
    }

    mutating func observeNumber(_ field: UnsafeBufferPointer<UInt8>) {
        guard decimal == nil, let evidence = ImportText.separatorEvidence(field) else { return }
        decimal = evidence
    }
}
