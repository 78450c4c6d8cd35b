/// Finds the one line of text in a black-and-white photo and keeps only its characters.
///
/// What a threshold leaves besides the characters confuses the engine: the edges of a counter's cells read
/// as 1s, a shadow along the border as a row of 9s, specks as stray letters. Characters are blobs of
/// about the same height whose centres lie on one straight line; this finds the largest such family
/// among the blobs of ink and, because text is sometimes lighter than what surrounds it (digits on the
/// dark drums of a mechanical counter, which a threshold turns into holes in solid blocks), among the
/// blobs of paper too, and keeps the larger. Solid blocks (a cell, a character's counter) never count
/// as characters, and neither does anything that touches the edge of the image.
///
/// ```swift
/// if let line = TextLineFinder().isolate(bitmap) { recognize(line.bitmap) }
/// ```
struct TextLineFinder: Sendable {
    /// The line found in one polarity.
    struct Line: Sendable, Hashable {
        /// Indices into the components of the polarity the line was found in.
        var members: [Int]
        /// The indices of every blob kept: the members and the pieces of characters inside their band.
        var kept: [Int]
        /// The median height of the members.
        var height: Double
        /// How far the line's centre drops per pixel to the right (the tangent of its tilt; image rows grow
        /// downwards).
        var slope: Double
    }

    /// What ``isolate(_:)`` returns: the line alone, dark on white.
    struct Isolated: Sendable {
        var bitmap: Bitmap
        /// Where the top-left corner of ``bitmap`` lies in the input (it may lie outside, by the margin).
        var origin: (x: Int, y: Int)
        /// Whether the text was the paper of the input (light text on dark).
        var inverted: Bool
        /// How many blobs the line is made of.
        var characters: Int
        /// The median height of those blobs, in pixels.
        var height: Double
        /// The line's tilt, as ``Line/slope``.
        var slope: Double
    }

    /// Blobs shorter than this are specks, never characters.
    var minimumHeight = 8
    /// A blob whose ink fills more than this share of its box, and that is not a thin bar, is solid: a cell,
    /// a counter or a smudge.
    var solidFill = 0.8
    /// How far a character's height may stray from the line's (as a ratio).
    var heightTolerance = 1.35
    /// How far a character's centre may lie from the line, as a share of the line's height.
    var centerTolerance = 0.22
    /// The steepest line looked for (about 8°): the photo has been levelled before.
    var maximumSlope = 0.14
    /// A gap wider than this many line heights splits the line; the larger part is kept.
    var maximumGap = 2.5
    /// Paper kept around the line, as a share of its height.
    var margin = 0.5

    /// The line of text in `bitmap`, alone, dark on white; nil when there is no line to be found.
    func isolate(_ bitmap: Bitmap) -> Isolated? {
        let dark = ConnectedComponents(bitmap)
        let light = ConnectedComponents(bitmap, ink: false)
        let darkLine = line(in: dark)
        let lightLine = line(in: light)
        let useLight: Bool
        switch (darkLine, lightLine) {
        case (nil, nil): return nil
        case (.some, nil): useLight = false
        case (nil, .some): useLight = true
        case (.some(let d), .some(let l)): useLight = l.members.count > d.members.count
        }
        guard let chosen = useLight ? lightLine : darkLine else { return nil }
        let components = useLight ? light : dark
        let margin = max(4, Int((chosen.height * self.margin).rounded()))
        let rendered = components.render(chosen.kept, margin: margin)
        return Isolated(
            bitmap: rendered.bitmap, origin: rendered.origin, inverted: useLight,
            characters: chosen.members.count, height: chosen.height, slope: chosen.slope)
    }

    /// Whether `component` may be a character: tall enough, not touching the border, not solid.
    func isCandidate(_ component: ConnectedComponents.Component, in components: ConnectedComponents) -> Bool {
        guard component.height >= minimumHeight, component.pixelCount >= minimumHeight * 2 else { return false }
        guard component.height < components.height * 9 / 10, !components.touchesBorder(component) else { return false }
        guard component.width <= component.height * 3 else { return false }
        return !isSolid(component)
    }

    func isSolid(_ component: ConnectedComponents.Component) -> Bool {
        component.fill > solidFill && Double(component.width) > 0.35 * Double(component.height)
    }

    /// The largest family of candidates on one line, with the pieces inside its band.
    func line(in components: ConnectedComponents) -> Line? {
        let all = components.components
        var candidates = all.indices.filter { isCandidate(all[$0], in: components) }
        // Noise can leave many blobs; the tallest few hundred hold the characters.
        if candidates.count > 150 {
            candidates = Array(candidates.sorted { all[$0].height > all[$1].height }.prefix(150))
        }
        guard !candidates.isEmpty else { return nil }
        var best: (members: [Int], spread: Double)?
        for (position, i) in candidates.enumerated() {
            for j in candidates[position...] {
                let (a, b) = (all[i], all[j])
                let ratio = Double(max(a.height, b.height)) / Double(min(a.height, b.height))
                guard ratio <= heightTolerance else { continue }
                let slope = i == j || a.centerX == b.centerX ? 0 : (b.centerY - a.centerY) / (b.centerX - a.centerX)
                guard abs(slope) <= maximumSlope else { continue }
                let lineHeight = Double(a.height + b.height) / 2
                var members: [Int] = []
                var spread = 0.0
                for k in candidates {
                    let c = all[k]
                    let heightRatio = Double(c.height) / lineHeight
                    guard heightRatio <= heightTolerance, heightRatio >= 1 / heightTolerance else { continue }
                    let offset = abs(c.centerY - (a.centerY + slope * (c.centerX - a.centerX)))
                    guard offset <= centerTolerance * lineHeight else { continue }
                    members.append(k)
                    spread += offset / lineHeight
                }
                if let current = best,
                    members.count < current.members.count
                        || (members.count == current.members.count && spread >= current.spread)
                {
                    continue
                }
                best = (members, spread)
            }
        }
        guard let found = best?.members, !found.isEmpty else { return nil }
        let slope = fittedSlope(found, in: all)
        let height = medianHeight(found, in: all)
        // Split at wide gaps only once the pieces are in: a row of broken characters leaves no member between
        // its neighbours, but its pieces still bridge the gap.
        let run = largestRun(
            of: band(of: found, slope: slope, in: components), members: Set(found), height: height, in: all)
        let members = found.filter(run.contains)
        return Line(
            members: members, kept: run, height: medianHeight(members, in: all), slope: fittedSlope(members, in: all))
    }

