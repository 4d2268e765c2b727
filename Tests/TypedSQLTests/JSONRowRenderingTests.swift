import Foundation
import Testing
import TypedSQL
import TypedSQLSQLite

// Whole rows as JSON objects, and a group's rows as a JSON array of them: each column in the
// form its type reads back from (Booleans as true/false, bytes as hexadecimal text, JSON nested,
// a UUID's bytes as UUID text, dates stored as numbers as ISO-8601 text).

@Table private struct Attachment {
  let id: Int
  var isPinned = false
  var digest: [UInt8] = []
  @Column(as: [String].JSONRepresentation.self) var labels: [String] = []
  @Column(as: UUID.BytesRepresentation.self) var token: UUID
  @Column(as: Date.UnixTimeRepresentation.self) var sentAt: Date
  @Column(as: Date.JulianDayRepresentation?.self) var dueAt: Date?
}

/// A table wider than one call of a JSON object function takes.
@Table private struct WideRow {
  let id: Int
  var c1: Int?
  var c2: Int?
  var c3: Int?
  var c4: Int?
  var c5: Int?
  var c6: Int?
  var c7: Int?
  var c8: Int?
  var c9: Int?
  var c10: Int?
  var c11: Int?
  var c12: Int?
  var c13: Int?
  var c14: Int?
  var c15: Int?
  var c16: Int?
  var c17: Int?
  var c18: Int?
  var c19: Int?
  var c20: Int?
  var c21: Int?
  var c22: Int?
  var c23: Int?
  var c24: Int?
  var c25: Int?
  var c26: Int?
  var c27: Int?
  var c28: Int?
  var c29: Int?
  var c30: Int?
  var c31: Int?
  var c32: Int?
  var c33: Int?
  var c34: Int?
  var c35: Int?
  var c36: Int?
  var c37: Int?
  var c38: Int?
  var c39: Int?
  var c40: Int?
  var c41: Int?
  var c42: Int?
  var c43: Int?
  var c44: Int?
  var c45: Int?
  var c46: Int?
  var c47: Int?
  var c48: Int?
  var c49: Int?
  var c50: Int?
  var c51: Int?
  var c52: Int?
}

@Suite struct JSONRowRenderingTests {
  @Test func eachListWithItsReminders() {
    let query = RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .group { list, _ in list.id }
      .select { ($0, $1.jsonGroupArray()) }
    let _: Select<(RemindersList.TableColumns, NullableColumns<Reminder.TableColumns>), TupleRow<RemindersList, JSONRows<Reminder>>> = query
    assertSQLWithMySQL(query) {
      """
      SQLite:
        SELECT "remindersLists"."id", "remindersLists"."title", json_group_array(json_object('id', "reminders"."id", 'title', "reminders"."title", 'isCompleted', json(CASE "reminders"."isCompleted" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'priority', "reminders"."priority", 'remindersListID', "reminders"."remindersListID")) FILTER (WHERE ("reminders"."id" IS NOT NULL)) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      PostgreSQL:
        SELECT "remindersLists"."id", "remindersLists"."title", coalesce(jsonb_agg(jsonb_build_object('id', "reminders"."id", 'title', "reminders"."title", 'isCompleted', "reminders"."isCompleted", 'priority', "reminders"."priority", 'remindersListID', "reminders"."remindersListID")) FILTER (WHERE ("reminders"."id" IS NOT NULL)), '[]'::jsonb) FROM "remindersLists" LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID") GROUP BY "remindersLists"."id"
      MySQL:
        SELECT `remindersLists`.`id`, `remindersLists`.`title`, JSON_EXTRACT(COALESCE(JSON_EXTRACT(CONCAT('[', GROUP_CONCAT(CASE WHEN (`reminders`.`id` IS NOT NULL) THEN JSON_ARRAY(JSON_OBJECT('id', `reminders`.`id`, 'title', `reminders`.`title`, 'isCompleted', JSON_EXTRACT(CASE WHEN `reminders`.`isCompleted` THEN 'true' WHEN NOT `reminders`.`isCompleted` THEN 'false' END, '$'), 'priority', `reminders`.`priority`, 'remindersListID', `reminders`.`remindersListID`)) END SEPARATOR ','), ']'), '$[*][0]'), '[]'), '$') FROM `remindersLists` LEFT JOIN `reminders` ON (`remindersLists`.`id` = `reminders`.`remindersListID`) GROUP BY `remindersLists`.`id`
      """
    }
  }

  @Test func aRowAsAnObject() {
    assertSQLWithMySQL(Reminder.select { $0.jsonObject() }) {
      """
      SQLite:
        SELECT json_object('id', "reminders"."id", 'title', "reminders"."title", 'isCompleted', json(CASE "reminders"."isCompleted" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'priority', "reminders"."priority", 'remindersListID', "reminders"."remindersListID") FROM "reminders"
      PostgreSQL:
        SELECT jsonb_build_object('id', "reminders"."id", 'title', "reminders"."title", 'isCompleted', "reminders"."isCompleted", 'priority', "reminders"."priority", 'remindersListID', "reminders"."remindersListID") FROM "reminders"
      MySQL:
        SELECT JSON_OBJECT('id', `reminders`.`id`, 'title', `reminders`.`title`, 'isCompleted', JSON_EXTRACT(CASE WHEN `reminders`.`isCompleted` THEN 'true' WHEN NOT `reminders`.`isCompleted` THEN 'false' END, '$'), 'priority', `reminders`.`priority`, 'remindersListID', `reminders`.`remindersListID`) FROM `reminders`
      """
    }
  }

