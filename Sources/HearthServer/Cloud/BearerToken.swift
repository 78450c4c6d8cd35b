/// The token of an `Authorization` header value `Bearer <token>` (the scheme in any case), without the spaces
/// and tabs around it; nil when the value does not start with the scheme and a space.
///
/// Every signed-in request reads its header this way, so it looks at the bytes rather than lower-casing the
/// value and trimming it through Foundation's character sets.
func bearerToken(_ header: String) -> String? {
    let scheme = "bearer ".utf8
    var utf8 = Substring(header).utf8
    guard utf8.count >= scheme.count else { return nil }
    for expected in scheme {
        let byte = utf8.removeFirst()
        // ASCII letters compare without case; the space must be a space.
        guard byte | (expected == UInt8(ascii: " ") ? 0 : 0x20) == expected else { return nil }
    }
    let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    while let first = utf8.first, blank(first) { utf8.removeFirst() }
    while let last = utf8.last, blank(last) { utf8.removeLast() }
    return String(Substring(utf8))
}
