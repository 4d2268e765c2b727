import CMariaDB
import Foundation
import TypedSQLCore

/// Reads one fetched row of a binary-protocol result by column index.
///
/// Each column's type must suit the Swift type: an integer column for `Int` and `Bool` (`0` or
/// `1`, as `TINYINT(1)` holds them), a floating-point or integer column for `Double`, a text
/// column for `String`, a binary one for bytes, `DATETIME`/`TIMESTAMP`/`DATE` (read as UTC) or
/// ISO-8601 text for `Date`. `DECIMAL` (what `sum` and `avg` give) reads as a `Double`, or as an
/// integer when it is whole.
public struct MySQLRowDecoder: QueryDecoder {
  let buffers: MySQLResultBuffers
  public private(set) var columnIndex = 0

  @usableFromInline
  init(buffers: MySQLResultBuffers) {
    self.buffers = buffers
  }

  public func isNull(atOffset offset: Int) -> Bool {
    let index = columnIndex + offset
    return index < buffers.count && buffers.isNull(index)
  }

  public mutating func skipColumns(_ count: Int) {
    columnIndex += count
  }

  public mutating func decodeInt64() throws -> Int64 {
    let index = try next(expected: Int64.self)
    switch buffers.kinds[index] {
    case .integer(let unsigned):
      let value = buffers.value(index, as: Int64.self)
      if !unsigned || value >= 0 { return value }
    case .decimal:
      let text = self.text(index)
      if let value = Int64(text) { return value }
      if let double = Double(text), let exact = Int64(exactly: double) { return exact }
    default:
      break
    }
    throw mismatch(expected: Int64.self, index: index)
  }

  public mutating func decodeDouble() throws -> Double {
    let index = try next(expected: Double.self)
    switch buffers.kinds[index] {
    case .double:
      return buffers.value(index, as: Double.self)
    case .integer(let unsigned):
      let value = buffers.value(index, as: Int64.self)
      return unsigned ? Double(UInt64(bitPattern: value)) : Double(value)
    case .decimal:
      if let value = Double(text(index)) { return value }
    default:
      break
    }
    throw mismatch(expected: Double.self, index: index)
  }

  public mutating func decodeString() throws -> String {
    let index = try next(expected: String.self)
    guard case .text = buffers.kinds[index] else { throw mismatch(expected: String.self, index: index) }
    return text(index)
  }

  public mutating func decodeBytes() throws -> [UInt8] {
    let index = try next(expected: [UInt8].self)
    guard case .bytes = buffers.kinds[index] else { throw mismatch(expected: [UInt8].self, index: index) }
    return Array(buffers.bytes(index))
  }

  public mutating func decodeBool() throws -> Bool {
    let index = try next(expected: Bool.self)
    guard case .integer = buffers.kinds[index] else { throw mismatch(expected: Bool.self, index: index) }
    switch buffers.value(index, as: Int64.self) {
    case 0: return false
    case 1: return true
    case let other: throw conversionError(expected: Bool.self, storedValue: "int(\(other)), neither 0 nor 1")
    }
  }

  public mutating func decodeDate() throws -> Date {
    let index = try next(expected: Date.self)
    switch buffers.kinds[index] {
    case .time:
      if let date = MySQLTime.date(from: buffers.value(index, as: MYSQL_TIME.self)) { return date }
    case .text:
      if let date = buffers.bytes(index).withMemoryRebound(to: UInt8.self, ISO8601Text.date(fromUTF8:)) {
        return date
      }
    default:
      break
    }
    throw mismatch(expected: Date.self, index: index)
  }

  public mutating func decodeUUID() throws -> UUID {
    let index = try next(expected: UUID.self)
    switch buffers.kinds[index] {
    case .text:
      if let uuid = UUID(uuidString: text(index)) { return uuid }
    case .bytes where buffers.bytes(index).count == 16:
      let bytes = Array(buffers.bytes(index))
      return UUID(uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    default:
      break
    }
    throw mismatch(expected: UUID.self, index: index)
  }

  public func conversionError(expected: Any.Type, storedValue: String) -> QueryDecodingError {
    let index = max(columnIndex - 1, 0)
    return QueryDecodingError(
      columnName: name(index), columnIndex: index, expectedType: expected, storedValue: storedValue)
  }

  /// The current column's index; moves past it. `NULL` is an error: optionals check for it
  /// before decoding.
  private mutating func next(expected: Any.Type) throws -> Int {
    let index = columnIndex
    guard index < buffers.count else {
      throw QueryDecodingError(
        columnName: "#\(index)", columnIndex: index, expectedType: expected,
        storedValue: "nothing: the row has only \(buffers.count) columns")
    }
    guard !buffers.isNull(index) else {
      throw QueryDecodingError(columnName: name(index), columnIndex: index, expectedType: expected, storedValue: "NULL")
    }
    columnIndex += 1
    return index
  }

  private func text(_ index: Int) -> String {
    String(decoding: buffers.bytes(index), as: UTF8.self)
  }

  private func name(_ index: Int) -> String {
    index < buffers.count ? buffers.names[index] : "#\(index)"
  }

  /// An error for column `index`, naming what it holds: its kind and value.
  private func mismatch(expected: Any.Type, index: Int) -> QueryDecodingError {
    let stored: String
    switch buffers.kinds[index] {
    case .integer(let unsigned):
      let value = buffers.value(index, as: Int64.self)
      stored = unsigned ? "unsigned(\(UInt64(bitPattern: value)))" : "int(\(value))"
    case .double: stored = "double(\(buffers.value(index, as: Double.self)))"
    case .time: stored = "a time of day or a zero date"
    case .decimal: stored = "decimal(\(text(index)))"
    case .text: stored = "text(\(String(reflecting: text(index))))"
    case .bytes: stored = "blob(\(buffers.bytes(index).count) bytes)"
    }
    return QueryDecodingError(columnName: name(index), columnIndex: index, expectedType: expected, storedValue: stored)
  }
}
