import Foundation
import TypedSQL

/// The random table the differential test queries: integers with duplicates and `NULL`s, text
/// with non-ASCII and differently normalized values, fractions, Booleans, dates.
@Table("diff") struct DiffRow {
  let id: Int
  var a: Int?
  var b: Int?
  var t: String?
  var f: Double?
  var flag: Bool?
  var d: Date?

  /// Instants the rows and conditions draw from: equal ones, ones a millisecond apart, and ones
  /// centuries apart.
  static let dates = [0, 0.001, 86_400, -1_000_000_000, 1_700_000_000.5, 4_000_000_000].map(Date.init(timeIntervalSince1970:))

  /// `count` rows of random values.
  static func randomRows(_ count: Int, using random: inout SeededRandom) -> [DiffRow] {
    func maybe<T>(_ value: T) -> T? { random.oneIn(5) ? nil : value }
    let texts = ["", "a", "A", "b", "ab", " a", "caf\u{E9}", "cafe\u{301}", "\u{3A9}", "😀", "a%", "a_b"]
    let doubles = [0.5, -1.25, 0, 3, -0.75, 1e10, 2.5]
    // Row 1 always holds "a", so the self-check of LIKE's documented difference has a row to see.
    return (1...count).map { id in
      DiffRow(
        id: id, a: maybe(Int.random(in: -5...5, using: &random)), b: maybe(Int.random(in: -5...5, using: &random)),
        t: id == 1 ? "a" : maybe(random.pick(texts)), f: maybe(random.pick(doubles)), flag: maybe(random.oneIn(2)),
        d: maybe(random.pick(dates)))
    }
  }
}

/// An integer expression over a ``DiffRow``.
indirect enum RandomInteger: CustomStringConvertible {
  case column(String)
  case literal(Int)
  case add(RandomInteger, RandomInteger)
  case subtract(RandomInteger, RandomInteger)
  case multiply(RandomInteger, RandomInteger)
  case negate(RandomInteger)
  case coalesce(RandomInteger, RandomInteger)
  case caseWhen(RandomCondition, RandomInteger, RandomInteger)

  static func random(depth: Int, using random: inout SeededRandom) -> RandomInteger {
    guard depth > 0, !random.oneIn(3) else {
      return random.oneIn(3) ? .literal(Int.random(in: -5...5, using: &random)) : .column(random.pick(["a", "b", "id"]))
    }
    let next = depth - 1
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .add(.random(depth: next, using: &random), .random(depth: next, using: &random))
    case 1: return .subtract(.random(depth: next, using: &random), .random(depth: next, using: &random))
    case 2: return .multiply(.random(depth: next, using: &random), .random(depth: next, using: &random))
    case 3: return .negate(.random(depth: next, using: &random))
    case 4: return .coalesce(.random(depth: next, using: &random), .random(depth: next, using: &random))
    default:
      return .caseWhen(
        .random(depth: next, using: &random), .random(depth: next, using: &random), .random(depth: next, using: &random))
    }
  }

  var node: SQLExpression {
    switch self {
    case .column(let name): return .column(ColumnReference(qualifier: "diff", name: name))
    case .literal(let value): return .binding(.int(Int64(value)))
    case .add(let l, let r): return .binary(l.node, .add, r.node)
    case .subtract(let l, let r): return .binary(l.node, .subtract, r.node)
    case .multiply(let l, let r): return .binary(l.node, .multiply, r.node)
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
    case .add(let l, let r), .subtract(let l, let r), .multiply(let l, let r), .coalesce(let l, let r):
      return [l, r, .literal(0)]
        + l.simpler.map { replaced(left: $0) } + r.simpler.map { replaced(right: $0) }
    case .negate(let value): return [value] + value.simpler.map { .negate($0) }
    case .caseWhen(let condition, let then, let otherwise):
      return [then, otherwise] + condition.simpler.map { .caseWhen($0, then, otherwise) }
        + then.simpler.map { .caseWhen(condition, $0, otherwise) } + otherwise.simpler.map { .caseWhen(condition, then, $0) }
    }
  }

  private func replaced(left: RandomInteger? = nil, right: RandomInteger? = nil) -> RandomInteger {
    switch self {
    case .add(let l, let r): return .add(left ?? l, right ?? r)
    case .subtract(let l, let r): return .subtract(left ?? l, right ?? r)
    case .multiply(let l, let r): return .multiply(left ?? l, right ?? r)
    case .coalesce(let l, let r): return .coalesce(left ?? l, right ?? r)
    default: return self
    }
  }

  var description: String {
    switch self {
    case .column(let name): return "$0.\(name)"
    case .literal(let value): return "\(value)"
    case .add(let l, let r): return "(\(l) + \(r))"
    case .subtract(let l, let r): return "(\(l) - \(r))"
    case .multiply(let l, let r): return "(\(l) * \(r))"
    case .negate(let value): return "-\(value)"
    case .coalesce(let l, let r): return "(\(l) ?? \(r))"
    case .caseWhen(let c, let t, let e): return "iif(\(c), then: \(t), else: \(e))"
    }
  }
}

