/// What a health export holds beyond format version 1, under the record's `hearthExtensions` member: the
/// original app reads the members it knows and ignores this one, and an export without anything extra has
/// no `hearthExtensions` at all, so it stays byte for byte what version 1 writes.
///
/// One optional member per kind of content:
///
/// ```json
/// "hearthExtensions" : {
///   "medications" : [{"name" : "Metformin", "dose" : 500, "unit" : "mg", "times" : ["08:00", "20:00"], …}],
///   "observations" : [{"category" : "laboratory", "name" : "HbA1c", "value" : 5.9, "unit" : "%", …}]
/// }
/// ```
struct HealthExportExtensions: Codable, Equatable {
    /// The record's medications with their schedules and recorded doses.
    var medications: [HealthExportMedication]?
    /// Lab results and vital signs (``HealthObservation``), with their ids so a re-import recognises them.
    var observations: [HealthObservation]?

    /// Whether it carries nothing (then the export leaves it out).
    var isEmpty: Bool { (medications?.isEmpty ?? true) && (observations?.isEmpty ?? true) }
}
