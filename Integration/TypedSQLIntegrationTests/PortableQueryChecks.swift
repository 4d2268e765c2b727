import Testing
import TypedSQL
import TypedSQLSQLite

/// Test bodies for every builder feature, written once against `some Database` and run by each
/// database's suite on the fixture of ``makeRemindersDatabase(_:schema:)``. Each checks the rows
/// that come back.
enum PortableQueryChecks {
  static func selectAll(_ db: some Database) throws {
    let reminders = try Reminder.order { $0.id }.fetchAll(db)
    #expect(reminders.map(\.title) == ["Groceries", "Haircut", "Vet", "Report", "Email"])
    #expect(reminders[1] == Reminder(id: 2, title: "Haircut", isCompleted: true, priority: 1, remindersListID: 1))
    #expect(reminders[2].priority == nil)
  }

  static func whereOperators(_ db: some Database) throws {
    let titles = { (query: Select<Reminder.TableColumns, Reminder>) in
      try query.order { $0.id }.fetchAll(db).map(\.title)
    }
    #expect(try titles(Reminder.where { !$0.isCompleted }) == ["Groceries", "Vet", "Report"])
    #expect(try titles(Reminder.where { $0.priority == 2 || $0.priority > 2 }) == ["Groceries", "Report"])
    #expect(try titles(Reminder.where { $0.priority <= 1 && $0.id != 5 }) == ["Haircut"])
    #expect(try titles(Reminder.where { $0.id >= 4 && $0.id < 5 }) == ["Report"])
    #expect(try titles(Reminder.where { $0.priority.eq(1) || $0.priority.gte(3) }) == ["Groceries", "Haircut"])
    #expect(try titles(Reminder.where { $0.priority == nil }) == ["Vet", "Email"])
    #expect(try titles(Reminder.where { $0.priority != nil && $0.priority.lt(3) }) == ["Haircut", "Report"])
    #expect(try titles(Reminder.where { $0.id.in([1, 3, 99]) }) == ["Groceries", "Vet"])
    #expect(try titles(Reminder.where { $0.id.in([]) }) == [])
    #expect(try titles(Reminder.where { $0.title.like("%r%") }) == ["Groceries", "Haircut", "Report"])
    #expect(try titles(Reminder.where { !$0.isCompleted }.where { $0.remindersListID == 2 }) == ["Report"])
  }

  static func nullSafeComparison(_ db: some Database) throws {
    let titles = { (query: Select<Reminder.TableColumns, Reminder>) in
      try query.order { $0.id }.fetchAll(db).map(\.title)
    }
    // `=` with NULL matches nothing; `is` treats NULL as a value.
    #expect(try titles(Reminder.where { $0.priority.is(nil) }) == ["Vet", "Email"])
    #expect(try titles(Reminder.where { $0.priority.isNot(nil) }) == ["Groceries", "Haircut", "Report"])
    #expect(try titles(Reminder.where { $0.priority.isNot(1) }) == ["Groceries", "Vet", "Report", "Email"])
    #expect(try titles(Reminder.where { $0.priority.is($0.priority) }).count == 5)
  }

  static func selectColumnsAndTuples(_ db: some Database) throws {
    #expect(try Reminder.order { $0.id }.select { $0.title }.fetchAll(db).first == "Groceries")
    let rows = try Reminder.order { $0.id }.select { ($0.id, $0.title, $0.priority) }.limit(3).fetchAll(db)
    #expect(rows.map(\.0) == [1, 2, 3])
    #expect(rows.map(\.1) == ["Groceries", "Haircut", "Vet"])
    #expect(rows.map(\.2) == [3, 1, nil])
    let distinct = try Reminder.select { $0.remindersListID }.distinct().order { $0.remindersListID }.fetchAll(db)
    #expect(distinct == [1, 2])
  }

  static func orderWithNullsPlacement(_ db: some Database) throws {
    let ascending = try Reminder.order { ($0.priority, $0.id) }.select { $0.id }.fetchAll(db)
    #expect(ascending == [3, 5, 2, 4, 1])  // NULL first, as the tree says, on every database
    let descending = try Reminder.order { ($0.priority.desc(), $0.id) }.select { $0.id }.fetchAll(db)
    #expect(descending == [1, 4, 2, 3, 5])
    let nullsFirst = try Reminder.order { ($0.priority.desc(nulls: .first), $0.id.desc()) }.select { $0.id }.fetchAll(db)
    #expect(nullsFirst == [5, 3, 1, 4, 2])
    let nullsLast = try Reminder.order { ($0.priority.asc(nulls: .last), $0.id) }.select { $0.id }.fetchAll(db)
    #expect(nullsLast == [2, 4, 1, 3, 5])
  }

  static func limitAndOffset(_ db: some Database) throws {
    let ids = { (query: Select<Reminder.TableColumns, Reminder>) in try query.fetchAll(db).map(\.id) }
    #expect(try ids(Reminder.order { $0.id }.limit(2)) == [1, 2])
    #expect(try ids(Reminder.order { $0.id }.limit(2, offset: 3)) == [4, 5])
    #expect(try ids(Reminder.order { $0.id }.offset(3)) == [4, 5])
  }

  /// `!` of a column in an update, and conditions that can be `NULL` (a Boolean of an outer
  /// join) in `where`: `NULL` is not true.
  static func negationAndOptionalConditions(_ db: some Database) throws {
    try Reminder.where { $0.remindersListID == 1 }.update { $0.isCompleted = !$0.isCompleted }.execute(db)
    #expect(try Reminder.where { $0.isCompleted }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 3, 5])
    let listsWithOpenWork = try RemindersList
      .leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .where { _, reminder in !reminder.isCompleted }
      .order { list, _ in list.id }
      .select { list, _ in list.id }
      .distinct()
      .fetchAll(db)
    #expect(listsWithOpenWork == [1, 2])
    #expect(try Reminder.where { _ in SQLQueryExpression<Bool?>(node: .binding(.null)) }.count().fetchOne(db) == 0)
    try Reminder.where { _ in SQLQueryExpression<Bool?>(node: .binding(.null)) }.delete().execute(db)
    #expect(try Reminder.count().fetchOne(db) == 5)
  }

