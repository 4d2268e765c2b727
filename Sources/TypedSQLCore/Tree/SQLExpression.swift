/// A dialect-neutral SQL expression: what it means, not how any database spells it.
///
/// Builders produce these nodes; a ``Dialect`` renders them. Values are always ``binding(_:)``
/// nodes, never text.
public enum SQLExpression: Sendable, Hashable {
  /// A column, optionally qualified by a table name or alias.
  case column(ColumnReference)
  /// A bound parameter.
  case binding(QueryBinding)
  /// The value given for argument `index` (0-based) each time a prepared statement runs: see
  /// ``PreparedStatement``. Rendered as a placeholder whose value is supplied later.
  case argument(Int)
  /// Logical negation: `NOT x`.
  indirect case not(SQLExpression)
  /// Arithmetic negation: `-x`.
  indirect case negate(SQLExpression)
  /// Bitwise complement of an integer: `~x`.
  indirect case bitwiseNot(SQLExpression)
  /// `x BETWEEN lower AND upper`.
  indirect case between(SQLExpression, lower: SQLExpression, upper: SQLExpression)
  /// A binary operation such as `a = b`, `a AND b`, `a || b`.
  indirect case binary(SQLExpression, BinaryOperator, SQLExpression)
  /// `x IS NULL`, or `x IS NOT NULL` when `negated`.
  indirect case isNull(SQLExpression, negated: Bool)
  /// Null-safe comparison: `a IS DISTINCT FROM b`, or `IS NOT DISTINCT FROM` when `negated`.
  indirect case isDistinctFrom(SQLExpression, SQLExpression, negated: Bool)
  /// `x IN (a, b, …)`, or `NOT IN` when `negated`. An empty list is false (true when negated).
  indirect case inList(SQLExpression, [SQLExpression], negated: Bool)
  /// `x IN (SELECT …)`, or `NOT IN` when `negated`: membership in the rows of a subquery that
  /// selects one column (or, for a ``tuple(_:)``, as many columns as the tuple has).
  indirect case inSubquery(SQLExpression, SelectStatement, negated: Bool)
  /// `EXISTS (SELECT …)`, or `NOT EXISTS` when `negated`: whether the subquery has a row.
  indirect case exists(SelectStatement, negated: Bool)
  /// `(SELECT …)` used as a value: the first column of its first row, `NULL` when it has none
  /// (SQLite's meaning: PostgreSQL, which fails on a second row, reads only the first).
  indirect case scalarSubquery(SelectStatement)
  /// The database's own identity of a row of the table that `qualifier` names, stable for the
  /// length of one statement: SQLite's `rowid`, PostgreSQL's `ctid`. It lets a write touch
  /// exactly the rows a query selects from a table that has no primary key.
  case rowIdentity(qualifier: String)
  /// An aggregate call such as `count(DISTINCT x)` or `sum(x)`, over the rows where `filter`
  /// holds when there is one (`FILTER (WHERE …)`), taking them in `orderBy` order when it has
  /// one (`json_group_array(x ORDER BY y)`).
  indirect case aggregate(
    AggregateFunction, SQLExpression, distinct: Bool, filter: SQLExpression? = nil, orderBy: [OrderingTerm] = [])
  /// `count(*)`.
  case countAll
  /// A window function call or an aggregate computed over a window: `f(…) OVER (…)`.
  indirect case window(SQLExpression, WindowSpecification)
  /// A row value `(a, b, …)`.
  case tuple([SQLExpression])
  /// The first non-`NULL` argument: `coalesce(a, b, …)`.
  case coalesce([SQLExpression])
  /// `CASE WHEN c1 THEN v1 … ELSE e END`, or with a base, `CASE base WHEN k1 THEN v1 … END`
  /// (each key compared to the base with `=`); without `else`, `NULL` when no branch matches.
  indirect case caseWhen(base: SQLExpression? = nil, [CaseBranch], else: SQLExpression?)
  /// `CAST(x AS type)`, with each dialect's name for the type. When the value's own type (`from`)
  /// is known, each dialect renders the conversion so that it gives the same value on every
  /// database, or refuses it by name (see ``Dialect/renderConversion(_:from:to:into:)``).
  indirect case cast(SQLExpression, SQLType, from: SQLType? = nil)
  /// A portable function: each dialect spells it its own way.
  indirect case function(SQLFunction, [SQLExpression])
  /// A path into a JSON value, bound in the form the dialect's JSON functions take.
  case jsonPath(JSONPath)
  /// A JSON object of named values, each written so that it decodes back as its column does:
  /// SQLite `json_object('id', …)`, PostgreSQL `jsonb_build_object('id', …)`.
  case jsonObject([JSONObjectField])
  /// A value as a JSON value, written in its ``JSONValueForm``: what JSON edits write.
  indirect case jsonValue(SQLExpression, JSONValueForm)
  /// A change to a JSON document at a path (see ``JSONEdit``).
  indirect case jsonEdit(JSONEdit)
  /// An operation on instants: the current one, a component, a start of day, month or year, or
  /// arithmetic.
  indirect case date(DateOperation)
  /// SQL written by hand with `#sql`: literal text, bound values, quoted identifiers and nested
  /// expressions.
  case raw([RawSQLSegment])
  /// A node only some dialects have.
  case dialectExtension(DialectExtensionNode)
}

/// One piece of a `#sql` fragment.
public enum RawSQLSegment: Sendable, Hashable {
  /// SQL text as written: the only place the tree holds SQL text.
  case text(String)
  /// An interpolated value: bound, never spliced.
  case binding(QueryBinding)
  /// An interpolated name: quoted by the dialect.
  case identifier(String)
  /// An interpolated value written as a literal, where SQL takes no parameter (a `DEFAULT` in
  /// a `CREATE TABLE`): `'it''s'`.
  case literal(QueryBinding)
  /// An interpolated expression or column.
  case expression(SQLExpression)
  /// An interpolated select, as its SQL, without parentheses: the text around it places it
  /// (`IN (\(ids))`).
  indirect case select(SelectStatement)
}

