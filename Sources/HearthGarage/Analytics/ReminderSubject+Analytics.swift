extension ReminderSubject {
    /// The analytics category of the reminder.
    var analyticsKind: GarageEvent.ReminderKind {
        switch self {
        case .service: .serviceDue
        case .expense: .expenseDue
        case .marbete: .marbete
        case .document: .document
        case .mileage: .mileage
        case .roundup: .yearlyRoundup
        }
    }
}
