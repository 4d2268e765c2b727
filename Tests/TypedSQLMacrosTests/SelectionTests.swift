import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@Selection` generates, a selection as a field of a `@Table`, and the errors
  /// `@Selection` reports.
  @Suite struct Selection {
    @Test func timestamps() {
      assertMacro {
        """
        @Selection struct Timestamps {
          var createdAt: Date
          var updatedAt: Date?
        }
        """
      } expansion: {
        """
        struct Timestamps {
          var createdAt: Date
          var updatedAt: Date?
        }

        nonisolated extension Timestamps: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Timestamps
            static let columnNames: [String] = ([Date.self.columnNames(named: "createdAt"), Date?.self.columnNames(named: "updatedAt")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Date.self.jsonValueForms, Date?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Date.self.storedColumns, Date?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let createdAt: TypedSQLCore.ColumnsOf<Date>
            let updatedAt: TypedSQLCore.ColumnsOf<Date?>
            init(createdAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Date>>, updatedAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Date?>> = nil as Date?) {
              self.createdAt = createdAt.handles
              self.updatedAt = updatedAt.handles
            }
            init(qualifier: String) {
              self.createdAt = Date.self.queryColumns(named: "createdAt", qualifier: qualifier)
              self.updatedAt = Date?.self.queryColumns(named: "updatedAt", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.createdAt.appendSelection(to: &columns)
              self.updatedAt.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let createdAt = try decoder.decode(Date.self)
            let updatedAt = try decoder.decode(Date?.self)
            self.init(createdAt: createdAt, updatedAt: updatedAt)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(createdAt)
            values.append(updatedAt)
          }
        }

        nonisolated extension Timestamps: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let createdAt = TypedSQLCore.JSONMember<Date>("createdAt")
            let updatedAt = TypedSQLCore.JSONMember<Date?>("updatedAt")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func rowWithNestedGroupNameAndRepresentation() {
      assertMacro {
        """
        @Selection struct Row {
          let reminderTitle: String
          @Column("list_title") let listTitle: String
          @Column(as: Date.UnixTimeRepresentation.self) let dueAt: Date?
          let timestamps: Timestamps
          @Ephemeral var isSelected = false
          var summary: String { reminderTitle }
        }
        """
      } expansion: {
        """
        struct Row {
          let reminderTitle: String
          let listTitle: String
          let dueAt: Date?
          let timestamps: Timestamps
          var isSelected = false
          var summary: String { reminderTitle }
        }

        nonisolated extension Row: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Row
            static let columnNames: [String] = ([String.self.columnNames(named: "reminderTitle"), String.self.columnNames(named: "list_title"), Date.UnixTimeRepresentation.self.columnNames(named: "dueAt"), Timestamps.self.columnNames(named: "timestamps")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms, String.self.jsonValueForms, Date.UnixTimeRepresentation.self.jsonValueForms, Timestamps.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns, String.self.storedColumns, Date.UnixTimeRepresentation.self.storedColumns, Timestamps.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let reminderTitle: TypedSQLCore.ColumnsOf<String>
            let listTitle: TypedSQLCore.ColumnsOf<String>
            let dueAt: TypedSQLCore.ColumnsOf<Date.UnixTimeRepresentation>
            let timestamps: TypedSQLCore.ColumnsOf<Timestamps>
            init(reminderTitle: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>, listTitle: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>, dueAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Date.UnixTimeRepresentation>>, timestamps: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Timestamps>>) {
              self.reminderTitle = reminderTitle.handles
              self.listTitle = listTitle.handles
              self.dueAt = dueAt.handles
              self.timestamps = timestamps.handles
            }
            init(qualifier: String) {
              self.reminderTitle = String.self.queryColumns(named: "reminderTitle", qualifier: qualifier)
              self.listTitle = String.self.queryColumns(named: "list_title", qualifier: qualifier)
              self.dueAt = Date.UnixTimeRepresentation.self.queryColumns(named: "dueAt", qualifier: qualifier)
              self.timestamps = Timestamps.self.queryColumns(named: "timestamps", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.reminderTitle.appendSelection(to: &columns)
              self.listTitle.appendSelection(to: &columns)
              self.dueAt.appendSelection(to: &columns)
              self.timestamps.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let reminderTitle = try decoder.decode(String.self)
            let listTitle = try decoder.decode(String.self)
            let dueAt = try decoder.decode(Date.UnixTimeRepresentation.self).queryOutput
            let timestamps = try decoder.decode(Timestamps.self)
            self.init(reminderTitle: reminderTitle, listTitle: listTitle, dueAt: dueAt, timestamps: timestamps)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(reminderTitle)
            values.append(listTitle)
            values.append(dueAt, as: Date.UnixTimeRepresentation.self)
            values.append(timestamps)
          }
        }

        nonisolated extension Row: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let reminderTitle = TypedSQLCore.JSONMember<String>("reminderTitle")
            let listTitle = TypedSQLCore.JSONMember<String>("listTitle")
            let dueAt = TypedSQLCore.JSONMember<Date?>("dueAt")
            let timestamps = TypedSQLCore.JSONMember<Timestamps>("timestamps")
            let isSelected = TypedSQLCore.JSONMember<Bool>("isSelected")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    /// StructuredQueries' `@Column(as: TableAlias<…>.self)` reads the field as its base table:
    /// the columns a query passes carry the alias.
    @Test func tableAliasField() {
      assertMacro {
        """
        @Selection struct ListAndCount {
          @Column(as: TableAlias<RemindersList, RL>.self)
          let remindersList: RemindersList
          let remindersCount: Int
        }
        """
      } expansion: {
        """
        struct ListAndCount {
          let remindersList: RemindersList
          let remindersCount: Int
        }

        nonisolated extension ListAndCount: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = ListAndCount
            static let columnNames: [String] = ([RemindersList.self.columnNames(named: "remindersList"), Int.self.columnNames(named: "remindersCount")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([RemindersList.self.jsonValueForms, Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([RemindersList.self.storedColumns, Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let remindersList: TypedSQLCore.ColumnsOf<RemindersList>
            let remindersCount: TypedSQLCore.ColumnsOf<Int>
            init(remindersList: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<RemindersList>>, remindersCount: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>>) {
              self.remindersList = remindersList.handles
              self.remindersCount = remindersCount.handles
            }
            init(qualifier: String) {
              self.remindersList = RemindersList.self.queryColumns(named: "remindersList", qualifier: qualifier)
              self.remindersCount = Int.self.queryColumns(named: "remindersCount", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.remindersList.appendSelection(to: &columns)
              self.remindersCount.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let remindersList = try decoder.decode(RemindersList.self)
            let remindersCount = try decoder.decode(Int.self)
            self.init(remindersList: remindersList, remindersCount: remindersCount)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(remindersList)
            values.append(remindersCount)
          }
        }

        nonisolated extension ListAndCount: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let remindersList = TypedSQLCore.JSONMember<RemindersList>("remindersList")
            let remindersCount = TypedSQLCore.JSONMember<Int>("remindersCount")
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
        @Selection public struct Span {
          public var start: Int
          public var end: Int
        }
        """
      } expansion: {
        """
        public struct Span {
          public var start: Int
          public var end: Int
        }

        nonisolated extension Span: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          public nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            public typealias QueryValue = Span
            public static let columnNames: [String] = ([Int.self.columnNames(named: "start"), Int.self.columnNames(named: "end")] as [[String]]).flatMap {
              $0
            }
            public static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, Int.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            public static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, Int.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            public let start: TypedSQLCore.ColumnsOf<Int>
            public let end: TypedSQLCore.ColumnsOf<Int>
            public init(start: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>>, end: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>>) {
              self.start = start.handles
              self.end = end.handles
            }
            public init(qualifier: String) {
              self.start = Int.self.queryColumns(named: "start", qualifier: qualifier)
              self.end = Int.self.queryColumns(named: "end", qualifier: qualifier)
            }
            public func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.start.appendSelection(to: &columns)
              self.end.appendSelection(to: &columns)
            }
          }
          public typealias Selection = Columns
          public init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let start = try decoder.decode(Int.self)
            let end = try decoder.decode(Int.self)
            self.init(start: start, end: end)
          }
          public func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(start)
            values.append(end)
          }
        }

        nonisolated extension Span: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          public nonisolated struct JSONMembers: Sendable {
            public let start = TypedSQLCore.JSONMember<Int>("start")
            public let end = TypedSQLCore.JSONMember<Int>("end")
          }
          public static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func selfInFieldTypesNamesTheSelection() {
      assertMacro {
        """
        @Selection struct Node {
          var id: Tagged<Self, Int>
          var parentID: Tagged<Self, Int>!
        }
        """
      } expansion: {
        """
        struct Node {
          var id: Tagged<Self, Int>
          var parentID: Tagged<Self, Int>!
        }

        nonisolated extension Node: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Node
            static let columnNames: [String] = ([Tagged<Node, Int>.self.columnNames(named: "id"), Tagged<Node, Int>?.self.columnNames(named: "parentID")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Tagged<Node, Int>.self.jsonValueForms, Tagged<Node, Int>?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Tagged<Node, Int>.self.storedColumns, Tagged<Node, Int>?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let id: TypedSQLCore.ColumnsOf<Tagged<Node, Int>>
            let parentID: TypedSQLCore.ColumnsOf<Tagged<Node, Int>?>
            init(id: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Tagged<Node, Int>>>, parentID: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Tagged<Node, Int>?>>) {
              self.id = id.handles
              self.parentID = parentID.handles
            }
            init(qualifier: String) {
              self.id = Tagged<Node, Int>.self.queryColumns(named: "id", qualifier: qualifier)
              self.parentID = Tagged<Node, Int>?.self.queryColumns(named: "parentID", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.id.appendSelection(to: &columns)
              self.parentID.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Tagged<Node, Int>.self)
            let parentID = try decoder.decode(Tagged<Node, Int>?.self)
            self.init(id: id, parentID: parentID)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(parentID)
          }
        }

        nonisolated extension Node: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Tagged<Self, Int>>("id")
            let parentID = TypedSQLCore.JSONMember<Tagged<Self, Int>!>("parentID")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    /// A struct that already declares its conformance gets the members only.
    @Test func conformanceAlreadyDeclared() {
      assertMacro(["Selection": MacroSpec(type: SelectionMacro.self)]) {
        """
        @Selection struct Pair: Selection {
          var first = 0
        }
        """
      } expansion: {
        """
        struct Pair: Selection {
          var first = 0
        }

        nonisolated extension Pair {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Pair
            static let columnNames: [String] = ([Int.self.columnNames(named: "first")] as [[String]]).flatMap {
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
            let first: TypedSQLCore.ColumnsOf<Int>
            init(first: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>> = 0 as Int) {
              self.first = first.handles
            }
            init(qualifier: String) {
              self.first = Int.self.queryColumns(named: "first", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.first.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let first = try decoder.decode(Int.self)
            self.init(first: first)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(first)
          }
        }

        nonisolated extension Pair {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let first = TypedSQLCore.JSONMember<Int>("first")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func groupFieldOfTable() {
      assertMacro {
        """
        @Table struct RemindersList {
          let id: Int
          var title = ""
          var timestamps: Timestamps
        }
        """
      } expansion: {
        """
        struct RemindersList {
          let id: Int
          var title = ""
          var timestamps: Timestamps
        }

        nonisolated extension RemindersList: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = RemindersList
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "title"), Timestamps.self.columnNames(named: "timestamps")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms, Timestamps.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns, Timestamps.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var timestamps: TypedSQLCore.ColumnsOf<Timestamps> {
              Timestamps.self.queryColumns(named: "timestamps", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, title: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>(""), timestamps: some TypedSQLCore.QueryProjection<Timestamps>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              title.appendSelection(to: &selection)
              timestamps.appendSelection(to: &selection)
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
            var title: String = ""
            var timestamps: Timestamps
            init(id: Int? = nil, title: String = "", timestamps: Timestamps) {
              self.id = id
              self.title = title
              self.timestamps = timestamps
            }
            init(_ row: RemindersList) {
              self.init(id: row.id, title: row.title, timestamps: row.timestamps)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(title)
              values.append(timestamps)
            }
          }
          static let tableName = "remindersLists"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let title = try decoder.decode(String.self)
            let timestamps = try decoder.decode(Timestamps.self)
            self.init(id: id, title: title, timestamps: timestamps)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(title)
            values.append(timestamps)
          }
        }

        nonisolated extension RemindersList: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let title = TypedSQLCore.JSONMember<String>("title")
            let timestamps = TypedSQLCore.JSONMember<Timestamps>("timestamps")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test(arguments: ["class", "actor", "protocol"])
    func onNeitherStructNorEnum(keyword: String) {
      assertMacro {
        """
        @Selection \(keyword) Row {}
        """
      } diagnostics: {
        """
        @Selection \(keyword) Row {}
        ┬─────────
        ╰─ 🛑 '@Selection' can only be applied to a struct or an enum
        """
      }
    }

    @Test func genericStruct() {
      assertMacro {
        """
        @Selection struct Pair<Value> {
          var first: Value
        }
        """
      } diagnostics: {
        """
        @Selection struct Pair<Value> {
                              ┬──────
                              ╰─ 🛑 '@Selection' does not support generic types
          var first: Value
        }
        """
      }
    }

    @Test func primaryKeyInSelection() {
      assertMacro {
        """
        @Selection struct Row {
          @Column(primaryKey: true) let id: Int
          @Column("name", primaryKey: false) var name: String
        }
        """
      } diagnostics: {
        """
        @Selection struct Row {
          @Column(primaryKey: true) let id: Int
                  ┬───────────────
                  ╰─ 🛑 '@Column(primaryKey:)' can only be used in a '@Table'
                     ✏️ Remove 'primaryKey: true'
          @Column("name", primaryKey: false) var name: String
                          ┬────────────────
                          ╰─ 🛑 '@Column(primaryKey:)' can only be used in a '@Table'
                             ✏️ Remove 'primaryKey: false'
        }
        """
      } fixes: {
        """
        @Selection struct Row {
          @Column let id: Int
          @Column("name") var name: String
        }
        """
      } expansion: {
        """
        struct Row {
          let id: Int
          var name: String
        }

        nonisolated extension Row: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Row
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
            let id: TypedSQLCore.ColumnsOf<Int>
            let name: TypedSQLCore.ColumnsOf<String>
            init(id: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>>, name: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) {
              self.id = id.handles
              self.name = name.handles
            }
            init(qualifier: String) {
              self.id = Int.self.queryColumns(named: "id", qualifier: qualifier)
              self.name = String.self.queryColumns(named: "name", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.id.appendSelection(to: &columns)
              self.name.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
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

        nonisolated extension Row: TypedSQLCore.JSONPathNavigable {
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

    /// A group's generated column is read and compared like any other; an insert of the group
    /// leaves it to the database.
    @Test func generatedInSelection() {
      assertMacro {
        """
        @Selection struct Timestamps {
          var deletedAt: Date?
          @Column(generated: .virtual) let isDeleted: Bool
        }
        """
      } expansion: {
        """
        struct Timestamps {
          var deletedAt: Date?
          let isDeleted: Bool
        }

        nonisolated extension Timestamps: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Timestamps
            static let columnNames: [String] = ([Date?.self.columnNames(named: "deletedAt"), Bool.self.columnNames(named: "isDeleted")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Date?.self.jsonValueForms, Bool.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Date?.self.storedColumns, Bool.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let deletedAt: TypedSQLCore.ColumnsOf<Date?>
            let isDeleted: TypedSQLCore.ColumnsOf<Bool>
            init(deletedAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Date?>> = nil as Date?, isDeleted: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Bool>>) {
              self.deletedAt = deletedAt.handles
              self.isDeleted = isDeleted.handles
            }
            init(qualifier: String) {
              self.deletedAt = Date?.self.queryColumns(named: "deletedAt", qualifier: qualifier)
              self.isDeleted = Bool.self.queryColumns(named: "isDeleted", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.deletedAt.appendSelection(to: &columns)
              self.isDeleted.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let deletedAt = try decoder.decode(Date?.self)
            let isDeleted = try decoder.decode(Bool.self)
            self.init(deletedAt: deletedAt, isDeleted: isDeleted)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(deletedAt)
            values.appendGenerated(isDeleted)
          }
        }

        nonisolated extension Timestamps: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let deletedAt = TypedSQLCore.JSONMember<Date?>("deletedAt")
            let isDeleted = TypedSQLCore.JSONMember<Bool>("isDeleted")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func letWithDefaultValueInSelection() {
      assertMacro {
        """
        @Selection struct Row {
          let title = ""
        }
        """
      } diagnostics: {
        """
        @Selection struct Row {
          let title = ""
          ┬──
          ╰─ 🛑 'let' property 'title' with a default value cannot be decoded from a row
             ✏️ Replace 'let' with 'var'
        }
        """
      } fixes: {
        """
        @Selection struct Row {
          var title = ""
        }
        """
      } expansion: {
        """
        struct Row {
          var title = ""
        }

        nonisolated extension Row: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Row
            static let columnNames: [String] = ([String.self.columnNames(named: "title")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let title: TypedSQLCore.ColumnsOf<String>
            init(title: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>> = "" as String) {
              self.title = title.handles
            }
            init(qualifier: String) {
              self.title = String.self.queryColumns(named: "title", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.title.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let title = try decoder.decode(String.self)
            self.init(title: title)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(title)
          }
        }

        nonisolated extension Row: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let title = TypedSQLCore.JSONMember<String>("title")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    /// A group declared without an access modifier inside a private table is fileprivate in
    /// effect: its generated members say so, or naming the type would exceed their access.
    @Test func insidePrivateType() {
      assertMacro {
        """
        private struct Enrollment {
          @Selection struct ID {
            let a: String
          }
        }
        """
      } expansion: {
        """
        private struct Enrollment {
          struct ID {
            let a: String
          }
        }

        nonisolated extension Enrollment.ID: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          fileprivate nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            fileprivate typealias QueryValue = Enrollment.ID
            fileprivate static let columnNames: [String] = ([String.self.columnNames(named: "a")] as [[String]]).flatMap {
              $0
            }
            fileprivate static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            fileprivate static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            fileprivate let a: TypedSQLCore.ColumnsOf<String>
            fileprivate init(a: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) {
              self.a = a.handles
            }
            fileprivate init(qualifier: String) {
              self.a = String.self.queryColumns(named: "a", qualifier: qualifier)
            }
            fileprivate func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.a.appendSelection(to: &columns)
            }
          }
          fileprivate typealias Selection = Columns
          fileprivate init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let a = try decoder.decode(String.self)
            self.init(a: a)
          }
          fileprivate func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(a)
          }
        }

        nonisolated extension Enrollment.ID: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          fileprivate nonisolated struct JSONMembers: Sendable {
            fileprivate let a = TypedSQLCore.JSONMember<String>("a")
          }
          fileprivate static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func missingTypeInSelection() {
      assertMacro {
        """
        @Selection struct Row {
          var createdAt = Date.now
        }
        """
      } diagnostics: {
        """
        @Selection struct Row {
          var createdAt = Date.now
              ┬────────
              ╰─ 🛑 '@Selection' requires an explicit type for 'createdAt'
                 ✏️ Insert a type annotation
        }
        """
      } fixes: {
        """
        @Selection struct Row {
          var createdAt: <#Type#> = Date.now
        }
        """
      } expansion: {
        """
        struct Row {
          var createdAt: <#Type#> = Date.now
        }

        nonisolated extension Row: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Row
            static let columnNames: [String] = ([<#Type#>.self.columnNames(named: "createdAt")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([<#Type#>.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([<#Type#>.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let createdAt: TypedSQLCore.ColumnsOf<<#Type#>>
            init(createdAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<<#Type#>>>) {
              self.createdAt = createdAt.handles
            }
            init(qualifier: String) {
              self.createdAt = <#Type#>.self.queryColumns(named: "createdAt", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.createdAt.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let createdAt = try decoder.decode(<#Type#>.self)
            self.init(createdAt: createdAt)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(createdAt)
          }
        }
        """
      }
    }

    /// `@Selection("name")` names the common table whose rows the selection declares.
    @Test func commonTableNameGiven() {
      assertMacro {
        """
        @Selection("listStatistics") struct ListStat {
          let listID: Int
        }
        """
      } expansion: {
        """
        struct ListStat {
          let listID: Int
        }

        nonisolated extension ListStat: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = ListStat
            static let columnNames: [String] = ([Int.self.columnNames(named: "listID")] as [[String]]).flatMap {
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
            let listID: TypedSQLCore.ColumnsOf<Int>
            init(listID: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Int>>) {
              self.listID = listID.handles
            }
            init(qualifier: String) {
              self.listID = Int.self.queryColumns(named: "listID", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.listID.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let listID = try decoder.decode(Int.self)
            self.init(listID: listID)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(listID)
          }
          static let commonTableName = "listStatistics"
        }

        nonisolated extension ListStat: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let listID = TypedSQLCore.JSONMember<Int>("listID")
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
