import Foundation

/// A reproducible random source for the harness (SplitMix64). Its seed comes from
/// `TYPEDSQL_SEED`, or from the clock; a failing run prints the seed that reproduces it.
struct SeededRandom: RandomNumberGenerator {
  /// The seed this run started from.
  let seed: UInt64
  private var state: UInt64

  init(seed: UInt64) {
    self.seed = seed
    self.state = seed
  }

  /// A generator seeded from `TYPEDSQL_SEED`, or from the clock when it is unset.
  static func fromEnvironment() -> SeededRandom {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["TYPEDSQL_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970 * 1000)
    return SeededRandom(seed: seed)
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &self) == 0 }

  /// One element of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &self)] }
}

/// A harness count from the environment (`TYPEDSQL_FUZZ_INPUTS`, `TYPEDSQL_DIFF_QUERIES`), or
/// the CI default.
func harnessCount(_ name: String, default value: Int) -> Int {
  ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? value
}
