import Synchronization

/// Wires an app together: services are registered by the type callers ask for (usually a protocol) and
/// resolved on demand. There are no global instances; each app, test or command builds its own container.
///
/// ```swift
/// let container = ServiceContainer()
/// container.register((any Clock<Duration>).self) { _ in ContinuousClock() }
/// container.register(HouseholdServicing.self, lifetime: .singleton) { c in
///     HouseholdService(api: try c.resolve(GraphQLClient.self))
/// }
/// let households = try container.resolve(HouseholdServicing.self)
/// ```
///
/// A child container (``makeChild()``) sees its parent's registrations and can override them, which is how
/// a test swaps one dependency and keeps the rest.
public final class ServiceContainer: Sendable {
    /// Whether a factory runs once per container or on every resolve.
    public enum Lifetime: Sendable {
        /// One instance, made on first resolve and then reused.
        case singleton
        /// A new instance on every resolve.
        case transient
    }

    private struct Registration: Sendable {
        let lifetime: Lifetime
        let factory: @Sendable (ServiceContainer) throws -> any Sendable
    }

    private let parent: ServiceContainer?
    private let registrations = Mutex<[ObjectIdentifier: Registration]>([:])
    private let instances = Mutex<[ObjectIdentifier: any Sendable]>([:])

    /// The types being made on the current task, to report dependency cycles instead of recursing forever.
    @TaskLocal private static var inProgress: [ObjectIdentifier] = []

    /// Creates an empty container, optionally inheriting from `parent`.
    ///
    /// A child makes its own instances of the services it inherits, so an override registered in the child
    /// is seen by everything resolved through it.
    public init(parent: ServiceContainer? = nil) {
        self.parent = parent
    }

    /// A container that falls back to this one for anything it does not register itself.
    public func makeChild() -> ServiceContainer { ServiceContainer(parent: self) }

    /// Registers a factory for `type`. Services cross tasks, so they must be `Sendable`.
    public func register<T: Sendable>(
        _ type: T.Type,
        lifetime: Lifetime = .singleton,
        factory: @escaping @Sendable (ServiceContainer) throws -> T
    ) {
        let key = ObjectIdentifier(type)
        registrations.withLock { $0[key] = Registration(lifetime: lifetime, factory: { try factory($0) }) }
        instances.withLock { _ = $0.removeValue(forKey: key) }
    }

    /// Registers an existing instance for `type`.
    public func register<T: Sendable>(_ type: T.Type, instance: T) {
        let key = ObjectIdentifier(type)
        registrations.withLock { $0[key] = Registration(lifetime: .singleton, factory: { _ in instance }) }
        instances.withLock { $0[key] = instance }
    }

    /// Whether `type` can be resolved here or in a parent.
    public func isRegistered<T>(_ type: T.Type) -> Bool {
        registration(for: ObjectIdentifier(type)) != nil
    }

    /// The service registered for `type`.
    /// - Throws: ``ServiceError`` with code ``ServiceError/Code/notRegistered`` naming the type when neither
    ///   this container nor a parent registered it, or when factories depend on each other in a cycle.
    public func resolve<T: Sendable>(_ type: T.Type) throws -> T {
        let key = ObjectIdentifier(type)
        guard let registration = registration(for: key) else { throw Self.missing(type) }
        if registration.lifetime == .singleton, let existing = instances.withLock({ $0[key] }) as? T {
            return existing
        }
        let chain = Self.inProgress
        guard !chain.contains(key) else {
            throw ServiceError(
                .notRegistered,
                "\(String(reflecting: type)) depends on itself through its registrations; break the cycle."
            )
        }
        let made = try Self.$inProgress.withValue(chain + [key]) { try registration.factory(self) }
        guard let instance = made as? T else {
            throw ServiceError(
                .notRegistered, "The factory for \(String(reflecting: type)) returned a \(Swift.type(of: made)).")
        }
        guard registration.lifetime == .singleton else { return instance }
        return instances.withLock { stored in
            if let existing = stored[key] as? T { return existing }
            stored[key] = instance
            return instance
        }
    }

    private func registration(for key: ObjectIdentifier) -> Registration? {
        registrations.withLock { $0[key] } ?? parent?.registration(for: key)
    }

    private static func missing<T>(_ type: T.Type) -> ServiceError {
        ServiceError(
            .notRegistered,
            "No service is registered for \(String(reflecting: type)). Register it on the ServiceContainer before resolving it."
        )
    }
}
