/// How much of a vehicle's fill-ups and history its page lists: the latest of each (``List/recentLimit``), so the
/// page stays the same size however many years it holds, or all of one list (`?all=fuel`, `?all=history`). The
/// charts, figures and reports always count everything.
enum VehicleListing: Hashable, Sendable {
    case recent
    case all(List)

    /// A list the page can show in full.
    enum List: String, Hashable, Sendable {
        case fuel
        case history

        /// The rows shown unless all are asked for: the last twenty fill-ups (half a year, filling up every ten
        /// days) and the last ten services (each carries its own forms).
        var recentLimit: Int {
            switch self {
            case .fuel: 20
            case .history: 10
            }
        }
    }

    /// What `?all=` asks for; the latest rows for anything else.
    init(_ parameter: String?) {
        self = parameter.flatMap(List.init(rawValue:)).map(Self.all) ?? .recent
    }

    /// How many rows of `list` the page shows.
    func limit(of list: List) -> Int {
        self == .all(list) ? Int.max : list.recentLimit
    }

    /// What the page says of the rows of `list` it leaves out, of `count`: how many there are in all and the
    /// link to see them; an empty string when none are left out.
    func hidden(of list: List, among count: Int) -> Any {
        guard count > limit(of: list) else { return "" }
        return ["total": count, "list": list.rawValue]
    }
}
