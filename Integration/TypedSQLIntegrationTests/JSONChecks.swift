import Foundation
import Testing
import TypedSQL

/// JSON documents built from rows, run against SQLite and PostgreSQL alike.
enum JSONChecks {
  /// Two shelves with items and one without; the items hold a value of every kind, including
  /// the edges of each (text with quotes and emoji, bytes that are empty, a 64-bit integer, a
  /// date before 1970).
  static func insertShelvesAndItems(_ db: some Database) throws {
    try Shelf.insert {
      Shelf(id: 1, name: "Kitchen")
      Shelf(id: 2, name: "Garage")
      Shelf(id: 3, name: "Empty")
    }.execute(db)
    let token = UUID(uuidString: "0A8F3C1E-1D2B-4E5F-9A7B-6C5D4E3F2A1B")!
    try Item.insert {
      Item(
        id: 1, shelfID: 1, title: #"Say "cheese" 🧀, \ not /"#, isDone: true,
        addedAt: Date(timeIntervalSince1970: 1_700_000_000.123), token: token, rawToken: token,
        seenAt: Date(timeIntervalSince1970: 1_700_000_100), dueAt: Date(timeIntervalSince1970: 1_700_086_400.5),
        digest: [0x00, 0xFF, 0x7F], labels: ["a", "b \"c\""], score: 2.5, count: Int.max,
        size: Size(width: 1.25, height: nil))
      Item(
        id: 2, shelfID: 1, title: "", isDone: false, addedAt: Date(timeIntervalSince1970: -86_400.5),
        token: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, rawToken: token,
        seenAt: Date(timeIntervalSince1970: -1), dueAt: Date(timeIntervalSince1970: -259_201.499), digest: [],
        labels: [], score: nil, count: -1,
        size: Size(width: 0, height: 3))
      Item(
        id: 3, shelfID: 2, title: "Drill", isDone: false, addedAt: Date(timeIntervalSince1970: 0),
        token: token, rawToken: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, seenAt: nil,
        dueAt: Date(timeIntervalSince1970: 86_400), digest: [1], labels: ["tool"], score: -0.125, count: 0,
        size: Size(width: 10, height: 20))
    }.execute(db)
  }