/// A condition over a ``DiffRow``: three-valued, as SQL's are.
indirect enum RandomCondition: CustomStringConvertible {
  case compare(BinaryOperator, RandomInteger, RandomInteger)
  case isNull(RandomInteger, negated: Bool)
  case isDistinct(RandomInteger, RandomInteger, negated: Bool)
  case inList(RandomInteger, [Int?], negated: Bool)
  case textEquals(String?, negated: Bool)
  case textIn([String], negated: Bool)
  case realCompare(BinaryOperator, Double)
  case dateCompare(BinaryOperator, Date)
  case flag
  /// `$0.t.like(pattern)`: never generated, since `LIKE` ignores ASCII case on SQLite alone (a
  /// documented difference); the harness's self-test uses it to show it sees a difference.
  case like(String)
  case not(RandomCondition)
  case and(RandomCondition, RandomCondition)
  case or(RandomCondition, RandomCondition)

  static let comparisons: [BinaryOperator] = [.equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual]

  static func random(depth: Int, using random: inout SeededRandom) -> RandomCondition {
    let next = max(depth - 1, 0)
    let choice = Int.random(in: 0..<(depth > 0 ? 11 : 8), using: &random)
    switch choice {
    case 0, 1:
      return .compare(
        random.pick(comparisons), .random(depth: next, using: &random), .random(depth: next, using: &random))
    case 2: return .isNull(.random(depth: next, using: &random), negated: random.oneIn(2))
    case 3:
      return .isDistinct(.random(depth: next, using: &random), .random(depth: next, using: &random), negated: random.oneIn(2))
    case 4:
      let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        random.oneIn(5) ? nil : Int.random(in: -5...5, using: &random)
      }
      return .inList(.random(depth: next, using: &random), values, negated: random.oneIn(2))
    case 5:
      let texts = ["", "a", "A", "caf\u{E9}", "cafe\u{301}", "\u{3A9}", "a%"]
      return .textEquals(random.oneIn(6) ? nil : random.pick(texts), negated: random.oneIn(2))
    case 6: return .textIn(Array(["a", "A", "", "\u{3A9}", "😀"].prefix(Int.random(in: 0...5, using: &random))), negated: random.oneIn(2))
    case 7:
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return .flag
      case 1: return .realCompare(random.pick(comparisons), random.pick([0, 0.5, -1.25, 3, 1e10]))
      default: return .dateCompare(random.pick(comparisons), random.pick(DiffRow.dates))
      }
    case 8: return .not(.random(depth: next, using: &random))
    case 9: return .and(.random(depth: next, using: &random), .random(depth: next, using: &random))
    default: return .or(.random(depth: next, using: &random), .random(depth: next, using: &random))
    }
  }

  var node: SQLExpression {
    switch self {
    case .compare(let op, let l, let r): return .binary(l.node, op, r.node)
    case .isNull(let value, let negated): return .isNull(value.node, negated: negated)
    case .isDistinct(let l, let r, let negated): return .isDistinctFrom(l.node, r.node, negated: negated)
    case .inList(let value, let list, let negated):
      return .inList(value.node, list.map { .binding($0.map { .int(Int64($0)) } ?? .null) }, negated: negated)
    case .textEquals(let text, let negated):
      let column = SQLExpression.column(ColumnReference(qualifier: "diff", name: "t"))
      guard let text else { return .isNull(column, negated: negated) }
      return .binary(column, negated ? .notEqual : .equal, .binding(.text(text)))
    case .textIn(let texts, let negated):
      return .inList(
        .column(ColumnReference(qualifier: "diff", name: "t")), texts.map { .binding(.text($0)) }, negated: negated)
    case .realCompare(let op, let value):
      return .binary(.column(ColumnReference(qualifier: "diff", name: "f")), op, .binding(.double(value)))
    case .dateCompare(let op, let date):
      return .binary(.column(ColumnReference(qualifier: "diff", name: "d")), op, .binding(.date(date)))
    case .flag: return .column(ColumnReference(qualifier: "diff", name: "flag"))
    case .like(let pattern):
      return .binary(.column(ColumnReference(qualifier: "diff", name: "t")), .like, .binding(.text(pattern)))
    case .not(let condition): return .not(condition.node)
    case .and(let l, let r): return .binary(l.node, .and, r.node)
    case .or(let l, let r): return .binary(l.node, .or, r.node)
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
    case .textEquals, .textIn, .realCompare, .dateCompare, .flag, .like: return []
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
    case .textEquals(let text, let negated):
      return "$0.t \(negated ? "!=" : "==") \(text.map { String(reflecting: $0) } ?? "nil")"
    case .textIn(let texts, let negated): return "$0.t.\(negated ? "notIn" : "in")(\(texts))"
    case .realCompare(let op, let value): return "$0.f \(op) \(value)"
    case .dateCompare(let op, let date): return "$0.d \(op) \(date.timeIntervalSince1970)"
    case .flag: return "$0.flag"
    case .like(let pattern): return "$0.t.like(\(String(reflecting: pattern)))"
    case .not(let condition): return "!(\(condition))"
    case .and(let l, let r): return "(\(l) && \(r))"
    case .or(let l, let r): return "(\(l) || \(r))"
    }
  }
}
