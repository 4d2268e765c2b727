import MacroTesting
import Testing

extension MacroExpansionTests {
  /// `@Column(generated:)` columns are selected and decoded, but left to the database on insert
  /// and missing from `Draft`.
  @Suite struct GeneratedColumn {
    @Test func storedAndVirtual() {
      assertMacro {
        """
        @Table struct Event {
          let id: Int
          var startAt: Int
          @Column("ends_at", generated: .stored) var endAt: Int
          var duration: Int
          @Column(generated: GeneratedColumnStorage.virtual) let label: String?
        }
        """
      } expansion: {
        """
        struct Event {
          let id: Int
          var startAt: Int
          var endAt: Int
          var duration: Int
          let label: String?
        }

        nonisolated extension Event: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Event
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), Int.self.columnNames(named: "startAt"), Int.self.columnNames(named: "ends_at"), Int.self.columnNames(named: "duration"), String?.self.columnNames(named: "label")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, Int.self.jsonValueForms, Int.self.jsonValueForms, Int.self.jsonValueForms, String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, Int.self.storedColumns, Int.self.storedColumns, Int.self.storedColumns, String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var startAt: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "startAt", qualifier: qualifier)
            }
            var endAt: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "ends_at", qualifier: qualifier)
            }
            var duration: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "duration", qualifier: qualifier)
            }
            var label: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "label", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            static let generatedColumnNames: [String] = ["ends_at", "label"]
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, startAt: some TypedSQLCore.QueryProjection<Int>, endAt: some TypedSQLCore.QueryProjection<Int>, duration: some TypedSQLCore.QueryProjection<Int>, label: some TypedSQLCore.QueryProjection<String?> = TypedSQLCore.ColumnDefault<String?>(nil)) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              startAt.appendSelection(to: &selection)
              endAt.appendSelection(to: &selection)
              duration.appendSelection(to: &selection)
              label.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Event
            var id: Int? = nil
            var startAt: Int
            var duration: Int
            init(id: Int? = nil, startAt: Int, duration: Int) {
              self.id = id
              self.startAt = startAt
              self.duration = duration
            }
            init(_ row: Event) {
              self.init(id: row.id, startAt: row.startAt, duration: row.duration)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(startAt)
              values.appendDefault()
              values.append(duration)
              values.appendDefault()
            }
          }
          static let tableName = "events"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let startAt = try decoder.decode(Int.self)
            let endAt = try decoder.decode(Int.self)
            let duration = try decoder.decode(Int.self)
            let label = try decoder.decode(String?.self)
            self.init(id: id, startAt: startAt, endAt: endAt, duration: duration, label: label)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(startAt)
            values.appendGenerated(endAt)
            values.append(duration)
            values.appendGenerated(label)
          }
        }

        nonisolated extension Event: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let startAt = TypedSQLCore.JSONMember<Int>("startAt")
            let endAt = TypedSQLCore.JSONMember<Int>("endAt")
            let duration = TypedSQLCore.JSONMember<Int>("duration")
            let label = TypedSQLCore.JSONMember<String?>("label")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func generatedInTableWithoutPrimaryKey() {
      assertMacro {
        """
        @Table struct Total {
          var amount: Int
          @Column(generated: .virtual) var doubled: Int
        }
        """
      } expansion: {
        """
        struct Total {
          var amount: Int
          var doubled: Int
        }

        nonisolated extension Total: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Total
            static let columnNames: [String] = ([Int.self.columnNames(named: "amount"), Int.self.columnNames(named: "doubled")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var amount: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "amount", qualifier: qualifier)
            }
            var doubled: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "doubled", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            static let generatedColumnNames: [String] = ["doubled"]
            private let selection: [TypedSQLCore.SQLExpression]
            init(amount: some TypedSQLCore.QueryProjection<Int>, doubled: some TypedSQLCore.QueryProjection<Int>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              amount.appendSelection(to: &selection)
              doubled.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static let tableName = "totals"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let amount = try decoder.decode(Int.self)
            let doubled = try decoder.decode(Int.self)
            self.init(amount: amount, doubled: doubled)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(amount)
            values.appendGenerated(doubled)
          }
        }

        nonisolated extension Total: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let amount = TypedSQLCore.JSONMember<Int>("amount")
            let doubled = TypedSQLCore.JSONMember<Int>("doubled")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func generatedPrimaryKey() {
      assertMacro {
        """
        @Table struct Event {
          @Column(generated: .stored) let id: Int
          var name: String
        }
        """
      } diagnostics: {
        """
        @Table struct Event {
          @Column(generated: .stored) let id: Int
                  ┬─────────────────
                  ╰─ 🛑 a generated column cannot be the primary key
          var name: String
        }
        """
      }
    }

    @Test func badGeneratedValue() {
      assertMacro {
        """
        @Table struct Event {
          let id: Int
          @Column(generated: .always) var a: Int
          @Column(generated: true) var b: Int
          @Column(generated: storage) var c: Int
        }
        """
      } diagnostics: {
        """
        @Table struct Event {
          let id: Int
          @Column(generated: .always) var a: Int
                             ┬──────
                             ╰─ 🛑 '@Column' argument 'generated' must be '.stored' or '.virtual'
          @Column(generated: true) var b: Int
                             ┬───
                             ╰─ 🛑 '@Column' argument 'generated' must be '.stored' or '.virtual'
          @Column(generated: storage) var c: Int
                             ┬──────
                             ╰─ 🛑 '@Column' argument 'generated' must be '.stored' or '.virtual'
        }
        """
      }
    }
  }
}
