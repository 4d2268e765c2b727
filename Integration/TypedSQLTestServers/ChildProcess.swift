import Foundation

/// A program the tests run in a process of its own, its output going to a file.
///
/// It is spawned directly rather than through `Process`, whose output pipes another child
/// started meanwhile (a PostgreSQL server that `pg_ctl start` forks, say) inherits and keeps
/// open, so that reading to their end never ends. A file has no end to wait for.
public struct ChildProcess {
  public let pid: pid_t
  private let outputPath: String

  /// Starts `command` (its first element the executable's path) with `arguments`, with no
  /// signals blocked: the test runner's threads block some, and a server started with that mask
  /// would ignore the signal that stops it.
  public init(_ command: [String], _ arguments: [String] = []) throws {
    outputPath = NSTemporaryDirectory() + "typedsql-child-\(UUID().uuidString).log"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let argv = (command + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw ChildProcessError(message: "cannot start \(command[0]): \(String(cString: strerror(spawned)))")
    }
    self.pid = pid
  }

  /// Waits for the process to end and returns its exit status (0 for success) and everything
  /// it wrote; its output file is removed.
  public func wait() -> (status: Int32, output: String) {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: outputPath)
    return (status, output)
  }

  /// Kills the process at once (`SIGKILL`), as a crash or the kernel would.
  public func kill() {
    _ = Foundation.kill(pid, SIGKILL)
  }

  /// Runs `command` to its end and returns its output; a failure throws with that output.
  @discardableResult
  public static func run(_ command: [String], _ arguments: [String] = []) throws -> String {
    let (status, output) = try ChildProcess(command, arguments).wait()
    guard status == 0 else {
      throw ChildProcessError(message: "\(command.last ?? "") \(arguments.joined(separator: " ")) failed: \(output)")
    }
    return output
  }
}

public struct ChildProcessError: Error, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}
