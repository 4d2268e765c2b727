import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import Testing
@testable import TypedSQLMacros

/// Which form `init(decoder:)` takes: passing the columns to the struct's implicit memberwise
/// initializer only where the declaration shows that the struct has it and that it takes the
/// columns alone, otherwise assigning the properties one by one.
@Suite struct RowDecoderFormTests {
  /// Each struct, and whether its row decoder calls its memberwise initializer.
  static let cases: [(source: String, callsMemberwiseInit: Bool)] = [
    ("struct Row { let id: Int; var title: String; var notes: String? }", true),
    ("struct Row { let id: Int; @Column(\"t\") var title = \"\"; @Ephemeral var scratch = 0 }", true),
    ("struct Row { let id: Int; @Ephemeral var scratch: Int? }", true),
    ("struct Row { let id: Int; private(set) var title: String; static let shared = 1; var computed: Int { 1 } }", true),
    ("struct Row { let id: Int; var title: String { didSet {} } }", true),
    ("@frozen struct Row { let id: Int }", true),
    // A declared initializer takes the memberwise one away.
    ("struct Row { let id: Int; init(id: Int) { self.id = id } }", false),
    // Members Swift may or may not compile, or that a macro adds.
    ("struct Row { let id: Int\n#if DEBUG\nvar debug = 0\n#endif\n}", false),
    ("struct Row { let id: Int; #addInitializers }", false),
    // An attribute that may be a macro adding an initializer.
    ("@MemberwiseInit struct Row { let id: Int }", false),
    // A property wrapper changes the property's parameter.
    ("struct Row { let id: Int; @Clamped var level: Int }", false),
    // A private property makes the memberwise initializer private.
    ("struct Row { let id: Int; private var title: String }", false),
    ("struct Row { let id: Int; fileprivate var title: String }", false),
    // A lazy property has no parameter.
    ("struct Row { let id: Int; @Ephemeral lazy var scratch = 0 }", false),
    // No columns: the struct is assembled from nothing.
    ("struct Row { @Ephemeral var scratch = 0 }", false),
  ]

  @Test(arguments: cases.indices)
  func decoderCallsTheMemberwiseInitOnlyWhereTheStructSurelyHasIt(index: Int) throws {
    let (source, callsMemberwiseInit) = Self.cases[index]
    let decoder = try Self.decoder(of: source)
    #expect(decoder.contains("self.init(") == callsMemberwiseInit, "\(source)\n\(decoder)")
  }

  /// A column whose name a decoding spells, the decoder itself or a type, would be hidden by the
  /// constant of that name: such a struct is assembled property by property.
  @Test(arguments: [
    "struct Row { let id: Int; var decoder: String }",
    "struct Row { let id: Int; var Status: String; var status: Status }",
  ])
  func aColumnNamedAsADecodingSpellsIsAssignedInPlace(source: String) throws {
    let decoder = try Self.decoder(of: source)
    #expect(!decoder.contains("self.init("), "\(decoder)")
    #expect(decoder.contains("self.id = try decoder.decode(Int.self)"), "\(decoder)")
  }

  @Test func memberwiseDecoderReadsEachColumnIntoAConstantInOrder() throws {
    let decoder = try Self.decoder(of: "struct Row { let id: Int; @Column(as: Date.UnixTimeRepresentation.self) var seenAt: Date }")
    #expect(
      decoder == """
        init(decoder: inout some TypedSQLCore.QueryDecoder) throws {
            let id = try decoder.decode(Int.self)
            let seenAt = try decoder.decode(Date.UnixTimeRepresentation.self).queryOutput
            self.init(id: id, seenAt: seenAt)
        }
        """)
  }

  /// The `init(decoder:)` that `@Table` writes for the struct `source`.
  static func decoder(of source: String) throws -> String {
    let file = Parser.parse(source: source)
    let structDecl = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
    var diagnostics: [Diagnostic] = []
    let columns = structDecl.columnProperties(type: "Row", macro: "Table", diagnostics: &diagnostics)
    #expect(diagnostics.isEmpty)
    return try columns.decoderInitDecl(
      accessPrefix: "", hasMemberwiseInit: structDecl.hasImplicitMemberwiseInit(takingColumns: columns)
    ).formatted().description
  }
}
