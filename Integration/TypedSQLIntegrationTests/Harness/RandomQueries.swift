import Foundation
import TypedSQL

/// The columns a random expression may use: the first table's, and in a join the joined table's.
struct RandomScope {
  var columns: [SchemaColumn]

  /// The columns of `kind`; every scope has an integer column, the key.
  func columns(_ kind: ColumnKind) -> [SchemaColumn] { columns.filter { $0.kind == kind } }
}

/// An integer expression over the columns of a random schema.
indirect enum RandomInteger: CustomStringConvertible {
  case column(SchemaColumn)
  case literal(Int)
  /// Arithmetic (`+ - * / %`, dividing by zero giving `NULL`) or a bitwise operation.
  case binary(BinaryOperator, RandomInteger, RandomInteger)
  case negate(RandomInteger)
  case coalesce(RandomInteger, RandomInteger)
  case caseWhen(RandomCondition, RandomInteger, RandomInteger)

  /// The operators of ``binary(_:_:_:)``, as Swift spells them.
  static let spellings: [BinaryOperator: String] = [
    .add: "+", .subtract: "-", .multiply: "*", .integerDivide: "/", .modulo: "%", .bitwiseAnd: "&", .bitwiseOr: "|", .bitwiseXor: "^",
  ]
  static let operators = Array(spellings.keys).sorted { spellings[$0]! < spellings[$1]! }
  /// The operators whose result can leave 64 bits.
  static let overflowing: Set<BinaryOperator> = [.add, .subtract, .multiply, .integerDivide]

  static func random(depth: Int, in scope: RandomScope, using random: inout SeededRandom) -> RandomInteger {
    guard depth > 0, !random.oneIn(3) else {
      guard random.oneIn(3) else { return .column(random.pick(scope.columns(.integer))) }
      return .literal(random.oneIn(20) ? Int(random.pick(ColumnKind.largeIntegers)) : Int.random(in: -5...5, using: &random))
    }
    func operand() -> RandomInteger { .random(depth: depth - 1, in: scope, using: &random) }
    switch Int.random(in: 0..<6, using: &random) {
    case 0, 1, 2: return .binary(random.pick(operators), operand(), operand())
    case 3: return .negate(operand())
    case 4: return .coalesce(operand(), operand())
    default: return .caseWhen(.random(depth: depth - 1, in: scope, using: &random), operand(), operand())
    }
  }

  var node: SQLExpression {
    switch self {
    case .column(let column): return column.node
    case .literal(let value): return .binding(.int(Int64(value)))
    case .binary(let op, let l, let r): return .binary(l.node, op, r.node)
    case .negate(let value): return .negate(value.node)
    case .coalesce(let l, let r): return .coalesce([l.node, r.node])
    case .caseWhen(let condition, let then, let otherwise):
      return .caseWhen([CaseBranch(condition: condition.node, value: then.node)], else: otherwise.node)
    }
  }

  /// Smaller expressions to try when shrinking a difference: each operand, and a constant.
  var simpler: [RandomInteger] {
    switch self {
    case .column, .literal(0): return []
    case .literal: return [.literal(0)]
    case .binary(_, let l, let r), .coalesce(let l, let r):
      return [l, r, .literal(0)]
        + l.simpler.map { replaced(left: $0) } + r.simpler.map { replaced(right: $0) }
    case .negate(let value): return [value] + value.simpler.map { .negate($0) }
    case .caseWhen(let condition, let then, let otherwise):
      return [then, otherwise] + condition.simpler.map { .caseWhen($0, then, otherwise) }
        + then.simpler.map { .caseWhen(condition, $0, otherwise) } + otherwise.simpler.map { .caseWhen(condition, then, $0) }
    }
  }

  /// Its subexpressions, itself included, that do arithmetic: where 64-bit overflow can happen.
  var arithmetic: [RandomInteger] {
    switch self {
    case .column, .literal: return []
    case .binary(let op, let l, let r):
      return (Self.overflowing.contains(op) ? [self] : []) + l.arithmetic + r.arithmetic
    case .negate(let value): return [self] + value.arithmetic
    case .coalesce(let l, let r): return l.arithmetic + r.arithmetic
    case .caseWhen(let condition, let then, let otherwise): return condition.arithmetic + then.arithmetic + otherwise.arithmetic
    }
  }

  private func replaced(left: RandomInteger? = nil, right: RandomInteger? = nil) -> RandomInteger {
    switch self {
    case .binary(let op, let l, let r): return .binary(op, left ?? l, right ?? r)
    case .coalesce(let l, let r): return .coalesce(left ?? l, right ?? r)
    default: return self
    }
  }

  var description: String {
    switch self {
    case .column(let column): return "\(column)"
    case .literal(let value): return "\(value)"
    case .binary(let op, let l, let r): return "(\(l) \(Self.spellings[op] ?? "\(op)") \(r))"
    case .negate(let value): return "-\(value)"
    case .coalesce(let l, let r): return "(\(l) ?? \(r))"
    case .caseWhen(let c, let t, let e): return "iif(\(c), then: \(t), else: \(e))"
    }
  }
}

