/// A value that reads and writes itself as text (`LosslessStringConvertible`), stored as its
/// `description` once it conforms to `QueryBindable`, as StructuredQueries stores one:
///
/// ```swift
/// struct Email: LosslessStringConvertible, QueryBindable {
///   var description: String
///   init?(_ description: String) {
///     guard description.contains("@") else { return nil }
///     self.description = description
///   }
/// }
/// ```
///
/// Text that does not make a value (`Email("blob")` is `nil`) fails to decode with an error
/// naming the column and the text.
extension QueryBindable where Self: LosslessStringConvertible {
  public static var storageType: SQLType? { .text }

  public var queryBinding: QueryBinding { .text(description) }

  public init(decoder: inout some QueryDecoder) throws {
    let text = try decoder.decodeString()
    guard let value = Self(text) else {
      throw decoder.conversionError(expected: Self.self, storedValue: "\(String(reflecting: text))")
    }
    self = value
  }
}
