import Foundation
import TypedSQL
import TypedSQLSQLite

// The CPU-bound workloads whose instructions per operation `Scripts/instruction-counts` counts
// under valgrind and compares with the committed baseline: a process that runs one workload `N`
// times and exits. Run it twice with two counts, and the difference divided by the difference of
// counts is the cost of one operation, without the process's start and the workload's setup.
//
//   TypedSQLInstructionCounts <workload> <N>
//
// Everything is deterministic: an in-memory SQLite database, fixed rows, no clock, no randomness
// (run with SWIFT_DETERMINISTIC_HASHING=1).

@Table("reminders") struct Reminder: Equatable {
  let id: Int
  var title = ""
  var isCompleted = false
  var priority: Int?
  var dueDate: Date?
  var notes: String?
}

@Table("lists") struct ReminderList: Equatable {
  let id: Int
  var title = ""
}

@Table("listedReminders") struct ListedReminder: Codable, Equatable {
  let id: Int
  var listID: Int
  var title = ""
}

/// A workload: its setup, then the operation it repeats.
struct Workload {
  let name: String
  let summary: String
  let run: (_ iterations: Int) throws -> Int
}

/// A database with `count` reminders and, for the JSON rows, 10 lists of 10 reminders each.
func database(reminders count: Int) throws -> SQLiteDatabase {
  let db = try SQLiteDatabase()
  try db.execute("""
    CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
      "priority" INTEGER, "dueDate" TEXT, "notes" TEXT);
    CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
    CREATE TABLE "listedReminders" ("id" INTEGER PRIMARY KEY, "listID" INTEGER NOT NULL, "title" TEXT NOT NULL)
    """)
  let day = Date(timeIntervalSince1970: 1_700_000_000)
  try db.transaction { db in
    for id in stride(from: 1, through: count, by: 500) {
      try Reminder.insert {
        for row in id..<min(id + 500, count + 1) {
          Reminder(
            id: row, title: "Reminder \(row)", isCompleted: row % 3 == 0, priority: row % 4 == 0 ? nil : row % 3,
            dueDate: row % 2 == 0 ? day : nil, notes: row % 5 == 0 ? nil : "Notes for \(row)")
        }
      }.execute(db)
    }
    try ReminderList.insert { for id in 1...10 { ReminderList(id: id, title: "List \(id)") } }.execute(db)
    try ListedReminder.insert {
      for id in 1...100 { ListedReminder(id: id, listID: (id - 1) / 10 + 1, title: "Item \(id)") }
    }.execute(db)
  }
  return db
}

let workloads: [Workload] = [
  Workload(name: "render", summary: "Build and render the representative query (SQLite dialect)") { iterations in
    var sink = 0
    for _ in 0..<iterations {
      sink &+= try Reminder.where { !$0.isCompleted && $0.priority == 2 }.order { $0.title }.limit(10)
        .render(in: SQLiteDialect.sqlite).bindings.count
    }
    return sink
  },
  Workload(name: "find", summary: "Reminder.find(id).fetchOne(db), built at the call") { iterations in
    let db = try database(reminders: 1_000)
    var sink = 0
    for index in 0..<iterations {
      sink &+= try Reminder.find(index % 1_000 + 1).fetchOne(db)?.id ?? 0
    }
    return sink
  },
  Workload(name: "where-one", summary: "Reminder.where { $0.id == id }.fetchAll(db) of one row, built at the call") {
    iterations in
    let db = try database(reminders: 1_000)
    var sink = 0
    for index in 0..<iterations {
      let id = index % 1_000 + 1
      sink &+= try Reminder.where { $0.id == id }.fetchAll(db).count
    }
    return sink
  },
  Workload(name: "fetch-100", summary: "Fetch and decode 100 rows of six columns") { iterations in
    let db = try database(reminders: 100)
    var sink = 0
    for _ in 0..<iterations {
      sink &+= try Reminder.all.fetchAll(db).count
    }
    return sink
  },
  Workload(name: "insert", summary: "Reminder.insert { row }.execute(db), built at the call") { iterations in
    let db = try database(reminders: 0)
    try db.transaction { db in
      for id in 1...iterations {
        try Reminder.insert {
          Reminder(id: id, title: "Reminder \(id)", isCompleted: false, priority: 2, dueDate: nil, notes: "n")
        }.execute(db)
      }
    }
    return iterations
  },
  Workload(
    name: "insert-batches",
    summary: "Statements of hundreds of placeholders: 257 rows through a new prepareInsert (a 256-row statement "
      + "of 1,536 arguments rendered and prepared), then 100 rows in one insert built at the call"
  ) { iterations in
    let db = try database(reminders: 0)
    func row(_ id: Int) -> Reminder {
      Reminder(
        id: id, title: "Reminder \(id)", isCompleted: id % 2 == 0, priority: id % 3 == 0 ? nil : 2, dueDate: nil,
        notes: "n")
    }
    try db.transaction { db in
      for batch in 0..<iterations {
        let first = batch * 1_000
        try db.prepareInsert(into: Reminder.self).execute(contentsOf: (first + 1...first + 257).map(row))
        try Reminder.insert { for id in first + 501...first + 600 { row(id) } }.execute(db)
      }
    }
    return try Reminder.all.count().fetchOne(db) ?? 0
  },
  Workload(name: "json-rows", summary: "10 lists with their 10 reminders each, as JSON rows decoded") { iterations in
    let db = try database(reminders: 0)
    var sink = 0
    for _ in 0..<iterations {
      let lists = try ReminderList.leftJoin(ListedReminder.all) { $0.id == $1.listID }
        .group { list, _ in list.id }
        .select { ($0, $1.jsonGroupArray()) }
        .fetchAll(db)
      sink &+= lists.count
    }
    return sink
  },
]

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let workload = workloads.first(where: { $0.name == arguments.first }),
  let iterations = Int(arguments.last!), iterations > 0
else {
  let names = workloads.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
  FileHandle.standardError.write(Data("usage: TypedSQLInstructionCounts <workload> <N>\n\(names)\n".utf8))
  exit(2)
}
do {
  let sink = try workload.run(iterations)
  print(sink)
} catch {
  FileHandle.standardError.write(Data("\(workload.name) failed: \(error)\n".utf8))
  exit(1)
}
