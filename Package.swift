// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// Products are split by database so that an app builds only what it uses: depending on
// `TypedSQLSQLite` alone never compiles or links anything of libpq, nor of libmariadb.
let package = Package(
  name: "TypedSQL",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "TypedSQL", targets: ["TypedSQL"]),
    .library(name: "TypedSQLSQLite", targets: ["TypedSQLSQLite"]),
    .library(name: "TypedSQLPostgres", targets: ["TypedSQLPostgres"]),
    .library(name: "TypedSQLMySQL", targets: ["TypedSQLMySQL"]),
    .library(name: "TypedSQLTesting", targets: ["TypedSQLTesting"]),
    .executable(name: "demo", targets: ["Demo"]),
  ],
  traits: [
    .trait(
      name: "TypedSQLTagged",
      description: "Tagged identifiers (pointfreeco/swift-tagged) as column types."),
    .trait(
      name: "TypedSQLCasePaths",
      description: "Enum tables: @CasePathable (pointfreeco/swift-case-paths) enums as column groups."),
    .trait(
      name: "TypedSQLLazyInitializableByDefault",
      description: """
        Drafts leave to the database every column they would otherwise have to be given (stored, \
        not optional, no default value), as StructuredQueries' LazyInitializableByDefault trait does.
        """),
    .default(enabledTraits: []),
  ],
  dependencies: [
    // 603.0.1 matches the Swift 6.3 toolchain; 600–603 all build in about 70 s here, so the
    // range stays wide for apps that share swift-syntax with other macro packages.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // 1.16 has `LogEvent`, which the tests' log handler receives.
    .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.1.0"),
    // `swift package generate-documentation`, which Scripts/build-docs runs (and CI with it).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    .target(
      name: "TypedSQLCore",
      dependencies: [
        "CTypedSQLThreads", "TypedSQLInflection",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Tagged", package: "swift-tagged", condition: .when(traits: ["TypedSQLTagged"])),
      ]
    ),
    // A table's name from its type's name, shared by the macros and the core.
    .target(name: "TypedSQLInflection"),
    // The calling thread and relaxed atomics, for the drivers' connection lock: a header only.
    .systemLibrary(name: "CTypedSQLThreads"),
    .macro(
      name: "TypedSQLMacros",
      dependencies: [
        "TypedSQLInflection",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        // `@Selection enum` expands `@CasePathable` itself, as StructuredQueries' does.
        .product(
          name: "CasePathsMacrosSupport", package: "swift-case-paths",
          condition: .when(traits: ["TypedSQLCasePaths"])),
      ]
    ),
    .target(
      name: "TypedSQL",
      dependencies: [
        "TypedSQLCore", "TypedSQLMacros",
        .product(name: "CasePaths", package: "swift-case-paths", condition: .when(traits: ["TypedSQLCasePaths"])),
      ]
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Dialects/SQLite/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "TypedSQLSQLite",
      dependencies: ["TypedSQLCore", "CSQLite"],
      path: "Dialects/SQLite/TypedSQLSQLite"
    ),
    .systemLibrary(
      name: "CLibPQ",
      path: "Dialects/PostgreSQL/CLibPQ",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    .target(
      name: "TypedSQLPostgres",
      dependencies: ["TypedSQLCore", "CLibPQ"],
      path: "Dialects/PostgreSQL/TypedSQLPostgres"
    ),
    // MariaDB Connector/C, which speaks to MariaDB and MySQL servers.
    .systemLibrary(
      name: "CMariaDB",
      path: "Dialects/MySQL/CMariaDB",
      pkgConfig: "libmariadb",
      providers: [.apt(["libmariadb-dev"]), .brew(["mariadb-connector-c"])]
    ),
    .target(
      name: "TypedSQLMySQL",
      dependencies: ["TypedSQLCore", "CMariaDB"],
      path: "Dialects/MySQL/TypedSQLMySQL"
    ),
    // assertQuery for users' test suites: snapshots of a query's SQL and rows.
    .target(
      name: "TypedSQLTesting",
      dependencies: [
        "TypedSQLCore",
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .executableTarget(
      name: "Demo",
      dependencies: ["TypedSQL", "TypedSQLSQLite", "TypedSQLPostgres", "TypedSQLMySQL"]
    ),
    .testTarget(
      name: "TypedSQLTests",
      dependencies: [
        "TypedSQL", "TypedSQLSQLite", "TypedSQLPostgres", "TypedSQLMySQL",
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      ]
    ),
    .testTarget(
      name: "TypedSQLMacrosTests",
      dependencies: [
        "TypedSQLMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
    // A process of its own that the migration fault tests run, kill at random moments and race
    // against another; not a product.
    .executableTarget(
      name: "TypedSQLFaultProbe",
      dependencies: ["TypedSQL", "TypedSQLSQLite", "TypedSQLPostgres"],
      path: "Integration/TypedSQLFaultProbe"
    ),
    // The CPU-bound workloads whose instructions per operation `Scripts/instruction-counts`
    // counts under valgrind, and CI checks against the committed baseline; not a product.
    .executableTarget(
      name: "TypedSQLInstructionCounts",
      dependencies: ["TypedSQL", "TypedSQLSQLite"],
      path: "Integration/TypedSQLInstructionCounts"
    ),
    // The PostgreSQL and MariaDB servers and child processes the live test targets start; not a
    // product.
    .target(
      name: "TypedSQLTestServers",
      dependencies: ["TypedSQL", "TypedSQLPostgres", "TypedSQLMySQL"],
      path: "Integration/TypedSQLTestServers"
    ),
    // StructuredQueries' spelling, compiled unchanged and run on both live databases.
    .testTarget(
      name: "StructuredQueriesSpellingTests",
      dependencies: [
        "TypedSQL", "TypedSQLSQLite", "TypedSQLPostgres", "TypedSQLTestServers",
        // StructuredQueries' TaggedTests, ported with the `TypedSQLTagged` trait.
        .product(name: "Tagged", package: "swift-tagged", condition: .when(traits: ["TypedSQLTagged"])),
      ],
      path: "Integration/StructuredQueriesSpellingTests"
    ),
    .testTarget(
      name: "TypedSQLIntegrationTests",
      dependencies: [
        "TypedSQL", "TypedSQLSQLite", "TypedSQLPostgres", "TypedSQLMySQL", "TypedSQLTesting", "TypedSQLTestServers",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Tagged", package: "swift-tagged", condition: .when(traits: ["TypedSQLTagged"])),
      ],
      path: "Integration/TypedSQLIntegrationTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
