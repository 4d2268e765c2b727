import Foundation

/// The SQL of statements built at the call that a database rendered, kept by the statement's
/// table and form and the shape of its values, so that a statement run again and again with
/// other values is rendered once per shape instead of once per run: a one-row
/// `Table.insert { row }`, `Table.find(key)` on a table without a default scope, and a select of
/// a table's rows filtered and ordered by comparisons of columns and values
/// (`Reminder.where { $0.id == id }.order { $0.title }`), kept by its structure.
///
/// Such a statement's tree is fixed by its table's type (the table's name and columns, its
/// key's column) and its form, or by its structure, but for its values. A value's part of the shape is whether it is left to its
/// default, its kind (`NULL`, integer, text, …), and which earlier value, if any, is equal to
/// it. Where the dialect says its text depends on nothing else
/// (``Dialect/rendersValuesByKind``), two statements of one table, form and shape render to the
/// same SQL, binding their values from the same places in the same order. The first of a shape is
/// rendered by the dialect, as any statement is; the next take its text and bind their own
/// values. The text is exactly what rendering would give: equal values still share a
/// placeholder, and PostgreSQL still writes a `NULL` as a literal.
///
/// Each database keeps its own (its dialect is fixed for its life): at most
/// ``maximumShapesPerStatement`` shapes per table and form or select structure, each of at most
/// ``maximumValueCount`` values (32 for a select, whose values are collected on the stack), and
/// at most ``maximumSelectCount`` select structures.
public final class RenderedStatementShapes: @unchecked Sendable {
  /// One shape's SQL: the rendered statement without its values, and where each value comes
  /// from. A class, immutable, so that finding one under the lock and handing it out retains
  /// one reference rather than each of its lists and its text.
  final class Shape {
    /// Per value, what `writeCodes(of:into:)` makes of it.
    let codes: [UInt16]
    /// A digest of ``codes``, compared first.
    let digest: UInt64
    /// The SQL, with the placeholders of the first statement's rendering.
    let sql: String
    /// The placeholder lists of the first statement's rendering: the MySQL-style placeholder
    /// order (see ``RenderedSQL/positionalPlaceholders``).
    let placeholderLists: PlaceholderLists?
    /// For each bound value in placeholder order, the place of the value it is.
    let boundValues: [Int]
    /// Whether the bound values are all the values, in order: then the statement's own list of
    /// values is bound as it is, shared rather than copied.
    let bindsEveryValueInOrder: Bool

    init(
      codes: [UInt16], digest: UInt64, sql: String, placeholderLists: PlaceholderLists?, boundValues: [Int],
      bindsEveryValueInOrder: Bool
    ) {
      self.codes = codes
      self.digest = digest
      self.sql = sql
      self.placeholderLists = placeholderLists
      self.boundValues = boundValues
      self.bindsEveryValueInOrder = bindsEveryValueInOrder
    }
  }

  /// The most values a kept statement may have: more than any ordinary table has columns, few
  /// enough that comparing a statement's values with a shape stays cheap.
  public static let maximumValueCount = 64
  /// The most shapes kept per table and form; a new shape past it replaces the oldest.
  public let maximumShapesPerStatement: Int

  /// The shapes met so far, by statement, the newest first; guarded by `lock`.
  var shapesByStatement: [StatementShapeKey: [Shape]] = [:]
  /// The statement met last and its shapes: a loop running one statement skips the dictionary.
  var lastStatement: (key: StatementShapeKey, shapes: [Shape])?
  /// The lookup by key met last: a loop finding rows of one table takes its SQL without
  /// comparing shapes. Guarded by `lock`.
  @exclusivity(unchecked)
  var lastLookup: KeptLookup?
  /// The one-value list a kept lookup binds, its key replaced at each lookup. Once the lookup
  /// before has run and dropped its copy, the list is this memo's alone and changes in place, so
  /// a loop of lookups allocates no list; one still in use is copied first, as any array is. It
  /// holds the last key bound, one value. Guarded by `lock`.
  @exclusivity(unchecked)
  var lookupBindings: [QueryBinding] = [.null]
  /// The selects met so far (see ``SelectStructure``), by the digest of their structure; guarded
  /// by `lock`.
  var selectsByDigest: [UInt64: [KeptSelect]] = [:]
  /// The digests of the selects kept, the oldest first: past ``maximumSelectCount`` the oldest
  /// goes.
  var selectDigests: [UInt64] = []
  /// The select met last: a loop running one query compares its structure alone. Guarded by
  /// `lock`, so its run-time exclusivity check, a call on every select, is left out.
  @exclusivity(unchecked)
  var lastSelect: KeptSelect?
  /// The most select structures kept.
  public static let maximumSelectCount = 64
  let lock = RecursiveMutex()

