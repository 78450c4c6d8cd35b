/// The 8-connected blobs of ink (or of paper) in a ``Bitmap``: each a candidate character, a piece of one, or
/// something else (a speck, a frame, a shadow) that ``TextLineFinder`` sorts out.
///
/// Blobs are found from horizontal runs joined with the overlapping runs of the row above (union–find), which
/// touches each pixel once and keeps the work proportional to the runs, not the pixels, after that.
struct ConnectedComponents: Sendable {
    /// One blob: its bounding box (inclusive) and how many pixels it has.
    struct Component: Sendable, Hashable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int
        var pixelCount: Int

        init(minX: Int, minY: Int, maxX: Int, maxY: Int, pixelCount: Int) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
            self.pixelCount = pixelCount
        }

        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        var centerX: Double { Double(minX + maxX) / 2 }
        var centerY: Double { Double(minY + maxY) / 2 }
        /// The share of the bounding box the blob fills: near 1 for solid blocks, well below for strokes.
        var fill: Double { Double(pixelCount) / Double(width * height) }
    }

    /// A horizontal run of pixels of one blob, from `start` to `end` inclusive.
    struct Run: Sendable, Hashable {
        var y: Int, start: Int, end: Int
        /// The index of its blob in ``ConnectedComponents/components``.
        var component: Int
    }

    let width: Int
    let height: Int
    /// The blobs, in the order their first runs appear (top to bottom, left to right).
    let components: [Component]
    /// Every run, row by row.
    let runs: [Run]

    /// The blobs of ink in `bitmap`, or of paper when `ink` is false.
    init(_ bitmap: Bitmap, ink: Bool = true) {
        width = bitmap.width
        height = bitmap.height
        var runs: [Run] = []
        var parent: [Int] = []
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        let (w, h) = (bitmap.width, bitmap.height)
        var previousRow = 0..<0
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<h {
                let rowStart = runs.count
                var x = 0
                let base = y * w
                while x < w {
                    guard pixels[base + x] == ink else {
                        x += 1
                        continue
                    }
                    let start = x
                    while x < w && pixels[base + x] == ink { x += 1 }
                    let index = runs.count
                    runs.append(Run(y: y, start: start, end: x - 1, component: index))
                    parent.append(index)
                    // 8-connected: a run above touches this one if it reaches a column next to it.
                    for above in previousRow where runs[above].end >= start - 1 && runs[above].start <= x {
                        let (a, b) = (root(above), root(index))
                        if a != b { parent[max(a, b)] = min(a, b) }
                    }
                }
                previousRow = rowStart..<runs.count
            }
        }
        var componentOfRoot: [Int: Int] = [:]
        var components: [Component] = []
        for index in runs.indices {
            let run = runs[index]
            let top = root(index)
            let component: Int
            if let existing = componentOfRoot[top] {
                component = existing
                components[component].minX = min(components[component].minX, run.start)
                components[component].maxX = max(components[component].maxX, run.end)
                components[component].maxY = max(components[component].maxY, run.y)
                components[component].pixelCount += run.end - run.start + 1
            } else {
                component = components.count
                componentOfRoot[top] = component
                components.append(
                    Component(
                        minX: run.start, minY: run.y, maxX: run.end, maxY: run.y, pixelCount: run.end - run.start + 1))
            }
            runs[index].component = component
        }
        self.components = components
        self.runs = runs
    }

    /// Whether `component` reaches the edge of the image (a frame, a shadow or the page around the text).
    func touchesBorder(_ component: Component) -> Bool {
        component.minX == 0 || component.minY == 0 || component.maxX == width - 1 || component.maxY == height - 1
    }

    /// A white image holding only the blobs at `indices` in ink, cropped to them with `margin` pixels of paper
    /// around, and where its top-left corner lies in this image (it may lie outside).
    func render(_ indices: some Collection<Int>, margin: Int) -> (bitmap: Bitmap, origin: (x: Int, y: Int)) {
        guard let first = indices.first else { return (Bitmap(width: 1, height: 1), (0, 0)) }
        var box = components[first]
        for index in indices {
            let component = components[index]
            box.minX = min(box.minX, component.minX)
            box.minY = min(box.minY, component.minY)
            box.maxX = max(box.maxX, component.maxX)
            box.maxY = max(box.maxY, component.maxY)
        }
        var keep = [Bool](repeating: false, count: components.count)
        for index in indices { keep[index] = true }
        var result = Bitmap(width: box.width + 2 * margin, height: box.height + 2 * margin)
        for run in runs where keep[run.component] {
            for x in run.start...run.end { result[x - box.minX + margin, run.y - box.minY + margin] = true }
        }
        return (result, (box.minX - margin, box.minY - margin))
    }
}
