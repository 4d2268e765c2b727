import Dispatch

/// A contender of one workload: its name in the report and one run of it.
typealias Contender = (name: String, run: () throws -> Void)

/// Runs every contender `runs` times, taking turns (one run of each, then again), and returns
/// each one's median wall time in milliseconds, in the contenders' order.
///
/// Taking turns spreads any drift in the machine's speed (other tenants, frequency changes) over
/// every contender alike, instead of charging it to whichever ran during a slow spell. Where a
/// contender keeps state between runs (its database's pages, a prepared statement), `warmUp`
/// runs it once more, untimed, just before each timed run: otherwise each timed run would start
/// from caches the contenders before it had filled with their own data.
func interleavedMedians(runs: Int = 7, warmUp: Bool = false, _ contenders: [Contender]) throws -> [(String, Double)] {
  var times = Array(repeating: [Double](), count: contenders.count)
  for _ in 0..<runs {
    for (index, contender) in contenders.enumerated() {
      if warmUp { try contender.run() }
      let start = DispatchTime.now().uptimeNanoseconds
      try contender.run()
      times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
  }
  return zip(contenders, times).map { contender, times in (contender.name, times.sorted()[runs / 2]) }
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
