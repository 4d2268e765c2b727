import Foundation

/// How long work that a test means to stop or release runs if nothing stops it: a statement a
/// check cancels, a loop that holds a connection until the check lets it go.
///
/// Far longer than any wait of a task for Swift's cooperative threads in a loaded test run: with
/// about 1,100 tests started at once on a two-core machine's two threads, a task that sleeps may
/// wake more than 100 s late. Work that ended by itself before the check had its turn would look
/// like work that the check's cancellation failed to stop, or that never waited.
let testPatience = Duration.seconds(600)

/// ``testPatience`` in seconds, for `Date`-based deadlines.
let testPatienceSeconds = TimeInterval(testPatience.components.seconds)
