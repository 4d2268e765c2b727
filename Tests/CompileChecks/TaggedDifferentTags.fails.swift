// expect: error: binary operator '==' cannot be applied
// Comparing a RemindersList.ID with a Reminder.ID does not compile.
import Tagged
import TypedSQLCore

enum RemindersList {}
enum Reminder {}
let listID = SQLQueryExpression<Tagged<RemindersList, Int>>(column: "id", qualifier: "remindersLists")
let reminderID = SQLQueryExpression<Tagged<Reminder, Int>>(column: "id", qualifier: "reminders")
let condition: SQLQueryExpression<Bool> = listID == reminderID
