import Foundation
import Testing
import TypedSQL

/// Regressions of values and names that TypedSQL writes into SQL text (views and triggers take
/// no parameters, so their values are literals), run on SQLite and PostgreSQL. Each failed
/// before its fix.
enum LiteralSafetyChecks {
  /// Text that would end a literal early, were a backslash an escape.
  static let backslashQuote = #"\') OR TRUE --"#
  /// Text a backslash escape would change: `\n` and `\t` are a newline and a tab in an escape
  /// string.
  static let windowsPath = #"C:\new\table"#

  /// A view's condition and its constants read back exactly what was written: the hostile text
  /// matches only itself, and every kind of value keeps its bytes or bits.
  static func viewLiteralsAreExact(_ db: some Database) throws {
    try LiteralSource.insert {
      LiteralSource(id: 1, name: "a")
      LiteralSource(id: 2, name: "b")
    }.execute(db)
    try LiteralView.createView(as: LiteralSource.where { $0.name == backslashQuote }.select { ($0.id, $0.name) }).execute(db)
    #expect(try LiteralView.all.fetchAll(db) == [])
    try LiteralSource.insert { LiteralSource(id: 3, name: backslashQuote) }.execute(db)
    #expect(try LiteralView.all.fetchAll(db) == [LiteralView(id: 3, name: backslashQuote)])

    let text = windowsPath + " it's " + backslashQuote + " \\\\x41 caf\u{E9}"
    let bytes: [UInt8] = [0x00, 0x5C, 0x27, 0x22, 0x78, 0x41, 0xFF]
    // -2.909531562920322e+34 written in decimal reads back one unit in the last place off on
    // SQLite 3.40. (Built from its bits: Swift reads a float literal through Float80 on x86, and
    // gets that neighbour too.)
    let misread = -6309040882866717 * 0x1p62
    for ratio in [-0.0, Double.leastNonzeroMagnitude, -Double.greatestFiniteMagnitude, 0.1, misread] {
      try LiteralConstants.createView(
        as: LiteralSource.where { $0.id == 1 }.select {
          ($0.id, SQLQueryExpression(value: text), SQLQueryExpression(value: ratio), SQLQueryExpression(value: bytes), SQLQueryExpression(value: Int.min))
        }
      ).execute(db)
      let row = try #require(try LiteralConstants.all.fetchOne(db))
      #expect(Array(row.text.utf8) == Array(text.utf8))
      #expect(row.ratio.bitPattern == ratio.bitPattern, "\(ratio) came back as \(row.ratio)")
      #expect(row.bytes == bytes)
      #expect(row.big == Int.min)
      try LiteralConstants.dropView().execute(db)
    }
  }

  /// A trigger's literals are written as they were given, and its body cannot be broken out of:
  /// the canary table keeps its rows.
  static func triggerLiteralsAreExact(_ db: some Database, fireFrom firing: (any Database)? = nil) throws {
    let hostile = #"\', NULL); DELETE FROM "canary"; RETURN NULL; END; --"# + windowsPath
    try LiteralSource.createTrigger("log_sources", after: .insert { new in
      LiteralLog.insert { ($0.id, $0.text, $0.ratio) } select: {
        selectValues(new.id, SQLQueryExpression(value: hostile), SQLQueryExpression(value: -0.0))
      }
    }).execute(db)
    let insert = LiteralSource.insert { LiteralSource(id: 7, name: "fires") }
    if let firing { try insert.execute(firing) } else { try insert.execute(db) }
    let log = try LiteralLog.all.fetchAll(db)
    #expect(log.map { Array($0.text.utf8) } == [Array(hostile.utf8)])
    // SQLite stores a whole REAL as an integer, which has no negative zero.
    #expect(log.map(\.ratio.sign) == [db.dialect.name.hasPrefix("SQLite") ? .plus : .minus])
    #expect(log.map(\.ratio) == [0])
    #expect(try Canary.count().fetchOne(db) == 2)
  }

