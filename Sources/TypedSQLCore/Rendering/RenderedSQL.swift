/// A statement rendered for one dialect: its SQL text and the values bound to its placeholders.
///
/// `bindings[0]` is bound to placeholder number 1, and so on.
public struct RenderedSQL: Sendable, Hashable, CustomStringConvertible {
  /// The SQL text, with placeholders in the dialect's spelling.
  public var sql: String
  /// The bound values, in placeholder-number order.
  public var bindings: [QueryBinding]

  /// Creates a rendered statement.
  public init(sql: String, bindings: [QueryBinding] = []) {
    self.sql = sql
    self.bindings = bindings
  }

  public var description: String {
    bindings.isEmpty ? sql : "\(sql) -- \(bindings.map(\.description).joined(separator: ", "))"
  }
}
