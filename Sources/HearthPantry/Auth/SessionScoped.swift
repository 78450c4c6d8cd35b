/// A service that holds what the signed-in account sees (cached answers, rules, watched values, live
/// subscriptions) and forgets all of it when the account signs out, so the next account to sign in on the same
/// services sees none of it. ``DependencyContainer/signOut()`` tells every such service.
public protocol SessionScoped: Sendable {
    /// Forgets everything kept for the signed-in account; watchers of its data see their streams end.
    func forgetSession() async
}
