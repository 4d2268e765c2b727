import MacroTesting
import Testing

extension MacroExpansionTests {
  /// `@Ephemeral` properties are no columns, and need a default value.
  @Suite struct Ephemeral {
    @Test func leftOutOfTheTable() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          var title = ""
          @Ephemeral var isExpanded = false
          @Ephemeral let label = "reminder"
          @Ephemeral var highlight: String?
        }
        """
      } expansion: {
        """
        struct Reminder {
          let id: Int
          var title = ""
          var isExpanded = false
          let label = "reminder"
          var highlight: String?
        }

        nonisolated extension Reminder: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Reminder
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "title")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var title: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "title", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, title: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>("")) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              title.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Reminder
            var id: Int? = nil
            var title: String = ""
            init(id: Int? = nil, title: String = "") {
              self.id = id
              self.title = title
            }
            init(_ row: Reminder) {
              self.init(id: row.id, title: row.title)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(title)
            }
          }
          static let tableName = "reminders"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let title = try decoder.decode(String.self)
            self.init(id: id, title: title)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(title)
          }
        }

        nonisolated extension Reminder: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let title = TypedSQLCore.JSONMember<String>("title")
            let isExpanded = TypedSQLCore.JSONMember<Bool>("isExpanded")
            let label = TypedSQLCore.JSONMember<String>("label")
            let highlight = TypedSQLCore.JSONMember<String?>("highlight")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func withoutDefaultValue() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          @Ephemeral var isExpanded: Bool // view state
          @Ephemeral let count: Int
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          @Ephemeral var isExpanded: Bool // view state
                         ┬─────────
                         ╰─ 🛑 '@Ephemeral' property 'isExpanded' needs a default value
                            ✏️ Insert a default value
          @Ephemeral let count: Int
                         ┬────
                         ╰─ 🛑 '@Ephemeral' property 'count' needs a default value
                            ✏️ Insert a default value
        }
        """
      } fixes: {
        """
        @Table struct Reminder {
          let id: Int
          @Ephemeral var isExpanded: Bool = <#default#> // view state
          @Ephemeral let count: Int = <#default#>
        }
        """
      } expansion: {
        """
        struct Reminder {
          let id: Int
          var isExpanded: Bool = <#default#> // view state
          let count: Int = <#default#>
        }

        nonisolated extension Reminder: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Reminder
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
            typealias Into = Reminder
            var id: Int? = nil
            init(id: Int? = nil) {
              self.id = id
            }
            init(_ row: Reminder) {
              self.init(id: row.id)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
            }
          }
          static let tableName = "reminders"
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

        nonisolated extension Reminder: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let isExpanded = TypedSQLCore.JSONMember<Bool>("isExpanded")
            let count = TypedSQLCore.JSONMember<Int>("count")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func onNonStoredProperty() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          @Ephemeral static var shared = 0
          @Ephemeral var computed: Int { 1 }
          @Ephemeral var a = 0, b = 1
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          @Ephemeral static var shared = 0
          ┬─────────
          ╰─ 🛑 '@Ephemeral' can only be applied to a stored instance property
          @Ephemeral var computed: Int { 1 }
          ┬─────────
          ╰─ 🛑 '@Ephemeral' can only be applied to a stored instance property
          @Ephemeral var a = 0, b = 1
          ┬─────────
          ╰─ 🛑 peer macro can only be applied to a single variable
        }
        """
      }
    }
  }
}
