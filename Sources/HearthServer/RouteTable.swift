import HTTPTypes

/// The router's paths with the methods each answers, matched segment by segment (`{name}`, `:name` and `*`
/// match any one segment, `**` the rest): how the server tells a wrong method (405 with `Allow`) from a wrong path.
struct RouteTable: Sendable {
    private var routes: [(segments: [Substring], method: HTTPRequest.Method)] = []

    init() {}

    init(_ routes: [(HTTPRequest.Method, String)]) {
        self.routes = routes.map { (Self.segments($0.1), $0.0) }
    }

    /// The methods routed for `path`, in a stable order; empty when no route has that path.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let parts = Self.segments(path)
        var found: [HTTPRequest.Method] = []
        for route in routes where Self.matches(route.segments, parts) && !found.contains(route.method) {
            found.append(route.method)
        }
        return found.sorted { $0.rawValue < $1.rawValue }
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func matches(_ template: [Substring], _ parts: [Substring]) -> Bool {
        var index = 0
        for (position, segment) in template.enumerated() {
            if segment == "**" { return true }
            guard index < parts.count else { return false }
            let isParameter = segment.hasPrefix(":") || (segment.hasPrefix("{") && segment.hasSuffix("}")) || segment == "*"
            if !(isParameter || segment == parts[index]) { return false }
            index += 1
            if position == template.count - 1 { return index == parts.count }
        }
        return template.isEmpty && parts.isEmpty
    }
}
