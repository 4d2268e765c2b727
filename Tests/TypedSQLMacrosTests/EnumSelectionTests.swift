import MacroTesting
import SwiftSyntaxMacroExpansion
import Testing
import TypedSQLMacros

extension MacroExpansionTests {
  /// What `@Selection` generates for a `@CasePathable` enum, whose cases share one table
  /// ("single-table inheritance"), and the errors it reports about the enum.
  @Suite struct EnumSelection {
    @Test func kind() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL)
          case note(String)
          case image(URL)
        }
        """
      } expansion: {
        """
        @CasePathable
        enum Kind {
          case link(URL)
          case note(String)
          case image(URL)
        }

        nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Kind
            static let columnNames: [String] = ([URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "image")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "image")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms, String?.self.jsonValueForms, URL?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL?.self.storedColumns, String?.self.storedColumns, URL?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let link: TypedSQLCore.ColumnsOf<URL?>
            let note: TypedSQLCore.ColumnsOf<String?>
            let image: TypedSQLCore.ColumnsOf<URL?>
            init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>, note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?, image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>) {
              self.link = link.handles
              self.note = note.handles
              self.image = image.handles
            }
            init(qualifier: String) {
              self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
              self.image = URL?.self.queryColumns(named: "image", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.link.appendSelection(to: &columns)
              self.note.appendSelection(to: &columns)
              self.image.appendSelection(to: &columns)
            }
            static func link(_ link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.link(link))
            }
            static func link(_ link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: note)
            }
            static func image(_ image: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.image(image))
            }
            static func image(_ image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 2, of: caseColumnNames, holding: image)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let link = try decoder.decode(URL?.self)
            let note = try decoder.decode(String?.self)
            let image = try decoder.decode(URL?.self)
            if let link {
              self = .link(link)
            } else if let note {
              self = .note(note)
            } else if let image {
              self = .image(image)
            } else {
              throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .link(let link):
              values.append(Optional(link))
              values.append(String?.none)
              values.append(URL?.none)
            case .note(let note):
              values.append(URL?.none)
              values.append(Optional(note))
              values.append(URL?.none)
            case .image(let image):
              values.append(URL?.none)
              values.append(String?.none)
              values.append(Optional(image))
            }
          }
        }
        """
      }
    }

    /// A case whose value is a `@Selection` struct stores it in that group's columns.
    @Test func groupCase() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL)
          case note(String)
          case image(Attachment.Image)
        }
        """
      } expansion: {
        """
        @CasePathable
        enum Kind {
          case link(URL)
          case note(String)
          case image(Attachment.Image)
        }

        nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Kind
            static let columnNames: [String] = ([URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), Attachment.Image?.self.columnNames(named: "image")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), Attachment.Image?.self.columnNames(named: "image")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms, String?.self.jsonValueForms, Attachment.Image?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL?.self.storedColumns, String?.self.storedColumns, Attachment.Image?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let link: TypedSQLCore.ColumnsOf<URL?>
            let note: TypedSQLCore.ColumnsOf<String?>
            let image: TypedSQLCore.ColumnsOf<Attachment.Image?>
            init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>, note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?, image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Attachment.Image?>>) {
              self.link = link.handles
              self.note = note.handles
              self.image = image.handles
            }
            init(qualifier: String) {
              self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
              self.image = Attachment.Image?.self.queryColumns(named: "image", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.link.appendSelection(to: &columns)
              self.note.appendSelection(to: &columns)
              self.image.appendSelection(to: &columns)
            }
            static func link(_ link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.link(link))
            }
            static func link(_ link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: note)
            }
            static func image(_ image: Attachment.Image) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.image(image))
            }
            static func image(_ image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Attachment.Image>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 2, of: caseColumnNames, holding: image)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let link = try decoder.decode(URL?.self)
            let note = try decoder.decode(String?.self)
            let image = try decoder.decode(Attachment.Image?.self)
            if let link {
              self = .link(link)
            } else if let note {
              self = .note(note)
            } else if let image {
              self = .image(image)
            } else {
              throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .link(let link):
              values.append(Optional(link))
              values.append(String?.none)
              values.append(Attachment.Image?.none)
            case .note(let note):
              values.append(URL?.none)
              values.append(Optional(note))
              values.append(Attachment.Image?.none)
            case .image(let image):
              values.append(URL?.none)
              values.append(String?.none)
              values.append(Optional(image))
            }
          }
        }
        """
      }
    }

    @Test func publicEnum() {
      assertMacro {
        """
        @CasePathable @Selection
        public enum Kind {
          case link(URL)
          case note(String)
        }
        """
      } expansion: {
        """
        @CasePathable
        public enum Kind {
          case link(URL)
          case note(String)
        }

        nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          public nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            public typealias QueryValue = Kind
            public static let columnNames: [String] = ([URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note")] as [[String]]).flatMap {
              $0
            }
            public static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note")] as [[String]]
            public static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms, String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            public static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL?.self.storedColumns, String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            public let link: TypedSQLCore.ColumnsOf<URL?>
            public let note: TypedSQLCore.ColumnsOf<String?>
            public init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>, note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?) {
              self.link = link.handles
              self.note = note.handles
            }
            public init(qualifier: String) {
              self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
            }
            public func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.link.appendSelection(to: &columns)
              self.note.appendSelection(to: &columns)
            }
            public static func link(_ link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.link(link))
            }
            public static func link(_ link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
            }
            public static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.note(note))
            }
            public static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: note)
            }
          }
          public typealias Selection = Columns
          public init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let link = try decoder.decode(URL?.self)
            let note = try decoder.decode(String?.self)
            if let link {
              self = .link(link)
            } else if let note {
              self = .note(note)
            } else {
              throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
            }
          }
          public func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .link(let link):
              values.append(Optional(link))
              values.append(String?.none)
            case .note(let note):
              values.append(URL?.none)
              values.append(Optional(note))
            }
          }
        }
        """
      }
    }

    /// A label names nothing in the database: the column is named after the case.
    @Test func labeledValue() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(url: URL)
          case note(_ text: String)
        }
        """
      } expansion: {
        """
        @CasePathable
        enum Kind {
          case link(url: URL)
          case note(_ text: String)
        }

        nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Kind
            static let columnNames: [String] = ([URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms, String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL?.self.storedColumns, String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let link: TypedSQLCore.ColumnsOf<URL?>
            let note: TypedSQLCore.ColumnsOf<String?>
            init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>, note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?) {
              self.link = link.handles
              self.note = note.handles
            }
            init(qualifier: String) {
              self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.link.appendSelection(to: &columns)
              self.note.appendSelection(to: &columns)
            }
            static func link(url link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.link(url: link))
            }
            static func link(url link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: note)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let link = try decoder.decode(URL?.self)
            let note = try decoder.decode(String?.self)
            if let link {
              self = .link(url: link)
            } else if let note {
              self = .note(note)
            } else {
              throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .link(url: let link):
              values.append(Optional(link))
              values.append(String?.none)
            case .note(let note):
              values.append(URL?.none)
              values.append(Optional(note))
            }
          }
        }
        """
      }
    }

    @Test func severalCasesPerDeclaration() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL), note(String)
          case image(URL)
        }
        """
      } expansion: {
        """
        @CasePathable
        enum Kind {
          case link(URL), note(String)
          case image(URL)
        }

        nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Kind
            static let columnNames: [String] = ([URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "image")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link"), String?.self.columnNames(named: "note"), URL?.self.columnNames(named: "image")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms, String?.self.jsonValueForms, URL?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([URL?.self.storedColumns, String?.self.storedColumns, URL?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let link: TypedSQLCore.ColumnsOf<URL?>
            let note: TypedSQLCore.ColumnsOf<String?>
            let image: TypedSQLCore.ColumnsOf<URL?>
            init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>, note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?, image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>) {
              self.link = link.handles
              self.note = note.handles
              self.image = image.handles
            }
            init(qualifier: String) {
              self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              self.note = String?.self.queryColumns(named: "note", qualifier: qualifier)
              self.image = URL?.self.queryColumns(named: "image", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.link.appendSelection(to: &columns)
              self.note.appendSelection(to: &columns)
              self.image.appendSelection(to: &columns)
            }
            static func link(_ link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.link(link))
            }
            static func link(_ link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
            }
            static func note(_ note: String) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.note(note))
            }
            static func note(_ note: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: note)
            }
            static func image(_ image: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(Kind.image(image))
            }
            static func image(_ image: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
              TypedSQLCore.EnumCaseColumns(caseAt: 2, of: caseColumnNames, holding: image)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let link = try decoder.decode(URL?.self)
            let note = try decoder.decode(String?.self)
            let image = try decoder.decode(URL?.self)
            if let link {
              self = .link(link)
            } else if let note {
              self = .note(note)
            } else if let image {
              self = .image(image)
            } else {
              throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .link(let link):
              values.append(Optional(link))
              values.append(String?.none)
              values.append(URL?.none)
            case .note(let note):
              values.append(URL?.none)
              values.append(Optional(note))
              values.append(URL?.none)
            case .image(let image):
              values.append(URL?.none)
              values.append(String?.none)
              values.append(Optional(image))
            }
          }
        }
        """
      }
    }

    @Test func selfInValueTypesNamesTheEnum() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Parent {
          case person(Tagged<Self, Int>)
          case `default`(String)
        }
        """
      } expansion: {
        """
        @CasePathable
        enum Parent {
          case person(Tagged<Self, Int>)
          case `default`(String)
        }

        nonisolated extension Parent: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
          nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
            typealias QueryValue = Parent
            static let columnNames: [String] = ([Tagged<Parent, Int>?.self.columnNames(named: "person"), String?.self.columnNames(named: "default")] as [[String]]).flatMap {
              $0
            }
            static let caseColumnNames: [[String]] = [Tagged<Parent, Int>?.self.columnNames(named: "person"), String?.self.columnNames(named: "default")] as [[String]]
            static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([Tagged<Parent, Int>?.self.jsonValueForms, String?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
              $0
            }
            static var storedColumns: [TypedSQLCore.StoredColumn] {
              ([Tagged<Parent, Int>?.self.storedColumns, String?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                $0
              }
            }
            let person: TypedSQLCore.ColumnsOf<Tagged<Parent, Int>?>
            let `default`: TypedSQLCore.ColumnsOf<String?>
            init(person: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Tagged<Parent, Int>?>>, `default`: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String?>> = nil as String?) {
              self.person = person.handles
              self.`default` = `default`.handles
            }
            init(qualifier: String) {
              self.person = Tagged<Parent, Int>?.self.queryColumns(named: "person", qualifier: qualifier)
              self.`default` = String?.self.queryColumns(named: "default", qualifier: qualifier)
            }
            func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
              self.person.appendSelection(to: &columns)
              self.`default`.appendSelection(to: &columns)
            }
            static func person(_ person: Tagged<Parent, Int>) -> TypedSQLCore.EnumCaseColumns<Parent> {
              TypedSQLCore.EnumCaseColumns(Parent.person(person))
            }
            static func person(_ person: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<Tagged<Parent, Int>>>) -> TypedSQLCore.EnumCaseColumns<Parent> {
              TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: person)
            }
            static func `default`(_ `default`: String) -> TypedSQLCore.EnumCaseColumns<Parent> {
              TypedSQLCore.EnumCaseColumns(Parent.`default`(`default`))
            }
            static func `default`(_ `default`: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<String>>) -> TypedSQLCore.EnumCaseColumns<Parent> {
              TypedSQLCore.EnumCaseColumns(caseAt: 1, of: caseColumnNames, holding: `default`)
            }
          }
          typealias Selection = Columns
          init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let person = try decoder.decode(Tagged<Parent, Int>?.self)
            let `default` = try decoder.decode(String?.self)
            if let person {
              self = .person(person)
            } else if let `default` {
              self = .`default`(`default`)
            } else {
              throw decoder.conversionError(expected: Parent.self, storedValue: "NULL in the columns of every case")
            }
          }
          func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
            switch self {
            case .person(let person):
              values.append(Optional(person))
              values.append(String?.none)
            case .`default`(let `default`):
              values.append(Tagged<Parent, Int>?.none)
              values.append(Optional(`default`))
            }
          }
        }
        """
      }
    }

    #if TypedSQLCasePaths
      /// Without `@CasePathable`, `@Selection` makes the enum `CasePathable` itself (with the
      /// `TypedSQLCasePaths` trait), as StructuredQueries' `@Selection enum` does.
      @Test func casePathsWithoutTheAttribute() {
        assertMacro {
          """
          @MainActor @Selection enum Kind {
            case link(URL)
          }
          """
        } expansion: {
          #"""
          @MainActor enum Kind {
            case link(URL)

            public struct AllCasePaths: CasePaths.CasePathReflectable, Swift.Sendable, Swift.Sequence {
              public subscript(root: Kind) -> CasePaths.PartialCaseKeyPath<Kind> {
                if root.is(\.link) {
                  return \.link
                }
                return \.never
              }
              public var link: CasePaths.AnyCasePath<Kind, URL> {
                ._$embed(Kind.link) {
                  guard case let .link(v0) = $0 else {
                    return nil
                  }
                  return v0
                }
              }
              public func makeIterator() -> Swift.IndexingIterator<[CasePaths.PartialCaseKeyPath<Kind>]> {
                var allCasePaths: [CasePaths.PartialCaseKeyPath<Kind>] = []
                allCasePaths.append(\.link)
                return allCasePaths.makeIterator()
              }
            }

            public static var allCasePaths: AllCasePaths {
              AllCasePaths()
            }
          }

          nonisolated extension Kind: TypedSQLCore.Selection, TypedSQLCore.QueryDecodable, TypedSQLCore.QueryRow {
            nonisolated struct Columns: TypedSQLCore.EnumSelectionColumns {
              typealias QueryValue = Kind
              static let columnNames: [String] = ([URL?.self.columnNames(named: "link")] as [[String]]).flatMap {
                $0
              }
              static let caseColumnNames: [[String]] = [URL?.self.columnNames(named: "link")] as [[String]]
              static let jsonValueForms: [TypedSQLCore.JSONValueForm] = ([URL?.self.jsonValueForms] as [[TypedSQLCore.JSONValueForm]]).flatMap {
                $0
              }
              static var storedColumns: [TypedSQLCore.StoredColumn] {
                ([URL?.self.storedColumns] as [[TypedSQLCore.StoredColumn]]).flatMap {
                  $0
                }
              }
              let link: TypedSQLCore.ColumnsOf<URL?>
              init(link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL?>>) {
                self.link = link.handles
              }
              init(qualifier: String) {
                self.link = URL?.self.queryColumns(named: "link", qualifier: qualifier)
              }
              func appendSelection(to columns: inout [TypedSQLCore.SQLExpression]) {
                self.link.appendSelection(to: &columns)
              }
              static func link(_ link: URL) -> TypedSQLCore.EnumCaseColumns<Kind> {
                TypedSQLCore.EnumCaseColumns(Kind.link(link))
              }
              static func link(_ link: some TypedSQLCore.ColumnsArgument<TypedSQLCore.ColumnsOf<URL>>) -> TypedSQLCore.EnumCaseColumns<Kind> {
                TypedSQLCore.EnumCaseColumns(caseAt: 0, of: caseColumnNames, holding: link)
              }
            }
            typealias Selection = Columns
            init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
              let link = try decoder.decode(URL?.self)
              if let link {
                self = .link(link)
              } else {
                throw decoder.conversionError(expected: Kind.self, storedValue: "NULL in the columns of every case")
              }
            }
            func encodeColumns(into values: inout some TypedSQLCore.ColumnEncoder) {
              switch self {
              case .link(let link):
                values.append(Optional(link))
              }
            }
          }

          extension Kind: CasePathable, CasePathIterable {
          }
          """#
        }
      }
    #endif

    @Test func caseWithoutValue() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL)
          case empty, note(String)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL)
          case empty, note(String)
               ┬────
               ╰─ 🛑 '@Selection' requires enum case 'empty' to have exactly one associated value
        }
        """
      }
    }

    @Test func caseWithSeveralValues() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL, title: String)
          case note(String)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL, title: String)
                   ┬───────────────────
                   ╰─ 🛑 '@Selection' requires enum case 'link' to have exactly one associated value
          case note(String)
        }
        """
      }
    }

    @Test func optionalValue() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL?)
          case note(Optional<String>)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        enum Kind {
          case link(URL?)
                    ┬───
                    ╰─ 🛑 the associated value of enum case 'link' cannot be optional; '@Selection' makes every case's columns optional
          case note(Optional<String>)
                    ┬───────────────
                    ╰─ 🛑 the associated value of enum case 'note' cannot be optional; '@Selection' makes every case's columns optional
        }
        """
      }
    }

    @Test func genericEnum() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind<Value> {
          case value(Value)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        enum Kind<Value> {
                 ┬──────
                 ╰─ 🛑 '@Selection' does not support generic types
          case value(Value)
        }
        """
      }
    }

    @Test func indirectEnum() {
      assertMacro {
        """
        @CasePathable @Selection
        indirect enum Kind {
          case note(String)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        indirect enum Kind {
        ┬───────
        ╰─ 🛑 '@Selection' does not support 'indirect' enums or cases
          case note(String)
        }
        """
      }
    }

    @Test func indirectCase() {
      assertMacro {
        """
        @CasePathable @Selection
        enum Kind {
          case note(String)
          indirect case nested(Kind)
        }
        """
      } diagnostics: {
        """
        @CasePathable @Selection
        enum Kind {
          case note(String)
          indirect case nested(Kind)
          ┬───────
          ╰─ 🛑 '@Selection' does not support 'indirect' enums or cases
        }
        """
      }
    }
  }
}
