import Foundation

extension UUID {
  /// A UUID stored as lower-case text on every database (the default in SQLite).
  public struct LowercasedRepresentation: QueryRepresentable, Hashable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { .text(queryOutput.uuidString.lowercased()) }
    public static var storedType: StoredType? { .text }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = try UUID.parse(&decoder)
    }
  }

  /// A UUID stored as upper-case text, as `UUID.uuidString` writes it.
  public struct UppercasedRepresentation: QueryRepresentable, Hashable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { .text(queryOutput.uuidString) }
    public static var storedType: StoredType? { .text }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = try UUID.parse(&decoder)
    }
  }

  /// A UUID stored as its 16 bytes: a `BLOB` in SQLite, a `bytea` in PostgreSQL.
  public struct BytesRepresentation: QueryRepresentable, Hashable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }

    public var queryBinding: QueryBinding {
      withUnsafeBytes(of: queryOutput.uuid) { .blob(Array($0)) }
    }

    public static var jsonValueForms: [JSONValueForm] { [.uuidText] }
    public static var storedType: StoredType? { .bytes }

    public init(decoder: inout some QueryDecoder) throws {
      let bytes = try decoder.decodeBytes()
      guard bytes.count == 16 else {
        throw decoder.conversionError(expected: UUID.self, storedValue: "blob(\(bytes.count) bytes), not 16")
      }
      var uuid = UUID().uuid
      withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
      queryOutput = UUID(uuid: uuid)
    }
  }

  /// UUID text in either case, as stored text.
  fileprivate static func parse(_ decoder: inout some QueryDecoder) throws -> UUID {
    let text = try decoder.decodeString()
    guard let uuid = UUID(uuidString: text) else {
      throw decoder.conversionError(expected: UUID.self, storedValue: "text(\(String(reflecting: text))), not a UUID")
    }
    return uuid
  }
}
