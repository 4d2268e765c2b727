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

/// The databases a random schema is created on, each with its own column types and options.
enum HarnessDatabase: CustomStringConvertible {
  case sqlite, postgres, mariaDB

  var description: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgres: return "PostgreSQL"
    case .mariaDB: return "MariaDB"
    }
  }
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

  /// The MariaDB type of this kind's Swift type. Text is compared by its bytes there: the test
  /// databases' collation is `utf8mb4_nopad_bin`, the one the driver's session uses.
  func mariaDBType(using random: inout SeededRandom) -> String {
    switch self {
    case .integer: return "bigint"
    case .real: return random.pick(["double", "double precision"])
    case .text: return random.pick(["text", "varchar(64)"])
    case .boolean: return random.pick(["boolean", "tinyint(1)"])
    case .date: return "datetime(6)"
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
  var mariaDBTypes: [String]

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
      postgresTypes: columns.map { $0.name == "id" ? "bigint" : $0.kind.postgresType(using: &random) },
      mariaDBTypes: columns.map { $0.name == "id" ? "bigint" : $0.kind.mariaDBType(using: &random) })
  }

  /// `CREATE TABLE` and `CREATE INDEX` for `database`. MariaDB has no partial index (it indexes
  /// every row instead) and indexes the first 64 characters of a `text` column.
  func creation(for database: HarnessDatabase) -> [String] {
    let types: [String]
    switch database {
    case .sqlite: types = sqliteTypes
    case .postgres: types = postgresTypes
    case .mariaDB: types = mariaDBTypes
    }
    let definitions = zip(columns, types).map { column, type in
      "\(quoted(column.name)) \(type)" + (column.name == "id" ? " PRIMARY KEY" : column.isNullable ? "" : " NOT NULL")
    }
    var options: [String] = []
    if database == .sqlite && isStrict { options.append("STRICT") }
    if database == .sqlite && isWithoutRowID { options.append("WITHOUT ROWID") }
    var statements = ["CREATE TABLE \(quoted(name)) (\(definitions.joined(separator: ", "))) \(options.joined(separator: ", "))"]
    for (number, index) in indexes.enumerated() {
      let terms = index.columns.map { term in
        let isText = database == .mariaDB && types[columns.firstIndex { $0.name == term.name }!] == "text"
        return quoted(term.name) + (isText ? "(64)" : "") + (term.descending ? " DESC" : "")
      }
      let partial =
        index.partial && database != .mariaDB ? " WHERE \(quoted(index.columns[0].name)) IS NOT NULL" : ""
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

  /// `INSERT` of one row, with placeholders in `database`'s spelling.
  func insert(_ row: [QueryBinding], for database: HarnessDatabase) -> RenderedSQL {
    let placeholders = row.indices.map { index in
      switch database {
      case .sqlite: return "?\(index + 1)"
      case .postgres: return "$\(index + 1)"
      case .mariaDB: return "?"
      }
    }
    return RenderedSQL(
      sql: "INSERT INTO \(quoted(name)) (\(columns.map { quoted($0.name) }.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))",
      bindings: row)
  }

  var description: String {
    let columnList = columns.map { "\($0.name): \($0.kind)\($0.isNullable ? "?" : "")" }.joined(separator: ", ")
    return "\(name)(\(columnList))\(isStrict ? " STRICT" : "")\(isWithoutRowID ? " WITHOUT ROWID" : ""), \(indexes.count) indexes"
  }
}

/// A random schema: two tables (the second may be empty) with random rows, created on SQLite,
/// PostgreSQL and MariaDB, and a random planner setting on each, so that conditions run through
/// indexes as well as scans.
struct RandomSchema: CustomStringConvertible {
  var first: RandomTable
  var second: RandomTable
  var firstRows: [[QueryBinding]]
  var secondRows: [[QueryBinding]]
  /// Whether the databases gather statistics (`ANALYZE`) before the queries run.
  var isAnalyzed: Bool
  /// Whether PostgreSQL and MariaDB prefer an index to a scan of the table where one can serve.
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

  /// Creates the tables and their rows on `db`, which is `database`, replacing any earlier random
  /// schema.
  func create(on db: some Database, as database: HarnessDatabase) throws {
    for table in [first, second] {
      try db.execute("DROP TABLE IF EXISTS \(quoted(table.name))")
      for statement in table.creation(for: database) { try db.execute(statement) }
    }
    for row in firstRows { try db.execute(first.insert(row, for: database)) }
    for row in secondRows { try db.execute(second.insert(row, for: database)) }
    // Only these tables: a bare `ANALYZE` on PostgreSQL reads other tests' tables too, and can
    // deadlock with their schema changes.
    if isAnalyzed {
      let analyze = database == .mariaDB ? "ANALYZE TABLE" : "ANALYZE"
      for table in [first, second] { try db.execute("\(analyze) \(quoted(table.name))") }
    }
    switch database {
    case .postgres: try db.execute("SET enable_seqscan = \(prefersIndexes ? "off" : "on")")
    case .mariaDB: try db.execute("SET SESSION max_seeks_for_key = \(prefersIndexes ? "1" : "DEFAULT")")
    case .sqlite: break
    }
  }

  var description: String {
    "\(first) with \(firstRows.count) rows; \(second) with \(secondRows.count) rows"
      + (isAnalyzed ? "; analyzed" : "") + (prefersIndexes ? "; indexes preferred" : "")
  }
}

/// `name` as a quoted SQL identifier, the same on every database (MariaDB's sessions quote with
/// `ANSI_QUOTES`).
private func quoted(_ name: String) -> String {
  "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
