/// Reads what a PDF needs to embed a JPEG unchanged: its size and colour components from the frame header
/// (SOF marker), and whether it uses a coding PDF readers cannot show.
enum JPEGReader {
    static func read(_ bytes: [UInt8]) throws -> DecodedImage {
        var index = 2
        var frame: (width: Int, height: Int, components: Int)?
        var adobe = false
        while index < bytes.count {
            guard bytes[index] == 0xFF else {
                throw ImageProblem("its JPEG data is damaged (no marker at byte \(index))")
            }
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { break }
            let marker = bytes[index]
            index += 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 { break }
            guard index + 2 <= bytes.count else { break }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= bytes.count else {
                throw ImageProblem("its JPEG data is cut short (a segment at byte \(index) runs past the end)")
            }
            let segment = bytes[(index + 2)..<(index + length)]
            switch marker {
            case 0xDA:
                guard let frame else { throw ImageProblem("its JPEG data has no frame header before the image data") }
                guard frame.width > 0, frame.height > 0 else {
                    throw ImageProblem("its JPEG frame header gives no size (\(frame.width)×\(frame.height) pixels)")
                }
                guard frame.width * frame.height <= DecodedImage.maximumPixels else {
                    throw ImageProblem("it is \(frame.width)×\(frame.height) pixels; scale it below 40 megapixels")
                }
                let space: DecodedImage.ColorSpace
                switch frame.components {
                case 1: space = .gray
                case 3: space = .rgb
                case 4: space = .cmyk
                default:
                    throw ImageProblem(
                        "its JPEG has \(frame.components) colour components; only 1 (gray), 3 (colour) or 4 (CMYK) can be shown"
                    )
                }
                return DecodedImage(
                    format: .jpeg, width: frame.width, height: frame.height, colorSpace: space,
                    pixels: .jpeg(bytes), alpha: nil, invertedCMYK: adobe && space == .cmyk)
            case 0xC0, 0xC1, 0xC2:
                guard segment.count >= 6 else { throw ImageProblem("its JPEG frame header is too short") }
                let base = segment.startIndex
                guard segment[base] == 8 else {
                    throw ImageProblem(
                        "its JPEG uses \(segment[base])-bit samples; save it again as an ordinary 8-bit JPEG")
                }
                let height = Int(segment[base + 1]) << 8 | Int(segment[base + 2])
                let width = Int(segment[base + 3]) << 8 | Int(segment[base + 4])
                frame = (width, height, Int(segment[base + 5]))
            case 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                throw ImageProblem(
                    "its JPEG uses lossless or arithmetic coding, which PDF readers cannot show; save it again as a baseline JPEG"
                )
            case 0xEE:
                adobe = segment.starts(with: Array("Adobe".utf8))
            default:
                break
            }
            index += length
        }
        throw ImageProblem("its JPEG data ends before the image data starts")
    }
}
