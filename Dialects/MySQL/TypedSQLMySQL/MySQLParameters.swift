import CMariaDB
import Foundation
import TypedSQLCore

/// The values of one run of a prepared statement in the server's binary protocol, bound in
/// placeholder order: the `i`th `?` takes the value `RenderedSQL.positionalPlaceholders[i]`
/// names (or the `i`th binding, for SQL written by hand). Owns the memory the binds point to
/// until it is released: one block holding a slot for each number or date, then room for every
/// text and bytes value, so that a run allocates the same few blocks however many values it has.
///
/// A statement run again with values of the same types takes them in the same memory
/// (``rewrite(with:)``), so that its binds stay as Connector/C copied them: binding again
/// would make the next run send every parameter's type to the server again.
final class MySQLParameters {
  let count: Int
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  private let lengths: UnsafeMutablePointer<UInt>
  /// Each value's `NULL` flag: a `NULL` keeps its placeholder's type, so that a later run's
  /// value takes its place without binding again.
  private let nulls: UnsafeMutablePointer<my_bool>
  /// The values the binds point to: `count` slots of ``slotSize`` bytes, then the text and bytes,
  /// each with room for at least ``minimumByteRoom`` bytes (its bind's `buffer_length`).
  private let values: UnsafeMutableRawPointer
  /// The room a number or a date takes (`MYSQL_TIME` is the largest).
  private static let slotSize = (MemoryLayout<MYSQL_TIME>.size + 7) & ~7
  /// The least room a text or bytes value gets, so that a later run's slightly longer value
  /// still fits.
  private static let minimumByteRoom = 64
  /// An upper bound of the run's packet size with every value in it: a header, a null bitmap,
  /// two bytes of type per value, then the values (a number or a date at most 13 bytes, text
  /// and bytes their length and a length prefix of at most 9).
  private var packetEstimate = 0
  /// The length of the longest text or bytes value.
  private var longestByteValue = 0

