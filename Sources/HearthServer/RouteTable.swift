import HTTPTypes

/// The router's paths with the methods each answers, matched segment by segment (`{name}`, `:name` and `*`
/// match any one segment, `**` the rest): how the server tells a wrong method (405 with `Allow`) from a wrong path.
///
/// As in the router, a literal segment wins over a parameter at the same place: `/cloud/v1/assets/upload` is
/// the upload route's path (POST only), not an asset named "upload".
struct RouteTable: Sendable {
    private var routes: [(segments: [Substring], method: HTTPRequest.Method)] = []

    init() {}

    init(_ routes: [(HTTPRequest.Method, String)]) {
        self.routes = routes.map { (Self.segments($0.1), $0.0) }
    }

    /// The methods routed for `path`, in a stable order; empty when no route has that path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let parts = Self.segments(path)
        let matching = routes.filter { Self.matches($0.segments, parts) }
        guard let best = matching.map(\.segments).min(by: Self.isMoreSpecific) else { return [] }
        var found: [HTTPRequest.Method] = []
        for route in matching where Self.sameShape(route.segments, best) && !found.contains(route.method) {
            found.append(route.method)
        }
        return found.sorted { $0.rawValue < $1.rawValue }
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func isParameter(_ segment: Substring) -> Bool {
        segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}")) || segment == "*"
            || segment == "**"
    }

    /// Whether `a` names its first differing segment literally where `b` has a parameter.
    private static func isMoreSpecific(_ a: [Substring], _ b: [Substring]) -> Bool {
        for (left, right) in zip(a, b) where isParameter(left) != isParameter(right) {
            return !isParameter(left)
        }
        return false
    }

    /// Whether two templates have literals and parameters at the same places (the same route, parameters
    /// named alike or not).
    private static func sameShape(_ a: [Substring], _ b: [Substring]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { isParameter($0) ? isParameter($1) : $0 == $1 }
    }

    private static func matches(_ template: [Substring], _ parts: [Substring]) -> Bool {
        var index = 0
        for (position, segment) in template.enumerated() {
            if segment == "**" { return true }
            guard index < parts.count else { return false }
            if !(isParameter(segment) || segment == parts[index]) { return false }
            index += 1
            if position == template.count - 1 { return index == parts.count }
        }
        return template.isEmpty && parts.isEmpty
    }
}
