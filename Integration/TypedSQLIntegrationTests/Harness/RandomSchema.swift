import Foundation
import TypedSQL

/// The first table of a random schema. Only its key is declared in Swift: the differential test
/// creates the table with random further columns and queries them by name.
@Table("diff") struct DiffRow {
  let id: Int
}

/// The second table of a random schema, joined to the first.
@Table("diff2") struct DiffOther {
  let id: Int
}

/// The Swift type of a random column, and the values its rows draw from.
enum ColumnKind: CaseIterable, CustomStringConvertible {
  case integer, real, text, boolean, date

  /// Instants the rows and conditions draw from: equal ones, ones a millisecond apart, and ones
  /// centuries apart.
  static let dates = [0, 0.001, 86_400, -1_000_000_000, 1_700_000_000.5, 4_000_000_000].map(Date.init(timeIntervalSince1970:))
  /// Texts the rows and conditions draw from: case and normalization variants, non-ASCII,
  /// `LIKE` wildcards and `GLOB`'s.
  static let texts = [
    "", "a", "A", "b", "ab", " a", "caf\u{E9}", "CAF\u{C9}", "cafe\u{301}", "\u{3A9}", "\u{3C9}", "😀", "a%", "a_b",
    "12", " -3x", "1e3", ".5", "+7", "4.9", "[a]", "a*", "?",
  ]
  /// Integers at the edges of 64 bits, where sums and arithmetic overflow.
  static let largeIntegers: [Int64] = [1 << 62, -(1 << 62), (1 << 53) + 1, .max, .min]
  /// Fractions, a whole number and a large value.
  static let reals = [0.5, -1.25, 0, 3, -0.75, 1e10, 2.5]

  /// A random value of this kind, never `NULL`.
  func randomValue(using random: inout SeededRandom) -> QueryBinding {
    switch self {
    case .integer:
      return .int(random.oneIn(16) ? random.pick(Self.largeIntegers) : Int64.random(in: -5...5, using: &random))
    case .real: return .double(random.pick(Self.reals))
    case .text: return .text(random.pick(Self.texts))
    case .boolean: return .bool(random.oneIn(2))
    case .date: return .date(random.pick(Self.dates))
    }
  }

  /// A declared type SQLite reads with this kind's affinity; a `STRICT` table takes only the
  /// standard names.
  func sqliteType(strict: Bool, using random: inout SeededRandom) -> String {
    switch self {
    case .integer: return strict ? random.pick(["INTEGER", "INT"]) : random.pick(["INTEGER", "INT", "BIGINT"])
    case .real: return strict ? "REAL" : random.pick(["REAL", "DOUBLE", "FLOAT"])
    case .text: return strict ? "TEXT" : random.pick(["TEXT", "VARCHAR(3)", "CLOB"])
    case .boolean: return strict ? "INTEGER" : random.pick(["INTEGER", "BOOLEAN"])
    case .date: return "TEXT"
    }
  }

  /// The PostgreSQL type of this kind's Swift type.
  func postgresType(using random: inout SeededRandom) -> String {
    switch self {
    case .integer: return random.pick(["bigint", "int8"])
    case .real: return "double precision"
    case .text: return random.pick(["text", "varchar"])
    case .boolean: return "boolean"
    case .date: return "timestamptz"
    }
  }

  var description: String {
    switch self {
    case .integer: return "Int"
    case .real: return "Double"
    case .text: return "String"
    case .boolean: return "Bool"
    case .date: return "Date"
    }
  }
}

/// A column of a random schema: its table, its name (often one that needs quoting), its kind and
/// whether it holds `NULL`s.
struct SchemaColumn: CustomStringConvertible {
  var table: String
  var name: String
  var kind: ColumnKind
  var isNullable: Bool

  var node: SQLExpression { .column(ColumnReference(qualifier: table, name: name)) }

  /// The column as Swift spells it in a closure: `$0` for the first table, `$1` for the joined one.
  var description: String { "\(table == DiffRow.tableName ? "$0" : "$1").\(name)" }
}

/// A random table: a key and random columns, indexes, and storage options.
struct RandomTable: CustomStringConvertible {
  var name: String
  var columns: [SchemaColumn]
  /// Each index's columns, each ascending or descending, and whether it is partial.
  var indexes: [(columns: [(name: String, descending: Bool)], partial: Bool)]
  var isStrict: Bool
  var isWithoutRowID: Bool
  var sqliteTypes: [String]
  var postgresTypes: [String]

  /// Names that need quoting: keywords, spaces, a quote, mixed case, non-ASCII.
  static let columnNames = ["a", "b", "c", "value", "order", "group", "select", "Mixed Case", "quo\"te", "naïve", "x y", "from"]