  /// `EXISTS`, membership in a subquery and a subquery's value, correlated with the outer
  /// query, in a select, a condition and an update.
  static func subqueries(_ db: some Database) throws {
    let withDoneWork = try RemindersList.where { list in
      Reminder.where { $0.remindersListID == list.id && $0.isCompleted }.exists()
    }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(withDoneWork == [1, 2])
    let empty = try RemindersList.where { list in Reminder.where { $0.remindersListID == list.id }.notExists() }
      .select { $0.id }.fetchAll(db)
    #expect(empty == [3])
    let home = RemindersList.where { $0.title == "Home" }.select { $0.id }
    #expect(try Reminder.where { $0.remindersListID.in(home) }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 3])
    #expect(try Reminder.where { $0.remindersListID.notIn(home) }.order { $0.id }.select { $0.id }.fetchAll(db) == [4, 5])
    let counts = try RemindersList.order { $0.id }.select { list in
      (list.title, SQLQueryExpression(Reminder.where { $0.remindersListID == list.id }.count()))
    }.fetchAll(db)
    #expect(counts.map(\.0) == ["Home", "Work", "Empty"])
    #expect(counts.map(\.1) == [3, 2, 0])
    let firstList = try Reminder.where { $0.id == 4 }.select { _ in
      SQLQueryExpression(RemindersList.order { $0.id.desc() }.select { $0.title })
    }.fetchOne(db)
    #expect(firstList == "Empty")
    let secondList = try Reminder.where { $0.id == 4 }.select { _ in
      SQLQueryExpression(RemindersList.order { $0.id }.offset(1).select { $0.title })
    }.fetchOne(db)
    #expect(secondList == "Work")
    let missing = try Reminder.where { $0.id == 4 }.select { _ in
      SQLQueryExpression(RemindersList.where { $0.id == 99 }.select { $0.title })
    }.fetchOne(db)
    #expect(missing == .some(nil))
    try Reminder.where { $0.id == 4 }.update { reminder in
      reminder.priority = SQLQueryExpression(RemindersList.where { $0.id == reminder.remindersListID }.select { $0.id * 10 })
    }.execute(db)
    let priority: Int?? = try Reminder.find(4).select { $0.priority }.fetchOne(db)
    #expect(priority == 20)
  }

