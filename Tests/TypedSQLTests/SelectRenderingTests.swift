import Testing
import TypedSQL

@Suite struct SelectRenderingTests {
  /// `where`, `having` and `order` closures choose their clause with `if`, `switch` and `for`; a
  /// closure that gives none adds no clause.
  /// `find` after a `select` narrows the selected rows to the primary key.
  @Test func findAfterASelect() {
    assertSQL(Reminder.select { ($0.id, $0.title) }.find(2)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = ?1)
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = $1)
        bindings: int(2)
      """
    }
  }

  @Test func clausesChosenInTheirClosures() {
    let titles = ["milk", "eggs"]
    let completedOnly = false
    assertSQL(
      Reminder.where { for title in titles { $0.title.like("%\(title)%") } }
        .where { if completedOnly { $0.isCompleted } }
        .group(by: \.remindersListID)
        .having { if !completedOnly { $0.id.count() > 1 } else { $0.id.count() > 2 } }
        .order { if completedOnly { $0.remindersListID } else { ($0.remindersListID.desc(), $0.id.count()) } }
        .select { $0.id.count() }
    ) {
      #"""
      SQLite:
        SELECT count("reminders"."id") FROM "reminders" WHERE (("reminders"."title" LIKE ?1 ESCAPE '\') AND ("reminders"."title" LIKE ?2 ESCAPE '\')) GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > ?3) ORDER BY "reminders"."remindersListID" DESC, count("reminders"."id")
        bindings: text("%milk%"), text("%eggs%"), int(1)
      PostgreSQL:
        SELECT count("reminders"."id") FROM "reminders" WHERE (("reminders"."title" COLLATE "C" ILIKE $1 ESCAPE E'\\') AND ("reminders"."title" COLLATE "C" ILIKE $2 ESCAPE E'\\')) GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > $3) ORDER BY "reminders"."remindersListID" DESC, count("reminders"."id")
        bindings: text("%milk%"), text("%eggs%"), int(1)
      """#
    }
    assertSQL(Reminder.where { _ in nil }.order { _ in () }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders"
      """
    }
  }

  @Test func all() {
    assertSQL(Reminder.all) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders"
      """
    }
  }

  @Test func whereWithComparisonOperators() {
    assertSQL(Reminder.where { $0.priority == 2 && $0.id != 3 }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."priority" = ?1) AND ("reminders"."id" <> ?2))
        bindings: int(2), int(3)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."priority" = $1) AND ("reminders"."id" <> $2))
        bindings: int(2), int(3)
      """
    }
    assertSQL(Reminder.where { $0.id < 3 || $0.id > 10 }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" < ?1) OR ("reminders"."id" > ?2))
        bindings: int(3), int(10)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" < $1) OR ("reminders"."id" > $2))
        bindings: int(3), int(10)
      """
    }
    assertSQL(Reminder.where { $0.id <= 3 && $0.id >= 1 }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" <= ?1) AND ("reminders"."id" >= ?2))
        bindings: int(3), int(1)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" <= $1) AND ("reminders"."id" >= $2))
        bindings: int(3), int(1)
      """
    }
  }

  @Test func whereWithComparisonMethods() {
    assertSQL(Reminder.where { $0.id.eq(1) && $0.id.neq(2) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" = ?1) AND ("reminders"."id" <> ?2))
        bindings: int(1), int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" = $1) AND ("reminders"."id" <> $2))
        bindings: int(1), int(2)
      """
    }
    assertSQL(Reminder.where { $0.id.lt(3) || $0.id.gt(10) || $0.id.lte(0) || $0.id.gte(99) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (((("reminders"."id" < ?1) OR ("reminders"."id" > ?2)) OR ("reminders"."id" <= ?3)) OR ("reminders"."id" >= ?4))
        bindings: int(3), int(10), int(0), int(99)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (((("reminders"."id" < $1) OR ("reminders"."id" > $2)) OR ("reminders"."id" <= $3)) OR ("reminders"."id" >= $4))
        bindings: int(3), int(10), int(0), int(99)
      """
    }
  }

  @Test func whereNot() {
    assertSQL(Reminder.where { !$0.isCompleted }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (NOT "reminders"."isCompleted")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (NOT "reminders"."isCompleted")
      """
    }
  }

  @Test func whereChainedConditionsAreJoinedWithAnd() {
    assertSQL(Reminder.where { !$0.isCompleted }.where { $0.title == "Milk" }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."title" = ?1))
        bindings: text("Milk")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."title" = $1))
        bindings: text("Milk")
      """
    }
  }

  @Test func comparingWithNilRendersIsNull() {
    assertSQL(Reminder.where { $0.priority == nil }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NULL)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NULL)
      """
    }
    assertSQL(Reminder.where { $0.priority != nil }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)
      """
    }
  }

  @Test func nullSafeComparison() {
    assertSQL(Reminder.where { $0.priority.is(2) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS ?1)
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NOT DISTINCT FROM $1)
        bindings: int(2)
      """
    }
    assertSQL(Reminder.where { $0.priority.isNot(nil) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" IS NOT NULL)
      """
    }
    // Neither side can be NULL: a plain comparison, which an index serves on PostgreSQL too.
    assertSQL(Reminder.where { $0.id.is(2) || $0.title.isNot($0.title) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" = ?1) OR ("reminders"."title" <> "reminders"."title"))
        bindings: int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" = $1) OR ("reminders"."title" <> "reminders"."title"))
        bindings: int(2)
      """
    }
  }

  @Test func comparingColumnsOfOptionalAndNonOptionalTypes() {
    assertSQL(Reminder.where { $0.priority == $0.id }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" = "reminders"."id")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."priority" = "reminders"."id")
      """
    }
  }

  @Test func inAndLike() {
    assertSQL(Reminder.where { $0.id.in([1, 2, 3]) && $0.title.like("M%") }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" IN (?1, ?2, ?3)) AND ("reminders"."title" LIKE ?4 ESCAPE '\'))
        bindings: int(1), int(2), int(3), text("M%")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (("reminders"."id" = ANY($1)) AND ("reminders"."title" COLLATE "C" ILIKE $2 ESCAPE E'\\'))
        bindings: array(int(1), int(2), int(3)), text("M%")
      """#
    }
    assertSQL(Reminder.where { $0.id.in([]) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (1 = 0)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (1 = 0)
      """
    }
    assertSQL(Reminder.where { $0.id.notIn([]) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (1 = 1)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE (1 = 1)
      """
    }
  }

  @Test func selectOneColumn() {
    assertSQL(Reminder.select { $0.title }) {
      """
      SQLite:
        SELECT "reminders"."title" FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."title" FROM "reminders"
      """
    }
  }

  @Test func selectTuple() {
    assertSQL(Reminder.select { ($0.id, $0.title, $0.priority) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority" FROM "reminders"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."priority" FROM "reminders"
      """
    }
  }

  @Test func orderAscendingAndDescendingWithNullsPlacement() {
    assertSQL(Reminder.order { $0.title }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."title"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."title"
      """
    }
    assertSQL(Reminder.order { ($0.priority.desc(), $0.title.asc()) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."priority" DESC, "reminders"."title"
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."priority" DESC NULLS LAST, "reminders"."title"
      """
    }
    assertSQL(Reminder.order { ($0.priority.desc(nulls: .first), $0.priority.asc(nulls: .last)) }) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."priority" DESC NULLS FIRST, "reminders"."priority" NULLS LAST
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" ORDER BY "reminders"."priority" DESC, "reminders"."priority"
      """
    }
  }

  @Test func limitAndOffset() {
    assertSQL(Reminder.limit(10)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT ?1
        bindings: int(10)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT 10
      """
    }
    assertSQL(Reminder.limit(10, offset: 20)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT ?1 OFFSET ?2
        bindings: int(10), int(20)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT 10 OFFSET $1
        bindings: int(20)
      """
    }
    assertSQL(Reminder.all.offset(5)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" LIMIT -1 OFFSET ?1
        bindings: int(5)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" OFFSET $1
        bindings: int(5)
      """
    }
  }

  @Test func distinct() {
    assertSQL(Reminder.select { $0.priority }.distinct()) {
      """
      SQLite:
        SELECT DISTINCT "reminders"."priority" FROM "reminders"
      PostgreSQL:
        SELECT DISTINCT "reminders"."priority" FROM "reminders"
      """
    }
  }

  @Test func find() {
    assertSQL(Reminder.find(1)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" = ?1)
        bindings: int(1)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."id" = $1)
        bindings: int(1)
      """
    }
  }

  @Test func preparedStatementArguments() {
    // What `db.prepare(Int.self, String.self) { list, prefix in … }` renders: each argument a
    // placeholder of its own, numbered where it first appears and reused, beside bound values.
    let list = SQLQueryExpression<Int>(node: .argument(0))
    let prefix = SQLQueryExpression<String>(node: .argument(1))
    assertSQL(
      Reminder.where { $0.remindersListID == list && ($0.title.like(prefix + "%") || $0.title == prefix) }
        .where { $0.priority == 2 }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."remindersListID" = ?1) AND (("reminders"."title" LIKE (?2 || ?3) ESCAPE '\') OR ("reminders"."title" = ?2))) AND ("reminders"."priority" = ?4))
        bindings: argument 1, argument 2, text("%"), int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."remindersListID" = $1) AND (("reminders"."title" COLLATE "C" ILIKE ($2 || $3) ESCAPE E'\\') OR ("reminders"."title" = $2))) AND ("reminders"."priority" = $4))
        bindings: argument 1, argument 2, text("%"), int(2)
      """#
    }
  }

  @Test func unsuppliedArgumentIsAnError() throws {
    let rendered = try Reminder.find(SQLQueryExpression<Int>(node: .argument(0))).render(in: .sqlite)
    #expect(rendered.argumentPlaceholders == [1])
    #expect(throws: DialectError.self) { try rendered.supplying(UnsafeBufferPointer(start: nil, count: 0)) }
    let supplied = try [QueryBinding.int(7)].withUnsafeBufferPointer { try rendered.supplying($0) }
    #expect(supplied.bindings == [.int(7)])
  }

  @Test func argumentsAmongManyBindingsKeepTheirNumbers() throws {
    // Past 16 bindings values are looked up by hash; an argument registered there must not
    // disturb the numbering of values bound before or after it.
    let id = SQLQueryExpression<Int>(node: .argument(0))
    let rendered = try Reminder.where { $0.id.in(1...20) && $0.id.eq(id) && $0.remindersListID.in(1...20) }
      .render(in: .sqlite)
    #expect(rendered.argumentPlaceholders == [21])
    #expect(rendered.bindings.count == 21)
    let placeholders = (1...20).map { "?\($0)" }.joined(separator: ", ")
    #expect(rendered.sql.hasSuffix(
      "(\"reminders\".\"id\" = ?21)) AND (\"reminders\".\"remindersListID\" IN (\(placeholders))))"))
  }

  @Test func representativeQuery() {
    assertSQL(
      Reminder.where { !$0.isCompleted && $0.priority == 2 }.order { $0.title }.limit(10)) {
      """
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = ?1)) ORDER BY "reminders"."title" LIMIT ?2
        bindings: int(2), int(10)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = $1)) ORDER BY "reminders"."title" LIMIT 10
        bindings: int(2)
      """
    }
  }

  /// StructuredQueries' `like(_:escape:)`: the pattern is rewritten to escape with `\\`, so the
  /// SQL is the plain `LIKE`'s on each database and a backslash in the pattern stays literal.
  @Test func likeWithAnEscapeCharacter() {
    assertSQL(Reminder.where { $0.title.like(#"50!% \ !!%"#, escape: "!") }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" LIKE ?1 ESCAPE '\')
        bindings: text("50\\% \\\\ \\!%")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" COLLATE "C" ILIKE $1 ESCAPE E'\\')
        bindings: text("50\\% \\\\ \\!%")
      """#
    }
  }

  @Test func likeMatchingCase() throws {
    assertSQL(Reminder.where { $0.title.likeMatchingCase("M_lk 100\\% [*?]%") }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" GLOB ?1)
        bindings: text("M?lk 100% [[][*][?]]*")
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ("reminders"."title" COLLATE "C" LIKE $1 ESCAPE E'\\')
        bindings: text("M_lk 100\\% [*?]%")
      """#
    }
    // SQLite translates only a pattern it is given as a value, and refuses the one PostgreSQL refuses.
    let computed = SQLQueryExpression<String>(node: .argument(0))
    #expect(throws: DialectError.self) {
      try Reminder.where { $0.title.likeMatchingCase(computed) }.render(in: .sqlite)
    }
    #expect(throws: DialectError.self) { try Reminder.where { $0.title.likeMatchingCase("a\\") }.render(in: .sqlite) }
  }

  @Test func bindingUsedTwiceGetsOneNumber() {
    assertSQL(Reminder.where { $0.title == "Milk" || $0.title.like("Milk") }.where { $0.id == 2 || $0.priority == 2 }) {
      #"""
      SQLite:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."title" = ?1) OR ("reminders"."title" LIKE ?1 ESCAPE '\')) AND (("reminders"."id" = ?2) OR ("reminders"."priority" = ?2)))
        bindings: text("Milk"), int(2)
      PostgreSQL:
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID" FROM "reminders" WHERE ((("reminders"."title" = $1) OR ("reminders"."title" COLLATE "C" ILIKE $1 ESCAPE E'\\')) AND (("reminders"."id" = $2) OR ("reminders"."priority" = $2)))
        bindings: text("Milk"), int(2)
      """#
    }
  }
}
