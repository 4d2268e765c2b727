/// A statement rendered for one dialect: its SQL text and the values bound to its placeholders.
///
/// `bindings[0]` is bound to placeholder number 1, and so on.
public struct RenderedSQL: Sendable, Hashable, CustomStringConvertible {
  /// The SQL text, with placeholders in the dialect's spelling.
  public var sql: String
  /// The bound values, in placeholder-number order.
  public var bindings: [QueryBinding]
  /// For a statement with arguments (see ``PreparedStatement``), the placeholder number of each
  /// argument, by argument index; 0 for an argument the statement does not use. The binding in
  /// an argument's slot is a placeholder error until the argument is supplied.
  public var argumentPlaceholders: [Int] {
    get { placeholderLists?.arguments ?? [] }
    set { placeholderLists = .of(arguments: newValue, positional: positionalPlaceholders) }
  }
  /// For a dialect whose placeholders carry no number (MySQL's `?`), the placeholder number of
  /// each placeholder in text order: the `i`th placeholder takes
  /// `bindings[positionalPlaceholders[i] - 1]`. Empty when placeholders are numbered.
  public var positionalPlaceholders: [Int] {
    get { placeholderLists?.positional ?? [] }
    set { placeholderLists = .of(arguments: argumentPlaceholders, positional: newValue) }
  }
  /// ``argumentPlaceholders`` and ``positionalPlaceholders`` in one reference, nil while both
  /// are empty, as they are for most statements. A statement is then four words, which Swift
  /// passes and destroys in registers; with two more lists it was held in memory, and each of
  /// its lists was destroyed through its type's metadata.
  var placeholderLists: PlaceholderLists?

  /// The placeholders the statement holds, as its database counts them against its limit: each
  /// `?` of a dialect without numbered placeholders, one per bound value otherwise.
  public var placeholderCount: Int {
    positionalPlaceholders.isEmpty ? bindings.count : positionalPlaceholders.count
  }

  /// Creates a rendered statement.
  public init(
    sql: String, bindings: [QueryBinding] = [], argumentPlaceholders: [Int] = [],
    positionalPlaceholders: [Int] = []
  ) {
    self.sql = sql
    self.bindings = bindings
    placeholderLists = .of(arguments: argumentPlaceholders, positional: positionalPlaceholders)
  }

  /// A rendered statement with the placeholder lists of another.
  init(sql: String, bindings: [QueryBinding], placeholderLists: PlaceholderLists?) {
    self.sql = sql
    self.bindings = bindings
    self.placeholderLists = placeholderLists
  }

  /// The statement with `arguments` (by argument index) in their placeholders' slots.
  public func supplying(_ arguments: UnsafeBufferPointer<QueryBinding>) throws -> RenderedSQL {
    try checkArgumentCount(arguments.count)
    var supplied = self
    for (index, placeholder) in argumentPlaceholders.enumerated() where placeholder > 0 {
      supplied.bindings[placeholder - 1] = arguments[index]
    }
    return supplied
  }

  public var description: String {
    bindings.isEmpty ? sql : "\(sql) -- \(bindingDescriptions.joined(separator: ", "))"
  }

  /// Throws unless `count` arguments cover every argument the statement takes.
  public func checkArgumentCount(_ count: Int) throws {
    guard count >= argumentPlaceholders.count else {
      throw DialectError.invalidStatement(
        "the statement takes \(argumentPlaceholders.count) arguments; \(count) were given")
    }
  }

  /// Each binding's description, in placeholder order; an argument's slot reads `argument N`
  /// (1-based).
  public var bindingDescriptions: [String] {
    var descriptions = bindings.map(\.description)
    for (index, placeholder) in argumentPlaceholders.enumerated() where placeholder > 0 {
      descriptions[placeholder - 1] = "argument \(index + 1)"
    }
    return descriptions
  }
}
