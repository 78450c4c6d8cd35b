import HearthTestSupport
import Testing

@testable import HearthOCR

@Suite struct BitmapTests {
    /// `bitmap` grown pixel by pixel: ink wherever ink lies within `radius` columns and rows.
    func dilatedByHand(_ bitmap: Bitmap, radius: Int) -> Bitmap {
        var result = Bitmap(width: bitmap.width, height: bitmap.height)
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                var ink = false
                for ny in max(0, y - radius)...min(bitmap.height - 1, y + radius) where !ink {
                    for nx in max(0, x - radius)...min(bitmap.width - 1, x + radius) where bitmap[nx, ny] {
                        ink = true
                        break
                    }
                }
                result[x, y] = ink
            }
        }
        return result
    }

    @Test func rowsRoundTrip() {
        let rows = ["#..#", ".##.", "...#"]
        let bitmap = Bitmap(rows: rows)
        #expect(bitmap.width == 4)
        #expect(bitmap.height == 3)
        #expect(bitmap.pixels == [true, false, false, true, false, true, true, false, false, false, false, true])
        #expect(bitmap[3, 2])
        #expect(!bitmap[2, 2])
        #expect(bitmap.rows == rows)
        #expect(Bitmap(rows: []).width == 0)
    }

    @Test func settingAPixelChangesOnlyThatPixel() {
        var bitmap = Bitmap(width: 3, height: 2)
        bitmap[2, 1] = true
        #expect(bitmap.rows == ["...", "..#"])
        bitmap[2, 1] = false
        #expect(bitmap == Bitmap(width: 3, height: 2))
    }

    @Test func invertingSwapsInkAndPaper() {
        let bitmap = Bitmap(rows: ["#..", ".#."])
        #expect(bitmap.inverted.rows == [".##", "#.#"])
        #expect(bitmap.inverted.inverted == bitmap)
    }

    @Test func dilatingGrowsASquare() {
        let bitmap = Bitmap(rows: [
            ".......",
            ".......",
            ".......",
            "...#...",
            ".......",
            ".......",
            "#......",
        ])
        // The centre pixel grows into a 3×3; the one in the corner into the 2×2 of that square inside the image.
        #expect(
            bitmap.dilated(by: 1).rows == [
                ".......",
                ".......",
                "..###..",
                "..###..",
                "..###..",
                "##.....",
                "##.....",
            ])
    }

    @Test func dilatingByZeroChangesNothing() {
        let bitmap = Bitmap(rows: ["#.", ".#"])
        #expect(bitmap.dilated(by: 0) == bitmap)
        #expect(bitmap.dilated(by: -3) == bitmap)
    }

    @Test func dilatingMatchesGrowingByHand() {
        var generator = SeededGenerator(seed: 0xD11A7E)
        for round in 0..<40 {
            let width = 1 + Int(generator.next() % 30)
            let height = 1 + Int(generator.next() % 25)
            let density = [3, 10, 30][round % 3]
            let bitmap = Bitmap(
                width: width, height: height,
                pixels: (0..<(width * height)).map { _ in Int(generator.next() % 100) < density })
            for radius in [1, 2, 4] {
                #expect(
                    bitmap.dilated(by: radius) == dilatedByHand(bitmap, radius: radius),
                    "round \(round), radius \(radius)")
            }
        }
    }
}
