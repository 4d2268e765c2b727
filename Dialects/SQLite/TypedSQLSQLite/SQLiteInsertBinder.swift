import CSQLite
import TypedSQLCore

/// Binds the rows of an insert to its prepared statement as each row encodes its columns: the
/// `ColumnEncoder` behind `SQLiteDatabase.executeInsert(_:shape:rows:)`. No list of values is
/// built, copied or destroyed on the way. A statement of several rows takes them one after
/// another, each row's placeholders following the previous row's.
///
/// A column the statement leaves to its default has no placeholder. The binder checks each column
/// against the statement's shape, and stops at the first column that differs or the first value
/// that cannot be bound; `finish(argumentCount:)` then says what happened.
@usableFromInline
struct SQLiteInsertBinder: ColumnEncoder {
  /// Why binding stopped before the end of the row.
  @usableFromInline
  enum Stop {
    /// The row leaves a different set of columns to their default than the statement does.
    case otherShape
    /// SQLite refused a value with this result code.
    case refused(Int32)
    /// A value failed to encode (`QueryBinding.invalid(_:)`).
    case invalid(any Error)
  }

  @usableFromInline
  let statement: OpaquePointer
  /// Bit `i` set when the statement leaves column `i` to its default.
  @usableFromInline
  let shape: UInt64
  /// The index of the next column in its row.
  @usableFromInline
  var column = 0
  /// The placeholder the next bound value takes.
  @usableFromInline
  var placeholder: Int32 = 1
  /// Why binding stopped; `nil` while it goes on.
  @usableFromInline
  var stop: Stop?

  @inlinable
  init(statement: OpaquePointer, shape: UInt64) {
    self.statement = statement
    self.shape = shape
  }

  /// Starts the next row: its first column takes the next placeholder.
  @inlinable
  mutating func startRow() {
    column = 0
  }

  /// Whether the statement leaves `column` to its default. A column past the 64th never is.
  @inlinable
  func statementDefaults(_ column: Int) -> Bool {
    column < UInt64.bitWidth && shape & (1 << UInt64(column)) != 0
  }

  @inlinable @inline(__always)
  mutating func appendBinding(_ binding: consuming QueryBinding) {
    defer { column += 1 }
    guard case .none = stop else { return }
    guard !statementDefaults(column) else {
      stop = .otherShape
      return
    }
    do {
      let code = try SQLiteDatabase.bindValue(binding, at: placeholder, to: statement)
      guard code == SQLITE_OK else {
        stop = .refused(code)
        return
      }
    } catch {
      stop = .invalid(error)
      return
    }
    placeholder += 1
  }

  @inlinable
  mutating func appendDefault() {
    defer { column += 1 }
    if case .none = stop, !statementDefaults(column) { stop = .otherShape }
  }

  /// After the row: `true` when every argument of the statement is bound, `false` when the row
  /// has another shape. Throws SQLite's error for a refused value, and a value's own error for one
  /// that failed to encode.
  @usableFromInline
  func finish(argumentCount: Int) throws -> Bool {
    switch stop {
    case nil:
      return Int(placeholder) - 1 == argumentCount
    case .otherShape:
      return false
    case .refused(let code):
      throw SQLiteError.failed(statement, code: code)
    case .invalid(let error):
      throw error
    }
  }
}