/// A path into a JSON value: object keys and array indices, `["tags", 0]`.
public struct JSONPath: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// One step of a path.
  public enum Component: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// An object member, by its key.
    case key(String)
    /// An array element, by its position from 0.
    case index(Int)
    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }
  }

  /// The steps, outermost first.
  public var components: [Component]

  public init(arrayLiteral components: Component...) {
    self.components = components
  }

  /// PostgreSQL's spelling, a text array `{"tags","0"}`.
  public var postgresPath: String {
    let elements = components.map { component -> String in
      let text: String
      switch component {
      case .key(let key): text = key
      case .index(let index): text = String(index)
      }
      return Self.quoted(text)
    }
    return "{" + elements.joined(separator: ",") + "}"
  }

  /// `"text"`, with backslashes and quotes escaped.
  private static func quoted(_ text: String) -> String {
    "\"" + text.escapingScalars(["\\", "\""], with: "\\") + "\""
  }
}

/// One `WHEN condition THEN value` of a `CASE`.
public struct CaseBranch: Sendable, Hashable {
  /// The condition, or in a `CASE` with a base, the value compared to the base.
  public var condition: SQLExpression
  /// The value when the condition holds.
  public var value: SQLExpression

  /// Creates a branch.
  public init(condition: SQLExpression, value: SQLExpression) {
    self.condition = condition
    self.value = value
  }
}

/// The portable types a value can be cast to; each dialect names them.
public enum SQLType: Sendable, Hashable {
  /// A 64-bit integer, a double, text, bytes or a Boolean: SQLite's `INTEGER`, `REAL`, `TEXT`,
  /// `BLOB` and `INTEGER` (0 or 1), PostgreSQL's `bigint`, `double precision`, `text`, `bytea`
  /// and `boolean`.
  case integer, real, text, blob, boolean
  /// An instant: ISO-8601 text in SQLite, `timestamptz` in PostgreSQL.
  case timestamp
}

/// A column reference: `"reminders"."title"`, or `"title"` with no qualifier.
public struct ColumnReference: Sendable, Hashable {
  /// The table name or alias that qualifies the column, if any.
  public var qualifier: String?
  /// The column's name.
  public var name: String

  /// Creates a column reference.
  public init(qualifier: String?, name: String) {
    self.qualifier = qualifier
    self.name = name
  }
}

/// The binary operators a portable expression can use.
public enum BinaryOperator: Sendable, Hashable {
  /// Comparisons, in the order of the cases: `=`, `<>`, `<`, `>`, `<=`, `>=`.
  case equal, notEqual, lessThan, greaterThan, lessThanOrEqual, greaterThanOrEqual
  /// Logical conjunction and disjunction: `AND`, `OR`.
  case and, or
  /// Arithmetic. Dividing by zero (`/` or `%`) gives `NULL` on every database, as in SQLite.
  case add, subtract, multiply, divide, modulo
  /// ``divide`` of integers: the quotient truncated toward zero, as `/` of two integers is in
  /// SQLite and PostgreSQL (MySQL's `/` gives a decimal; its dialect writes `DIV`).
  case integerDivide
  /// Bitwise operations on integers. A shift by a negative amount shifts the other way, and by
  /// 64 or more gives 0 (or -1, shifting a negative value right), as in SQLite.
  case bitwiseAnd, bitwiseOr, bitwiseXor, shiftLeft, shiftRight
  /// String concatenation, `a || b`.
  case concatenate
  /// `a LIKE b ESCAPE '\'`: the escape character is the same on every database.
  case like
  /// `a NOT LIKE b ESCAPE '\'`.
  case notLike
  /// `a LIKE b ESCAPE '\'` where every letter matches only itself: standard SQL's `LIKE`
  /// (SQLite's `LIKE` folds ASCII case, so its dialect spells this one with `GLOB`).
  case likeMatchingCase
}

/// The portable aggregate functions.
public enum AggregateFunction: Sendable, Hashable {
  /// The standard aggregates, in the order of the cases: `count`, `sum`, `avg`, `min`, `max`. For
  /// integers and Booleans the typed builder uses `integerSum`, `integerAverage`, `every` and
  /// `any` instead.
  case count, sum, average, minimum, maximum
  /// `sum` of integers: exact, and an error when the total leaves the 64-bit range (SQLite's
  /// `sum`; PostgreSQL's `sum`, a `numeric`, cast back to `bigint`).
  case integerSum
  /// `avg` of integers: their exact sum (as ``integerSum``), as a double, divided by their
  /// count; the same arithmetic on every database, whatever order the rows come in.
  case integerAverage
  /// `min` of Booleans: whether every value is true (SQLite `min`, PostgreSQL `bool_and`).
  case every
  /// `max` of Booleans: whether any value is true (SQLite `max`, PostgreSQL `bool_or`).
  case any
  /// The group's values as a JSON array: SQLite `json_group_array`, PostgreSQL `jsonb_agg`.
  case jsonArray
  /// The sum as a `REAL`, 0.0 when there are no values: SQLite `total`, PostgreSQL
  /// `coalesce(CAST(sum(x) AS double precision), 0)`.
  case total
  /// The group's values as text joined by a separator: SQLite `group_concat`, PostgreSQL
  /// `string_agg`.
  case groupConcat(separator: SQLExpression)
  /// An aggregate the database has by this name, called as written: `bit_or`, a user's own.
  case named(String)
}
