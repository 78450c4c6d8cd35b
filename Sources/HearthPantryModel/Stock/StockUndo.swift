/// What undoing a booking gives: the stock without it, and the marker booking to append to the history.
public struct StockUndo: Sendable, Hashable {
    /// The stock with the booking's effect taken back.
    public let state: StockState
    /// The booking to append: same kind and quantity as the undone one, ``StockBooking/reverses`` naming it.
    public let marker: StockBooking

    public init(state: StockState, marker: StockBooking) {
        self.state = state
        self.marker = marker
    }
}
