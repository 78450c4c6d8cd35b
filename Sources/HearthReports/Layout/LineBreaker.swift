/// Greedy line breaking by measured width. A word may span several runs ("DIY" then ")."); it moves to the
/// next line as a whole. Words wider than a line are split between characters.
enum LineBreaker {
    /// A piece of a word in one run.
    private struct Piece {
        var text: Substring
        var run: Int
        var width: Double
    }

    private enum Token {
        case word([Piece])
        case space(run: Int)
        case newline(run: Int)
    }

    private static func tokens(_ runs: [StyledText]) -> [Token] {
        var tokens: [Token] = []
        for (runIndex, run) in runs.enumerated() {
            let text = run.text
            let scale = run.size / 1000
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character.isNewline {
                    tokens.append(.newline(run: runIndex))
                    index = text.index(after: index)
                } else if character == " " || character == "\t" {
                    if case .space = tokens.last {} else { tokens.append(.space(run: runIndex)) }
                    index = text.index(after: index)
                } else {
                    var end = index
                    while end < text.endIndex, text[end] != " ", !text[end].isNewline, text[end] != "\t" {
                        end = text.index(after: end)
                    }
                    let piece = Piece(
                        text: text[index..<end], run: runIndex, width: run.face.width(text[index..<end]) * scale)
                    if case .word(var pieces) = tokens.last {
                        pieces.append(piece)
                        tokens[tokens.count - 1] = .word(pieces)
                    } else {
                        tokens.append(.word([piece]))
                    }
                    index = end
                }
            }
        }
        return tokens
    }

    static func wrap(_ runs: [StyledText], width maxWidth: Double) -> [TextLine] {
        var lines: [TextLine] = []
        var line = TextLine()
        var lineHasWord = false
        var pendingSpace: Int?

        func measure(_ run: StyledText) {
            if run.size >= line.size {
                line.size = run.size
                line.ascent = run.face.ascent
                line.descent = run.face.descent
            }
        }

        func finishLine(_ run: Int) {
            if line.size == 0 { measure(runs[run]) }
            lines.append(line)
            line = TextLine()
            lineHasWord = false
            pendingSpace = nil
        }

        func append(_ text: Substring, run runIndex: Int, width: Double) {
            let run = runs[runIndex]
            if let last = line.fragments.indices.last, line.fragments[last].face === run.face,
                line.fragments[last].size == run.size, line.fragments[last].color == run.color
            {
                line.fragments[last].text.append(contentsOf: text)
            } else {
                line.fragments.append(
                    .init(text: String(text), face: run.face, size: run.size, color: run.color, x: line.width))
            }
            line.width += width
            measure(run)
        }

        func spaceWidth(_ run: Int) -> Double { runs[run].face.width(" ") * runs[run].size / 1000 }

        func place(_ pieces: [Piece]) {
            if let space = pendingSpace, lineHasWord {
                // A space joins the line only when a word follows it on the same line.
                append(" ", run: space, width: spaceWidth(space))
            }
            for piece in pieces { append(piece.text, run: piece.run, width: piece.width) }
            lineHasWord = true
            pendingSpace = nil
        }

        for token in tokens(runs) {
            switch token {
            case .newline(let run):
                finishLine(run)
            case .space(let run):
                if lineHasWord { pendingSpace = run }
            case .word(var pieces):
                let width = pieces.reduce(0) { $0 + $1.width }
                let before = (lineHasWord && pendingSpace != nil) ? spaceWidth(pendingSpace!) : 0
                if line.width + before + width <= maxWidth + 0.001 {
                    place(pieces)
                    continue
                }
                if lineHasWord { finishLine(pieces[0].run) }
                if width <= maxWidth + 0.001 {
                    place(pieces)
                    continue
                }
                // Split a word wider than a whole line between characters.
                while !pieces.isEmpty {
                    var piece = pieces.removeFirst()
                    let run = runs[piece.run]
                    let scale = run.size / 1000
                    while !piece.text.isEmpty {
                        if line.width + piece.width <= maxWidth + 0.001 {
                            append(piece.text, run: piece.run, width: piece.width)
                            lineHasWord = true
                            break
                        }
                        var taken = 0.0
                        var cut = piece.text.startIndex
                        while cut < piece.text.endIndex {
                            let next = piece.text.index(after: cut)
                            let characterWidth = run.face.width(piece.text[cut..<next]) * scale
                            if line.width + taken + characterWidth > maxWidth,
                                cut > piece.text.startIndex || lineHasWord
                            {
                                break
                            }
                            taken += characterWidth
                            cut = next
                        }
                        if cut > piece.text.startIndex {
                            append(piece.text[piece.text.startIndex..<cut], run: piece.run, width: taken)
                            lineHasWord = true
                        }
                        finishLine(piece.run)
                        piece.text = piece.text[cut...]
                        piece.width = run.face.width(piece.text) * scale
                    }
                }
            }
        }
        if lineHasWord || lines.isEmpty || !line.fragments.isEmpty {
            if line.size == 0, !runs.isEmpty { measure(runs[0]) }
            lines.append(line)
        }
        return lines
    }
}
