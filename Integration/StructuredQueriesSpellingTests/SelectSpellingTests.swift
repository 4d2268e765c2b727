import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

/// Selects in StructuredQueries' spelling over its seed data, on both databases: key-path
/// forms, comparison methods, grouping, counting, joins, membership, compound selects, `Values`,
/// and table-level `distinct` and `exists`.
@Suite struct SelectSpellingTests {
  @Test(arguments: LiveDatabase.allCases)
  func filtering(database: LiveDatabase) throws {
    try database.run { db in
      #expect(try Reminder.where(\.isCompleted).order(by: \.id).select(\.id).fetchAll(db) == [4, 7, 10])
      #expect(try Reminder.where { $0.priority.eq(Priority.high) }.order(by: \.id).select(\.id).fetchAll(db) == [3, 6, 8])
      #expect(try Reminder.where { $0.priority.is(nil) }.order(by: \.id).select(\.id).fetchAll(db) == [1, 2, 4, 5, 9])
      #expect(try Reminder.where { $0.priority.isNot(nil) }.count().fetchOne(db) == 5)
      #expect(try Reminder.where { $0.id.gt(8) }.order(by: \.id).select(\.id).fetchAll(db) == [9, 10])
      #expect(try Reminder.where { $0.id.lte(2) || $0.id.gte(10) }.order(by: \.id).select(\.id).fetchAll(db) == [1, 2, 10])
      #expect(try Reminder.where { $0.id.neq(1).and($0.id.lt(3)) }.select(\.id).fetchAll(db) == [2])
      #expect(try Reminder.where { $0.id.in([1, 2, 3]) }.count().fetchOne(db) == 3)
      #expect(try Reminder.where { $0.id.notIn([1, 2, 3]) }.count().fetchOne(db) == 7)
      #expect(try Reminder.where { $0.id.between(2, and: 4) }.order(by: \.id).select(\.id).fetchAll(db) == [2, 3, 4])
      #expect(try Reminder.where { $0.title.like("Take%") }.order(by: \.id).select(\.id).fetchAll(db) == [4, 8])
      let third = try Reminder.find(3).select(\.title).fetchOne(db)
      #expect(third == "Doctor appointment")
      #expect(try Reminder.find([1, 2]).count().fetchOne(db) == 2)
      #expect(try Reminder.all.limit(nil).count().fetchOne(db) == 10)
    }
  }

  /// A select interpolated in `#sql`, parenthesized by the text around it, as StructuredQueries'
  /// documentation writes a subquery there.
  @Test(arguments: LiveDatabase.allCases)
  func selectInHandWrittenSQL(database: LiveDatabase) throws {
    try database.run { db in
      let averageID = Reminder.select { $0.id.avg() }
      let aboveAverage = try #sql(
        """
        SELECT \(Reminder.columns.id) FROM \(Reminder.self)
        WHERE \(Reminder.columns.id) > (\(averageID))
        ORDER BY \(Reminder.columns.id)
        """,
        as: Int.self
      )
      .fetchAll(db)
      #expect(aboveAverage == [6, 7, 8, 9, 10])
      let familyIDs = RemindersList.where { $0.title.eq("Family") }.select(\.id)
      let family = try Reminder.where { #sql("\($0.remindersListID) IN (\(familyIDs))") }.order(by: \.id).select(\.id).fetchAll(db)
      #expect(family == [6, 7, 8])
    }
  }