  @Test func formsOfValues() {
    assertSQLWithMySQL(Attachment.select { $0.jsonGroupArray() }) {
      """
      SQLite:
        SELECT json_group_array(json_object('id', "attachments"."id", 'isPinned', json(CASE "attachments"."isPinned" WHEN 0 THEN 'false' WHEN 1 THEN 'true' END), 'digest', CASE WHEN "attachments"."digest" IS NOT NULL THEN hex("attachments"."digest") END, 'labels', json("attachments"."labels"), 'token', CASE WHEN "attachments"."token" IS NOT NULL THEN lower(substr(hex("attachments"."token"), 1, 8) || '-' || substr(hex("attachments"."token"), 9, 4) || '-' || substr(hex("attachments"."token"), 13, 4) || '-' || substr(hex("attachments"."token"), 17, 4) || '-' || substr(hex("attachments"."token"), 21, 12)) END, 'sentAt', datetime("attachments"."sentAt", 'unixepoch'), 'dueAt', strftime('%Y-%m-%d %H:%M:%f', "attachments"."dueAt"))) FROM "attachments"
      PostgreSQL:
        SELECT coalesce(jsonb_agg(jsonb_build_object('id', "attachments"."id", 'isPinned', "attachments"."isPinned", 'digest', upper(encode("attachments"."digest", 'hex')), 'labels', "attachments"."labels", 'token', CAST(encode("attachments"."token", 'hex') AS uuid), 'sentAt', to_char(to_timestamp("attachments"."sentAt") AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'), 'dueAt', to_char(to_timestamp(round(("attachments"."dueAt" - 2440587.5) * 86400000) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS'))), '[]'::jsonb) FROM "attachments"
      MySQL:
        SELECT JSON_EXTRACT(COALESCE(JSON_ARRAYAGG(JSON_OBJECT('id', `attachments`.`id`, 'isPinned', JSON_EXTRACT(CASE WHEN `attachments`.`isPinned` THEN 'true' WHEN NOT `attachments`.`isPinned` THEN 'false' END, '$'), 'digest', HEX(`attachments`.`digest`), 'labels', JSON_COMPACT(CAST(`attachments`.`labels` AS CHAR)), 'token', LOWER(CONCAT(SUBSTR(HEX(`attachments`.`token`), 1, 8), '-', SUBSTR(HEX(`attachments`.`token`), 9, 4), '-', SUBSTR(HEX(`attachments`.`token`), 13, 4), '-', SUBSTR(HEX(`attachments`.`token`), 17, 4), '-', SUBSTR(HEX(`attachments`.`token`), 21, 12))), 'sentAt', DATE_FORMAT((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL `attachments`.`sentAt` SECOND), ?), 'dueAt', CONCAT(DATE_FORMAT((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(`attachments`.`dueAt` * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND), ?), LEFT(DATE_FORMAT((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(`attachments`.`dueAt` * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND), '%f'), 3)))), '[]'), '$') FROM `attachments`
        bindings: text("%Y-%m-%d %H:%i:%s"), text("%Y-%m-%d %H:%i:%s.")
      """
    }
  }