  /// Each shelf with its items, one query, decoded whole: the JSON reads back exactly as the
  /// rows themselves do, and a shelf without items has `[]`.
  static func eachShelfWithItsItems(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    let shelves = try Shelf.leftJoin(Item.all) { $0.id == $1.shelfID }
      .group { shelf, _ in shelf.id }
      .order { shelf, _ in shelf.id }
      .select { ($0, $1.jsonGroupArray()) }
      .fetchAll(db)
    let items = try Item.order { $0.id }.fetchAll(db)
    let allShelves = try Shelf.order { $0.id }.fetchAll(db)
    #expect(shelves.map(\.0) == allShelves)
    #expect(shelves.map { $0.1.sorted { $0.id < $1.id } } == [
      items.filter { $0.shelfID == 1 }, items.filter { $0.shelfID == 2 }, [],
    ])
    // A filter narrows the array; the shelf without a match still has [].
    let done = try Shelf.leftJoin(Item.all) { $0.id == $1.shelfID }
      .group { shelf, _ in shelf.id }
      .order { shelf, _ in shelf.id }
      .select { $1.jsonGroupArray(filter: $1.isDone) }
      .fetchAll(db)
    #expect(done == [[items[0]], [], []])
  }

  /// A date inside a JSON document is ISO-8601 text, as a date column holds it and as
  /// StructuredQueries stores it; a number, `Codable`'s default form, still reads.
  static func datesInDocuments(_ db: some Database) throws {
    let date = Date(timeIntervalSince1970: 1_234_567_890.25)
    try Stamp.insert { Stamp(id: 1, dates: [date]) }.execute(db)
    let stored = try Stamp.find(1).select { $0.dates.jsonText(at: [0]) }.fetchOne(db)
    #expect(stored == "2009-02-13 23:31:30.250")
    // Written by StructuredQueries, and by a JSON encoder's default date form.
    try db.execute(RenderedSQL(sql: #"INSERT INTO "stamps" VALUES (2, '["2040-02-14 23:31:30.000"]'), (3, '[256000000.5]')"#))
    #expect(try Stamp.order { $0.id }.fetchAll(db).map(\.dates) == [
      [date], [Date(timeIntervalSinceReferenceDate: 1_234_567_890)], [Date(timeIntervalSinceReferenceDate: 256_000_000.5)],
    ])
    // Outside years 0001–9999 there is no ISO-8601 text: the insert fails, nothing is stored.
    #expect(throws: (any Error).self) {
      try Stamp.insert { Stamp(id: 4, dates: [Date(timeIntervalSince1970: 300_000_000_000)]) }.execute(db)
    }
    #expect(try Stamp.count().fetchOne(db) == 3)
  }

  /// A group's rows built in SQL fill a `@Selection` field declared
  /// `[Note].JSONRepresentation`, as StructuredQueries' users write it, and decode through
  /// `Codable` as the rows themselves read (dates of every representation, before 1970 too, UUIDs
  /// as text and as bytes, Booleans, nested JSON, `NULL`); one row's object is the row's
  /// `JSONRepresentation`.
  static func rowsIntoJSONRepresentation(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    let token = UUID(uuidString: "0A8F3C1E-1D2B-4E5F-9A7B-6C5D4E3F2A1B")!
    try Note.insert {
      Note(
        id: 1, shelfID: 1, title: #"Say "cheese" 🧀"#, isPinned: true, writtenAt: Date(timeIntervalSince1970: 1_700_000_000.123),
        token: token, rawToken: token, seenAt: Date(timeIntervalSince1970: 1_700_000_100),
        dueAt: Date(timeIntervalSince1970: 1_700_086_400.5), tags: ["a", "b"], score: 2.5)
      Note(
        id: 2, shelfID: 1, writtenAt: Date(timeIntervalSince1970: -86_400.5), token: token,
        rawToken: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, seenAt: Date(timeIntervalSince1970: -1),
        dueAt: Date(timeIntervalSince1970: -259_201.499), score: nil)
      Note(
        id: 3, shelfID: 2, writtenAt: Date(timeIntervalSince1970: 0), token: token, rawToken: token, seenAt: nil,
        dueAt: Date(timeIntervalSince1970: 0))
    }.execute(db)
    let shelves = try Shelf.group(by: \.id)
      .leftJoin(Note.all) { $0.id.eq($1.shelfID) }
      .order { shelf, _ in shelf.id }
      .select { ShelfWithNotes.Columns(shelf: $0, notes: $1.jsonGroupArray()) }
      .fetchAll(db)
    let notes = try Note.order { $0.id }.fetchAll(db)
    // No order is asked for inside the array (SQLite 3.40 has none): compared in id order.
    #expect(shelves.map { ShelfWithNotes(shelf: $0.shelf, notes: $0.notes.sorted { $0.id < $1.id }) } == [
      ShelfWithNotes(shelf: Shelf(id: 1, name: "Kitchen"), notes: [notes[0], notes[1]]),
      ShelfWithNotes(shelf: Shelf(id: 2, name: "Garage"), notes: [notes[2]]),
      ShelfWithNotes(shelf: Shelf(id: 3, name: "Empty"), notes: []),
    ])
    // Selected on its own, the same expression decodes by the row's decoder.
    let lists = try Shelf.group(by: \.id)
      .leftJoin(Note.all) { $0.id.eq($1.shelfID) }
      .order { shelf, _ in shelf.id }
      .select { ($0.id, $1.jsonGroupArray()) }
      .fetchAll(db)
    #expect(lists.map { $0.1.sorted { $0.id < $1.id } } == [[notes[0], notes[1]], [notes[2]], []])
    // An expression of `[Note].JSONRepresentation`, which the JSON functions take.
    let counts = try Shelf.group(by: \.id)
      .leftJoin(Note.all) { $0.id.eq($1.shelfID) }
      .order { shelf, _ in shelf.id }
      .select { SQLQueryExpression($1.jsonGroupArray()).jsonArrayLength() }
      .fetchAll(db)
    #expect(counts == [2, 1, 0])
    let objects = try Note.order { $0.id }.select { SQLQueryExpression($0.jsonObject()) }.fetchAll(db)
    #expect(objects.map(\.queryOutput) == notes)
    // Bytes are hexadecimal text in the row's JSON and an array of numbers in `Codable`'s (and a
    // column group is flattened in one, nested in the other): the field fails to decode, naming
    // the member, where the rows selected on their own decode.
    let error = #expect(throws: QueryDecodingError.self) {
      try Shelf.group(by: \.id)
        .leftJoin(Item.all) { $0.id.eq($1.shelfID) }
        .select { ShelfWithItems.Columns(shelf: $0, items: $1.jsonGroupArray()) }
        .fetchAll(db)
    }
    #expect(error?.description.contains("does not decode: DecodingError.typeMismatch") == true)
    #expect(error?.description.contains("Path: [0].digest.") == true)
  }

  /// A `Codable` table's renamed columns are its `CodingKeys`: its rows built as JSON decode
  /// through `Codable` with every member (a renamed optional column is read, not left `nil`), and
  /// `Codable` writes the column names.
  static func renamedColumnsAsCodingKeys(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    try Sticker.insert {
      Sticker(id: 1, shelfID: 1, text: "fragile", placedAt: Date(timeIntervalSince1970: 1_700_000_000))
      Sticker(id: 2, shelfID: 1, text: "", placedAt: nil)
      Sticker(id: 3, shelfID: 2, text: "heavy", placedAt: Date(timeIntervalSince1970: -86_400))
    }.execute(db)
    let shelves = try Shelf.group(by: \.id)
      .leftJoin(Sticker.all) { $0.id.eq($1.shelfID) }
      .order { shelf, _ in shelf.id }
      .select { ShelfWithStickers.Columns(shelf: $0, stickers: $1.jsonGroupArray()) }
      .fetchAll(db)
    let stickers = try Sticker.order { $0.id }.fetchAll(db)
    #expect(shelves.map { $0.stickers.sorted { $0.id < $1.id } } == [[stickers[0], stickers[1]], [stickers[2]], []])
    let encoded = String(decoding: try JSONEncoder().encode(stickers[0]), as: UTF8.self)
    #expect(encoded.contains(#""sticker_text":"fragile""#))
    #expect(encoded.contains(#""placed_at":"#))
  }

  /// A row as one JSON object decodes as the row; a group of columns as one object decodes as
  /// the group.
  static func rowsAsObjects(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    let items = try Item.order { $0.id }.fetchAll(db)
    #expect(try Item.order { $0.id }.select { $0.jsonObject() }.fetchAll(db) == items)
    #expect(try Item.order { $0.id }.select { $0.size.jsonObject() }.fetchAll(db) == items.map(\.size))
    let sizes = try Item.where { $0.shelfID == 1 }.select { $0.size.jsonGroupArray() }.fetchOne(db)
    #expect(sizes?.sorted { $0.width < $1.width } == [items[1].size, items[0].size])
  }

  /// A row wider than one call of the JSON object function is built in parts and reads back
  /// whole, `NULL`s in every part included.
  static func wideRows(_ db: some Database) throws {
    var full = WideRow(id: 1)
    var sparse = WideRow(id: 2)
    for (index, column) in WideRow.valueColumns.enumerated() {
      full[keyPath: column] = index * 1000
      sparse[keyPath: column] = index.isMultiple(of: 3) ? -index : nil
    }
    try WideRow.insert { full; sparse }.execute(db)
    #expect(try WideRow.order { $0.id }.select { $0.jsonObject() }.fetchAll(db) == [full, sparse])
  }

  /// Each JSON edit, in updates and in selects, leaves the same document on both databases,
  /// at the edges too: a missing parent, an index past the end, a path into a scalar, a `NULL`
  /// document.
  /// Typed key paths read and edit the same places as the untyped paths they spell.
  static func typedPaths(_ db: some Database) throws {
    let settings = Settings(theme: "light", sizes: [1, 2], flags: ["beta": true], enabled: nil, owner: "Ann")
    try Preference.insert {
      Preference(id: 1, name: "one", settings: settings, backup: nil, scores: ["a": 7], grid: [["x", "y"], ["z"]])
    }.execute(db)
    let read = try Preference.find(1).select {
      (
        $0.settings.jsonText(at: \.theme), $0.settings.jsonText(at: \.sizes[1]), $0.settings.jsonText(at: \.owner),
        $0.scores.jsonText(at: \.["a"]), $0.grid.jsonText(at: \.[0][1]), $0.settings.jsonText(at: \.sizes[5])
      )
    }.fetchOne(db)
    #expect(read?.0 == "light")
    #expect(read?.1 == "2")
    #expect(read?.2 == "Ann")
    #expect(read?.3 == "7")
    #expect(read?.4 == "y")
    #expect(read?.5 == nil)
    // A negative index counts from the end on both databases: the last element, the one before it,
    // and nothing before the first.
    let fromTheEnd = try Preference.find(1).select {
      ($0.settings.jsonText(at: \.sizes[-1]), $0.grid.jsonText(at: \.[-2][-1]), $0.settings.jsonText(at: \.sizes[-3]))
    }.fetchOne(db)
    #expect(fromTheEnd?.0 == "2")
    #expect(fromTheEnd?.1 == "y")
    #expect(fromTheEnd?.2 == nil)
    // A JSON column's documents aggregate as documents, not as their text; a NULL one as null.
    let documents = try Preference.select { ($0.settings.jsonGroupArray(), $0.backup.jsonGroupArray()) }.fetchOne(db)
    #expect(documents?.0.queryOutput == [settings])
    #expect(documents?.1.queryOutput == [nil])
    let sizes = try Preference.find(1).select { $0.settings.json(at: \.sizes) }.fetchOne(db)
    #expect(sizes??.queryOutput == [1, 2])
    #expect(try Preference.where { $0.settings.jsonText(at: \.theme) == "light" }.count().fetchOne(db) == 1)

    try Preference.find(1).update {
      $0.settings = $0.settings.jsonSet(\.theme, "dark").jsonReplace(\.sizes[0], 10).jsonAppend(3, at: \.sizes)
        .jsonRemove(\.owner).jsonInsert(\.enabled, true)
    }.execute(db)
    let edited = try Preference.find(1).fetchOne(db)?.settings
    #expect(edited == Settings(theme: "dark", sizes: [10, 2, 3], flags: ["beta": true], enabled: true, owner: nil))
  }

  /// An enum stored as JSON, at a document's root and inside one: typed paths read a case's
  /// value (nothing where the enum holds another case), and setting, inserting and removing a
  /// case change which case the enum holds, keeping it an object of one member.
  static func enumCases(_ db: some Database) throws {
    try Sketch.insert {
      Sketch(id: 1, shape: .circle(2), drawing: Drawing(title: "one", shape: .label("x")))
      Sketch(id: 2, shape: .rectangle(Size(width: 1, height: 2)), drawing: Drawing(title: "two", shape: nil))
    }.execute(db)
    func sketches() throws -> [Sketch] { try Sketch.order(by: \.id).fetchAll(db) }

    let read = try Sketch.order(by: \.id).select {
      ($0.shape.jsonExtract(\.circle), $0.shape.jsonExtract(\.rectangle.width), $0.drawing.jsonExtract(\.shape.label))
    }.fetchAll(db)
    #expect(read.map(\.0) == [2, nil])
    #expect(read.map(\.1) == [nil, 1])
    #expect(read.map(\.2) == ["x", nil])
    let rectangles = try Sketch.select { $0.shape.jsonExtract(\.rectangle) }.fetchAll(db)
    #expect(rectangles.map { $0?.queryOutput } == [nil, Size(width: 1, height: 2)])

    // Setting a case replaces the enum's value, whichever case it held; inside a document, it also
    // adds the enum where it is absent.
    try Sketch.find(1).update { $0.shape = $0.shape.jsonSet(\.label, "L") }.execute(db)
    try Sketch.update { $0.drawing = $0.drawing.jsonSet(\.shape.circle, 5) }.execute(db)
    var expected = [
      Sketch(id: 1, shape: .label("L"), drawing: Drawing(title: "one", shape: .circle(5))),
      Sketch(id: 2, shape: .rectangle(Size(width: 1, height: 2)), drawing: Drawing(title: "two", shape: .circle(5))),
    ]
    #expect(try sketches() == expected)

    // Replacing a case's value changes only an enum holding that case.
    try Sketch.update { $0.shape = $0.shape.jsonReplace(\.rectangle.width, 7) }.execute(db)
    expected[1].shape = .rectangle(Size(width: 7, height: 2))
    #expect(try sketches() == expected)

    // Removing a case removes the enum only where it holds that case; inserting one adds the enum
    // only where it is absent.
    try Sketch.find(1).update { $0.drawing = $0.drawing.jsonRemove(\.shape.label) }.execute(db)
    #expect(try sketches() == expected)
    try Sketch.find(1).update { $0.drawing = $0.drawing.jsonRemove(\.shape.circle) }.execute(db)
    expected[0].drawing.shape = nil
    #expect(try sketches() == expected)
    try Sketch.update { $0.drawing = $0.drawing.jsonInsert(\.shape.label, "new") }.execute(db)
    expected[0].drawing.shape = .label("new")
    #expect(try sketches() == expected)

    // A case's value from a column's.
    try Sketch.find(2).update { $0.shape = $0.shape.jsonSet(\.label, $0.drawing.jsonExtract(\.title)) }.execute(db)
    expected[1].shape = .label("two")
    #expect(try sketches() == expected)
  }

  static func editsOfDocuments(_ db: some Database) throws {
    let start = Settings(theme: "light", sizes: [1, 2], flags: nil, enabled: nil, owner: nil)
    try Preference.insert {
      Preference(id: 1, name: "Ann \"A\"", isOn: true, settings: start, backup: nil, scores: [:], grid: [])
    }.execute(db)
    func settings() throws -> Settings? { try Preference.find(1).select { $0.settings }.fetchOne(db)?.queryOutput }
    func edit(_ change: (SQLQueryExpression<Settings.JSONRepresentation>) -> SQLQueryExpression<Settings.JSONRepresentation>) throws {
      try Preference.find(1).update { $0.settings = change($0.settings) }.execute(db)
    }
    var expected = start

    try edit { $0.jsonSet(["theme"], "dark") }
    expected.theme = "dark"
    #expect(try settings() == expected)
    try edit { $0.jsonSet(["flags", "beta"], true) }  // no "flags" object to hold it
    #expect(try settings() == expected)
    try edit { $0.jsonSet(["flags"], ["beta": true]) }
    expected.flags = ["beta": true]
    #expect(try settings() == expected)
    try edit { $0.jsonSet(["flags", "gamma"], false) }
    expected.flags?["gamma"] = false
    #expect(try settings() == expected)
    try edit { $0.jsonSet(["sizes", 2], 3) }  // an index at the end appends
    try edit { $0.jsonSet(["sizes", 9], 9) }  // one past it does nothing
    try edit { $0.jsonSet(["theme", 0], 9) }  // nor does an index into a string
    try edit { $0.jsonSet(["sizes", 0], 10) }
    expected.sizes = [10, 2, 3]
    #expect(try settings() == expected)

    try edit { $0.jsonInsert(["theme"], "ignored") }
    try edit { $0.jsonInsert(["owner"], "me") }
    expected.owner = "me"
    #expect(try settings() == expected)
    try edit { $0.jsonReplace(["enabled"], true) }  // nothing there: nothing replaced
    try edit { $0.jsonReplace(["owner"], "you") }
    expected.owner = "you"
    #expect(try settings() == expected)

    try edit { $0.jsonRemove(["sizes", 1]) }
    try edit { $0.jsonRemove(["flags", "beta"]) }
    try edit { $0.jsonRemove(["missing"]) }
    try edit { $0.jsonRemove(["theme", "deeper"]) }
    expected.sizes = [10, 3]
    expected.flags = ["gamma": false]
    #expect(try settings() == expected)

    try edit { $0.jsonAppend(4, at: ["sizes"]) }
    try edit { $0.jsonAppend(5, at: ["theme"]) }  // not an array
    expected.sizes = [10, 3, 4]
    #expect(try settings() == expected)

    // Values of columns, in their JSON forms: text, a Boolean.
    try Preference.find(1).update {
      $0.settings = $0.settings.jsonSet(["owner"], $0.name).jsonSet(["enabled"], $0.isOn)
    }.execute(db)
    expected.owner = "Ann \"A\""
    expected.enabled = true
    #expect(try settings() == expected)

    // In a select, and on a NULL document.
    let selected = try Preference.find(1).select { ($0.settings.jsonRemove(["sizes"]), $0.backup.jsonSet(["theme"], "x")) }.fetchOne(db)
    var withoutSizes = expected
    withoutSizes.sizes = nil
    #expect(selected?.0.queryOutput == withoutSizes)
    #expect(selected?.1 == nil)

    // A document that is an array: appending to it, setting and removing by index.
    try insertShelvesAndItems(db)
    let labels = try Item.find(3).select {
      ($0.labels.jsonAppend("b").jsonAppend("c"), $0.labels.jsonSet([1], "x").jsonRemove([0]))
    }.fetchOne(db)
    #expect(labels?.0.queryOutput == ["tool", "b", "c"])
    #expect(labels?.1.queryOutput == ["x"])
  }

  /// The elements of JSON arrays and the members of JSON objects as rows: filtered in a
  /// subquery, counted, and joined to the row that holds them; text, integer and JSON values.
  enum Score: AliasName {}
  enum GridRow: AliasName {}

  static func elementsAsRows(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    #expect(try Item.where { $0.labels.jsonEach().where { $0.value == "tool" }.exists() }.select { $0.id }.fetchAll(db) == [3])
    let counts = try Item.order { $0.id }.select { item in SQLQueryExpression(item.labels.jsonEach().count()) }.fetchAll(db)
    #expect(counts == [2, 0, 1])
    let labels = try Item.join(Item.labels.jsonEach()) { _, label in label.key >= 0 }
      .order { item, label in (item.id, label.key) }
      .select { item, label in (item.id, label.key, label.value) }
      .fetchAll(db)
    #expect(labels.map { "\($0.0) \($0.1) \($0.2)" } == ["1 0 a", "1 1 b \"c\"", "3 0 tool"])

    try insertPreferences(db)
    let rows = try Preference.join(Preference.grid.jsonEach()) { _, row in row.key >= 0 }
      .order { _, row in row.key }
      .select { _, row in (row.key, row.value) }
      .fetchAll(db)
    #expect(rows.map(\.0) == [0, 1, 2])
    #expect(rows.map(\.1.queryOutput) == [["x"], [], ["y", "z"]])
  }

  static func insertPreferences(_ db: some Database) throws {
    try Preference.insert {
      Preference(
        id: 1, name: "a", isOn: false, settings: Settings(), backup: nil, scores: ["low": 1, "high": 20, "mid": 7],
        grid: [["x"], [], ["y", "z"]])
      Preference(id: 2, name: "b", isOn: false, settings: Settings(), backup: nil, scores: [:], grid: [])
    }.execute(db)
  }

  /// An object's members as rows: keys and values, filtered, ordered, summed, and beside an
  /// array's elements in one query.
  static func membersAsRows(_ db: some Database) throws {
    try insertPreferences(db)
    let high = try Preference.join(Preference.scores.jsonEach()) { _, score in score.value > 5 }
      .order { _, score in score.value.desc() }
      .select { preference, score in (preference.id, score.key, score.value) }
      .fetchAll(db)
    #expect(high.map { "\($0.0) \($0.1) \($0.2)" } == ["1 high 20", "1 mid 7"])
    // Member names a path must quote read back as written, with their values.
    try Preference.insert {
      Preference(
        id: 3, name: "c", isOn: false, settings: Settings(), backup: nil, scores: [#"a"b\c"#: 3, "dot.key": 4], grid: [])
    }.execute(db)
    let quoted = try Preference.join(Preference.scores.jsonEach()) { preference, _ in preference.id == 3 }
      .order { _, score in score.key }
      .select { _, score in (score.key, score.value) }
      .fetchAll(db)
    #expect(quoted.map { "\($0.0)=\($0.1)" } == [#"a"b\c=3"#, "dot.key=4"])
    let sum = try Preference.find(1).select { preference in
      SQLQueryExpression(preference.scores.jsonEach().select { $0.value.sum() })
    }.fetchOne(db)
    #expect(sum == 28)

    // Two documents' elements in one query, each under its own name.
    let pairs = try Preference.join(Preference.scores.jsonEach(as: Score.self)) { _, score in score.value > 5 }
      .join(Preference.grid.jsonEach(as: GridRow.self)) { preference, _, row in row.key >= 1 && preference.id == 1 }
      .order { _, score, row in (score.key, row.key) }
      .select { _, score, row in (score.key, row.key) }
      .fetchAll(db)
    #expect(pairs.map { "\($0.0) \($0.1)" } == ["high 1", "high 2", "mid 1", "mid 2"])
  }

  /// A stored value its column cannot become is a decoding error naming the member, not a crash.
  static func badDocumentsFailClearly(_ db: some Database) throws {
    try insertShelvesAndItems(db)
    #expect {
      try MistypedShelf.where { $0.id == 1 }.select { $0.jsonObject() }.fetchAll(db)
    } throws: { error in
      "\(error)".contains("member \"name\"") && "\(error)".contains("json(\"Kitchen\")")
    }
  }
}

