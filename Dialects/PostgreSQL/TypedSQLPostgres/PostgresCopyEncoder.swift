import CLibPQ
import Foundation
import TypedSQLCore

/// Writes rows in the text format of `COPY … FROM STDIN`, as each row encodes its columns: a
/// line per row, its values separated by tabs, `\N` for `NULL`, and a backslash before each
/// backslash, newline, carriage return and tab inside a value. Each value is written in the text
/// form a bound parameter takes (PostgreSQL parses it by the column's type).
///
/// A column the copy leaves to its default is not written. A row that leaves other columns to
/// their default stops the encoder (`stop`) before any of it is kept, so the rows before it can
/// still be sent.
struct PostgresCopyEncoder: ColumnEncoder {
  /// Why encoding stopped before the end of the rows.
  enum Stop {
    /// The row leaves a different set of columns to their default than the copy does.
    case otherShape
    /// A value cannot be sent (text holding a NUL byte, an invalid binding).
    case failed(any Error)
  }

  /// Bit `i` set when the copy leaves column `i` to its default.
  let shape: UInt64
  /// The encoded rows waiting to be sent.
  private(set) var buffer: [UInt8] = []
  /// Where the row being encoded starts in `buffer`.
  private var rowStart = 0
  /// The index of the next column in its row.
  private var column = 0
  /// Whether the row being encoded has written a value yet (the next one needs a tab first).
  private var rowHasValue = false
  /// Why encoding stopped; `nil` while it goes on.
  private(set) var stop: Stop?

  init(shape: UInt64) {
    self.shape = shape
    buffer.reserveCapacity(1 << 16)
  }

  /// Starts the next row.
  mutating func startRow() {
    rowStart = buffer.count
    column = 0
    rowHasValue = false
  }

  /// Ends the row: `false`, with the row taken back out, when it stopped the encoder.
  mutating func finishRow() -> Bool {
    guard stop == nil else {
      buffer.removeSubrange(rowStart...)
      return false
    }
    buffer.append(UInt8(ascii: "\n"))
    return true
  }

  /// Empties the buffer once its rows are sent.
  mutating func removeSentRows() {
    buffer.removeAll(keepingCapacity: true)
    rowStart = 0
  }

  private func copyDefaults(_ column: Int) -> Bool {
    column < UInt64.bitWidth && shape & (1 << UInt64(column)) != 0
  }

  mutating func appendDefault() {
    defer { column += 1 }
    if stop == nil, !copyDefaults(column) { stop = .otherShape }
  }

  mutating func appendBinding(_ binding: consuming QueryBinding) {
    defer { column += 1 }
    guard stop == nil else { return }
    guard !copyDefaults(column) else {
      stop = .otherShape
      return
    }
    if rowHasValue { buffer.append(UInt8(ascii: "\t")) }
    rowHasValue = true
    do {
      try appendValue(binding)
    } catch {
      stop = .failed(error)
    }
  }

  private mutating func appendValue(_ binding: QueryBinding) throws {
    switch binding {
    case .null:
      buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
    case .int(let value):
      buffer.append(contentsOf: String(value).utf8)
    case .double(let value):
      buffer.append(contentsOf: PostgresParameters.text(for: value).utf8)
    case .bool(let value):
      buffer.append(value ? UInt8(ascii: "t") : UInt8(ascii: "f"))
    case .text(let text), .json(let text), .jsonb(let text):
      try appendEscaped(checkedText: text)
    case .date(let date):
      ISO8601Text.withUTF8(of: date) { buffer.append(contentsOf: $0) }
      buffer.append(contentsOf: "+00".utf8)
    case .uuid(let uuid):
      buffer.append(contentsOf: uuid.uuidString.lowercased().utf8)
    case .blob(let bytes):
      // bytea's hex form, `\x…`, its backslash escaped for COPY.
      buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
      let digits = Array("0123456789abcdef".utf8)
      for byte in bytes {
        buffer.append(digits[Int(byte >> 4)])
        buffer.append(digits[Int(byte & 0xf)])
      }
    case .array(let elements):
      guard let array = PostgresArrayParameter.encode(elements) else {
        throw QueryBindingError("cannot send a list of values of different types as one PostgreSQL array")
      }
      appendEscaped(array.text)
    case .invalid(let error):
      throw error
    }
  }

  /// Appends text that came from the user: PostgreSQL's text cannot hold a NUL byte, so such a
  /// value is refused, as it is when bound.
  private mutating func appendEscaped(checkedText text: String) throws {
    try PostgresParameters.refuseNUL(in: text)
    appendEscaped(text)
  }

  private mutating func appendEscaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      default: buffer.append(byte)
      }
    }
  }
}