  /// An empty memo, keeping at most `maximumShapesPerStatement` shapes per table and form.
  public init(maximumShapesPerStatement: Int = 16) {
    self.maximumShapesPerStatement = maximumShapesPerStatement
  }

  /// The rendered statement `statement` whose values are `values`: from a kept shape when they
  /// have one, otherwise as `render` renders it, its shape kept. Returns `nil` when this memo
  /// keeps no such statement (values that SQL computes, an array value, more than
  /// ``maximumValueCount`` values); the caller renders the statement as usual.
  ///
  /// `render` must render the statement these values make: a tree that `statement` fixes but
  /// for `values`, each a bound value where it is not left to its default, in a dialect that
  /// renders values by kind (``Dialect/rendersValuesByKind``), which the caller checks.
  @usableFromInline
  func rendered(
    _ values: ShapedValues, of statement: StatementShapeKey, render: () throws -> RenderedSQL
  ) throws -> RenderedSQL? {
    guard values.isKept else { return nil }
    let found: Shape? = lock.withLock {
      if lastStatement?.key != statement {
        guard let shapes = shapesByStatement[statement] else { return nil }
        lastStatement = (statement, shapes)
      }
      return Self.shape(of: values, among: lastStatement!.shapes)
    }
    if let found { return Self.rendered(values, as: found) }
    let rendered = try render()
    if let shape = Self.shape(of: values, renderedAs: rendered) {
      lock.withLock { remember(shape, for: statement) }
    }
    return rendered
  }

  /// The rendered lookup of the row of `table` whose primary key is `key`: ``rendered(_:of:render:)``
  /// for a statement of one value, which keeps the SQL of the lookup met last apart so that a
  /// loop of lookups of one table compares one kind of value instead of a shape.
  @usableFromInline
  func renderedLookup(
    of key: QueryBinding, in table: ObjectIdentifier, render: () throws -> RenderedSQL
  ) throws -> RenderedSQL? {
    guard ShapedValues.canBeKept(key) else { return nil }
    let kind = Self.kind(of: key)
    let keptSQL: RenderedSQL? = lock.withLock {
      guard let kept = lastLookup, kept.table == table, kept.kind == kind else { return nil }
      guard kept.bindsKey else { return RenderedSQL(sql: kept.sql, bindings: [], placeholderLists: kept.placeholderLists) }
      lookupBindings[0] = key
      return RenderedSQL(sql: kept.sql, bindings: lookupBindings, placeholderLists: kept.placeholderLists)
    }
    if let keptSQL { return keptSQL }
    let statement = StatementShapeKey(table: table, form: .primaryKeyLookup)
    guard let rendered = try rendered(ShapedValues(value: key), of: statement, render: render) else {
      return nil
    }
    if let lookup = KeptLookup(table: table, kind: kind, key: key, renderedAs: rendered) {
      lock.withLock { lastLookup = lookup }
    }
    return rendered
  }

