import Foundation
import Testing
import TypedSQL
import TypedSQLMySQL
import TypedSQLPostgres
import TypedSQLSQLite
import TypedSQLTestServers

@testable import TypedSQLCore

/// A select of a table's rows filtered and ordered by comparisons (`Reminder.where { $0.id == id }`)
/// takes the SQL its database kept for the last select of its structure and the shape of its
/// values (`SelectStructure`, `RenderedStatementShapes.renderedSelect`): it must be exactly what
/// rendering the select gives, in every dialect, whatever the values, and two selects of
/// different structures must never share SQL.
@Suite struct KeptSelectTests {
  static let dialects: [any Dialect] = [SQLiteDialect(), PostgresDialect(), MySQLDialect()]

  /// A column of reminders, as `@Table` names it.
  static func column(_ name: String, qualifier: String? = "reminders") -> SQLExpression {
    .column(ColumnReference(qualifier: qualifier, name: name))
  }

  /// A random condition of the kind kept: comparisons of columns and values, `IS [NOT] NULL`,
  /// `IS [NOT] DISTINCT FROM`, `AND`, `OR`, `NOT`.
  static func condition(depth: Int, using random: inout SeededRandom) -> SQLExpression {
    let columns = ["id", "title", "isCompleted", "priority", "remindersListID"]
    func operand() -> SQLExpression {
      random.next() % 3 == 0 ? value(using: &random) : column(columns[Int(random.next() % 5)])
    }
    let comparisons: [BinaryOperator] = [.equal, .notEqual, .lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual]
    switch random.next() % (depth > 0 ? 7 : 3) {
    case 0: return .binary(operand(), comparisons[Int(random.next() % 6)], operand())
    case 1: return .isNull(operand(), negated: random.next() % 2 == 0)
    case 2: return .isDistinctFrom(operand(), operand(), negated: random.next() % 2 == 0)
    case 3: return .not(condition(depth: depth - 1, using: &random))
    case 4: return .binary(condition(depth: depth - 1, using: &random), .or, condition(depth: depth - 1, using: &random))
    default: return .binary(condition(depth: depth - 1, using: &random), .and, condition(depth: depth - 1, using: &random))
    }
  }

  /// A random value of a random kind, often one of a few, so that equal values meet.
  static func value(using random: inout SeededRandom) -> SQLExpression {
    let values: [QueryBinding] = [
      .int(1), .int(2), .int(Int64(random.next() % 1000)), .null, .text("a"), .text("Groceries"),
      .bool(true), .bool(false), .double(2.5), .date(Date(timeIntervalSince1970: 1_700_000_000)),
      .uuid(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!), .blob([1, 2, 3]),
    ]
    return .binding(values[Int(random.next() % UInt64(values.count))])
  }

  /// `expression` with every value replaced by another random one: the same structure, other
  /// values, perhaps of other kinds.
  static func revalued(_ expression: SQLExpression, using random: inout SeededRandom) -> SQLExpression {
    switch expression {
    case .binding: return value(using: &random)
    case .not(let operand): return .not(revalued(operand, using: &random))
    case .isNull(let operand, let negated): return .isNull(revalued(operand, using: &random), negated: negated)
    case .isDistinctFrom(let lhs, let rhs, let negated):
      return .isDistinctFrom(revalued(lhs, using: &random), revalued(rhs, using: &random), negated: negated)
    case .binary(let lhs, let op, let rhs):
      return .binary(revalued(lhs, using: &random), op, revalued(rhs, using: &random))
    default: return expression
    }
  }

  /// The select app code writes: `Reminder.where { condition }`, then an ordering or not.
  static func select(_ condition: SQLExpression, orderedBy term: Int) -> Select<Reminder.TableColumns, Reminder> {
    let filtered = Reminder.where { _ in SQLQueryExpression<Bool>(node: condition) }
    switch term {
    case 0: return filtered
    case 1: return filtered.order { $0.title }
    case 2: return filtered.order { $0.priority.desc() }
    default: return filtered.order { ($0.priority.asc(nulls: .last), $0.id) }
    }
  }

