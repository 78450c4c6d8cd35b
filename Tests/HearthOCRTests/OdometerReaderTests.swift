import Testing

@testable import HearthOCR

@Suite struct OdometerReaderTests {
    func pass(_ text: String, confidence: Double = 90) -> Recognition {
        Recognition(
            pass: "test", text: text, confidence: confidence,
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

    /// The symbols of one pass, every one at `confidence`.
    func symbols(_ text: String, confidence: Double) -> [RecognizedSymbol] {
        text.map { RecognizedSymbol(String($0), confidence: confidence) }
    }

    @Test func passesThatEachMisreadADifferentDigitStillAgree() {
        let reading = OdometerReader().read([
            pass("72118", confidence: 95), pass("42918", confidence: 95), pass("42116", confidence: 95),
        ])
        #expect(reading.value == 42_118)
        #expect(reading.best?.text == "42118")
        // No single pass read it: three positions stand on two passes of three, two on all three.
        #expect(reading.best?.passes == 0)
        #expect(abs(reading.confidence - (3 * 0.95 * 2 / 3 + 2 * 0.95) / 5) < 1e-9)
        #expect(reading.candidates.map(\.value) == [42_118, 42_116, 42_918, 72_118])
        #expect(reading.warnings.map(\.code) == [.passesDisagree])
        #expect(reading.warnings.first?.message == "Other readings of the photo: 42116, 42918, 72118.")
    }

    @Test func theConsensusVotesAmongPassesOfTheCommonLength() {
        // The four-digit pass dropped a digit and does not vote; the last position is two against one.
        let readings = [
            symbols("42118", confidence: 80), symbols("4218", confidence: 99),
            symbols("42118", confidence: 70), symbols("42113", confidence: 90),
        ]
        let consensus = OdometerReader.consensus(of: readings, passes: 4)
        #expect(consensus?.text == "42118")
        // Positions 0–3: (80 + 70 + 90) / 100 / 4 = 0.6; position 4: (80 + 70) / 100 / 4 = 0.375.
        #expect(abs((consensus?.confidence ?? 0) - (0.6 * 4 + 0.375) / 5) < 1e-9)
    }

    @Test func ofTwoLengthsAsCommonTheSurerGroupVotes() {
        let readings = [
            symbols("42118", confidence: 60), symbols("4218", confidence: 90),
            symbols("42118", confidence: 60), symbols("4218", confidence: 90),
        ]
        #expect(OdometerReader.consensus(of: readings, passes: 4)?.text == "4218")
    }

    @Test func aTiedPositionGoesToTheSurerDigitThenTheEnginesAlternativeThenTheLowerDigit() {
        let surer = OdometerReader.consensus(
            of: [symbols("1", confidence: 80), symbols("7", confidence: 60)], passes: 2)
        #expect(surer?.text == "1")
        #expect(surer?.confidence == 0.4)
        let one = RecognizedSymbol("1", confidence: 70, alternatives: [.init("7", confidence: 40)])
        #expect(OdometerReader.consensus(of: [[one], symbols("7", confidence: 70)], passes: 2)?.text == "7")
        // An alternative of more than one character, or not a digit, is no vote.
        let unsure = RecognizedSymbol(
            "1", confidence: 70, alternatives: [.init("77", confidence: 90), .init("T", confidence: 90)])
        #expect(OdometerReader.consensus(of: [[unsure], symbols("7", confidence: 70)], passes: 2)?.text == "1")
        #expect(
            OdometerReader.consensus(of: [symbols("8", confidence: 70), symbols("3", confidence: 70)], passes: 2)?.text
                == "3")
    }

    @Test func noReadingsHaveNoConsensus() {
        #expect(OdometerReader.consensus(of: [], passes: 3) == nil)
    }

    @Test func aPlausibleReadingBeatsAnImplausibleConsensus() {
        // The passes agree digit by digit on 92118, more than 50 000 above the last mileage.
        let reading = OdometerReader().read([pass("92118"), pass("92113"), pass("42118")], lastMileage: 42_000)
        #expect(reading.value == 42_118)
        #expect(reading.candidates.map(\.value) == [42_118, 92_118, 92_113])
        #expect(reading.candidates.map(\.plausible) == [true, false, false])
        #expect(reading.warnings.map(\.code) == [.passesDisagree, .lowConfidence])
    }

    @Test func readingsOfMoreThanNineDigitsAreIgnored() {
        let reading = OdometerReader().read([pass("1234567890"), pass("42118")])
        #expect(reading.candidates.map(\.value) == [42_118])
        #expect(reading.best?.passes == 1)
        // The ignored pass still counts as a pass that read nothing: 0.9 × 1/2.
        #expect(abs(reading.confidence - 0.45) < 1e-9)
        #expect(reading.warnings.map(\.code) == [.lowConfidence])
        #expect(OdometerReader().read([pass("123456789")]).value == 123_456_789)
        let tooLong = OdometerReader().read([pass(String(repeating: "9", count: 30)), pass("00000000001")])
        #expect(tooLong.value == nil)
        #expect(tooLong.warnings.map(\.code) == [.nothingRead])
    }

    @Test func aPassWhoseSymbolsMissADigitIsReadFromItsText() {
        let recognition = Recognition(
            pass: "test", text: "42 118 km", confidence: 77, symbols: symbols("4211", confidence: 99))
        let digits = OdometerReader.digits(of: recognition)
        #expect(digits.map(\.text) == ["4", "2", "1", "1", "8"])
        #expect(digits.map(\.confidence) == [77, 77, 77, 77, 77])
        let exact = Recognition(
            pass: "test", text: "42118 km", confidence: 77, symbols: symbols("42118 km", confidence: 99))
        #expect(OdometerReader.digits(of: exact).map(\.confidence) == [99, 99, 99, 99, 99])
    }
}
