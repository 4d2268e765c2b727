import Foundation
import Testing
import TypedSQL

/// Column groups, selections, ephemeral and generated columns, and `#sql`, on both databases.
enum ModelingChecks {
  static let day = 86_400.0
  static let start = Date(timeIntervalSince1970: 1_700_000_000)
  static func date(_ days: Double) -> Date { start.addingTimeInterval(days * day) }

  static func insertLists(_ db: some Database) throws {
    try StampedList.insert {
      StampedList.Draft(title: "Home", timestamps: Timestamps(createdAt: date(0), updatedAt: date(5)))
      StampedList.Draft(title: "Work", timestamps: Timestamps(createdAt: date(2), updatedAt: nil))
      StampedList.Draft(title: "Trips", timestamps: Timestamps(createdAt: date(2), updatedAt: date(1)))
    }.execute(db)
  }

  static func columnGroups(_ db: some Database) throws {
    try insertLists(db)
    let lists = try StampedList.order { $0.id }.fetchAll(db)
    #expect(lists.map(\.title) == ["Home", "Work", "Trips"])
    #expect(lists[1].timestamps == Timestamps(createdAt: date(2), updatedAt: nil))
    let cutoff = date(1)
    #expect(try StampedList.where { $0.timestamps.createdAt <= cutoff }.select { $0.title }.fetchAll(db) == ["Home"])
    #expect(try StampedList.where { $0.timestamps.updatedAt == nil }.select { $0.id }.fetchAll(db) == [2])
    // Row values compare column by column: ("createdAt", "updatedAt") <= (day 2, day 3).
    let bound = Timestamps(createdAt: date(2), updatedAt: date(3))
    #expect(try StampedList.where { $0.timestamps <= bound }.order { $0.id }.select { $0.title }.fetchAll(db) == ["Home", "Trips"])
  }