  /// Aggregates over the rows where a filter holds, and `total`.
  static func aggregateFilters(_ db: some Database) throws {
    #expect(try Reminder.count { $0.isCompleted }.fetchOne(db) == 2)
    let perList = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }.select {
      ($0.id.count(filter: $0.isCompleted), $0.priority.sum(filter: !$0.isCompleted), $0.priority.avg(filter: $0.priority > 1),
       $0.priority.total(), $0.priority.max(filter: $0.isCompleted))
    }.fetchAll(db)
    #expect(perList.map(\.0) == [1, 1])
    #expect(perList.map(\.1) == [3, 2])
    #expect(perList.map(\.2) == [3.0, 2.0])
    #expect(perList.map(\.3) == [4.0, 2.0])
    #expect(perList.map(\.4) == [1, nil])
    let emptyTotal: Double? = try Reminder.where { $0.id > 99 }.select { $0.priority.total() }.fetchOne(db)
    #expect(emptyTotal == 0)
    #expect(throws: (any Error).self) { try Reminder.limit(2).count { $0.isCompleted }.fetchOne(db) }
  }

  /// Window functions and aggregates over windows, ordered by values that tell rows apart.
  static func windows(_ db: some Database) throws {
    let ranked = try Reminder.order { $0.id }.select {
      (rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id), rank().over(orderBy: $0.priority.desc()),
       ntile(2).over(orderBy: $0.id), $0.title.firstValue().over(partitionBy: $0.remindersListID, orderBy: $0.id))
    }.fetchAll(db)
    #expect(ranked.map(\.0) == [1, 2, 3, 1, 2])
    #expect(ranked.map(\.1) == [1, 3, 4, 2, 4])
    #expect(ranked.map(\.2) == [1, 1, 1, 2, 2])
    #expect(ranked.map(\.3) == ["Groceries", "Groceries", "Groceries", "Report", "Report"])
    let neighbours = try Reminder.order { $0.id }.select {
      ($0.priority.lag().over(orderBy: $0.id), $0.title.lead(2).over(orderBy: $0.id))
    }.fetchAll(db)
    #expect(neighbours.map(\.0) == [nil, 3, 1, nil, 2])
    #expect(neighbours.map(\.1) == ["Vet", "Report", "Email", nil, nil])
    let running = try Reminder.order { $0.id }.select {
      ($0.priority.sum().over(orderBy: $0.id), $0.id.count().over(partitionBy: $0.remindersListID),
       $0.priority.avg().over(orderBy: $0.id, frame: .rows(.preceding(1), .currentRow)))
    }.fetchAll(db)
    #expect(running.map(\.0) == [3, 4, 4, 6, 6])
    #expect(running.map(\.1) == [3, 3, 3, 2, 2])
    #expect(running.map(\.2) == [3.0, 2.0, 1.0, 2.0, 2.0])
  }

  /// Tuples of columns compared as row values, as a keyset page over two columns needs.
  static func rowValues(_ db: some Database) throws {
    let after = try Reminder.where { RowValue($0.remindersListID, $0.id) > RowValue(values: 1, 2) }
      .order { ($0.remindersListID, $0.id) }.select { $0.id }.fetchAll(db)
    #expect(after == [3, 4, 5])
    let atLeast = try Reminder.where { RowValue($0.priority, $0.id) >= RowValue(values: 2, 0) }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(atLeast == [1, 4])
    #expect(try Reminder.where { RowValue($0.title, $0.remindersListID) == RowValue(values: "Vet", 1) }.select { $0.id }.fetchAll(db) == [3])
  }

  static func joins(_ db: some Database) throws {
    let pairs = try Reminder
      .join(RemindersList.all) { $0.remindersListID == $1.id }
      .where { reminder, list in !reminder.isCompleted && list.title == "Home" }
      .order { r, _ in r.id }
      .select { ($0.title, $1.title) }
      .fetchAll(db)
    #expect(pairs.map(\.0) == ["Groceries", "Vet"])
    #expect(pairs.map(\.1) == ["Home", "Home"])

    let whole = try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .order { r, _ in r.id }.fetchAll(db)
    #expect(whole.count == 5)
    #expect(whole[3].0.title == "Report" && whole[3].1 == RemindersList(id: 2, title: "Work"))

    let outer = try RemindersList
      .leftJoin(Reminder.where { !$0.isCompleted }) { $0.id == $1.remindersListID }
      .order { l, r in (l.id, r.id) }
      .select { ($0.title, $1.title, $1.priority) }
      .fetchAll(db)
    #expect(outer.map(\.0) == ["Home", "Home", "Work", "Empty"])
    #expect(outer.map(\.1) == ["Groceries", "Vet", "Report", nil])
    #expect(outer.map(\.2) == [3, nil, 2, nil])

    let wholeOuter = try RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .where { list, _ in list.id == 3 }.fetchAll(db)
    #expect(wholeOuter.count == 1)
    #expect(wholeOuter[0].0 == RemindersList(id: 3, title: "Empty") && wholeOuter[0].1 == nil)

    let counts = try RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .group { $0.0.id }.order { $0.0.id }.select { ($0.title, $1.count(), $0.count(distinct: true)) }.fetchAll(db)
    #expect(counts.map(\.0) == ["Home", "Work", "Empty"])
    #expect(counts.map(\.1) == [3, 2, 0] && counts.map(\.2) == [1, 1, 1])

    let tagged = try Reminder
      .join(RemindersList.all) { $0.remindersListID == $1.id }
      .leftJoin(ReminderTag.all) { r, _, rt in r.id == rt.reminderID }
      .leftJoin(Tag.all) { _, _, rt, tag in rt.tagID == tag.id }
      .where { _, _, _, tag in tag.name == "urgent" }
      .order { r, _, _, _ in r.id }
      .select { ($0.title, $1.title, $3.name) }
      .fetchAll(db)
    #expect(tagged.map(\.0) == ["Groceries", "Report"])
    #expect(tagged.map(\.1) == ["Home", "Work"])
    #expect(tagged.map(\.2) == ["urgent", "urgent"])
  }

  static func aggregatesAndGrouping(_ db: some Database) throws {
    #expect(try Reminder.count().fetchOne(db) == 5)
    #expect(try Reminder.where { $0.isCompleted }.count().fetchOne(db) == 2)
    let stats = try Reminder.select {
      ($0.id.count(), $0.priority.count(), $0.priority.sum(), $0.priority.min(), $0.title.max(), $0.priority.avg())
    }.fetchOne(db)
    #expect(stats?.0 == 5)
    #expect(stats?.1 == 3)
    #expect(stats?.2 == 6)
    #expect(stats?.3 == 1)
    #expect(stats?.4 == "Vet")
    #expect(stats?.5 == 2.0)
    let empty = try Reminder.where { $0.id > 100 }.select { ($0.priority.sum(), $0.priority.max()) }.fetchOne(db)
    #expect(empty?.0 == nil && empty?.1 == nil)

    let perList = try Reminder
      .group { $0.remindersListID }
      .having { $0.id.count() > 2 }
      .select { ($0.remindersListID, $0.id.count()) }
      .fetchAll(db)
    #expect(perList.count == 1)
    #expect(perList.first?.0 == 1 && perList.first?.1 == 3)

    // A bound integer as a term groups every row together and orders nothing, on MariaDB too,
    // which would read it as a column's position.
    let two = SQLQueryExpression<Int>(node: .binding(.int(2)))
    #expect(try Reminder.group { _ in two }.select { ($0.id.count(), two) }.fetchAll(db).map { [$0.0, $0.1] } == [[5, 2]])
    #expect(try Reminder.where { $0.id > 100 }.group { _ in two }.select { $0.id.count() }.fetchAll(db) == [])
    #expect(try Reminder.order { _ in two.desc() }.order(by: \.id).select(\.id).fetchAll(db) == [1, 2, 3, 4, 5])
  }

  static func find(_ db: some Database) throws {
    #expect(try Reminder.find(4).fetchOne(db)?.title == "Report")
    #expect(try Reminder.find(99).fetchOne(db) == nil)
    // `#bind` of a value stored as itself is the value, in either spelling.
    #expect(try Reminder.where { $0.id.eq(#bind(4)) || $0.title == #bind("Vet") }.order { $0.id }.select { $0.id }.fetchAll(db) == [3, 4])
    try Reminder.find(3).update { $0.title = #bind("Vet visit") }.execute(db)
    #expect(try Reminder.find(3).fetchOne(db)?.title == "Vet visit")
  }

  static func preparedStatements(_ db: some Database) throws {
    let find = try db.prepare(Int.self) { id in Reminder.find(id) }
    #expect(try find.fetchOne(4)?.title == "Report")
    #expect(try find.fetchOne(2)?.title == "Haircut")
    #expect(try find.fetchOne(99) == nil)

    // Two arguments, one used twice, beside a value bound in the builder.
    let matching = try db.prepare(Int.self, String.self) { list, prefix in
      Reminder.where { $0.remindersListID == list && ($0.title.like(prefix + "%") || $0.title == prefix) }
        .where { !$0.isCompleted }
        .order { $0.id }
    }
    #expect(try matching.fetchAll(1, "G").map(\.title) == ["Groceries"])
    #expect(try matching.fetchAll(2, "Rep").map(\.title) == ["Report"])
    #expect(try matching.fetchAll(3, "G").isEmpty)

    // No argument, and three of different types: each binding is read where it lies.
    let count = try db.prepare { Reminder.count() }
    #expect(try count.fetchOne() == 5)
    let doneInList = try db.prepare(Int.self, Bool.self, String.self) { list, done, prefix in
      Reminder.where { $0.remindersListID == list && $0.isCompleted == done && $0.title.like(prefix + "%") }
        .select { $0.id }
    }
    let haircut: [Int] = try doneInList.fetchAll(1, true, "H")
    #expect(haircut == [2])
    let notDone: [Int] = try doneInList.fetchAll(2, false, "R")
    #expect(notDone == [4])

    // An argument after a value bound in the builder: its placeholder (2) is not its position.
    let inList = try db.prepare(String.self) { title in
      Reminder.where { $0.remindersListID == 2 && $0.title == title }.select { $0.id }
    }
    #expect(inList.rendered.argumentPlaceholders == [2])
    let report: Int? = try inList.fetchOne("Report")
    #expect(report == 4)
    let groceries: Int? = try inList.fetchOne("Groceries")
    #expect(groceries == nil)

    // An optional argument: nil compares as NULL, which matches nothing with `=`, and `IS`
    // matches it.
    let byPriority = try db.prepare(Int?.self) { priority in
      Reminder.where { $0.priority.is(priority) }.order { $0.id }.select { $0.id }
    }
    let unprioritized: [Int] = try byPriority.fetchAll(nil)
    #expect(unprioritized == [3, 5])
    let urgent: [Int] = try byPriority.fetchAll(3)
    #expect(urgent == [1])

    // Updates and deletes take arguments too.
    let rename = try db.prepare(String.self, Int.self) { title, id in
      Reminder.find(id).update { $0.title = title }
    }
    try rename.execute("Vet at 3", 3)
    #expect(try find.fetchOne(3)?.title == "Vet at 3")
    let delete = try db.prepare(Int.self) { id in Reminder.find(id).delete() }
    try delete.execute(5)
    #expect(try find.fetchOne(5) == nil)
    #expect(try Reminder.count().fetchOne(db) == 4)
  }

  /// `execute(contentsOf:)`: many rows in one transaction, in statements of many rows each.
  static func bulkInserts(_ db: some Database) throws {
    let insert = db.prepareInsert(into: Reminder.self)
    // Drafts leave their key to the database: the first alone, two full batches of 256, 87
    // left over. Every tenth has a key of its own, far from the ones the database assigns, so
    // some batches mix two shapes and go row by row.
    let drafts = (1...600).map { i in
      Reminder.Draft(id: i % 10 == 0 ? 500_000 + i : nil, title: "Draft \(i)", remindersListID: 2)
    }
    try insert.execute(contentsOf: drafts)
    let titles = try Reminder.where { $0.title.like("Draft %") }.select { $0.title }.fetchAll(db)
    #expect(titles.count == 600)
    #expect(Set(titles) == Set(drafts.map(\.title)))
    let keyed = stride(from: 10, through: 600, by: 10)
    let keyedTitles = try Reminder.find(keyed.map { 500_000 + $0 }).order { $0.id }.select { $0.title }.fetchAll(db)
    #expect(keyedTitles == keyed.map { "Draft \($0)" })

    // 1,000 rows with keys: another shape, with its own statements. Some titles hold what a
    // copy's text format reads specially.
    let hostile = ["tab\tin", "new\nline", "back\\slash", "\\N", "\\.", "cr\r", "🎉 e\u{301}", ""]
    let rows = (1...1000).map { i in
      Reminder(
        id: 100_000 + i, title: i % 10 == 0 ? hostile[i / 10 % hostile.count] : "Bulk \(i)", isCompleted: i % 3 == 0,
        priority: i % 4 == 0 ? nil : i % 4, remindersListID: 1 + i % 2)
    }
    try insert.execute(contentsOf: rows)
    let bulk = try Reminder.where { $0.id > 100_000 && $0.id <= 101_000 }.order { $0.id }.fetchAll(db)
    #expect(bulk == rows)

    // All or nothing: a key met twice, in the second full batch, inserts none of the rows.
    var clashing = (1...700).map { i in Reminder(id: 200_000 + i, title: "Clash \(i)", remindersListID: 1) }
    clashing[400] = Reminder(id: 200_010, title: "Again", remindersListID: 1)
    #expect(throws: (any Error).self) { try insert.execute(contentsOf: clashing) }
    #expect(try Reminder.where { $0.id > 200_000 && $0.id < 300_000 }.count().fetchOne(db) == 0)

    // Nothing to insert runs nothing.
    try insert.execute(contentsOf: [Reminder]())
    #expect(try Reminder.where { $0.id > 100_000 && $0.id < 300_000 }.count().fetchOne(db) == 1000)
  }

  static func preparedInserts(_ db: some Database) throws {
    let insert = db.prepareInsert(into: Reminder.self)
    // Drafts without a key and rows with one: two shapes of the same insert. (Keys assigned
    // after an explicit one differ, a sequence on PostgreSQL and the largest key + 1 on SQLite,
    // so drafts go first.)
    try db.transaction { _ in
      try insert.execute(Reminder.Draft(title: "Milk", remindersListID: 3))
      try insert.execute(Reminder.Draft(title: "Jam", remindersListID: 3))
      try insert.execute(Reminder.Draft(id: 50, title: "Eggs", priority: 2, remindersListID: 3))
      try insert.execute(Reminder(id: 51, title: "Bread", isCompleted: true, remindersListID: 3))
    }
    let inserted = try Reminder.where { $0.remindersListID == 3 }.order { $0.id }.fetchAll(db)
    #expect(inserted == [
      Reminder(id: 6, title: "Milk", remindersListID: 3),
      Reminder(id: 7, title: "Jam", remindersListID: 3),
      Reminder(id: 50, title: "Eggs", priority: 2, remindersListID: 3),
      Reminder(id: 51, title: "Bread", isCompleted: true, remindersListID: 3),
    ])
    // Back to the first shape after the other: its statement is still the one used. (Its key
    // is left out of the check: see above.)
    try insert.execute(Reminder.Draft(title: "Butter", priority: 1, remindersListID: 2))
    let butter = try Reminder.where { $0.title == "Butter" }.fetchAll(db)
    #expect(butter.map(\.remindersListID) == [2])
    #expect(butter.map(\.priority) == [1])
    try Reminder.where { $0.title == "Butter" }.delete().execute(db)
    // A failing row reports the database's error and inserts nothing.
    #expect(throws: (any Error).self) {
      try insert.execute(Reminder(id: 50, title: "Duplicate", remindersListID: 3))
    }
    #expect(try Reminder.where { $0.remindersListID == 3 }.count().fetchOne(db) == 4)
  }

  static func insertDraftsAndRows(_ db: some Database) throws {
    let ids = try Reminder.insert {
      Reminder.Draft(title: "Milk", remindersListID: 3)
      Reminder.Draft(title: "Eggs", priority: 2, remindersListID: 3)
    }.returning { $0.id }.fetchAll(db)
    #expect(ids == [6, 7])
    try Reminder.insert { Reminder(id: 42, title: "Bread", isCompleted: true, remindersListID: 3) }.execute(db)
    let inserted = try Reminder.where { $0.remindersListID == 3 }.order { $0.id }.fetchAll(db)
    #expect(inserted == [
      Reminder(id: 6, title: "Milk", remindersListID: 3),
      Reminder(id: 7, title: "Eggs", priority: 2, remindersListID: 3),
      Reminder(id: 42, title: "Bread", isCompleted: true, remindersListID: 3),
    ])
    let returned = try RemindersList.insert { RemindersList.Draft(title: "Errands") }.returning { $0 }.fetchOne(db)
    #expect(returned == RemindersList(id: 4, title: "Errands"))
  }

  static func updates(_ db: some Database) throws {
    let changed = try Reminder.update { $0.isCompleted = true; $0.title = $0.title + "!" }
      .where { $0.remindersListID == 2 }
      .returning { ($0.id, $0.title) }
      .fetchAll(db)
      .sorted { $0.0 < $1.0 }
    #expect(changed.map(\.0) == [4, 5])
    #expect(changed.map(\.1) == ["Report!", "Email!"])
    try Reminder.where { $0.priority == nil }.update { $0.priority = 1 }.execute(db)
    #expect(try Reminder.where { $0.priority == nil }.count().fetchOne(db) == 0)
    try Reminder.update(Reminder(id: 1, title: "Groceries and more", priority: nil, remindersListID: 2)).execute(db)
    #expect(try Reminder.find(1).fetchOne(db) == Reminder(id: 1, title: "Groceries and more", remindersListID: 2))
    #expect(try Reminder.find(2).fetchOne(db)?.title == "Haircut")
    // Subqueries as new values: one of the whole table, and one correlated with each row.
    try Reminder.find(3).update { $0.priority = SQLQueryExpression(Reminder.select { $0.priority.max() }) }.execute(db)
    try RemindersList.update { list in
      list.title = list.title + " (" + (SQLQueryExpression(Reminder.where { $0.remindersListID == list.id }.count()) ?? 0).cast(as: String.self) + ")"
    }.execute(db)
    let lists: [String] = try RemindersList.order { $0.id }.select { $0.title }.fetchAll(db)
    #expect(lists == ["Home (2)", "Work (3)", "Empty (0)"])
    let priorities = try Reminder.order { $0.id }.select { $0.priority }.fetchAll(db)
    #expect(priorities == [nil, 1, 2, 2, 1])
  }

  static func deletes(_ db: some Database) throws {
    let deleted: [String] = try Reminder.where { $0.isCompleted }.delete().returning { $0.title }.fetchAll(db)
    #expect(deleted.sorted() == ["Email", "Haircut"])
    try Reminder.delete().where { $0.id == 3 }.execute(db)
    try Reminder.find(1).delete().execute(db)
    #expect(try Reminder.select { $0.title }.fetchAll(db) == ["Report"])
  }

  private struct Abort: Error {}

  static func transactions(_ db: some Database) throws {
    try db.transaction { db in
      try Tag.insert { Tag.Draft(name: "committed") }.execute(db)
    }
    #expect(throws: Abort.self) {
      try db.transaction { db in
        try Tag.insert { Tag.Draft(name: "rolled back") }.execute(db)
        throw Abort()
      }
    }
    try db.transaction { db in
      try Tag.insert { Tag.Draft(name: "outer") }.execute(db)
      #expect(throws: Abort.self) {
        try db.transaction { db in
          try Tag.insert { Tag.Draft(name: "inner") }.execute(db)
          throw Abort()
        }
      }
      try db.transaction { db in
        try Tag.insert { Tag.Draft(name: "inner kept") }.execute(db)
      }
    }
    let names = try Tag.order { $0.id }.select { $0.name }.fetchAll(db)
    #expect(names == ["urgent", "someday", "committed", "outer", "inner kept"])
  }

  static func hostileValuesRoundTrip(_ db: some Database) throws {
    let hostile = "'; DROP TABLE reminders; --"
    try Reminder.insert { Reminder.Draft(title: hostile, remindersListID: 1) }.execute(db)
    #expect(try Reminder.where { $0.title == hostile }.select { $0.title }.fetchAll(db) == [hostile])
    #expect(try Reminder.count().fetchOne(db) == 6)
  }

  static func coalesceCaseAndCast(_ db: some Database) throws {
    let priorities = try Reminder.order { $0.id }.select { $0.priority ?? 0 }.fetchAll(db)
    #expect(priorities == [3, 1, 0, 2, 0])
    let labels = try Reminder.order { $0.id }.select {
      Case().when($0.priority == 3, then: "high").when($0.priority.is(nil), then: "none").else("some")
    }.fetchAll(db)
    #expect(labels == ["high", "some", "none", "some", "none"])
    let states = try Reminder.order { $0.id }.select { iif($0.isCompleted, then: "done", else: "open") }.fetchAll(db)
    #expect(states == ["open", "done", "open", "open", "done"])
    let doneTitles = try Reminder.order { $0.id }.select { Case().when($0.isCompleted, then: $0.title).end() }.fetchAll(db)
    #expect(doneTitles == [nil, "Haircut", nil, nil, "Email"])
    let casts = try Reminder.where { $0.id == 1 }.select { ($0.id.cast(as: String.self), $0.priority.cast(as: Double.self)) }.fetchOne(db)
    #expect(casts?.0 == "1" && casts?.1 == 3.0)
  }

  static func stringAggregate(_ db: some Database) throws {
    // Without an ORDER BY the databases may join in different orders: compare the parts.
    let joined = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }
      .select { ($0.remindersListID, $0.title.groupConcat("|")) }.fetchAll(db)
    #expect(joined.map(\.0) == [1, 2])
    #expect(joined.map { $0.1?.split(separator: "|").sorted() } == [["Groceries", "Haircut", "Vet"], ["Email", "Report"]])
    let none = try Reminder.where { $0.id > 100 }.select { $0.title.groupConcat() }.fetchOne(db)
    #expect(none == .some(nil))
    let done = try Reminder.group { $0.remindersListID }.order { $0.remindersListID }
      .select { $0.title.groupConcat(filter: $0.isCompleted) }.fetchAll(db)
    #expect(done == ["Haircut", "Email"])
  }

  static func upserts(_ db: some Database) throws {
    try Tag.insert { Tag.Draft(name: "urgent") }
      .onConflict { $0.name } doUpdate: { tag, excluded in tag.name = excluded.name + "!" }
      .execute(db)
    try Tag.insert { Tag.Draft(name: "someday") }.onConflictDoNothing { $0.name }.execute(db)
    try Tag.insert { Tag.Draft(name: "new") }.onConflictDoNothing { $0.name }.execute(db)
    #expect(try Tag.order { $0.id }.select { $0.name }.fetchAll(db) == ["urgent!", "someday", "new"])
    // A conflict target with a condition, and an update only where its own condition holds.
    for name in ["urgent!", "someday"] {
      try Tag.insert { Tag.Draft(name: name) }
        .onConflict { $0.name } where: { $0.name != "" } doUpdate: { tag, excluded in tag.name = excluded.name + "?" } where: { tag, _ in
          tag.id > 1
        }
        .execute(db)
    }
    try Tag.insert { Tag.Draft(name: "new") }.onConflictDoNothing({ $0.name }, where: { $0.name != "" }).execute(db)
    #expect(try Tag.order { $0.id }.select { $0.name }.fetchAll(db) == ["urgent!", "someday?", "new"])
    try Reminder.upsert {
      Reminder(id: 1, title: "Groceries, again", priority: 1, remindersListID: 2)
      Reminder(id: 50, title: "Fresh", remindersListID: 1)
    }.execute(db)
    #expect(try Reminder.find(1).fetchOne(db) == Reminder(id: 1, title: "Groceries, again", priority: 1, remindersListID: 2))
    #expect(try Reminder.find(50).fetchOne(db)?.title == "Fresh")
  }

  static func commonTableExpressions(_ db: some Database) throws {
    let counted = try Count.order { $0.value }.with(
      recursive: Count.self,
      as: selectValues(1).unionAll(Count.where { $0.value < 5 }.select { $0.value + 1 })
    ).fetchAll(db)
    #expect(counted.map(\.value) == [1, 2, 3, 4, 5])
    let united = try Count.order { $0.value.desc() }
      .with(Count.self, as: selectValues(7).union(selectValues(8)).union(selectValues(7)))
      .fetchAll(db)
    #expect(united.map(\.value) == [8, 7])
    // A row of expressions with no table.
    let computed = try selectValues(SQLQueryExpression(Reminder.count()) ?? 0, SQLQueryExpression<String>(value: "a") + "b").fetchOne(db)
    #expect(computed?.0 == 5 && computed?.1 == "ab")
    // Common tables read by writes: the keys of open reminders with a priority.
    let urgent = Count.select { $0.value }
    let openWithPriority = Reminder.where { !$0.isCompleted && $0.priority != nil }.select { $0.id }
    try Tag.insert { $0.name } select: { Reminder.where { $0.id.in(urgent) }.select { $0.title } }
      .with(Count.self, as: openWithPriority).execute(db)
    #expect(try Tag.order { $0.id }.select { $0.name }.fetchAll(db) == ["urgent", "someday", "Groceries", "Report"])
    try Reminder.where { $0.id.in(urgent) }.update { $0.title = $0.title.upper() }
      .with(Count.self, as: openWithPriority).execute(db)
    let removed: [Int] = try Tag.where { $0.id.in(urgent) }.delete().returning { $0.id }
      .with(Count.self, as: selectValues(3).union(selectValues(4))).fetchAll(db)
    #expect(removed.sorted() == [3, 4])
    #expect(try Reminder.order { $0.id }.select { $0.title }.fetchAll(db) == ["GROCERIES", "Haircut", "Vet", "REPORT", "Email"])
    // A common table whose rows a @Selection declares, read by a select and by an update.
    let counts = Reminder.group { $0.remindersListID }
      .select { ListCount.Columns(listID: $0.remindersListID, count: $0.id.count()) }
    let busy = try ListCount.all.where { $0.count > 2 }.with(ListCount.self, as: counts).fetchAll(db)
    #expect(busy == [ListCount(listID: 1, count: 3)])
    try RemindersList.where { $0.id.in(ListCount.all.where { $0.count > 2 }.select { $0.listID }) }
      .update { $0.title = $0.title + "!" }.with(ListCount.self, as: counts).execute(db)
    #expect(try RemindersList.order { $0.id }.select { $0.title }.fetchAll(db) == ["Home!", "Work", "Empty"])
  }

  /// A table under another name: a self-join, subqueries over the outer query's own table, and
  /// writes through the alias.
  static func aliases(_ db: some Database) throws {
    let pairs = try Reminder.join(Reminder.as(Sibling.self)) { $0.remindersListID == $1.remindersListID && $0.id < $1.id }
      .order { ($0.id, $1.id) }.select { ($0.id, $1.id) }.fetchAll(db)
    #expect(pairs.map { [$0.0, $0.1] } == [[1, 2], [1, 3], [2, 3], [4, 5]])
    let topOfTheirList = try Reminder.where { reminder in
      Reminder.as(Sibling.self).where { $0.remindersListID == reminder.remindersListID && $0.priority > reminder.priority }.notExists()
    }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(topOfTheirList == [1, 3, 4, 5])
    let listSizes = try Reminder.order { $0.id }.select { reminder in
      SQLQueryExpression(Reminder.as(Sibling.self).where { $0.remindersListID == reminder.remindersListID }.count())
    }.fetchAll(db)
    #expect(listSizes == [3, 3, 3, 2, 2])
    let updated = try Reminder.as(Sibling.self).where { $0.remindersListID == 2 }.update { $0.title = $0.title + "!" }
      .returning { $0.title }.fetchAll(db)
    #expect(updated.sorted() == ["Email!", "Report!"])
    try Reminder.as(Sibling.self).order { $0.id.desc() }.limit(1).delete().execute(db)
    #expect(try Reminder.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 3, 4])

    // A table that declares its own alias is read, updated and deleted under it.
    #expect(try ListedReminder.where { $0.remindersListID == 1 }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 3])
    try ListedReminder.where { $0.id == 1 }.update { $0.title = "Milk" }.execute(db)
    #expect(try Reminder.find(1).select { $0.title }.fetchOne(db) == "Milk")
    try ListedReminder.where { $0.remindersListID == 2 }.delete().execute(db)
    #expect(try Reminder.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 3])
    let inserted = try ListedReminder.insert { ListedReminder.Draft(title: "Vet", remindersListID: 2) }
      .returning { ($0.title, $0.remindersListID) }.fetchAll(db)
    #expect(inserted.map { "\($0.0) \($0.1)" } == ["Vet 2"])
    let renamed = try ListedReminder.where { $0.title == "Vet" && $0.remindersListID == 2 }
      .update { $0.title = "Vet!" }.returning(\.title).fetchAll(db)
    #expect(renamed == ["Vet!"])
  }
}

