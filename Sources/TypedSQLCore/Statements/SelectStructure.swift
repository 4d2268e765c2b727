/// The structure of a select that ``RenderedStatementShapes`` may keep: everything in its tree
/// but its bound values, written as words, with the values collected on the side.
///
/// Such a select reads a table's whole rows, filtered and ordered by comparisons of columns and
/// bound values: `Reminder.where { $0.id == id }`, `Reminder.where { !$0.isCompleted && $0.priority
/// >= 2 }.order { $0.title }`, `Reminder.all`. Its tree is
/// - the table's shared list of plain columns (``SharedSelectList/isPlainColumns``), unchanged;
/// - a table by its name, with its schema and alias;
/// - a `WHERE` condition and `ORDER BY` terms made of columns, bound values, the comparisons
///   `=`, `<>`, `<`, `>`, `<=`, `>=`, `IS [NOT] DISTINCT FROM`, `IS [NOT] NULL`, and `AND`, `OR`,
///   `NOT`;
/// - and nothing else: no `DISTINCT`, join, grouping, `LIMIT`, compound or common table. A
///   select built as `Table.where { … }` or `Table.order { … }`, or from `Table.all`, with those
///   steps alone (``SelectOrigin/filteredTable``), is one.
///
/// Each dialect that renders values by kind (``Dialect/rendersValuesByKind``) writes these
/// nodes whatever the values are, but for their kinds and which of them are equal. (Not a
/// `LIMIT`, which PostgreSQL writes as its number, nor operators such as `/` or `LIKE`, which
/// some dialects rewrite by their operand's value.)
///
/// Names are written as the strings' own words, with no byte read: two trees with the same
/// words name the same strings in memory, so equal structures, as long as the first tree keeps
/// its strings alive. Equal names in different strings write different words, and only miss.
enum SelectStructure {
  /// The most words a kept structure may have: enough for a dozen comparisons and orderings.
  static let maximumWordCount = 96
  /// The most values a kept select may have: few enough that a temporary allocation of them
  /// stays on the stack (under 1 KiB).
  static let maximumValueCount = 32

  /// Writes the structure of `tree`, a ``SelectOrigin/filteredTable`` select's (which has no
  /// clause but a `WHERE` and `ORDER BY`), into `words` and appends its bound values to `values`,
  /// in the order of the tree; returns the number of words written, or nil for a tree that is
  /// not of this kind, has more than ``maximumWordCount`` words or more values than `values` has
  /// room for, or a value a kept statement may not bind.
  static func write(
    _ tree: SelectStatement, into words: UnsafeMutableBufferPointer<UInt64>, values: inout CollectedValues
  ) -> Int? {
    assert(
      tree.with == nil && !tree.isDistinct && tree.modifier == nil && tree.joins.isEmpty && tree.groupBy.isEmpty
        && tree.having == nil && tree.limit == nil && tree.compound.isEmpty && !tree.isNone,
      "a filtered table's select has no clause but WHERE and ORDER BY")
    guard MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size,
      let columns = tree.sharedColumns.value, columns.isPlainColumns
    else { return nil }
    var writer = Writer(words: words)
    writer.append(UInt64(UInt(bitPattern: ObjectIdentifier(columns))))
    guard writer.append(table: tree.from), writer.append(filter: tree.filter, values: &values) else { return nil }
    for term in tree.orderBy {
      writer.append(Tag.orderingTerm(term))
      guard writer.append(term.expression, values: &values) else { return nil }
    }
    return writer.isFull ? nil : writer.count
  }

  /// A digest of `words`, to find a structure among those kept: each word mixed in as
  /// ``ExactText`` mixes the words of SQL text.
  static func digest(of words: UnsafeBufferPointer<UInt64>) -> UInt64 {
    words.reduce(0) { ExactText.mixing($1, into: $0) }
  }

  /// The word naming each kind of node and clause, with the node's own fields in its high bits.
  enum Tag {
    static let filter: UInt64 = 1
    static let column: UInt64 = 2
    static let binding: UInt64 = 3
    static let not: UInt64 = 4
    static let isNull: UInt64 = 5
    static let isDistinctFrom: UInt64 = 6
    static let binary: UInt64 = 7
    static let absentString: UInt64 = 8
    static let presentString: UInt64 = 9

    /// An `ORDER BY` term's word: its direction, `NULLS` placement and whether it is never null.
    static func orderingTerm(_ term: OrderingTerm) -> UInt64 {
      10 | (term.direction == .ascending ? 0 : 1 << 8) | (term.nulls == .first ? 0 : 1 << 9)
        | (term.isNeverNull ? 1 << 10 : 0)
    }

