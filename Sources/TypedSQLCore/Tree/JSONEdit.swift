/// A change to a JSON document at a path, with one meaning on every database: SQLite's
/// `json_set` family and PostgreSQL's `jsonb_set`, `#-` and `||` differ at the edges, so each
/// dialect guards its functions to give this one.
///
/// The member a path names can only be written where its parent is there to hold it: an object
/// for a key, an array for an index no greater than the array's length (its length appends).
/// Anywhere else, and on a `NULL` document, the document is left as it is.
public struct JSONEdit: Sendable, Hashable {
  /// What the edit does.
  public enum Kind: Sendable, Hashable {
    /// Writes the value at the path, replacing what is there or adding it.
    case set
    /// Adds the value at the path when nothing is there.
    case insert
    /// Replaces what is at the path, when something is.
    case replace
    /// Removes what is at the path.
    case remove
    /// Appends the value to the array at the path (the whole document for an empty path).
    case append
    /// Inserts the value into an array before the element at the path, whose last step is an
    /// index; the elements from there move up one. The array's length as the index appends.
    case arrayInsert
  }

  /// What the edit does.
  public var kind: Kind
  /// The document edited.
  public var document: SQLExpression
  /// Where.
  public var path: JSONPath
  /// The value written: a ``SQLExpression/jsonValue(_:_:)``, or `nil` for a removal.
  public var value: SQLExpression?

  /// Creates an edit.
  public init(kind: Kind, document: SQLExpression, path: JSONPath, value: SQLExpression?) {
    self.kind = kind
    self.document = document
    self.path = path
    self.value = value
  }

  /// The path's parent and its last step; throws for a path an edit cannot write through: an
  /// empty one (except to append), one with a negative index, or, for an array insert, one
  /// that does not end in an index.
  public func checkedPath() throws -> (parent: JSONPath, last: JSONPath.Component?) {
    for case .index(let index) in path.components where index < 0 {
      throw DialectError.invalidStatement("a JSON path cannot edit a negative array index (\(index))")
    }
    var parent = path
    let last = parent.components.popLast()
    if last == nil, kind != .append {
      throw DialectError.invalidStatement("a JSON edit other than an append needs a path")
    }
    if kind == .arrayInsert, case .key = last {
      throw DialectError.invalidStatement("a JSON array insert needs a path that ends in an array index")
    }
    return (parent, last)
  }
}
