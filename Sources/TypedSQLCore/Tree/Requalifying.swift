// An expression written against a table's name, read under another name: a default scope's
// condition (`"rows"."isDeleted"`) for the table under an alias (`"rs"."isDeleted"`).

extension SQLExpression {
  /// This expression with every column `qualifier` qualifies qualified by `newQualifier`
  /// instead, or `nil` when it holds something whose columns this does not reach into (a
  /// subquery, a window, a JSON edit or object, a date operation, a dialect's own node).
  package func requalified(_ qualifier: String, as newQualifier: String) -> SQLExpression? {
    func each(_ expression: SQLExpression) -> SQLExpression? { expression.requalified(qualifier, as: newQualifier) }
    func all(_ expressions: [SQLExpression]) -> [SQLExpression]? { expressions.requalified(qualifier, as: newQualifier) }
    switch self {
    case .column(var reference):
      if let current = reference.qualifier, ExactText.haveSameUTF8(current, qualifier) {
        reference.qualifier = newQualifier
      }
      return .column(reference)
    case .rowIdentity(let current):
      return .rowIdentity(qualifier: ExactText.haveSameUTF8(current, qualifier) ? newQualifier : current)
    case .binding, .argument, .countAll, .jsonPath:
      return self
    case .not(let operand):
      return each(operand).map { .not($0) }
    case .negate(let operand):
      return each(operand).map { .negate($0) }
    case .bitwiseNot(let operand):
      return each(operand).map { .bitwiseNot($0) }
    case .between(let operand, let lower, let upper):
      guard let operand = each(operand), let lower = each(lower), let upper = each(upper) else { return nil }
      return .between(operand, lower: lower, upper: upper)
    case .binary(let lhs, let op, let rhs):
      guard let lhs = each(lhs), let rhs = each(rhs) else { return nil }
      return .binary(lhs, op, rhs)
    case .isNull(let operand, let negated):
      return each(operand).map { .isNull($0, negated: negated) }
    case .isDistinctFrom(let lhs, let rhs, let negated):
      guard let lhs = each(lhs), let rhs = each(rhs) else { return nil }
      return .isDistinctFrom(lhs, rhs, negated: negated)
    case .inList(let operand, let list, let negated):
      guard let operand = each(operand), let list = all(list) else { return nil }
      return .inList(operand, list, negated: negated)
    case .tuple(let elements):
      return all(elements).map { .tuple($0) }
    case .coalesce(let elements):
      return all(elements).map { .coalesce($0) }
    case .function(let function, let arguments):
      return all(arguments).map { .function(function, $0) }
    case .cast(let operand, let type, let from):
      return each(operand).map { .cast($0, type, from: from) }
    case .jsonValue(let operand, let form):
      return each(operand).map { .jsonValue($0, form) }
    case .caseWhen(let base, let branches, let otherwise):
      var requalifiedBase: SQLExpression?
      if let base { guard let requalified = each(base) else { return nil }; requalifiedBase = requalified }
      var requalifiedElse: SQLExpression?
      if let otherwise { guard let requalified = each(otherwise) else { return nil }; requalifiedElse = requalified }
      var requalifiedBranches: [CaseBranch] = []
      for branch in branches {
        guard let condition = each(branch.condition), let value = each(branch.value) else { return nil }
        requalifiedBranches.append(CaseBranch(condition: condition, value: value))
      }
      return .caseWhen(base: requalifiedBase, requalifiedBranches, else: requalifiedElse)
    case .aggregate(let function, let argument, let distinct, let filter, let orderBy):
      guard let argument = each(argument), let orderBy = orderBy.requalified(qualifier, as: newQualifier) else {
        return nil
      }
      var requalifiedFilter: SQLExpression?
      if let filter { guard let requalified = each(filter) else { return nil }; requalifiedFilter = requalified }
      return .aggregate(function, argument, distinct: distinct, filter: requalifiedFilter, orderBy: orderBy)
    case .raw(let segments):
      var requalifiedSegments: [RawSQLSegment] = []
      for segment in segments {
        switch segment {
        case .expression(let expression):
          guard let requalified = each(expression) else { return nil }
          requalifiedSegments.append(.expression(requalified))
        case .select:
          return nil
        case .text, .binding, .identifier, .literal:
          requalifiedSegments.append(segment)
        }
      }
      return .raw(requalifiedSegments)
    case .inSubquery, .exists, .scalarSubquery, .window, .jsonObject, .jsonEdit, .date, .dialectExtension:
      return nil
    }
  }
}

extension [SQLExpression] {
  /// These expressions requalified (see `SQLExpression.requalified(_:as:)`), or `nil` when one of
  /// them cannot be.
  func requalified(_ qualifier: String, as newQualifier: String) -> [SQLExpression]? {
    var result: [SQLExpression] = []
    result.reserveCapacity(count)
    for expression in self {
      guard let requalified = expression.requalified(qualifier, as: newQualifier) else { return nil }
      result.append(requalified)
    }
    return result
  }
}

extension [OrderingTerm] {
  /// These terms with their expressions requalified (see `SQLExpression.requalified(_:as:)`), or
  /// `nil` when one of them cannot be.
  func requalified(_ qualifier: String, as newQualifier: String) -> [OrderingTerm]? {
    var result: [OrderingTerm] = []
    result.reserveCapacity(count)
    for var term in self {
      guard let expression = term.expression.requalified(qualifier, as: newQualifier) else { return nil }
      term.expression = expression
      result.append(term)
    }
    return result
  }
}

extension SelectStatement {
  /// This statement's condition and order read under `newQualifier` instead of `qualifier` (a
  /// default scope under an alias), or `nil` when the statement narrows by more than a condition
  /// and an order, or holds an expression whose columns cannot be renamed.
  func conditionAndOrder(
    requalified qualifier: String, as newQualifier: String
  ) -> (filter: SQLExpression?, orderBy: [OrderingTerm])? {
    guard !narrowsByMoreThanFilter, let orderBy = orderBy.requalified(qualifier, as: newQualifier) else { return nil }
    guard let filter else { return (nil, orderBy) }
    guard let requalified = filter.requalified(qualifier, as: newQualifier) else { return nil }
    return (requalified, orderBy)
  }

  /// This statement with every column `qualifier` qualifies in its columns, conditions, joins'
  /// conditions and JSON documents (`JOIN json_each("trips"."geofence")`), groups and order
  /// qualified by `newQualifier` (a built query under an alias), or `nil` when one of them cannot
  /// be renamed.
  func requalifyingEveryClause(_ qualifier: String, as newQualifier: String) -> SelectStatement? {
    var statement = self
    guard let columns = columns.requalified(qualifier, as: newQualifier),
      let groupBy = groupBy.requalified(qualifier, as: newQualifier),
      let orderBy = orderBy.requalified(qualifier, as: newQualifier)
    else { return nil }
    statement.columns = columns
    statement.groupBy = groupBy
    statement.orderBy = orderBy
    if let filter {
      guard let renamed = filter.requalified(qualifier, as: newQualifier) else { return nil }
      statement.filter = renamed
    }
    if let having {
      guard let renamed = having.requalified(qualifier, as: newQualifier) else { return nil }
      statement.having = renamed
    }
    for index in statement.joins.indices {
      guard let condition = statement.joins[index].condition.requalified(qualifier, as: newQualifier) else { return nil }
      statement.joins[index].condition = condition
      if case .jsonEach(let document, let shape) = statement.joins[index].table.source {
        guard let renamed = document.requalified(qualifier, as: newQualifier) else { return nil }
        statement.joins[index].table.source = .jsonEach(renamed, shape)
      }
    }
    return statement
  }
}
