import Foundation
import Testing
import TypedSQL

// StructuredQueries' OperatorsTests, live on SQLite and PostgreSQL. StructuredQueries only renders
// most of these expressions of `OperatorRow`'s columns; here each is selected (or its update run) on one
// row, a: NULL, b: 2, c: 3, bool: true, string: "abc", and its value checked. The table is
// "operatorRows": "rows" is PrimaryKeyedTableTests' table.

// Renamed from `Row`: a table type named `Row` clashes with the `Row` type alias `@Table` declares.
@Table("operatorRows")
private struct OperatorRow {
  var a: Int?
  var b: Int?
  var c: Int
  var bool: Bool
  var string: String
}

private func insertRow(_ db: some Database) throws {
  try OperatorRow.insert { OperatorRow(a: nil, b: 2, c: 3, bool: true, string: "abc") }.execute(db)
}

@Suite struct SuiteOperatorsTests {
  @Test(arguments: LiveDatabase.allCases)
  func comparison(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      // Rewritten: `OperatorRow.columns.c < OperatorRow.columns.c` is selected as `OperatorRow.select { $0.c < $0.c }`.
      let lt = try OperatorRow.select { $0.c < $0.c }.fetchAll(db)
      #expect(lt == [false])
      let gt = try OperatorRow.select { $0.c > $0.c }.fetchAll(db)
      #expect(gt == [false])
      let lte = try OperatorRow.select { $0.c <= $0.c }.fetchAll(db)
      #expect(lte == [true])
      let gte = try OperatorRow.select { $0.c >= $0.c }.fetchAll(db)
      #expect(gte == [true])
      let bools = try OperatorRow.select { $0.bool < $0.bool }.fetchAll(db)
      #expect(bools == [false])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func logic(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let and = try OperatorRow.select { $0.bool && $0.bool }.fetchAll(db)
      #expect(and == [true])
      let or = try OperatorRow.select { $0.bool || $0.bool }.fetchAll(db)
      #expect(or == [true])
      let not = try OperatorRow.select { !$0.bool }.fetchAll(db)
      #expect(not == [false])
      try OperatorRow.update { $0.bool.toggle() }.execute(db)
      let toggled = try OperatorRow.select(\.bool).fetchAll(db)
      #expect(toggled == [false])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func arithmetic(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let sum = try OperatorRow.select { $0.c + $0.c }.fetchAll(db)
      #expect(sum == [6])
      let difference = try OperatorRow.select { $0.c - $0.c }.fetchAll(db)
      #expect(difference == [0])
      let product = try OperatorRow.select { $0.c * $0.c }.fetchAll(db)
      #expect(product == [9])
      let quotient = try OperatorRow.select { $0.c / $0.c }.fetchAll(db)
      #expect(quotient == [1])
      let negated = try OperatorRow.select { -$0.c }.fetchAll(db)
      #expect(negated == [-3])
      let plus = try OperatorRow.select { +$0.c }.fetchAll(db)
      #expect(plus == [3])
      var values: [Int] = []
      try OperatorRow.update { $0.c += 1 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c -= 2 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c *= 3 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c /= 4 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c = -$0.c }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c = +$0.c }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c.negate() }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      #expect(values == [4, 2, 6, 1, -1, -1, 1])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func bitwise(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let modulo = try OperatorRow.select { $0.c % $0.c }.fetchAll(db)
      #expect(modulo == [0])
      let and = try OperatorRow.select { $0.c & $0.c }.fetchAll(db)
      #expect(and == [3])
      let or = try OperatorRow.select { $0.c | $0.c }.fetchAll(db)
      #expect(or == [3])
      // StructuredQueries only renders these: 3 << 3 is 24, 3 >> 3 is 0.
      let shiftedLeft = try OperatorRow.select { $0.c << $0.c }.fetchAll(db)
      #expect(shiftedLeft == [24])
      let shiftedRight = try OperatorRow.select { $0.c >> $0.c }.fetchAll(db)
      #expect(shiftedRight == [0])
      let inverted = try OperatorRow.select { ~$0.c }.fetchAll(db)
      #expect(inverted == [-4])
      var values: [Int] = []
      try OperatorRow.update { $0.c &= 2 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c |= 3 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c <<= 4 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c >>= 5 }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      try OperatorRow.update { $0.c = ~$0.c }.execute(db)
      values += try OperatorRow.select(\.c).fetchAll(db)
      #expect(values == [2, 3, 48, 1, -2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func coalesce(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let rows = try OperatorRow.select { $0.a ?? $0.b ?? $0.c }.fetchAll(db)
      #expect(rows == [2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func strings(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let doubled = try OperatorRow.select { $0.string + $0.string }.fetchAll(db)
      #expect(doubled == ["abcabc"])
      let collate = OperatorRow.select { $0.string.collate(.nocase) }
      if database == .sqlite {
        let collated = try collate.fetchAll(db)
        #expect(collated == ["abc"])
      } else {
        // TypedSQL: "PostgreSQL does not support COLLATE NOCASE".
        #expect(throws: (any Error).self) { try collate.fetchAll(db) }
      }
      let glob = OperatorRow.select { $0.string.glob("a*") }
      if database == .sqlite {
        let globbed = try glob.fetchAll(db)
        #expect(globbed == [true])
      } else {
        // TypedSQL: "PostgreSQL does not support GLOB".
        #expect(throws: (any Error).self) { try glob.fetchAll(db) }
      }
      let liked = try OperatorRow.select { $0.string.like("a%") }.fetchAll(db)
      #expect(liked == [true])
      let escaped = try OperatorRow.select { $0.string.like("a%", escape: #"\"#) }.fetchAll(db)
      #expect(escaped == [true])
      try OperatorRow.update { $0.string += "!" }.execute(db)
      try OperatorRow.update { $0.string.append("!") }.execute(db)
      try OperatorRow.update { $0.string.append(contentsOf: "!") }.execute(db)
      let appended = try OperatorRow.select(\.string).fetchAll(db)
      #expect(appended == ["abc!!!"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func stringDeprecations(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let prefix = try OperatorRow.select { $0.string.hasPrefix("a") }.fetchAll(db)
      #expect(prefix == [true])
      let suffix = try OperatorRow.select { $0.string.hasSuffix("a") }.fetchAll(db)
      #expect(suffix == [false])
      let contains = try OperatorRow.select { $0.string.contains("a") }.fetchAll(db)
      #expect(contains == [true])
      let mapped = try Values(#sql("'hello'", as: String?.self).map { $0.contains("el") }).fetchAll(db)
      #expect(mapped == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func collectionIn(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let list = try OperatorRow.select { $0.c.in([1, 2, 3]) }.fetchAll(db)
      #expect(list == [true])
      let subquery = try OperatorRow.select { $0.c.in(OperatorRow.select(\.c)) }.fetchAll(db)
      #expect(subquery == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func collectionContains(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      // Rewritten: `[1, 2, 3].contains(Row.columns.c)` is selected as
      // `OperatorRow.select { [1, 2, 3].contains($0.c) }`.
      let list = try OperatorRow.select { [1, 2, 3].contains($0.c) }.fetchAll(db)
      #expect(list == [true])
      let subquery = try OperatorRow.select { OperatorRow.select(\.c).contains($0.c) }.fetchAll(db)
      #expect(subquery == [true])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func rangeContains(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let contains = try OperatorRow.select { (0...10).contains($0.c) }.fetchAll(db)
      #expect(contains == [true])
      let between = try OperatorRow.select { $0.c.between(0, and: 10) }.fetchAll(db)
      #expect(between == [true])
      let bounded = try Reminder.where {
        $0.id.between(
          Reminder.select { $0.id.min() } ?? 0,
          and: (Reminder.select { $0.id.max() } ?? 0) / 3
        )
      }
      .fetchAll(db)
      #expect(bounded.map(\.id) == [1, 2, 3])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func selectSubquery(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let rows = try OperatorRow.select { ($0.a, OperatorRow.count()) }.fetchAll(db)
      #expect(rows.map { "\($0.0.map(String.init) ?? "nil") \($0.1)" } == ["nil 1"])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func whereSubquery(database: LiveDatabase) throws {
    try database.run { db in
      try insertRow(db)
      let cast = try OperatorRow.where {
        $0.c.in(OperatorRow.select { $0.bool.cast(as: Int.self) })
      }
      .fetchAll(db)
      #expect(cast.isEmpty)
      // StructuredQueries only renders this one: the row's `c`, 3, is its average and above 1.
      let aboveAverage = try OperatorRow.where {
        $0.c.cast() >= OperatorRow.select { $0.c.avg() ?? 0 } && $0.c.cast() > 1.0
      }
      .fetchAll(db)
      #expect(aboveAverage.count == 1)
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func containsCollectionElement(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.id }.where { [1, 2].contains($0.id) }.fetchAll(db)
      #expect(rows.sorted() == [1, 2])
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func moduloZero(database: LiveDatabase) throws {
    try database.run { db in
      let rows = try Reminder.select { $0.id % 0 }.fetchAll(db)
      #expect(rows == Array(repeating: nil, count: 10))
    }
  }

  @Test(arguments: LiveDatabase.allCases)
  func exists(database: LiveDatabase) throws {
    try database.run { db in
      let any = try Values(Reminder.exists()).fetchAll(db)
      #expect(any == [true])
      let first = try Values(Reminder.where { $0.id.eq(1) }.exists()).fetchAll(db)
      #expect(first == [true])
      let missing = try Values(Reminder.where { $0.id.eq(100) }.exists()).fetchAll(db)
      #expect(missing == [false])
    }
  }
}
