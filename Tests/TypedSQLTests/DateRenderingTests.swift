import Foundation
import Testing
import TypedSQL

@Suite struct DateRenderingTests {
  @Table struct Event {
    let id: Int
    var at: Date
    @Column(as: Date.UnixTimeRepresentation.self) var unixAt: Date
    @Column(as: Date.JulianDayRepresentation?.self) var julianAt: Date?
    @Column(as: Date.ISO8601Representation.self) var textAt: Date
  }

  @Test func componentsAndStarts() {
    assertSQLWithMySQL(Event.select { ($0.at.component(.year), $0.at.component(.weekday), $0.at.start(of: .months), $0.at.start(of: .hours)) }) {
      """
      SQLite:
        SELECT CAST(strftime('%Y', "events"."at") AS INTEGER), CAST(strftime('%w', "events"."at") AS INTEGER), strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month'), strftime('%Y-%m-%d %H:00:00.000', "events"."at") FROM "events"
      PostgreSQL:
        SELECT CAST(floor(extract(year FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint), CAST(floor(extract(dow FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint), (date_trunc('month', ("events"."at" AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC'), (date_trunc('hour', ("events"."at" AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC') FROM "events"
      MySQL:
        SELECT YEAR(`events`.`at`), (DAYOFWEEK(`events`.`at`) - 1), CAST(DATE_FORMAT(`events`.`at`, '%Y-%m-01') AS DATETIME(6)), CAST(DATE_FORMAT(`events`.`at`, '%Y-%m-%d %H:00:00') AS DATETIME(6)) FROM `events`
      """
    }
  }

  @Test func arithmeticClampsMonthEnds() {
    assertSQLWithMySQL(Event.where { $0.at.adding(1, .months) > SQLQueryExpression<Date>.now }.select { $0.at.adding(-3, .days) }) {
      """
      SQLite:
        SELECT strftime('%Y-%m-%d %H:%M:%f', "events"."at", (?1 || ' days')) FROM "events" WHERE ((date("events"."at", 'start of month', (?2 || ' months'), (min(CAST(strftime('%d', "events"."at") AS INTEGER), CAST(strftime('%d', "events"."at", 'start of month', ((?2 + ?2) || ' months'), '-1 days') AS INTEGER)) - 1) || ' days') || ' ' || strftime('%H:%M:%f', "events"."at")) > strftime('%Y-%m-%d %H:%M:%f', 'now'))
        bindings: int(-3), int(1)
      PostgreSQL:
        SELECT ((("events"."at" AT TIME ZONE 'UTC') + make_interval(days => CAST($1 AS integer))) AT TIME ZONE 'UTC') FROM "events" WHERE (((("events"."at" AT TIME ZONE 'UTC') + make_interval(months => CAST($2 AS integer))) AT TIME ZONE 'UTC') > statement_timestamp())
        bindings: int(-3), int(1)
      MySQL:
        SELECT (`events`.`at` + INTERVAL ? DAY) FROM `events` WHERE ((`events`.`at` + INTERVAL ? MONTH) > UTC_TIMESTAMP(6))
        bindings: int(-3), int(1)
      """
    }
  }

