import HearthCloudModel

/// What a vehicle page's sharing section shows: who shared the vehicle with the user, or whom the user shares
/// it with. Part of what a kept vehicle page was made from, so a change in either shows at the next request.
struct VehicleSharingState: Hashable, Sendable {
    /// The sharer and the user's rights, when the vehicle is another's.
    var sharedBy: SharedVehicle?
    /// The people the user's own vehicle is shared with, invited or accepted.
    var people: [CloudShareParticipant] = []
}
