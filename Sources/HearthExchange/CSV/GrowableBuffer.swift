/// A growable buffer of trivial values that its owner allocates and frees itself: no reference counting or
/// exclusivity checks per element, for the tokenizers' inner loops.
struct GrowableBuffer<Element: BitwiseCopyable> {
    private var start: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        start = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (start + count).initialize(to: element)
        count += 1
    }

    /// Appends `count` elements from `source` in one copy.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<Element>, count added: Int) {
        while count + added > capacity { grow() }
        (start + count).initialize(from: source, count: added)
        count += added
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: start, count: count)
        start.deallocate()
        start = grown
        capacity *= 2
    }

    mutating func removeAll() { count = 0 }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: start, count: count) }

    func deallocate() { start.deallocate() }
}