/// The reminders table read under a name of its own (`static var tableAlias`), in every query.
@Table("reminders")
struct ListedReminder {
  static var tableAlias: String? { "listed" }

  let id: Int
  var title = ""
  var remindersListID: Int
}

extension PortableQueryChecks {
  /// The empty query, finding by keys on a chain and on writes, deleting a row, compound
  /// selects, `toggle` and `append`, and right and full joins (SQLite 3.39+, refused by name
  /// before).
  static func composing(_ db: some Database) throws {
    #expect(try Reminder.none.count().fetchOne(db) == nil)
    #expect(try Reminder.none.fetchAll(db).isEmpty)
    #expect(try Reminder.where { !$0.isCompleted }.find([1, 2, 3, 4]).order { $0.id }.select { $0.id }.fetchAll(db) == [1, 3, 4])
    #expect(try Reminder.find([5, 2]).order { $0.id }.select { $0.id }.fetchAll(db) == [2, 5])
    #expect(try Reminder.order { $0.id }.where(\.isCompleted).select { $0.id }.fetchAll(db) == [2, 5])
    let open = Reminder.where { !$0.isCompleted }
    let urgent = Reminder.where { $0.priority >= 2 }
    #expect(try open.and(urgent).order { $0.id }.select { $0.id }.fetchAll(db) == [1, 4])
    #expect(try open.not().or(urgent).order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 4, 5])
    let intersection: [Int] = try Reminder.select { $0.remindersListID }.intersect(RemindersList.select { $0.id }).fetchAll(db)
    #expect(Set(intersection) == [1, 2])
    #expect(try RemindersList.select { $0.id }.except(Reminder.select { $0.remindersListID }).fetchAll(db) == [3])
    try Reminder.update { $0.isCompleted.toggle(); $0.title.append("!") }.find([1, 2]).execute(db)
    let toggled = try Reminder.find([1, 2]).order { $0.id }.select { ($0.title, $0.isCompleted) }.fetchAll(db)
    #expect(toggled.map(\.0) == ["Groceries!", "Haircut!"] && toggled.map(\.1) == [true, false])

    let fullJoin = Reminder.where { $0.isCompleted }.fullJoin(RemindersList.where { $0.id > 1 }) { $0.remindersListID == $1.id }
      .select { ($0.id, $1.id) }
    let rightJoin = Reminder.where { $0.priority > 1 }.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }
      .order { $1.id }.select { ($0.id, $1.id) }
    if let sqlite = db.dialect as? SQLiteDialect, sqlite.version < SQLiteVersion(3, 39) {
      #expect(throws: DialectError.unsupported(feature: "FULL JOIN", dialect: sqlite.name)) { try fullJoin.fetchAll(db) }
      #expect(throws: DialectError.unsupported(feature: "RIGHT JOIN", dialect: sqlite.name)) { try rightJoin.fetchAll(db) }
    } else {
      // Completed: 1 (list 1) and 5 (list 2, after the toggle); lists 2 and 3 kept.
      let full = try fullJoin.fetchAll(db).map { [$0.0, $0.1] }.sorted { "\($0)" < "\($1)" }
      #expect(full == [[1, nil], [5, 2], [nil, 3]].sorted { "\($0)" < "\($1)" })
      #expect(try rightJoin.fetchAll(db).map { [$0.0, $0.1] } == [[1, 1], [4, 2], [nil, 3]])
    }