  /// The binds of `query`'s values; a value the server cannot store exactly (a non-finite
  /// double), one that could not be encoded, or a placeholder that names no value throws
  /// ``QueryBindingError``.
  init(_ query: RenderedSQL) throws {
    count = try Self.placeholderCount(of: query)
    var byteRoom = 0
    for index in 0..<count { byteRoom += Self.byteRoom(for: Self.value(at: index, of: query)) }
    binds = .allocate(capacity: max(count, 1))
    binds.initialize(repeating: MYSQL_BIND(), count: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    lengths.initialize(repeating: 0, count: max(count, 1))
    nulls = .allocate(capacity: max(count, 1))
    nulls.initialize(repeating: 0, count: max(count, 1))
    values = .allocate(byteCount: max(count * Self.slotSize + byteRoom, 1), alignment: 8)
    var nextByteOffset = count * Self.slotSize
    for index in 0..<count {
      let value = Self.value(at: index, of: query)
      binds[index].buffer_type = Self.bindType(of: value)
      binds[index].is_null = nulls + index
      binds[index].length = lengths + index
      let room = Self.byteRoom(for: value)
      if room > 0 {
        binds[index].buffer = values + nextByteOffset
        binds[index].buffer_length = UInt(room)
        nextByteOffset += room
      } else {
        binds[index].buffer = values + index * Self.slotSize
      }
    }
    try write(query)
  }

  deinit {
    values.deallocate()
    binds.deinitialize(count: max(count, 1))
    binds.deallocate()
    lengths.deallocate()
    nulls.deallocate()
  }

  /// Puts `query`'s values in place of this run's, when each fits the placeholder it takes:
  /// the same type (any placeholder takes a `NULL`, and a `NULL` placeholder only a `NULL`), and
  /// text and bytes no longer than the room made for them. Returns false, changing nothing the
  /// next run would read, when one does not fit; then the values need binds of their own.
  func rewrite(with query: RenderedSQL) throws -> Bool {
    guard try Self.placeholderCount(of: query) == count else { return false }
    for index in 0..<count {
      let value = Self.value(at: index, of: query)
      if case .null = value { continue }
      // A number's or a date's slot has no `buffer_length`, and its value no byte length.
      guard Self.bindType(of: value) == binds[index].buffer_type,
        Self.byteLength(of: value) <= Int(binds[index].buffer_length)
      else { return false }
    }
    try write(query)
    return true
  }

  /// Writes `query`'s values into their places, which fit them (see `rewrite(with:)`).
  private func write(_ query: RenderedSQL) throws {
    packetEstimate = 64 + count / 8 + 2 * count
    longestByteValue = 0
    for index in 0..<count {
      let value = Self.value(at: index, of: query)
      nulls[index] = 0
      let buffer = binds[index].buffer!
      switch value {
      case .null:
        nulls[index] = 1
      case .int(let number):
        store(number, in: buffer)
      case .double(let number):
        guard number.isFinite else {
          throw QueryBindingError("\(number) cannot be stored: MariaDB and MySQL have no infinity or NaN")
        }
        store(number, in: buffer)
      case .bool(let flag):
        store(Int8(flag ? 1 : 0), in: buffer)
      case .text(var text), .json(var text), .jsonb(var text):
        text.withUTF8 { storeBytes(UnsafeRawBufferPointer($0), in: buffer, at: index) }
      case .uuid(let uuid):
        storeText(of: uuid, in: buffer, at: index)
      case .blob(let bytes):
        bytes.withUnsafeBytes { storeBytes($0, in: buffer, at: index) }
      case .date(let date):
        store(MySQLTime.components(of: date), in: buffer)
      case .array:
        throw QueryBindingError("an array parameter: MariaDB and MySQL have no arrays")
      case .invalid(let error):
        throw error
      }
    }
  }

  /// How many placeholders `query` fills; throws when a placeholder names no value.
  private static func placeholderCount(of query: RenderedSQL) throws -> Int {
    let placeholders = query.positionalPlaceholders
    for (index, number) in placeholders.enumerated() where !query.bindings.indices.contains(number - 1) {
      throw QueryBindingError(
        "placeholder \(index + 1) takes value \(number), but the statement binds \(query.bindings.count) values")
    }
    return placeholders.isEmpty ? query.bindings.count : placeholders.count
  }

  /// The value the `index`th placeholder of `query` takes.
  private static func value(at index: Int, of query: RenderedSQL) -> QueryBinding {
    let placeholders = query.positionalPlaceholders
    return query.bindings[placeholders.isEmpty ? index : placeholders[index] - 1]
  }

  /// The type a placeholder is bound with for `value`.
  private static func bindType(of value: QueryBinding) -> enum_field_types {
    switch value {
    case .int: MYSQL_TYPE_LONGLONG
    case .double: MYSQL_TYPE_DOUBLE
    case .bool: MYSQL_TYPE_TINY
    case .text, .json, .jsonb, .uuid: MYSQL_TYPE_STRING
    case .blob: MYSQL_TYPE_BLOB
    case .date: MYSQL_TYPE_DATETIME
    case .null, .array, .invalid: MYSQL_TYPE_NULL
    }
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

  /// The room made after the slots for `value`: its length, at least ``minimumByteRoom``, for
  /// text and bytes; none for the rest.
  private static func byteRoom(for value: QueryBinding) -> Int {
    switch value {
    case .text, .json, .jsonb, .uuid, .blob: (max(byteLength(of: value), minimumByteRoom) + 7) & ~7
    default: 0
    }
  }

  /// Puts `value` in a placeholder's slot.
  private func store<Value>(_ value: Value, in slot: UnsafeMutableRawPointer) {
    slot.initializeMemory(as: Value.self, repeating: value, count: 1)
    packetEstimate += 13
  }

  /// Copies `bytes` into placeholder `index`'s room, which holds them.
  private func storeBytes(_ bytes: UnsafeRawBufferPointer, in room: UnsafeMutableRawPointer, at index: Int) {
    if let base = bytes.baseAddress { room.copyMemory(from: base, byteCount: bytes.count) }
    noteBytes(count: bytes.count, at: index)
  }

  /// Writes `uuid` into placeholder `index`'s room as 36 characters of lower-case hexadecimal
  /// with dashes, as UUID columns store it.
  private func storeText(of uuid: UUID, in room: UnsafeMutableRawPointer, at index: Int) {
    let destination = room.assumingMemoryBound(to: UInt8.self)
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
    noteBytes(count: 36, at: index)
  }

  private func noteBytes(count: Int, at index: Int) {
    packetEstimate += count + 9
    longestByteValue = max(longestByteValue, count)
    lengths[index] = UInt(count)
  }

  /// Sends the text and bytes values that would carry the statement's run past the server's
  /// `max_allowed_packet` on their own (`mysql_stmt_send_long_data`, in parts under the limit),
  /// so that a bulk insert of long values never loses the connection: the server closes one
  /// that sends a larger packet. The rest go with the run, as usual. Call after binding and
  /// before each run; a value longer than the limit itself throws before anything is sent.
  /// Returns whether any value was sent apart.
  @discardableResult
  func sendLongValues(of statement: UnsafeMutablePointer<MYSQL_STMT>, maximumPacket: Int, sql: String) throws -> Bool {
    guard longestByteValue + 9 <= maximumPacket else {
      throw MySQLError(
        code: 1153, sqlState: "08S01",
        message: "a value of \(longestByteValue) bytes is longer than the server's max_allowed_packet (\(maximumPacket) bytes)",
        sql: sql)
    }
    // What would pass seven eighths of the limit is sent apart; a run that fits sends nothing.
    let budget = maximumPacket - maximumPacket / 8
    guard packetEstimate > budget else { return false }
    var sentApart = false
    let byteValueIndices = (0..<count).filter {
      nulls[$0] == 0 && (binds[$0].buffer_type == MYSQL_TYPE_STRING || binds[$0].buffer_type == MYSQL_TYPE_BLOB)
    }
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
      sentApart = true
    }
    return sentApart
  }
}
