import TypedSQLCore

// StructuredQueries' SQLite spellings that TypedSQL does not carry over, declared only to be
// refused with a message naming what to write instead.

extension Table {
  /// StructuredQueries' `update(or:set:)`, which it deprecates.
  @available(
    *, unavailable,
    message: "StructuredQueries deprecates 'update(or:)', and 'UPDATE OR …' is SQLite's: write 'update { … }', and resolve a conflict with a condition or an upsert ('insert { … } onConflict: { … } doUpdate: { … }')"
  )
  public static func update(
    or conflictResolution: SQLiteConflictResolution, set updates: (inout Updates<Self>) -> Void
  ) -> Update<Self, NoRow> {
    fatalError("unavailable")
  }
}