    try Reminder.insert { ($0.title, $0.remindersListID) } values: {
      ("Milk", 3)
      ("Eggs", 3)
    }.execute(db)
    #expect(try Reminder.where { $0.remindersListID == 3 }.order { $0.id }.select { ($0.title, $0.isCompleted, $0.priority) }.fetchAll(db)
      .map { "\($0.0) \($0.1) \(String(describing: $0.2))" } == ["Milk false nil", "Eggs false nil"])
    let copied = try Tag.insert { $0.name } select: { Reminder.where { $0.remindersListID == 3 }.select { $0.title } }
      .onConflictDoNothing { $0.name }.returning { $0.name }.fetchAll(db)
    #expect(copied.sorted() == ["Eggs", "Milk"])
    try Tag.insert { $0.name } select: { Reminder.where { $0.remindersListID == 3 }.select { $0.title } }
      .onConflictDoNothing { $0.name }.execute(db)
    #expect(try Tag.count().fetchOne(db) == 4)
    try Reminder.where { $0.remindersListID == 3 }.delete().execute(db)
    // Drafts beside a row with its key: one statement where the database takes DEFAULT among
    // values, one per kind of row in a transaction on SQLite; every row is inserted.
    let mixed = try Reminder.insert {
      Reminder.Draft(title: "Milk", remindersListID: 3)
      Reminder(id: 60, title: "Bread", remindersListID: 3)
      Reminder.Draft(title: "Jam", remindersListID: 3)
    }.returning { $0.title }.fetchAll(db)
    #expect(mixed.sorted() == ["Bread", "Jam", "Milk"])
    // A draft made from a row: the row copied under a key the database assigns.
    var copy = Reminder.Draft(try #require(try Reminder.find(4).fetchOne(db)))
    copy.id = nil
    copy.remindersListID = 3
    let inserted = try #require(try Reminder.insert { copy }.returning { $0 }.fetchOne(db))
    #expect(inserted.title == "Report" && inserted.priority == 2 && inserted.id != 4)
    let found: String? = try Reminder.find(inserted.primaryKey).select { $0.title }.fetchOne(db)
    #expect(found == "Report")
    #expect(try Reminder.where { $0.remindersListID == 3 }.count().fetchOne(db) == 4)
    try Reminder.where { $0.remindersListID == 3 }.delete().execute(db)

    // Tables as fields of a selection, decoded whole; an outer join's missing row is nil.
    let inLists = try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { reminder, _ in reminder.priority == 3 }
      .select { ReminderInList.Columns(reminder: $0, list: $1) }.fetchAll(db)
    #expect(inLists == [ReminderInList(reminder: Reminder(id: 1, title: "Groceries!", isCompleted: true, priority: 3, remindersListID: 1), list: RemindersList(id: 1, title: "Home"))])
    let withReminders = try RemindersList.leftJoin(Reminder.where { $0.priority != nil }) { $0.id == $1.remindersListID }
      .order { list, reminder in (list.id, reminder.id) }
      .select { ListWithReminder.Columns(list: $0, reminder: $1, tagCount: SQLQueryExpression(Tag.where { $0.name == "urgent" }.count()) ?? 0) }.fetchAll(db)
    #expect(withReminders.map { "\($0.list.title) \($0.reminder?.title ?? "-") \($0.tagCount)" } == ["Home Groceries! 1", "Home Haircut! 1", "Work Report 1", "Empty - 1"])

    // A count selected as a value, correlated with each list.
    let counted = try RemindersList.order { $0.id }
      .select { list in (list.title, Reminder.where { $0.remindersListID == list.id }.count()) }.fetchAll(db)
    #expect(counted.map { "\($0.0):\($0.1)" } == ["Home:3", "Work:2", "Empty:0"])

    // Selections built in steps, and reshaped.
    let stepped = try Reminder.select { $0.id }.where { $0.priority != nil }.select { ($0.title, $0.priority) }.order { $0.id }.fetchAll(db)
    #expect(stepped.map { "\($0.0) \($0.1) \(String(describing: $0.2))" } == ["1 Groceries! Optional(3)", "2 Haircut! Optional(1)", "4 Report Optional(2)"])
    let perList = try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title }.select { reminder, _ in reminder.id.count() }
      .group { _, list in list.id }.order { _, list in list.id }.fetchAll(db)
    #expect(perList.map { "\($0.0):\($0.1)" } == ["Home:3", "Work:2"])
    let reshaped = try Reminder.order { $0.id }.select { ($0.title, $0.priority) }
      .map { title, priority in (title.upper(), priority ?? 0, title.length()) }.fetchAll(db)
    #expect(reshaped.map { "\($0.0) \($0.1) \($0.2)" } == ["GROCERIES! 3 10", "HAIRCUT! 1 8", "VET 0 3", "REPORT 2 6", "EMAIL 0 5"])

    try Reminder.delete(Reminder(id: 5, title: "", remindersListID: 2)).execute(db)
    try Reminder.delete().find([3]).execute(db)
    #expect(try Reminder.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 2, 4])
  }
}

