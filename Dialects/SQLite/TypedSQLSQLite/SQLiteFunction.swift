import CSQLite
import Foundation
import TypedSQLCore

/// A Swift function SQLite calls from SQL: scalar (one result per row) or aggregate (one result
/// per group). Register it with `SQLiteDatabase.add(_:)`, then call it in queries.
///
/// ```swift
/// let isPastDue = SQLiteFunction("isPastDue") { (reminder: Reminder) in
///   !reminder.isCompleted && reminder.dueDate < Date()
/// }
/// try db.add(isPastDue)
/// Reminder.where { isPastDue($0) }
/// // WHERE "isPastDue"("reminders"."id", "reminders"."title", …)
/// ```
///
/// A whole row passed as an argument is flattened to its columns and rebuilt into the Swift value
/// on the way in. An error thrown by the Swift function becomes the SQLite error of the
/// statement. A query that calls one renders only for SQLite: another dialect throws
/// `DialectError.unsupported`.
public struct SQLiteFunction<Result: QueryBindable>: Sendable {
  /// The function's name in SQL.
  public let name: String
  /// Whether the same arguments always give the same result, which lets SQLite use the
  /// function in indexes and factor calls out.
  public let isDeterministic: Bool
  /// How many SQL arguments a call takes: its Swift arguments' columns, flattened.
  public let argumentCount: Int
  let implementation: SQLiteFunctionImplementation

  /// A scalar function of `Argument…`.
  public init<each Argument: QueryDecodable & SendableMetatype>(
    _ name: String, isDeterministic: Bool = true,
    _ body: @escaping @Sendable (repeat each Argument) throws -> Result
  ) {
    self.name = name
    self.isDeterministic = isDeterministic
    var count = 0
    for argument in repeat (each Argument).self { count += argument.columnCount }
    self.argumentCount = count
    self.implementation = .scalar { decoder in
      let arguments = (repeat try (each Argument)(decoder: &decoder))
      return try body(repeat each arguments).queryBinding
    }
  }

  /// An aggregate function: `step` folds each row's `Argument…` into a `State` that starts as
  /// `initial`, and `finish` turns the group's state into the result (a group with no rows
  /// finishes `initial`).
  public init<State, each Argument: QueryDecodable & SendableMetatype>(
    _ name: String, isDeterministic: Bool = true, initial: State,
    step: @escaping @Sendable (inout State, repeat each Argument) throws -> Void,
    finish: @escaping @Sendable (State) throws -> Result
  ) where State: Sendable {
    self.name = name
    self.isDeterministic = isDeterministic
    var count = 0
    for argument in repeat (each Argument).self { count += argument.columnCount }
    self.argumentCount = count
    self.implementation = .aggregate(
      AggregateImplementation(
        makeState: { AggregateState(initial) },
        step: { state, decoder in
          let arguments = (repeat try (each Argument)(decoder: &decoder))
          guard let box = state as? AggregateState<State> else { return }
          try step(&box.value, repeat each arguments)
        },
        finish: { state in
          guard let box = state as? AggregateState<State> else { return QueryBinding.null }
          return try finish(box.value).queryBinding
        }))
  }

  /// A call of the function: `name(argument columns…)`. Pass columns, expressions or whole
  /// tables' columns (`$0`).
  public func callAsFunction<each Argument: QueryProjection>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Result> {
    call(SQLiteFunctionCall(name: name, arguments: selection(repeat each arguments)))
  }

  /// A call of the function as an aggregate, with the clauses SQLite allows on one:
  /// `name([DISTINCT] arguments… [ORDER BY order…]) [FILTER (WHERE filter)]`.
  ///
  /// ```swift
  /// Reminder.select { sortedTitles.aggregateCall($0.title, distinct: true, order: [], filter: nil) }
  /// // SELECT "sortedTitles"(DISTINCT "reminders"."title") FROM "reminders"
  /// ```
  ///
  /// SQLite accepts `DISTINCT` with one argument only, `FILTER` from version 3.30 and `ORDER BY`
  /// from 3.44; rendering for an older version throws.
  public func aggregateCall<each Argument: QueryProjection>(
    _ arguments: repeat each Argument, distinct: Bool, order: [any QueryOrdering], filter: SQLExpression?
  ) -> SQLQueryExpression<Result> {
    call(
      SQLiteFunctionCall(
        name: name, arguments: selection(repeat each arguments), distinct: distinct,
        orderBy: order.map(\.orderingTerm), filter: filter))
  }

  private func call(_ node: SQLiteFunctionCall) -> SQLQueryExpression<Result> {
    SQLQueryExpression(node: .dialectExtension(DialectExtensionNode(node)))
  }

  private func selection<each Argument: QueryProjection>(_ arguments: repeat each Argument) -> [SQLExpression] {
    var expressions: [SQLExpression] = []
    for argument in repeat each arguments { argument.appendSelection(to: &expressions) }
    return expressions
  }
}

/// What a function does, with its Swift types erased so SQLite's C callbacks can call it.
enum SQLiteFunctionImplementation: Sendable {
  case scalar(@Sendable (inout SQLiteValueDecoder) throws -> QueryBinding)
  case aggregate(AggregateImplementation)
}

/// The type-erased parts of an aggregate function.
struct AggregateImplementation: Sendable {
  let makeState: @Sendable () -> AnyObject
  let step: @Sendable (AnyObject, inout SQLiteValueDecoder) throws -> Void
  let finish: @Sendable (AnyObject) throws -> QueryBinding
}

/// One group's state of an aggregate function, kept alive by SQLite's aggregate context.
final class AggregateState<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// A call of a registered function, with an aggregate's clauses: SQLite only.
struct SQLiteFunctionCall: DialectExtension {
  let name: String
  let arguments: [SQLExpression]
  var distinct = false
  var orderBy: [OrderingTerm] = []
  var filter: SQLExpression?
  var feature: String { "calling the database function \"\(name)\" (registered with SQLite)" }

  func render(in dialect: some Dialect, into context: inout RenderContext) throws {
    let sqlite = try owning(SQLiteDialect.self, dialect)
    if filter != nil { try sqlite.require(SQLiteVersion(3, 30), for: "FILTER on an aggregate") }
    if !orderBy.isEmpty { try sqlite.require(SQLiteVersion(3, 44), for: "ORDER BY inside an aggregate") }
    sqlite.appendIdentifier(name, into: &context)
    context.append(distinct ? "(DISTINCT " : "(")
    try sqlite.renderList(arguments, into: &context)
    try sqlite.renderOrderBy(orderBy, into: &context)
    context.append(")")
    try sqlite.renderClauses(AggregateClauses(filter: filter), into: &context)
  }
}