  /// Random selects and the same selects with other values, interleaved, in each dialect: each
  /// is exactly what rendering it gives, whether its structure and shape were met before or not.
  @Test(arguments: dialects)
  func keptSelectSQLIsExactlyTheRenderedSQL(dialect: any Dialect) throws {
    var random = SeededRandom.fromEnvironment()
    let memo = RenderedStatementShapes()
    var structures: [(SQLExpression, Int)] = []
    var keptCount = 0
    for _ in 0..<400 {
      if structures.isEmpty || random.next() % 4 == 0 {
        structures.append((Self.condition(depth: 3, using: &random), Int(random.next() % 4)))
      }
      let (structure, term) = structures[Int(random.next() % UInt64(structures.count))]
      let select = Self.select(Self.revalued(structure, using: &random), orderedBy: term)
      let rendered = try select.render(in: dialect)
      // A select too large to keep (past `SelectStructure.maximumWordCount`) gives nil, and is
      // rendered as usual.
      guard let kept = try select.keptSQL(in: memo, dialect: dialect) else { continue }
      #expect(kept == rendered, "seed \(random.seed): \(rendered.sql)")
      keptCount += 1
    }
    #expect(keptCount > 200, "seed \(random.seed)")
    #expect(memo.selectDigests.count <= RenderedStatementShapes.maximumSelectCount)
  }

  /// The differential harness's random conditions (comparisons, arithmetic, functions, `LIKE`,
  /// `CASE`, casts, over columns of every kind, with names that need quoting), in each dialect:
  /// a select kept is exactly what rendering it gives, and one that is not gives nil.
  @Test(arguments: dialects)
  func harnessConditionsAreKeptExactlyOrNotAtAll(dialect: any Dialect) throws {
    var random = SeededRandom.fromEnvironment()
    let memo = RenderedStatementShapes()
    var keptCount = 0
    for index in 0..<2_000 {
      let schema = RandomSchema.random(using: &random)
      let condition = RandomCondition.random(depth: index % 4, in: RandomScope(columns: schema.first.columns), using: &random)
      let select = DiffRow.where { _ in SQLQueryExpression<Bool>(node: condition.node) }
      guard let kept = try? select.keptSQL(in: memo, dialect: dialect) else { continue }
      #expect(kept == (try? select.render(in: dialect)), "seed \(random.seed): \(condition)")
      keptCount += 1
    }
    #expect(keptCount > 100, "seed \(random.seed)")
  }

