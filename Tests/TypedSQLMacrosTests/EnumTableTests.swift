import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@Table` generates for an enum whose cases share one table, and the errors it reports
  /// about the enum's cases.
  @Suite struct EnumTable {
    /// Each case in columns of its own: a group case in the group's, a named case in its
    /// column, a represented case through its representation.
    @Test func post() {
      assertMacro {
        """
        @Table
        enum Post {
          case photo(Photo)
          @Column("body")
          case note(String = "")
          @Column(as: [String].JSONRepresentation.self)
          case tags([String])
        }
        """
      } expansion: {
        #"""
        enum Post {
          case photo(Photo)
          case note(String = "")
          case tags([String])

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Post) -> CasePaths.PartialCaseKeyPath<Post> {
              if root.is(\.photo) {
                return \.photo
              }
              if root.is(\.note) {
                return \.note
              }
              if root.is(\.tags) {
                return \.tags
              }
              return \.never
            }
            public var photo: CasePaths.AnyCasePath<Post, Photo> {
              ._$embed(Post.photo) {
                guard case let .photo(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var note: CasePaths.AnyCasePath<Post, String> {
              ._$embed(Post.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var tags: CasePaths.AnyCasePath<Post, [String]> {
              ._$embed(Post.tags) {
                guard case let .tags(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Post>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Post>] = []
              allCasePaths.append(\.photo)
              allCasePaths.append(\.note)
              allCasePaths.append(\.tags)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        nonisolated extension Post: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.EnumTableDefinition {
            typealias QueryValue = Post
            static let columnNames: [String] = ([Photo?.self.columnNames(named: "photo"), String?.self.columnNames(named: "body"), [String].JSONRepresentation?.self.columnNames(named: "tags")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [Photo?.self.columnNames(named: "photo"), String?.self.columnNames(named: "body"), [String].JSONRepresentation?.self.columnNames(named: "tags")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Photo?.self.jsonValueForms, String?.self.jsonValueForms, [String].JSONRepresentation?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Photo?.self.storedColumns, String?.self.storedColumns, [String].JSONRepresentation?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var photo: TypedSQLCore.ColumnsOf<Photo?> {
              Photo?.self.queryColumns(named: "photo", qualifier: qualifier)
            }
            var note: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "body", qualifier: qualifier)
            }
            var tags: TypedSQLCore.ColumnsOf<[String].JSONRepresentation?> {
              [String].JSONRepresentation?.self.queryColumns(named: "tags", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = Post
            private let row: TypedSQLCore.EnumCaseColumns<Post>
            private init(_ row: TypedSQLCore.EnumCaseColumns<Post>) {
              self.row = row
            }
            static func photo(_ photo: Photo) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(Post.photo(photo)))
            }
            static func photo(_ photo: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Photo>>) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(caseAt: 0, of: TableColumns.caseColumnNames, holding: photo))
            }
            static func note(_ note: String) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(Post.note(note)))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(caseAt: 1, of: TableColumns.caseColumnNames, holding: note))
            }
            static func tags(_ tags: [String]) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(Post.tags(tags)))
            }
            static func tags(_ tags: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<[String].JSONRepresentation>>) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(caseAt: 2, of: TableColumns.caseColumnNames, holding: tags))
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              row.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          static let tableName = "posts"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let photo = try decoder.decode(Photo?.self)
            let note = try decoder.decode(String?.self)
            let tags = try decoder.decode([String].JSONRepresentation?.self).queryOutput
            if let photo {
              self = .photo(photo)
            } else if let note {
              self = .note(note)
            } else if let tags {
              self = .tags(tags)
            } else {
              throw decoder.conversionError(expected: Post.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .photo(let photo):
              values.append(Optional(photo))
              values.append(String?.none)
              values.append([String].JSONRepresentation?.none)
            case .note(let note):
              values.append(Photo?.none)
              values.append(Optional(note))
              values.append([String].JSONRepresentation?.none)
            case .tags(let tags):
              values.append(Photo?.none)
              values.append(String?.none)
              values.append(Optional(tags), as: [String].JSONRepresentation?.self)
            }
          }
        }
        """#
      }
    }

    /// `@Column` on a case takes a name and `as:` only.
    @Test func columnArgumentOnCase() {
      assertMacro {
        """
        @Table
        enum Post {
          @Column(primaryKey: true)
          case note(String)
        }
        """
      } diagnostics: {
        """
        @Table
        enum Post {
          @Column(primaryKey: true)
                  ┬───────────────
                  ╰─ 🛑 '@Column(primaryKey:)' cannot be used on an enum case, which takes only a column name and 'as:'
                     ✏️ Remove 'primaryKey: true'
          case note(String)
        }
        """
      } fixes: {
        """
        @Table
        enum Post {
          @Column
          case note(String)
        }
        """
      } expansion: {
        #"""
        enum Post {
          case note(String)

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Post) -> CasePaths.PartialCaseKeyPath<Post> {
              if root.is(\.note) {
                return \.note
              }
              return \.never
            }
            public var note: CasePaths.AnyCasePath<Post, String> {
              ._$embed(Post.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Post>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Post>] = []
              allCasePaths.append(\.note)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        nonisolated extension Post: TypedSQLCore.Table, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow, TypedSQLCore.InsertRow {
          nonisolated struct TableColumns: TypedSQLCore.EnumTableDefinition {
            typealias QueryValue = Post
            static let columnNames: [String] = ([String?.self.columnNames(named: "note")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [String?.self.columnNames(named: "note")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            static let allColumnsSelection: TypedSQLCore.SharedSelectList = TypedSQLCore.SharedSelectList(selection(qualifiedBy: QueryValue.tableQualifier))
            static let wholeTableSelect: TypedSQLCore.SelectStatement = TypedSQLCore.SelectStatement(columns: allColumnsSelection, from: QueryValue.tableReference)
            let qualifier: String
            init(qualifier: String) {
              self.qualifier = qualifier
            }
            var note: TypedSQLCore.ColumnsOf<String?> {
              String?.self.queryColumns(named: "note", qualifier: qualifier)
            }
          }
          nonisolated struct Columns: TypedSQLCore.TableRowColumns {
            typealias Row = Post
            private let row: TypedSQLCore.EnumCaseColumns<Post>
            private init(_ row: TypedSQLCore.EnumCaseColumns<Post>) {
              self.row = row
            }
            static func note(_ note: String) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(Post.note(note)))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> Self {
              Self(TypedSQLCore.EnumCaseColumns(caseAt: 0, of: TableColumns.caseColumnNames, holding: note))
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              row.appendSelection(to: &columns)
            }
          }
          typealias Selection = Columns
          static let tableName = "posts"
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let note = try decoder.decode(String?.self)
            if let note {
              self = .note(note)
            } else {
              throw decoder.conversionError(expected: Post.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .note(let note):
              values.append(Optional(note))
            }
          }
        }
        """#
      }
    }

    /// A name given to several cases declared together would name each case's column alike.
    @Test func columnNameOnSeveralCases() {
      assertMacro {
        """
        @Table
        enum Post {
          @Column("text")
          case note(String), title(String)
        }
        """
      } diagnostics: {
        """
        @Table
        enum Post {
          @Column("text")
          ┬──────────────
          ╰─ 🛑 '@Column' cannot name the column of several cases at once; declare each case separately
          case note(String), title(String)
        }
        """
      }
    }

    /// An enum table's case is diagnosed as `@Table`'s, not `@Selection`'s.
    @Test func caseWithoutValue() {
      assertMacro {
        """
        @Table
        enum Post {
          case empty
        }
        """
      } diagnostics: {
        """
        @Table
        enum Post {
          case empty
               ┬────
               ╰─ 🛑 '@Table' requires enum case 'empty' to have exactly one associated value
        }
        """
      }
    }
  }
}
