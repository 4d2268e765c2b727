import Foundation
import Testing
import TypedSQL

/// `Seeds { … }`: rows and drafts of several tables, one `INSERT` per run of one type, in order.
@Suite struct SeedsSpellingTests {
  @Test(arguments: LiveDatabase.allCases)
  func seedsInsertEachRunOfOneType(database: LiveDatabase) throws {
    try database.run { db in
      let includeTag = true
      let seeds = Seeds {
        RemindersList(id: 4, color: 0x111111, title: "Garden")
        RemindersList(id: 5, color: 0x222222, title: "Books")
        for title in ["Seeds", "Rake"] {
          Reminder.Draft(id: title == "Seeds" ? 11 : 12, remindersListID: 4, title: title)
        }
        if includeTag {
          Tag(id: 5, title: "outdoors")
        }
        RemindersList(id: 6, title: "Later")
      }
      let inserts = Array(seeds)
      #expect(inserts.count == 4)
      try db.transaction { db in
        for insert in inserts { try insert.execute(db) }
      }
      let lists = try RemindersList.where { $0.id.gte(4) }.order(by: \.id).select { ($0.id, $0.title) }.fetchAll(db)
      #expect(lists.map(\.1) == ["Garden", "Books", "Later"])
      let reminders = try Reminder.where { $0.remindersListID.eq(4) }.order(by: \.id).select(\.title).fetchAll(db)
      #expect(reminders == ["Seeds", "Rake"])
      #expect(try Tag.where { $0.title.eq("outdoors") }.count().fetchOne(db) == 1)
    }
  }
}
