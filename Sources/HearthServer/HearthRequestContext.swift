public import Hummingbird

/// The per-request context of every Hearth route.
public struct HearthRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }
}
