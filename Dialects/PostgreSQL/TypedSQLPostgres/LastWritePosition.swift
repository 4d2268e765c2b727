import Foundation

/// What a ``PostgresReplicaSet``'s reads that must see its last write wait for, shared by the
/// set's connections.
final class LastWritePosition: @unchecked Sendable {
  /// What such a read must see.
  enum Requirement: Equatable {
    /// The set has written nothing: any standby will do.
    case nothing
    /// The primary's log position after the last write (`0/3000148`): a standby that has
    /// replayed it will do.
    case replayed(String)
    /// A write committed whose position could not be read: only the primary will do.
    case primary
  }

  private let lock = NSLock()
  /// The latest position recorded, as PostgreSQL writes it and as a number.
  private var latest: (text: String, number: UInt64)?
  /// How many writes have begun.
  private var writesBegun = 0
  /// When a write's position could not be read: the number of writes begun by then. Only a
  /// write begun later is known to have committed after it.
  private var unknownAfter: Int?

  /// What a read that must see the last write must see now.
  var readsMustSee: Requirement {
    lock.withLock {
      if unknownAfter != nil { return .primary }
      return latest.map { .replayed($0.text) } ?? .nothing
    }
  }

  /// Counts a write about to begin, and returns its ticket for ``advance(to:writeBegan:)``.
  func beginWrite() -> Int {
    lock.withLock {
      writesBegun += 1
      return writesBegun
    }
  }

  /// Records `position`, read just after the write of `ticket` committed. Positions only grow,
  /// and writes on several connections may report theirs out of order, so the later one is
  /// kept. It stands for a write whose position is unknown only if its write began after that
  /// one's position was lost, and so committed after it.
  func advance(to position: String, writeBegan ticket: Int) {
    guard let number = Self.number(position) else { return forget() }
    lock.withLock {
      if let unknownAfter, ticket > unknownAfter { self.unknownAfter = nil }
      if let latest, latest.number >= number { return }
      latest = (position, number)
    }
  }

  /// Notes that a write committed whose position could not be read.
  func forget() {
    lock.withLock { unknownAfter = writesBegun }
  }

  /// A position `X/Y` (two hexadecimal halves) as one number.
  private static func number(_ position: String) -> UInt64? {
    let parts = position.split(separator: "/")
    guard parts.count == 2, let high = UInt64(parts[0], radix: 16), let low = UInt64(parts[1], radix: 16) else {
      return nil
    }
    return high << 32 | low
  }
}
