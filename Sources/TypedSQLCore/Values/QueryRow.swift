/// A description of how one result row decodes into a Swift value.
///
/// Every ``QueryDecodable`` type is a row of itself; a tuple selection such as
/// `select { ($0.title, $0.priority) }` uses ``PackRow`` to decode `(String, Int?)`.
public protocol QueryRow {
  /// The Swift value one row becomes.
  associatedtype Output
  /// How many result columns one row of this type spans.
  static var columnCount: Int { get }
  /// Decodes one row, starting at the decoder's current column.
  static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output
}

/// A row made of several values side by side, e.g. `(Reminder, RemindersList?)` or `(String, Int)`.
public struct PackRow<each Element: QueryRow>: QueryRow {
  public typealias Output = (repeat (each Element).Output)

  public static var columnCount: Int {
    var count = 0
    for element in repeat (each Element).self { count += element.columnCount }
    return count
  }

  @inlinable
  public static func decodeRow(_ decoder: inout some QueryDecoder) throws -> Output {
    (repeat try (each Element).decodeRow(&decoder))
  }
}
