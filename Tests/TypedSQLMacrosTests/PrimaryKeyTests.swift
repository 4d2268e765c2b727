import MacroTesting
import Testing

extension MacroExpansionTests {
  /// How `@Table` picks the primary key, and the `Draft` it generates for it.
  @Suite struct PrimaryKey {
    @Test func explicitPrimaryKey() {
      assertMacro {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          var title: String
        }
        """
      } expansion: {
        """
        struct Book {
          let isbn: String
          var title: String
        }

        nonisolated extension Book: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Book
            static let columnNames: [String] = ([String.self.columnNames(named: "isbn"), String.self.columnNames(named: "title")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var isbn: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "isbn", qualifier: qualifier)
            }
            var title: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "title", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<String> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: isbn)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(isbn: some TypedSQLCore.QueryProjection<String>, title: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              isbn.appendSelection(to: &selection)
              title.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Book
            var isbn: String? = nil
            var title: String
            init(isbn: String? = nil, title: String) {
              self.isbn = isbn
              self.title = title
            }
            init(_ row: Book) {
              self.init(isbn: row.isbn, title: row.title)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: isbn)
              values.append(title)
            }
          }
          static let tableName = "books"
          var primaryKey: String {
            isbn
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let isbn = try decoder.decode(String.self)
            let title = try decoder.decode(String.self)
            self.init(isbn: isbn, title: title)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(isbn)
            values.append(title)
          }
        }

        nonisolated extension Book: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let isbn = TypedSQLCore.JSONMember<String>("isbn")
            let title = TypedSQLCore.JSONMember<String>("title")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func idOptedOutOfPrimaryKey() {
      assertMacro {
        """
        @Table struct Event {
          @Column(primaryKey: false) let id: Int
          var name: String
        }
        """
      } expansion: {
        """
        struct Event {
          let id: Int
          var name: String
        }

        nonisolated extension Event: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Event
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "name")] as [[String]]).flatMap {
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
            var name: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "name", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, name: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static let tableName = "events"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let name = try decoder.decode(String.self)
            self.init(id: id, name: name)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(name)
          }
        }

        nonisolated extension Event: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let name = TypedSQLCore.JSONMember<String>("name")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func primaryKeyAlreadyOptional() {
      assertMacro {
        """
        @Table struct Attachment {
          var id: Int?
          var path: String
        }
        """
      } expansion: {
        """
        struct Attachment {
          var id: Int?
          var path: String
        }

        nonisolated extension Attachment: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Attachment
            static let columnNames: [String] = ([Int?.self.columnNames(named: "id"), String.self.columnNames(named: "path")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int?.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int?.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var id: TypedSQLCore.ColumnsOf<Int?> {
              Int?.self.queryColumns(named: "id", qualifier: qualifier)
            }
            var path: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "path", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int?> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int?> = TypedSQLCore.ColumnDefault<Int?>(nil), path: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              path.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Attachment
            var id: Int? = nil
            var path: String
            init(id: Int? = nil, path: String) {
              self.id = id
              self.path = path
            }
            init(_ row: Attachment) {
              self.init(id: row.id, path: row.path)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(path)
            }
          }
          static let tableName = "attachments"
          var primaryKey: Int? {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int?.self)
            let path = try decoder.decode(String.self)
            self.init(id: id, path: path)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(path)
          }
        }

        nonisolated extension Attachment: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int?>("id")
            let path = TypedSQLCore.JSONMember<String>("path")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func primaryKeyWithRepresentation() {
      assertMacro {
        """
        @Table struct Device {
          @Column("uuid", as: UUID.BytesRepresentation.self, primaryKey: true) let identifier: UUID
          var name: String
        }
        """
      } expansion: {
        """
        struct Device {
          let identifier: UUID
          var name: String
        }

        nonisolated extension Device: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Device
            static let columnNames: [String] = ([UUID.BytesRepresentation.self.columnNames(named: "uuid"), String.self.columnNames(named: "name")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([UUID.BytesRepresentation.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([UUID.BytesRepresentation.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var identifier: TypedSQLCore.ColumnsOf<UUID.BytesRepresentation> {
              UUID.BytesRepresentation.self.queryColumns(named: "uuid", qualifier: qualifier)
            }
            var name: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "name", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<UUID.BytesRepresentation> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: identifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(identifier: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<UUID.BytesRepresentation>>, name: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              identifier.handles.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Device
            var identifier: UUID? = nil
            var name: String
            init(identifier: UUID? = nil, name: String) {
              self.identifier = identifier
              self.name = name
            }
            init(_ row: Device) {
              self.init(identifier: row.identifier, name: row.name)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: identifier.map(UUID.BytesRepresentation.init(queryOutput:)))
              values.append(name)
            }
          }
          static let tableName = "devices"
          var primaryKey: UUID {
            identifier
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let identifier = try decoder.decode(UUID.BytesRepresentation.self).queryOutput
            let name = try decoder.decode(String.self)
            self.init(identifier: identifier, name: name)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(identifier, as: UUID.BytesRepresentation.self)
            values.append(name)
          }
        }

        nonisolated extension Device: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let identifier = TypedSQLCore.JSONMember<UUID>("identifier")
            let name = TypedSQLCore.JSONMember<String>("name")
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
