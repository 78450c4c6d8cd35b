/// One Server-Sent Events message: its `event` name (`message` when the server gave none), its `data`
/// lines joined with newlines, and its `id`.
struct ServerSentEvent: Sendable, Hashable {
    var event: String
    var data: String
    var id: String?

    init(event: String = "message", data: String, id: String? = nil) {
        self.event = event
        self.data = data
        self.id = id
    }
}
