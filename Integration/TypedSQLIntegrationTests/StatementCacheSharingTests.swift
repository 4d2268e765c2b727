import Foundation
import Testing
import TypedSQL
import TypedSQLTestServers
@testable import TypedSQLSQLite

/// A query built at the call finds its prepared statement by its SQL text, byte for byte, so
/// queries of one shape share a statement and queries that differ in structure never do, even
/// when they bind the same values: each returns its own rows however they interleave.
@Suite struct StatementCacheSharingTests {
  /// Pairs of queries that bind the same values and differ only in structure, with the rows
  /// each must return, computed in Swift from the fixture's reminders.
  static func queriesDifferingInStructure(_ all: [Reminder]) -> [(Select<Reminder.TableColumns, Reminder>, [Reminder])] {
    [
      // The same value at two places is one placeholder; two values are two.
      (Reminder.where { $0.priority == 1 && $0.remindersListID == 1 }.order { $0.id },
       all.filter { $0.priority == 1 && $0.remindersListID == 1 }),
      (Reminder.where { $0.priority == 1 && $0.remindersListID == 2 }.order { $0.id },
       all.filter { $0.priority == 1 && $0.remindersListID == 2 }),
      (Reminder.where { $0.priority == 2 || $0.remindersListID == 2 }.order { $0.id },
       all.filter { $0.priority == 2 || $0.remindersListID == 2 }),
      // The same operands, the operator changed.
      (Reminder.where { $0.id < 3 }.order { $0.id }, all.filter { $0.id < 3 }),
      (Reminder.where { $0.id > 3 }.order { $0.id }, all.filter { $0.id > 3 }),
      // A pattern the dialect rewrites before binding it (SQLite writes a case-sensitive LIKE
      // as GLOB, with the pattern translated), beside the plain LIKE of the same pattern.
      (Reminder.where { $0.title.like("%e%") }.order { $0.id },
       all.filter { $0.title.lowercased().contains("e") }),
      (Reminder.where { $0.title.likeMatchingCase("%e%") }.order { $0.id },
       all.filter { $0.title.contains("e") }),
      // The same order and limit, one direction reversed.
      (Reminder.order { $0.id }.limit(2), Array(all.prefix(2))),
      (Reminder.order { $0.id.desc() }.limit(2), Array(all.reversed().prefix(2))),
      // One key, and a list of the same one key.
      (Reminder.find(1), all.filter { $0.id == 1 }),
      (Reminder.find([1]), all.filter { $0.id == 1 }),
    ]
  }

  @Test func queriesOfOneShapeShareAStatementAndNoOtherDoes() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    let all = try Reminder.order { $0.id }.fetchAll(db)
    let queries = Self.queriesDifferingInStructure(all)
    let distinctSQL = Set(try queries.map { try $0.0.render(in: db.dialect).sql })
    #expect(distinctSQL.count == queries.count)

    let before = db.cachedStatementCount
    // Forwards, backwards and forwards again: each query returns its own rows whichever ran
    // before it on the connection.
    for (query, expected) in queries + queries.reversed() + queries {
      #expect(try query.fetchAll(db) == expected)
    }
    #expect(db.cachedStatementCount == before + queries.count)

    // Queries of one shape (`find(1)` is among the above) with other values: the right row each
    // time, from the statement already prepared.
    for reminder in all {
      #expect(try Reminder.find(reminder.id).fetchOne(db) == reminder)
    }
    #expect(db.cachedStatementCount == before + queries.count)
  }

  /// The same queries on PostgreSQL, whose connection keeps a named statement per SQL text.
  /// A kept statement keeps its values between runs; a run that binds fewer values than the
  /// statement has placeholders reads NULL for the rest, never an earlier run's value.
  @Test func aRunWithFewerValuesThanPlaceholdersReadsNullForTheRest() throws {
    let db = try SQLiteDatabase()
    let before = db.cachedStatementCount
    // The first column of the one row of `SELECT ?2, ?1` with `values` bound.
    func secondValue(_ values: [QueryBinding]) throws -> String? {
      try #require(try db.fetchOne(RenderedSQL(sql: "SELECT ?2, ?1", bindings: values), as: String?.self))
    }
    #expect(try secondValue([.text("first"), .text("second")]) == "second")
    #expect(try secondValue([.text("third")]) == nil)
    #expect(try secondValue([.text("fourth"), .text("fifth")]) == "fifth")
    #expect(try secondValue([]) == nil)
    #expect(db.cachedStatementCount == before + 1)
  }

  @Test func queriesDifferingInStructureKeepTheirRowsOnPostgreSQL() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      let all = try Reminder.order { $0.id }.fetchAll(db)
      let queries = Self.queriesDifferingInStructure(all)
      for (query, expected) in queries + queries.reversed() {
        #expect(try query.fetchAll(db) == expected)
      }
    }
  }
}
