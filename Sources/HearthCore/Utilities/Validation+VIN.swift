extension Validation {
    /// The characters a VIN may hold: A–Z without I, O and Q, and the digits.
    public static let vinCharacters: Set<Character> = Set("ABCDEFGHJKLMNPRSTUVWXYZ0123456789")

    /// The check digit (0–9 or X) that position 9 of the 17-character `vin` should hold, or nil when `vin`
    /// is not 17 characters of ``vinCharacters``.
    ///
    /// Each character is transliterated (A,J=1 B,K,S=2 C,L,T=3 D,M,U=4 E,N,V=5 F,W=6 G,P,X=7 H,Y=8 R,Z=9,
    /// digits are themselves), weighted by 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2, summed, and taken mod 11;
    /// 10 is written X. Both the garage's VIN type and the OCR's VIN reader use this one rule.
    public static func vinCheckDigit(_ vin: String) -> Character? {
        guard vin.count == 17 else { return nil }
        var sum = 0
        for (index, character) in vin.enumerated() {
            guard let value = vinCharacterValue(character) else { return nil }
            sum += value * vinWeights[index]
        }
        let remainder = sum % 11
        return remainder == 10 ? "X" : Character(String(remainder))
    }

    /// Whether `vin` is 17 characters of ``vinCharacters`` whose position 9 holds its check digit.
    public static func hasValidVINCheckDigit(_ vin: String) -> Bool {
        guard let expected = vinCheckDigit(vin) else { return false }
        return vin[vin.index(vin.startIndex, offsetBy: 8)] == expected
    }

    /// The weight of each of the 17 positions in the check-digit sum (position 9, the check digit, weighs 0).
    public static let vinWeights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

    /// The value a VIN character adds to the check-digit sum before weighting, or nil when it is not one of
    /// ``vinCharacters``.
    public static func vinCharacterValue(_ character: Character) -> Int? {
        if let digit = character.wholeNumberValue, character.isASCII { return digit }
        switch character {
        case "A", "J": return 1
        case "B", "K", "S": return 2
        case "C", "L", "T": return 3
        case "D", "M", "U": return 4
        case "E", "N", "V": return 5
        case "F", "W": return 6
        case "G", "P", "X": return 7
        case "H", "Y": return 8
        case "R", "Z": return 9
        default: return nil
        }
    }
}