/// The shelves table read with the wrong type for its name.
@Table("shelves") struct MistypedShelf {
  let id: Int
  var name: Int
}

extension WideRow {
  /// Every column but the key.
  static var valueColumns: [WritableKeyPath<WideRow, Int?>] { [\.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7, \.c8, \.c9, \.c10, \.c11, \.c12, \.c13, \.c14, \.c15, \.c16, \.c17, \.c18, \.c19, \.c20, \.c21, \.c22, \.c23, \.c24, \.c25, \.c26, \.c27, \.c28, \.c29, \.c30, \.c31, \.c32, \.c33, \.c34, \.c35, \.c36, \.c37, \.c38, \.c39, \.c40, \.c41, \.c42, \.c43, \.c44, \.c45, \.c46, \.c47, \.c48, \.c49, \.c50, \.c51, \.c52] }

  init(id: Int) {
    self.init(
      id: id, c1: nil, c2: nil, c3: nil, c4: nil, c5: nil, c6: nil, c7: nil, c8: nil, c9: nil, c10: nil, c11: nil,
      c12: nil, c13: nil, c14: nil, c15: nil, c16: nil, c17: nil, c18: nil, c19: nil, c20: nil, c21: nil, c22: nil,
      c23: nil, c24: nil, c25: nil, c26: nil, c27: nil, c28: nil, c29: nil, c30: nil, c31: nil, c32: nil, c33: nil,
      c34: nil, c35: nil, c36: nil, c37: nil, c38: nil, c39: nil, c40: nil, c41: nil, c42: nil, c43: nil, c44: nil,
      c45: nil, c46: nil, c47: nil, c48: nil, c49: nil, c50: nil, c51: nil, c52: nil)
  }
}
