extension SQLQueryExpression where Value: QueryDecodable {
  /// `count(self)`, or `count(DISTINCT self)`: the number of non-`NULL` values, of the rows
  /// where `filter` holds when there is one (`FILTER (WHERE …)`).
  public func count(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Int> {
    SQLQueryExpression<Int>(node: .aggregate(.count, node, distinct: distinct, filter: filter?.queryNode))
  }

  /// `min(self)`: `NULL` when there are no rows. Of Booleans, whether every value is true
  /// (PostgreSQL's `bool_and`).
  public func min(filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    let function: AggregateFunction = Value.storageType == .boolean ? .every : .minimum
    return SQLQueryExpression<Value.Nullable>(node: .aggregate(function, node, distinct: false, filter: filter?.queryNode))
  }

  /// `max(self)`: `NULL` when there are no rows. Of Booleans, whether any value is true
  /// (PostgreSQL's `bool_or`).
  public func max(filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    let function: AggregateFunction = Value.storageType == .boolean ? .any : .maximum
    return SQLQueryExpression<Value.Nullable>(node: .aggregate(function, node, distinct: false, filter: filter?.queryNode))
  }
}

extension SQLQueryExpression where Value: QueryDecodable, Value.NonNull: Numeric {
  /// `sum(self)`: `NULL` when there are no rows. A sum of integers is exact, and an error when it
  /// leaves the 64-bit range, on every database.
  public func sum(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Value.Nullable> {
    let function: AggregateFunction = Value.storageType == .integer ? .integerSum : .sum
    return SQLQueryExpression<Value.Nullable>(node: .aggregate(function, node, distinct: distinct, filter: filter?.queryNode))
  }

  /// `total(self)`: the sum as a `Double`, 0 when there are no values (SQLite's `total`;
  /// PostgreSQL sums and converts).
  public func total(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Double> {
    SQLQueryExpression<Double>(node: .aggregate(.total, node, distinct: distinct, filter: filter?.queryNode))
  }

  /// `avg(self)`, as a `Double`: `NULL` when there are no rows. The average of integers is their
  /// exact sum divided by their count, so every database gives the same `Double`.
  public func avg(distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none) -> SQLQueryExpression<Double?> {
    let function: AggregateFunction = Value.storageType == .integer ? .integerAverage : .average
    return SQLQueryExpression<Double?>(node: .aggregate(function, node, distinct: distinct, filter: filter?.queryNode))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// The group's values joined by `separator`, in `order`, of the rows where `filter` holds
  /// when there is one: `group_concat` in SQLite, `string_agg` in PostgreSQL. `NULL` when there
  /// are no values. With `distinct`, each value once (SQLite allows it only with the default
  /// separator).
  ///
  /// `order` takes terms (`$0.title.desc()`) or plain expressions, ascending. Without an order
  /// the databases may join values in different orders; an order needs SQLite 3.44.
  public func groupConcat(
    _ separator: String = ",", distinct: Bool = false, order: any QueryOrdering..., filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<String?> {
    SQLQueryExpression<String?>(
      node: .aggregate(
        .groupConcat(separator: .binding(.text(separator))), node, distinct: distinct, filter: filter?.queryNode,
        orderBy: order.map(\.orderingTerm)))
  }
}

extension SQLQueryExpression where Value: QueryDecodable {
  /// `name(self)`: an aggregate the database has that TypedSQL does not declare, by its name
  /// (PostgreSQL's `bit_or`, a function registered with SQLite). Its meaning, and whether the
  /// other database has it, is the caller's to know.
  public func aggregate<Result>(
    named name: String, as result: Result.Type = Result.self, distinct: Bool = false, filter: (some QueryExpression<Bool>)? = Bool?.none
  ) -> SQLQueryExpression<Result> {
    SQLQueryExpression<Result>(node: .aggregate(.named(name), node, distinct: distinct, filter: filter?.queryNode))
  }
}
