/// SQL written by hand, as `#sql` builds it: text as written, with interpolated values bound,
/// columns and tables quoted, and `\(raw:)` as the one visible way to splice text.
///
/// ```swift
/// Reminder.where { #sql("\($0.title) LIKE \(pattern) || '%'") }
/// // SQLite:     WHERE "reminders"."title" LIKE ?1 || '%'
/// // PostgreSQL: WHERE "reminders"."title" LIKE $1 || '%'
/// ```
public struct SQLFragment: Sendable, Hashable, ExpressibleByStringInterpolation {
  /// The pieces of the fragment, in order.
  public private(set) var segments: [RawSQLSegment] = []

  public init(stringLiteral value: String) {
    segments = [.text(value)]
  }

  public init(stringInterpolation: StringInterpolation) {
    segments = stringInterpolation.segments
  }

  /// Collects a fragment's pieces.
  public struct StringInterpolation: StringInterpolationProtocol {
    var segments: [RawSQLSegment] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
      segments.reserveCapacity(interpolationCount * 2 + 1)
    }

    /// SQL text as written.
    public mutating func appendLiteral(_ literal: String) {
      guard !literal.isEmpty else { return }
      segments.append(.text(literal))
    }

    /// A value, bound as a parameter.
    public mutating func appendInterpolation(_ value: some QueryBindable) {
      segments.append(.binding(value.queryBinding))
    }

    /// A column or expression, rendered in place.
    public mutating func appendInterpolation<Value>(_ expression: SQLQueryExpression<Value>) {
      segments.append(.expression(expression.node))
    }

    /// A table's name, quoted, after its schema's when it has one (`"main"."reminders"`).
    public mutating func appendInterpolation<T: Table>(_ table: T.Type) {
      if let schema = T.schemaName {
        segments.append(.identifier(schema))
        segments.append(.text("."))
      }
      segments.append(.identifier(T.tableName))
    }

    /// Every column of a table, `"t"."a", "t"."b"`, as `SELECT` lists them.
    public mutating func appendInterpolation(_ columns: some TableDefinition) {
      appendSelection(of: columns)
    }

    /// Every expression of a selection, as `SELECT` lists them: a `@Selection` type's
    /// `Columns(…)`, a tuple's row of expressions.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ projection: some QueryProjection) {
      appendSelection(of: projection)
    }

    private mutating func appendSelection(of projection: some QueryProjection) {
      var expressions: [SQLExpression] = []
      projection.appendSelection(to: &expressions)
      for (index, expression) in expressions.enumerated() {
        if index > 0 { segments.append(.text(", ")) }
        segments.append(.expression(expression))
      }
    }

    /// A select's SQL, as is: parenthesize it where it stands as a subquery.
    ///
    /// ```swift
    /// let listIDs = RemindersList.where { $0.title.eq("Work") }.select(\.id)
    /// Reminder.where { #sql("\($0.remindersListID) IN (\(listIDs))") }
    /// ```
    public mutating func appendInterpolation<Scope, Row>(_ select: Select<Scope, Row>) {
      segments.append(.select(select.select))
    }

    /// A value, bound as a parameter: StructuredQueries' spelling of `\(value)`.
    public mutating func appendInterpolation(bind value: some QueryBindable) {
      segments.append(.binding(value.queryBinding))
    }

    /// Text quoted as a name (`"my table"`) or, with `delimiter: .text`, as a string literal
    /// (`'Blob''s world'`), for SQL that takes no parameter there, such as a column's `DEFAULT`.
    /// Quotes inside are doubled, so any text is safe to quote.
    public mutating func appendInterpolation(quote text: String, delimiter: SQLQuoteDelimiter = .identifier) {
      switch delimiter {
      case .identifier: segments.append(.identifier(text))
      case .text: segments.append(.literal(.text(text)))
      }
    }

    /// Text spliced into the SQL as is: never pass it a value from outside the program.
    public mutating func appendInterpolation(raw text: String) {
      segments.append(.text(text))
    }

    /// A value's description spliced into the SQL as is (`\(raw: count)`): never pass it a value
    /// from outside the program.
    public mutating func appendInterpolation(raw value: some LosslessStringConvertible) {
      segments.append(.text(value.description))
    }
  }
}

/// StructuredQueries' name for ``SQLFragment``: SQL written by hand, as a table's
/// ``Table/tableFragment`` declares it.
public typealias QueryFragment = SQLFragment

/// How `\(quote:delimiter:)` quotes text in `#sql`.
public enum SQLQuoteDelimiter: Sendable {
  /// As a name: `"text"`.
  case identifier
  /// As a string literal: `'text'`.
  case text
}

extension SQLQueryExpression {
  /// An expression written by hand: `SQLQueryExpression<Bool>(sql: "\($0.title) <> ''")`.
  public init(sql fragment: SQLFragment) {
    self.init(node: .raw(fragment.segments))
  }

  /// An expression written by hand, in StructuredQueries' spelling:
  /// `SQLQueryExpression("\($0.title) <> ''", as: Bool.self)`. The type is required: without it,
  /// `SQLQueryExpression("text")` is the bound text `'text'`, as for any Swift value.
  public init(_ fragment: SQLFragment, as value: Value.Type) {
    self.init(node: .raw(fragment.segments))
  }
}

/// A whole statement written by hand with `#sql(…, as: Row.self)`, whose rows decode as `Row`.
///
/// ```swift
/// let rows = try #sql("SELECT \(Reminder.columns) FROM \(Reminder.self)", as: Reminder.self)
///   .fetchAll(db)
/// ```
public struct SQLQuery<Row: QueryRow>: Statement {
  /// The statement's pieces.
  public let fragment: SQLFragment

  /// A statement whose rows decode as `Row`.
  public init(sql fragment: SQLFragment, as row: Row.Type = Row.self) {
    self.fragment = fragment
  }

  public var statementNode: SQLStatement { .raw(fragment.segments) }
}
