/// How a subscription is paid.
public enum PaymentMethod: String, FinanceEnum {
    case creditCard = "Credit Card"
    case debitCard = "Debit Card"
    case paypal = "PayPal"
    case applePay = "Apple Pay"
    case googlePay = "Google Pay"
    case bankTransfer = "Bank Transfer"
    case other = "Other"
}
