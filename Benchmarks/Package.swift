// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library never depends on what they need. They use
// TypedSQL's core and drivers without the macros (the tables below are written out as `@Table`
// would write them), so a release build does not compile swift-syntax.
let package = Package(
  name: "TypedSQLBenchmarks",
  dependencies: [
    .package(name: "TypedSQL", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "TypedSQLBenchmarks",
      dependencies: [
        .product(name: "TypedSQLSQLite", package: "TypedSQL"),
        .product(name: "TypedSQLPostgres", package: "TypedSQL"),
        .product(name: "TypedSQLMySQL", package: "TypedSQL"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    )
  ]
)
