import HearthCore

/// A vehicle identification number, checked offline: 17 characters without I, O or Q, with a check digit,
/// a model year and a maker's region.
///
/// ```swift
/// switch VIN.parse("1HGCM82633A004352") {
/// case .success(let vin): print(vin.modelYear, vin.region, vin.isCheckDigitValid)   // 2003 northAmerica true
/// case .failure(let problem): print(problem.message)
/// }
/// ```
public struct VIN: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Why a text is not a VIN.
    public struct Problem: Error, Sendable, Hashable {
        /// A sentence that says what is wrong and how to fix it.
        public let message: String
    }

    /// The continent a VIN's first character assigns the maker to.
    public enum Region: String, Sendable, Hashable, Codable {
        case africa = "Africa", asia = "Asia", europe = "Europe", northAmerica = "North America"
        case oceania = "Oceania", southAmerica = "South America"
    }

    /// The 17 characters, upper case.
    public let value: String

    private init(value: String) { self.value = value }

    public var description: String { value }

    /// The VIN in `text`, after OCR correction (see ``correctingOCR(_:)``), or why it is not one.
    public static func parse(_ text: String) -> Result<VIN, Problem> {
        let candidate = correctingOCR(text)
        guard !candidate.isEmpty else {
            return .failure(
                Problem(message: "The VIN is empty; it has 17 characters, printed at the base of the windshield"))
        }
        guard candidate.count == 17 else {
            return .failure(Problem(message: "\"\(text)\" has \(candidate.count) characters; a VIN has exactly 17"))
        }
        if let bad = candidate.first(where: { !allowed.contains($0) }) {
            return .failure(
                Problem(
                    message: "\"\(text)\" contains '\(bad)'; a VIN has only the letters A–Z (no I, O or Q) and digits"))
        }
        return .success(VIN(value: candidate))
    }

    /// `text` upper-cased, without spaces or dashes, with the letters a VIN never contains replaced by the
    /// digits OCR mistakes them for: O→0, I→1, Q→0.
    public static func correctingOCR(_ text: String) -> String {
        String(
            text.uppercased().compactMap { character -> Character? in
                switch character {
                case " ", "-", "\t", "\n", "\r": return nil
                case "O", "Q": return "0"
                case "I": return "1"
                default: return character
                }
            })
    }

    /// How a VIN typed by a person is stored: corrected and upper-cased, or nil when blank.
    public static func normalizedForStorage(_ text: String?) -> String? {
        guard let text else { return nil }
        let corrected = correctingOCR(text)
        return corrected.isEmpty ? nil : corrected
    }

    // MARK: Check digit

    /// The check digit position 9 should hold: 0–9 or X.
    public var expectedCheckDigit: Character {
        // `parse` admits only 17 VIN characters, so the shared rule always has an answer.
        Validation.vinCheckDigit(value) ?? "0"
    }

    /// The check digit the VIN holds (position 9).
    public var checkDigit: Character { value[value.index(value.startIndex, offsetBy: 8)] }

    /// Whether the check digit matches. North American VINs must pass; elsewhere makers may ignore it.
    public var isCheckDigitValid: Bool { checkDigit == expectedCheckDigit }

    // MARK: Model year

    /// The model year from position 10, disambiguated by position 7 (a letter there means 2010 or later for
    /// cars and light trucks); nil when position 10 holds no year code.
    public var modelYear: Int? {
        guard let base = Self.baseYear(for: character(at: 10)) else { return nil }
        return character(at: 7).isLetter ? base + 30 : base
    }

    /// Both years position 10 can mean (30 years apart), for vehicles where position 7 does not decide.
    public var possibleModelYears: [Int] {
        guard let base = Self.baseYear(for: character(at: 10)) else { return [] }
        return [base, base + 30]
    }

    // MARK: Maker

    /// The world manufacturer identifier: the first three characters.
    public var wmi: String { String(value.prefix(3)) }

    /// The continent of the maker, from the first character.
    public var region: Region {
        switch character(at: 1) {
        case "A"..."H": return .africa
        case "J"..."R": return .asia
        case "S"..."Z": return .europe
        case "1"..."5": return .northAmerica
        case "6", "7": return .oceania
        default: return .southAmerica
        }
    }

    /// The country of the maker when the first two characters name a well-known one.
    public var country: String? {
        let first = character(at: 1)
        let second = character(at: 2)
        switch first {
        case "1", "4", "5": return "United States"
        case "2": return "Canada"
        case "3": return ("A"..."W").contains(second) ? "Mexico" : nil
        case "J": return "Japan"
        case "K": return ("L"..."R").contains(second) ? "South Korea" : nil
        case "L": return "China"
        case "S": return ("A"..."M").contains(second) ? "United Kingdom" : nil
        case "V": return ("F"..."R").contains(second) ? "France" : ("S"..."W").contains(second) ? "Spain" : nil
        case "W": return "Germany"
        case "Y": return ("S"..."W").contains(second) ? "Sweden" : nil
        case "Z": return ("A"..."R").contains(second) ? "Italy" : nil
        case "6": return "Australia"
        case "9": return ("A"..."E").contains(second) ? "Brazil" : nil
        default: return nil
        }
    }

    /// The maker, when the WMI is one of the common ones.
    public var manufacturer: String? { Self.manufacturers[wmi] }

    /// The common WMIs whose maker ``manufacturer`` names; the OCR prefers readings that start with one.
    public static var knownWMIs: Set<String> { Set(manufacturers.keys) }

    // MARK: Tables

    private static let allowed = Validation.vinCharacters

    private static func baseYear(for code: Character) -> Int? {
        let letters: [Character] = Array("ABCDEFGHJKLMNPRSTVWXY")
        if let index = letters.firstIndex(of: code) { return 1980 + index }
        if let digit = code.wholeNumberValue, digit >= 1 { return 2000 + digit }
        return nil
    }

    private func character(at position: Int) -> Character {
        value[value.index(value.startIndex, offsetBy: position - 1)]
    }

    private static let manufacturers: [String: String] = [
        "1C4": "Chrysler", "1C6": "Chrysler (Ram)", "1FA": "Ford", "1FM": "Ford", "1FT": "Ford", "1G1": "Chevrolet",
        "1GC": "Chevrolet", "1GN": "Chevrolet", "1G6": "Cadillac", "1HG": "Honda", "1J4": "Jeep", "1N4": "Nissan",
        "1N6": "Nissan", "19X": "Honda", "2FM": "Ford", "2G1": "Chevrolet", "2HG": "Honda", "2HK": "Honda",
        "2T1": "Toyota", "2T3": "Toyota", "3FA": "Ford", "3GN": "Chevrolet", "3HG": "Honda", "3N1": "Nissan",
        "3VW": "Volkswagen", "4S3": "Subaru", "4S4": "Subaru", "4T1": "Toyota", "4T3": "Toyota", "5FN": "Honda",
        "5J6": "Honda", "5N1": "Nissan", "5NP": "Hyundai", "5TD": "Toyota", "5YJ": "Tesla", "7SA": "Tesla",
        "JF1": "Subaru", "JF2": "Subaru", "JHM": "Honda", "JM1": "Mazda", "JN1": "Nissan", "JN8": "Nissan",
        "JT2": "Toyota", "JTD": "Toyota", "JTE": "Toyota", "JTH": "Lexus", "JTM": "Toyota", "KL1": "Chevrolet",
        "KM8": "Hyundai", "KMH": "Hyundai", "KNA": "Kia", "KND": "Kia", "SAJ": "Jaguar", "SAL": "Land Rover",
        "SCC": "Lotus", "VF1": "Renault", "VF3": "Peugeot", "VSS": "SEAT", "WA1": "Audi", "WAU": "Audi",
        "WBA": "BMW", "WBS": "BMW M", "WDB": "Mercedes-Benz", "WDD": "Mercedes-Benz", "WMW": "MINI",
        "WP0": "Porsche", "WP1": "Porsche", "WVW": "Volkswagen", "WVG": "Volkswagen", "YV1": "Volvo",
        "YV4": "Volvo", "ZAR": "Alfa Romeo", "ZFA": "Fiat", "ZFF": "Ferrari", "ZHW": "Lamborghini",
        "9BW": "Volkswagen",
    ]
}
