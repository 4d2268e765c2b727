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
///
/// The extension, a value of any size and layout, is kept in a box of its own, so that the tree's
/// expressions and clauses are values of known layout: copying one is a retain, with no call
/// through a type's value witnesses.
public struct DialectExtensionNode: Sendable, Hashable {
  /// The box holding the extension.
  private let box: Box

  /// The extension.
  public var node: any DialectExtension { box.node }

  /// Wraps an extension.
  public init(_ node: some DialectExtension) {
    box = Box(node)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || AnyHashable(lhs.node) == AnyHashable(rhs.node)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(node))
  }

  /// An extension in a box: immutable, so shared freely.
  private final class Box: Sendable {
    let node: any DialectExtension

    init(_ node: some DialectExtension) {
      self.node = node
    }
  }
}
