// swift-tools-version:6.2
// Hearth: the services layer of four personal-records apps, and the self-hosted cloud they sync with.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Hearth",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "hearth", targets: ["hearth"]),
        .library(name: "HearthCore", targets: ["HearthCore"]),
        .library(name: "HearthStore", targets: ["HearthStore"]),
        .library(name: "HearthExchange", targets: ["HearthExchange"]),
        .library(name: "HearthServer", targets: ["HearthServer"]),
        .library(name: "HearthWeb", targets: ["HearthWeb"]),
        .library(name: "HearthMail", targets: ["HearthMail"]),
        .library(name: "HearthCloudModel", targets: ["HearthCloudModel"]),
        .library(name: "HearthPermissions", targets: ["HearthPermissions"]),
        .library(name: "HearthCloud", targets: ["HearthCloud"]),
        .library(name: "HearthSync", targets: ["HearthSync"]),
        .library(name: "HearthReports", targets: ["HearthReports"]),
        .library(name: "HearthGarage", targets: ["HearthGarage"]),
        .library(name: "HearthFinance", targets: ["HearthFinance"]),
        .library(name: "HearthOCR", targets: ["HearthOCR"]),
        .library(name: "HearthHealth", targets: ["HearthHealth"]),
        .library(name: "HearthAnalytics", targets: ["HearthAnalytics"]),
        .library(name: "HearthPantryModel", targets: ["HearthPantryModel"]),
        .library(name: "HearthPantryServer", targets: ["HearthPantryServer"]),
        .library(name: "HearthPantry", targets: ["HearthPantry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.25.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit.git", from: "6.4.0", traits: []),
        .package(url: "https://github.com/GraphQLSwift/Graphiti.git", from: "3.1.0"),
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.3.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
    ],
    targets: [
        // MARK: Foundations
        .target(
            name: "HearthCore",
            dependencies: [
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HearthStore",
            dependencies: [
                "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "HearthSQLite",
            dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),

        .target(
            name: "HearthExchange",
            dependencies: ["HearthCore"],
            swiftSettings: swiftSettings
        ),

        // CASL-style permission rules, shared by the Pantry server and its clients; imports nothing of Hearth.
        .target(
            name: "HearthPermissions",
            swiftSettings: swiftSettings
        ),

        // MARK: Cloud
        .target(
            name: "HearthCloudModel",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "CSQLiteSettings",
            dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        .target(
            name: "HearthCloud",
            dependencies: [
                "HearthSQLite",
                "CSQLiteSettings",
                "HearthCloudModel",
                "HearthCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Mail (an SMTP client: verification codes, reminders, digests)
        .target(
            name: "HearthMail",
            dependencies: [
                "HearthCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Sync (client)
        .target(
            name: "HearthSync",
            dependencies: [
                "HearthCloudModel",
                "HearthCore",
                "HearthStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Reports
        .systemLibrary(
            name: "CHearthZlib",
            path: "Sources/CHearthZlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "HearthReports",
            dependencies: [
                "HearthCore",
                "HearthCompression",
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ReportsBenchmark",
            dependencies: [
                "HearthReports"
            ],
            path: "Benchmarks/ReportsBenchmark",
            swiftSettings: swiftSettings
        ),

        // MARK: Analytics (PostHog protocol)
        .target(
            name: "HearthCompression",
            dependencies: ["CHearthZlib"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HearthAnalytics",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthCompression",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: OCR
        // Tesseract and Leptonica are loaded at run time (TesseractLibrary), so a build needs neither.
        .target(
            name: "HearthOCR",
            dependencies: [
                "HearthCore"
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Domains
        .target(
            name: "HearthGarage",
            dependencies: [
                "HearthSQLite",
                "HearthCore",
                "HearthExchange",
                "HearthReports",
                "HearthStore",
                "HearthSync",
                "HearthCloudModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.process("Resources")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HearthHealth",
            dependencies: [
                "HearthCore",
                "HearthCloudModel",
                "HearthExchange",
                "HearthStore",
                "HearthReports",
                "HearthSync",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HearthFinance",
            dependencies: [
                "HearthSQLite",
                "HearthCore",
                "HearthExchange",
                "HearthReports",
                "HearthStore",
                "HearthSync",
                "HearthCloudModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Pantry (models and the pure rules the server and the client share)
        .target(
            name: "HearthPantryModel",
            dependencies: ["HearthCore"],
            swiftSettings: swiftSettings
        ),

        // MARK: Pantry (client services over the server's GraphQL)
        .target(
            name: "HearthPantry",
            dependencies: [
                "HearthCore",
                "HearthPantryModel",
                "HearthPermissions",
                "HearthStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Pantry (GraphQL on the server)
        .target(
            name: "HearthPantryServer",
            dependencies: [
                "HearthCloud",
                "HearthCore",
                "HearthPantryModel",
                "HearthPermissions",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Graphiti", package: "Graphiti"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Server and CLI
        .target(
            name: "HearthWeb",
            dependencies: [
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthFinance",
                "HearthGarage",
                "HearthMail",
                "HearthPantryModel",
                "HearthPantryServer",
                "HearthReports",
                // The garage and finance pages keep a copy of the user's zone with the devices' own sync code.
                "HearthStore",
                "HearthSync",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Templates"), .copy("Static")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthWeb",
                "HearthCloud",
                "HearthCloudModel",
                "HearthCompression",
                "HearthCore",
                "HearthMail",
                "HearthPantryServer",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "hearth",
            dependencies: [
                "HearthAnalytics",
                "HearthMail",
                "HearthCloud",
                "HearthCore",
                "HearthExchange",
                "HearthServer",
                "HearthReports",
                "HearthGarage",
                "HearthFinance",
                "HearthHealth",
                "HearthOCR",
                "HearthPantry",
                "HearthPantryModel",
                "HearthPantryServer",
                "HearthWeb",
                "HearthSync",
                "HearthStore",
                "HearthCloudModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmarks (run on request: swift run -c release CloudBenchmark)
        .executableTarget(
            name: "CloudBenchmark",
            dependencies: [
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/CloudBenchmark",
            swiftSettings: swiftSettings
        ),

        // What the load benchmarks share: their servers as child processes, and wrk.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "HearthCloud",
                "HearthServer",
                "HearthTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/BenchmarkSupport",
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "CloudLoadBenchmark",
            dependencies: [
                "BenchmarkSupport",
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthExchange",
                "HearthServer",
                "HearthTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/CloudLoadBenchmark",
            exclude: ["wrk"],
            swiftSettings: swiftSettings
        ),

        // swift build -c release --product PantryBenchmark: the pantry's GraphQL against Strawberry.
        .executableTarget(
            name: "PantryBenchmark",
            dependencies: [
                "BenchmarkSupport",
                "HearthCloudModel",
                "HearthCore",
                "HearthExchange",
                "HearthFinance",
                "HearthGarage",
                "HearthSync",
                "HearthTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/PantryBenchmark",
            exclude: ["wrk", "strawberry"],
            swiftSettings: swiftSettings
        ),

        .executableTarget(
            name: "SyncBenchmark",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthFinance",
                "HearthServer",
                "HearthStore",
                "HearthSync",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/SyncBenchmark",
            swiftSettings: swiftSettings
        ),

        // MARK: Benchmarks (run on request: swift run -c release GarageBenchmark)
        .executableTarget(
            name: "GarageBenchmark",
            dependencies: [
                "HearthCore",
                "HearthGarage",
                "HearthStore",
            ],
            path: "Benchmarks/GarageBenchmark",
            exclude: ["fuelly_import.py"],
            swiftSettings: swiftSettings
        ),
        // swift run -c release HealthBenchmark
        .executableTarget(
            name: "HealthBenchmark",
            dependencies: [
                "HearthCloud",
                "HearthCore",
                "HearthHealth",
                "HearthServer",
                "HearthStore",
                "HearthSync",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Benchmarks/HealthBenchmark",
            exclude: ["reportlab_health.py"],
            swiftSettings: swiftSettings
        ),
        // swift run -c release FinanceBenchmark
        .executableTarget(
            name: "FinanceBenchmark",
            dependencies: [
                "HearthCore",
                "HearthStore",
                "HearthFinance",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Benchmarks/FinanceBenchmark",
            exclude: ["finance_import.py", "statement_import.py"],
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .target(
            name: "HearthTestSupport",
            dependencies: [
                "HearthCloudModel",
                "HearthCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/HearthTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthTestSupportTests",
            dependencies: ["HearthTestSupport"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FinanceSyncProbe",
            dependencies: [
                "HearthCloudModel",
                "HearthCore",
                "HearthFinance",
                "HearthSync",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/FinanceSyncProbe",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthCoreTests",
            dependencies: [
                "HearthTestSupport",
                "HearthCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthExchangeTests",
            dependencies: ["HearthCore", "HearthExchange", "HearthTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthStoreTests",
            dependencies: [
                "HearthTestSupport",
                "HearthCore",
                "HearthStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthCloudModelTests",
            dependencies: ["HearthCloudModel"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthMailTests",
            dependencies: [
                "HearthCore",
                "HearthMail",
                "HearthTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthPermissionsTests",
            dependencies: ["HearthPermissions"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthCloudTests",
            dependencies: [
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthPantryServerTests",
            dependencies: [
                "HearthCloud",
                "HearthCore",
                "HearthPantryModel",
                "HearthPantryServer",
                "HearthTestSupport",
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthPantryTests",
            dependencies: [
                "HearthCloud",
                "HearthCore",
                "HearthPantry",
                "HearthPantryModel",
                "HearthPermissions",
                "HearthServer",
                "HearthStore",
                "HearthTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthWebTests",
            dependencies: [
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthFinance",
                "HearthPantryServer",
                "HearthGarage",
                "HearthReports",
                "HearthServer",
                "HearthStore",
                "HearthSync",
                "HearthTestSupport",
                "HearthWeb",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthServerTests",
            dependencies: [
                "HearthMail",
                "HearthCloud",
                "HearthCloudModel",
                "HearthCompression",
                "HearthCore",
                "HearthPantryModel",
                "HearthPantryServer",
                "HearthServer",
                "HearthTestSupport",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthSyncTests",
            dependencies: [
                "hearth",
                "FinanceSyncProbe",
                "HearthTestSupport",
                "HearthFinance",
                "HearthGarage",
                "HearthHealth",
                "HearthCloud",
                "HearthCloudModel",
                "HearthCore",
                "HearthServer",
                "HearthStore",
                "HearthSync",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthReportsTests",
            dependencies: [
                "HearthCore",
                "HearthCompression",
                "HearthReports",
                "HearthTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "hearthTests",
            dependencies: [
                "hearth",
                "HearthTestSupport",
                "HearthCloud",
                "HearthCloudModel",
                "HearthCompression",
                "HearthCore",
                "HearthPantryModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthGarageTests",
            dependencies: [
                "hearth",
                "HearthAnalytics",
                "HearthMail",
                "HearthExchange",
                "HearthTestSupport",
                "HearthCore",
                "HearthGarage",
                "HearthReports",
                "HearthStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthHealthTests",
            dependencies: [
                "hearth",
                "HearthExchange",
                "HearthTestSupport",
                "HearthCore",
                "HearthStore",
                "HearthHealth",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthAnalyticsTests",
            dependencies: [
                "HearthAnalytics",
                "HearthGarage",
                "HearthCompression",
                "HearthCore",
                "HearthStore",
                "HearthTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthOCRTests",
            dependencies: [
                "HearthCore",
                "HearthGarage",
                "HearthOCR",
                "HearthTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthPantryModelTests",
            dependencies: [
                "HearthCore", "HearthPantryModel", "HearthTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HearthFinanceTests",
            dependencies: [
                "hearth",
                "HearthExchange",
                "HearthReports",
                "HearthTestSupport",
                "HearthCore",
                "HearthStore",
                "HearthFinance",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
    ]
)
