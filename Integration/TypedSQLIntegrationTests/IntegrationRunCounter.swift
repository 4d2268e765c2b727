import Foundation
import Synchronization

/// Counts the parity test bodies that ran to completion on each database and prints the tally
/// when the test process exits, so the output says how many ran where.
final class IntegrationRunCounter: Sendable {
  static let shared = IntegrationRunCounter()

  private let counts = Mutex<[String: Int]>([:])

  private init() {
    atexit {
      let counts = IntegrationRunCounter.shared.counts.withLock { $0 }
      let tally = counts.keys.sorted().map { "\(counts[$0]!) on \($0)" }.joined(separator: ", ")
      print("Parity test bodies completed: \(tally.isEmpty ? "none" : tally)")
    }
  }

  /// Records one completed test body on `database`.
  func record(_ database: String) {
    counts.withLock { $0[database, default: 0] += 1 }
  }
}
