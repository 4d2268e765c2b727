import Dispatch

/// Runs `body` `runs` times and returns the median wall time in milliseconds.
func medianMilliseconds(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
  var times: [Double] = []
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
  }
  return times.sorted()[runs / 2]
}

/// Prints one workload: each contender's median and its ratio to the anchor (the first).
func report(_ workload: String, _ results: [(String, Double)]) {
  print("\n\(workload)")
  guard let anchor = results.first?.1 else { return }
  for (name, milliseconds) in results {
    let ratio = milliseconds / anchor
    print("  \(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%10.2f ms", milliseconds))  \(String(format: "%5.2f×", ratio)) the time of \(results[0].0)")
  }
}