extension PortableQueryChecks {
  /// Six tables in one query, two of them under aliases, each closure naming every table.
  static func sixTables(_ db: some Database) throws {
    let rows = try Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .leftJoin(ReminderTag.all) { reminder, _, tagging in reminder.id == tagging.reminderID }
      .leftJoin(Tag.all) { _, _, tagging, tag in tagging.tagID == tag.id }
      .join(RemindersList.as(SameList.self)) { reminder, _, _, _, list in reminder.remindersListID == list.id }
      .leftJoin(Reminder.as(Sibling.self)) { reminder, _, _, _, _, next in next.id == reminder.id + 1 && next.remindersListID == reminder.remindersListID }
      .order { reminder, _, _, _, _, _ in reminder.id }
      .select { reminder, list, _, tag, sameList, next in (reminder.id, list.title, tag.name, sameList.id, next.id) }
      .fetchAll(db)
    #expect(rows.map(\.0) == [1, 2, 3, 4, 5])
    #expect(rows.map(\.1) == ["Home", "Home", "Home", "Work", "Work"])
    #expect(rows.map(\.2) == ["urgent", nil, "someday", "urgent", nil])
    #expect(rows.map(\.3) == [1, 1, 1, 2, 2])
    #expect(rows.map(\.4) == [2, 3, nil, 5, nil])
  }
}

/// Another name for the reminders lists table.
enum SameList: AliasName {}

/// Another name for the reminders table, for the alias checks.
enum Sibling: AliasName {}