  /// The rendered select `tree`: ``rendered(_:of:render:)`` for a select of a table's rows
  /// filtered and ordered by comparisons (see ``SelectStructure``), kept by its structure and
  /// the shape of its values; nil for any other select.
  ///
  /// The structure's words and its values are collected on the stack: a select met before
  /// binds its values in the list its structure keeps, and allocates none.
  @usableFromInline
  func renderedSelect(_ tree: SelectStatement, render: () throws -> RenderedSQL) throws -> RenderedSQL? {
    try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: SelectStructure.maximumWordCount) { buffer in
      try withUnsafeTemporaryAllocation(of: QueryBinding.self, capacity: SelectStructure.maximumValueCount) { storage in
        var collected = CollectedValues(storage: storage)
        defer { collected.deinitialize() }
        guard let wordCount = SelectStructure.write(tree, into: buffer, values: &collected) else { return nil }
        let words = UnsafeBufferPointer(rebasing: buffer[..<wordCount])
        let keptSQL: RenderedSQL? = lock.withLock {
          guard let kept = keptSelect(words),
            let shape = Self.shape(of: collected.values, defaults: [], among: kept.shapes)
          else { return nil }
          return kept.rendered(collected.values, as: shape)
        }
        if let keptSQL { return keptSQL }
        let shapedValues = ShapedValues(values: Array(collected.values))
        let rendered = try render()
        if let shape = Self.shape(of: shapedValues, renderedAs: rendered) {
          lock.withLock { remember(shape, forSelect: tree, words: words, values: shapedValues.bindings) }
        }
        return rendered
      }
    }
  }

  /// The kept select whose structure is `words`, made the last met. Called holding the lock.
  ///
  /// The select met last is compared word by word first, so a loop running one query never
  /// digests its structure.
  func keptSelect(_ words: UnsafeBufferPointer<UInt64>) -> KeptSelect? {
    if let lastSelect, lastSelect.hasStructure(words) { return lastSelect }
    let digest = SelectStructure.digest(of: words)
    guard let kept = selectsByDigest[digest]?.first(where: { $0.hasStructure(words) }) else { return nil }
    lastSelect = kept
    return kept
  }

  /// Keeps `shape` for the select of structure `words`, first met as `tree` with `values`,
  /// keeping the select if it is new and dropping the oldest select past the limit. Called
  /// holding the lock.
  func remember(
    _ shape: Shape, forSelect tree: SelectStatement, words: UnsafeBufferPointer<UInt64>, values: [QueryBinding]
  ) {
    let kept: KeptSelect
    if let found = keptSelect(words) {
      kept = found
    } else {
      if selectDigests.count == Self.maximumSelectCount { forgetOldestSelect() }
      let digest = SelectStructure.digest(of: words)
      kept = KeptSelect(tree: tree, words: Array(words), bindings: values)
      selectsByDigest[digest, default: []].append(kept)
      selectDigests.append(digest)
      lastSelect = kept
    }
    guard !kept.shapes.contains(where: { $0.codes == shape.codes }) else { return }
    kept.shapes.insert(shape, at: 0)
    if kept.shapes.count > maximumShapesPerStatement { kept.shapes.removeLast() }
  }

  /// Drops the select kept first. Called holding the lock.
  private func forgetOldestSelect() {
    let digest = selectDigests.removeFirst()
    guard var kept = selectsByDigest[digest] else { return }
    let oldest = kept.removeFirst()
    selectsByDigest[digest] = kept.isEmpty ? nil : kept
    if lastSelect === oldest { lastSelect = nil }
  }

  /// The first of `shapes` that `values` have: the same defaults, kinds of values and equal
  /// values.
  static func shape(of values: ShapedValues, among shapes: [Shape]) -> Shape? {
    values.withPlaces { shape(of: $0, defaults: values.defaults, among: shapes) }
  }

  /// The first of `shapes` that `values`, left to their default at the places `defaults` lists
  /// in increasing order, have.
  static func shape(of values: UnsafeBufferPointer<QueryBinding>, defaults: [Int], among shapes: [Shape]) -> Shape? {
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: values.count) { codes in
      let digest = writeCodes(of: values, defaults: defaults, into: codes)
      let byteCount = values.count * MemoryLayout<UInt16>.stride
      return shapes.first { shape in
        shape.digest == digest && shape.codes.count == values.count
          && (byteCount == 0
            || shape.codes.withUnsafeBytes { memcmp($0.baseAddress!, codes.baseAddress!, byteCount) == 0 })
      }
    }
  }

  /// Writes each value's part of the shape into `codes`, and returns a digest of them: 0 for a
  /// value left to its default; otherwise the kind of the value in the high byte and, in the low
  /// byte, 1 + the place of the first earlier value equal to it, or 0 for none. Only values of
  /// one kind can be equal, so only they are compared.
  static func writeCodes(of values: ShapedValues, into codes: UnsafeMutableBufferPointer<UInt16>) -> UInt64 {
    values.withPlaces { writeCodes(of: $0, defaults: values.defaults, into: codes) }
  }

  /// ``writeCodes(of:into:)`` for `bindings`, left to their default at the places `defaults`
  /// lists in increasing order.
  static func writeCodes(
    of bindings: UnsafeBufferPointer<QueryBinding>, defaults: [Int], into codes: UnsafeMutableBufferPointer<UInt16>
  ) -> UInt64 {
    var digest: UInt64 = 0
    var defaults = defaults.makeIterator()
    var nextDefault = defaults.next()
    for place in bindings.indices {
      var code: UInt16 = 0
      if nextDefault == place {
        nextDefault = defaults.next()
      } else {
        let kind = UInt16(kind(of: bindings[place])) << 8
        code = kind
        for earlier in 0..<place where codes[earlier] & 0xFF00 == kind && bindings[earlier] == bindings[place] {
          code |= UInt16(earlier + 1)
          break
        }
      }
      codes[place] = code
      digest = (digest &* 0x100_0000_01b3) ^ UInt64(code)
    }
    return digest
  }

  /// A number per kind of value, from 1.
  static func kind(of value: QueryBinding) -> UInt8 {
    switch value {
    case .null: 1
    case .int: 2
    case .double: 3
    case .text: 4
    case .blob: 5
    case .bool: 6
    case .date: 7
    case .uuid: 8
    case .json: 9
    case .jsonb: 10
    case .array: 11
    case .invalid: 12
    }
  }

  /// The statement `values` make in `shape`'s SQL.
  static func rendered(_ values: ShapedValues, as shape: Shape) -> RenderedSQL {
    let bindings =
      shape.bindsEveryValueInOrder && values.bindings.count == values.count
      ? values.bindings : shape.boundValues.map { values.bindings[$0] }
    return RenderedSQL(sql: shape.sql, bindings: bindings, placeholderLists: shape.placeholderLists)
  }

  /// The shape of `values`, whose statement rendered as `rendered`; nil when a bound value is
  /// none of them (a dialect that rewrote one), and then such statements are rendered every
  /// time.
  static func shape(of values: ShapedValues, renderedAs rendered: RenderedSQL) -> Shape? {
    let defaults = Set(values.defaults)
    var digest: UInt64 = 0
    let codes = [UInt16](unsafeUninitializedCapacity: values.count) { codes, count in
      digest = writeCodes(of: values, into: codes)
      count = values.count
    }
    var boundValues: [Int] = []
    for bound in rendered.bindings {
      guard let place = (0..<values.count).first(where: { !defaults.contains($0) && values.bindings[$0] == bound }) else {
        return nil
      }
      boundValues.append(place)
    }
    return Shape(
      codes: codes, digest: digest, sql: rendered.sql, placeholderLists: rendered.placeholderLists,
      boundValues: boundValues, bindsEveryValueInOrder: boundValues == Array(0..<values.count))
  }

  /// Keeps `shape` for `statement`, first, dropping the oldest past the limit. Called holding
  /// the lock.
  func remember(_ shape: Shape, for statement: StatementShapeKey) {
    var shapes = shapesByStatement[statement] ?? []
    guard !shapes.contains(where: { $0.codes == shape.codes }) else { return }
    shapes.insert(shape, at: 0)
    if shapes.count > maximumShapesPerStatement { shapes.removeLast() }
    shapesByStatement[statement] = shapes
    lastStatement = (statement, shapes)
  }
}

