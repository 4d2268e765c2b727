extension SelectStatement {
  /// The statement as `EXISTS` reads it: only whether it returns a row matters.
  ///
  /// A grouped select that is not compound selects `1` instead of its columns, and drops its
  /// order. Its groups, not its columns, decide how many rows it returns (an aggregate in a
  /// grouped select is one value per group), and a limit keeps as many rows in any order; so the
  /// answer is the same. The columns could make it fail: a column neither grouped nor aggregated
  /// (`SELECT "key", "value" … GROUP BY "value"`), which SQLite reads from any row of the group,
  /// is an error on PostgreSQL (42803) and on MySQL under `ONLY_FULL_GROUP_BY`.
  ///
  /// Any other select is read as it is: without a `GROUP BY`, an aggregate among its columns
  /// makes it return one row even from no rows, which `1` would not.
  var existenceProbe: SelectStatement {
    guard !groupBy.isEmpty, compound.isEmpty, modifier == nil else { return self }
    var probe = self
    probe.columns = [.raw([.literal(.int(1))])]
    probe.orderBy = []
    return probe
  }
}