  /// StructuredQueries' `having` test: grouped by completion, the groups of more than three.
  @Test(arguments: LiveDatabase.allCases)
  func groupingAndCounting(database: LiveDatabase) throws {
    try database.run { db in
      let groups = try Reminder.select { ($0.isCompleted, $0.id.count()) }.group(by: \.isCompleted)
        .having { $0.id.count() > 3 }.fetchAll(db)
      #expect(groups.map { "\($0.0) \($0.1)" } == ["false 7"])
      #expect(try Reminder.count { !$0.isCompleted }.fetchOne(db) == 7)
      #expect(try Reminder.count().fetchOne(db) == 10)
      let perList = try RemindersList.group(by: \.id).join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .select { ($0.title, $1.id.count()) }.order { list, _ in list.id }.fetchAll(db)
      #expect(perList.map { "\($0.0) \($0.1)" } == ["Personal 5", "Family 3", "Business 2"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func joinsAndSubqueries(database: LiveDatabase) throws {
    try database.run { db in
      let pairs = try RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.isFlagged }.select { ($0.title, $1.title) }.fetchAll(db)
      #expect(pairs.map { "\($0.0): \($0.1)" }.sorted() == ["Family: Pick up kids from school", "Personal: Haircut"])
      let users = try User.leftJoin(Reminder.all) { $0.id.eq($1.assignedUserID) }.select { ($0.name, $1.title) }
        .order { user, _ in user.id }.fetchAll(db)
      #expect(users.map { "\($0.0): \($0.1 ?? "-")" } == ["Blob: Groceries", "Blob Jr: -", "Blob Sr: -"])
      let tagged = try Reminder.where { $0.id.in(ReminderTag.select(\.reminderID)) }.select(\.id).fetchAll(db)
      #expect(Set(tagged) == [1, 2, 4])
      let listsWithFlags = try RemindersList.where { list in
        Reminder.where { $0.remindersListID.eq(list.id) && $0.isFlagged }.exists()
      }.order(by: \.id).select(\.title).fetchAll(db)
      #expect(listsWithFlags == ["Personal", "Family"])
      let anyReminder = try Values(Reminder.exists()).fetchOne(db)
      #expect(anyReminder == true)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func compoundAndConstantSelects(database: LiveDatabase) throws {
    try database.run { db in
      let flagged = Reminder.where(\.isFlagged).select(\.title)
      let completed = Reminder.where(\.isCompleted).select(\.title)
      #expect(try flagged.union(all: true, completed).fetchAll(db).count == 5)
      #expect(try flagged.union(all: false, flagged).fetchAll(db).count == 2)
      let row = try Values(1, "Hello", true).fetchOne(db)
      #expect(row.map { "\($0.0) \($0.1) \($0.2)" } == "1 Hello true")
      #expect(try Reminder.distinct().count().fetchOne(db) == 10)
      let priorities = try Reminder.order(by: \.id).select { $0.priority.ifnull(Priority.low) }.fetchAll(db)
      #expect(priorities.prefix(3) == [.low, .low, .high])
    }
  }

  /// StructuredQueries' limits and offsets: `nil` leaves a clause as it is, the closure forms
  /// build a value, a subquery or nothing, and a table starts a query with either.
  @Test(arguments: LiveDatabase.allCases)
  func limitsAndOffsets(database: LiveDatabase) throws {
    try database.run { db in
      let ids = Reminder.select(\.id).order(by: \.id)
      // One `try` outside a macro: Swift 6.3 does not see a `try` inside `#expect(…)` when it
      // decides whether a closure throws.
      let secondPage = try ids.limit(2).offset(2).fetchAll(db)
      #expect(secondPage == [3, 4])
      #expect(try ids.limit(2).limit(nil).offset(nil).fetchAll(db) == [1, 2])
      #expect(try ids.offset(8).fetchAll(db) == [9, 10])
      let pageSize: Int? = 2
      let offset: Int? = nil
      let page = ids.limit { _ in
        if let pageSize { pageSize }
      }.offset { _ in
        if let offset { offset }
      }
      #expect(try page.fetchAll(db) == [1, 2])
      #expect(try ids.limit { _ in RemindersList.count() }.fetchAll(db) == [1, 2, 3])
      #expect(try Reminder.limit(nil).count().fetchOne(db) == 10)
      #expect(try Reminder.offset(7).order(by: \.id).select(\.id).fetchAll(db) == [8, 9, 10])
      #expect(try Reminder.limit { _ in 1 }.select(\.id).fetchAll(db).count == 1)
    }
  }

  /// `db.execute(statement)`: the rows of a select (values, tuples, joined rows), and writes.
  @Test(arguments: LiveDatabase.allCases)
  func executeOnTheDatabase(database: LiveDatabase) throws {
    try database.run { db in
      #expect(try db.execute(Reminder.where { $0.id.lte(2) }.order(by: \.id).select(\.id)) == [1, 2])
      let pairs = try db.execute(RemindersList.order(by: \.id).limit(1).select { ($0.id, $0.title) })
      #expect(pairs.map { "\($0.0) \($0.1)" } == ["1 Personal"])
      let joined = try db.execute(RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }.where { $1.id.eq(1) })
      #expect(joined.map { "\($0.0.title): \($0.1.title)" } == ["Personal: Groceries"])
      try db.execute(Reminder.where { $0.id.eq(1) }.update { $0.title = "Milk" })
      try db.execute(Reminder.where { $0.id.eq(2) }.delete())
      let titles = try db.execute(Reminder.where { $0.id.lte(3) }.order(by: \.id).select(\.title))
      #expect(titles == ["Milk", "Doctor appointment"])
    }
  }