/// A statement whose SQL ``RenderedStatementShapes`` may keep: a table and what the statement
/// does with it. Its tree is fixed by the two but for its values.
@usableFromInline
struct StatementShapeKey: Hashable, Sendable {
  /// What the statement does with the table.
  @usableFromInline
  enum Form: Hashable, Sendable {
    /// `Table.insert { row }`, of one row.
    case rowInsert
    /// `Table.find(key)`, of a one-column key, on a table without a default scope.
    case primaryKeyLookup
  }

  /// The table's type.
  let table: ObjectIdentifier
  let form: Form

  @usableFromInline
  init(table: ObjectIdentifier, form: Form) {
    self.table = table
    self.form = form
  }
}

/// The values of a statement whose SQL ``RenderedStatementShapes`` may keep: one bound value
/// per place, some places left to their default.
@usableFromInline
struct ShapedValues {
  /// A bound value per place (a place left to its default holds any value); only the first
  /// ``count`` are the statement's.
  let bindings: [QueryBinding]
  /// How many places there are.
  let count: Int
  /// The places left to their default, in increasing order.
  let defaults: [Int]
  /// Whether a statement of these values can be kept: few enough of them, none an array
  /// (which a dialect may spell by its length) or an invalid value (which rendering throws).
  let isKept: Bool

  /// Calls `body` with the value of each place, the first ``count`` of ``bindings``, in place.
  func withPlaces<Result>(_ body: (UnsafeBufferPointer<QueryBinding>) -> Result) -> Result {
    bindings.withUnsafeBufferPointer { body(UnsafeBufferPointer(start: $0.baseAddress, count: count)) }
  }

  /// The values of a one-row insert; not kept when SQL computes one of them.
  @usableFromInline
  init(row: borrowing ColumnValues) {
    bindings = row.storage
    count = row.count
    defaults = row.defaultColumns
    isKept = row.expressionColumns.isEmpty && row.count <= RenderedStatementShapes.maximumValueCount
      && row.storage[..<row.count].allSatisfy(Self.canBeKept)
  }

  /// The values of a statement, each bound, none left to its default.
  init(values: [QueryBinding]) {
    bindings = values
    count = values.count
    defaults = []
    isKept = values.count <= RenderedStatementShapes.maximumValueCount && values.allSatisfy(Self.canBeKept)
  }

  /// One bound value, such as a primary key.
  @usableFromInline
  init(value: QueryBinding) {
    bindings = [value]
    count = 1
    defaults = []
    isKept = Self.canBeKept(value)
  }

  /// Whether a statement may bind `value` and be kept.
  static func canBeKept(_ value: QueryBinding) -> Bool {
    switch value {
    case .array, .invalid: false
    default: true
    }
  }
}
