/// What checking a shopping list line off gives: the list with the line checked, and the purchase that puts it
/// into stock.
public struct ShoppingCheckOff: Sendable, Hashable {
    /// The list with the line checked.
    public let list: [ShoppingListItem]
    /// The checked line.
    public let item: ShoppingListItem
    /// The purchase booking, in the stock item's unit; apply it with ``StockLedger``.
    public let booking: StockBooking

    public init(list: [ShoppingListItem], item: ShoppingListItem, booking: StockBooking) {
        self.list = list
        self.item = item
        self.booking = booking
    }
}
