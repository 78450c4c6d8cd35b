import HearthOCR
import Testing

@Suite struct OdometerReaderTests {
    func pass(_ text: String, confidence: Double = 90) -> Recognition {
        Recognition(pass: "test", text: text, confidence: confidence,
                    symbols: text.map { RecognizedSymbol(String($0), confidence: confidence) })
    }

    @Test func leadingZerosAreKeptInTheTextButNotTheValue() {
        let reading = OdometerReader().read([pass("042118")])
        #expect(reading.value == 42_118)
        #expect(reading.best?.text == "042118")
        #expect(reading.warnings.isEmpty)
    }

    @Test func theMajorityOfPassesWins() {
        let reading = OdometerReader().read([pass("42118"), pass("42118"), pass("42113", confidence: 99)])
        #expect(reading.value == 42_118)
        #expect(reading.candidates.map(\.value) == [42_118, 42_113])
        #expect(reading.warnings.map(\.code) == [.passesDisagree])
    }

    @Test func aReadingBelowTheLastMileageIsFlagged() {
        let reading = OdometerReader().read([pass("41000")], lastMileage: 42_000)
        #expect(reading.value == 41_000)
        #expect(reading.warnings.map(\.code) == [.belowLastMileage])
        #expect(reading.best?.plausible == false)
    }

    @Test func anAbsurdJumpIsFlagged() {
        let reading = OdometerReader().read([pass("942000")], lastMileage: 42_000)
        #expect(reading.warnings.map(\.code) == [.implausibleJump])
    }

    @Test func aPlausibleReadingBeatsAnImplausibleMajority() {
        let reading = OdometerReader().read([pass("92118"), pass("92118"), pass("42118")], lastMileage: 42_000)
        #expect(reading.value == 42_118)
        #expect(reading.best?.plausible == true)
    }

    @Test func nothingReadIsSaidSo() {
        let reading = OdometerReader().read([pass(""), pass("  ")])
        #expect(reading.value == nil)
        #expect(reading.confidence == 0)
        #expect(reading.warnings.map(\.code) == [.nothingRead])
    }

    @Test func lowConfidenceIsFlagged() {
        let reading = OdometerReader().read([pass("42118", confidence: 30)])
        #expect(reading.warnings.map(\.code) == [.lowConfidence])
    }
}