  /// Selects that differ in one part of their structure alone, their values the same, run
  /// through one memo in turn: each gets its own SQL, never the other's.
  @Test(arguments: dialects)
  func selectsDifferingOnlyInStructureNeverShareSQL(dialect: any Dialect) throws {
    let id = Self.column("id"), priority = Self.column("priority"), one = SQLExpression.binding(.int(1))
    let pairs: [(Select<Reminder.TableColumns, Reminder>, Select<Reminder.TableColumns, Reminder>)] = [
      (Self.select(.binary(id, .equal, one), orderedBy: 0), Self.select(.binary(id, .notEqual, one), orderedBy: 0)),
      (Self.select(.binary(id, .equal, one), orderedBy: 0), Self.select(.binary(priority, .equal, one), orderedBy: 0)),
      (Self.select(.binary(id, .lessThan, one), orderedBy: 0), Self.select(.binary(one, .lessThan, id), orderedBy: 0)),
      (
        Self.select(.binary(.binary(id, .equal, one), .and, .binary(priority, .equal, one)), orderedBy: 0),
        Self.select(.binary(.binary(id, .equal, one), .or, .binary(priority, .equal, one)), orderedBy: 0)
      ),
      (Self.select(.isNull(priority, negated: false), orderedBy: 0), Self.select(.isNull(priority, negated: true), orderedBy: 0)),
      (Self.select(.isNull(priority, negated: false), orderedBy: 0), Self.select(.not(.isNull(priority, negated: false)), orderedBy: 0)),
      (Self.select(.binary(id, .equal, one), orderedBy: 0), Self.select(.binary(id, .equal, one), orderedBy: 1)),
      (Self.select(.binary(id, .equal, one), orderedBy: 2), Self.select(.binary(id, .equal, one), orderedBy: 3)),
      (
        Self.select(.binary(id, .equal, one), orderedBy: 0),
        Self.select(.binary(Self.column("id", qualifier: nil), .equal, one), orderedBy: 0)
      ),
      (Reminder.where { $0.id == 1 }, Reminder.all),
      (Reminder.where { $0.isCompleted }, Reminder.where { !$0.isCompleted }),
    ]
    let memo = RenderedStatementShapes()
    for _ in 0..<2 {
      for (first, second) in pairs {
        let firstSQL = try first.render(in: dialect), secondSQL = try second.render(in: dialect)
        #expect(firstSQL.sql != secondSQL.sql)
        #expect(try first.keptSQL(in: memo, dialect: dialect) == firstSQL)
        #expect(try second.keptSQL(in: memo, dialect: dialect) == secondSQL)
      }
    }
  }

  private enum R: AliasName {}

  /// Selects with any other clause or node are rendered as usual: the memo gives nothing and
  /// keeps nothing for them.
  @Test(arguments: dialects)
  func onlySelectsOfFilteredTablesAreKept(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    #expect(try Reminder.where { $0.id == 1 }.limit(1).keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id == 1 }.select { $0.title }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id == 1 }.distinct().keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id == 1 }.group { $0.priority }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id == 1 }.join(RemindersList.all) { $0.remindersListID == $1.id }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.title.like("a%") }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id / 2 == 1 }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.title.lower() == "a" }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.where { $0.id.in([1, 2]) }.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(try Reminder.as(R.self).where { $0.id == 1 }.keptSQL(in: memo, dialect: dialect) == nil)
    var changed = Reminder.where { $0.id == 1 }
    changed.select.isDistinct = true
    #expect(try changed.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(memo.selectDigests.isEmpty)
    // A default scope is a filtered table: kept, and exactly as rendered.
    let scoped = Memo.where { $0.remindersListID == 2 }
    #expect(try scoped.keptSQL(in: memo, dialect: dialect) == scoped.render(in: dialect))
    #expect(try Memo.where { $0.remindersListID == 3 }.keptSQL(in: memo, dialect: dialect) == Memo.where { $0.remindersListID == 3 }.render(in: dialect))
    #expect(memo.selectDigests.count == 1)
  }

