// expect: error: binary operator '==' cannot be applied
// Comparing a RemindersList.ID with a Reminder.ID does not compile.
import Tagged
import TypedSQLCore

enum RemindersList {}
enum Reminder {}
let listID = QueryExpression<Tagged<RemindersList, Int>>(column: "id", qualifier: "remindersLists")
let reminderID = QueryExpression<Tagged<Reminder, Int>>(column: "id", qualifier: "reminders")
let condition: QueryExpression<Bool> = listID == reminderID
