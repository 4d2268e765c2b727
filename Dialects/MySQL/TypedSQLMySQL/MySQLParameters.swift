import CMariaDB
import Foundation
import TypedSQLCore

/// The values of one run of a prepared statement in the server's binary protocol, bound in
/// placeholder order: the `i`th `?` takes the value `RenderedSQL.positionalPlaceholders[i]`
/// names (or the `i`th binding, for SQL written by hand). Owns the memory the binds point to
/// until it is released: one block holding a slot for each number or date, then every text and
/// bytes value, so that a run allocates the same few blocks however many values it has.
final class MySQLParameters {
  let count: Int
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  private let lengths: UnsafeMutablePointer<UInt>
  /// The values the binds point to: `count` slots of ``slotSize`` bytes, then the text and bytes.
  private let values: UnsafeMutableRawPointer
  /// Where the next text or bytes value goes in ``values``.
  private var nextByteOffset: Int
  /// The room a number or a date takes (`MYSQL_TIME` is the largest).
  private static let slotSize = (MemoryLayout<MYSQL_TIME>.size + 7) & ~7
  /// An upper bound of the run's packet size with every value in it: a header, a null bitmap,
  /// two bytes of type per value, then the values (a number or a date at most 13 bytes, text
  /// and bytes their length and a length prefix of at most 9).
  private var packetEstimate: Int
  /// The length of the longest text or bytes value.
  private var longestByteValue = 0

