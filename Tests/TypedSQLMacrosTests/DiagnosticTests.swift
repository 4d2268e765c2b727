import MacroTesting
import Testing

extension MacroExpansionTests {
  /// The errors `@Table` and `@Column` report, with their fix-its.
  @Suite struct Diagnostics {
    @Test(arguments: ["class", "actor", "protocol"])
    func tableOnNonStructOrEnum(keyword: String) {
      assertMacro {
        """
        @Table \(keyword) Reminder {}
        """
      } diagnostics: {
        """
        @Table \(keyword) Reminder {}
        ┬─────
        ╰─ 🛑 '@Table' can only be applied to a struct or an enum
        """
      }
    }

    /// An enum table needs a case: its rows would have no column.
    @Test func tableOnEnumWithoutCases() {
      assertMacro {
        """
        @Table enum Reminder {}
        """
      } diagnostics: {
        """
        @Table enum Reminder {}
                    ┬───────
                    ╰─ 🛑 '@Table' requires an enum with at least one case, each stored in columns of its own
        """
      }
    }

    /// A generic `@Table` is allowed (its statics are computed); a generic `@Selection` is not.
    @Test func genericSelection() {
      assertMacro {
        """
        @Selection struct Box<Value> {
          var value: Value
        }
        """
      } diagnostics: {
        """
        @Selection struct Box<Value> {
                             ┬──────
                             ╰─ 🛑 '@Selection' does not support generic types
          var value: Value
        }
        """
      }
    }

    /// A default value that calls a type's initializer names the column's type, as a literal
    /// does: `Date()`, and `URL(string: …)!` for a failable one.
    @Test func typeFromInitializerCall() {
      assertMacro {
        """
        @Selection struct Video {
          var url = URL(string: "https://youtube.com")!
          var addedAt = Foundation.Date()
        }
        """
      } expansion: {
        """
        struct Video {
          var url = URL(string: "https://youtube.com")!
          var addedAt = Foundation.Date()
        }

        nonisolated extension Video: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Video
            static let columnNames: [String] = ([URL.self.columnNames(named: "url"), Foundation.Date.self.columnNames(named: "addedAt")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL.self.jsonValueForms, Foundation.Date.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL.self.storedColumns, Foundation.Date.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let url: TypedSQLCore.ColumnsOf<URL>
            let addedAt: TypedSQLCore.ColumnsOf<Foundation.Date>
            init(url: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>, addedAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Foundation.Date>> = Foundation.Date() as Foundation.Date) {
              self.url = url.handles
              self.addedAt = addedAt.handles
            }
            init(qualifier: String) {
              self.url = URL.self.queryColumns(named: "url", qualifier: qualifier)
              self.addedAt = Foundation.Date.self.queryColumns(named: "addedAt", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.url.appendSelection(to: &columns)
              self.addedAt.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let url = try decoder.decode(URL.self)
            let addedAt = try decoder.decode(Foundation.Date.self)
            self.init(url: url, addedAt: addedAt)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(url)
            values.append(addedAt)
          }
        }

        nonisolated extension Video: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let url = TypedSQLCore.JSONMember<URL>("url")
            let addedAt = TypedSQLCore.JSONMember<Foundation.Date>("addedAt")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func missingTypeOnNonLiteralDefault() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          var createdAt = Date.now
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          var createdAt = Date.now
              ┬────────
              ╰─ 🛑 '@Table' requires an explicit type for 'createdAt'
                 ✏️ Insert a type annotation
        }
        """
      } fixes: {
        """
        @Table struct Reminder {
          let id: Int
          var createdAt: <#Type#> = Date.now
        }
        """
      } expansion: {
        """
        struct Reminder {
          let id: Int
          var createdAt: <#Type#> = Date.now
        }

        nonisolated extension Reminder: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Reminder
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), <#Type#>.self.columnNames(named: "createdAt")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, <#Type#>.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, <#Type#>.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var createdAt: TypedSQLCore.ColumnsOf<<#Type#>> {
              <#Type#>.self.queryColumns(named: "createdAt", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, createdAt: some TypedSQLCore.QueryProjection<<#Type#>> = TypedSQLCore.ColumnDefault<<#Type#>>(Date.now)) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              createdAt.appendSelection(to: &selection)
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
            var createdAt: <#Type#> = Date.now
            init(id: Int? = nil, createdAt: <#Type#> = Date.now) {
              self.id = id
              self.createdAt = createdAt
            }
            init(_ row: Reminder) {
              self.init(id: row.id, createdAt: row.createdAt)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(createdAt)
            }
          }
          static let tableName = "reminders"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let createdAt = try decoder.decode(<#Type#>.self)
            self.init(id: id, createdAt: createdAt)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(createdAt)
          }
        }
        """
      }
    }

    @Test func letWithDefaultValue() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          let title = "" // note
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          let title = "" // note
          ┬──
          ╰─ 🛑 'let' property 'title' with a default value cannot be decoded from a row
             ✏️ Replace 'let' with 'var'
        }
        """
      } fixes: {
        """
        @Table struct Reminder {
          let id: Int
          var title = "" // note
        }
        """
      } expansion: {
        """
        struct Reminder {
          let id: Int
          var title = "" // note
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
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func twoPrimaryKeys() {
      assertMacro {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column("code", primaryKey: true) let code: String
        }
        """
      } diagnostics: {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column("code", primaryKey: true) let code: String
                          ┬───────────────
                          ╰─ 🛑 'code' cannot be a second primary key; 'isbn' is already the primary key
                             ✏️ Remove 'primaryKey: true'
        }
        """
      } fixes: {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column("code") let code: String
        }
        """
      } expansion: {
        """
        struct Book {
          let isbn: String
          let code: String
        }

