/// `?` placeholders, as Hearth's SQL writes them, in PostgreSQL's form.
enum PostgresNumbering {
    /// The statement with its `?` placeholders numbered `$1, $2, …` as PostgreSQL wants.
    static func numbered(_ sql: String) -> String {
        guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + 64)
        var index = 0
        for byte in sql.utf8 {
            if byte == UInt8(ascii: "?") {
                index += 1
                result.append(UInt8(ascii: "$"))
                result.append(contentsOf: String(index).utf8)
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
