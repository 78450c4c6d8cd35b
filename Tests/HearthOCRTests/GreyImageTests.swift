import Testing

@testable import HearthOCR

@Suite struct GreyImageTests {
    /// A 4×3 image whose pixel at (x, y) is 10·y + x, so that every value says where it came from.
    func numbered() -> GreyImage {
        var image = GreyImage(width: 4, height: 3)
        for y in 0..<3 {
            for x in 0..<4 { image[x, y] = UInt8(10 * y + x) }
        }
        return image
    }

    @Test func aBitmapBecomesBlackOnWhite() {
        let image = GreyImage(Bitmap(rows: ["#.", ".#"]))
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixels == [0, 255, 255, 0])
        #expect(GreyImage(width: 2, height: 1, fill: 7).pixels == [7, 7])
    }

    @Test func invertingSwapsBlackAndWhite() {
        var image = GreyImage(width: 3, height: 1)
        image.pixels = [0, 100, 255]
        #expect(image.inverted.pixels == [255, 155, 0])
    }

    @Test func maskingKeepsTheInkedPixelsOnWhite() {
        let mask = Bitmap(rows: ["#.#", ".##"])
        let result = numbered().masked(by: mask, at: (1, 1))
        #expect(result.width == 3 && result.height == 2)
        #expect(result.pixels == [11, 255, 13, 255, 22, 23])
        #expect(numbered().masked(by: mask, at: (1, 1), inverting: true).pixels == [244, 255, 242, 255, 233, 232])
    }

    @Test func maskPixelsOutsideTheImageStayWhite() {
        let mask = Bitmap(rows: ["#.#", ".##"])
        // Past the right and bottom edges.
        #expect(numbered().masked(by: mask, at: (2, 2)).pixels == [22, 255, 255, 255, 255, 255])
        // Before the left and top edges.
        #expect(numbered().masked(by: mask, at: (-1, -1)).pixels == [255, 255, 255, 255, 0, 1])
        // Wholly outside.
        #expect(numbered().masked(by: mask, at: (10, 0)).pixels == [255, 255, 255, 255, 255, 255])
        #expect(numbered().masked(by: mask, at: (0, -5)).pixels == [255, 255, 255, 255, 255, 255])
        #expect(numbered().masked(by: mask, at: (-3, 0)).pixels == [255, 255, 255, 255, 255, 255])
    }
}
