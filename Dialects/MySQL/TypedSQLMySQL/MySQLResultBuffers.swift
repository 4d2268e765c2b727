import CMariaDB
import TypedSQLCore

/// The buffers a prepared statement's result rows are fetched into, one per column.
/// ``MySQLRowDecoder`` reads them by column index.
///
/// For a result stored on the client first, each buffer is sized for the longest value of its
/// column, which the stored result measured, so a fetch never truncates. For rows streamed from
/// the server as they are read, text and bytes start at most 256 bytes long; a longer value is
/// read again whole into a buffer grown to its length, which later rows keep (see
/// `readTruncatedColumns(of:sql:)`). The starting buffers are one block of memory.
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

  /// What decides how a column is bound and read.
  private struct ColumnType: Equatable {
    let type: enum_field_types
    let flags: UInt32
    let characterSet: UInt32

    init(_ field: MYSQL_FIELD) {
      type = field.type
      flags = field.flags
      characterSet = field.charsetnr
    }
  }

  let count: Int
  let binds: UnsafeMutablePointer<MYSQL_BIND>
  let lengths: UnsafeMutablePointer<UInt>
  let nulls: UnsafeMutablePointer<my_bool>
  /// Set by a fetch for each column whose value did not fit its buffer.
  private let truncated: UnsafeMutablePointer<my_bool>
  let kinds: [Kind]
  let names: [String]
  /// Each column's type, flags and character set, as the metadata described them.
  private let columnTypes: [ColumnType]

  /// Whether the rows are streamed from the server rather than stored on the client first.
  let isStreamed: Bool
  /// Every column's starting buffer, each at an offset aligned to 8 bytes.
  private let storage: UnsafeMutableRawPointer
  /// The buffers grown for values longer than their column's starting buffer.
  private var grown: [UnsafeMutableRawPointer] = []
  /// The longest text or bytes a streamed row's buffer starts with.
  static let streamedTextCapacity = 256

  /// Buffers for the columns `metadata` describes: for a stored result (`isStreamed` false),
  /// sized by the longest values it measured; for streamed rows, by the columns' declared
  /// lengths up to ``streamedTextCapacity``.
  init(metadata: UnsafeMutablePointer<MYSQL_RES>, isStreamed: Bool) {
    self.isStreamed = isStreamed
    count = Int(mysql_num_fields(metadata))
    let fields = mysql_fetch_fields(metadata)!
    binds = .allocate(capacity: max(count, 1))
    binds.initialize(repeating: MYSQL_BIND(), count: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    lengths.initialize(repeating: 0, count: max(count, 1))
    nulls = .allocate(capacity: max(count, 1))
    nulls.initialize(repeating: 0, count: max(count, 1))
    truncated = .allocate(capacity: max(count, 1))
    truncated.initialize(repeating: 0, count: max(count, 1))
    let textSize = { (field: MYSQL_FIELD) -> Int in
      isStreamed ? min(Int(field.length), Self.streamedTextCapacity) : Int(field.max_length)
    }
    var kinds: [Kind] = []
    kinds.reserveCapacity(count)
    var names: [String] = []
    names.reserveCapacity(count)
    var columnTypes: [ColumnType] = []
    columnTypes.reserveCapacity(count)
    var offsets: [(offset: Int, size: Int)] = []
    offsets.reserveCapacity(count)
    var total = 0
    for index in 0..<count {
      let field = fields[index]
      names.append(field.name.map { String(cString: $0) } ?? "#\(index)")
      columnTypes.append(ColumnType(field))
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
        size = textSize(field)
      default:
        // The binary character set is number 63.
        kind = field.charsetnr == 63 ? .bytes : .text
        bufferType = MYSQL_TYPE_STRING
        size = textSize(field)
      }
      size = max(size, 1)
      kinds.append(kind)
      offsets.append((total, size))
      total += (size + 7) & ~7
      binds[index].buffer_type = bufferType
      binds[index].buffer_length = UInt(size)
      binds[index].length = lengths + index
      binds[index].is_null = nulls + index
      binds[index].error = truncated + index
      if case .integer(let unsigned) = kind { binds[index].is_unsigned = unsigned ? 1 : 0 }
    }
    storage = .allocate(byteCount: max(total, 1), alignment: 8)
    for (index, slot) in offsets.enumerated() { binds[index].buffer = storage + slot.offset }
    self.kinds = kinds
    self.names = names
    self.columnTypes = columnTypes
  }

  /// Whether these buffers still describe the columns `statement` returns: the same number, of
  /// the same types (a server that prepared the statement again after a change of schema sends
  /// its new columns with the run).
  func describe(_ statement: UnsafeMutablePointer<MYSQL_STMT>) -> Bool {
    guard Int(mysql_stmt_field_count(statement)) == count, let fields = statement.pointee.fields else { return false }
    for index in 0..<count where ColumnType(fields[index]) != columnTypes[index] { return false }
    return true
  }

  deinit {
    for buffer in grown { buffer.deallocate() }
    truncated.deallocate()
    storage.deallocate()
    binds.deinitialize(count: max(count, 1))
    binds.deallocate()
    lengths.deallocate()
    nulls.deallocate()
  }

  /// Reads again, whole, each value of the row fetched last that did not fit its column's
  /// buffer, into a buffer grown to its length (at least twice the old one, so that a column
  /// grows a few times at most), and binds the grown buffers for the rows after.
  func readTruncatedColumns(of statement: UnsafeMutablePointer<MYSQL_STMT>, sql: String) throws {
    for index in 0..<count where truncated[index] != 0 {
      let size = max(Int(lengths[index]), 2 * Int(binds[index].buffer_length))
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
      grown.append(buffer)
      binds[index].buffer = buffer
      binds[index].buffer_length = UInt(size)
      truncated[index] = 0
      guard mysql_stmt_fetch_column(statement, binds + index, UInt32(index), 0) == 0 else {
        throw MySQLError.from(statement: statement, sql: sql)
      }
    }
    guard mysql_stmt_bind_result(statement, binds) == 0 else { throw MySQLError.from(statement: statement, sql: sql) }
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
