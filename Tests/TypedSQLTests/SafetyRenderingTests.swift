import Testing
import TypedSQL
import TypedSQLPostgres
import TypedSQLSQLite

@Suite struct SafetyRenderingTests {
  @Table("odd \"table\"") struct OddlyNamed {
    let id: Int
    @Column("a \"quoted\" column") var value = ""
  }

  @Test func identifiersWithQuotesAreEscaped() {
    assertSQL(OddlyNamed.where { $0.value == "x" }) {
      #"""
      SQLite:
        SELECT "odd ""table"""."id", "odd ""table"""."a ""quoted"" column" FROM "odd ""table""" WHERE ("odd ""table"""."a ""quoted"" column" = ?1)
        bindings: text("x")
      PostgreSQL:
        SELECT "odd ""table"""."id", "odd ""table"""."a ""quoted"" column" FROM "odd ""table""" WHERE ("odd ""table"""."a ""quoted"" column" = $1)
        bindings: text("x")
      """#
    }
  }

  @Test func valuesAreAlwaysBoundNeverSpliced() {
    assertSQL(Reminder.where { $0.title == "'; DROP TABLE reminders; --" }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" = ?1)
        bindings: text("\'; DROP TABLE reminders; --")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" = $1)
        bindings: text("\'; DROP TABLE reminders; --")
      """#
    }
  }

  @Test func displayRenderingEscapesLiterals() throws {
    let sql = try Reminder.where { $0.title == "it's" && $0.isCompleted == true }
      .renderForDisplay(in: .sqlite)
    #expect(
      sql
        == #"SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."title" = 'it''s') AND ("reminders"."isCompleted" = 1))"#
    )
  }

  @Table("tâches ✓") struct NonASCIINamed {
    let id: Int
    @Column("état \"quoted\"") var state = ""
  }

  @Test func nonASCIIIdentifiersKeepEveryByte() throws {
    let rendered = try NonASCIINamed.where { $0.state == "fini" }.render(in: .postgres)
    #expect(
      rendered.sql
        == #"SELECT "tâches ✓"."id", "tâches ✓"."état ""quoted""" FROM "tâches ✓" WHERE ("tâches ✓"."état ""quoted""" = $1)"#
    )
  }

  /// The SQL text starts in 1 KiB on the rendering pass's stack and moves to the heap as it
  /// grows: a statement a few times that size comes out whole, each value in its place.
  @Test func statementsLongerThanTheFirstBufferRenderWhole() throws {
    let titles = (1...400).map { "title \($0)" }
    let rendered = try Reminder.where { $0.title.in(titles) }.render(in: .sqlite)
    let placeholders = (1...400).map { "?\($0)" }.joined(separator: ", ")
    #expect(
      rendered.sql
        == #"SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" IN ("#
        + placeholders + "))")
    #expect(rendered.bindings == titles.map { .text($0) })
  }

  /// A literal reads as exactly its value whether PostgreSQL's `standard_conforming_strings` is
  /// on or off: a backslash makes it an escape string, with backslashes and quotes escaped; a
  /// double is `double precision` (a bare `-0.0` is `numeric`, which has no negative zero);
  /// bytes are hexadecimal behind an escaped backslash.
  @Test func postgresLiteralsReadTheSameUnderEitherStringSetting() throws {
    func literal(_ value: QueryBinding) -> String {
      var context = RenderContext(bindingStyle: .literals)
      PostgresDialect().appendLiteral(value, into: &context)
      return context.sql
    }
    #expect(literal(.text("it's")) == "'it''s'")
    #expect(literal(.text(#"\') OR TRUE --"#)) == #"E'\\\') OR TRUE --'"#)
    #expect(literal(.text(#"C:\new\table"#)) == #"E'C:\\new\\table'"#)
    #expect(literal(.double(-0.0)) == "'-0.0'::double precision")
    #expect(literal(.double(.leastNonzeroMagnitude)) == "'5e-324'::double precision")
    #expect(literal(.blob([0x00, 0x5C, 0x27])) == #"E'\\x005c27'::bytea"#)
    #expect(literal(.json(#"{"a":"\"q\""}"#)) == #"E'{"a":"\\"q\\""}'::jsonb"#)
    #expect(literal(.int(.min)) == "-9223372036854775808")
    // SQLite never reads a backslash as an escape.
    var context = RenderContext(bindingStyle: .literals)
    SQLiteDialect().appendLiteral(.text(#"C:\new's"#), into: &context)
    #expect(context.sql == #"'C:\new''s'"#)
  }

  /// SQLite reads a decimal literal with a rounding error now and then, so an executed double
  /// literal is written as its exact integer significand scaled by powers of two.
  @Test func sqliteDoubleLiteralsAreExact() throws {
    func literal(_ value: Double) throws -> String {
      try SQLiteDialect().renderWithLiterals(.select(SelectStatement(columns: [.binding(.double(value))], from: nil))).sql
    }
    #expect(try literal(42) == "SELECT 42.0")
    #expect(try literal(-0.0) == "SELECT -0.0")
    #expect(try literal(0.1) == "SELECT (3602879701896397.0 / 36028797018963968)")
    // -2.909531562920322e+34, which SQLite 3.40 reads one unit in the last place off.
    #expect(try literal(-6309040882866717 * 0x1p62) == "SELECT (-6309040882866717.0 * 4611686018427387904)")
    #expect(try literal(.leastNonzeroMagnitude).hasPrefix("SELECT (1.0 / 4611686018427387904 / "))
    #expect(throws: QueryBindingError.self) { try literal(.nan) }
  }

  @Table("tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttA") struct SixtyFourBytes {
    let id: Int
  }

  @Table("ttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt") struct SixtyThreeBytes {
    let id: Int
    @Column("\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}")
    var accents = ""
  }

  /// PostgreSQL keeps 63 bytes of a name: a longer one (counted in bytes, not characters) is
  /// refused by name wherever it appears, rather than cut by the server to name another object.
  /// SQLite keeps every name whole.
  @Test func namesPostgresWouldCutAreRefused() throws {
    assertSQL(SixtyFourBytes.all) {
      """
      SQLite:
        SELECT "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttA"."id" FROM "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttA"
      PostgreSQL:
        error: the name "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttA" is 64 bytes long; PostgreSQL keeps only the first 63, so it could name another object: give it a shorter name
      """
    }
    #expect(throws: DialectError.self) { try SixtyFourBytes.delete().render(in: .postgres) }
    #expect(throws: DialectError.self) { try SixtyFourBytes.createTrigger(after: .delete { _ in Reminder.delete() }).render(in: .postgres) }
    #expect(throws: DialectError.self) { try SixtyFourBytes.createTrigger(after: .delete { _ in Reminder.delete() }).drop().render(in: .postgres) }
    // 63 bytes are kept whole; 32 two-byte characters are 64 bytes.
    #expect(throws: Never.self) { try SixtyThreeBytes.select { $0.id }.render(in: .postgres) }
    #expect(throws: DialectError.self) { try SixtyThreeBytes.select { $0.accents }.render(in: .postgres) }
    // A trigger's derived name, after_insert_on_<table>, is counted too.
    #expect(throws: DialectError.self) { try SixtyThreeBytes.createTrigger(after: .insert { _ in Reminder.delete() }).render(in: .postgres) }
  }
}
