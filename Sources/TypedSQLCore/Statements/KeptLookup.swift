/// The SQL of a lookup by key that ``RenderedStatementShapes`` kept: the lookups of one table
/// with keys of one kind render alike, binding the key once or, for a dialect that writes it as a
/// literal `NULL`, not at all.
struct KeptLookup {
  /// The looked-up table's type.
  let table: ObjectIdentifier
  /// The kind of the key (``RenderedStatementShapes/kind(of:)``).
  let kind: UInt8
  let sql: String
  /// The placeholder lists of the lookup's rendering.
  let placeholderLists: PlaceholderLists?
  /// Whether the SQL binds the key, as its one value.
  let bindsKey: Bool

  /// The SQL of the lookup of `key` in `table`, rendered as `rendered`; nil when the rendering
  /// binds anything but the key once or nothing.
  init?(table: ObjectIdentifier, kind: UInt8, key: QueryBinding, renderedAs rendered: RenderedSQL) {
    switch rendered.bindings.count {
    case 0: bindsKey = false
    case 1 where rendered.bindings[0] == key: bindsKey = true
    default: return nil
    }
    self.table = table
    self.kind = kind
    sql = rendered.sql
    placeholderLists = rendered.placeholderLists
  }
}
