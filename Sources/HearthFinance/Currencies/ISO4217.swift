/// The active ISO 4217 currency codes and the digits after the decimal point (minor units) each uses.
///
/// Withdrawn codes (such as `HRK`, replaced by the euro in 2023, or `CYP`, `EEK`, `LTL`) and units without
/// minor units (precious metals, `XDR`, `XXX`) are not here: an amount cannot be kept in them.
enum ISO4217 {
    /// Minor units by alphabetic code.
    static let minorUnits: [String: Int] = {
        var table: [String: Int] = [:]
        for code in zero { table[code] = 0 }
        for code in three { table[code] = 3 }
        for code in four { table[code] = 4 }
        for code in two { table[code] = 2 }
        return table
    }()

    private static let zero = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF",
        "XOF", "XPF",
    ]
    private static let three = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let four = ["CLF", "UYW"]
    private static let two = [
        "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BMD", "BND",
        "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CNY", "COP",
        "COU", "CRC", "CUP", "CVE", "CZK", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP",
        "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IRR", "JMD",
        "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD",
        "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK",
        "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "QAR", "RON", "RSD", "RUB", "SAR", "SBD", "SCR",
        "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT",
        "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "USN", "UYU", "UZS", "VED", "VES", "WST", "XCD", "XCG",
        "YER", "ZAR", "ZMW", "ZWG",
    ]
}