  /// The binds of `query`'s values; a value the server cannot store exactly (a non-finite
  /// double), one that could not be encoded, or a placeholder that names no value throws
  /// ``QueryBindingError``.
  init(_ query: RenderedSQL) throws {
    let placeholders = query.positionalPlaceholders
    count = placeholders.isEmpty ? query.bindings.count : placeholders.count
    for (index, number) in placeholders.enumerated() where !query.bindings.indices.contains(number - 1) {
      throw QueryBindingError(
        "placeholder \(index + 1) takes value \(number), but the statement binds \(query.bindings.count) values")
    }
    /// The value the `index`th placeholder takes.
    func value(at index: Int) -> QueryBinding {
      query.bindings[placeholders.isEmpty ? index : placeholders[index] - 1]
    }
    var byteCount = 0
    for index in 0..<count { byteCount += Self.byteLength(of: value(at: index)) }
    packetEstimate = 64 + count / 8 + 2 * count
    binds = .allocate(capacity: max(count, 1))
    binds.initialize(repeating: MYSQL_BIND(), count: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    lengths.initialize(repeating: 0, count: max(count, 1))
    nextByteOffset = count * Self.slotSize
    values = .allocate(byteCount: max(nextByteOffset + byteCount, 1), alignment: 8)
    for index in 0..<count { try bind(value(at: index), at: index) }
  }

  deinit {
    values.deallocate()
    binds.deinitialize(count: max(count, 1))
    binds.deallocate()
    lengths.deallocate()
  }

  /// The bytes `value` takes after the slots: its UTF-8 for text, its bytes for a blob.
  private static func byteLength(of value: QueryBinding) -> Int {
    switch value {
    case .text(let text), .json(let text), .jsonb(let text): text.utf8.count
    case .uuid: 36
    case .blob(let bytes): bytes.count
    default: 0
    }
  }

  private func bind(_ value: QueryBinding, at index: Int) throws {
    switch value {
    case .null:
      binds[index].buffer_type = MYSQL_TYPE_NULL
    case .int(let number):
      store(number, as: MYSQL_TYPE_LONGLONG, at: index)
    case .double(let number):
      guard number.isFinite else {
        throw QueryBindingError("\(number) cannot be stored: MariaDB and MySQL have no infinity or NaN")
      }
      store(number, as: MYSQL_TYPE_DOUBLE, at: index)
    case .bool(let flag):
      store(Int8(flag ? 1 : 0), as: MYSQL_TYPE_TINY, at: index)
    case .text(var text), .json(var text), .jsonb(var text):
      text.withUTF8 { storeBytes(UnsafeRawBufferPointer($0), as: MYSQL_TYPE_STRING, at: index) }
    case .uuid(let uuid):
      storeText(of: uuid, at: index)
    case .blob(let bytes):
      bytes.withUnsafeBytes { storeBytes($0, as: MYSQL_TYPE_BLOB, at: index) }
    case .date(let date):
      store(MySQLTime.components(of: date), as: MYSQL_TYPE_DATETIME, at: index)
    case .array:
      throw QueryBindingError("an array parameter: MariaDB and MySQL have no arrays")
    case .invalid(let error):
      throw error
    }
  }

  /// Puts `value` in the slot of placeholder `index` and binds it as `type`.
  private func store<Value>(_ value: Value, as type: enum_field_types, at index: Int) {
    let slot = values + index * Self.slotSize
    slot.initializeMemory(as: Value.self, repeating: value, count: 1)
    packetEstimate += 13
    binds[index].buffer_type = type
    binds[index].buffer = slot
  }

  /// Copies `bytes` after the slots and binds them as `type` to placeholder `index`.
  private func storeBytes(_ bytes: UnsafeRawBufferPointer, as type: enum_field_types, at index: Int) {
    let destination = values + nextByteOffset
    if let base = bytes.baseAddress { destination.copyMemory(from: base, byteCount: bytes.count) }
    nextByteOffset += bytes.count
    bindBytes(at: destination, count: bytes.count, as: type, to: index)
  }

  /// Writes `uuid` after the slots as 36 characters of lower-case hexadecimal with dashes, as
  /// UUID columns store it, and binds it as text to placeholder `index`.
  private func storeText(of uuid: UUID, at index: Int) {
    let destination = (values + nextByteOffset).assumingMemoryBound(to: UInt8.self)
    let digits: StaticString = "0123456789abcdef"
    withUnsafeBytes(of: uuid.uuid) { bytes in
      var position = 0
      for (offset, byte) in bytes.enumerated() {
        if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
          destination[position] = UInt8(ascii: "-")
          position += 1
        }
        destination[position] = digits.utf8Start[Int(byte >> 4)]
        destination[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
        position += 2
      }
    }
    nextByteOffset += 36
    bindBytes(at: UnsafeMutableRawPointer(destination), count: 36, as: MYSQL_TYPE_STRING, to: index)
  }

  private func bindBytes(at pointer: UnsafeMutableRawPointer, count: Int, as type: enum_field_types, to index: Int) {
    packetEstimate += count + 9
    longestByteValue = max(longestByteValue, count)
    lengths[index] = UInt(count)
    binds[index].buffer_type = type
    binds[index].buffer = pointer
    binds[index].buffer_length = UInt(count)
    binds[index].length = lengths + index
  }

  /// Sends the text and bytes values that would carry the statement's run past the server's
  /// `max_allowed_packet` on their own (`mysql_stmt_send_long_data`, in parts under the limit),
  /// so that a bulk insert of long values never loses the connection: the server closes one
  /// that sends a larger packet. The rest go with the run, as usual. Call after binding and
  /// before each run; a value longer than the limit itself throws before anything is sent.
  func sendLongValues(of statement: UnsafeMutablePointer<MYSQL_STMT>, maximumPacket: Int, sql: String) throws {
    guard longestByteValue + 9 <= maximumPacket else {
      throw MySQLError(
        code: 1153, sqlState: "08S01",
        message: "a value of \(longestByteValue) bytes is longer than the server's max_allowed_packet (\(maximumPacket) bytes)",
        sql: sql)
    }
    // What would pass seven eighths of the limit is sent apart; a run that fits sends nothing.
    let budget = maximumPacket - maximumPacket / 8
    guard packetEstimate > budget else { return }
    let byteValueIndices = (0..<count).filter { binds[$0].length != nil }
    var packet = 64 + count / 8 + 2 * count + 13 * (count - byteValueIndices.count)
    for index in byteValueIndices {
      guard let pointer = binds[index].buffer else { continue }
      let length = Int(lengths[index])
      if packet + length + 9 <= budget {
        packet += length + 9
        continue
      }
      let part = max(1, budget / 2)
      var offset = 0
      repeat {
        let size = min(part, length - offset)
        let failed = mysql_stmt_send_long_data(
          statement, UInt32(index), (pointer + offset).assumingMemoryBound(to: CChar.self), UInt(size))
        if failed != 0 { throw MySQLError.from(statement: statement, sql: sql) }
        offset += size
      } while offset < length
    }
  }
}
