extension ReminderAction {
    /// The analytics category of the action.
    var analyticsAction: GarageEvent.ReminderAction {
        switch self {
        case .markDone: .markDone
        case .remindTomorrow: .remindTomorrow
        case .updateNow: .updateNow
        case .remindLater: .remindLater
        case .viewCosts: .viewCosts
        default: .opened
        }
    }
}
