import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// `@Column(lazyInitializable: true)`: columns the database fills in, optional in `Draft`.
  @Suite struct LazyInitializable {
    /// With the `TypedSQLLazyInitializableByDefault` trait (the macro it selects), a draft leaves
    /// to the database every column it would otherwise have to be given: stored, not optional,
    /// with no default value, and not opted out.
    @Test func lazyInitializableByDefault() {
      assertMacro(["Table": MacroSpec(type: LazyInitializableByDefaultTableMacro.self)]) {
        """
        @Table struct User {
          let id: Int
          var name = ""
          let createdAt: Date
          @Column(as: Date.UnixTimeRepresentation.self) let seenAt: Date
          @Column(lazyInitializable: false) let level: Int
          var nickname: String?
          @Column(generated: .virtual) let isNew: Bool
        }
        """
      } expansion: {
        """
        struct User {
          let id: Int
          var name = ""
          let createdAt: Date
          @Column(as: Date.UnixTimeRepresentation.self) let seenAt: Date
          @Column(lazyInitializable: false) let level: Int
          var nickname: String?
          @Column(generated: .virtual) let isNew: Bool
        }

        nonisolated extension User {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = User
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), String.self.columnNames(named: "name"), Date.self.columnNames(named: "createdAt"), Date.UnixTimeRepresentation.self.columnNames(named: "seenAt"), Int.self.columnNames(named: "level"), String?.self.columnNames(named: "nickname"), Bool.self.columnNames(named: "isNew")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, String.self.jsonValueForms, Date.self.jsonValueForms, Date.UnixTimeRepresentation.self.jsonValueForms, Int.self.jsonValueForms, String?.self.jsonValueForms, Bool.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, String.self.storedColumns, Date.self.storedColumns, Date.UnixTimeRepresentation.self.storedColumns, Int.self.storedColumns, String?.self.storedColumns, Bool.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var createdAt: TypedSQLCore.ColumnsOf<Date> {
              Date.self.queryColumns(named: "createdAt", qualifier: qualifier)
            }
            var seenAt: TypedSQLCore.ColumnsOf<Date.UnixTimeRepresentation> {
              Date.UnixTimeRepresentation.self.queryColumns(named: "seenAt", qualifier: qualifier)
            }
            var level: TypedSQLCore.ColumnsOf<Int> {
              Int.self.queryColumns(named: "level", qualifier: qualifier)
            }
            var nickname: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "nickname", qualifier: qualifier)
            }
            var isNew: TypedSQLCore.ColumnsOf<Bool> {
              Bool.self.queryColumns(named: "isNew", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            static let generatedColumnNames: [String] = ["isNew"]
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, name: some TypedSQLCore.QueryProjection<String> = TypedSQLCore.ColumnDefault<String>(""), createdAt: some TypedSQLCore.QueryProjection<Date>, seenAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<Date.UnixTimeRepresentation>>, level: some TypedSQLCore.QueryProjection<Int>, nickname: some TypedSQLCore.QueryProjection<String?> = TypedSQLCore.ColumnDefault<String?>(nil), isNew: some TypedSQLCore.QueryProjection<Bool>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              name.appendSelection(to: &selection)
              createdAt.appendSelection(to: &selection)
              seenAt.handles.appendSelection(to: &selection)
              level.appendSelection(to: &selection)
              nickname.appendSelection(to: &selection)
              isNew.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = User
            var id: Int? = nil
            var name: String = ""
            var createdAt: Date? = nil
            var seenAt: Date? = nil
            var level: Int
            var nickname: String? = nil
            init(id: Int? = nil, name: String = "", createdAt: Date? = nil, seenAt: Date? = nil, level: Int, nickname: String? = nil) {
              self.id = id
              self.name = name
              self.createdAt = createdAt
              self.seenAt = seenAt
              self.level = level
              self.nickname = nickname
            }
            init(_ row: User) {
              self.init(id: row.id, name: row.name, createdAt: row.createdAt, seenAt: row.seenAt, level: row.level, nickname: row.nickname)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(name)
              values.append(orDefault: createdAt)
              values.append(orDefault: seenAt.map(Date.UnixTimeRepresentation.init(queryOutput:)))
              values.append(level)
              values.append(nickname)
              values.appendDefault()
            }
          }
          static let tableName = "users"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let name = try decoder.decode(String.self)
            let createdAt = try decoder.decode(Date.self)
            let seenAt = try decoder.decode(Date.UnixTimeRepresentation.self).queryOutput
            let level = try decoder.decode(Int.self)
            let nickname = try decoder.decode(String?.self)
            let isNew = try decoder.decode(Bool.self)
            self.init(id: id, name: name, createdAt: createdAt, seenAt: seenAt, level: level, nickname: nickname, isNew: isNew)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(name)
            values.append(createdAt)
            values.append(seenAt, as: Date.UnixTimeRepresentation.self)
            values.append(level)
            values.append(nickname)
            values.appendGenerated(isNew)
          }
        }

        nonisolated extension User {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let name = TypedSQLCore.JSONMember<String>("name")
            let createdAt = TypedSQLCore.JSONMember<Date>("createdAt")
            let seenAt = TypedSQLCore.JSONMember<Date>("seenAt")
            let level = TypedSQLCore.JSONMember<Int>("level")
            let nickname = TypedSQLCore.JSONMember<String?>("nickname")
            let isNew = TypedSQLCore.JSONMember<Bool>("isNew")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func optionalInDraftAndLeftToTheDatabase() {
      assertMacro {
        """
        @Table struct Visit {
          var page: String
          @Column(lazyInitializable: true) var visitedAt: Date
          @Column(as: Date.UnixTimeRepresentation.self, lazyInitializable: true) var seenAt: Date
        }
        """
      } expansion: {
        """
        struct Visit {
          var page: String
          var visitedAt: Date
          var seenAt: Date
        }

        nonisolated extension Visit: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Visit
            static let columnNames: [String] = ([String.self.columnNames(named: "page"), Date.self.columnNames(named: "visitedAt"), Date.UnixTimeRepresentation.self.columnNames(named: "seenAt")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms, Date.self.jsonValueForms, Date.UnixTimeRepresentation.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns, Date.self.storedColumns, Date.UnixTimeRepresentation.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var page: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "page", qualifier: qualifier)
            }
            var visitedAt: TypedSQLCore.ColumnsOf<Date> {
              Date.self.queryColumns(named: "visitedAt", qualifier: qualifier)
            }
            var seenAt: TypedSQLCore.ColumnsOf<Date.UnixTimeRepresentation> {
              Date.UnixTimeRepresentation.self.queryColumns(named: "seenAt", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            private let selection: [TypedSQLCore.SQLExpression]
            init(page: some TypedSQLCore.QueryProjection<String>, visitedAt: some TypedSQLCore.QueryProjection<Date>, seenAt: some TypedSQLCore.ColumnsArgument<TypedSQLCore.SQLQueryExpression<Date.UnixTimeRepresentation>>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              page.appendSelection(to: &selection)
              visitedAt.appendSelection(to: &selection)
              seenAt.handles.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Visit
            var page: String
            var visitedAt: Date? = nil
            var seenAt: Date? = nil
            init(page: String, visitedAt: Date? = nil, seenAt: Date? = nil) {
              self.page = page
              self.visitedAt = visitedAt
              self.seenAt = seenAt
            }
            init(_ row: Visit) {
              self.init(page: row.page, visitedAt: row.visitedAt, seenAt: row.seenAt)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(page)
              values.append(orDefault: visitedAt)
              values.append(orDefault: seenAt.map(Date.UnixTimeRepresentation.init(queryOutput:)))
            }
          }
          static let tableName = "visits"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let page = try decoder.decode(String.self)
            let visitedAt = try decoder.decode(Date.self)
            let seenAt = try decoder.decode(Date.UnixTimeRepresentation.self).queryOutput
            self.init(page: page, visitedAt: visitedAt, seenAt: seenAt)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(page)
            values.append(visitedAt)
            values.append(seenAt, as: Date.UnixTimeRepresentation.self)
          }
        }

        nonisolated extension Visit: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let page = TypedSQLCore.JSONMember<String>("page")
            let visitedAt = TypedSQLCore.JSONMember<Date>("visitedAt")
            let seenAt = TypedSQLCore.JSONMember<Date>("seenAt")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func optionalOrGeneratedColumns() {
      assertMacro {
        """
        @Table struct Visit {
          let id: Int
          @Column(lazyInitializable: true) var visitedAt: Date?
          @Column(generated: .stored, lazyInitializable: true) var day: String
        }
        """
      } diagnostics: {
        """
        @Table struct Visit {
          let id: Int
          @Column(lazyInitializable: true) var visitedAt: Date?
                  ┬──────────────────────
                  ╰─ 🛑 optional property 'visitedAt' cannot be lazily initialized: 'nil' in its draft would mean both NULL and the database's default
                     ✏️ Remove 'lazyInitializable: true'
          @Column(generated: .stored, lazyInitializable: true) var day: String
                                      ┬──────────────────────
                                      ╰─ 🛑 a generated column cannot be lazily initialized; no draft holds it
                                         ✏️ Remove 'lazyInitializable: true'
        }
        """
      } fixes: {
        """
        @Table struct Visit {
          let id: Int
          @Column var visitedAt: Date?
          @Column(generated: .stored) var day: String
        }
        """
      } expansion: {
        """
        struct Visit {
          let id: Int
          var visitedAt: Date?
          var day: String
        }

        nonisolated extension Visit: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Visit
            static let columnNames: [String] = ([Int.self.columnNames(named: "id"), Date?.self.columnNames(named: "visitedAt"), String.self.columnNames(named: "day")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Int.self.jsonValueForms, Date?.self.jsonValueForms, String.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Int.self.storedColumns, Date?.self.storedColumns, String.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
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
            var visitedAt: TypedSQLCore.ColumnsOf<Date?> {
              Date?.self.queryColumns(named: "visitedAt", qualifier: qualifier)
            }
            var day: TypedSQLCore.ColumnsOf<String> {
              String.self.queryColumns(named: "day", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.SQLQueryExpression<Int> {
              TypedSQLCore.SQLQueryExpression(primaryKeyColumns: id)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = TableColumns.QueryValue
            static let generatedColumnNames: [String] = ["day"]
            private let selection: [TypedSQLCore.SQLExpression]
            init(id: some TypedSQLCore.QueryProjection<Int>, visitedAt: some TypedSQLCore.QueryProjection<Date?> = TypedSQLCore.ColumnDefault<Date?>(nil), day: some TypedSQLCore.QueryProjection<String>) {
              var selection: [TypedSQLCore.SQLExpression] = []
              id.appendSelection(to: &selection)
              visitedAt.appendSelection(to: &selection)
              day.appendSelection(to: &selection)
              self.selection = selection
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              columns.append(contentsOf: selection)
            }
          }
          typealias Selection = Columns
          nonisolated struct Draft: TypedSQLCore.TableDraft {
            typealias Into = Visit
            var id: Int? = nil
            var visitedAt: Date? = nil
            init(id: Int? = nil, visitedAt: Date? = nil) {
              self.id = id
              self.visitedAt = visitedAt
            }
            init(_ row: Visit) {
              self.init(id: row.id, visitedAt: row.visitedAt)
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              values.append(primaryKey: id)
              values.append(visitedAt)
              values.appendDefault()
            }
          }
          static let tableName = "visits"
          var primaryKey: Int {
            id
          }
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let visitedAt = try decoder.decode(Date?.self)
            let day = try decoder.decode(String.self)
            self.init(id: id, visitedAt: visitedAt, day: day)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(id)
            values.append(visitedAt)
            values.appendGenerated(day)
          }
        }

        nonisolated extension Visit: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let id = TypedSQLCore.JSONMember<Int>("id")
            let visitedAt = TypedSQLCore.JSONMember<Date?>("visitedAt")
            let day = TypedSQLCore.JSONMember<String>("day")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func notInASelection() {
      assertMacro {
        """
        @Selection struct Stamp {
          @Column(lazyInitializable: true) var at: Date
        }
        """
      } diagnostics: {
        """
        @Selection struct Stamp {
          @Column(lazyInitializable: true) var at: Date
                  ┬──────────────────────
                  ╰─ 🛑 '@Column(lazyInitializable:)' can only be used in a '@Table'
                     ✏️ Remove 'lazyInitializable: true'
        }
        """
      } fixes: {
        """
        @Selection struct Stamp {
          @Column var at: Date
        }
        """
      } expansion: {
        """
        struct Stamp {
          var at: Date
        }

        nonisolated extension Stamp: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Stamp
            static let columnNames: [String] = ([Date.self.columnNames(named: "at")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Date.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Date.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let at: TypedSQLCore.ColumnsOf<Date>
            init(at: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Date>>) {
              self.at = at.handles
            }
            init(qualifier: String) {
              self.at = Date.self.queryColumns(named: "at", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.at.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let at = try decoder.decode(Date.self)
            self.init(at: at)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(at)
          }
        }

        nonisolated extension Stamp: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let at = TypedSQLCore.JSONMember<Date>("at")
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
