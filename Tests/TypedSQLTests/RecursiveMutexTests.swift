import Dispatch
import Testing
@testable import TypedSQLCore

/// The drivers' connection lock: taken again on the thread that holds it, it runs the body at
/// once; across threads, it lets one body run at a time.
@Suite struct RecursiveMutexTests {
  /// A counter only touched under `lock`.
  final class Counter: @unchecked Sendable {
    let lock = RecursiveMutex()
    var value = 0
    var insideLock = 0
    var mostInsideAtOnce = 0
  }

  @Test func takingItAgainOnTheSameThreadRunsTheBody() {
    let lock = RecursiveMutex()
    let depth = lock.withLock { lock.withLock { lock.withLock { 3 } } }
    #expect(depth == 3)
    // Released by the outermost call: taking it afterwards does not wait.
    #expect(lock.withLock { true })
  }

  @Test func anErrorThrownInsideReleasesIt() {
    struct Failure: Error {}
    let lock = RecursiveMutex()
    #expect(throws: Failure.self) { try lock.withLock { try lock.withLock { throw Failure() } } }
    // Another thread can take it now.
    let taken = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.withLock { () -> Void in taken.signal() }
    }
    #expect(taken.wait(timeout: .now() + 10) == .success)
  }

  @Test func threadsTakeItOneAtATime() {
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<2_000 {
        counter.lock.withLock {
          counter.insideLock += 1
          counter.mostInsideAtOnce = max(counter.mostInsideAtOnce, counter.insideLock)
          // Nested, as a statement inside a transaction takes it.
          counter.lock.withLock { counter.value += 1 }
          counter.insideLock -= 1
        }
      }
    }
    #expect(counter.value == 16_000)
    #expect(counter.mostInsideAtOnce == 1)
  }
}
