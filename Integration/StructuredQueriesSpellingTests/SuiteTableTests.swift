import Foundation
import Testing
import TypedSQL

// StructuredQueries' TableTests, live on SQLite and PostgreSQL: default scopes (a `where` with
// an `order`, a `where` alone, and one written in `#sql`) seen by selects, deletes, updates,
// aliases, `unscoped` and `all`. Each test replaces the schema's `rows` table with
// StructuredQueries' `rows` (an autoincremented id and a deleted flag) holding a kept row and a
// deleted one.
//
// Rewritten: StructuredQueries names each of these tables' types `Row`, each nested in its own
// suite; here they sit side by side in one file, so each is named for its scope and given the
// table name `rows`.

/// A default scope with an order.
@Table("rows")
private struct DefaultSelectRow: Equatable {
  static let all = unscoped.where { !$0.isDeleted }.order { $0.id.desc() }
  let id: Int
  var isDeleted = false
}

/// A default scope written in `#sql`, which no row meets.
@Table("rows")
private struct InvalidScopeRow: Equatable {
  static let all =
    unscoped
    .where {
      #sql(
        """
        CAST(\($0.id) AS TEXT) = '"rows"'
        """
      )
    }
  let id: Int
  var isDeleted = false
}

/// A default scope with a condition only.
@Table("rows")
private struct DefaultWhereRow: Equatable {
  static let all = Self.where { !$0.isDeleted }
  let id: Int
  var isDeleted = false
}

