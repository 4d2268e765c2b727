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
            let name = try decoder.decode(String.self)
            let isVerified = try decoder.decode(Bool.self)
            self.init(name: name, isVerified: isVerified)
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
            let name = try decoder.decode(String.self)
            self.init(name: name)
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
            let isVerified = try decoder.decode(Bool.self)
            self.init(isVerified: isVerified)
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
            let isVerified = try decoder.decode(Bool.self)
            self.init(isVerified: isVerified)
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

    /// A `Codable` enum is coded as an object of one member, keyed by its case's column name, and
    /// typed JSON paths name its cases.
    @Test func codableEnumIsAnObjectOfOneMemberKeyedByItsCase() {
      assertMacro {
        """
        @Selection enum Media: Codable {
          case note(String)
          @Column("video_preview") case videoPreview(url: URL)
        }
        """
      } expansion: {
        #"""
        enum Media: Codable {
          case note(String)
          case videoPreview(url: URL)

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Media) -> CasePaths.PartialCaseKeyPath<Media> {
              if root.is(\.note) {
                return \.note
              }
              if root.is(\.videoPreview) {
                return \.videoPreview
              }
              return \.never
            }
            public var note: CasePaths.AnyCasePath<Media, String> {
              ._$embed(Media.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public var videoPreview: CasePaths.AnyCasePath<Media, URL> {
              ._$embed(Media.videoPreview) {
                guard case let .videoPreview(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Media>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Media>] = []
              allCasePaths.append(\.note)
              allCasePaths.append(\.videoPreview)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }

          private enum CodingKeys: Swift.String, Swift.CodingKey {
            case note
            case videoPreview = "video_preview"
          }

          nonisolated init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.allKeys.count == 1, let key = container.allKeys.first else {
              throw Swift.DecodingError.dataCorrupted(
                Swift.DecodingError.Context(
                  codingPath: container.codingPath,
                  debugDescription: "expected an object of one member, keyed by its case (note, video_preview)" + "; found \(container.allKeys.count) of those keys"
                )
              )
            }
            switch key {
            case .note:
              self = .note(try container.decode(String.self, forKey: .note))
            case .videoPreview:
              self = .videoPreview(url: try container.decode(URL.self, forKey: .videoPreview))
            }
          }

          nonisolated func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .note(let value):
              try container.encode(value, forKey: .note)
            case .videoPreview(url: let value):
              try container.encode(value, forKey: .videoPreview)
            }
          }
        }

        nonisolated extension Media: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Media
            static let columnNames: [String] = ([String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "video_preview")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "video_preview")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([String?.self.jsonValueForms, URL?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([String?.self.storedColumns, URL?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let note: TypedSQLCore.ColumnsOf<String?>
            let videoPreview: TypedSQLCore.ColumnsOf<URL?>
            init(note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?, videoPreview: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>) {
              self.note = note.handles
              self.videoPreview = videoPreview.handles
            }
            init(qualifier: String) {
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
              self.videoPreview = URL?.self.queryColumns(named: "video_preview", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.note.appendSelection(to: &columns)
              self.videoPreview.appendSelection(to: &columns)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(Media.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: note)
            }
            static func videoPreview(url videoPreview: URL) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(Media.videoPreview(url: videoPreview))
            }
            static func videoPreview(url videoPreview: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: videoPreview)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let note = try decoder.decode(String?.self)
            let videoPreview = try decoder.decode(URL?.self)
            if let note {
              self = .note(note)
            } else if let videoPreview {
              self = .videoPreview(url: videoPreview)
            } else {
              throw decoder.conversionError(expected: Media.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .note(let note):
              values.append(Optional(note))
              values.append(URL?.none)
            case .videoPreview(url: let videoPreview):
              values.append(String?.none)
              values.append(Optional(videoPreview))
            }
          }
        }

        extension Media: CasePathable, CasePathIterable {
        }

        nonisolated extension Media: TypedSQLCore.JSONPathNavigable {
          /// The cases typed JSON paths can name, each under its JSON key.
          nonisolated struct JSONMembers: Sendable {
            let note = TypedSQLCore.JSONCase<String>("note")
            let videoPreview = TypedSQLCore.JSONCase<URL>("video_preview")
          }
          static var jsonMembers: JSONMembers {
            JSONMembers()
          }
        }
        """#
      }
    }

    /// An enum that codes itself keeps its own coding, and typed paths do not name its cases.
    @Test func enumWithItsOwnCodingKeepsIt() {
      assertMacro {
        """
        @Selection enum Media: Codable {
          case note(String)
          init(from decoder: any Decoder) throws { self = .note("") }
        }
        """
      } expansion: {
        #"""
        enum Media: Codable {
          case note(String)
          init(from decoder: any Decoder) throws { self = .note("") }

          public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
            public subscript(root: Media) -> CasePaths.PartialCaseKeyPath<Media> {
              if root.is(\.note) {
                return \.note
              }
              return \.never
            }
            public var note: CasePaths.AnyCasePath<Media, String> {
              ._$embed(Media.note) {
                guard case let .note(v0) = $0 else {
                  return nil
                }
                return v0
              }
            }
            public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Media>]> {
              var allCasePaths: [CasePaths.PartialCaseKeyPath<Media>] = []
              allCasePaths.append(\.note)
              return allCasePaths.makeIterator()
            }
          }

          public static var allCasePaths: AllCasePaths {
            AllCasePaths()
          }
        }

        nonisolated extension Media: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Media
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
            let note: TypedSQLCore.ColumnsOf<String?>
            init(note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?) {
              self.note = note.handles
            }
            init(qualifier: String) {
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.note.appendSelection(to: &columns)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(Media.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Media> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: note)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let note = try decoder.decode(String?.self)
            if let note {
              self = .note(note)
            } else {
              throw decoder.conversionError(expected: Media.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .note(let note):
              values.append(Optional(note))
            }
          }
        }

        extension Media: CasePathable, CasePathIterable {
        }
        """#
      }
    }
  }
}
