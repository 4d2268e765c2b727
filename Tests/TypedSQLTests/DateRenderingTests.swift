import Foundation
import Testing
import TypedSQL

@Suite struct DateRenderingTests {
  @Table struct Event {
    let id: Int
    var at: Date
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
    assertSQL(Event.where { $0.at.adding(1, .months) > QueryExpression<Date>.now }.select { $0.at.adding(-3, .days) }) {
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
}