    /// The slope of the line through the members' centres, by least squares (0 for a single member).
    private func fittedSlope(_ members: [Int], in all: [ConnectedComponents.Component]) -> Double {
        let xs = members.map { all[$0].centerX }
        let ys = members.map { all[$0].centerY }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let sxx = xs.map { ($0 - meanX) * ($0 - meanX) }.reduce(0, +)
        let sxy = zip(xs, ys).map { ($0 - meanX) * ($1 - meanY) }.reduce(0, +)
        return sxx > 0 ? max(-maximumSlope, min(maximumSlope, sxy / sxx)) : 0
    }

    /// The part of `kept` left after splitting it at gaps wider than ``maximumGap`` line heights: the part
    /// with the most members (then the most ink).
    private func largestRun(of kept: [Int], members: Set<Int>, height: Double, in all: [ConnectedComponents.Component])
        -> [Int]
    {
        let sorted = kept.sorted { all[$0].minX < all[$1].minX }
        var runs: [[Int]] = [[sorted[0]]]
        var reach = all[sorted[0]].maxX
        for index in sorted.dropFirst() {
            if Double(all[index].minX - reach) > maximumGap * height { runs.append([]) }
            runs[runs.count - 1].append(index)
            reach = max(reach, all[index].maxX)
        }
        func weight(_ run: [Int]) -> (Int, Int) {
            (run.filter(members.contains).count, run.map { all[$0].pixelCount }.reduce(0, +))
        }
        return runs.max { weight($0) < weight($1) } ?? sorted
    }

    /// The members and every other blob that lies within the line's band and reach: pieces of broken
    /// characters. A blob inside a member's box (a speck in a counter, the dot of a dotted zero) is left out,
    /// and so is a solid blob about as tall as the line (a cell or a smudge).
    private func band(of members: [Int], slope: Double, in components: ConnectedComponents) -> [Int] {
        let all = components.components
        let height = medianHeight(members, in: all)
        let meanX = members.map { all[$0].centerX }.reduce(0, +) / Double(members.count)
        let meanY = members.map { all[$0].centerY }.reduce(0, +) / Double(members.count)
        let memberSet = Set(members)
        let pixels = members.map { all[$0].pixelCount }.sorted()
        let smallest = max(minimumHeight * 2, pixels[pixels.count / 2] / 20)
        func band(at x: Double) -> (top: Double, bottom: Double) {
            let center = meanY + slope * (x - meanX)
            return (center - height * (0.5 + centerTolerance), center + height * (0.5 + centerTolerance))
        }
        var pieces: [Int] = []
        var outside: [ConnectedComponents.Component] = []
        for (index, component) in all.enumerated() where !memberSet.contains(index) && component.pixelCount >= smallest
        {
            let (top, bottom) = band(at: component.centerX)
            guard Double(component.minY) >= top, Double(component.maxY) <= bottom, !components.touchesBorder(component)
            else {
                outside.append(component)
                continue
            }
            let enclosed = members.contains { member in
                let box = all[member]
                return component.minX > box.minX && component.maxX < box.maxX && component.minY > box.minY
                    && component.maxY < box.maxY
            }
            // A solid blob as tall as a character is a cell or a smudge beside the text, not a piece of it.
            let solidAsACharacter = isSolid(component) && Double(component.height) * heightTolerance >= height
            if !enclosed && !solidAsACharacter { pieces.append(index) }
        }
        // A piece that lines up with a slim blob reaching past the band, just above or below it, is a
        // fragment of something taller than the text (the edge of a cell, a frame), not of a character.
        outside.removeAll { Double($0.width) > 0.5 * height || Double($0.height) > 3 * height }
        pieces.removeAll { index in
            let piece = all[index]
            return outside.contains { other in
                let overlap = min(piece.maxX, other.maxX) - max(piece.minX, other.minX) + 1
                let gap = max(other.minY - piece.maxY, piece.minY - other.maxY)
                return Double(overlap) >= 0.5 * Double(min(piece.width, other.width)) && Double(gap) <= 0.25 * height
            }
        }
        // Pieces join from the members outwards, each within a line height of what is already kept.
        var kept = members
        var left = Double(members.map { all[$0].minX }.min() ?? 0)
        var right = Double(members.map { all[$0].maxX }.max() ?? 0)
        var joined = true
        while joined {
            joined = false
            for (position, index) in pieces.enumerated().reversed() {
                let piece = all[index]
                guard Double(piece.maxX) >= left - height, Double(piece.minX) <= right + height else { continue }
                kept.append(index)
                pieces.remove(at: position)
                left = min(left, Double(piece.minX))
                right = max(right, Double(piece.maxX))
                joined = true
            }
        }
        return kept
    }

    private func medianHeight(_ members: [Int], in all: [ConnectedComponents.Component]) -> Double {
        let heights = members.map { all[$0].height }.sorted()
        return Double(heights[heights.count / 2])
    }
}
