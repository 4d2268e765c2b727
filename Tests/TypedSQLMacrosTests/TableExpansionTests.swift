import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@Table` generates for valid tables.
  @Suite struct TableExpansion {
    /// A generic table read from SQL it declares: its statics are computed (a generic type
    /// stores none), and its `tableReference` reads the rows from its `tableFragment`.
    @Test func genericTableWithItsOwnFragment() {
      assertMacro {
        """
        @Table struct PragmaTableInfo<Base: Table> {
          static var tableAlias: String? { "\\(Base.tableName)TableInfo" }
          static var tableFragment: QueryFragment {
            "pragma_table_info(\\(quote: Base.tableName, delimiter: .text))"
          }
          @Column("cid") let columnID: Int
          @Column(generated: .virtual) let name: String
        }
        """
      } expansion: {
        #"""
        struct PragmaTableInfo<Base: Table> {
          static var tableAlias: String? { "\(Base.tableName)TableInfo" }
          static var tableFragment: QueryFragment {
            "pragma_table_info(\(quote: Base.tableName, delimiter: .text))"
          }
          let columnID: Int
          let name: String
        }

        nonisolated extension PragmaTableInfo: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = PragmaTableInfo
            static var columnNames: [String] {
              ([Int.self.columnNames(named: "cid"), String.self.columnNames(named: "name")] as [[String]]).flatMap {
                $0
              }
            }
            static var jsonValueForms: [TypedSQLCore.JSONValueForm] {
              ([Int.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
                $0
              }
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static var allColumnsSelection: TypedSQLCore.SharedSelectList {
              TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            }
            static var wholeTableSelect: TypedSQLCore.SelectStatement {
              TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            }
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var columnID: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "cid", qualifier: qualifier)
            }
            var name: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "name", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            static var generatedColumnNames: [String] {
              ["name"]
            }
            private let selection: [TypedSQLCore.SQLExpression]
            init(columnID: some TypedSQLCore.QueryProjection<Int>, name: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              columnID.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static var tableName: String {
            "pragmaTableInfos"
          }
          static var tableReference: TypedSQLCore.TableReference {
            TypedSQLCore.TableReference(fragment: tableFragment, alias: tableQualifier)
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let columnID = try decoder.decode(Int.self)
            let name = try decoder.decode(String.self)
            self.init(columnID: columnID, name: name)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(columnID)
            values.appendGenerated(name)
          }
        }

        nonisolated extension PragmaTableInfo: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let columnID = TypedSQLCore.JSONMember<Int>("columnID")
            let name = TypedSQLCore.JSONMember<String>("name")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """#
      }
    }

    @Test func basicTable() {
      assertMacro {
        """
        @Table struct Reminder {
          let id: Int
          var title = ""   // trailing comment must not break expansion
          @Column("is_completed") var isCompleted = false
          var priority: Int?
          @Column(as: UppercasedText.self) var code: String
          var computed: Int { 1 }        // computed: not a column
          static var shared = 0          // static: not a column
        }
        """
      } expansion: {
        """
        struct Reminder {
          let id: Int
          var title = ""   // trailing comment must not break expansion
          var isCompleted = false
          var priority: Int?
          var code: String
          var computed: Int { 1 }        // computed: not a column
          static var shared = 0          // static: not a column
        }

        nonisolated extension Reminder: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Reminder
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "title"), Bool.self.columnNames(named: "is_completed"), Int?.self.columnNames(named: "priority"), UppercasedText.self.columnNames(named: "code")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms, Bool.self.jsonValueForms, Int?.self.jsonValueForms, UppercasedText.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns, Bool.self.storedColumns, Int?.self.storedColumns, UppercasedText.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var isCompleted: TypedSQLCore.ColumnsOf<Bool> {
              Bool.self.queryColumns(named: "is_completed", qualifier: qualifier)
            }
            var priority: TypedSQLCore.ColumnsOf<Int?> {
              Int?.self.queryColumns(named: "priority", qualifier: qualifier)
            }
            var code: TypedSQLCore.ColumnsOf<UppercasedText> {
              UppercasedText.self.queryColumns(named: "code", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, title: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>(""), isCompleted: some TypedSQLCore.QueryProjection<Bool> = TypedSQLCore.ColumnDefault<Bool>(false), priority: some TypedSQLCore.QueryProjection<Int?> = TypedSQLCore.ColumnDefault<Int?>(nil), code: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<UppercasedText>>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              title.appendSelection(to: &selection)
              isCompleted.appendSelection(to: &selection)
              priority.appendSelection(to: &selection)
              code.handles.appendSelection(to: &selection)
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
            var isCompleted: Bool = false
            var priority: Int? = nil
            var code: String
            init(id: Int? = nil, title: String = "", isCompleted: Bool = false, priority: Int? = nil, code: String) {
              self.id = id
              self.title = title
              self.isCompleted = isCompleted
              self.priority = priority
              self.code = code
            }
            init(_ row: Reminder) {
              self.init(id: row.id, title: row.title, isCompleted: row.isCompleted, priority: row.priority, code: row.code)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(title)
              values.append(isCompleted)
              values.append(priority)
              values.append(code, as: UppercasedText.self)
            }
          }
          static let tableName = "reminders"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let title = try decoder.decode(String.self)
            let isCompleted = try decoder.decode(Bool.self)
            let priority = try decoder.decode(Int?.self)
            let code = try decoder.decode(UppercasedText.self).queryOutput
            self.init(id: id, title: title, isCompleted: isCompleted, priority: priority, code: code)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(title)
            values.append(isCompleted)
            values.append(priority)
            values.append(code, as: UppercasedText.self)
          }
        }

        nonisolated extension Reminder: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let title = TypedSQLCore.JSONMember<String>("title")
            let isCompleted = TypedSQLCore.JSONMember<Bool>("isCompleted")
            let priority = TypedSQLCore.JSONMember<Int?>("priority")
            let code = TypedSQLCore.JSONMember<String>("code")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func explicitTableName() {
      assertMacro {
        """
        @Table("reminders_list")
        struct RemindersList {
          let id: Int
          var name: String
        }
        """
      } expansion: {
        """
        struct RemindersList {
          let id: Int
          var name: String
        }

        nonisolated extension RemindersList: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = RemindersList
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
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
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
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = RemindersList
            var id: Int? = nil
            var name: String
            init(id: Int? = nil, name: String) {
              self.id = id
              self.name = name
            }
            init(_ row: RemindersList) {
              self.init(id: row.id, name: row.name)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(name)
            }
          }
          static let tableName = "reminders_list"
          var primaryKey: Int {
            id
          }
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

        nonisolated extension RemindersList: TypedSQLCore.JSONPathNavigable {
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

    @Test func publicStruct() {
      assertMacro {
        """
        @Table public struct Tag {
          public let id: Int
          public var name = ""
        }
        """
      } expansion: {
        """
        public struct Tag {
          public let id: Int
          public var name = ""
        }

        nonisolated extension Tag: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          public nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            public typealias QueryValue = Tag
            public static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "name")] as [[String]]).flatMap {
              $0
            }
            public static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            public static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            public static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            public static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            public let qualifier: String
            public init(qualifier: String) {
              self.qualifier = qualifier
            }
            public var id: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "id", qualifier: qualifier)
            }
            public var name: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "name", qualifier: qualifier)
            }
            public var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          public nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            public typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            public init(id: some TypedSQLCore.QueryProjection<Int>, name: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>("")) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              self.selection = selection
            }
            public func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          public typealias Selection = Columns
          public nonisolated struct Draft: TypedSQLCore.TableDraft {
            public typealias Into = Tag
            public var id: Int? = nil
            public var name: String = ""
            public init(id: Int? = nil, name: String = "") {
              self.id = id
              self.name = name
            }
            public init(_ row: Tag) {
              self.init(id: row.id, name: row.name)
            }
            public func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(name)
            }
          }
          public static let tableName = "tags"
          public var primaryKey: Int {
            id
          }
          public init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let name = try decoder.decode(String.self)
            self.init(id: id, name: name)
          }
          public func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(name)
          }
        }

        nonisolated extension Tag: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          public nonisolated struct JSONMembers: Sendable {
            public let id = TypedSQLCore.JSONMember<Int>("id")
            public let name = TypedSQLCore.JSONMember<String>("name")
          }
          public static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func packageStruct() {
      assertMacro {
        """
        @Table package struct Tag {
          package var name: String
        }
        """
      } expansion: {
        """
        package struct Tag {
          package var name: String
        }

        nonisolated extension Tag: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          package nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            package typealias QueryValue = Tag
            package static let columnNames: [String] = ([String.self.columnNames(named: "name")] as [[String]]).flatMap {
              $0
            }
            package static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            package static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            package static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            package static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            package let qualifier: String
            package init(qualifier: String) {
              self.qualifier = qualifier
            }
            package var name: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "name", qualifier: qualifier)
            }
          }
          package nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            package typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            package init(name: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              name.appendSelection(to: &selection)
              self.selection = selection
            }
            package func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          package typealias Selection = Columns
          package static let tableName = "tags"
          package init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let name = try decoder.decode(String.self)
            self.init(name: name)
          }
          package func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(name)
          }
        }

        nonisolated extension Tag: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          package nonisolated struct JSONMembers: Sendable {
            package let name = TypedSQLCore.JSONMember<String>("name")
          }
          package static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    /// A struct that already declares its conformances gets the members only.
    @Test func conformancesAlreadyDeclared() {
      assertMacro(["Table": MacroSpec(type: TableMacro.self)]) {
        """
        @Table struct Tag: PrimaryKeyedTable {
          let id: Int
        }
        """
      } expansion: {
        """
        struct Tag: PrimaryKeyedTable {
          let id: Int
        }

        nonisolated extension Tag {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Tag
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
            typealias Into = Tag
            var id: Int? = nil
            init(id: Int? = nil) {
              self.id = id
            }
            init(_ row: Tag) {
              self.init(id: row.id)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
            }
          }
          static let tableName = "tags"
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

        nonisolated extension Tag {
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

    @Test func tableWithoutPrimaryKey() {
      assertMacro {
        """
        @Table struct ReminderTag {
          let reminderID: Int
          let tagID: Int
        }
        """
      } expansion: {
        """
        struct ReminderTag {
          let reminderID: Int
          let tagID: Int
        }

        nonisolated extension ReminderTag: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = ReminderTag
            static let columnNames: [String] = ([Int.self.columnNames(named: "reminderID"), Int.self.columnNames(named: "tagID")] as [[String]]).flatMap {
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
            var reminderID: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "reminderID", qualifier: qualifier)
            }
            var tagID: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "tagID", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(reminderID: some TypedSQLCore.QueryProjection<Int>, tagID: some TypedSQLCore.QueryProjection<Int>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              reminderID.appendSelection(to: &selection)
              tagID.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static let tableName = "reminderTags"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let reminderID = try decoder.decode(Int.self)
            let tagID = try decoder.decode(Int.self)
            self.init(reminderID: reminderID, tagID: tagID)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(reminderID)
            values.append(tagID)
          }
        }

        nonisolated extension ReminderTag: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let reminderID = TypedSQLCore.JSONMember<Int>("reminderID")
            let tagID = TypedSQLCore.JSONMember<Int>("tagID")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func emptyTable() {
      assertMacro {
        """
        @Table struct Empty {}
        """
      } expansion: {
        """
        struct Empty {}

        nonisolated extension Empty: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Empty
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
          static let tableName = "empties"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          }
        }

        nonisolated extension Empty: TypedSQLCore.JSONPathNavigable {
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

    @Test func inferredLiteralTypes() {
      assertMacro {
        """
        @Table struct Setting {
          let id: Int
          var name = "theme"
          var isEnabled = true
          var count = 3
          var ratio = 0.5
          var offset = -2
          var delta = -0.25
        }
        """
      } expansion: {
        """
        struct Setting {
          let id: Int
          var name = "theme"
          var isEnabled = true
          var count = 3
          var ratio = 0.5
          var offset = -2
          var delta = -0.25
        }

        nonisolated extension Setting: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Setting
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "name"), Bool.self.columnNames(named: "isEnabled"), Int.self.columnNames(named: "count"), Double.self.columnNames(named: "ratio"), Int.self.columnNames(named: "offset"), Double.self.columnNames(named: "delta")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms, Bool.self.jsonValueForms, Int.self.jsonValueForms, Double.self.jsonValueForms, Int.self.jsonValueForms, Double.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns, Bool.self.storedColumns, Int.self.storedColumns, Double.self.storedColumns, Int.self.storedColumns, Double.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var isEnabled: TypedSQLCore.ColumnsOf<Bool> {
              Bool.self.queryColumns(named: "isEnabled", qualifier: qualifier)
            }
            var count: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "count", qualifier: qualifier)
            }
            var ratio: TypedSQLCore.ColumnsOf<Double> {
              Double.self.queryColumns(named: "ratio", qualifier: qualifier)
            }
            var offset: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "offset", qualifier: qualifier)
            }
            var delta: TypedSQLCore.ColumnsOf<Double> {
              Double.self.queryColumns(named: "delta", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, name: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>("theme"), isEnabled: some TypedSQLCore.QueryProjection<Bool> = TypedSQLCore.ColumnDefault<Bool>(true), count: some TypedSQLCore.QueryProjection<Int> = TypedSQLCore.ColumnDefault<Int>(3), ratio: some TypedSQLCore.QueryProjection<Double> = TypedSQLCore.ColumnDefault<Double>(0.5), offset: some TypedSQLCore.QueryProjection<Int> = TypedSQLCore.ColumnDefault<Int>(-2), delta: some TypedSQLCore.QueryProjection<Double> = TypedSQLCore.ColumnDefault<Double>(-0.25)) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              isEnabled.appendSelection(to: &selection)
              count.appendSelection(to: &selection)
              ratio.appendSelection(to: &selection)
              offset.appendSelection(to: &selection)
              delta.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Setting
            var id: Int? = nil
            var name: String = "theme"
            var isEnabled: Bool = true
            var count: Int = 3
            var ratio: Double = 0.5
            var offset: Int = -2
            var delta: Double = -0.25
            init(id: Int? = nil, name: String = "theme", isEnabled: Bool = true, count: Int = 3, ratio: Double = 0.5, offset: Int = -2, delta: Double = -0.25) {
              self.id = id
              self.name = name
              self.isEnabled = isEnabled
              self.count = count
              self.ratio = ratio
              self.offset = offset
              self.delta = delta
            }
            init(_ row: Setting) {
              self.init(id: row.id, name: row.name, isEnabled: row.isEnabled, count: row.count, ratio: row.ratio, offset: row.offset, delta: row.delta)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(name)
              values.append(isEnabled)
              values.append(count)
              values.append(ratio)
              values.append(offset)
              values.append(delta)
            }
          }
          static let tableName = "settings"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let name = try decoder.decode(String.self)
            let isEnabled = try decoder.decode(Bool.self)
            let count = try decoder.decode(Int.self)
            let ratio = try decoder.decode(Double.self)
            let offset = try decoder.decode(Int.self)
            let delta = try decoder.decode(Double.self)
            self.init(id: id, name: name, isEnabled: isEnabled, count: count, ratio: ratio, offset: offset, delta: delta)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(name)
            values.append(isEnabled)
            values.append(count)
            values.append(ratio)
            values.append(offset)
            values.append(delta)
          }
        }

        nonisolated extension Setting: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let name = TypedSQLCore.JSONMember<String>("name")
            let isEnabled = TypedSQLCore.JSONMember<Bool>("isEnabled")
            let count = TypedSQLCore.JSONMember<Int>("count")
            let ratio = TypedSQLCore.JSONMember<Double>("ratio")
            let offset = TypedSQLCore.JSONMember<Int>("offset")
            let delta = TypedSQLCore.JSONMember<Double>("delta")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func optionalSpellings() {
      assertMacro {
        """
        @Table struct Note {
          let id: Int
          var body: String?
          var summary: Optional<String>
          var author: String!
        }
        """
      } expansion: {
        """
        struct Note {
          let id: Int
          var body: String?
          var summary: Optional<String>
          var author: String!
        }

        nonisolated extension Note: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Note
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String?.self.columnNames(named: "body"), Optional<String>.self.columnNames(named: "summary"), String?.self.columnNames(named: "author")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String?.self.jsonValueForms, Optional<String>.self.jsonValueForms, String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String?.self.storedColumns, Optional<String>.self.storedColumns, String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var body: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "body", qualifier: qualifier)
            }
            var summary: TypedSQLCore.ColumnsOf<Optional<String>> {
              Optional<String>.self.queryColumns(named: "summary", qualifier: qualifier)
            }
            var author: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "author", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, body: some TypedSQLCore.QueryProjection<String?> = TypedSQLCore.ColumnDefault<String?>(nil), summary: some TypedSQLCore.QueryProjection<Optional<String>> = TypedSQLCore.ColumnDefault<Optional<String>>(nil), author: some TypedSQLCore.QueryProjection<String?> = TypedSQLCore.ColumnDefault<String?>(nil)) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              body.appendSelection(to: &selection)
              summary.appendSelection(to: &selection)
              author.appendSelection(to: &selection)
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
            var body: String? = nil
            var summary: Optional<String> = nil
            var author: String? = nil
            init(id: Int? = nil, body: String? = nil, summary: Optional<String> = nil, author: String? = nil) {
              self.id = id
              self.body = body
              self.summary = summary
              self.author = author
            }
            init(_ row: Note) {
              self.init(id: row.id, body: row.body, summary: row.summary, author: row.author)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(body)
              values.append(summary)
              values.append(author)
            }
          }
          static let tableName = "notes"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let body = try decoder.decode(String?.self)
            let summary = try decoder.decode(Optional<String>.self)
            let author = try decoder.decode(String?.self)
            self.init(id: id, body: body, summary: summary, author: author)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(body)
            values.append(summary)
            values.append(author)
          }
        }

        nonisolated extension Note: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let body = TypedSQLCore.JSONMember<String?>("body")
            let summary = TypedSQLCore.JSONMember<Optional<String>>("summary")
            let author = TypedSQLCore.JSONMember<String!>("author")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func multipleBindings() {
      assertMacro {
        """
        @Table struct Point {
          var x, y: Double
          var label = "", weight: Int
        }
        """
      } expansion: {
        """
        struct Point {
          var x, y: Double
          var label = "", weight: Int
        }

        nonisolated extension Point: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Point
            static let columnNames: [String] = ([Double.self.columnNames(named: "x"), Double.self.columnNames(named: "y"), String.self.columnNames(named: "label"), Int.self.columnNames(named: "weight")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Double.self.jsonValueForms, Double.self.jsonValueForms, String.self.jsonValueForms, Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Double.self.storedColumns, Double.self.storedColumns, String.self.storedColumns, Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var x: TypedSQLCore.ColumnsOf<Double> {
              Double.self.queryColumns(named: "x", qualifier: qualifier)
            }
            var y: TypedSQLCore.ColumnsOf<Double> {
              Double.self.queryColumns(named: "y", qualifier: qualifier)
            }
            var label: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "label", qualifier: qualifier)
            }
            var weight: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "weight", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(x: some TypedSQLCore.QueryProjection<Double>, y: some TypedSQLCore.QueryProjection<Double>, label: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>(""), weight: some TypedSQLCore.QueryProjection<Int>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              x.appendSelection(to: &selection)
              y.appendSelection(to: &selection)
              label.appendSelection(to: &selection)
              weight.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          static let tableName = "points"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let x = try decoder.decode(Double.self)
            let y = try decoder.decode(Double.self)
            let label = try decoder.decode(String.self)
            let weight = try decoder.decode(Int.self)
            self.init(x: x, y: y, label: label, weight: weight)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(x)
            values.append(y)
            values.append(label)
            values.append(weight)
          }
        }

        nonisolated extension Point: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let y = TypedSQLCore.JSONMember<Double>("y")
            let label = TypedSQLCore.JSONMember<String>("label")
            let weight = TypedSQLCore.JSONMember<Int>("weight")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func membersOtherThanStoredProperties() {
      assertMacro {
        """
        @Table struct Item {
          enum Kind: Int {
            case a, b
          }
          struct Nested {
            var value: Int
          }
          let id: Int
          var kind: Kind {
            didSet { print(kind) }
          }
          @Clamped var level: Int
          var label: String {
            get { "" }
            set {}
          }
        }
        """
      } expansion: {
        """
        struct Item {
          enum Kind: Int {
            case a, b
          }
          struct Nested {
            var value: Int
          }
          let id: Int
          var kind: Kind {
            didSet { print(kind) }
          }
          @Clamped var level: Int
          var label: String {
            get { "" }
            set {}
          }
        }

        nonisolated extension Item: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Item
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), Kind.self.columnNames(named: "kind"), Int.self.columnNames(named: "level")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, Kind.self.jsonValueForms, Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, Kind.self.storedColumns, Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var kind: TypedSQLCore.ColumnsOf<Kind> {
              Kind.self.queryColumns(named: "kind", qualifier: qualifier)
            }
            var level: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "level", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, kind: some TypedSQLCore.QueryProjection<Kind>, level: some TypedSQLCore.QueryProjection<Int>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              kind.appendSelection(to: &selection)
              level.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Item
            var id: Int? = nil
            var kind: Kind
            var level: Int
            init(id: Int? = nil, kind: Kind, level: Int) {
              self.id = id
              self.kind = kind
              self.level = level
            }
            init(_ row: Item) {
              self.init(id: row.id, kind: row.kind, level: row.level)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(kind)
              values.append(level)
            }
          }
          static let tableName = "items"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.kind = try decoder.decode(Kind.self)
            self.level = try decoder.decode(Int.self)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(kind)
            values.append(level)
          }
        }

        nonisolated extension Item: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let kind = TypedSQLCore.JSONMember<Kind>("kind")
            let level = TypedSQLCore.JSONMember<Int>("level")
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

extension MacroExpansionTests.TableExpansion {
  /// `Self` in a column's type means the table; the generated types spell the table's name.
  @Test func selfInColumnTypesNamesTheTable() {
    assertMacro {
      """
      @Table struct Note {
        @Column(as: Tagged<Self, UUID.BytesRepresentation>.self)
        let id: Tagged<Self, UUID>
        var parentID: Tagged<Self, UUID>?
      }
      """
    } expansion: {
      """
      struct Note {
        let id: Tagged<Self, UUID>
        var parentID: Tagged<Self, UUID>?
      }

      nonisolated extension Note: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
        nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Note
          static let columnNames: [String] = ([Tagged<Note, UUID.BytesRepresentation>.self.columnNames(named: "id"), Tagged<Note, UUID>?.self.columnNames(named: "parentID")] as [[String]]).flatMap {
            $0
          }
          static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Tagged<Note, UUID.BytesRepresentation>.self.jsonValueForms, Tagged<Note, UUID>?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
            $0
          }
          static var storedColumns: [TypedSQLCore.StoredColumn] {
            ([Tagged<Note, UUID.BytesRepresentation>.self.storedColumns, Tagged<Note, UUID>?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
              $0
            }
          }
          static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
          static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
          let qualifier: String
          init(qualifier: String) {
            self.qualifier = qualifier
          }
          var id: TypedSQLCore.ColumnsOf<Tagged<Note, UUID.BytesRepresentation>> {
            Tagged<Note, UUID.BytesRepresentation>.self.queryColumns(named: "id", qualifier: qualifier)
          }
          var parentID: TypedSQLCore.ColumnsOf<Tagged<Note, UUID>?> {
            Tagged<Note, UUID>?.self.queryColumns(named: "parentID", qualifier: qualifier)
          }
          var primaryKey: TypedSQLCore.SQLQueryExpression<Tagged<Note, UUID.BytesRepresentation>> {
            TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
          }
        }
        nonisolated struct Columns: TypedSQLCore.TableRowColumns {
          typealias Row = TableColumns.QueryValue
          private let selection: [TypedSQLCore.SQLExpression]
          init(id: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<Tagged<Note, UUID.BytesRepresentation>>>, parentID: some TypedSQLCore.QueryProjection<Tagged<Note, UUID>?> = TypedSQLCore.ColumnDefault<Tagged<Note, UUID>?>(nil)) {
            var selection: [TypedSQLCore.SQLExpression] = []
            id.handles.appendSelection(to: &selection)
            parentID.appendSelection(to: &selection)
            self.selection = selection
          }
          func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
            columns.append(contentsOf: selection)
          }
        }
        typealias Selection = Columns
        nonisolated struct Draft: TypedSQLCore.TableDraft {
          typealias Into = Note
          var id: Tagged<Note, UUID>? = nil
          var parentID: Tagged<Note, UUID>? = nil
          init(id: Tagged<Note, UUID>? = nil, parentID: Tagged<Note, UUID>? = nil) {
            self.id = id
            self.parentID = parentID
          }
          init(_ row: Note) {
            self.init(id: row.id, parentID: row.parentID)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(primaryKey: id.map(Tagged<Note, UUID.BytesRepresentation>.init(queryOutput:)))
            values.append(parentID)
          }
        }
        static let tableName = "notes"
        var primaryKey: Tagged<Note, UUID> {
          id
        }
        init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          let id = try decoder.decode(Tagged<Note, UUID.BytesRepresentation>.self).queryOutput
          let parentID = try decoder.decode(Tagged<Note, UUID>?.self)
          self.init(id: id, parentID: parentID)
        }
        func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          values.append(id, as: Tagged<Note, UUID.BytesRepresentation>.self)
          values.append(parentID)
        }
      }

      nonisolated extension Note: TypedSQLCore.JSONPathNavigable {
        /// The members typed JSON paths can name, each under its JSON key.
        nonisolated struct JSONMembers: Sendable {
          let id = TypedSQLCore.JSONMember<Tagged<Self, UUID>>("id")
          let parentID = TypedSQLCore.JSONMember<Tagged<Self, UUID>?>("parentID")
        }
        static var jsonMembers: JSONMembers {
          JSONMembers()
        }
      }
      """
    }
  }

  /// A default scope written from the table's own entry points, as StructuredQueries writes it:
  /// the macro writes the same query started from `unscoped` for the entry points to start from.
  @Test func defaultScopeWrittenFromTheTablesEntryPoints() {
    assertMacro {
      """
      @Table struct Note {
        var isDeleted = false
        static let all = Self.where { !$0.isDeleted }
      }
      """
    } expansion: {
      """
      struct Note {
        var isDeleted = false
        static let all = Self.where { !$0.isDeleted }
      }

      nonisolated extension Note: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
        nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
          typealias QueryValue = Note
          static let columnNames: [String] = ([Bool.self.columnNames(named: "isDeleted")] as [[String]]).flatMap {
            $0
          }
          static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Bool.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
            $0
          }
          static var storedColumns: [TypedSQLCore.StoredColumn] {
            ([Bool.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
              $0
            }
          }
          static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
          static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
          let qualifier: String
          init(qualifier: String) {
            self.qualifier = qualifier
          }
          var isDeleted: TypedSQLCore.ColumnsOf<Bool> {
            Bool.self.queryColumns(named: "isDeleted", qualifier: qualifier)
          }
        }
        nonisolated struct Columns: TypedSQLCore.TableRowColumns {
          typealias Row = TableColumns.QueryValue
          private let selection: [TypedSQLCore.SQLExpression]
          init(isDeleted: some TypedSQLCore.QueryProjection<Bool> = TypedSQLCore.ColumnDefault<Bool>(false)) {
            var selection: [TypedSQLCore.SQLExpression] = []
            isDeleted.appendSelection(to: &selection)
            self.selection = selection
          }
          func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
            columns.append(contentsOf: selection)
          }
        }
        typealias Selection = Columns
        static let tableName = "notes"
        init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          let isDeleted = try decoder.decode(Bool.self)
          self.init(isDeleted: isDeleted)
        }
        func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          values.append(isDeleted)
        }
        static var _typedSQLScopeStart: Select<TableColumns, Self> {
          Self.unscoped.where {
            !$0.isDeleted
          }
        }
      }

      nonisolated extension Note: TypedSQLCore.JSONPathNavigable {
        /// The members typed JSON paths can name, each under its JSON key.
        nonisolated struct JSONMembers: Sendable {
          let isDeleted = TypedSQLCore.JSONMember<Bool>("isDeleted")
        }
        static var jsonMembers: JSONMembers {
          JSONMembers()
        }
      }
      """
    }
    assertMacro {
      """
      @Table struct Note {
        var position = 0
        static var all: Select<TableColumns, Note> { order { $0.position } }
      }
      """
    } expansion: {
      """
      struct Note {
        var position = 0
        static var all: Select<TableColumns, Note> { order { $0.position } }
      }

      nonisolated extension Note: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
        nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
          typealias QueryValue = Note
          static let columnNames: [String] = ([Int.self.columnNames(named: "position")] as [[String]]).flatMap {
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
          var position: TypedSQLCore.ColumnsOf<Int> {
            Int.self.queryColumns(named: "position", qualifier: qualifier)
          }
        }
        nonisolated struct Columns: TypedSQLCore.TableRowColumns {
          typealias Row = TableColumns.QueryValue
          private let selection: [TypedSQLCore.SQLExpression]
          init(position: some TypedSQLCore.QueryProjection<Int> = TypedSQLCore.ColumnDefault<Int>(0)) {
            var selection: [TypedSQLCore.SQLExpression] = []
            position.appendSelection(to: &selection)
            self.selection = selection
          }
          func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
            columns.append(contentsOf: selection)
          }
        }
        typealias Selection = Columns
        static let tableName = "notes"
        init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          let position = try decoder.decode(Int.self)
          self.init(position: position)
        }
        func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
          values.append(position)
        }
        static var _typedSQLScopeStart: Select<TableColumns, Self> {
          unscoped.order {
            $0.position
          }
        }
      }

      nonisolated extension Note: TypedSQLCore.JSONPathNavigable {
        /// The members typed JSON paths can name, each under its JSON key.
        nonisolated struct JSONMembers: Sendable {
          let position = TypedSQLCore.JSONMember<Int>("position")
        }
        static var jsonMembers: JSONMembers {
          JSONMembers()
        }
      }
      """
    }
  }
}