  /// `like(_:escape:)`: the escape character makes the next character literal, a backslash
  /// stays an ordinary character, and letters match either case, on both databases.
  @Test(arguments: LiveDatabase.allCases)
  func likeWithAnEscapeCharacter(database: LiveDatabase) throws {
    try database.run { db in
      try Reminder.insert {
        Reminder.Draft(remindersListID: 1, title: "50% off")
        Reminder.Draft(remindersListID: 1, title: "500 pages")
        Reminder.Draft(remindersListID: 1, title: #"C:\temp_files"#)
        Reminder.Draft(remindersListID: 1, title: #"C:\tempxfiles"#)
      }.execute(db)
      let percent = try Reminder.where { $0.title.like("50!%%", escape: "!") }.select(\.title).fetchAll(db)
      #expect(percent == ["50% off"])
      let path = try Reminder.where { $0.title.like(#"c:\temp!_%"#, escape: "!") }.select(\.title).fetchAll(db)
      #expect(path == [#"C:\temp_files"#])
      let backslashEscape = try Reminder.where { $0.title.like(#"50\%%"#, escape: #"\"#) }.select(\.title).fetchAll(db)
      #expect(backslashEscape == ["50% off"])
      #expect(throws: QueryBindingError.self) {
        try Reminder.where { $0.title.like("a", escape: "e\u{301}") }.fetchAll(db)
      }
    }
  }

  /// Swift values beside columns in a `select`, a `returning` and an insert's `select:`: each is
  /// selected bound, and comes back as it went in.
  @Test(arguments: LiveDatabase.allCases)
  func swiftValuesSelectedBesideColumns(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.where { $0.id.eq(1) }.select { ($0.id, true, "x", 2.5, Int?.none) }.fetchAll(db)
      #expect(rows.count == 1)
      #expect(rows.first.map { [$0.0 == 1, $0.1, $0.2 == "x", $0.3 == 2.5, $0.4 == nil] } == [true, true, true, true, true])
      let returned = try Tag.insert { $0.title } values: { "errands" }.returning { ($0.title, 7) }.fetchAll(db)
      #expect(returned.map(\.0) == ["errands"])
      #expect(returned.map(\.1) == [7])
      try Reminder.insert {
        ($0.remindersListID, $0.title, $0.isFlagged)
      } select: {
        RemindersList.where { $0.id.eq(2) }.select { ($0.id, "Copied", true) }
      }.execute(db)
      let copied = try Reminder.where { $0.title.eq("Copied") }.select { ($0.remindersListID, $0.isFlagged) }.fetchAll(db)
      #expect(copied.map(\.0) == [2])
      #expect(copied.map(\.1) == [true])
    }
  }

  /// A Swift value on the left of an operator, `like` and `collate` on optional text, an
  /// aggregate ordered by a plain expression, and an expression written by hand with `as:`.
  @Test(arguments: LiveDatabase.allCases)
  func expressionSpellings(database: LiveDatabase) throws {
    try database.run { db in
      let sums = try Reminder.where { 8 < $0.id }.order(by: \.id).select { (1 + $0.id, 20 - $0.id, 2 * $0.id, +$0.id) }.fetchAll(db)
      #expect(sums.map { [$0.0, $0.1, $0.2, $0.3] } == [[10, 11, 18, 9], [11, 10, 20, 10]])
      let bounded = try Reminder.where { 3 >= $0.id && 2 <= $0.id && 1 > -$0.id }.count().fetchOne(db)
      #expect(bounded == 2)
      // `$1.title` of a left join is optional text.
      let lists = try RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.title.like("%trash%") }
        .select { list, _ in list.title }
        .fetchAll(db)
      #expect(lists == ["Family"])
      let escaped = try RemindersList.leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
        .where { $1.title.like("Take a!%", escape: "!") }
        .count()
        .fetchOne(db)
      #expect(escaped == 0)
      let ordered = Reminder.where { $0.remindersListID.eq(2) }.select { $0.title.groupConcat(", ", order: $0.title) }
      if let sqlite = db.dialect as? SQLiteDialect, sqlite.version < SQLiteVersion(3, 44) {
        #expect(throws: DialectError.self) { try ordered.fetchOne(db) }
      } else {
        let titles = try ordered.fetchOne(db)
        #expect(titles == "Get laundry, Pick up kids from school, Take out trash")
      }
      let nonEmpty = try Reminder.where { SQLQueryExpression("\($0.notes) <> ''", as: Bool.self) }.count().fetchOne(db)
      #expect(nonEmpty == 3)
    }
  }

  /// `#sql` with `\(bind:)` and `\(quote:delimiter:)`: a name quoted as a name, a text quoted as
  /// a literal where SQL takes no parameter (a column's `DEFAULT`), quotes inside doubled.
  @Test(arguments: LiveDatabase.allCases)
  func handWrittenSQLQuotesAndBinds(database: LiveDatabase) throws {
    try database.run { db in
      let table = "blob's notes"
      try #sql(
        "CREATE TABLE \(quote: table) (\(quote: "body") TEXT NOT NULL DEFAULT \(quote: "Blob's \"world\"", delimiter: .text))",
        as: NoRow.self
      ).execute(db)
      try #sql("INSERT INTO \(quote: table) DEFAULT VALUES", as: NoRow.self).execute(db)
      let bodies = try #sql("SELECT \(quote: "body") FROM \(quote: table)", as: String.self).fetchAll(db)
      #expect(bodies == [#"Blob's "world""#])
      let matching = try #sql(
        "SELECT \(Reminder.title) FROM \(Reminder.self) WHERE \(Reminder.id) > \(1) AND \(Reminder.title) LIKE \(bind: "%Take%") ORDER BY \(Reminder.id)",
        as: String.self
      ).fetchAll(db)
      #expect(matching == ["Take a walk", "Take out trash"])
    }
  }

  /// Issue 33, item 4: selections of one expression or a tuple of several, each straight into
  /// the next step of one chain: a second select adds its columns after one or several, `map`
  /// reshapes one value or several into one or several, `RETURNING` takes either shape, and
  /// `Values` of one value or several. (A statement in the tuple is a compile error:
  /// Tests/CompileChecks/SelectOfAStatement.fails.swift.)
  @Test(arguments: LiveDatabase.allCases)
  func selectionsOfEveryShape(database: LiveDatabase) throws {
    try database.run { db in
      let added = try Reminder.select { ($0.id, $0.title) }.select { $0.priority }.order(by: \.id).limit(3).fetchAll(db)
      #expect(added.map { "\($0.0) \($0.1) \($0.2.map { "\($0)" } ?? "nil")" } == ["1 Groceries nil", "2 Haircut nil", "3 Doctor appointment high"])
      let addedSeveral = try Reminder.select(\.id).select { ($0.isCompleted, $0.isFlagged) }.find(4).fetchOne(db)
      #expect(addedSeveral.map { "\($0.0) \($0.1) \($0.2)" } == "4 true false")
      let lengths = try Reminder.select(\.title).map { $0.length() }.order(by: \.id).limit(2).fetchAll(db)
      #expect(lengths == [9, 7])
      let titled = try Reminder.select(\.title).map { ($0.upper(), $0.length()) }.find(2).fetchOne(db)
      #expect(titled.map { "\($0.0) \($0.1)" } == "HAIRCUT 7")
      let summed = try Reminder.select { ($0.id, $0.remindersListID) }.map { id, list in id * 10 + list }.find(7).fetchOne(db)
      #expect(summed == 72)
      let deleted = try Reminder.where { $0.id == 10 }.delete().returning { ($0.id, $0.title) }.fetchAll(db)
      #expect(deleted.map { "\($0.0) \($0.1)" } == ["10 Send weekly emails"])
      let renamed = try Reminder.find(9).update { $0.title += "!" }.returning(\.title).fetchAll(db)
      #expect(renamed == ["Call accountant!"])
      #expect(try Values(42).fetchOne(db) == 42)
      let row = try Values(1, "one").fetchOne(db)
      #expect(row.map { "\($0.0) \($0.1)" } == "1 one")
    }
  }

  /// A `LosslessStringConvertible` value stored as its text, as StructuredQueries' DecodingTests
  /// stores one: bound as text, decoded from text, and text that makes no value refused.
  @Test(arguments: LiveDatabase.allCases)
  func losslessStringConvertibleValues(database: LiveDatabase) throws {
    try database.run { db in
      let email = try #require(Email("blob@example.com"))
      try User.insert { $0.name } values: { email.description }.execute(db)
      let emails = try #sql("SELECT \(User.name) FROM \(User.self) WHERE \(User.name) = \(email)", as: Email.self).fetchAll(db)
      #expect(emails == [email])
      let roundTrip = try Values(email).fetchOne(db)
      #expect(roundTrip == email)
      #expect(throws: QueryDecodingError.self) {
        try #sql("SELECT \(User.name) FROM \(User.self) WHERE \(User.id) = \(1)", as: Email.self).fetchAll(db)
      }
    }
  }

