import Foundation

/// What Hearth adds to JSON export version 1, under the top-level member `hearthExtensions` (absent when there
/// is nothing to add). The original app reads only the members it knows, so it ignores this one; every member
/// here is optional.
struct HealthExportExtensions: Codable, Equatable {
    /// The record's medications with their schedules and recorded doses.
    var medications: [HealthExportMedication]?
}
