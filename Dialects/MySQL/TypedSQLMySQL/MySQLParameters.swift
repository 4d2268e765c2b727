import CMariaDB
import Foundation
import TypedSQLCore

/// The values of one run of a prepared statement in the server's binary protocol, bound in
/// placeholder order: the `i`th `?` takes the value `RenderedSQL.positionalPlaceholders[i]`
/// names (or the `i`th binding, for SQL written by hand). Owns the memory the binds point to
/// until it is released.
final class MySQLParameters {
  let count: Int
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  private let lengths: UnsafeMutablePointer<UInt>
  private var storage: [UnsafeMutableRawPointer] = []
  /// The placeholder indices of the text and bytes values, in order, for sending apart.
  private var byteValueIndices: [Int] = []
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
    let order = query.positionalPlaceholders.isEmpty
      ? Array(query.bindings.indices.map { $0 + 1 }) : query.positionalPlaceholders
    count = order.count
    packetEstimate = 64 + count / 8 + 2 * count
    binds = .allocate(capacity: max(count, 1))
    binds.initialize(repeating: MYSQL_BIND(), count: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    lengths.initialize(repeating: 0, count: max(count, 1))
    for (index, number) in order.enumerated() {
      guard query.bindings.indices.contains(number - 1) else {
        throw QueryBindingError(
          "placeholder \(index + 1) takes value \(number), but the statement binds \(query.bindings.count) values")
      }
      try bind(query.bindings[number - 1], at: index)
    }
  }

  deinit {
    for pointer in storage { pointer.deallocate() }
    binds.deinitialize(count: max(count, 1))
    binds.deallocate()
    lengths.deallocate()
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
    case .text(let text), .json(let text), .jsonb(let text):
      storeBytes(Array(text.utf8), as: MYSQL_TYPE_STRING, at: index)
    case .uuid(let uuid):
      storeBytes(Array(uuid.uuidString.lowercased().utf8), as: MYSQL_TYPE_STRING, at: index)
    case .blob(let bytes):
      storeBytes(bytes, as: MYSQL_TYPE_BLOB, at: index)
    case .date(let date):
      store(MySQLTime.components(of: date), as: MYSQL_TYPE_DATETIME, at: index)
    case .array:
      throw QueryBindingError("an array parameter: MariaDB and MySQL have no arrays")
    case .invalid(let error):
      throw error
    }
  }

  private func store<Value>(_ value: Value, as type: enum_field_types, at index: Int) {
    let pointer = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Value>.size, alignment: MemoryLayout<Value>.alignment)
    pointer.initializeMemory(as: Value.self, repeating: value, count: 1)
    storage.append(pointer)
    packetEstimate += 13
    binds[index].buffer_type = type
    binds[index].buffer = pointer
  }

  private func storeBytes(_ bytes: [UInt8], as type: enum_field_types, at index: Int) {
    let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { pointer.copyMemory(from: base, byteCount: source.count) }
    }
    storage.append(pointer)
    byteValueIndices.append(index)
    packetEstimate += bytes.count + 9
    longestByteValue = max(longestByteValue, bytes.count)
    lengths[index] = UInt(bytes.count)
    binds[index].buffer_type = type
    binds[index].buffer = pointer
    binds[index].buffer_length = UInt(bytes.count)
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