  static func optionalGroupsAndGroupAssignments(_ db: some Database) throws {
    let stamps = Timestamps(createdAt: date(1), updatedAt: nil)
    try Notebook.insert {
      Notebook.Draft(title: "Open", archived: nil)
      Notebook.Draft(title: "Old", archived: stamps)
    }.execute(db)
    #expect(try Notebook.order { $0.id }.fetchAll(db) == [
      Notebook(id: 1, title: "Open", archived: nil), Notebook(id: 2, title: "Old", archived: stamps),
    ])
    #expect(try Notebook.where { $0.archived.createdAt == nil }.select { $0.title }.fetchAll(db) == ["Open"])
    let later = Timestamps(createdAt: date(2), updatedAt: date(3))
    try Notebook.find(1).update { $0.archived = later }.execute(db)
    try Notebook.find(2).update { $0.archived = nil }.execute(db)
    #expect(try Notebook.order { $0.id }.select { $0.archived }.fetchAll(db) == [later, nil])

    try insertLists(db)
    try StampedList.find(2).update { $0.timestamps = later }.execute(db)
    #expect(try StampedList.find(2).fetchOne(db)?.timestamps == later)
  }

  static func selectionsOfJoinedTables(_ db: some Database) throws {
    try insertLists(db)
    try StampedReminder.insert {
      StampedReminder.Draft(title: "Milk", remindersListID: 1, timestamps: Timestamps(createdAt: date(3), updatedAt: nil))
      StampedReminder.Draft(title: "Report", remindersListID: 2, timestamps: Timestamps(createdAt: date(4), updatedAt: date(6)))
    }.execute(db)
    let rows = try StampedReminder
      .join(StampedList.all) { $0.remindersListID.eq($1.id) }
      .order { reminder, _ in reminder.id }
      .select {
        ReminderRow.Columns(reminderTitle: $0.title, remindersListTitle: $1.title, reminderTimestamps: $0.timestamps)
      }
      .fetchAll(db)
    #expect(rows == [
      ReminderRow(reminderTitle: "Milk", remindersListTitle: "Home", reminderTimestamps: Timestamps(createdAt: date(3), updatedAt: nil)),
      ReminderRow(reminderTitle: "Report", remindersListTitle: "Work", reminderTimestamps: Timestamps(createdAt: date(4), updatedAt: date(6))),
    ])
  }

  static func ephemeralColumns(_ db: some Database) throws {
    var book = Book(isbn: "978-0441013593", title: "Dune")
    book.scratchNotes = "never stored"
    try Book.insert { book }.execute(db)
    let read = try Book.find("978-0441013593").fetchOne(db)
    #expect(read?.title == "Dune")
    #expect(read?.scratchNotes == "")
  }

  static func generatedColumns(_ db: some Database) throws {
    try Chapter.insert { Chapter.Draft(pages: 10, copies: 3); Chapter.Draft(pages: 7, copies: 2) }.execute(db)
    #expect(try Chapter.order { $0.id }.select { $0.totalPages }.fetchAll(db) == [30, 14])
    // Updating a whole row leaves the generated column to the database.
    try Chapter.update(Chapter(id: 1, pages: 11, copies: 3, totalPages: 0)).execute(db)
    #expect(try Chapter.find(1).fetchOne(db) == Chapter(id: 1, pages: 11, copies: 3, totalPages: 33))
    // So does an upsert, whether the row conflicts or not.
    try Chapter.upsert {
      Chapter(id: 1, pages: 12, copies: 3, totalPages: 0)
      Chapter(id: 3, pages: 5, copies: 1, totalPages: 0)
    }.execute(db)
    #expect(try Chapter.order { $0.id }.select { ($0.id, $0.totalPages) }.fetchAll(db).map { [$0.0, $0.1] } == [[1, 36], [2, 14], [3, 5]])
  }

  /// A batch built from an empty array, and an update that sets nothing, run nothing and return
  /// no rows.
  static func emptyWrites(_ db: some Database) throws {
    try Chapter.insert { [Chapter.Draft]() }.execute(db)
    #expect(try Chapter.insert { [Chapter.Draft]() }.returning { $0.id }.fetchAll(db).isEmpty)
    try Chapter.upsert { [Chapter]() }.execute(db)
    try Chapter.update { _ in }.execute(db)
    #expect(try Chapter.where { $0.id > 0 }.update { _ in }.returning { $0.id }.fetchAll(db).isEmpty)
    #expect(try Chapter.count().fetchOne(db) == 0)
    // A row of nothing but defaults, and several: no database writes those in one INSERT, so
    // they run one statement each, in one transaction.
    #expect(try Counter.insert().returning { $0 }.fetchAll(db) == [Counter(id: 1, hits: 0)])
    let counters = try Counter.insert { Counter.Draft(); Counter.Draft() }.returning { $0 }.fetchAll(db)
    #expect(counters.sorted { $0.id < $1.id } == [Counter(id: 2, hits: 0), Counter(id: 3, hits: 0)])
  }

  /// Several rows of nothing but defaults, a generated column computed from the key among them.
  static func rowsOfDefaults(_ db: some Database) throws {
    let ticks = try Tick.insert { Tick.Draft(); Tick.Draft(); Tick.Draft() }.returning { $0 }.fetchAll(db)
    #expect(ticks.sorted { $0.id < $1.id } == [Tick(id: 1, twice: 2), Tick(id: 2, twice: 4), Tick(id: 3, twice: 6)])
  }

  static func safeSQLStrings(_ db: some Database) throws {
    try insertLists(db)
    let prefix = "Ho"
    let expression = try StampedList.where { #sql("\($0.title) LIKE \(prefix) || '%'") }.select { $0.id }.fetchAll(db)
    #expect(expression == [1])
    let minimum = 2
    let statement = #sql(
      "SELECT \(StampedList.columns) FROM \(StampedList.self) WHERE \(StampedList.columns.id) >= \(minimum) ORDER BY \(StampedList.columns.id)",
      as: StampedList.self)
    #expect(try statement.fetchAll(db).map(\.title) == ["Work", "Trips"])
    let hostile = "'); DROP TABLE \"remindersLists\"; --"
    #expect(try StampedList.where { #sql("\($0.title) = \(hostile)") }.count().fetchOne(db) == 0)
    #expect(try StampedList.count().fetchOne(db) == 3)
    let counted = try StampedList.select { _ in #sql("count(*) + \(raw: "1")", as: Int.self) }.fetchOne(db)
    #expect(counted == 4)
  }

  /// A table's default scope in every query and write that starts from it, and `unscoped`
  /// without it.
  static func defaultScopes(_ db: some Database) throws {
    try insertLists(db)
    try Memo.insert {
      Memo.Draft(body: "milk", remindersListID: 1)
      Memo.Draft(body: "old", remindersListID: 1, isDeleted: true)
      Memo.Draft(body: "slides", remindersListID: 2)
      Memo.Draft(body: "gone", remindersListID: 2, isDeleted: true)
    }.execute(db)
    #expect(try Memo.order { $0.id }.fetchAll(db).map(\.body) == ["milk", "slides"])
    #expect(try Memo.count().fetchOne(db) == 2)
    #expect(try Memo.unscoped.count().fetchOne(db) == 4)
    #expect(try Memo.find(2).fetchOne(db) == nil)
    #expect(try Memo.where { $0.remindersListID == 2 }.select(\.body).fetchAll(db) == ["slides"])
    // A joined table's scope narrows only its own side of an outer join.
    let perList = try StampedList.leftJoin(Memo.all) { $0.id == $1.remindersListID }
      .group { list, _ in list.id }.order { list, _ in list.id }
      .select { ($0.title, $1.id.count()) }.fetchAll(db)
    #expect(perList.map { "\($0.0):\($0.1)" } == ["Home:1", "Work:1", "Trips:0"])
    // Writes that start from the table leave hidden rows alone.
    try Memo.update { $0.body = $0.body.upper() }.execute(db)
    try Memo.update(Memo(id: 4, body: "revived", remindersListID: 2)).execute(db)
    try Memo.delete(Memo(id: 2, body: "old", remindersListID: 1, isDeleted: true)).execute(db)
    #expect(try Memo.unscoped.order { $0.id }.fetchAll(db).map(\.body) == ["MILK", "old", "SLIDES", "gone"])
    try Memo.delete().execute(db)
    #expect(try Memo.unscoped.order { $0.id }.select(\.body).fetchAll(db) == ["old", "gone"])
  }

  /// Columns the database fills in: a draft that leaves them `nil` leaves them to their
  /// defaults, one that sets them writes them, and both kinds insert together.
  static func lazilyInitializedColumns(_ db: some Database) throws {
    let before = Date().addingTimeInterval(-60)
    let chosen = date(3)
    let inserted = try Visit.insert {
      Visit.Draft(page: "/home")
      Visit.Draft(page: "/about", visitedAt: chosen, status: "seen")
      Visit.Draft(page: "/help", status: "seen")
    }.returning { $0 }.fetchAll(db)
    let visits = inserted.sorted { $0.page < $1.page }
    #expect(visits.map(\.page) == ["/about", "/help", "/home"])
    #expect(visits.map(\.status) == ["seen", "seen", "new"])
    #expect(visits[0].visitedAt == chosen)
    #expect(visits[1].visitedAt > before && visits[2].visitedAt > before)
    let copy = Visit.Draft(visits[0])
    #expect(copy.visitedAt == chosen && copy.status == "seen")

    // An upsert updates only what each row writes: a draft that leaves the level to the
    // database keeps the stored level, beside a draft that sets it, in one batch.
    try Badge.insert { Badge(id: 1, name: "first", level: 5); Badge(id: 2, name: "second", level: 7) }.execute(db)
    try Badge.upsert {
      Badge.Draft(id: 1, name: "renamed")
      Badge.Draft(id: 2, name: "raised", level: 9)
      Badge.Draft(id: 3, name: "new")
    }.execute(db)
    #expect(try Badge.order { $0.id }.fetchAll(db) == [
      Badge(id: 1, name: "renamed", level: 5), Badge(id: 2, name: "raised", level: 9), Badge(id: 3, name: "new", level: 1),
    ])
  }

  /// A composite primary key: find one key and several, update and delete a row by its key,
  /// upsert on both columns, count through the key, and a write narrowed by a limit.
  static func compositePrimaryKeys(_ db: some Database) throws {
    let rows = [
      Enrollment(id: .init(course: 1, student: 1), grade: 90),
      Enrollment(id: .init(course: 1, student: 2), grade: nil),
      Enrollment(id: .init(course: 2, student: 1), grade: 70),
    ]
    try Enrollment.insert { rows }.execute(db)
    #expect(try Enrollment.find(.init(course: 1, student: 2)).fetchOne(db) == rows[1])
    #expect(try Enrollment.find(.init(course: 2, student: 2)).fetchOne(db) == nil)
    let found = try Enrollment.find([.init(course: 2, student: 1), .init(course: 1, student: 1), .init(course: 3, student: 3)])
      .order { ($0.id.course, $0.id.student) }.fetchAll(db)
    #expect(found == [rows[0], rows[2]])
    let firstStudentCourses: Int? = try Enrollment.where { $0.id.student == 1 }.select { $0.count() }.fetchOne(db)
    #expect(firstStudentCourses == 2)
    #expect(rows[2].primaryKey == Enrollment.Key(course: 2, student: 1))

    try Enrollment.update(Enrollment(id: .init(course: 1, student: 2), grade: 80)).execute(db)
    try Enrollment.upsert {
      Enrollment(id: .init(course: 2, student: 1), grade: 75)
      Enrollment(id: .init(course: 3, student: 1), grade: 60)
    }.execute(db)
    try Enrollment.delete(rows[0]).execute(db)
    try Enrollment.update { $0.grade = 0 }.find(.init(course: 3, student: 1)).execute(db)
    try Enrollment.order { $0.id.course.desc() }.limit(1).update { $0.grade = 1 }.execute(db)
    let after = try Enrollment.order { ($0.id.course, $0.id.student) }.fetchAll(db)
    #expect(after.map { "\($0.id.course)/\($0.id.student):\($0.grade.map(String.init) ?? "-")" } == ["1/2:80", "2/1:75", "3/1:1"])

    // A table of nothing but its key: an upsert of a row it has already leaves it as it is.
    try Membership.insert { Membership(pair: .init(group: 1, member: 7)) }.execute(db)
    try Membership.upsert { Membership(pair: .init(group: 1, member: 7)); Membership(pair: .init(group: 2, member: 7)) }.execute(db)
    #expect(try Membership.count().fetchOne(db) == 2)
    try Membership.delete(Membership(pair: .init(group: 1, member: 7))).execute(db)
    #expect(try Membership.all.fetchAll(db) == [Membership(pair: .init(group: 2, member: 7))])
  }

  /// Rows read back alike by structs whose row decoders take each form `@Table` writes: through
  /// the memberwise initializer, or property by property.
  static func rowDecoderForms(_ db: some Database) throws {
    let due = date(3)
    let labels = [
      Label(id: 1, name: "Home", note: "keys by the door", dueAt: due),
      Label(id: 2, name: "Work", note: nil, dueAt: nil),
    ]
    try Label.insert { labels }.execute(db)
    let read = try Label.order(by: \.id).fetchAll(db)
    #expect(read == labels)
    #expect(read.map(\.isSelected) == [false, false])
    #expect(
      try LabelWithItsOwnInit.order(by: \.id).fetchAll(db) == [
        LabelWithItsOwnInit(id: 1, name: "Home", note: "keys by the door", dueAt: due),
        LabelWithItsOwnInit(id: 2, name: "Work"),
      ])
    let withPrivateNotes = try LabelWithAPrivateNote.order(by: \.id).fetchAll(db)
    #expect(withPrivateNotes.map(\.noteRead) == ["keys by the door", nil])
    #expect(withPrivateNotes.map(\.dueAt) == [due, nil])
    #expect(
      try LabelNamedLikeTheDecoder.order(by: \.id).fetchAll(db) == [
        LabelNamedLikeTheDecoder(id: 1, decoder: "Home", note: "keys by the door", dueAt: due),
        LabelNamedLikeTheDecoder(id: 2, decoder: "Work", note: nil, dueAt: nil),
      ])
  }
}