/// A condition over the columns of a random schema: three-valued, as SQL's are.
indirect enum RandomCondition: CustomStringConvertible {
  case compare(BinaryOperator, RandomInteger, RandomInteger)
  case isNull(RandomInteger, negated: Bool)
  case isDistinct(RandomInteger, RandomInteger, negated: Bool)
  case inList(RandomInteger, [Int?], negated: Bool)
  /// A column of any kind `IS [NOT] NULL`.
  case columnIsNull(SchemaColumn, negated: Bool)
  /// A column of any kind against a value of its kind (text and Booleans by `=` and `<>` only).
  case compareValue(BinaryOperator, SchemaColumn, QueryBinding)
  /// Two columns of one kind.
  case compareColumns(BinaryOperator, SchemaColumn, SchemaColumn)
  /// A column of any kind in a list of values of its kind.
  case valueIn(SchemaColumn, [QueryBinding], negated: Bool)
  /// A Boolean column as the condition.
  case flag(SchemaColumn)
  /// `column.like(pattern)` of a text column, or `likeMatchingCase`.
  case like(SchemaColumn, String, matchingCase: Bool)
  case not(RandomCondition)
  case and(RandomCondition, RandomCondition)
  case or(RandomCondition, RandomCondition)

  /// `LIKE` patterns: both cases of ASCII and non-ASCII letters, wildcards, escaped wildcards,
  /// and `GLOB`'s wildcards, which a case-sensitive `LIKE` on SQLite must match literally.
  static let patterns = [
    "a", "A", "a%", "A%", "%A", "_", "%", "caf%", "CAF\u{C9}", "\u{3C9}%", "\\%", "%\\_%", "_2", "%[%", "%*%", "_?%", "\\a%",
  ]

  static let comparisons: [BinaryOperator] = [.equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual]

  static func random(depth: Int, in scope: RandomScope, using random: inout SeededRandom) -> RandomCondition {
    func integer() -> RandomInteger { .random(depth: max(depth - 1, 0), in: scope, using: &random) }
    func condition() -> RandomCondition { .random(depth: max(depth - 1, 0), in: scope, using: &random) }
    let column = random.pick(scope.columns)
    switch Int.random(in: 0..<(depth > 0 ? 12 : 9), using: &random) {
    case 0, 1: return .compare(random.pick(comparisons), integer(), integer())
    case 2: return .isNull(integer(), negated: random.oneIn(2))
    case 3: return .isDistinct(integer(), integer(), negated: random.oneIn(2))
    case 4:
      let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        random.oneIn(5) ? nil : Int.random(in: -5...5, using: &random)
      }
      return .inList(integer(), values, negated: random.oneIn(2))
    case 5: return .columnIsNull(column, negated: random.oneIn(2))
    case 6:
      let operators = column.kind == .text || column.kind == .boolean ? [.equal, .notEqual] : comparisons
      let other = random.pick(scope.columns(column.kind))
      return random.oneIn(3)
        ? .compareColumns(random.pick(operators), column, other)
        : .compareValue(random.pick(operators), column, column.kind.randomValue(using: &random))
    case 7:
      let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in column.kind.randomValue(using: &random) }
      return .valueIn(column, values, negated: random.oneIn(2))
    case 8:
      let flags = scope.columns(.boolean), texts = scope.columns(.text)
      if !texts.isEmpty && random.oneIn(2) {
        return .like(random.pick(texts), random.pick(patterns), matchingCase: random.oneIn(2))
      }
      return flags.isEmpty ? .columnIsNull(column, negated: true) : .flag(random.pick(flags))
    case 9: return .not(condition())
    case 10: return .and(condition(), condition())
    default: return .or(condition(), condition())
    }
  }

  var node: SQLExpression {
    switch self {
    case .compare(let op, let l, let r): return .binary(l.node, op, r.node)
    case .isNull(let value, let negated): return .isNull(value.node, negated: negated)
    case .isDistinct(let l, let r, let negated): return .isDistinctFrom(l.node, r.node, negated: negated)
    case .inList(let value, let list, let negated):
      return .inList(value.node, list.map { .binding($0.map { .int(Int64($0)) } ?? .null) }, negated: negated)
    case .columnIsNull(let column, let negated): return .isNull(column.node, negated: negated)
    case .compareValue(let op, let column, let value): return .binary(column.node, op, .binding(value))
    case .compareColumns(let op, let l, let r): return .binary(l.node, op, r.node)
    case .valueIn(let column, let values, let negated): return .inList(column.node, values.map { .binding($0) }, negated: negated)
    case .flag(let column): return column.node
    case .like(let column, let pattern, let matchingCase):
      return .binary(column.node, matchingCase ? .likeMatchingCase : .like, .binding(.text(pattern)))
    case .not(let condition): return .not(condition.node)
    case .and(let l, let r): return .binary(l.node, .and, r.node)
    case .or(let l, let r): return .binary(l.node, .or, r.node)
    }
  }

  /// The same condition with each equality (`=`, `IN`) hidden from MariaDB's equality
  /// propagation, its meaning kept, `NULL` included: `CASE WHEN a = b THEN 1 WHEN a <> b THEN 0
  /// END = 1`, which the optimizer does not read as an equality to substitute.
  var nodeHidingEqualities: SQLExpression {
    func hidden(_ holds: SQLExpression, _ fails: SQLExpression) -> SQLExpression {
      .binary(
        .caseWhen(
          [CaseBranch(condition: holds, value: .binding(.int(1))), CaseBranch(condition: fails, value: .binding(.int(0)))],
          else: nil),
        .equal, .binding(.int(1)))
    }
    switch self {
    case .compare(.equal, let l, let r): return hidden(node, .binary(l.node, .notEqual, r.node))
    case .compareValue(.equal, let column, let value): return hidden(node, .binary(column.node, .notEqual, .binding(value)))
    case .compareColumns(.equal, let l, let r): return hidden(node, .binary(l.node, .notEqual, r.node))
    // `NOT (a <> b)` is an equality to MariaDB, which rewrites it as `a = b`.
    case .compare(.notEqual, let l, let r): return hidden(node, .binary(l.node, .equal, r.node))
    case .compareValue(.notEqual, let column, let value): return hidden(node, .binary(column.node, .equal, .binding(value)))
    case .compareColumns(.notEqual, let l, let r): return hidden(node, .binary(l.node, .equal, r.node))
    case .inList(let value, let list, let negated):
      let values = list.map { SQLExpression.binding($0.map { .int(Int64($0)) } ?? .null) }
      return hidden(.inList(value.node, values, negated: negated), .inList(value.node, values, negated: !negated))
    case .valueIn(let column, let values, let negated):
      let values = values.map { SQLExpression.binding($0) }
      return hidden(.inList(column.node, values, negated: negated), .inList(column.node, values, negated: !negated))
    case .not(let condition): return .not(condition.nodeHidingEqualities)
    case .and(let l, let r): return .binary(l.nodeHidingEqualities, .and, r.nodeHidingEqualities)
    case .or(let l, let r): return .binary(l.nodeHidingEqualities, .or, r.nodeHidingEqualities)
    default: return node
    }
  }

  /// Whether it holds an equality (`=`, `IN`, or a `<>` that a `NOT` makes one) anywhere: what
  /// MariaDB's equality propagation substitutes.
  var equatesValues: Bool {
    switch self {
    case .compare(let op, _, _), .compareValue(let op, _, _), .compareColumns(let op, _, _):
      // `<>` too: under a `NOT`, MariaDB rewrites it as `=`.
      return op == .equal || op == .notEqual
    case .inList, .valueIn: return true
    case .isNull, .isDistinct, .columnIsNull, .flag, .like: return false
    case .not(let condition): return condition.equatesValues
    case .and(let l, let r), .or(let l, let r): return l.equatesValues || r.equatesValues
    }
  }

  /// The arithmetic in its integer expressions (see ``RandomInteger/arithmetic``).
  var arithmetic: [RandomInteger] {
    switch self {
    case .compare(_, let l, let r), .isDistinct(let l, let r, _): return l.arithmetic + r.arithmetic
    case .isNull(let value, _), .inList(let value, _, _): return value.arithmetic
    case .not(let condition): return condition.arithmetic
    case .and(let l, let r), .or(let l, let r): return l.arithmetic + r.arithmetic
    case .columnIsNull, .compareValue, .compareColumns, .valueIn, .flag, .like: return []
    }
  }

  /// Smaller conditions to try when shrinking a difference.
  var simpler: [RandomCondition] {
    switch self {
    case .compare(let op, let l, let r):
      return l.simpler.map { .compare(op, $0, r) } + r.simpler.map { .compare(op, l, $0) }
    case .isNull(let value, let negated): return value.simpler.map { .isNull($0, negated: negated) }
    case .isDistinct(let l, let r, let negated):
      return l.simpler.map { .isDistinct($0, r, negated: negated) } + r.simpler.map { .isDistinct(l, $0, negated: negated) }
    case .inList(let value, let list, let negated):
      return value.simpler.map { .inList($0, list, negated: negated) }
        + list.indices.map { index in .inList(value, list.enumerated().filter { $0.offset != index }.map(\.element), negated: negated) }
    case .valueIn(let column, let values, let negated):
      return values.indices.map { index in
        .valueIn(column, values.enumerated().filter { $0.offset != index }.map(\.element), negated: negated)
      }
    case .columnIsNull, .compareValue, .compareColumns, .flag, .like: return []
    case .not(let condition): return [condition] + condition.simpler.map { .not($0) }
    case .and(let l, let r): return [l, r] + l.simpler.map { .and($0, r) } + r.simpler.map { .and(l, $0) }
    case .or(let l, let r): return [l, r] + l.simpler.map { .or($0, r) } + r.simpler.map { .or(l, $0) }
    }
  }

  var description: String {
    switch self {
    case .compare(let op, let l, let r): return "\(l) \(op) \(r)"
    case .isNull(let value, let negated): return negated ? "\(value) != nil" : "\(value) == nil"
    case .isDistinct(let l, let r, let negated): return negated ? "\(l).is(\(r))" : "\(l).isNot(\(r))"
    case .inList(let value, let list, let negated): return "\(value).\(negated ? "notIn" : "in")(\(list))"
    case .columnIsNull(let column, let negated): return negated ? "\(column) != nil" : "\(column) == nil"
    case .compareValue(let op, let column, let value): return "\(column) \(op) \(value)"
    case .compareColumns(let op, let l, let r): return "\(l) \(op) \(r)"
    case .valueIn(let column, let values, let negated):
      return "\(column).\(negated ? "notIn" : "in")([\(values.map(\.description).joined(separator: ", "))])"
    case .flag(let column): return "\(column)"
    case .like(let column, let pattern, let matchingCase):
      return "\(column).\(matchingCase ? "likeMatchingCase" : "like")(\(String(reflecting: pattern)))"
    case .not(let condition): return "!(\(condition))"
    case .and(let l, let r): return "(\(l) && \(r))"
    case .or(let l, let r): return "(\(l) || \(r))"
    }
  }
}
