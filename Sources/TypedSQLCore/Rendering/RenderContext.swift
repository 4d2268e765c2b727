/// The state of one rendering pass: the SQL buffer and the bound values.
///
/// Placeholders are numbered in the order values first appear, once for the whole statement, and
/// a value bound twice gets the number it got the first time. That keeps `$N` stable however the
/// tree was assembled, and lets PostgreSQL match a `GROUP BY` expression with the same expression
/// in the `SELECT` list.
public struct RenderContext {
  /// How bound values appear in the text.
  public enum BindingStyle: Sendable {
    /// As placeholders, with values in ``bindings``: the only form ever executed.
    case placeholders
    /// As SQL literals, for display and documentation only.
    case inlineLiterals
  }

  /// The SQL rendered so far.
  public private(set) var sql: String
  /// The values bound so far, in placeholder-number order.
  public private(set) var bindings: [QueryBinding] = []
  /// How bound values appear in the text.
  public let bindingStyle: BindingStyle

  /// Lookup from value to placeholder number, built once a statement has enough bindings that
  /// a linear scan would cost more than hashing.
  private var numbersByBinding: [QueryBinding: Int] = [:]
  private static let linearScanLimit = 16

  /// Creates an empty context.
  public init(bindingStyle: BindingStyle = .placeholders) {
    self.bindingStyle = bindingStyle
    self.sql = ""
    sql.reserveCapacity(256)
  }

  /// Appends SQL text: keywords and punctuation, never values or unquoted identifiers.
  public mutating func append(_ text: String) {
    sql.append(text)
  }

  /// The placeholder number of `binding`, registering it if it is new.
  public mutating func placeholderNumber(for binding: QueryBinding) -> Int {
    if bindings.count <= Self.linearScanLimit {
      if let index = bindings.firstIndex(of: binding) { return index + 1 }
      bindings.append(binding)
      if bindings.count > Self.linearScanLimit {
        for (index, value) in bindings.enumerated() { numbersByBinding[value] = index + 1 }
      }
      return bindings.count
    }
    if let number = numbersByBinding[binding] { return number }
    bindings.append(binding)
    numbersByBinding[binding] = bindings.count
    return bindings.count
  }
}
