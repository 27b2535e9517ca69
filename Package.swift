// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Exhibit",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "ExhibitKit", targets: ["ExhibitKit"]),
    .executable(name: "exhibit", targets: ["exhibit"]),
    .executable(name: "exhibit-server", targets: ["exhibit-server"]),
    .executable(name: "exhibit-team", targets: ["exhibit-team"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Headers only: ExhibitKit opens libavformat, libavcodec and libavutil when it first probes
    // media (LibAV.swift), and libswscale when it first decodes a still frame (FrameLibraries.swift),
    // so commands that read none start without them.
    .systemLibrary(
      name: "CAVFormat",
      providers: [
        .apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])
      ]
    ),
    // Declarations only: ExhibitKit opens libpocketsphinx and libsphinxbase when it first listens
    // to a recording (SpeechLibraries.swift); Debian's libpocketsphinx3 and pocketsphinx-en-us hold
    // them and the model (ffmpeg depends on both).
    .systemLibrary(
      name: "CPocketSphinx",
      path: "Sources/CPocketSphinx"
    ),
    // C's printf for decimals, for the command line's text: Swift's `String(format:)` would build
    // a `CVarArg` list, whose first use costs a search of every protocol conformance in the binary.
    .systemLibrary(
      name: "CDecimal",
      path: "Sources/CDecimal"
    ),
    // The bottom layer every domain of ExhibitKit stands on: the vocabulary (component ids, item
    // keys, verdicts, platforms, recording references, timestamps), the safe HTML and JSON text
    // helpers, and the audit trail's rules (events, chain hashes, subjects). It imports no storage
    // engine and names nothing above it, which the compiler enforces.
    .target(
      name: "ExhibitModel",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto")
      ]
    ),
    // Storage, between the vocabulary and the domains, knowing no engine: values, rows with
    // throwing column decoders, table records, and the SQL seam the domains are written against
    // (CatalogueSQL), which each engine's driver implements.
    .target(
      name: "ExhibitStorage",
      dependencies: ["ExhibitModel"]
    ),
    // The SQLite driver, the one target that imports CSQLite: connection, statements, errors with
    // named result codes, the migrator, write hooks, and the audit trail's append under SQLite's lock.
    .target(
      name: "ExhibitSQLite",
      dependencies: ["CSQLite", "ExhibitModel", "ExhibitStorage"]
    ),
    .target(
      name: "ExhibitKit",
      dependencies: [
        "ExhibitModel",
        "ExhibitStorage",
        "ExhibitSQLite",
        "CAVFormat",
        "CPocketSphinx",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Yams", package: "Yams"),
      ],
      // The source and licence of the WCAG table, beside it for readers, not compiled in.
      exclude: ["Conformance/Resources/WCAG-SOURCE.md", "Conformance/Resources/ACR-SOURCE.md"],
      // The bundle report's stylesheets and script, the WCAG 2.2 table and the mapping to it,
      // compiled in as bytes (`PackageResources`).
      resources: [
        .embedInCode("Bundles/Resources/report.css"), .embedInCode("Bundles/Resources/report.js"),
        .embedInCode("Bundles/Resources/report-layout-1.css"),
        .embedInCode("Conformance/Resources/wcag-2.2.tsv"),
        .embedInCode("Conformance/Resources/wcag-mapping.tsv"),
        .embedInCode("Conformance/Resources/acr-chapters.tsv"),
        .embedInCode("Conformance/Resources/acr-clauses.tsv"),
        .embedInCode("Conformance/Resources/clause-mapping.tsv"),
      ],
      plugins: ["EmbedSchema"]
    ),
    // Database/schema.sql compiled into ExhibitKit as the schema new databases are made from.
    .executableTarget(name: "embed-schema"),
    .plugin(name: "EmbedSchema", capability: .buildTool(), dependencies: ["embed-schema"]),
    // Recordings and bundles in S3-compatible object storage: AWS Signature Version 4 on
    // swift-crypto, requests over async-http-client. It stands on the bottom layer only (the
    // evidence storage seam it implements), naming nothing of ExhibitKit.
    .target(
      name: "ExhibitObjectStore",
      dependencies: [
        "ExhibitModel",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    // The developers' trackers findings are filed to: GitHub's REST API over async-http-client.
    // Outside ExhibitKit, so `exhibit` links no network client (exhibit-team does).
    .target(
      name: "ExhibitTrackers",
      dependencies: [
        "ExhibitKit",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    // The catalogue on PostgreSQL, over postgres-nio: numbered migrations, the append-only audit
    // trail with its hash chain kept whole under writers on several servers, and ExhibitKit's
    // domains on PostgreSQL (PostgresCatalogue), implementing their seams. Outside ExhibitKit, so
    // `exhibit` links no network client.
    .target(
      name: "ExhibitPostgres",
      dependencies: [
        "ExhibitModel",
        "ExhibitStorage",
        "ExhibitKit",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
      ],
      resources: [
        .embedInCode("Migrations/001-audit-trail.sql"), .embedInCode("Migrations/002-criteria.sql"),
        .embedInCode("Migrations/003-wcag-override.sql"), .embedInCode("Migrations/004-criteria-search.sql"),
        .embedInCode("Migrations/005-accounts.sql"), .embedInCode("Migrations/006-recordings.sql"),
        .embedInCode("Migrations/007-audits-and-links.sql"),
        .embedInCode("Migrations/008-change-signal-and-sign-in.sql"),
        .embedInCode("Migrations/009-related-criteria-order.sql"),
        .embedInCode("Migrations/010-closed-audits-as-closed.sql"),
        .embedInCode("Migrations/011-links-outside-scope.sql"),
        .embedInCode("Migrations/012-findings.sql"),
        .embedInCode("Migrations/013-team-keys.sql"),
        .embedInCode("Migrations/014-approvals.sql"),
        .embedInCode("Migrations/015-hearing.sql"),
        .embedInCode("Migrations/016-heard-search.sql"),
        .embedInCode("Migrations/017-desk-settings.sql"),
        .embedInCode("Migrations/018-current-criteria-kept.sql"),
        .embedInCode("Migrations/019-caption-blocks.sql"),
      ]
    ),
    // `exhibit serve`: the web workspace over ExhibitKit, so ExhibitKit stays free of HTTP.
    .target(
      name: "ExhibitServer",
      dependencies: [
        "ExhibitKit",
        "ExhibitModel",
        // A team's catalogue: pages served from PostgreSQL, by as many servers as there are.
        "ExhibitPostgres",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ],
      // The pages' stylesheet and script, compiled in as bytes (`PackageResources`).
      resources: [.embedInCode("Resources/exhibit.css"), .embedInCode("Resources/player.js")]
    ),
    // The commands, run by two binaries. `exhibit` stays free of the server's and the object
    // store's libraries (SwiftNIO, Hummingbird, async-http-client), so commands start fast;
    // `exhibit serve` runs `exhibit-server` from beside it, and a command naming an evidence store
    // (--media, $EXHIBIT_MEDIA) becomes `exhibit-team`, which links the S3 client.
    .target(
      name: "ExhibitCommands",
      dependencies: [
        "ExhibitKit",
        "CDecimal",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
      ]
    ),
    .executableTarget(name: "exhibit", dependencies: ["ExhibitCommands"]),
    .executableTarget(
      name: "exhibit-team",
      dependencies: [
        "ExhibitCommands", "ExhibitKit", "ExhibitObjectStore", "ExhibitPostgres", "ExhibitTrackers",
      ],
      path: "Sources/exhibit-team"
    ),
    .executableTarget(
      name: "exhibit-server",
      dependencies: [
        "ExhibitKit",
        "ExhibitObjectStore",
        "ExhibitServer",
        "ExhibitTrackers",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/exhibit-server"
    ),
    .executableTarget(
      name: "exhibit-bench",
      dependencies: ["ExhibitKit", "ExhibitStorage", "ExhibitSQLite", "ExhibitPostgres"],
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
      dependencies: [
        "ExhibitKit", "ExhibitModel", "ExhibitStorage", "ExhibitSQLite", "ExhibitFuzzing",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "ExhibitServerTests",
      dependencies: [
        "ExhibitServer", "ExhibitKit", "exhibit", "exhibit-server",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
      ]
    ),
    // The real servers tests start and stop: an S3-compatible store (nanio), a fault proxy and
    // PostgreSQL clusters.
    .target(
      name: "ExhibitTestServers",
      dependencies: ["ExhibitObjectStore", "ExhibitPostgres"],
      path: "Tests/ExhibitTestServers"
    ),
    .testTarget(
      name: "ExhibitObjectStoreTests",
      dependencies: ["ExhibitObjectStore", "ExhibitTestServers"]
    ),
    .testTarget(
      name: "ExhibitPostgresTests",
      dependencies: [
        "ExhibitPostgres", "ExhibitKit", "ExhibitTestServers",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .testTarget(
      name: "ExhibitCLITests",
      dependencies: [
        "ExhibitKit", "ExhibitStorage", "ExhibitSQLite", "ExhibitTestServers", "ExhibitCommands", "exhibit",
        "exhibit-team",
        "exhibit-server",
      ],
      // The stand-in trackers the filing tests start (python3), read from beside their driver.
      exclude: ["StandIns/github_stand_in.py", "StandIns/jira_stand_in.py"]
    ),
  ]
)