  /// `rightJoin` and `fullJoin` after a first join: every row of the newly joined table (or of
  /// every table), the others optional; a query whose `WHERE` would drop those rows is refused.
  @Test(arguments: LiveDatabase.allCases)
  func outerJoinsAfterAJoin(database: LiveDatabase) throws {
    try database.run { db in
      let assignments = try Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .rightJoin(User.all) { $0.assignedUserID.eq($2.id) }
        .order { ($2.id, $0.id) }
        .select { ($0.title, $1.title, $2.name) }
        .fetchAll(db)
      #expect(assignments.map { "\($0.0 ?? "-") \($0.1 ?? "-") \($0.2)" } == [
        "Groceries Personal Blob", "- - Blob Jr", "- - Blob Sr",
      ])
      let everything = try Reminder
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .fullJoin(User.all) { $0.assignedUserID.eq($2.id) }
        .select { ($0.id, $2.id) }
        .fetchAll(db)
      #expect(everything.count == 12)
      #expect(everything.filter { $0.0 == nil }.compactMap(\.1).sorted() == [2, 3])
      #expect(everything.compactMap(\.0).sorted() == Array(1...10))
      let narrowed = Reminder.where { $0.isCompleted }
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .rightJoin(User.all) { $0.assignedUserID.eq($2.id) }
      #expect(throws: QueryBindingError.self) { try narrowed.fetchAll(db) }
    }
  }

  /// `SelectOf`, `asSelect()` and `selectStar()`: names for what a query of a table's rows, or of
  /// joined tables' rows, already is.
  @Test(arguments: LiveDatabase.allCases)
  func selectOfAndSelectStar(database: LiveDatabase) throws {
    try database.run { db in
      let completed: SelectOf<Reminder> = Reminder.where(\.isCompleted).asSelect()
      #expect(try completed.selectStar().order(by: \.id).fetchAll(db).map(\.id) == [4, 7, 10])
      let joined = try Reminder.where(\.isCompleted)
        .join(RemindersList.all) { $0.remindersListID.eq($1.id) }
        .selectStar()
        .order { reminder, _ in reminder.id }
        .fetchAll(db)
      #expect(joined.map { "\($0.0.id) \($0.1.title)" } == ["4 Personal", "7 Family", "10 Business"])
    }
  }

  /// A table's and a selection's `Columns(…)` take Swift values and expressions alike, and leave
  /// out a column declared with a default (or optional) to select that default.
  @Test(arguments: LiveDatabase.allCases)
  func columnsWithValuesAndDefaults(database: LiveDatabase) throws {
    try database.run { db in
      let reminder = try Values(Reminder.Columns(id: 1, remindersListID: 1)).fetchAll(db)
      #expect(reminder == [Reminder(id: 1, remindersListID: 1)])
      let counts = try Reminder.where(\.isCompleted)
        .select { ListCount.Columns(title: "done", count: $0.count(), note: $0.title.max()) }
        .fetchAll(db)
      #expect(counts == [ListCount(title: "done", count: 3, note: "Take a walk")])
      let defaulted = try Values(ListCount.Columns(count: 2)).fetchAll(db)
      #expect(defaulted == [ListCount(title: "untitled", count: 2, note: nil)])
    }
  }
}

@Selection
private struct ListCount: Equatable {
  var title = "untitled"
  var count: Int
  var note: String?
}

struct Email: Equatable, LosslessStringConvertible, QueryBindable {
  var description: String

  init?(_ description: String) {
    guard description.contains("@") else { return nil }
    self.description = description
  }
}

