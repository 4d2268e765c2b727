// StructuredQueries' names for a select of a table's rows and its conversions, which TypedSQL's
// `Select` already is.

/// A select of `From`'s rows, as StructuredQueries names it (`Select<(), From, ()>` there): the
/// type of `Reminder.all`, `Reminder.where { … }` and `Reminder.order { … }`, also named
/// ``Where``.
public typealias SelectOf<From: Table> = Select<From.TableColumns, From>

extension Select {
  /// This statement as a select: StructuredQueries' conversion of a `Where` (or any select
  /// statement) to a `Select`, which every TypedSQL query already is.
  public func asSelect() -> Self {
    self
  }
}

extension Select where Scope: TableDefinition, Row == Scope.QueryValue {
  /// Every column of the table: StructuredQueries' `selectStar()`, which a query of a table's
  /// rows already selects.
  public func selectStar() -> Self {
    self
  }
}

extension Select {
  /// Every column of each joined table: StructuredQueries' `selectStar()` after joins, whose
  /// rows are already the tables' rows.
  public func selectStar<each Joined: QueryRow>() -> Self where Row == JoinedRow<repeat each Joined> {
    self
  }
}
