/// A format for writing an instant as text, in `strftime`'s notation, limited to the fields
/// every database can write the same way:
///
/// | Field | Meaning |
/// |---|---|
/// | `%Y` | the year, 4 digits |
/// | `%m` | the month, `01`–`12` |
/// | `%d` | the day of the month, `01`–`31` |
/// | `%H` | the hour, `00`–`23` |
/// | `%M` | the minute, `00`–`59` |
/// | `%S` | the second, `00`–`59` |
/// | `%f` | the second with milliseconds, `SS.SSS` |
/// | `%j` | the day of the year, `001`–`366` |
/// | `%w` | the weekday, `0` (Sunday) to `6` |
/// | `%%` | a `%` |
///
/// Any other text is written as it is.
public struct DateFormat: Sendable, Hashable {
  /// A piece of a format: text written as it is, or a field of the instant.
  public enum Piece: Sendable, Hashable {
    /// Text, written as it is.
    case text(String)
    /// A field of the instant.
    case field(Field)
  }

  /// The fields of an instant a format can write.
  public enum Field: Character, Sendable, Hashable, CaseIterable {
    /// The year (`%Y`, 4 digits), the month (`%m`, `01`–`12`), the day of the month (`%d`,
    /// `01`–`31`), the hour (`%H`, `00`–`23`), the minute (`%M`, `00`–`59`) or the second (`%S`,
    /// `00`–`59`); the raw value is the field's `strftime` letter.
    case year = "Y", month = "m", day = "d", hour = "H", minute = "M", second = "S"
    /// The second with milliseconds (`%f`, `SS.SSS`), the day of the year (`%j`, `001`–`366`) or
    /// the weekday (`%w`, `0` for Sunday to `6`).
    case secondWithMilliseconds = "f", dayOfYear = "j", weekday = "w"
  }

  /// The pieces, in order; adjacent text is one piece.
  public let pieces: [Piece]

  /// Parses a `strftime` format, or throws ``DialectError/invalidStatement(_:)`` naming the
  /// first field outside the portable set.
  public init(_ format: String) throws {
    var pieces: [Piece] = []
    var text = ""
    var iterator = format.makeIterator()
    while let character = iterator.next() {
      guard character == "%" else {
        text.append(character)
        continue
      }
      guard let code = iterator.next() else {
        throw DialectError.invalidStatement("the date format \(String(reflecting: format)) ends with a lone %")
      }
      if code == "%" {
        text.append("%")
      } else if let field = Field(rawValue: code) {
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(.field(field))
      } else {
        throw DialectError.invalidStatement(
          "the date format field %\(code) is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)")
      }
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    self.pieces = pieces
  }

  /// The format in `strftime`'s notation, `%` in text doubled.
  public var strftimeFormat: String {
    pieces.map { piece in
      switch piece {
      case .text(let text): return text.map { $0 == "%" ? "%%" : String($0) }.joined()
      case .field(let field): return "%" + String(field.rawValue)
      }
    }.joined()
  }
}
