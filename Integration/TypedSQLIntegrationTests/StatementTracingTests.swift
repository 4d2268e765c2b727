import InMemoryTracing
import Testing
import Tracing
import TypedSQL
import TypedSQLMySQL
import TypedSQLTestServers
import TypedSQLPostgres
import TypedSQLSQLite

/// One client span per statement, with the database semantic conventions' attributes, on every
/// driver when a tracer is set; none when it is not.
@Suite struct StatementTracingTests {
  /// `quote` is the character the database's dialect quotes names with.
  static func check(_ db: some Database, tracer: InMemoryTracer, system: String, quote: String = "\"") throws {
    try db.execute(StatementLogTests.schema)
    try MigratedList.insert { MigratedList(id: 1, title: "Inbox") }.execute(db)
    _ = try MigratedList.where { $0.id == 1 }.fetchAll(db)
    try MigratedList.find(1).update { $0.title = "Home" }.execute(db)
    #expect(throws: (any Error).self) { try MigratedList.insert { MigratedList(id: 1, title: "Again") }.execute(db) }

    let spans = tracer.finishedSpans.filter { $0.attributes["db.collection.name"] != nil }
    #expect(spans.map(\.operationName) == ["INSERT lists", "SELECT lists", "UPDATE lists", "INSERT lists"])
    #expect(spans.allSatisfy { $0.kind == .client })
    #expect(spans.allSatisfy { $0.attributes["db.system"]?.toSpanAttribute() == .string(system) })
    let select = try #require(spans.dropFirst().first)
    #expect(select.attributes["db.operation.name"]?.toSpanAttribute() == .string("SELECT"))
    #expect(select.attributes["db.collection.name"]?.toSpanAttribute() == .string("lists"))
    guard case .string(let text)? = select.attributes["db.query.text"]?.toSpanAttribute() else {
      Issue.record("no db.query.text")
      return
    }
    let expected = #"SELECT "lists"."id", "lists"."title" FROM "lists" WHERE"#.replacingOccurrences(of: "\"", with: quote)
    #expect(text.hasPrefix(expected))
    #expect(spans.last?.errors.count == 1, "the failed insert records its error")
  }

  @Test func sqlite() throws {
    let tracer = InMemoryTracer()
    try withTracer(tracer) {
      try Self.check(try SQLiteDatabase(), tracer: tracer, system: "sqlite")
    }
  }

  @Test(.enabled(if: PostgresTestServer.suitesRun))
  func postgres() throws {
    let tracer = InMemoryTracer()
    try withTracer(tracer) {
      try withPostgres { db in try Self.check(db, tracer: tracer, system: "postgresql") }
    }
  }

  @Test(.enabled(if: MySQLTestServer.suitesRun))
  func mariaDB() throws {
    let tracer = InMemoryTracer()
    try withTracer(tracer) {
      try withMySQL { db throws in try Self.check(db, tracer: tracer, system: "mysql", quote: "`") }
    }
  }

  /// A database opened with no tracer set creates no span, even inside a traced scope later.
  @Test func noTracerNoSpans() throws {
    let db = try SQLiteDatabase()
    let tracer = InMemoryTracer()
    try withTracer(tracer) {
      try db.execute(StatementLogTests.schema)
      _ = try MigratedList.all.fetchAll(db)
    }
    #expect(tracer.finishedSpans.isEmpty)
  }
}
