import Foundation
import Testing
import TypedSQL

/// StructuredQueries' decoder spellings in a `QueryDecodable` written by hand, on SQLite and
/// PostgreSQL. Not cases of its suite: its drivers call these.
@Suite struct DecoderSpellingTests {
  /// StructuredQueries' `decodeColumns(_:)`, with which its drivers read a tuple, in a decoder
  /// written by hand. Each column is read in its representation, `NULL` as `nil`.
  @Test(arguments: LiveDatabase.allCases)
  func decodeColumnsReadsEachColumnInItsRepresentation(database: LiveDatabase) throws {
    struct Row: Equatable, QueryDecodable {
      var id: Int
      var title: String
      var dueAt: Date?
      static var columnCount: Int { 3 }
      init(id: Int, title: String, dueAt: Date?) { (self.id, self.title, self.dueAt) = (id, title, dueAt) }
      init(decoder: inout some QueryDecoder) throws {
        (id, title, dueAt) = try decoder.decodeColumns((Int, String, Date.UnixTimeRepresentation?).self)
      }
    }
    try database.run { db in
      let dated = try db.execute(Values(#sql("7, 'Groceries', 86400", as: Row.self)))
      #expect(dated == [Row(id: 7, title: "Groceries", dueAt: Date(timeIntervalSince1970: 86_400))])
      let undated = try db.execute(Values(#sql("8, 'Haircut', NULL", as: Row.self)))
      #expect(undated == [Row(id: 8, title: "Haircut", dueAt: nil)])
    }
  }
}
