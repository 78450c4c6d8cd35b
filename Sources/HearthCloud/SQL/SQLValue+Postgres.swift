import Foundation
import NIOCore
import PostgresNIO

extension SQLValue {
    /// The cell's value, read straight from its binary form for the common types (the generic decoder costs
    /// more than the data for wide result sets such as a changes page).
    init(_ cell: PostgresCell) throws {
        guard var bytes = cell.bytes else {
            self = .null
            return
        }
        if cell.format == .binary {
            switch cell.dataType {
            case .int8:
                if let value = bytes.readInteger(as: Int64.self) {
                    self = .int(value)
                    return
                }
            case .int4:
                if let value = bytes.readInteger(as: Int32.self) {
                    self = .int(Int64(value))
                    return
                }
            case .int2:
                if let value = bytes.readInteger(as: Int16.self) {
                    self = .int(Int64(value))
                    return
                }
            case .text, .varchar, .name:
                self = .text(bytes.readString(length: bytes.readableBytes) ?? "")
                return
            case .bytea:
                self = .blob(Data(bytes.readableBytesView))
                return
            case .bool:
                if let value = bytes.readInteger(as: UInt8.self) {
                    self = .int(value == 0 ? 0 : 1)
                    return
                }
            default:
                break
            }
        }
        switch cell.dataType {
        case .int2, .int4, .int8: self = .int(try cell.decode(Int64.self))
        case .float4, .float8: self = .double(try cell.decode(Double.self))
        case .bool: self = .int(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea:
            let buffer = try cell.decode(ByteBuffer.self)
            self = .blob(Data(buffer.readableBytesView))
        case .numeric: self = .int(Int64(try cell.decode(String.self)) ?? 0)
        default: self = .text(try cell.decode(String.self))
        }
    }
}
