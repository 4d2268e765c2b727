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
    assertSQL(Event.select { ($0.at.component(.year), $0.at.component(.weekday), $0.at.start(of: .months), $0.at.start(of: .hours)) }) {
      """
      SQLite:
        SELECT CAST(strftime('%Y', "events"."at") AS INTEGER), CAST(strftime('%w', "events"."at") AS INTEGER), strftime('%Y-%m-%d %H:%M:%f', "events"."at", 'start of month'), strftime('%Y-%m-%d %H:00:00.000', "events"."at") FROM "events"
      PostgreSQL:
        SELECT CAST(floor(extract(year FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint), CAST(floor(extract(dow FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint), (date_trunc('month', ("events"."at" AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC'), (date_trunc('hour', ("events"."at" AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC') FROM "events"
      """
    }
  }

  @Test func arithmeticClampsMonthEnds() {
    assertSQL(Event.where { $0.at.adding(1, .months) > SQLQueryExpression<Date>.now }.select { $0.at.adding(-3, .days) }) {
      """
      SQLite:
        SELECT strftime('%Y-%m-%d %H:%M:%f', "events"."at", (?1 || ' days')) FROM "events" WHERE ((date("events"."at", 'start of month', (?2 || ' months'), (min(CAST(strftime('%d', "events"."at") AS INTEGER), CAST(strftime('%d', "events"."at", 'start of month', ((?2 + ?2) || ' months'), '-1 days') AS INTEGER)) - 1) || ' days') || ' ' || strftime('%H:%M:%f', "events"."at")) > strftime('%Y-%m-%d %H:%M:%f', 'now'))
        bindings: int(-3), int(1)
      PostgreSQL:
        SELECT ((("events"."at" AT TIME ZONE 'UTC') + make_interval(days => CAST($1 AS integer))) AT TIME ZONE 'UTC') FROM "events" WHERE (((("events"."at" AT TIME ZONE 'UTC') + make_interval(months => CAST($2 AS integer))) AT TIME ZONE 'UTC') > statement_timestamp())
        bindings: int(-3), int(1)
      """
    }
  }

  @Test func unixTimesJulianDaysAndTextAreReadAndWrittenBack() {
    assertSQL(Event.select { ($0.unixAt.start(of: .days), $0.julianAt.component(.hour), $0.textAt.adding(1, .hours)) }) {
      #"""
      SQLite:
        SELECT CAST(strftime('%s', strftime('%Y-%m-%d %H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', "events"."unixAt", 'unixepoch'), 'start of day')) AS INTEGER), CAST(strftime('%H', strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt")) AS INTEGER), strftime('%Y-%m-%d %H:%M:%f', "events"."textAt", (?1 || ' hours')) FROM "events"
        bindings: int(1)
      PostgreSQL:
        SELECT CAST(floor(extract(epoch FROM (date_trunc('day', (to_timestamp("events"."unixAt") AT TIME ZONE 'UTC')) AT TIME ZONE 'UTC'))) AS bigint), CAST(floor(extract(hour FROM (to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC'))) AS bigint), (to_char((((((CAST("events"."textAt" AS timestamp) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') + make_interval(hours => CAST($1 AS integer))) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'), $2)) FROM "events"
        bindings: int(1), text("YYYY\"-\"MM\"-\"DD\" \"HH24\":\"MI\":\"SS.MS")
      """#
    }
    assertSQL(Event.where { $0.unixAt < SQLQueryExpression<Date.UnixTimeRepresentation>.now }.select { $0.julianAt.adding(2, .days) }) {
      """
      SQLite:
        SELECT julianday(strftime('%Y-%m-%d %H:%M:%f', strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt"), (?1 || ' days'))) FROM "events" WHERE ("events"."unixAt" < CAST(strftime('%s', strftime('%Y-%m-%d %H:%M:%f', 'now')) AS INTEGER))
        bindings: int(2)
      PostgreSQL:
        SELECT (CAST(round(extract(epoch FROM (((to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC') + make_interval(days => CAST($1 AS integer))) AT TIME ZONE 'UTC')) * 1000) + 210866760000000 AS double precision) / 86400000) FROM "events" WHERE ("events"."unixAt" < CAST(floor(extract(epoch FROM statement_timestamp())) AS bigint))
        bindings: int(2)
      """
    }
  }

  @Test func formatsWithTheFieldsEveryDatabaseWrites() {
    assertSQL(Event.select { ($0.at.strftime("%Y-%m-%d %H:%M:%f (%j, %w) 100%%"), $0.julianAt.strftime("%w")) }) {
      #"""
      SQLite:
        SELECT strftime(?1, "events"."at"), strftime(?2, strftime('%Y-%m-%d %H:%M:%f', "events"."julianAt")) FROM "events"
        bindings: text("%Y-%m-%d %H:%M:%f (%j, %w) 100%%"), text("%w")
      PostgreSQL:
        SELECT (to_char(("events"."at" AT TIME ZONE 'UTC'), $1) || CAST(CAST(floor(extract(dow FROM ("events"."at" AT TIME ZONE 'UTC'))) AS bigint) AS text) || to_char(("events"."at" AT TIME ZONE 'UTC'), $2)), (CAST(CAST(floor(extract(dow FROM (to_timestamp((round("events"."julianAt" * 86400000) - 210866760000000) / 1000) AT TIME ZONE 'UTC'))) AS bigint) AS text)) FROM "events"
        bindings: text("YYYY\"-\"MM\"-\"DD\" \"HH24\":\"MI\":\"SS.MS\" (\"DDD\", \""), text("\") 100%\"")
      """#
    }
    assertSQL(Event.select { $0.at.strftime("%s") }) {
      """
      SQLite:
        error: invalid statement: the date format field %s is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)
      PostgreSQL:
        error: invalid statement: the date format field %s is not one every database writes the same way (%Y %m %d %H %M %S %f %j %w %%)
      """
    }
  }
}