  static func random(named name: String, using random: inout SeededRandom) -> RandomTable {
    var names = columnNames
    var columns = [SchemaColumn(table: name, name: "id", kind: .integer, isNullable: false)]
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let column = names.remove(at: Int.random(in: 0..<names.count, using: &random))
      columns.append(
        SchemaColumn(table: name, name: column, kind: random.pick(ColumnKind.allCases), isNullable: !random.oneIn(4)))
    }
    let isStrict = random.oneIn(2)
    let indexes = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      let first = random.pick(columns).name
      let second = random.pick(columns).name
      let indexed = (first == second || random.oneIn(2) ? [first] : [first, second]).map {
        (name: $0, descending: random.oneIn(3))
      }
      return (columns: indexed, partial: random.oneIn(3))
    }
    return RandomTable(
      name: name, columns: columns, indexes: indexes, isStrict: isStrict, isWithoutRowID: random.oneIn(3),
      sqliteTypes: columns.map { $0.name == "id" ? "INTEGER" : $0.kind.sqliteType(strict: isStrict, using: &random) },
      postgresTypes: columns.map { $0.name == "id" ? "bigint" : $0.kind.postgresType(using: &random) })
  }

  /// `CREATE TABLE` and `CREATE INDEX` for SQLite (`postgres` false) or PostgreSQL.
  func creation(postgres: Bool) -> [String] {
    let types = postgres ? postgresTypes : sqliteTypes
    let definitions = zip(columns, types).map { column, type in
      "\(quoted(column.name)) \(type)" + (column.name == "id" ? " PRIMARY KEY" : column.isNullable ? "" : " NOT NULL")
    }
    var options: [String] = []
    if !postgres && isStrict { options.append("STRICT") }
    if !postgres && isWithoutRowID { options.append("WITHOUT ROWID") }
    var statements = ["CREATE TABLE \(quoted(name)) (\(definitions.joined(separator: ", "))) \(options.joined(separator: ", "))"]
    for (number, index) in indexes.enumerated() {
      let terms = index.columns.map { quoted($0.name) + ($0.descending ? " DESC" : "") }
      let partial = index.partial ? " WHERE \(quoted(index.columns[0].name)) IS NOT NULL" : ""
      statements.append("CREATE INDEX \(quoted("\(name)_\(number)")) ON \(quoted(name)) (\(terms.joined(separator: ", ")))\(partial)")
    }
    return statements
  }

  /// `count` rows of random values, keys 1 through `count`; a nullable column is `NULL` in about
  /// one row in five.
  func randomRows(_ count: Int, using random: inout SeededRandom) -> [[QueryBinding]] {
    (0..<count).map { offset in
      columns.map { column in
        if column.name == "id" { return .int(Int64(offset + 1)) }
        if column.isNullable && random.oneIn(5) { return .null }
        return column.kind.randomValue(using: &random)
      }
    }
  }

  /// `INSERT` of one row, with placeholders in SQLite's or PostgreSQL's spelling.
  func insert(_ row: [QueryBinding], postgres: Bool) -> RenderedSQL {
    let placeholders = row.indices.map { postgres ? "$\($0 + 1)" : "?\($0 + 1)" }
    return RenderedSQL(
      sql: "INSERT INTO \(quoted(name)) (\(columns.map { quoted($0.name) }.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))",
      bindings: row)
  }

  var description: String {
    let columnList = columns.map { "\($0.name): \($0.kind)\($0.isNullable ? "?" : "")" }.joined(separator: ", ")
    return "\(name)(\(columnList))\(isStrict ? " STRICT" : "")\(isWithoutRowID ? " WITHOUT ROWID" : ""), \(indexes.count) indexes"
  }
}

/// A random schema: two tables (the second may be empty) with random rows, created on SQLite and
/// PostgreSQL, and a random planner setting on each, so that conditions run through indexes as
/// well as scans.
struct RandomSchema: CustomStringConvertible {
  var first: RandomTable
  var second: RandomTable
  var firstRows: [[QueryBinding]]
  var secondRows: [[QueryBinding]]
  /// Whether SQLite and PostgreSQL gather statistics (`ANALYZE`) before the queries run.
  var isAnalyzed: Bool
  /// Whether PostgreSQL avoids sequential scans where an index can serve.
  var prefersIndexes: Bool

  static func random(using random: inout SeededRandom) -> RandomSchema {
    let first = RandomTable.random(named: DiffRow.tableName, using: &random)
    let second = RandomTable.random(named: DiffOther.tableName, using: &random)
    return RandomSchema(
      first: first, second: second,
      firstRows: first.randomRows(Int.random(in: 1...60, using: &random), using: &random),
      secondRows: second.randomRows(Int.random(in: 0...20, using: &random), using: &random),
      isAnalyzed: random.oneIn(2), prefersIndexes: random.oneIn(2))
  }

  /// Creates the tables and their rows on `db`, replacing any earlier random schema.
  func create(on db: some Database, postgres: Bool) throws {
    for table in [first, second] {
      try db.execute("DROP TABLE IF EXISTS \(quoted(table.name))")
      for statement in table.creation(postgres: postgres) { try db.execute(statement) }
    }
    for row in firstRows { try db.execute(first.insert(row, postgres: postgres)) }
    for row in secondRows { try db.execute(second.insert(row, postgres: postgres)) }
    // Only these tables: a bare `ANALYZE` on PostgreSQL reads other tests' tables too, and can
    // deadlock with their schema changes.
    if isAnalyzed {
      for table in [first, second] { try db.execute("ANALYZE \(quoted(table.name))") }
    }
    if postgres { try db.execute("SET enable_seqscan = \(prefersIndexes ? "off" : "on")") }
  }

  var description: String {
    "\(first) with \(firstRows.count) rows; \(second) with \(secondRows.count) rows"
      + (isAnalyzed ? "; analyzed" : "") + (prefersIndexes ? "; PostgreSQL prefers indexes" : "")
  }
}

/// `name` as a quoted SQL identifier, the same on both databases.
private func quoted(_ name: String) -> String {
  "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
