import Foundation
import Testing
import TypedSQL

/// Round trips and filters for every value representation, run on both databases.
enum ValueChecks {
  /// Dates with fractional seconds, before 1970, far in the future.
  static let dates = [
    Date(timeIntervalSince1970: 1_700_000_000.123),
    Date(timeIntervalSince1970: -2_147_483_647.75),  // 1901-12-13 20:45:52.250
    Date(timeIntervalSince1970: 253_402_300_799.999),  // 9999-12-31 23:59:59.999
  ]

  /// The same instant to the millisecond.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  static func dateRoundTrips(_ db: some Database) throws {
    let events = dates.enumerated().map { index, date in
      Event(id: index + 1, at: date, isoAt: date, unixAt: date, julianAt: date, optionalAt: index == 0 ? nil : date)
    }
    try Event.insert { events }.execute(db)
    let read = try Event.order { $0.id }.fetchAll(db)
    #expect(read.count == 3)
    for (written, back) in zip(events, read) {
      #expect(milliseconds(back.at) == milliseconds(written.at))
      #expect(milliseconds(back.isoAt) == milliseconds(written.isoAt))
      #expect(milliseconds(back.julianAt) == milliseconds(written.julianAt))
      #expect(back.optionalAt.map(milliseconds) == written.optionalAt.map(milliseconds))
      // Whole seconds by definition: the integer form drops the fraction (rounding down).
      #expect(back.unixAt.timeIntervalSince1970 == written.unixAt.timeIntervalSince1970.rounded(.down))
    }
  }

  /// A value with no stored form (a date past year 9999) fails its row with a clear error and
  /// inserts nothing, also where the driver binds a row's values as the row encodes them (a
  /// prepared insert's later rows on SQLite). The rows around it go in.
  static func unbindableValuesFailTheirRowAlone(_ db: some Database) throws {
    let date = dates[0]
    let tooLate = Date(timeIntervalSince1970: 253_402_300_800)  // 10000-01-01
    func event(_ id: Int, optionalAt: Date?) -> Event {
      Event(id: id, at: date, isoAt: date, unixAt: date, julianAt: date, optionalAt: optionalAt)
    }
    let insert = db.prepareInsert(into: Event.self)
    try insert.execute(event(1, optionalAt: nil))
    let error = #expect(throws: QueryBindingError.self) { try insert.execute(event(2, optionalAt: tooLate)) }
    #expect(error?.message.contains("outside years 0001–9999") == true)
    try insert.execute(event(3, optionalAt: date))
    #expect(throws: QueryBindingError.self) { try Event.insert { event(4, optionalAt: tooLate) }.execute(db) }
    #expect(try Event.order { $0.id }.fetchAll(db).map(\.id) == [1, 3])
  }

  static func dateFilters(_ db: some Database) throws {
    try Event.insert {
      dates.enumerated().map { index, date in
        Event(id: index + 1, at: date, isoAt: date, unixAt: date, julianAt: date, optionalAt: nil)
      }
    }.execute(db)
    let pivot = Date(timeIntervalSince1970: 0)
    let later = dates[0]
    #expect(try Event.where { $0.at > pivot }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 3])
    #expect(try Event.where { $0.at == later }.select { $0.id }.fetchAll(db) == [1])
    #expect(try Event.where { $0.isoAt < #bind(pivot) }.select { $0.id }.fetchAll(db) == [2])
    #expect(try Event.where { $0.isoAt == #bind(later) }.select { $0.id }.fetchAll(db) == [1])
    #expect(try Event.where { $0.unixAt >= #bind(later) }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 3])
    #expect(try Event.where { $0.julianAt == #bind(later) }.select { $0.id }.fetchAll(db) == [1])
    #expect(try Event.where { $0.julianAt < #bind(pivot) }.select { $0.id }.fetchAll(db) == [2])
    #expect(try Event.where { $0.optionalAt == nil }.count().fetchOne(db) == 3)
  }

  static let uuids = [
    UUID(uuidString: "536D0033-65A0-4142-8C21-99B6B891C4E8")!,
    UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
    UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
  ]

  static func uuidRoundTripsAndFilters(_ db: some Database) throws {
    let tokens = uuids.enumerated().map { index, uuid in
      Token(id: index + 1, uuid: uuid, upper: uuid, bytes: uuid, optionalUUID: index == 1 ? nil : uuid)
    }
    try Token.insert { tokens }.execute(db)
    #expect(try Token.order { $0.id }.fetchAll(db) == tokens)
    for (index, uuid) in uuids.enumerated() {
      #expect(try Token.where { $0.uuid == uuid }.select { $0.id }.fetchAll(db) == [index + 1])
      #expect(try Token.where { $0.upper == #bind(uuid) }.select { $0.id }.fetchAll(db) == [index + 1])
      #expect(try Token.where { $0.bytes == #bind(uuid) }.select { $0.id }.fetchAll(db) == [index + 1])
    }
    #expect(try Token.where { $0.optionalUUID == nil }.select { $0.id }.fetchAll(db) == [2])
    #expect(try Token.where { $0.uuid.in(uuids.prefix(2)) }.count().fetchOne(db) == 2)
  }

  static func jsonRoundTrips(_ db: some Database) throws {
    let documents = [
      Document(id: 1, notes: ["Milk", "Eggs", "Bananas"], metadata: Metadata(label: "日本語 🎉", tags: [], score: 0.5), optionalNumbers: [1, 2]),
      Document(id: 2, notes: [], metadata: Metadata(label: "quote \" and \\ slash /", tags: ["a"], score: nil), optionalNumbers: nil),
    ]
    try Document.insert { documents }.execute(db)
    #expect(try Document.order { $0.id }.fetchAll(db) == documents)
    let notes = ["Milk", "Eggs", "Bananas"]
    #expect(try Document.where { $0.notes == #bind(notes) }.select { $0.id }.fetchAll(db) == [1])
    #expect(try Document.where { $0.optionalNumbers == nil }.select { $0.id }.fetchAll(db) == [2])
  }

  static func jsonFunctions(_ db: some Database) throws {
    try Document.insert {
      Document(id: 1, notes: ["Milk", "Eggs"], metadata: Metadata(label: "a.b", tags: ["x", "y"], score: 2.5), optionalNumbers: [3])
      Document(id: 2, notes: [], metadata: Metadata(label: "plain", tags: [], score: nil), optionalNumbers: nil)
    }.execute(db)
    let labels = try Document.order { $0.id }.select { $0.metadata.jsonText(at: ["label"]) }.fetchAll(db)
    #expect(labels == ["a.b", "plain"])
    let firstTags = try Document.order { $0.id }.select { $0.metadata.jsonText(at: ["tags", 0]) }.fetchAll(db)
    #expect(firstTags == ["x", nil])
    let scores = try Document.order { $0.id }.select { $0.metadata.jsonText(at: ["score"]) }.fetchAll(db)
    #expect(scores.map { $0.flatMap(Double.init) } == [2.5, nil])
    let tags = try Document.order { $0.id }.select { $0.metadata.json(at: ["tags"], as: [String].self) }.fetchAll(db)
    #expect(tags.map { $0?.queryOutput } == [["x", "y"], []])
    let counts = try Document.order { $0.id }.select { ($0.notes.jsonArrayLength(), $0.optionalNumbers.jsonArrayLength()) }.fetchAll(db)
    #expect(counts.map(\.0) == [2, 0])
    #expect(counts.map(\.1) == [1, nil])
    // Of a value that is not an array, 0 on both databases (PostgreSQL's own function fails);
    // at a path, the array there's, and NULL where the path is missing.
    let lengths = try Document.order { $0.id }.select {
      ($0.metadata.jsonArrayLength(), $0.metadata.jsonArrayLength(at: ["tags"]), $0.metadata.jsonArrayLength(at: ["label"]),
       $0.metadata.jsonArrayLength(at: ["missing"]))
    }.fetchAll(db)
    #expect(lengths.map { [$0.0, $0.1, $0.2, $0.3] } == [[0, 2, 0, nil], [0, 0, 0, nil]])
    let grouped = try Document.select { $0.id.jsonGroupArray() }.fetchOne(db)
    #expect(grouped?.queryOutput.sorted() == [1, 2])
    let none = try Document.where { $0.id > 9 }.select { $0.id.jsonGroupArray() }.fetchOne(db)
    #expect(none?.queryOutput == [])
    // JSON compares by meaning: the spelling with spaces finds the row too.
    try db.execute(#"INSERT INTO "documents" VALUES (3, '[ "Milk" ,  "Eggs" ]', '{"label": "c", "tags": []}', NULL)"#)
    let notes = ["Milk", "Eggs"]
    #expect(try Document.where { $0.notes == #bind(notes) }.order { $0.id }.select { $0.id }.fetchAll(db) == [1, 3])
  }

  static func rawValuesRoundTripAndFilter(_ db: some Database) throws {
    let chores = [Chore(id: 1, status: .open, level: .high), Chore(id: 2, status: .done, level: nil)]
    try Chore.insert { chores }.execute(db)
    #expect(try Chore.order { $0.id }.fetchAll(db) == chores)
    #expect(try Chore.where { $0.status == .done }.select { $0.id }.fetchAll(db) == [2])
    #expect(try Chore.where { $0.level == .high }.select { $0.id }.fetchAll(db) == [1])
    try Chore.where { $0.id == 2 }.update { $0.level = .medium; $0.status = .open }.execute(db)
    #expect(try Chore.find(2).fetchOne(db) == Chore(id: 2, status: .open, level: .medium))

    // A raw-value type stored through its raw value without conforming to QueryBindable.
    let days = [Day(id: 1, mood: .calm, lastMood: nil), Day(id: 2, mood: .busy, lastMood: .calm)]
    try Day.insert { days }.execute(db)
    #expect(try Day.order { $0.id }.fetchAll(db) == days)
    #expect(try Day.where { $0.mood == #bind(Mood.busy) }.select { $0.id }.fetchAll(db) == [2])
    try Day.find(1).update { $0.lastMood = #bind(Mood.busy) }.execute(db)
    #expect(try Day.find(1).fetchOne(db)?.lastMood == .busy)
    try db.execute(#"UPDATE "days" SET "mood" = 'asleep' WHERE "id" = 2"#)
    let unknown = #expect(throws: QueryDecodingError.self) { try Day.find(2).fetchAll(db) }
    #expect(unknown?.tableName == "days" && unknown?.columnName == "mood")
  }

  /// Stored data that does not decode: an error names the table, column, stored value and type.
  static func undecodableValuesAreNamedErrors(_ db: some Database, insert malformedRows: String) throws {
    try db.execute(malformedRows)
    let badUUID = #expect(throws: QueryDecodingError.self) { try Token.find(10).fetchAll(db) }
    #expect(badUUID?.tableName == "tokens")
    #expect(badUUID?.columnName == "upper")
    #expect(badUUID?.expectedType == "UUID")
    #expect(badUUID?.storedValue.contains("not-a-uuid") == true)

    let badDate = #expect(throws: QueryDecodingError.self) { try Event.find(10).fetchAll(db) }
    #expect(badDate?.tableName == "events")
    #expect(badDate?.columnName == "isoAt")
    #expect(badDate?.expectedType == "Date")
    #expect(badDate?.storedValue.contains("yesterday") == true)

    let badJSON = #expect(throws: QueryDecodingError.self) { try Document.find(10).fetchAll(db) }
    #expect(badJSON?.tableName == "documents")
    #expect(badJSON?.columnName == "metadata")
    #expect(badJSON?.expectedType == "Metadata")
    #expect(badJSON?.storedValue.contains("not an object") == true)

    let badEnum = #expect(throws: QueryDecodingError.self) { try Chore.find(10).fetchAll(db) }
    #expect(badEnum?.tableName == "chores")
    #expect(badEnum?.columnName == "status")
    #expect(badEnum?.expectedType == "Status")
    #expect(badEnum?.storedValue.contains("archived") == true)
  }

  /// A row type that asks for more columns than the statement returns fails, naming the first
  /// one missing, whether that column is optional or not: a missing column is not `NULL`.
  static func missingColumnsAreErrors(_ db: some Database) throws {
    let oneColumn = RenderedSQL(sql: "SELECT 1")
    let optional = #expect(throws: QueryDecodingError.self) {
      try db.fetchAll(oneColumn, as: TupleRow<Int, String?>.self)
    }
    let required = #expect(throws: QueryDecodingError.self) {
      try db.fetchOne(oneColumn, as: TupleRow<Int, Int>.self)
    }
    let optionalRow = #expect(throws: QueryDecodingError.self) {
      try db.fetchAll(oneColumn, as: TupleRow<Int, Event?>.self)
    }
    for error in [optional, required, optionalRow] {
      #expect(error?.columnIndex == 1)
      #expect(error?.storedValue == "nothing: the row has only 1 columns")
    }
    #expect(try db.fetchAll(oneColumn, as: Int?.self) == [1])
  }

  /// `Int8` to `Int32`, `UInt`, `UInt64` and `Float` columns at their edges; an unsigned value
  /// past `Int64.max` fails to bind by name, and a stored value too wide for its type fails to
  /// decode, never wrapping.
  static func narrowAndUnsignedIntegers(_ db: some Database) throws {
    let edges = Gauge(id: 1, tiny: .min, small: .max, medium: .min, unsigned: UInt(Int64.max), wide: UInt64(Int64.max), ratio: 0.5)
    try Gauge.insert { edges; Gauge(id: 2, tiny: 1, small: 2, medium: 3, unsigned: 4, wide: 5, ratio: -1.25) }.execute(db)
    #expect(try Gauge.order { $0.id }.fetchAll(db) == [edges, Gauge(id: 2, tiny: 1, small: 2, medium: 3, unsigned: 4, wide: 5, ratio: -1.25)])
    #expect(try Gauge.where { $0.wide > 4 && $0.unsigned.eq(#bind(4)) }.select { $0.id }.fetchAll(db) == [2])
    let tooWide = Gauge(id: 3, tiny: 0, small: 0, medium: 0, unsigned: 0, wide: .max, ratio: 0)
    #expect {
      try Gauge.insert { tooWide }.execute(db)
    } throws: { error in
      "\(error)".contains("past Int64.max")
    }
    try Gauge.where { $0.id == 2 }.update { $0.medium = -1 }.execute(db)
    #expect(throws: QueryDecodingError.self) { try Gauge.find(2).select { SQLQueryExpression<UInt>(node: $0.medium.node) }.fetchAll(db) }
    #expect(try Gauge.count().fetchOne(db) == 2)
  }

  /// Every representation through `execute(contentsOf:)`: PostgreSQL's copy writes each value in
  /// its text format, escaping what that format reads specially (tabs, newlines, backslashes,
  /// `\N`); SQLite binds batches.
  static func bulkLoadsEveryValue(_ db: some Database) throws {
    let hostile = ["tab\there", "line\nbreak\r\n", "back\\slash", "\\N", "\\.", "quote \" '", "日本語 🎉 e\u{301}", ""]
    let events = (1...300).map { index in
      let date = dates[index % dates.count]
      return Event(id: index, at: date, isoAt: date, unixAt: date, julianAt: date, optionalAt: index % 2 == 0 ? nil : date)
    }
    try db.prepareInsert(into: Event.self).execute(contentsOf: events)
    let readEvents = try Event.order { $0.id }.fetchAll(db)
    #expect(readEvents.map(\.id) == events.map(\.id))
    #expect(readEvents.map { milliseconds($0.at) } == events.map { milliseconds($0.at) })
    #expect(readEvents.map { $0.optionalAt.map(milliseconds) } == events.map { $0.optionalAt.map(milliseconds) })

    let tokens = (1...300).map { index in
      let uuid = uuids[index % uuids.count]
      return Token(id: index, uuid: uuid, upper: uuid, bytes: uuid, optionalUUID: index % 3 == 0 ? nil : uuid)
    }
    try db.prepareInsert(into: Token.self).execute(contentsOf: tokens)
    #expect(try Token.order { $0.id }.fetchAll(db) == tokens)

    let documents = (1...300).map { index in
      Document(
        id: index, notes: hostile, metadata: Metadata(label: hostile[index % hostile.count], tags: hostile, score: 0.25),
        optionalNumbers: index % 2 == 0 ? nil : [index, -index])
    }
    try db.prepareInsert(into: Document.self).execute(contentsOf: documents)
    #expect(try Document.order { $0.id }.fetchAll(db) == documents)

    let chores = (1...300).map { Chore(id: $0, status: $0 % 2 == 0 ? .open : .done, level: $0 % 3 == 0 ? nil : .high) }
    try db.prepareInsert(into: Chore.self).execute(contentsOf: chores)
    #expect(try Chore.order { $0.id }.fetchAll(db) == chores)

    let gauges = (1...300).map { index in
      Gauge(id: index, tiny: .min, small: .max, medium: Int32(index), unsigned: UInt(Int64.max), wide: UInt64(index), ratio: -1.25)
    }
    try db.prepareInsert(into: Gauge.self).execute(contentsOf: gauges)
    #expect(try Gauge.order { $0.id }.fetchAll(db) == gauges)
  }
}
