extension MileageSnapshot.Source {
    /// The analytics category of a reading's source.
    var analyticsSource: GarageEvent.MileageSource {
        switch self {
        case .serviceCompletion: .serviceCompletion
        case .`import`: .imported
        case .reminder: .reminder
        case .watch: .watch
        case .voice: .voice
        default: .manual
        }
    }
}
