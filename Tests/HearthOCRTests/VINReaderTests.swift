import HearthCore
import HearthOCR
import Testing

@Suite struct VINReaderTests {
    /// A pass that read `text` with every character at `confidence`, and the given alternatives.
    func pass(_ text: String, confidence: Double = 90, alternatives: [Int: [(String, Double)]] = [:]) -> Recognition {
        let symbols = text.enumerated().map { index, character in
            RecognizedSymbol(
                String(character), confidence: confidence,
                alternatives: (alternatives[index] ?? []).map { RecognizedSymbol.Alternative($0.0, confidence: $0.1) })
        }
        return Recognition(pass: "test", text: text, confidence: confidence, symbols: symbols)
    }

    @Test func aValidReadingIsKeptAsItIs() {
        let reading = VINReader().read([pass("1HGCM82633A004352")])
        #expect(reading.vin == "1HGCM82633A004352")
        #expect(reading.corrections.isEmpty)
        #expect(reading.warnings.isEmpty)
        #expect(reading.confidence > 0.8 && reading.confidence <= 1)
    }

    @Test func aKnownMakerCodeTipsTheBalance() {
        // Both readings have a valid check digit; the engine was unsure of the "S" and of the "1" (it also
        // weighed "3"). Only "5FN" is a known maker code (Honda).
        var recognition = pass("SFNRL38219B123456", confidence: 95, alternatives: [8: [("3", 60)]])
        recognition.symbols[0].confidence = 30
        recognition.symbols[8].confidence = 70
        #expect(VINReader().read([recognition]).vin == "SFNRL38219B123456")
        let reading = VINReader(knownWMIs: ["5FN"]).read([recognition])
        #expect(reading.vin == "5FNRL38239B123456")
        #expect(reading.confidence > 0 && reading.confidence <= 1)
    }

    @Test func oIAndQAreReadAsDigitsWithoutAWarning() {
        let reading = VINReader().read([pass("IHGCM82633AOO4352")])
        #expect(reading.vin == "1HGCM82633A004352")
        #expect(reading.text == "1HGCM82633A004352")
        #expect(reading.corrections.isEmpty)
    }

    @Test func theCheckDigitChoosesAmongLookAlikes() {
        // "B" where the VIN has "8", and the engine unsure of it: only the digit makes the check digit match.
        var recognition = pass("1HGCMB2633A004352", confidence: 95)
        recognition.symbols[5].confidence = 40
        let reading = VINReader().read([recognition])
        #expect(reading.vin == "1HGCM82633A004352")
        #expect(reading.corrections == [VINReading.Correction(position: 6, read: "B", corrected: "8")])
        #expect(reading.warnings.contains { $0.code == .correctedByCheckDigit })
    }

    @Test func theEnginesOwnAlternativesAreCheaperThanGuesses() {
        // Position 7 read as "3", but the engine also weighed "2".
        let reading = VINReader().read([pass("1HGCM83633A004352", alternatives: [6: [("2", 80)]])])
        #expect(reading.vin == "1HGCM82633A004352")
        #expect(reading.corrections == [VINReading.Correction(position: 7, read: "3", corrected: "2")])
    }

    @Test func aStrayCharacterIsDropped() {
        var recognition = pass("1HGCM82633A0043552")
        recognition.symbols[15].confidence = 20
        let reading = VINReader().read([recognition])
        #expect(reading.vin == "1HGCM82633A004352")
    }

    @Test func passesVote() {
        // The third pass read a "Z" that the check digit turns back into a "2": all three agree.
        let reading = VINReader().read([
            pass("1HGCM82633A004352"), pass("1HGCM82633A004352"), pass("1HGCM8Z633A004352", confidence: 95),
        ])
        #expect(reading.vin == "1HGCM82633A004352")
        #expect(reading.candidates.first?.passes == 3)
    }

    @Test func nothingValidIsSaidSo() {
        let reading = VINReader().read([pass("HELLO")])
        #expect(reading.vin == nil)
        #expect(reading.warnings.map(\.code) == [.checkDigitMismatch])
        #expect(VINReader().read([]).warnings.map(\.code) == [.nothingRead])
    }

    @Test func theLastFourPositionsAreDigits() {
        // A "Z" in position 17 can only be a misread "2": the reader never offers a letter there.
        let reading = VINReader().read([pass("1HGCM82633A00435Z")])
        #expect(reading.vin == "1HGCM82633A004352")
    }

    @Test func theCheckDigitRuleIsShared() {
        #expect(Validation.vinCheckDigit("1HGCM82633A004352") == "3")
        #expect(Validation.hasValidVINCheckDigit("1HGCM82633A004352"))
        #expect(!Validation.hasValidVINCheckDigit("1HGCM82643A004352"))
        #expect(Validation.vinCheckDigit("1HGCM82633A00435") == nil)
        #expect(Validation.vinCheckDigit("1HGCM82633A00435O") == nil)
    }
}
