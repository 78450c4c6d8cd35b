import Testing

@testable import HearthOCR

@Suite struct TextLineFinderTests {
    /// Glyphs ten pixels tall, `#` for ink; none has a hole closed on all four sides.
    static let zero = [
        ".####.", "#....#", "#....#", "#....#", "#....#", "#....#", "#....#", "#....#", "#....#", ".####.",
    ]
    static let one = [".##", "###", ".##", ".##", ".##", ".##", ".##", ".##", ".##", "###"]
    static let seven = [
        "######", "######", "....##", "...##.", "...##.", "..##..", "..##..", ".##...", ".##...", ".##...",
    ]
    static let four = [
        "....##", "...###", "..#.##", ".#..##", "#...##", "######", "....##", "....##", "....##", "....##",
    ]

    /// A glyph and where its top-left corner goes.
    typealias Placed = (glyph: [String], x: Int, y: Int)

    /// "0174 0" laid out from `x`, with its top at `y`; the row the tests look for.
    func row(x: Int = 6, y: Int) -> [Placed] {
        [
            (Self.zero, x, y), (Self.one, x + 9, y), (Self.seven, x + 15, y), (Self.four, x + 24, y),
            (Self.zero, x + 33, y),
        ]
    }

    /// A white image with the glyphs drawn in ink (or, with `ink` false, cut out of ink as paper).
    func draw(_ glyphs: [Placed], on bitmap: inout Bitmap, ink: Bool = true) {
        for (glyph, x, y) in glyphs {
            for (dy, line) in glyph.enumerated() {
                for (dx, character) in line.enumerated() where character == "#" { bitmap[x + dx, y + dy] = ink }
            }
        }
    }

