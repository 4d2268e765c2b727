/// The object whose instance method or computed property a `@DatabaseFunction` declared in a
/// class calls, held weakly so that registering the function does not keep the object alive.
///
/// SQLite calls the function on the thread that runs the query, under the connection's lock.
/// The generated code holds the object in this box to hand it to SQLite; keeping the object's
/// own state safe when other threads use it too is the class's part, as with any callback.
public struct SQLiteFunctionOwner<Object: AnyObject>: @unchecked Sendable {
  private weak var reference: Object?

  /// Holds `object` weakly.
  public init(_ object: Object) {
    reference = object
  }

  /// The object; throws ``SQLiteFunctionOwnerDeallocated`` once it is gone, which fails the
  /// statement that called the function.
  public func object() throws -> Object {
    guard let reference else { throw SQLiteFunctionOwnerDeallocated(type: String(describing: Object.self)) }
    return reference
  }
}

/// The error a database function declared in a class throws when called after its object was
/// deallocated.
public struct SQLiteFunctionOwnerDeallocated: Error, CustomStringConvertible {
  /// The class's name.
  public let type: String
  public var description: String { "the \(type) whose method this database function calls was deallocated" }
}
