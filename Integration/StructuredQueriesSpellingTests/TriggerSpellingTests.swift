import Testing
import TypedSQL

/// Triggers in StructuredQueries' order of arguments, statements first and then the condition
/// (`.insert { new in … } when: { new in … }`), on both databases over its seed data.
@Suite struct TriggerSpellingTests {
  @Test(arguments: LiveDatabase.allCases)
  func statementsThenCondition(database: LiveDatabase) throws {
    try database.run { db in
      let marksList = TriggerEvent<Reminder>.insert { new in
        RemindersList.where { $0.id.eq(new.remindersListID) }.update { $0.title += "!" }
      } when: { new in
        new.isFlagged
      }
      try database.create(
        Reminder.createTemporaryTrigger("marks_list", after: marksList),
        orOnPostgreSQL: Reminder.createTrigger("marks_list", after: marksList), db)
      let renamesList = TriggerEvent<Reminder>.update {
        $0.title
      } forEachRow: { _, new in
        RemindersList.where { $0.id.eq(new.remindersListID) }.update { $0.title = new.title }
      } when: { old, new in
        old.title.neq(new.title)
      }
      try database.create(
        Reminder.createTemporaryTrigger("renames_list", after: renamesList),
        orOnPostgreSQL: Reminder.createTrigger("renames_list", after: renamesList), db)
      let countsDeletions = TriggerEvent<Reminder>.delete { old in
        RemindersList.where { $0.id.eq(old.remindersListID) }.update { $0.title += "-" }
      } when: { old in
        old.isCompleted
      }
      try database.create(
        Reminder.createTemporaryTrigger("counts_deletions", after: countsDeletions),
        orOnPostgreSQL: Reminder.createTrigger("counts_deletions", after: countsDeletions), db)

      try Reminder.insert {
        Reminder.Draft(isFlagged: true, remindersListID: 2, title: "Call mom")
        Reminder.Draft(remindersListID: 3, title: "File report")
      }.execute(db)
      try Reminder.find(1).update { $0.notes = "Only eggs" }.execute(db)
      try Reminder.find(1).update { $0.title = "Shopping" }.execute(db)
      try Reminder.where { $0.id.in([4, 5]) }.delete().execute(db)

      let titles = try RemindersList.order(by: \.id).select(\.title).fetchAll(db)
      #expect(titles == ["Shopping-", "Family!", "Business"])
    }
  }
}