  /// SQL texts that are canonically equivalent but spelled with other bytes are different
  /// statements: a cache keyed by `String ==` ran the first for the second.
  static func canonicallyEquivalentTextsAreDifferentStatements(_ db: some Database) throws {
    let precomposed = try #sql("SELECT 'caf\u{E9}'", as: String.self).fetchAll(db)
    let decomposed = try #sql("SELECT 'cafe\u{301}'", as: String.self).fetchAll(db)
    #expect(precomposed.map { Array($0.utf8) } == [Array("caf\u{E9}".utf8)])
    #expect(decomposed.map { Array($0.utf8) } == [Array("cafe\u{301}".utf8)])

    // Two tables with canonically equivalent names: each insert and read reaches its own.
    try PrecomposedCafe.insert { PrecomposedCafe(id: 1) }.execute(db)
    try DecomposedCafe.insert { DecomposedCafe(id: 2) }.execute(db)
    #expect(try PrecomposedCafe.all.fetchAll(db) == [PrecomposedCafe(id: 1)])
    #expect(try DecomposedCafe.all.fetchAll(db) == [DecomposedCafe(id: 2)])
    try DecomposedCafe.delete().execute(db)
    #expect(try PrecomposedCafe.count().fetchOne(db) == 1)

    // Two views whose literals are canonical twins each return their own bytes.
    try LiteralSource.insert { LiteralSource(id: 1, name: "a") }.execute(db)
    for name in ["caf\u{E9}", "cafe\u{301}"] {
      try LiteralView.createView(as: LiteralSource.select { ($0.id, SQLQueryExpression(value: name)) }).execute(db)
      #expect(try LiteralView.all.fetchAll(db).map { Array($0.name.utf8) } == [Array(name.utf8)])
      try LiteralView.dropView().execute(db)
    }

    // Dropping a trigger whose name is the canonical twin of another's drops nothing else.
    try LiteralSource.createTrigger("rt_tw\u{E9}", after: .delete { _ in Canary.delete() }).execute(db)
    try LiteralSource.createTrigger("rt_twe\u{301}", after: .delete { _ in Canary.delete() }).drop(ifExists: true).execute(db)
    try LiteralSource.createTrigger("rt_twe\u{301}", after: .delete { _ in Canary.delete() }).drop(ifExists: true).execute(db)
    try LiteralSource.delete().execute(db)
    #expect(try Canary.count().fetchOne(db) == 0, "the precomposed trigger still ran")
  }

  /// JSON edits at keys holding quotes, backslashes, dots, brackets or control characters write
  /// under exactly that key and read it back; SQLite, whose paths cannot name a key holding `"`,
  /// `\` or a control character, and MariaDB, whose paths cannot name one holding a control
  /// character, refuse those by name and leave the document unchanged.
  static func jsonKeysAreExactOrRefused(_ db: some Database) throws {
    let isPostgreSQL = db.dialect.name.hasPrefix("PostgreSQL")
    let isSQLite = db.dialect.name.hasPrefix("SQLite")
    try JSONDoc.insert { JSONDoc(id: 1, doc: ["plain": "x"]) }.execute(db)
    let keys = [#"say "hi""#, #"back\slash"#, "tab\there", "dot.key", "[0]", "caf\u{E9}", "cafe\u{301}", "", "$"]
    for key in keys {
      let value = "value of " + key
      // SQLite's paths cannot name a key with a quote, a backslash or a control character;
      // MariaDB's, one with a control character.
      let refusedHere = key.unicodeScalars.contains { scalar in
        scalar.value < 0x20 ? !isPostgreSQL : isSQLite && (scalar == "\"" || scalar == "\\")
      }
      do {
        try JSONDoc.find(1).update { $0.doc = $0.doc.jsonSet([.key(key)], value) }.execute(db)
        #expect(!refusedHere, "SQLite wrote the key \(key.debugDescription)")
        let read: String? = try JSONDoc.find(1).select { $0.doc.jsonText(at: [.key(key)]) }.fetchOne(db) ?? nil
        #expect(read.map { Array($0.utf8) } == Array(value.utf8), "key \(key.debugDescription)")
      } catch let error as DialectError {
        #expect(refusedHere, "\(error)")
        #expect("\(error)".contains("JSON path key"))
      }
    }
    let stored: String? = try JSONDoc.find(1).select { $0.doc.jsonText(at: ["plain"]) }.fetchOne(db) ?? nil
    #expect(stored == "x")
  }
}
