/// A node only some databases have (`ILIKE`, `GLOB`, `DISTINCT ON`, `INSERT OR IGNORE`, …): it
/// lives in the module of the dialect that owns it and renders itself there.
///
/// Any other dialect that meets it throws ``DialectError/unsupported(feature:dialect:)`` naming
/// the feature: the tree never silently drops or changes it.
public protocol DialectExtension: Sendable, Hashable {
  /// The feature's name, for errors: `"ILIKE"`.
  var feature: String { get }

  /// Renders the node for `dialect`, or throws ``DialectError/unsupported(feature:dialect:)``
  /// when `dialect` does not have the feature.
  func render(in dialect: some Dialect, into context: inout RenderContext) throws
}

extension DialectExtension {
  /// `dialect` as the dialect that owns this feature, or
  /// ``DialectError/unsupported(feature:dialect:)`` naming the feature and `dialect`.
  public func owning<Owner: Dialect>(_ owner: Owner.Type, _ dialect: some Dialect) throws -> Owner {
    guard let owning = dialect as? Owner else {
      throw DialectError.unsupported(feature: feature, dialect: dialect.name)
    }
    return owning
  }
}

/// A ``DialectExtension`` stored in the tree.
public struct DialectExtensionNode: Sendable, Hashable {
  /// The extension.
  public let node: any DialectExtension

  /// Wraps an extension.
  public init(_ node: some DialectExtension) {
    self.node = node
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.node) == AnyHashable(rhs.node)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(node))
  }
}
