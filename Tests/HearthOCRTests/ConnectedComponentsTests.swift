import HearthTestSupport
import Testing

@testable import HearthOCR

@Suite struct ConnectedComponentsTests {
    typealias Component = ConnectedComponents.Component

    /// The blobs of `bitmap` found by flooding from each unvisited pixel (8 neighbours), ordered as
    /// ``ConnectedComponents`` orders them: by their first pixel, top to bottom, left to right.
    func floodFilled(_ bitmap: Bitmap, ink: Bool = true) -> [Component] {
        var seen = [Bool](repeating: false, count: bitmap.width * bitmap.height)
        var found: [Component] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x, y] == ink && !seen[y * bitmap.width + x] {
                var component = Component(minX: x, minY: y, maxX: x, maxY: y, pixelCount: 0)
                var stack = [(x, y)]
                seen[y * bitmap.width + x] = true
                while let point = stack.popLast() {
                    let (px, py) = point
                    component.pixelCount += 1
                    component.minX = min(component.minX, px)
                    component.maxX = max(component.maxX, px)
                    component.minY = min(component.minY, py)
                    component.maxY = max(component.maxY, py)
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let (nx, ny) = (px + dx, py + dy)
                            guard nx >= 0, ny >= 0, nx < bitmap.width, ny < bitmap.height else { continue }
                            guard bitmap[nx, ny] == ink, !seen[ny * bitmap.width + nx] else { continue }
                            seen[ny * bitmap.width + nx] = true
                            stack.append((nx, ny))
                        }
                    }
                }
                found.append(component)
            }
        }
        return found
    }

    @Test func diagonalNeighboursJoin() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "#....",
                ".#...",
                "..#..",
                "...#.",
            ]))
        #expect(components.components == [Component(minX: 0, minY: 0, maxX: 3, maxY: 3, pixelCount: 4)])
        #expect(components.runs.map(\.component) == [0, 0, 0, 0])
    }

    @Test func anAntiDiagonalJoinsToo() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "...#",
                "..#.",
                ".#..",
            ]))
        #expect(components.components == [Component(minX: 1, minY: 0, maxX: 3, maxY: 2, pixelCount: 3)])
    }

    @Test func blobsAColumnApartStaySeparate() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "##.#..",
                "##.#..",
                "...#.#",
                "#.....",
            ]))
        #expect(
            components.components == [
                Component(minX: 0, minY: 0, maxX: 1, maxY: 1, pixelCount: 4),
                Component(minX: 3, minY: 0, maxX: 3, maxY: 2, pixelCount: 3),
                Component(minX: 5, minY: 2, maxX: 5, maxY: 2, pixelCount: 1),
                Component(minX: 0, minY: 3, maxX: 0, maxY: 3, pixelCount: 1),
            ])
    }

    @Test func runsTwoColumnsApartOnAdjacentRowsDoNotTouch() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "#...#",
                "..#..",
            ]))
        // The middle pixel touches neither: (2,1) is two columns from (0,0) and from (4,0).
        #expect(components.components.count == 3)
        #expect(components.components.map(\.pixelCount) == [1, 1, 1])
    }

    @Test func branchesThatMeetLowerDownAreOneBlob() {
        // Two arms start as separate runs and are joined by the bottom bar; the left one joins three.
        let components = ConnectedComponents(
            Bitmap(rows: [
                "#.#.#..#.#",
                "#.#.#..#.#",
                "#####..###",
            ]))
        #expect(
            components.components == [
                Component(minX: 0, minY: 0, maxX: 4, maxY: 2, pixelCount: 11),
                Component(minX: 7, minY: 0, maxX: 9, maxY: 2, pixelCount: 7),
            ])
        // Every run names the blob it belongs to.
        for run in components.runs {
            let blob = components.components[run.component]
            #expect(run.start >= blob.minX && run.end <= blob.maxX && run.y >= blob.minY && run.y <= blob.maxY)
        }
    }

    @Test func aSpiralIsOneBlob() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "#######",
                "......#",
                ".####.#",
                ".#..#.#",
                ".#....#",
                ".######",
            ]))
        #expect(components.components == [Component(minX: 0, minY: 0, maxX: 6, maxY: 5, pixelCount: 24)])
    }

    @Test func paperBlobsAreFoundWhenAsked() {
        // The ring's hole is closed on all four sides, so its paper does not reach the paper outside.
        let bitmap = Bitmap(rows: [
            "......",
            ".####.",
            ".#..#.",
            ".####.",
            "......",
        ])
        let paper = ConnectedComponents(bitmap, ink: false)
        #expect(
            paper.components == [
                Component(minX: 0, minY: 0, maxX: 5, maxY: 4, pixelCount: 18),
                Component(minX: 2, minY: 2, maxX: 3, maxY: 2, pixelCount: 2),
            ])
        #expect(paper.touchesBorder(paper.components[0]))
        #expect(!paper.touchesBorder(paper.components[1]))
        #expect(
            ConnectedComponents(bitmap).components == [Component(minX: 1, minY: 1, maxX: 4, maxY: 3, pixelCount: 10)])
    }

    @Test func aHoleWithDiagonalCornersLeaksIntoThePaperAround() {
        let paper = ConnectedComponents(
            Bitmap(rows: [
                ".....",
                "..#..",
                ".#.#.",
                "..#..",
                ".....",
            ]), ink: false)
        #expect(paper.components.count == 1)
        #expect(paper.components.first?.pixelCount == 21)
    }

    @Test func randomImagesMatchAFloodFill() {
        var generator = SeededGenerator(seed: 0x4845_4152_5448)
        for round in 0..<60 {
            let width = 1 + Int(generator.next() % 40)
            let height = 1 + Int(generator.next() % 30)
            let density = [20, 45, 60][round % 3]
            let pixels = (0..<(width * height)).map { _ in Int(generator.next() % 100) < density }
            let bitmap = Bitmap(width: width, height: height, pixels: pixels)
            for ink in [true, false] {
                let components = ConnectedComponents(bitmap, ink: ink)
                #expect(components.components == floodFilled(bitmap, ink: ink), "round \(round), ink \(ink)")
                let inRuns = components.runs.map { $0.end - $0.start + 1 }.reduce(0, +)
                #expect(inRuns == pixels.filter { $0 == ink }.count)
            }
        }
    }

    @Test func anEmptyImageHasNoBlobs() {
        #expect(ConnectedComponents(Bitmap(width: 0, height: 0)).components.isEmpty)
        #expect(ConnectedComponents(Bitmap(width: 7, height: 3)).components.isEmpty)
        let paper = ConnectedComponents(Bitmap(width: 7, height: 3), ink: false)
        #expect(paper.components == [Component(minX: 0, minY: 0, maxX: 6, maxY: 2, pixelCount: 21)])
    }

    @Test func componentGeometry() {
        let blob = Component(minX: 2, minY: 3, maxX: 5, maxY: 10, pixelCount: 16)
        #expect(blob.width == 4)
        #expect(blob.height == 8)
        #expect(blob.centerX == 3.5)
        #expect(blob.centerY == 6.5)
        #expect(blob.fill == 0.5)
    }

    @Test func renderingCropsToTheChosenBlobsWithAMargin() {
        let components = ConnectedComponents(
            Bitmap(rows: [
                "........",
                ".#....#.",
                ".#...##.",
                "......#.",
                "#.......",
            ]))
        #expect(components.components.count == 3)
        let rendered = components.render([0, 1], margin: 1)
        #expect(rendered.origin == (0, 0))
        #expect(
            rendered.bitmap.rows == [
                "........",
                ".#....#.",
                ".#...##.",
                "......#.",
                "........",
            ])
        // The margin may reach past the image; the origin says so.
        let corner = components.render([2], margin: 2)
        #expect(corner.origin == (-2, 2))
        #expect(corner.bitmap.rows == [".....", ".....", "..#..", ".....", "....."])
        let nothing = components.render([Int](), margin: 3)
        #expect(nothing.bitmap == Bitmap(width: 1, height: 1))
    }
}
