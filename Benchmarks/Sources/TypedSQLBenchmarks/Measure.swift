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

/// Prints one workload: each contender's median, its time relative to the anchor (the first)
/// and its throughput relative to the anchor (the issue's targets are stated in throughput).
func report(_ workload: String, _ results: [(String, Double)]) {
  print("\n\(workload)")
  guard let anchor = results.first?.1 else { return }
  for (name, milliseconds) in results {
    let time = String(format: "%10.2f ms", milliseconds)
    let ratio = String(format: "%6.2f× time  %5.2f× throughput", milliseconds / anchor, anchor / milliseconds)
    print("  \(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(time) \(ratio)")
  }
}

/// Stops the run when a contender read back rows other than the ones written: a benchmark of a
/// wrong answer measures nothing.
func check(_ rows: [Reminder], equal expected: [Reminder], _ contender: String) {
  guard rows == expected else {
    let first = zip(rows, expected).first { $0 != $1 }
    fatalError("\(contender) read \(rows.count) rows, expected \(expected.count); first difference: \(String(describing: first))")
  }
}
