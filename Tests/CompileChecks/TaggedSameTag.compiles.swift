// Two columns with the same tag compare: the control for TaggedDifferentTags.fails.swift.
import Tagged
import TypedSQLCore

enum RemindersList {}
let listID = SQLQueryExpression<Tagged<RemindersList, Int>>(column: "id", qualifier: "remindersLists")
let reminderListID = SQLQueryExpression<Tagged<RemindersList, Int>?>(column: "remindersListID", qualifier: "reminders")
let condition: SQLQueryExpression<Bool> = listID == reminderListID
