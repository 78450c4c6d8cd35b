import Foundation

/// What a kept garage or money page was made from: the generation of the user's copy (any change, a device's
/// or a page's, moves it), the minute its figures were reckoned at, the vehicle it shows, if one, and who it
/// is shared with (which changes without the copy changing).
struct RecordsPageBasis: Hashable, Sendable {
    var generation: Int
    var minute: Date
    var subject: UUID?
    var sharing: VehicleSharingState? = nil
}