  @Test func unixTimesJulianDaysAndTextAreReadAndWrittenBack() {
    assertSQLWithMySQL(Event.select { ($0.unixAt.start(of: .days), $0.julianAt.component(.hour), $0.textAt.adding(1, .hours)) }) {
      #"""
      SQLite:
        SELECT CAST(strftime('%s', strftime('%Y-%m-%d %H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', "events"."unixAt", 'unixepoch'), 'start of day')) AS INTEGER), CAST(strftime('%H', strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt")) AS INTEGER), strftime('%Y-%m-%d %H:%M:%f', "events"."textAt", (?1 || ' hours')) FROM "events"
        bindings: int(1)
      PostgreSQL:
        SELECT CAST(floor(extract(epoch FROM (date_trunc('day', (to_timestamp("events"."unixAt") AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC'))) AS bigint), CAST(floor(extract(hour FROM (to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC'))) AS bigint), (to_char((((((CAST("events"."textAt" AS timestamp) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') + make_interval(hours => CAST($1 AS integer))) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'), $2)) FROM "events"
        bindings: int(1), text("YYYY\"-\"MM\"-\"DD\" \"HH24\":\"MI\":\"SS.MS")
      MySQL:
        SELECT CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', CAST(DATE_FORMAT((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL `events`.`unixAt` SECOND), '%Y-%m-%d') AS DATETIME(6))) / 1000000) AS SIGNED), HOUR((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(`events`.`julianAt` * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND)), CONCAT(DATE_FORMAT((CAST(`events`.`textAt` AS DATETIME(6)) + INTERVAL ? HOUR), ?), LEFT(DATE_FORMAT((CAST(`events`.`textAt` AS DATETIME(6)) + INTERVAL ? HOUR), '%f'), 3)) FROM `events`
        bindings: int(1), text("%Y-%m-%d %H:%i:%s."), int(1)
      """#
    }
    assertSQLWithMySQL(Event.where { $0.unixAt < SQLQueryExpression<Date.UnixTimeRepresentation>.now }.select { $0.julianAt.adding(2, .days) }) {
      """
      SQLite:
        SELECT julianday(strftime('%Y-%m-%d %H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt"), (?1 || ' days'))) FROM "events" WHERE ("events"."unixAt" < CAST(strftime('%s', strftime('%Y-%m-%d %H:%M:%f', 'now')) AS INTEGER))
        bindings: int(2)
      PostgreSQL:
        SELECT (CAST(round(extract(epoch FROM (((to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC') + make_interval(days => CAST($1 AS integer))) AT TIME ZONE 'UTC')) * 1000) + 210866760000000 AS double precision) / 86400000) FROM "events" WHERE ("events"."unixAt" < CAST(floor(extract(epoch FROM statement_timestamp())) AS bigint))
        bindings: int(2)
      MySQL:
        SELECT (CAST(ROUND(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', ((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(`events`.`julianAt` * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND) + INTERVAL ? DAY)) / 1000) + 210866760000000 AS DOUBLE) / 86400000) FROM `events` WHERE (`events`.`unixAt` < CAST(FLOOR(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00.000000', UTC_TIMESTAMP(6)) / 1000000) AS SIGNED))
        bindings: int(2)
      """
    }
  }

  @Test func modifiersAndFractionalSeconds() {
    assertSQLWithMySQL(Event.select { ($0.at(.months(1)), $0.at(.startOfMonth.months(1, .floor).days(-1)), $0.at(.weekday(0).milliseconds(-1500)), $0.at.fractionalSecond) }) {
      """
      SQLite:
        SELECT strftime('%Y-%m-%d %H:%M:%f', "events"."at", '1 months'), strftime('%Y-%m-%d %H:%M:%f', (date(strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month'), 'start of month', (?1 || ' months'), (min(CAST(strftime('%d', strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month')) AS INTEGER), CAST(strftime('%d', strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month'), 'start of month', ((?1 + ?1) || ' months'), '-1 days') AS INTEGER)) - 1) || ' days') || ' ' || strftime('%H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month'))), '-1 days'), strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'weekday 0', '-1.500 seconds'), CAST(strftime('%f', "events"."at") AS REAL) FROM "events"
        bindings: int(1)
      PostgreSQL:
        SELECT ((date_trunc('month', ("events"."at" AT TIME ZONE 'UTC')) + make_interval(months => 1) + (("events"."at" AT TIME ZONE 'UTC') - date_trunc('month', ("events"."at" AT TIME ZONE 'UTC')))) AT TIME ZONE 'UTC'), (((date_trunc('month', ("events"."at" AT TIME ZONE 'UTC')) + make_interval(months => 1)) + make_interval(days => -1)) AT TIME ZONE 'UTC'), (((("events"."at" AT TIME ZONE 'UTC') + make_interval(days => CAST((7 - extract(dow FROM ("events"."at" AT TIME ZONE 'UTC'))) AS integer) % 7)) + make_interval(secs => -1.500)) AT TIME ZONE 'UTC'), CAST(round(extract(second FROM ("events"."at" AT TIME ZONE 'UTC')), 3) AS double precision) FROM "events"
      MySQL:
        SELECT (`events`.`at` - INTERVAL (DAYOFMONTH(`events`.`at`) - 1) DAY + INTERVAL 1 MONTH + INTERVAL (DAYOFMONTH(`events`.`at`) - 1) DAY), ((CAST(DATE_FORMAT(`events`.`at`, '%Y-%m-01') AS DATETIME(6)) + INTERVAL 1 MONTH) + INTERVAL -1 DAY), ((`events`.`at` + INTERVAL ((8 - DAYOFWEEK(`events`.`at`)) % 7) DAY) + INTERVAL -1.500 SECOND), CAST(ROUND(SECOND(`events`.`at`) + MICROSECOND(`events`.`at`) / 1000000, 3) AS DOUBLE) FROM `events`
      """
    }
  }

  @Test func formatsWithTheFieldsEveryDatabaseWrites() {
    assertSQLWithMySQL(Event.select { ($0.at.strftime("%Y-%m-%d %H:%M:%f (%j, %w) 100%%"), $0.julianAt.strftime("%w")) }) {
      #"""
      SQLite:
        SELECT strftime(?1, "events"."at"), strftime(?2, strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt")) FROM "events"
        bindings: text("%Y-%m-%d %H:%M:%f (%j, %w) 100%%"), text("%w")
      PostgreSQL:
        SELECT (to_char(("events"."at" AT TIME ZONE 'UTC'), $1) || CAST(CAST(floor(extract(dow FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint) AS text) || to_char(("events"."at" AT TIME ZONE 'UTC'), $2)), (CAST(CAST(floor(extract(dow FROM (to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC'))) AS bigint) AS text)) FROM "events"
        bindings: text("YYYY\"-\"MM\"-\"DD\" \"HH24\":\"MI\":\"SS.MS\" (\"DDD\", \""), text("\") 100%\"")
      MySQL:
        SELECT CONCAT(DATE_FORMAT(`events`.`at`, ?), LEFT(DATE_FORMAT(`events`.`at`, '%f'), 3), DATE_FORMAT(`events`.`at`, ?)), DATE_FORMAT((TIMESTAMP'1970-01-01 00:00:00.000000' + INTERVAL CAST(ROUND(`events`.`julianAt` * 86400000) - 210866760000000 AS SIGNED) * 1000 MICROSECOND), ?) FROM `events`
        bindings: text("%Y-%m-%d %H:%i:%s."), text(" (%j, %w) 100%%"), text("%w")
      """#
    }
    assertSQLWithMySQL(Event.select { $0.at.strftime("%s") }) {
      """
      SQLite:
        error: invalid statement: the date format field %s is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)
      PostgreSQL:
        error: invalid statement: the date format field %s is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)
      MySQL:
        error: invalid statement: the date format field %s is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)
      """
    }
  }
}
