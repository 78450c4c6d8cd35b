extension Clock where Duration == Swift.Duration {
    /// A reading of the time passed on this clock since the call.
    ///
    /// It lets a type hold an injected `any Clock<Duration>` and still measure an age or a silence, whose
    /// instants it could not otherwise store.
    package func stopwatch() -> @Sendable () -> Duration {
        let origin = now
        return { origin.duration(to: self.now) }
    }
}
