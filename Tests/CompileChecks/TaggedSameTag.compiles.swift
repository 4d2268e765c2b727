// Two columns with the same tag compare: the control for TaggedDifferentTags.fails.swift.
import Tagged
import TypedSQLCore

enum RemindersList {}
let listID = QueryExpression<Tagged<RemindersList, Int>>(column: "id", qualifier: "remindersLists")
let reminderListID = QueryExpression<Tagged<RemindersList, Int>?>(column: "remindersListID", qualifier: "reminders")
let condition: QueryExpression<Bool> = listID == reminderListID