    func drawn(width: Int, height: Int, _ glyphs: [Placed]) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        draw(glyphs, on: &bitmap)
        return bitmap
    }

    /// Sets a rectangle of pixels, both ranges inclusive.
    func fill(_ bitmap: inout Bitmap, x: ClosedRange<Int>, y: ClosedRange<Int>, ink: Bool = true) {
        for py in y { for px in x { bitmap[px, py] = ink } }
    }

    /// A rectangle's outline, one pixel wide.
    func frame(_ bitmap: inout Bitmap, x: ClosedRange<Int>, y: ClosedRange<Int>) {
        fill(&bitmap, x: x, y: y.lowerBound...y.lowerBound)
        fill(&bitmap, x: x, y: y.upperBound...y.upperBound)
        fill(&bitmap, x: x.lowerBound...x.lowerBound, y: y)
        fill(&bitmap, x: x.upperBound...x.upperBound, y: y)
    }

    /// What ``TextLineFinder/isolate(_:)`` should give for `glyphs` alone: them in ink, cropped with the
    /// margin of half their height (ten pixels: five), and where that crop lies in the input.
    func expectedLine(_ glyphs: [Placed]) -> (bitmap: Bitmap, origin: (x: Int, y: Int)) {
        let minX = glyphs.map(\.x).min()!
        let minY = glyphs.map(\.y).min()!
        let maxX = glyphs.map { $0.x + $0.glyph[0].count - 1 }.max()!
        let maxY = glyphs.map { $0.y + $0.glyph.count - 1 }.max()!
        let origin = (x: minX - 5, y: minY - 5)
        let bitmap = drawn(
            width: maxX - minX + 11, height: maxY - minY + 11,
            glyphs.map { ($0.glyph, $0.x - origin.x, $0.y - origin.y) })
        return (bitmap, origin)
    }

    /// Checks that `bitmap` isolates to exactly `glyphs`, in the given polarity.
    func expectIsolated(
        _ bitmap: Bitmap, to glyphs: [Placed], inverted: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let line = TextLineFinder().isolate(bitmap) else {
            Issue.record("no line found", sourceLocation: sourceLocation)
            return
        }
        let expected = expectedLine(glyphs)
        #expect(line.characters == glyphs.count, sourceLocation: sourceLocation)
        #expect(line.inverted == inverted, sourceLocation: sourceLocation)
        #expect(line.height == 10, sourceLocation: sourceLocation)
        #expect(line.origin == expected.origin, sourceLocation: sourceLocation)
        #expect(line.bitmap.rows == expected.bitmap.rows, sourceLocation: sourceLocation)
    }

    @Test func theGlyphsAreCandidatesAndBlobsOfTheirOwn() {
        let components = ConnectedComponents(drawn(width: 64, height: 24, row(y: 7)))
        #expect(components.components.map(\.height) == [10, 10, 10, 10, 10])
        #expect(components.components.map(\.pixelCount) == [24, 22, 28, 28, 24])
        let finder = TextLineFinder()
        #expect(components.components.allSatisfy { finder.isCandidate($0, in: components) })
    }

    @Test func aRowOfGlyphsIsOneLine() {
        let glyphs = row(y: 7)
        let bitmap = drawn(width: 64, height: 24, glyphs)
        expectIsolated(bitmap, to: glyphs)
        let line = TextLineFinder().line(in: ConnectedComponents(bitmap))
        #expect(line?.members == [0, 1, 2, 3, 4])
        #expect(line?.kept.sorted() == [0, 1, 2, 3, 4])
        #expect(line?.slope == 0)
    }

    @Test func specksAreDropped() {
        let glyphs = row(y: 7)
        var bitmap = drawn(width: 64, height: 24, glyphs)
        fill(&bitmap, x: 48...49, y: 11...12)  // just after the last glyph, on the line
        fill(&bitmap, x: 13...13, y: 12...12)  // between the first two glyphs
        fill(&bitmap, x: 55...56, y: 2...3)  // above the line
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func aFrameAroundTheTextIsDropped() {
        let glyphs = row(y: 10)
        var bitmap = drawn(width: 70, height: 30, glyphs)
        frame(&bitmap, x: 0...69, y: 0...29)  // along the edge of the image
        frame(&bitmap, x: 2...67, y: 2...27)  // inside it, touching nothing
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func longRulesAreDropped() {
        let glyphs = row(y: 6)
        var bitmap = drawn(width: 70, height: 30, glyphs)
        fill(&bitmap, x: 3...66, y: 22...23)  // a rule under the text
        fill(&bitmap, x: 60...61, y: 2...19)  // an upright, as tall as two lines
        fill(&bitmap, x: 1...68, y: 27...27)  // a thin rule across most of the image
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func aSolidBlockIsNoCharacter() {
        let block = ConnectedComponents.Component(minX: 0, minY: 0, maxX: 11, maxY: 11, pixelCount: 144)
        let finder = TextLineFinder()
        #expect(finder.isSolid(block))
        // A bar as thin as a "1" is not solid, however full.
        #expect(!finder.isSolid(ConnectedComponents.Component(minX: 0, minY: 0, maxX: 2, maxY: 9, pixelCount: 30)))
    }

    @Test func solidBlocksAreDropped() {
        let glyphs = row(y: 7)
        var bitmap = drawn(width: 80, height: 26, glyphs)
        fill(&bitmap, x: 62...73, y: 6...17)  // as tall as the text, on its line, well clear of it
        fill(&bitmap, x: 50...61, y: 20...23)  // a smudge under the text
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func aSolidBlockBesideTheTextIsDropped() {
        let glyphs = row(y: 7)
        var bitmap = drawn(width: 70, height: 26, glyphs)
        fill(&bitmap, x: 48...59, y: 6...17)  // a cell, three pixels after the last glyph
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func piecesOfABrokenCharacterAreKept() throws {
        // A bold bar broken in two: neither half is tall enough to be a character, and each is solid, but
        // both are pieces of the line and stay in it.
        let glyphs: [Placed] = [(Self.zero, 6, 7), (Self.one, 15, 7), (Self.zero, 30, 7), (Self.four, 39, 7)]
        let top: [Placed] = [(["####", "####", "####", "####", "####"], 22, 7)]
        let bottom: [Placed] = [(["####", "####", "####", "####"], 22, 13)]
        let line = try #require(TextLineFinder().isolate(drawn(width: 60, height: 24, glyphs + top + bottom)))
        #expect(line.characters == 4)
        #expect(line.origin == (1, 2))
        #expect(line.bitmap.rows == expectedLine(glyphs + top + bottom).bitmap.rows)
    }

    @Test func lightTextOnDarkCellsIsFound() {
        // Each glyph is cut as paper out of its own dark cell, as on the drums of a mechanical counter.
        let glyphs = [
            (Self.zero, 7, 8), (Self.one, 21, 8), (Self.seven, 33, 8), (Self.four, 46, 8), (Self.zero, 59, 8),
        ]
        var bitmap = Bitmap(width: 72, height: 26)
        for cell in [4, 17, 30, 43, 56] { fill(&bitmap, x: cell...(cell + 11), y: 5...20) }
        draw(glyphs, on: &bitmap, ink: false)
        // The cells are solid, so in ink nothing forms a line.
        #expect(TextLineFinder().line(in: ConnectedComponents(bitmap)) == nil)
        expectIsolated(bitmap, to: glyphs, inverted: true)
    }

    @Test func theLongerOfTwoLinesIsKept() {
        let glyphs = row(y: 24)
        var bitmap = drawn(width: 60, height: 40, glyphs)
        draw([(Self.zero, 8, 4), (Self.zero, 18, 4), (Self.zero, 28, 4)], on: &bitmap)
        expectIsolated(bitmap, to: glyphs)
    }

    @Test func aWideGapSplitsTheLineAndTheLargerPartIsKept() {
        let left: [Placed] = [(Self.zero, 8, 6), (Self.one, 18, 6), (Self.zero, 25, 6)]
        let right: [Placed] = [(Self.four, 70, 6), (Self.seven, 80, 6)]
        expectIsolated(drawn(width: 96, height: 22, left + right), to: left)
    }

    @Test func aTiltedLineIsFoundWithItsSlope() {
        // Each glyph sits one pixel lower than the one before, ten pixels to its left.
        let glyphs: [Placed] = (0..<6).map { (Self.zero, 6 + 10 * $0, 5 + $0) }
        let bitmap = drawn(width: 74, height: 26, glyphs)
        let line = TextLineFinder().isolate(bitmap)
        #expect(line?.characters == 6)
        #expect(abs((line?.slope ?? 0) - 0.1) < 1e-9)
        #expect(line?.bitmap.rows == expectedLine(glyphs).bitmap.rows)
    }

    @Test func aLoneGlyphIsALineOfOne() {
        let glyphs: [Placed] = [(Self.four, 10, 6)]
        expectIsolated(drawn(width: 30, height: 22, glyphs), to: glyphs)
    }

    @Test func nothingIsFoundWhereThereIsNoText() {
        let finder = TextLineFinder()
        #expect(finder.isolate(Bitmap(width: 0, height: 0)) == nil)
        #expect(finder.isolate(Bitmap(rows: [])) == nil)
        #expect(finder.isolate(Bitmap(width: 1, height: 1)) == nil)
        #expect(finder.isolate(Bitmap(width: 40, height: 20)) == nil)
        #expect(finder.isolate(Bitmap(width: 40, height: 20).inverted) == nil)
        // Only specks and a rule: nothing tall enough to be a character.
        var bitmap = Bitmap(width: 40, height: 20)
        fill(&bitmap, x: 3...4, y: 3...4)
        fill(&bitmap, x: 10...12, y: 9...10)
        fill(&bitmap, x: 2...37, y: 15...15)
        #expect(finder.isolate(bitmap) == nil)
        #expect(finder.line(in: ConnectedComponents(bitmap)) == nil)
    }
}