extension LiveDatabase {
  /// Replaces the schema's `rows` table with StructuredQueries' and inserts its two rows, the
  /// second deleted.
  fileprivate func createScopedRows(_ db: any Database) throws {
    try db.execute(#"DROP TABLE "rows""#)
    try db.execute(
      self == .sqlite
        ? #"CREATE TABLE "rows" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "isDeleted" BOOLEAN NOT NULL DEFAULT 0)"#
        : #"CREATE TABLE "rows" ("id" bigserial PRIMARY KEY, "isDeleted" boolean NOT NULL DEFAULT false)"#)
    try DefaultSelectRow.insert {
      DefaultSelectRow.Draft(isDeleted: false)
      DefaultSelectRow.Draft(isDeleted: true)
    }.execute(db)
  }
}

@Suite struct SuiteTableTests {
  // MARK: A default scope with an order

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectBasics(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let scoped = try DefaultSelectRow.where { $0.id > 0 }.fetchAll(db)
      #expect(scoped == [DefaultSelectRow(id: 1, isDeleted: false)])
      // A query started from a draft fetches the table's rows.
      // Rewritten: `$0.id > 0` for `$0.id > Optional(0)`: a draft's query reads the table's
      // columns, whose `id` is not optional ("cannot convert value of type 'Optional<Int>' to
      // expected argument type 'SQLQueryExpression<Int>'").
      let drafts = try DefaultSelectRow.Draft.where { $0.id > 0 }.fetchAll(db)
      #expect(drafts == [DefaultSelectRow(id: 1, isDeleted: false)])
      let ids = try DefaultSelectRow.select(\.id).fetchAll(db)
      #expect(ids == [1])
      let unscoped = try DefaultSelectRow.unscoped.fetchAll(db)
      #expect(
        unscoped.sorted { $0.id < $1.id } == [
          DefaultSelectRow(id: 1, isDeleted: false), DefaultSelectRow(id: 2, isDeleted: true),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectDelete(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let first = try DefaultSelectRow
        .where { $0.id > 0 }
        .delete()
        .returning(\.self)
        .fetchAll(db)
      #expect(first == [DefaultSelectRow(id: 1, isDeleted: false)])
      let second = try DefaultSelectRow
        .delete()
        .where { $0.id > 0 }
        .returning(\.self)
        .fetchAll(db)
      #expect(second == [])
      let unscoped = try DefaultSelectRow
        .unscoped
        .where { $0.id > 0 }
        .delete()
        .returning(\.self)
        .fetchAll(db)
      #expect(unscoped == [DefaultSelectRow(id: 2, isDeleted: true)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectUpdate(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let first = try DefaultSelectRow
        .update { $0.isDeleted.toggle() }
        .where { $0.id > 0 }
        .returning(\.self)
        .fetchAll(db)
      #expect(first == [DefaultSelectRow(id: 1, isDeleted: true)])
      let second = try DefaultSelectRow
        .where { $0.id > 0 }
        .update { $0.isDeleted.toggle() }
        .returning(\.self)
        .fetchAll(db)
      #expect(second == [])
      let unscoped = try DefaultSelectRow
        .unscoped
        .where { $0.id > 0 }
        .update { $0.isDeleted.toggle() }
        .returning(\.self)
        .fetchAll(db)
      #expect(
        unscoped.sorted { $0.id < $1.id } == [
          DefaultSelectRow(id: 1, isDeleted: false), DefaultSelectRow(id: 2, isDeleted: false),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectRescope(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let rows = try DefaultSelectRow.unscoped.all.fetchAll(db)
      #expect(rows == [DefaultSelectRow(id: 1, isDeleted: false)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectTableAliases(database: LiveDatabase) throws {
    enum R: AliasName {}
    try database.run { db in
      try database.createScopedRows(db)
      let scoped = try DefaultSelectRow.as(R.self).select(\.id).fetchAll(db)
      #expect(scoped == [1])
      let unscoped = try DefaultSelectRow.as(R.self).unscoped.select(\.id).fetchAll(db)
      #expect(unscoped.sorted() == [1, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectDoubleScope(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let rows = try DefaultSelectRow.all.all.fetchAll(db)
      #expect(rows == [DefaultSelectRow(id: 1, isDeleted: false)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultSelectDoubleConditional(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let ids = try DefaultSelectRow.select(\.id).fetchAll(db)
      #expect(ids == [1])
    }
  }

  // MARK: A default scope with a condition only

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereBasics(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let scoped = try DefaultWhereRow.where { $0.id > 0 }.fetchAll(db)
      #expect(scoped == [DefaultWhereRow(id: 1, isDeleted: false)])
      // A query started from a draft fetches the table's rows.
      // Rewritten: `$0.id > 0` for `$0.id > Optional(0)`: a draft's query reads the table's
      // columns, whose `id` is not optional ("cannot convert value of type 'Optional<Int>' to
      // expected argument type 'SQLQueryExpression<Int>'").
      let drafts = try DefaultWhereRow.Draft.where { $0.id > 0 }.fetchAll(db)
      #expect(drafts == [DefaultWhereRow(id: 1, isDeleted: false)])
      let unscoped = try DefaultWhereRow.unscoped.fetchAll(db)
      #expect(
        unscoped.sorted { $0.id < $1.id } == [
          DefaultWhereRow(id: 1, isDeleted: false), DefaultWhereRow(id: 2, isDeleted: true),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereDelete(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let first = try DefaultWhereRow
        .delete()
        .where { $0.id > 0 }
        .returning(\.self)
        .fetchAll(db)
      #expect(first == [DefaultWhereRow(id: 1, isDeleted: false)])
      let second = try DefaultWhereRow
        .where { $0.id > 0 }
        .delete()
        .returning(\.self)
        .fetchAll(db)
      #expect(second == [])
      let unscoped = try DefaultWhereRow
        .unscoped
        .where { $0.id > 0 }
        .delete()
        .returning(\.self)
        .fetchAll(db)
      #expect(unscoped == [DefaultWhereRow(id: 2, isDeleted: true)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereUpdate(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let first = try DefaultWhereRow
        .update { $0.isDeleted.toggle() }
        .where { $0.id > 0 }
        .returning(\.self)
        .fetchAll(db)
      #expect(first == [DefaultWhereRow(id: 1, isDeleted: true)])
      let second = try DefaultWhereRow
        .where { $0.id > 0 }
        .update { $0.isDeleted.toggle() }
        .returning(\.self)
        .fetchAll(db)
      #expect(second == [])
      let unscoped = try DefaultWhereRow
        .unscoped
        .where { $0.id > 0 }
        .update { $0.isDeleted.toggle() }
        .returning(\.self)
        .fetchAll(db)
      #expect(
        unscoped.sorted { $0.id < $1.id } == [
          DefaultWhereRow(id: 1, isDeleted: false), DefaultWhereRow(id: 2, isDeleted: false),
        ])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereUnscopedFind(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let found = try DefaultWhereRow.unscoped.find(2).fetchAll(db)
      #expect(found == [DefaultWhereRow(id: 2, isDeleted: true)])
      let foundFromDraft = try DefaultWhereRow.Draft.unscoped.find(2).fetchAll(db)
      #expect(foundFromDraft == [DefaultWhereRow(id: 2, isDeleted: true)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereRescope(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let rows = try DefaultWhereRow.unscoped.all.fetchAll(db)
      #expect(rows == [DefaultWhereRow(id: 1, isDeleted: false)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func invalidDefaultScope(database: LiveDatabase) throws {
    enum R: AliasName {}
    try database.run { db in
      try database.createScopedRows(db)
      let ids = try InvalidScopeRow.as(R.self).select(\.id).fetchAll(db)
      #expect(ids == [])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereDoubleScope(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let rows = try DefaultWhereRow.all.all.fetchAll(db)
      #expect(rows == [DefaultWhereRow(id: 1, isDeleted: false)])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func defaultWhereDoubleConditional(database: LiveDatabase) throws {
    try database.run { db in
      try database.createScopedRows(db)
      let ids = try DefaultWhereRow.select(\.id).fetchAll(db)
      #expect(ids == [1])
    }
  }

}

