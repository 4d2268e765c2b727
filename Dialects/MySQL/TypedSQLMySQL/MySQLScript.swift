import Foundation

/// SQL text as MariaDB and MySQL split it into statements, and what each statement does to the
/// transaction it runs in: these servers commit the open transaction before (and after) a
/// statement that changes the schema, so a migration must know its statements before it runs
/// any.
///
/// The text is read as a session of TypedSQL's reads it (`ANSI_QUOTES`, `NO_BACKSLASH_ESCAPES`):
/// `'…'` is a string, `"…"` and `` `…` `` are names, `--`, `#` and `/* … */` are comments, and
/// the text of an executable comment (`/*! … */`, `/*!50100 … */`, MariaDB's `/*M! … */`) is
/// code. A stored program (`CREATE PROCEDURE`, `FUNCTION`, `TRIGGER`, `EVENT`) is one statement
/// up to the `END` of its `BEGIN … END` body, whatever semicolons its body holds.
struct MySQLScript {
  /// One statement: its text and its leading words, upper-cased.
  struct Statement {
    let text: Substring
    let words: [String]

    /// What the statement does to the transaction it runs in.
    var transactionEffect: TransactionEffect { TransactionEffect(words: words) }
  }

  /// What a statement does to the transaction it runs in.
  enum TransactionEffect: Equatable {
    /// It runs in the transaction, which a rollback undoes.
    case none
    /// The server commits the transaction before running it, and it commits itself: schema
    /// changes, account changes, table locks, administrative statements, and calls of stored
    /// procedures, whose bodies may do any of these.
    case commitsImplicitly
    /// It ends, opens or marks the transaction: `BEGIN`, `START TRANSACTION`, `COMMIT`,
    /// `ROLLBACK`, savepoints, `XA`, `SET autocommit`.
    case controlsTransaction

    init(words: [String]) {
      guard let first = words.first else {
        self = .none
        return
      }
      let second = words.dropFirst().first
      switch first {
      case "CREATE", "DROP":
        // A temporary table belongs to the session, and neither commits.
        self = words.prefix(4).contains("TEMPORARY") ? .none : .commitsImplicitly
      case "ALTER", "RENAME", "TRUNCATE", "GRANT", "REVOKE", "LOCK", "UNLOCK", "ANALYZE", "CHECK", "OPTIMIZE",
        "REPAIR", "FLUSH", "RESET", "CACHE", "INSTALL", "UNINSTALL", "STOP", "CHANGE", "CALL":
        self = .commitsImplicitly
      case "LOAD":
        self = second == "INDEX" ? .commitsImplicitly : .none
      case "START":
        self = second == "TRANSACTION" ? .controlsTransaction : .commitsImplicitly
      case "BEGIN":
        // MariaDB's anonymous block, `BEGIN NOT ATOMIC … END`, may hold anything.
        self = second == "NOT" ? .commitsImplicitly : .controlsTransaction
      case "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "XA":
        self = .controlsTransaction
      case "SET":
        if words.contains("AUTOCOMMIT") {
          self = .controlsTransaction
        } else {
          self = words.prefix(3).contains("PASSWORD") ? .commitsImplicitly : .none
        }
      default:
        self = .none
      }
    }
  }

  /// The statements of the text, in order; empty ones (`;;`, a comment alone) are left out.
  let statements: [Statement]

  init(_ text: String) {
    var scanner = Scanner(text: text)
    statements = scanner.statements()
  }
}

extension MySQLScript {
  /// Reads the text token by token, splitting it at semicolons outside strings, names,
  /// comments and stored-program bodies.
  private struct Scanner {
    let text: String
    var index: String.Index
    /// Where the last token read starts: an executable comment's marker for the first token of
    /// its text.
    private var tokenStart: String.Index
    /// The marker of the executable comment whose text is being read, until its first token.
    private var codeCommentStart: String.Index?

    init(text: String) {
      self.text = text
      index = text.startIndex
      tokenStart = text.startIndex
    }

    /// A token: a word (upper-cased), a statement separator, or anything else (a string, a
    /// name, a number, a symbol).
    enum Token: Equatable {
      case word(String)
      case separator(String.Index)
      case other
    }

    /// The words that name a stored program after `CREATE` and its modifiers.
    private static let storedPrograms: Set<String> = ["PROCEDURE", "FUNCTION", "TRIGGER", "EVENT"]
    /// The constructs a stored program closes with `END IF`, `END LOOP`, …, which need no count:
    /// only a bare `END` (of `BEGIN` or a `CASE` expression) or `END CASE` closes a block.
    private static let namedEnds: Set<String> = ["IF", "LOOP", "WHILE", "REPEAT", "FOR"]

