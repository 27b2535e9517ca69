// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Exhibit",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "ExhibitKit", targets: ["ExhibitKit"]),
    .executable(name: "exhibit", targets: ["exhibit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Headers only: ExhibitKit opens libavformat, libavcodec and libavutil when it first probes
    // media (LibAV.swift), so commands that read none start without them.
    .systemLibrary(
      name: "CAVFormat",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]
    ),
    // The one target that imports CSQLite: connection, statements, rows, values, errors, migrator.
    .target(
      name: "ExhibitSQLite",
      dependencies: ["CSQLite"]
    ),
    .target(
      name: "ExhibitKit",
      dependencies: [
        "ExhibitSQLite",
        "CAVFormat",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .executableTarget(
      name: "exhibit",
      dependencies: [
        "ExhibitKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "exhibit-bench",
      dependencies: ["ExhibitKit", "ExhibitSQLite"],
      path: "Sources/exhibit-bench"
    ),
    // The fuzz targets' checks, shared by the libFuzzer build of exhibit-fuzz (Scripts/fuzz.sh)
    // and the test suite, which replays every input a fuzzer ever broke.
    .target(
      name: "ExhibitFuzzing",
      dependencies: ["ExhibitKit"]
    ),
    .target(name: "CLibFuzzer"),
    .executableTarget(
      name: "exhibit-fuzz",
      dependencies: ["ExhibitFuzzing", "CLibFuzzer"],
      path: "Sources/exhibit-fuzz"
    ),
    .testTarget(
      name: "ExhibitKitTests",
      dependencies: ["ExhibitKit", "ExhibitSQLite", "ExhibitFuzzing"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "ExhibitCLITests",
      dependencies: ["ExhibitKit", "ExhibitSQLite", "exhibit"]
    ),
  ]
)
