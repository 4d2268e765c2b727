import MacroTesting
import Testing

extension MacroExpansionTests {
  /// The table names `@Table` infers from type names.
  @Suite struct TableName {
    @Test(arguments: [
      ("Reminder", "reminders"),
      ("Category", "categories"),
      ("Status", "statuses"),
      ("RemindersList", "remindersLists"),
      ("URLItem", "urlItems"),
      ("Box", "boxes"),
      ("Day", "days"),
    ])
    func inferredName(typeName: String, tableName: String) {
      assertMacro {
        """
        @Table struct \(typeName) {}
        """
      } expansion: {
        """
        struct \(typeName) {}

        nonisolated extension \(typeName): TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = \(typeName)
            static let columnNames: [String] = []
            static let allColumnsSelection =
              TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableName))
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
          }
          static let tableName = "\(tableName)"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          }
        }
        """
      }
    }
  }
}
