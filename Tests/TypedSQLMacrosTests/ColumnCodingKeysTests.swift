import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// The `CodingKeys` `@Table` and `@Selection` give a `Codable` struct that renames a column,
  /// so that its JSON has a row's keys, and the typed JSON paths that name them.
  @Suite struct ColumnCodingKeys {
    @Test func renamedColumnsAreCodedUnderTheirColumnNames() {
      assertMacro {
        """
        @Selection struct Author: Codable {
          var name = ""
          @Column("is_verified") var isVerified = false
          @Ephemeral var `default` = 0
        }
        """
      } expansion: {
        """
        struct Author: Codable {
          var name = ""
          var isVerified = false
          var `default` = 0

          private enum CodingKeys: Swift.String, Swift.CodingKey {
            case name
            case isVerified = "is_verified"
            case `default`
          }
        }

        nonisolated extension Author: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Author
            static let columnNames: [String] = ([String.self.columnNames(named: "name"), Bool.self.columnNames(named: "is_verified")] as [[String]]).flatMap {
              $0
            }
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String.self.jsonValueForms, Bool.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String.self.storedColumns, Bool.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let name: TypedSQLCore.ColumnsOf<String>
            let isVerified: TypedSQLCore.ColumnsOf<Bool>
            init(name: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>> = "" as String, isVerified: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Bool>> = false as Bool) {
              self.name = name.handles
              self.isVerified = isVerified.handles
            }
            init(qualifier: String) {
              self.name = String.self.queryColumns(named: "name", qualifier: qualifier)
              self.isVerified = Bool.self.queryColumns(named: "is_verified", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.name.appendSelection(to: &columns)
              self.isVerified.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.name = try decoder.decode(String.self)
            self.isVerified = try decoder.decode(Bool.self)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(name)
            values.append(isVerified)
          }
        }

        nonisolated extension Author: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let name = TypedSQLCore.JSONMember<String>("name")
            let isVerified = TypedSQLCore.JSONMember<Bool>("is_verified")
            let `default` = TypedSQLCore.JSONMember<Int>("default")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func nothingWithoutARename() {
      assertMacro {
        """
        @Selection struct Author: Swift.Codable {
          @Column("name") var name = ""
        }
        """
      } expansion: {
        """
        struct Author: Swift.Codable {
          var name = ""
        }

        nonisolated extension Author: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Author
            static let columnNames: [String] = ([String.self.columnNames(named: "name")] as [[String]]).flatMap {
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
            let name: TypedSQLCore.ColumnsOf<String>
            init(name: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>> = "" as String) {
              self.name = name.handles
            }
            init(qualifier: String) {
              self.name = String.self.queryColumns(named: "name", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.name.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.name = try decoder.decode(String.self)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(name)
          }
        }

        nonisolated extension Author: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let name = TypedSQLCore.JSONMember<String>("name")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func declaredCodingKeysAreKept() {
      assertMacro {
        """
        @Selection struct Author: Codable {
          @Column("is_verified") var isVerified = false
          enum CodingKeys: String, CodingKey {
            case isVerified = "verified"
          }
        }
        """
      } expansion: {
        """
        struct Author: Codable {
          var isVerified = false
          enum CodingKeys: String, CodingKey {
            case isVerified = "verified"
          }
        }

        nonisolated extension Author: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Author
            static let columnNames: [String] = ([Bool.self.columnNames(named: "is_verified")] as [[String]]).flatMap {
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
            let isVerified: TypedSQLCore.ColumnsOf<Bool>
            init(isVerified: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Bool>> = false as Bool) {
              self.isVerified = isVerified.handles
            }
            init(qualifier: String) {
              self.isVerified = Bool.self.queryColumns(named: "is_verified", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.isVerified.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.isVerified = try decoder.decode(Bool.self)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(isVerified)
          }
        }

        nonisolated extension Author: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let isVerified = TypedSQLCore.JSONMember<Bool>("verified")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """
      }
    }

    @Test func nothingForAStructThatIsNotCodable() {
      assertMacro {
        """
        @Selection struct Author {
          @Column("is_verified") var isVerified = false
        }
        """
      } expansion: {
        """
        struct Author {
          var isVerified = false
        }

        nonisolated extension Author: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.SelectionColumns {
            typealias QueryValue = Author
            static let columnNames: [String] = ([Bool.self.columnNames(named: "is_verified")] as [[String]]).flatMap {
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
            let isVerified: TypedSQLCore.ColumnsOf<Bool>
            init(isVerified: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Bool>> = false as Bool) {
              self.isVerified = isVerified.handles
            }
            init(qualifier: String) {
              self.isVerified = Bool.self.queryColumns(named: "is_verified", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.isVerified.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            self.isVerified = try decoder.decode(Bool.self)
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            values.append(isVerified)
          }
        }

        nonisolated extension Author: TypedSQLCore.JSONPathNavigable {
          /// The members typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let isVerified = TypedSQLCore.JSONMember<Bool>("isVerified")
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
