#if TypedSQLCasePaths
  // Which case an enum group holds, as StructuredQueries asks it: `$0.kind.is(\.note)`.

  extension SelectionColumns where QueryValue: CasePathable {
    /// Whether the row holds the case whose columns `casePath` names: its column is not `NULL`.
    ///
    /// ```swift
    /// Attachment.where { $0.kind.is(\.note) }
    /// // WHERE ("attachments"."note" IS NOT NULL)
    /// ```
    public func `is`<Value: QueryBindable>(_ casePath: KeyPath<Self, SQLQueryExpression<Value?>>) -> SQLQueryExpression<Bool> {
      self[keyPath: casePath].isNot(nil)
    }

    /// Whether the row holds the case whose group of columns `casePath` names: some column of the
    /// group is not `NULL`.
    ///
    /// ```swift
    /// Attachment.where { $0.kind.is(\.image) }
    /// // WHERE NOT ("attachments"."caption" IS NULL AND "attachments"."url" IS NULL)
    /// ```
    public func `is`<Columns: SelectionColumns>(_ casePath: KeyPath<Self, NullableColumns<Columns>>) -> SQLQueryExpression<Bool> {
      self[keyPath: casePath].isNot(nil)
    }
  }

  extension NullableColumns where Columns: SelectionColumns, Columns.QueryValue: CasePathable {
    /// Whether the optional enum group (an optional field, or one of a left-joined table) holds
    /// the case whose column `casePath` names: `$1.time.is(\.interval)`.
    public func `is`<Value: QueryBindable>(
      _ casePath: KeyPath<Columns, SQLQueryExpression<Value?>>
    ) -> SQLQueryExpression<Bool> {
      columns[keyPath: casePath].isNot(nil)
    }

    /// Whether the optional enum group holds the case whose group of columns `casePath` names.
    public func `is`<Group: SelectionColumns>(
      _ casePath: KeyPath<Columns, NullableColumns<Group>>
    ) -> SQLQueryExpression<Bool> {
      columns[keyPath: casePath].isNot(nil)
    }
  }
#endif
