import Tracing

/// Spans for the statements a driver runs, through swift-distributed-tracing: one client span
/// per statement, named `SELECT reminders`, with the database semantic conventions' attributes
/// `db.system`, `db.query.text`, `db.operation.name` and `db.collection.name`.
///
/// A driver traces when a tracer is set (bootstrapped, or bound with `withTracer`) as it opens;
/// otherwise it creates no span and pays nothing per statement.
public struct StatementTracing: Sendable {
  /// The database, as `db.system` names it: `sqlite`, `postgresql`.
  public let system: String

  /// Tracing for a driver of `system`, or `nil` when no tracer is set.
  public static func ifTracerIsSet(system: String) -> StatementTracing? {
    InstrumentationSystem.tracer is NoOpTracer ? nil : StatementTracing(system: system)
  }

  /// Runs a statement through `body` inside its span; an error it throws is recorded on the span.
  @inlinable
  public func run<Result>(_ sql: String, _ body: () throws -> Result) throws -> Result {
    let (operation, collection) = Self.describe(sql)
    return try withSpan(collection.map { "\(operation) \($0)" } ?? operation, ofKind: .client) { span in
      span.attributes["db.system"] = system
      span.attributes["db.query.text"] = sql
      span.attributes["db.operation.name"] = operation
      if let collection { span.attributes["db.collection.name"] = collection }
      return try body()
    }
  }

  /// The statement's first keyword (`SELECT`), and the table its `FROM`, `INTO` or `UPDATE`
  /// names first, when it is a quoted identifier as TypedSQL writes them (`"name"`, or the name
  /// in backticks on MariaDB and MySQL). It reads the text word by word and stops at that table,
  /// so a long statement is not split whole.
  @usableFromInline
  static func describe(_ sql: String) -> (operation: String, collection: String?) {
    var operation: String?
    var previous: Substring = ""
    var start = sql.startIndex
    while let wordStart = sql[start...].firstIndex(where: { !$0.isWhitespace }) {
      let wordEnd = sql[wordStart...].firstIndex(where: \.isWhitespace) ?? sql.endIndex
      let word = sql[wordStart..<wordEnd]
      if operation == nil {
        operation = word.uppercased()
      } else if previous.count <= 6, ["FROM", "INTO", "UPDATE"].contains(previous.uppercased()),
        let quote = word.first, quote == "\"" || quote == "`", let end = word.dropFirst().firstIndex(of: quote)
      {
        return (operation ?? "", String(word[word.index(after: word.startIndex)..<end]))
      }
      previous = word
      start = wordEnd
    }
    return (operation ?? "", nil)
  }
}

/// What a driver does around each statement: log it, trace it, or both.
public struct StatementObservation: Sendable {
  /// Where statements are logged, if anywhere.
  public let log: StatementLog?
  /// How statements are traced, if at all.
  public let tracing: StatementTracing?

  /// The observation of `log` and `tracing`, or `nil` when there is neither, so that a driver
  /// observing nothing checks one optional per statement.
  public init?(log: StatementLog?, tracing: StatementTracing?) {
    guard log != nil || tracing != nil else { return nil }
    self.log = log
    self.tracing = tracing
  }

  /// Runs a statement through `body`, inside its span when traced, logged when logged.
  @inlinable
  public func run<Result>(
    _ sql: String, bindings: @autoclosure () -> [QueryBinding], rowCount: (Result) -> Int,
    _ body: () throws -> Result
  ) throws -> Result {
    func logged() throws -> Result {
      guard let log else { return try body() }
      return try log.run(sql, bindings: bindings(), rowCount: rowCount, body)
    }
    guard let tracing else { return try logged() }
    return try tracing.run(sql, logged)
  }
}

extension Optional where Wrapped == StatementObservation {
  /// Runs a statement through `body`: observed when there is an observation, as is otherwise.
  /// A driver keeps `StatementObservation?` and sends every statement through here.
  @inlinable
  public func run<Result>(
    _ sql: String, bindings: @autoclosure () -> [QueryBinding], rowCount: (Result) -> Int,
    _ body: () throws -> Result
  ) throws -> Result {
    guard case .some(let observation) = self else { return try body() }
    return try observation.run(sql, bindings: bindings(), rowCount: rowCount, body)
  }
}