  /// The SQL of a select met before binds its values in the list its structure keeps, written
  /// over in place once the select before has dropped it: SQL still held keeps its own values
  /// whatever runs after it, and a select of more values than a kept select may have is
  /// rendered as usual.
  @Test(arguments: dialects)
  func keptSQLStillHeldKeepsItsValues(dialect: any Dialect) throws {
    let memo = RenderedStatementShapes()
    func select(_ id: Int) -> Select<Reminder.TableColumns, Reminder> {
      Reminder.where { $0.id == id && $0.title != "title \(id)" }
    }
    var held: [RenderedSQL] = []
    for id in 1...5 {
      held.append(try #require(try select(id).keptSQL(in: memo, dialect: dialect)))
    }
    for (index, kept) in held.enumerated() {
      #expect(kept == (try select(index + 1).render(in: dialect)))
    }
    held.removeAll()
    for id in 6...8 {
      #expect(try select(id).keptSQL(in: memo, dialect: dialect) == select(id).render(in: dialect))
    }

    // Comparisons of two values each: few words, more values than a kept select may have.
    let pairs = (0...SelectStructure.maximumValueCount / 2).map { pair -> SQLExpression in
      .binary(.binding(.int(Int64(2 * pair))), .notEqual, .binding(.int(Int64(2 * pair + 1))))
    }
    let many = Self.select(pairs.dropFirst().reduce(pairs[0]) { .binary($0, .and, $1) }, orderedBy: 0)
    let digests = memo.selectDigests
    #expect(try many.keptSQL(in: memo, dialect: dialect) == nil)
    #expect(memo.selectDigests == digests)
  }

  /// Names in strings of their own (not literals), dropped after their select was kept: the
  /// kept select keeps them alive, so no later string can take their place in memory and pass
  /// for them.
  @Test func namesInStringsOfTheirOwnStayTheirs() throws {
    let memo = RenderedStatementShapes()
    for round in 0..<50 {
      let name = String(repeating: "column", count: 3) + String(round % 5)
      let qualifier = String(repeating: "alias", count: 4) + String(round % 3)
      let select = Self.select(.binary(Self.column(name, qualifier: qualifier), .equal, .binding(.int(Int64(round)))), orderedBy: 0)
      #expect(try select.keptSQL(in: memo, dialect: SQLiteDialect()) == select.render(in: SQLiteDialect()))
    }
  }

  /// More structures than the memo keeps: the oldest go, and the memo stays bounded.
  @Test func aDatabaseKeepsABoundedNumberOfSelects() throws {
    let memo = RenderedStatementShapes()
    let count = RenderedStatementShapes.maximumSelectCount + 20
    for round in 0..<(2 * count) {
      let select = Self.select(.binary(Self.column("c\(round % count)"), .equal, .binding(.int(1))), orderedBy: 0)
      #expect(try select.keptSQL(in: memo, dialect: SQLiteDialect()) == select.render(in: SQLiteDialect()))
      #expect(memo.selectDigests.count <= RenderedStatementShapes.maximumSelectCount)
    }
    #expect(memo.selectDigests.count == RenderedStatementShapes.maximumSelectCount)
    #expect(memo.selectsByDigest.values.reduce(0) { $0 + $1.count } == RenderedStatementShapes.maximumSelectCount)
  }

  /// On a live database: every filter by a value, with values of each structure changing, returns
  /// the rows the filter written in Swift keeps.
  func filtersReturnTheirRows(_ db: some Database) throws {
    let all = try Reminder.order { $0.id }.fetchAll(db)
    #expect(all.count == 5)
    for _ in 0..<2 {
      for id in [1, 3, 5, 99] {
        #expect(try Reminder.where { $0.id == id }.fetchAll(db) == all.filter { $0.id == id })
        #expect(try Reminder.where { $0.id != id }.order { $0.id }.fetchAll(db) == all.filter { $0.id != id })
      }
      for priority in [1, 2, 3] {
        #expect(
          try Reminder.where { $0.priority == priority || $0.isCompleted }.order { $0.id }.fetchAll(db)
            == all.filter { $0.priority == priority || $0.isCompleted })
      }
      #expect(try Reminder.where { $0.priority == nil }.order { $0.id }.fetchAll(db) == all.filter { $0.priority == nil })
      #expect(try Reminder.where { $0.title == "Vet" }.fetchAll(db) == all.filter { $0.title == "Vet" })
    }
    #expect(db.renderedStatementShapes?.selectDigests.isEmpty == false)
  }

  @Test func filtersReturnTheirRowsOnSQLite() throws {
    let db = try SQLiteDatabase()
    try makeRemindersDatabase(db, schema: sqliteRemindersSchema)
    try filtersReturnTheirRows(db)
  }

  @Test func filtersReturnTheirRowsOnPostgreSQL() throws {
    try withPostgres { db throws in
      try makeRemindersDatabase(db, schema: postgresRemindersSchema)
      try filtersReturnTheirRows(db)
    }
  }
}
