/// What a transaction or a group expense was for.
public enum TransactionCategory: String, FinanceEnum {
    case food = "Food & Dining"
    case transportation = "Transportation"
    case shopping = "Shopping"
    case entertainment = "Entertainment"
    case bills = "Bills & Utilities"
    case healthcare = "Healthcare"
    case income = "Income"
    case transfer = "Transfer"
    case investment = "Investment"
    case other = "Other"
}
