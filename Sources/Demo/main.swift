import Foundation
import TypedSQL
import TypedSQLSQLite

// The TypedSQL demo: an embedded SQLite database with the Reminders schema, and a tour of queries
// showing each one in Swift, in SQLite's, PostgreSQL's and MariaDB's SQL, and the rows it returns.

let db = try SQLiteDatabase()
let migrated = try remindersMigrator.migrate(db)
try db.verifySchema(of: RemindersList.self, Reminder.self)
print("Migrated: \(migrated.joined(separator: ", ")); the schema matches the @Table types.\n")
try RemindersList.insert {
  RemindersList.Draft(title: "Home")
  RemindersList.Draft(title: "Work")
}.execute(db)
try Reminder.insert {
  Reminder.Draft(title: "Groceries", priority: 3, remindersListID: 1)
  Reminder.Draft(title: "Haircut", isCompleted: true, priority: 1, remindersListID: 1)
  Reminder.Draft(title: "Vet", remindersListID: 1)
  Reminder.Draft(title: "Report", priority: 2, remindersListID: 2)
  Reminder.Draft(title: "Email", isCompleted: true, remindersListID: 2)
}.execute(db)

let tour: [TourStop] = [
  TourStop(
    "Open reminders", "Reminder.where { !$0.isCompleted }",
    Reminder.where { !$0.isCompleted }, rows: { try $0.fetchAll($1) }),
  TourStop(
    "Highest priority first, no priority last",
    "Reminder.order { ($0.priority.desc(), $0.title) }.select { ($0.title, $0.priority) }",
    Reminder.order { ($0.priority.desc(), $0.title) }.select { ($0.title, $0.priority) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Null-safe comparison", "Reminder.where { $0.priority.isNot(1) }.select { $0.title }",
    Reminder.where { $0.priority.isNot(1) }.select { $0.title }, rows: { try $0.fetchAll($1) }),
  TourStop(
    "Join with the list's title",
    "Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($1.title, $0.title) }",
    Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($1.title, $0.title) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Count per list, lists with more than two",
    "Reminder.group { $0.remindersListID }.having { $0.id.count() > 2 }.select { ($0.remindersListID, $0.id.count()) }",
    Reminder.group { $0.remindersListID }.having { $0.id.count() > 2 }.select { ($0.remindersListID, $0.id.count()) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Each list with its reminders, decoded whole (rows as JSON)",
    "RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.group { list, _ in list.id }.select { ($0, $1.jsonGroupArray()) }",
    RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.group { list, _ in list.id }
      .select { ($0, $1.jsonGroupArray()) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Lists with their number of open reminders (a correlated subquery)",
    "RemindersList.select { list in (list.title, SQLQueryExpression(Reminder.where { $0.remindersListID == list.id && !$0.isCompleted }.count())) }",
    RemindersList.select { list in
      (list.title, SQLQueryExpression(Reminder.where { $0.remindersListID == list.id && !$0.isCompleted }.count()))
    },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Each reminder's place in its list (a window function)",
    "Reminder.order { $0.id }.select { ($0.title, rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id)) }",
    Reminder.order { $0.id }.select { ($0.title, rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.id)) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "The start of this month, and a month from now (dates in SQL, in UTC)",
    "RemindersList.limit(1).select { _ in (SQLQueryExpression<Date>.now.start(of: .months), SQLQueryExpression<Date>.now.adding(1, .months)) }",
    RemindersList.limit(1).select { _ in (SQLQueryExpression<Date>.now.start(of: .months), SQLQueryExpression<Date>.now.adding(1, .months)) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Page two, two per page", "Reminder.order { $0.id }.limit(2, offset: 2)",
    Reminder.order { $0.id }.limit(2, offset: 2), rows: { try $0.fetchAll($1) }),
  TourStop(
    "Insert a draft, the database assigns the id",
    #"Reminder.insert { Reminder.Draft(title: "Milk", remindersListID: 2) }.returning { $0 }"#,
    Reminder.insert { Reminder.Draft(title: "Milk", remindersListID: 2) }.returning { $0 },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "Complete everything at work",
    "Reminder.where { $0.remindersListID == 2 }.update { $0.isCompleted = true }.returning { ($0.id, $0.title) }",
    Reminder.where { $0.remindersListID == 2 }.update { $0.isCompleted = true }.returning { ($0.id, $0.title) },
    rows: { try $0.fetchAll($1) }),
  TourStop(
    "A hostile value is only ever a bound value",
    #"Reminder.where { $0.title == "'; DROP TABLE reminders; --" }"#,
    Reminder.where { $0.title == "'; DROP TABLE reminders; --" }, rows: { try $0.fetchAll($1) }),
  TourStop(
    "Delete what is done", "Reminder.where { $0.isCompleted }.delete().returning { $0.title }",
    Reminder.where { $0.isCompleted }.delete().returning { $0.title }, rows: { try $0.fetchAll($1) }),
]

print("TypedSQL demo — an in-memory SQLite \(db.dialect.version) database with the Reminders schema\n")
for (number, stop) in tour.enumerated() {
  print("\(number + 1). \(stop.title)")
  print("Swift:       \(stop.swift)")
  print(try stop.run(db))
  print()
}
