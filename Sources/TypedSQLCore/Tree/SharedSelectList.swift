/// A select list built once and shared by every query that starts from it: a table's columns,
/// which `@Table` stores once per table for `Table.all`.
///
/// Its rendered text is kept per dialect type (for dialects whose
/// ``Dialect/cachesColumnLists`` is true), so the list is spelled once and each query that
/// starts from the table copies the text instead of quoting every column again. The text is a
/// cache, never part of the tree's meaning.
public final class SharedSelectList: Sendable {
  /// The result columns.
  public let columns: [SQLExpression]
  /// What each dialect type made of the list, guarded by `lock`: its rendered text, or nil when
  /// the list binds values and must be rendered in each statement. The lock makes the run-time
  /// exclusivity check, a call on every render, redundant.
  @exclusivity(unchecked)
  nonisolated(unsafe) private var spellings: [(dialect: ObjectIdentifier, text: [UInt8]?)] = []
  private let lock = RecursiveMutex()

  /// Whether every column is a plain column reference: the list binds no value and names no
  /// expression, as a table's own list.
  let isPlainColumns: Bool

  /// A shared list of `columns`.
  public init(_ columns: [SQLExpression]) {
    self.columns = columns
    isPlainColumns = columns.allSatisfy { if case .column = $0 { true } else { false } }
  }

  /// Appends the list as `dialect` spells it: the kept text when there is one, otherwise the
  /// columns rendered now, whose text is kept unless the list binds a value.
  func append(in dialect: some Dialect, into context: inout RenderContext) throws {
    let key = ObjectIdentifier(type(of: dialect))
    let spelling = lock.withLock { spellings.first { $0.dialect == key } }
    if let spelling {
      guard let text = spelling.text else { return try dialect.renderList(columns, into: &context) }
      return context.appendRendered(text)
    }
    var list = RenderContext(bindingStyle: context.bindingStyle)
    try dialect.renderList(columns, into: &list)
    try list.checkNotRefused()
    // A bound value is numbered in the statement it belongs to: such a list is rendered in place,
    // now and every time.
    let bindsValues = !list.bindings.isEmpty || !list.argumentPlaceholders.isEmpty
    let text = bindsValues ? nil : list.renderedBytes
    lock.withLock {
      if !spellings.contains(where: { $0.dialect == key }) { spellings.append((key, text)) }
    }
    if let text {
      context.appendRendered(text)
    } else {
      try dialect.renderList(columns, into: &context)
    }
  }
}

