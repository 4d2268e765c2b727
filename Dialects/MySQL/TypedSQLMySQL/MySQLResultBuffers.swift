import CMariaDB
import TypedSQLCore

/// The buffers a prepared statement's result rows are fetched into, one per column, each sized
/// for the longest value of its column (the whole result is stored on the client first), so a
/// fetch never truncates. ``MySQLRowDecoder`` reads them by column index. The buffers are one
/// block of memory.
@usableFromInline
final class MySQLResultBuffers {
  /// What a column's buffer holds.
  enum Kind {
    /// An 8-byte integer, unsigned when the column is.
    case integer(unsigned: Bool)
    /// An 8-byte double.
    case double
    /// A `MYSQL_TIME`.
    case time
    /// A decimal number as text (what `sum` and `avg` give).
    case decimal
    /// Text, in UTF-8.
    case text
    /// Bytes: a column of the binary character set.
    case bytes
  }

  let count: Int
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  let lengths: UnsafeMutablePointer<UInt>
  let nulls: UnsafeMutablePointer<my_bool>
  let kinds: [Kind]
  let names: [String]
  /// Every column's buffer, each at an offset aligned to 8 bytes.
  private let storage: UnsafeMutableRawPointer

  /// Buffers for the columns `metadata` describes, whose longest values the stored result
  /// measured.
  init(metadata: UnsafeMutablePointer<MYSQL_RES>) {
    count = Int(mysql_num_fields(metadata))
    let fields = mysql_fetch_fields(metadata)!
    binds = .allocate(capacity: max(count, 1))
    binds.initialize(repeating: MYSQL_BIND(), count: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    lengths.initialize(repeating: 0, count: max(count, 1))
    nulls = .allocate(capacity: max(count, 1))
    nulls.initialize(repeating: 0, count: max(count, 1))
    var kinds: [Kind] = []
    kinds.reserveCapacity(count)
    var names: [String] = []
    names.reserveCapacity(count)
    var offsets: [(offset: Int, size: Int)] = []
    offsets.reserveCapacity(count)
    var total = 0
    for index in 0..<count {
      let field = fields[index]
      names.append(field.name.map { String(cString: $0) } ?? "#\(index)")
      let kind: Kind
      let bufferType: enum_field_types
      var size: Int
      switch field.type {
      case MYSQL_TYPE_TINY, MYSQL_TYPE_SHORT, MYSQL_TYPE_LONG, MYSQL_TYPE_INT24, MYSQL_TYPE_LONGLONG, MYSQL_TYPE_YEAR:
        kind = .integer(unsigned: field.flags & UInt32(UNSIGNED_FLAG) != 0)
        bufferType = MYSQL_TYPE_LONGLONG
        size = 8
      case MYSQL_TYPE_FLOAT, MYSQL_TYPE_DOUBLE:
        kind = .double
        bufferType = MYSQL_TYPE_DOUBLE
        size = 8
      case MYSQL_TYPE_DATE, MYSQL_TYPE_DATETIME, MYSQL_TYPE_TIMESTAMP, MYSQL_TYPE_TIME, MYSQL_TYPE_NEWDATE:
        kind = .time
        bufferType = field.type == MYSQL_TYPE_NEWDATE ? MYSQL_TYPE_DATE : field.type
        size = MemoryLayout<MYSQL_TIME>.size
      case MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL:
        kind = .decimal
        bufferType = MYSQL_TYPE_STRING
        size = Int(field.max_length)
      default:
        // The binary character set is number 63.
        kind = field.charsetnr == 63 ? .bytes : .text
        bufferType = MYSQL_TYPE_STRING
        size = Int(field.max_length)
      }
      size = max(size, 1)
      kinds.append(kind)
      offsets.append((total, size))
      total += (size + 7) & ~7
      binds[index].buffer_type = bufferType
      binds[index].buffer_length = UInt(size)
      binds[index].length = lengths + index
      binds[index].is_null = nulls + index
      if case .integer(let unsigned) = kind { binds[index].is_unsigned = unsigned ? 1 : 0 }
    }
    storage = .allocate(byteCount: max(total, 1), alignment: 8)
    for (index, slot) in offsets.enumerated() { binds[index].buffer = storage + slot.offset }
    self.kinds = kinds
    self.names = names
  }

  deinit {
    storage.deallocate()
    binds.deinitialize(count: max(count, 1))
    binds.deallocate()
    lengths.deallocate()
    nulls.deallocate()
  }

  /// Whether column `index` of the row fetched last is `NULL`.
  func isNull(_ index: Int) -> Bool { nulls[index] != 0 }

  /// The bytes column `index` of the row fetched last holds.
  func bytes(_ index: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: binds[index].buffer, count: Int(lengths[index]))
  }

  /// The value of an integer, double or time column of the row fetched last.
  func value<Value>(_ index: Int, as type: Value.Type) -> Value {
    binds[index].buffer.load(as: Value.self)
  }
}