        nonisolated extension Book: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Book
            static let columnNames: [String] = ([String.self.columnNames(named: "isbn"), String.self.columnNames(named: "code")] as [[String]]).flatMap {
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
            var code: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "code", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<String> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: isbn)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(isbn: some TypedSQLCore.QueryProjection<String>, code: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              isbn.appendSelection(to: &selection)
              code.appendSelection(to: &selection)
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
            var code: String
            init(isbn: String? = nil, code: String) {
              self.isbn = isbn
              self.code = code
            }
            init(_ row: Book) {
              self.init(isbn: row.isbn, code: row.code)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: isbn)
              values.append(code)
            }
          }
          static let tableName = "books"
          var primaryKey: String {
            isbn
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let isbn = try decoder.decode(String.self)
            let code = try decoder.decode(String.self)
            self.init(isbn: isbn, code: code)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(isbn)
            values.append(code)
          }
        }

        nonisolated extension Book: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let isbn = TypedSQLCore.JSONMember<String>("isbn")
            let code = TypedSQLCore.JSONMember<String>("code")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func twoPrimaryKeysWithBareArgument() {
      assertMacro {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column(primaryKey: true) let code: String
        }
        """
      } diagnostics: {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column(primaryKey: true) let code: String
                  ┬───────────────
                  ╰─ 🛑 'code' cannot be a second primary key; 'isbn' is already the primary key
                     ✏️ Remove 'primaryKey: true'
        }
        """
      } fixes: {
        """
        @Table struct Book {
          @Column(primaryKey: true) let isbn: String
          @Column let code: String
        }
        """
      } expansion: {
        """
        struct Book {
          let isbn: String
          let code: String
        }

        nonisolated extension Book: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Book
            static let columnNames: [String] = ([String.self.columnNames(named: "isbn"), String.self.columnNames(named: "code")] as [[String]]).flatMap {
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
            var code: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "code", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<String> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: isbn)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(isbn: some TypedSQLCore.QueryProjection<String>, code: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              isbn.appendSelection(to: &selection)
              code.appendSelection(to: &selection)
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
            var code: String
            init(isbn: String? = nil, code: String) {
              self.isbn = isbn
              self.code = code
            }
            init(_ row: Book) {
              self.init(isbn: row.isbn, code: row.code)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: isbn)
              values.append(code)
            }
          }
          static let tableName = "books"
          var primaryKey: String {
            isbn
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let isbn = try decoder.decode(String.self)
            let code = try decoder.decode(String.self)
            self.init(isbn: isbn, code: code)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(isbn)
            values.append(code)
          }
        }

        nonisolated extension Book: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let isbn = TypedSQLCore.JSONMember<String>("isbn")
            let code = TypedSQLCore.JSONMember<String>("code")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func emptyTableName() {
      assertMacro {
        """
        @Table("") struct Reminder {
          let id: Int
        }
        """
      } diagnostics: {
        """
        @Table("") struct Reminder {
               ┬─
               ╰─ 🛑 '@Table' name must not be empty
          let id: Int
        }
        """
      }
    }

    @Test func nonLiteralTableName() {
      assertMacro {
        """
        @Table(Names.reminders) struct Reminder {
          let id: Int
        }
        """
      } diagnostics: {
        """
        @Table(Names.reminders) struct Reminder {
               ┬──────────────
               ╰─ 🛑 '@Table' name must be a string literal
          let id: Int
        }
        """
      }
    }

    @Test func interpolatedTableName() {
      assertMacro {
        #"""
        @Table("\(prefix)reminders") struct Reminder {
          let id: Int
        }
        """#
      } diagnostics: {
        #"""
        @Table("\(prefix)reminders") struct Reminder {
               ┬───────────────────
               ╰─ 🛑 '@Table' name must be a string literal
          let id: Int
        }
        """#
      }
    }

    @Test func emptyColumnName() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          @Column("") var title: String
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          @Column("") var title: String
                  ┬─
                  ╰─ 🛑 '@Column' name must not be empty
        }
        """
      }
    }

    @Test func nonLiteralColumnArguments() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          @Column(columnName, as: representation, primaryKey: isKey) var title: String
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          @Column(columnName, as: representation, primaryKey: isKey) var title: String
                                                              ┬────
                  │               │                           ╰─ 🛑 '@Column' argument 'primaryKey' must be 'true' or 'false'
                                  ┬─────────────
                  │               ╰─ 🛑 '@Column' argument 'as' must be a type literal, such as 'Representation.self'
                  ┬─────────
                  ╰─ 🛑 '@Column' name must be a string literal
        }
        """
      }
    }

    @Test func columnOnNonStoredProperty() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          @Column("shared") static var shared = 0
          @Column("computed") var computed: Int { 1 }
        }
        """
      } diagnostics: {
        """
        @Table struct Reminder {
          let id: Int
          @Column("shared") static var shared = 0
          ┬────────────────
          ╰─ 🛑 '@Column' can only be applied to a stored instance property
          @Column("computed") var computed: Int { 1 }
          ┬──────────────────
          ╰─ 🛑 '@Column' can only be applied to a stored instance property
        }
        """
      }
    }

    @Test func tuplePattern() {
      assertMacro {
        """
        @Table struct Point {
          var (x, y): (Double, Double)
        }
        """
      } diagnostics: {
        """
        @Table struct Point {
          var (x, y): (Double, Double)
              ┬─────
              ╰─ 🛑 '@Table' does not support tuple patterns; declare each property separately
        }
        """
      }
    }
  }
}
