/// A statement built and rendered once, prepared by its database, and run again and again with
/// new argument values: the query shape never pays for building, rendering or `prepare` twice.
///
/// ```swift
/// let find = try db.prepare(Int.self) { id in Reminder.find(id) }
/// let first = try find.fetchOne(1)      // SELECT … WHERE ("reminders"."id" = ?1)
/// let second = try find.fetchOne(2)     // the same prepared statement, rebound
///
/// let due = try db.prepare(Int.self, Bool.self) { priority, done in
///   Reminder.where { $0.priority == priority && $0.isCompleted == done }
/// }
/// let urgent = try due.fetchAll(3, false)
/// ```
///
/// Each argument stands in the statement as a typed ``SQLQueryExpression``, rendered as a
/// placeholder; values written in the builder stay bound as usual.
public struct PreparedStatement<DB: Database, Row: QueryRow, each Argument: QueryBindable>: Sendable {
  /// The database that prepared the statement and runs it.
  public let database: DB
  /// The statement as rendered for `database`, with a placeholder per argument.
  public let rendered: RenderedSQL
  @usableFromInline
  let handle: DB.PreparedStatementHandle

  @usableFromInline
  init(database: DB, rendered: RenderedSQL, handle: DB.PreparedStatementHandle) {
    self.database = database
    self.rendered = rendered
    self.handle = handle
  }

  /// Runs the statement with `arguments`, ignoring any rows it returns.
  @inlinable
  public func execute(_ arguments: repeat each Argument) throws {
    try withBindings(of: repeat each arguments) { bindings in
      try database.execute(handle, arguments: bindings)
    }
  }

  /// Runs the statement with `arguments` and decodes every row.
  @inlinable
  public func fetchAll(_ arguments: repeat each Argument) throws -> [Row.Output] {
    try withBindings(of: repeat each arguments) { bindings in
      try database.fetchAll(handle, arguments: bindings, as: Row.self)
    }
  }

  /// Runs the statement with `arguments` and decodes its first row, if any.
  @inlinable
  public func fetchOne(_ arguments: repeat each Argument) throws -> Row.Output? {
    try withBindings(of: repeat each arguments) { bindings in
      try database.fetchOne(handle, arguments: bindings, as: Row.self)
    }
  }

  /// Calls `body` with the arguments' bindings, in a buffer on the stack: a tuple of bindings,
  /// whose elements lie one stride apart like an array's. (`withUnsafeTemporaryAllocation`
  /// would do too, but it passes the result through a generic `Result`: a metadata lookup and a
  /// value-witness destroy on every run.)
  @inlinable
  func withBindings<Result>(
    of arguments: repeat each Argument, body: (UnsafeBufferPointer<QueryBinding>) throws -> Result
  ) throws -> Result {
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    let bindings = (repeat (each arguments).queryBinding)
    return try withUnsafePointer(to: bindings) { tuple in
      let first = UnsafeRawPointer(tuple).assumingMemoryBound(to: QueryBinding.self)
      return try body(UnsafeBufferPointer(start: first, count: count))
    }
  }
}

extension Database {
  /// Builds `statement` once with an expression standing for each argument, renders it, and
  /// prepares it: a ``PreparedStatement`` that runs it with values for the arguments.
  ///
  /// ```swift
  /// let find = try db.prepare(Int.self) { id in Reminder.find(id) }
  /// let reminder = try find.fetchOne(42)
  /// ```
  public func prepare<each Argument: QueryBindable, S: Statement>(
    _ argumentTypes: repeat (each Argument).Type,
    statement: (repeat SQLQueryExpression<each Argument>) -> S
  ) throws -> PreparedStatement<Self, S.Row, repeat each Argument> {
    var index = 0
    func nextArgument<Value>(_ type: Value.Type) -> SQLQueryExpression<Value> {
      defer { index += 1 }
      return SQLQueryExpression(node: .argument(index))
    }
    let built = statement(repeat nextArgument(each argumentTypes))
    let rendered = try built.render(in: dialect)
    return PreparedStatement(database: self, rendered: rendered, handle: try prepare(rendered))
  }
}