  @Test func aWideRowIsBuiltInParts() {
    assertSQLWithMySQL(WideRow.select { $0.jsonObject() }) {
      """
      SQLite:
        SELECT json_patch(json_object('id', "wideRows"."id", 'c1', "wideRows"."c1", 'c2', "wideRows"."c2", 'c3', "wideRows"."c3", 'c4', "wideRows"."c4", 'c5', "wideRows"."c5", 'c6', "wideRows"."c6", 'c7', "wideRows"."c7", 'c8', "wideRows"."c8", 'c9', "wideRows"."c9", 'c10', "wideRows"."c10", 'c11', "wideRows"."c11", 'c12', "wideRows"."c12", 'c13', "wideRows"."c13", 'c14', "wideRows"."c14", 'c15', "wideRows"."c15", 'c16', "wideRows"."c16", 'c17', "wideRows"."c17", 'c18', "wideRows"."c18", 'c19', "wideRows"."c19", 'c20', "wideRows"."c20", 'c21', "wideRows"."c21", 'c22', "wideRows"."c22", 'c23', "wideRows"."c23", 'c24', "wideRows"."c24", 'c25', "wideRows"."c25", 'c26', "wideRows"."c26", 'c27', "wideRows"."c27", 'c28', "wideRows"."c28", 'c29', "wideRows"."c29", 'c30', "wideRows"."c30", 'c31', "wideRows"."c31", 'c32', "wideRows"."c32", 'c33', "wideRows"."c33", 'c34', "wideRows"."c34", 'c35', "wideRows"."c35", 'c36', "wideRows"."c36", 'c37', "wideRows"."c37", 'c38', "wideRows"."c38", 'c39', "wideRows"."c39", 'c40', "wideRows"."c40", 'c41', "wideRows"."c41", 'c42', "wideRows"."c42", 'c43', "wideRows"."c43", 'c44', "wideRows"."c44", 'c45', "wideRows"."c45", 'c46', "wideRows"."c46", 'c47', "wideRows"."c47", 'c48', "wideRows"."c48", 'c49', "wideRows"."c49"), json_object('c50', "wideRows"."c50", 'c51', "wideRows"."c51", 'c52', "wideRows"."c52")) FROM "wideRows"
      PostgreSQL:
        SELECT (jsonb_build_object('id', "wideRows"."id", 'c1', "wideRows"."c1", 'c2', "wideRows"."c2", 'c3', "wideRows"."c3", 'c4', "wideRows"."c4", 'c5', "wideRows"."c5", 'c6', "wideRows"."c6", 'c7', "wideRows"."c7", 'c8', "wideRows"."c8", 'c9', "wideRows"."c9", 'c10', "wideRows"."c10", 'c11', "wideRows"."c11", 'c12', "wideRows"."c12", 'c13', "wideRows"."c13", 'c14', "wideRows"."c14", 'c15', "wideRows"."c15", 'c16', "wideRows"."c16", 'c17', "wideRows"."c17", 'c18', "wideRows"."c18", 'c19', "wideRows"."c19", 'c20', "wideRows"."c20", 'c21', "wideRows"."c21", 'c22', "wideRows"."c22", 'c23', "wideRows"."c23", 'c24', "wideRows"."c24", 'c25', "wideRows"."c25", 'c26', "wideRows"."c26", 'c27', "wideRows"."c27", 'c28', "wideRows"."c28", 'c29', "wideRows"."c29", 'c30', "wideRows"."c30", 'c31', "wideRows"."c31", 'c32', "wideRows"."c32", 'c33', "wideRows"."c33", 'c34', "wideRows"."c34", 'c35', "wideRows"."c35", 'c36', "wideRows"."c36", 'c37', "wideRows"."c37", 'c38', "wideRows"."c38", 'c39', "wideRows"."c39", 'c40', "wideRows"."c40", 'c41', "wideRows"."c41", 'c42', "wideRows"."c42", 'c43', "wideRows"."c43", 'c44', "wideRows"."c44", 'c45', "wideRows"."c45", 'c46', "wideRows"."c46", 'c47', "wideRows"."c47", 'c48', "wideRows"."c48", 'c49', "wideRows"."c49") || jsonb_build_object('c50', "wideRows"."c50", 'c51', "wideRows"."c51", 'c52', "wideRows"."c52")) FROM "wideRows"
      MySQL:
        SELECT JSON_OBJECT('id', `wideRows`.`id`, 'c1', `wideRows`.`c1`, 'c2', `wideRows`.`c2`, 'c3', `wideRows`.`c3`, 'c4', `wideRows`.`c4`, 'c5', `wideRows`.`c5`, 'c6', `wideRows`.`c6`, 'c7', `wideRows`.`c7`, 'c8', `wideRows`.`c8`, 'c9', `wideRows`.`c9`, 'c10', `wideRows`.`c10`, 'c11', `wideRows`.`c11`, 'c12', `wideRows`.`c12`, 'c13', `wideRows`.`c13`, 'c14', `wideRows`.`c14`, 'c15', `wideRows`.`c15`, 'c16', `wideRows`.`c16`, 'c17', `wideRows`.`c17`, 'c18', `wideRows`.`c18`, 'c19', `wideRows`.`c19`, 'c20', `wideRows`.`c20`, 'c21', `wideRows`.`c21`, 'c22', `wideRows`.`c22`, 'c23', `wideRows`.`c23`, 'c24', `wideRows`.`c24`, 'c25', `wideRows`.`c25`, 'c26', `wideRows`.`c26`, 'c27', `wideRows`.`c27`, 'c28', `wideRows`.`c28`, 'c29', `wideRows`.`c29`, 'c30', `wideRows`.`c30`, 'c31', `wideRows`.`c31`, 'c32', `wideRows`.`c32`, 'c33', `wideRows`.`c33`, 'c34', `wideRows`.`c34`, 'c35', `wideRows`.`c35`, 'c36', `wideRows`.`c36`, 'c37', `wideRows`.`c37`, 'c38', `wideRows`.`c38`, 'c39', `wideRows`.`c39`, 'c40', `wideRows`.`c40`, 'c41', `wideRows`.`c41`, 'c42', `wideRows`.`c42`, 'c43', `wideRows`.`c43`, 'c44', `wideRows`.`c44`, 'c45', `wideRows`.`c45`, 'c46', `wideRows`.`c46`, 'c47', `wideRows`.`c47`, 'c48', `wideRows`.`c48`, 'c49', `wideRows`.`c49`, 'c50', `wideRows`.`c50`, 'c51', `wideRows`.`c51`, 'c52', `wideRows`.`c52`) FROM `wideRows`
      """
    }
  }
}
