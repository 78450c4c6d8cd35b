/// LOINC codes: the `NNNNN-N` format and its Mod 10 check digit.
///
/// The check digit follows the LOINC Users' Guide: number the digits from the right; the odd positions
/// (1st, 3rd…) read as a number are doubled; the even positions are written before that; the digits are
/// summed, and the check digit is what brings the sum up to the next multiple of ten. For 4548-4 (HbA1c):
/// odd positions 8, 5 → 85 × 2 = 170; even positions 4, 4 → "44" + "170"; 4+4+1+7+0 = 16; 20 − 16 = 4.
public enum LOINCCode {
    /// Codes LOINC published with a check digit that the algorithm does not give (all deprecated); they are
    /// accepted as they were printed.
    static let publishedExceptions: Set<String> = [
        "11491-6", "11501-6", "5895-7", "5896-5", "5897-3", "5928-1", "6028-3", "6415-5", "6580-7", "6645-7",
        "6646-5", "6647-3", "6648-1", "6649-9",
    ]

    /// The check digit of the digits before the dash ("4548" → 4); nil when they are not 1 to 7 digits.
    public static func checkDigit(of number: some StringProtocol) -> Int? {
        guard (1...7).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // Positions counted from the right, as the Users' Guide numbers them: 1st, 2nd, 3rd…
        let fromRight = number.reversed().map { String($0) }
        let odd = stride(from: 0, to: fromRight.count, by: 2).map { fromRight[$0] }.joined()
        let even = stride(from: 1, to: fromRight.count, by: 2).map { fromRight[$0] }.joined()
        let written = even + String(Int(odd)! * 2)
        let sum = written.reduce(0) { $0 + Int(String($1))! }
        return (10 - sum % 10) % 10
    }

    /// What is wrong with `code` as a LOINC code, or nil when it is one.
    public static func problem(_ code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 1, let given = Int(parts[1]), let expected = checkDigit(of: parts[0])
        else {
            return
                "The LOINC code \"\(code)\" is not written as a LOINC code; write its digits, a dash and the check digit, such as 4548-4"
        }
        guard given == expected || publishedExceptions.contains(code) else {
            return
                "The LOINC code \"\(code)\" has check digit \(given), but \(parts[0]) gives \(expected); check the code (\(parts[0])-\(expected)?) on the lab report"
        }
        return nil
    }
}
