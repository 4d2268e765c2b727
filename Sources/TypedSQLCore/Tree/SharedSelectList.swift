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
  /// The rendered text by dialect type; guarded by `lock`.
  nonisolated(unsafe) private var spellings: [(dialect: ObjectIdentifier, text: [UInt8])] = []
  private let lock = RecursiveMutex()

  /// A shared list of `columns`.
  public init(_ columns: [SQLExpression]) {
    self.columns = columns
  }

  /// Appends the list as `dialect` spells it: the kept text when there is one, otherwise the
  /// columns rendered now, and kept when the dialect allows and the list binds no value.
  func append(in dialect: some Dialect, into context: inout RenderContext) throws {
    let key = ObjectIdentifier(type(of: dialect))
    let kept = lock.withLock { spellings.first { $0.dialect == key }?.text }
    if let kept {
      context.appendRendered(kept)
      return
    }
    var list = RenderContext(bindingStyle: context.bindingStyle)
    try dialect.renderList(columns, into: &list)
    guard list.bindings.isEmpty, list.argumentPlaceholders.isEmpty else {
      // Values must be numbered in the statement they belong to: render in place.
      return try dialect.renderList(columns, into: &context)
    }
    let text = list.renderedBytes
    lock.withLock {
      if !spellings.contains(where: { $0.dialect == key }) { spellings.append((key, text)) }
    }
    context.appendRendered(text)
  }
}

/// A value kept beside a tree's data that takes no part in its equality or hash: a cache.
public struct Uncompared<Value: Sendable>: Sendable, Hashable {
  /// The value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { true }

  public func hash(into hasher: inout Hasher) {}
}
