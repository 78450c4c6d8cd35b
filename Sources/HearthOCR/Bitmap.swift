/// A black-and-white image as plain Swift values, so that the text-line logic runs (and is tested) without
/// Leptonica. Row-major; `true` is ink (black).
struct Bitmap: Sendable, Hashable {
    let width: Int
    let height: Int
    private(set) var pixels: [Bool]

    /// An all-white image.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: false, count: width * height)
    }

    /// An image of the given pixels, row-major.
    init(width: Int, height: Int, pixels: [Bool]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Rows of `.` (white) and `#` (ink), all of the same length: for tests.
    init(rows: [String]) {
        height = rows.count
        width = rows.first?.count ?? 0
        pixels = rows.flatMap { $0.map { $0 == "#" } }
        precondition(pixels.count == width * height, "rows of unequal length")
    }

    subscript(x: Int, y: Int) -> Bool {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The image with ink and paper swapped.
    var inverted: Bitmap {
        var result = self
        result.pixels = pixels.map { !$0 }
        return result
    }

    /// The image with every ink pixel grown into a square of `radius` pixels each way.
    func dilated(by radius: Int) -> Bitmap {
        guard radius > 0 else { return self }
        // A square grows as a row of 2r+1 then a column of 2r+1: each pass marks a pixel when ink lies within
        // r of it along the line, found from the distance to the last ink before it and the next after.
        func grow(_ source: [Bool], count: Int, stride: Int, lines: Int, lineStride: Int) -> [Bool] {
            var result = [Bool](repeating: false, count: source.count)
            source.withUnsafeBufferPointer { source in
                result.withUnsafeMutableBufferPointer { result in
                    for line in 0..<lines {
                        let base = line * lineStride
                        var lastInk = Int.min / 2
                        for i in 0..<count where source[base + i * stride] {
                            // Mark from the end of the previous mark (or i - r) to i + r.
                            let from = max(0, max(i - radius, lastInk + radius + 1))
                            let to = min(count - 1, i + radius)
                            if from <= to { for j in from...to { result[base + j * stride] = true } }
                            lastInk = i
                        }
                    }
                }
            }
            return result
        }
        var result = self
        let across = grow(pixels, count: width, stride: 1, lines: height, lineStride: width)
        result.pixels = grow(across, count: height, stride: width, lines: width, lineStride: 1)
        return result
    }

    /// Rows of `.` and `#`, the inverse of ``init(rows:)``.
    var rows: [String] {
        (0..<height).map { y in String((0..<width).map { self[$0, y] ? "#" : "." }) }
    }
}