    /// The word of `op`, or nil for an operator outside the comparisons and logic.
    static func binary(_ op: BinaryOperator) -> UInt64? {
      let number: UInt64
      switch op {
      case .equal: number = 1
      case .notEqual: number = 2
      case .lessThan: number = 3
      case .greaterThan: number = 4
      case .lessThanOrEqual: number = 5
      case .greaterThanOrEqual: number = 6
      case .and: number = 7
      case .or: number = 8
      default: return nil
      }
      return binary | number << 8
    }
  }

  /// Appends words to a buffer, and remembers running out of room rather than writing past it.
  struct Writer {
    let words: UnsafeMutableBufferPointer<UInt64>
    var count = 0
    var isFull = false

    init(words: UnsafeMutableBufferPointer<UInt64>) {
      self.words = words
    }

    mutating func append(_ word: UInt64) {
      guard count < words.count else { return isFull = true }
      words[count] = word
      count += 1
    }

    /// A string as its two words: its storage and count, or its bytes when it is small.
    mutating func append(_ string: String) {
      let (first, second) = unsafeBitCast(string, to: (UInt64, UInt64).self)
      append(Tag.presentString)
      append(first)
      append(second)
    }

    mutating func append(_ string: String?) {
      guard let string else { return append(Tag.absentString) }
      append(string)
    }

    // The next two switch over their parameter, which the optimizer borrows: binding the
    // tree's `from` or `filter` with `if let` copies it, and destroys the copy after.

    /// Writes `from`, a table by its name; false for any other source, or none.
    mutating func append(table from: TableReference?) -> Bool {
      switch from {
      case .some(let from):
        guard case .table(let name) = from.source else { return false }
        append(name)
        append(from.schema)
        append(from.alias)
        return true
      case .none:
        return false
      }
    }

    /// Writes the `WHERE` condition `filter`, if any, and collects its values; false as
    /// ``append(_:values:)`` returns it.
    mutating func append(filter: SQLExpression?, values: inout CollectedValues) -> Bool {
      switch filter {
      case .some(let filter):
        append(Tag.filter)
        return append(filter, values: &values)
      case .none:
        return true
      }
    }

    /// Writes `expression` and collects its values; false for a node outside this kind, or past
    /// the room for values.
    mutating func append(_ expression: SQLExpression, values: inout CollectedValues) -> Bool {
      switch expression {
      case .column(let column):
        append(Tag.column)
        append(column.qualifier)
        append(column.name)
        return true
      case .binding(let value):
        append(Tag.binding)
        return values.append(value)
      case .not(let operand):
        append(Tag.not)
        return append(operand, values: &values)
      case .isNull(let operand, let negated):
        append(Tag.isNull | (negated ? 1 << 8 : 0))
        return append(operand, values: &values)
      case .isDistinctFrom(let lhs, let rhs, let negated):
        append(Tag.isDistinctFrom | (negated ? 1 << 8 : 0))
        return append(lhs, values: &values) && append(rhs, values: &values)
      case .binary(let lhs, let op, let rhs):
        guard let word = Tag.binary(op) else { return false }
        append(word)
        return append(lhs, values: &values) && append(rhs, values: &values)
      default:
        return false
      }
    }
  }
}

/// The bound values of a select that ``RenderedStatementShapes`` may keep, collected into storage
/// the caller provides, such as a temporary allocation on its stack, up to the storage's
/// capacity. The caller destroys them with ``deinitialize()``.
struct CollectedValues {
  private let storage: UnsafeMutableBufferPointer<QueryBinding>
  private var count = 0

  init(storage: UnsafeMutableBufferPointer<QueryBinding>) {
    self.storage = storage
  }

  /// The values collected, in order.
  var values: UnsafeBufferPointer<QueryBinding> {
    UnsafeBufferPointer(start: storage.baseAddress, count: count)
  }

  /// Appends `value`; false, appending nothing, when the storage is full or `value` is one a
  /// kept statement may not bind (``ShapedValues/canBeKept(_:)``).
  mutating func append(_ value: QueryBinding) -> Bool {
    guard count < storage.count, ShapedValues.canBeKept(value) else { return false }
    storage.initializeElement(at: count, to: value)
    count += 1
    return true
  }

  /// Destroys the values collected, each by its own case: destroying them as a run goes
  /// through the runtime's generic array destroy and the values' type metadata.
  mutating func deinitialize() {
    for index in 0..<count { (storage.baseAddress! + index).deinitialize(count: 1) }
    count = 0
  }
}