    mutating func statements() -> [Statement] {
      var statements: [Statement] = []
      // Where the statement's first token starts: comments before it are not part of it.
      var start = index
      var words: [String] = []
      var isStoredProgram = false
      // The open `BEGIN` and `CASE` blocks of a stored program, and whether the last word was an
      // `END` whose meaning the next token settles.
      var openBlocks = 0
      var endPending = false
      while true {
        let token = nextToken()
        if endPending {
          endPending = false
          if case .word(let word) = token, Self.namedEnds.contains(word) { continue }
          openBlocks = max(openBlocks - 1, 0)  // a bare END, or `END CASE`
          if token == .word("CASE") { continue }
        }
        switch token {
        case nil:
          if !words.isEmpty { statements.append(Statement(text: text[start...], words: words)) }
          return statements
        case .separator(let position)?:
          guard openBlocks == 0 else { continue }
          if !words.isEmpty { statements.append(Statement(text: text[start..<position], words: words)) }
          words = []
          isStoredProgram = false
        case .word(let word)?:
          if words.isEmpty { start = tokenStart }
          if words.count < 12 { words.append(word) }
          if !isStoredProgram, Self.storedPrograms.contains(word), Self.isStoredProgramHeader(words.dropLast()) {
            isStoredProgram = true
          }
          guard isStoredProgram else { continue }
          if word == "BEGIN" || word == "CASE" { openBlocks += 1 }
          if word == "END" { endPending = true }
        case .other?:
          if words.isEmpty {
            start = tokenStart
            words.append("(")
          }
        }
      }
    }

    /// Whether `words` are `CREATE` and what may come between it and the kind of a stored
    /// program (`OR REPLACE`, `DEFINER = user`, `AGGREGATE`), rather than the kind of another
    /// object, whose name or columns may be words such as `event`.
    private static func isStoredProgramHeader(_ words: ArraySlice<String>) -> Bool {
      guard words.first == "CREATE", words.count < 8 else { return false }
      return words.allSatisfy { !otherObjects.contains($0) }
    }

    /// The kinds of object other than stored programs that `CREATE` makes, and the words that
    /// come before some of them.
    private static let otherObjects: Set<String> = [
      "TABLE", "VIEW", "INDEX", "DATABASE", "SCHEMA", "USER", "ROLE", "SEQUENCE", "SERVER", "TABLESPACE",
      "TEMPORARY", "UNIQUE", "FULLTEXT", "SPATIAL", "LOGFILE", "PACKAGE", "ALGORITHM", "SQL",
    ]

    /// The next token, or `nil` at the end of the text. Comments are skipped; an executable
    /// comment's markers are skipped and its text read as code.
    private mutating func nextToken() -> Token? {
      while index < text.endIndex {
        let character = text[index]
        if !character.isWhitespace, !lookingAt("/*"), !lookingAt("--"), character != "#" {
          tokenStart = codeCommentStart ?? index
          codeCommentStart = nil
        }
        switch character {
        case ";":
          let position = index
          advance()
          return .separator(position)
        case "'", "\"", "`":
          skipQuoted(by: character)
          return .other
        case "#":
          skipLine()
        case "-" where lookingAt("--") && isSpaceOrEnd(at: 2):
          skipLine()
        case "/" where lookingAt("/*"):
          skipCommentOrEnterCode()
        case "*" where lookingAt("*/"):
          // The end of an executable comment whose text was read as code.
          advance(by: 2)
        case _ where character.isLetter || character == "_" || character == "$":
          return .word(readWord())
        case _ where character.isWhitespace:
          advance()
        default:
          advance()
          return .other
        }
      }
      return nil
    }

    private mutating func advance(by count: Int = 1) {
      index = text.index(index, offsetBy: count, limitedBy: text.endIndex) ?? text.endIndex
    }

    private func lookingAt(_ prefix: String) -> Bool {
      text[index...].hasPrefix(prefix)
    }

    /// Whether the character `offset` places on is a space, a control character or past the end:
    /// `--` starts a comment only then.
    private func isSpaceOrEnd(at offset: Int) -> Bool {
      guard let position = text.index(index, offsetBy: offset, limitedBy: text.endIndex), position < text.endIndex
      else { return true }
      return text[position].isWhitespace || text[position].asciiValue.map { $0 < 32 } == true
    }

    private mutating func readWord() -> String {
      let start = index
      while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" || text[index] == "$" {
        advance()
      }
      return text[start..<index].uppercased()
    }

    /// Skips a string or a name quoted by `quote`, a doubled quote inside it included.
    private mutating func skipQuoted(by quote: Character) {
      advance()
      while index < text.endIndex {
        if text[index] == quote {
          advance()
          guard index < text.endIndex, text[index] == quote else { return }
        }
        advance()
      }
    }

    private mutating func skipLine() {
      while index < text.endIndex, !text[index].isNewline { advance() }
    }

    /// Skips a `/* … */` comment; at `/*!` (with a version) or `/*M!`, skips only the marker, so
    /// that the comment's text is read as code.
    private mutating func skipCommentOrEnterCode() {
      if lookingAt("/*!") || lookingAt("/*M!") {
        codeCommentStart = codeCommentStart ?? index
        advance(by: lookingAt("/*!") ? 3 : 4)
        while index < text.endIndex, text[index].isNumber { advance() }
        return
      }
      advance(by: 2)
      while index < text.endIndex, !lookingAt("*/") { advance() }
      advance(by: 2)
    }
  }
}

extension MySQLScript.Statement {
  /// The statement as an error names it: its text without surrounding space, cut short.
  var excerpt: String {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.count > 80 ? String(trimmed.prefix(80)) + "…" : trimmed
  }
}
