// expect: '&&' combines SQLQueryExpression<Bool> operands: write 'lhs.and(rhs)'
// StructuredQueries' `&&` with an operand declared `some QueryExpression<Bool>`: TypedSQL's `&&`
// takes SQLQueryExpression operands (an overload on the protocol makes long conditions slow to
// type-check), so the compiler names `and(_:)` instead of reporting no matching operator.
import TypedSQL

@Table struct Reminder {
  let id: Int
  var isCompleted = false
  var isFlagged = false
}

extension Reminder.TableColumns {
  var isOpen: some QueryExpression<Bool> { !isCompleted }
}

_ = Reminder.where { $0.isOpen && $0.isFlagged }
