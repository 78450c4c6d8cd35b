/// An 8-bit grey image as plain Swift values (0 black, 255 white), row-major.
struct GreyImage: Sendable, Hashable {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: UInt8 = 255) {
        self.width = width
        self.height = height
        pixels = Array(repeating: fill, count: width * height)
    }

    /// `bitmap` as black ink on white paper.
    init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        pixels = bitmap.pixels.map { $0 ? 0 : 255 }
    }

    subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The image with black and white swapped.
    var inverted: GreyImage {
        var result = self
        result.pixels = pixels.map { 255 - $0 }
        return result
    }

    /// The part of the image where `mask` (placed with its top-left corner at `origin`) has ink, on white;
    /// the size of `mask`. Mask pixels outside the image stay white. With `inverting`, black and white are
    /// swapped first.
    func masked(by mask: Bitmap, at origin: (x: Int, y: Int), inverting: Bool = false) -> GreyImage {
        var result = GreyImage(width: mask.width, height: mask.height)
        // Where the mask overlaps the image, in the mask's coordinates; nothing when it lies wholly outside.
        let (firstColumn, endColumn) = (max(0, -origin.x), min(mask.width, width - origin.x))
        let (firstRow, endRow) = (max(0, -origin.y), min(mask.height, height - origin.y))
        guard firstColumn < endColumn, firstRow < endRow else { return result }
        let columns = firstColumn..<endColumn
        pixels.withUnsafeBufferPointer { source in
            mask.pixels.withUnsafeBufferPointer { ink in
                result.pixels.withUnsafeMutableBufferPointer { target in
                    for y in firstRow..<endRow {
                        let sourceRow = (y + origin.y) * width + origin.x
                        let maskRow = y * mask.width
                        for x in columns where ink[maskRow + x] {
                            let value = source[sourceRow + x]
                            target[maskRow + x] = inverting ? 255 - value : value
                        }
                    }
                }
            }
        }
        return result
    }
}
