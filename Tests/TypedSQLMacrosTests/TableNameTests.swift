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
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = []
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              []
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init() {
              self.selection = []
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static let tableName = "\(tableName)"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          }
        }

        nonisolated extension \(typeName): TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func schemaName() {
      assertMacro {
        """
        @Table("notes", schema: "main") struct Note {
          let id: Int
        }
        """
      } expansion: {
        """
        struct Note {
          let id: Int
        }

        nonisolated extension Note: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Note
            static let columnNames: [String] = ([Int.self.columnNames(named: "id")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var id: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "id", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Note
            var id: Int? = nil
            init(id: Int? = nil) {
              self.id = id
            }
            init(_ row: Note) {
              self.init(id: row.id)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
            }
          }
          static let tableName = "notes"
          static let schemaName: String? = "main"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            self.init(id: id)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
          }
        }

        nonisolated extension Note: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }
  }
}
