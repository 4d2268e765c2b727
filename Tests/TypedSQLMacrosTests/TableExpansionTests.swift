import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@Table` generates for valid tables.
  @Suite struct TableExpansion {
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

        extension Reminder: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Reminder
            static let columnNames: [String] = ["id", "title", "is_completed", "priority", "code"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            let title: TypedSQLCore.QueryExpression<String>
            let isCompleted: TypedSQLCore.QueryExpression<Bool>
            let priority: TypedSQLCore.QueryExpression<Int?>
            let code: TypedSQLCore.QueryExpression<UppercasedText>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.title = TypedSQLCore.QueryExpression(column: "title", qualifier: qualifier)
              self.isCompleted = TypedSQLCore.QueryExpression(column: "is_completed", qualifier: qualifier)
              self.priority = TypedSQLCore.QueryExpression(column: "priority", qualifier: qualifier)
              self.code = TypedSQLCore.QueryExpression(column: "code", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
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
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
              values.append(title)
              values.append(isCompleted)
              values.append(priority)
              values.append(code, as: UppercasedText.self)
            }
          }
          static let tableName = "reminders"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.title = try decoder.decode(String.self)
            self.isCompleted = try decoder.decode(Bool.self)
            self.priority = try decoder.decode(Int?.self)
            self.code = try decoder.decode(UppercasedText.self).queryOutput
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(title)
            values.append(isCompleted)
            values.append(priority)
            values.append(code, as: UppercasedText.self)
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

        extension RemindersList: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = RemindersList
            static let columnNames: [String] = ["id", "name"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            let name: TypedSQLCore.QueryExpression<String>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.name = TypedSQLCore.QueryExpression(column: "name", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
            typealias Into = RemindersList
            var id: Int? = nil
            var name: String
            init(id: Int? = nil, name: String) {
              self.id = id
              self.name = name
            }
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
              values.append(name)
            }
          }
          static let tableName = "reminders_list"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.name = try decoder.decode(String.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(name)
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

        extension Tag: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          public struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            public typealias QueryValue = Tag
            public static let columnNames: [String] = ["id", "name"]
            public let qualifier: String
            public let id: TypedSQLCore.QueryExpression<Int>
            public let name: TypedSQLCore.QueryExpression<String>
            public init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.name = TypedSQLCore.QueryExpression(column: "name", qualifier: qualifier)
            }
            public var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          public struct Draft: TypedSQLCore.InsertRow {
            public typealias Into = Tag
            public var id: Int? = nil
            public var name: String = ""
            public init(id: Int? = nil, name: String = "") {
              self.id = id
              self.name = name
            }
            public func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
              values.append(name)
            }
          }
          public static let tableName = "tags"
          public init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.name = try decoder.decode(String.self)
          }
          public func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(name)
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

        extension Tag: TypedSQLCore.Table {
          package struct TableColumns: TypedSQLCore.TableDefinition {
            package typealias QueryValue = Tag
            package static let columnNames: [String] = ["name"]
            package let qualifier: String
            package let name: TypedSQLCore.QueryExpression<String>
            package init(qualifier: String) {
              self.qualifier = qualifier
              self.name = TypedSQLCore.QueryExpression(column: "name", qualifier: qualifier)
            }
          }
          package static let tableName = "tags"
          package init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.name = try decoder.decode(String.self)
          }
          package func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(name)
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

        extension Tag {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Tag
            static let columnNames: [String] = ["id"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
            typealias Into = Tag
            var id: Int? = nil
            init(id: Int? = nil) {
              self.id = id
            }
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
            }
          }
          static let tableName = "tags"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
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

        extension ReminderTag: TypedSQLCore.Table {
          struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = ReminderTag
            static let columnNames: [String] = ["reminderID", "tagID"]
            let qualifier: String
            let reminderID: TypedSQLCore.QueryExpression<Int>
            let tagID: TypedSQLCore.QueryExpression<Int>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.reminderID = TypedSQLCore.QueryExpression(column: "reminderID", qualifier: qualifier)
              self.tagID = TypedSQLCore.QueryExpression(column: "tagID", qualifier: qualifier)
            }
          }
          static let tableName = "reminderTags"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.reminderID = try decoder.decode(Int.self)
            self.tagID = try decoder.decode(Int.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(reminderID)
            values.append(tagID)
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

        extension Empty: TypedSQLCore.Table {
          struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Empty
            static let columnNames: [String] = []
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
          }
          static let tableName = "empties"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
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

        extension Setting: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Setting
            static let columnNames: [String] = ["id", "name", "isEnabled", "count", "ratio", "offset", "delta"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            let name: TypedSQLCore.QueryExpression<String>
            let isEnabled: TypedSQLCore.QueryExpression<Bool>
            let count: TypedSQLCore.QueryExpression<Int>
            let ratio: TypedSQLCore.QueryExpression<Double>
            let offset: TypedSQLCore.QueryExpression<Int>
            let delta: TypedSQLCore.QueryExpression<Double>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.name = TypedSQLCore.QueryExpression(column: "name", qualifier: qualifier)
              self.isEnabled = TypedSQLCore.QueryExpression(column: "isEnabled", qualifier: qualifier)
              self.count = TypedSQLCore.QueryExpression(column: "count", qualifier: qualifier)
              self.ratio = TypedSQLCore.QueryExpression(column: "ratio", qualifier: qualifier)
              self.offset = TypedSQLCore.QueryExpression(column: "offset", qualifier: qualifier)
              self.delta = TypedSQLCore.QueryExpression(column: "delta", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
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
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
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
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.name = try decoder.decode(String.self)
            self.isEnabled = try decoder.decode(Bool.self)
            self.count = try decoder.decode(Int.self)
            self.ratio = try decoder.decode(Double.self)
            self.offset = try decoder.decode(Int.self)
            self.delta = try decoder.decode(Double.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(name)
            values.append(isEnabled)
            values.append(count)
            values.append(ratio)
            values.append(offset)
            values.append(delta)
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

        extension Note: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Note
            static let columnNames: [String] = ["id", "body", "summary", "author"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            let body: TypedSQLCore.QueryExpression<String?>
            let summary: TypedSQLCore.QueryExpression<Optional<String>>
            let author: TypedSQLCore.QueryExpression<String?>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.body = TypedSQLCore.QueryExpression(column: "body", qualifier: qualifier)
              self.summary = TypedSQLCore.QueryExpression(column: "summary", qualifier: qualifier)
              self.author = TypedSQLCore.QueryExpression(column: "author", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
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
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
              values.append(body)
              values.append(summary)
              values.append(author)
            }
          }
          static let tableName = "notes"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.body = try decoder.decode(String?.self)
            self.summary = try decoder.decode(Optional<String>.self)
            self.author = try decoder.decode(String?.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(body)
            values.append(summary)
            values.append(author)
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

        extension Point: TypedSQLCore.Table {
          struct TableColumns: TypedSQLCore.TableDefinition {
            typealias QueryValue = Point
            static let columnNames: [String] = ["x", "y", "label", "weight"]
            let qualifier: String
            let x: TypedSQLCore.QueryExpression<Double>
            let y: TypedSQLCore.QueryExpression<Double>
            let label: TypedSQLCore.QueryExpression<String>
            let weight: TypedSQLCore.QueryExpression<Int>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.x = TypedSQLCore.QueryExpression(column: "x", qualifier: qualifier)
              self.y = TypedSQLCore.QueryExpression(column: "y", qualifier: qualifier)
              self.label = TypedSQLCore.QueryExpression(column: "label", qualifier: qualifier)
              self.weight = TypedSQLCore.QueryExpression(column: "weight", qualifier: qualifier)
            }
          }
          static let tableName = "points"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.x = try decoder.decode(Double.self)
            self.y = try decoder.decode(Double.self)
            self.label = try decoder.decode(String.self)
            self.weight = try decoder.decode(Int.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(x)
            values.append(y)
            values.append(label)
            values.append(weight)
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

        extension Item: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
          struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
            typealias QueryValue = Item
            static let columnNames: [String] = ["id", "kind", "level"]
            let qualifier: String
            let id: TypedSQLCore.QueryExpression<Int>
            let kind: TypedSQLCore.QueryExpression<Kind>
            let level: TypedSQLCore.QueryExpression<Int>
            init(qualifier: String) {
              self.qualifier = qualifier
              self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
              self.kind = TypedSQLCore.QueryExpression(column: "kind", qualifier: qualifier)
              self.level = TypedSQLCore.QueryExpression(column: "level", qualifier: qualifier)
            }
            var primaryKey: TypedSQLCore.QueryExpression<Int> {
              id
            }
          }
          struct Draft: TypedSQLCore.InsertRow {
            typealias Into = Item
            var id: Int? = nil
            var kind: Kind
            var level: Int
            init(id: Int? = nil, kind: Kind, level: Int) {
              self.id = id
              self.kind = kind
              self.level = level
            }
            func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
              values.append(primaryKey: id)
              values.append(kind)
              values.append(level)
            }
          }
          static let tableName = "items"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int.self)
            self.kind = try decoder.decode(Kind.self)
            self.level = try decoder.decode(Int.self)
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(id)
            values.append(kind)
            values.append(level)
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

      extension Note: TypedSQLCore.Table, TypedSQLCore.PrimaryKeyedTable {
        struct TableColumns: TypedSQLCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Note
          static let columnNames: [String] = ["id", "parentID"]
          let qualifier: String
          let id: TypedSQLCore.QueryExpression<Tagged<Note, UUID.BytesRepresentation>>
          let parentID: TypedSQLCore.QueryExpression<Tagged<Note, UUID>?>
          init(qualifier: String) {
            self.qualifier = qualifier
            self.id = TypedSQLCore.QueryExpression(column: "id", qualifier: qualifier)
            self.parentID = TypedSQLCore.QueryExpression(column: "parentID", qualifier: qualifier)
          }
          var primaryKey: TypedSQLCore.QueryExpression<Tagged<Note, UUID.BytesRepresentation>> {
            id
          }
        }
        struct Draft: TypedSQLCore.InsertRow {
          typealias Into = Note
          var id: Tagged<Note, UUID>? = nil
          var parentID: Tagged<Note, UUID>? = nil
          init(id: Tagged<Note, UUID>? = nil, parentID: Tagged<Note, UUID>? = nil) {
            self.id = id
            self.parentID = parentID
          }
          func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
            values.append(primaryKey: id.map(Tagged<Note, UUID.BytesRepresentation>.init(queryOutput:)))
            values.append(parentID)
          }
        }
        static let tableName = "notes"
        init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
          self.id = try decoder.decode(Tagged<Note, UUID.BytesRepresentation>.self).queryOutput
          self.parentID = try decoder.decode(Tagged<Note, UUID>?.self)
        }
        func encodeColumns(into values: inout TypedSQLCore.ColumnValues) {
          values.append(id, as: Tagged<Note, UUID.BytesRepresentation>.self)
          values.append(parentID)
        }
      }
      """
    }
  }
}
