import ExhibitKit
import Foundation
import Hummingbird
import Logging

/// `exhibit serve`: the workspace in the browser, through ExhibitKit with the CLI's rules,
/// audit trail and JSON.
public struct WebServer: Sendable {
  let settings: ServerSettings
  let stores: CataloguePool
  let shelf: BundleShelf
  let tokens: SessionTokens
  let throttle: SignInThrottle
  /// The port the server listens on, once it does: the host guard checks it.
  let boundPort = HostGuard.BoundPort()
  /// Open connections per address.
  let connections: ConnectionLimiter
  /// Where routes and middleware log (`context.logger`).
  let logger: Logger
  /// Sessions just seen signed in, for ``MediaFastPath`` (accounts mode).
  let readers = ReaderGrants()
  /// Requests ``MediaFastPath`` answered.
  public var mediaFastPathAnswers: Int { fastPathAnswers.value }
  private let fastPathAnswers = MediaFastPath.Count()
  /// Of those, the answers made from a connection's bytes, before NIO's HTTP decoder read them
  /// (``RawMediaHandler``).
  public var mediaFastPathAnswersFromBytes: Int { fastPathAnswersFromBytes.value }
  private let fastPathAnswersFromBytes = MediaFastPath.Count()
  /// Answers ``MediaFastPath`` stopped because their file was cut short while being sent.
  public var mediaFastPathAnswersCutShort: Int { fastPathCutShort.value }
  private let fastPathCutShort = MediaFastPath.Count()
  /// The recordings' descriptors ``MediaFastPath`` keeps open between answers.
  let openMediaFiles = OpenMediaFiles()

  /// The `Server` header's value.
  static let serverName = "Exhibit"

  /// Opens the workspace's SQLite database for serving.
  /// - Parameters:
  ///   - settings: What to serve, where and to whom.
  ///   - logger: Where the server's diagnostics go; `exhibit serve` gives one that writes
  ///     rate-limited lines to stderr (``ServerLogHandler``).
  /// - Throws: ``ServerError/noAccounts(host:)`` when accounts are required and there are none,
  ///   ``WorkspaceError`` for a missing database or a database URL (``open(settings:logger:environment:)``
  ///   serves those), or ``SQLiteError``.
  public init(settings: ServerSettings, logger: Logger = ServerLogHandler.logger()) throws {
    if DatabaseURL.isPostgres(settings.databasePath) {
      throw WorkspaceError.serverDatabase(url: DatabaseURL.withoutPassword(settings.databasePath))
    }
    // Serving never makes a workspace: a mistyped --db would otherwise serve an empty one.
    guard FileManager.default.fileExists(atPath: settings.databasePath) else {
      throw WorkspaceError.noDatabase(path: settings.databasePath)
    }
    let store = try Store.open(at: settings.databasePath, access: .write)
    defer { try? store.close() }
    if settings.mode == .accounts, try store.accounts().isEmpty {
      throw ServerError.noAccounts(host: settings.host)
    }
    self.init(
      settings: settings, logger: logger, backend: try SQLiteBackend(path: settings.databasePath),
      secret: try store.webSecret(orStore: SessionTokens.random()))
  }

  /// Opens the catalogue `settings` names for serving: a workspace's SQLite file, or a team's
  /// PostgreSQL database (`postgres://…`), which any number of servers may serve at once.
  /// - Parameters:
  ///   - settings: What to serve, where and to whom.
  ///   - logger: Where the server's diagnostics go.
  ///   - environment: Where a database URL's password may come from (`PGPASSWORD`, `PGPASSFILE`).
  /// - Returns: The server, its connections open; ``run(onListening:)`` serves and closes them.
  /// - Throws: ``ServerError/noAccounts(host:)`` when accounts are required and there are none,
  ///   ``WorkspaceError``, ``SQLiteError`` or `PostgresStoreError`.
  public static func open(
    settings: ServerSettings, logger: Logger = ServerLogHandler.logger(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> WebServer {
    guard DatabaseURL.isPostgres(settings.databasePath) else {
      return try WebServer(settings: settings, logger: logger)
    }
    // A connection for each of the pool's threads, and one to spare for start-up and bundles.
    let backend = try await PostgresBackend(
      url: settings.databasePath, environment: environment,
      maximumConnections: settings.databaseThreads + 1, folder: FileManager.default.currentDirectoryPath)
    do {
      if settings.mode == .accounts, try await backend.catalogue.accounts().isEmpty {
        throw ServerError.noAccounts(host: settings.host)
      }
      return WebServer(
        settings: settings, logger: logger, backend: backend,
        secret: try await backend.catalogue.webSecret(orStore: SessionTokens.random()))
    } catch {
      await backend.close()
      throw error
    }
  }

  private init(
    settings: ServerSettings, logger: Logger, backend: any CatalogueBackend, secret: String
  ) {
    self.settings = settings
    self.logger = logger
    stores = CataloguePool(backend: backend, threadCount: settings.databaseThreads)
    shelf = BundleShelf(folder: settings.exportsFolder, freeFloor: settings.exportFreeFloor)
    tokens = SessionTokens(secretHex: secret)
    throttle = SignInThrottle(
      base: settings.signInDelay, clock: settings.signInClock, ledger: CatalogueSignInLedger(stores: stores))
    connections = ConnectionLimiter(perAddress: settings.connectionsPerAddress)
    if settings.mode == .accounts {
      // The decoy hash an unknown account is checked against is made now, not on the first
      // sign-in, whose answer would otherwise take twice as long and tell the account is unknown.
      let hasher = settings.passwordHasher
      Task.detached { _ = try? await hasher.verify("", hashOrNone: nil) }
    }
  }

  /// The routes: behind the middleware every request passes (safe response headers, the host
  /// guard, the server's logger, who is asking), in groups with their own (``RouteGroups``).
  public func router() -> Router<ExhibitRequestContext> {
    let router = Router(context: ExhibitRequestContext.self)
    router.add(middleware: ResponseSafetyMiddleware(rules: rules))
    router.add(middleware: rules.hosts)
    router.add(middleware: RequestLogger(logger: logger))
    router.add(
      middleware: VisitorMiddleware(mode: settings.mode, tokens: tokens, stores: stores, readers: readers))
    let groups = RouteGroups(router: router, tokens: tokens)
    PageRoutes(stores: stores).register(in: groups)
    JudgingRoutes(stores: stores).register(in: groups)
    DecisionRoutes(stores: stores).register(in: groups)
    AuditRoutes(stores: stores).register(in: groups)
    ConformanceRoutes(stores: stores).register(in: groups)
    AttributionRoutes(stores: stores).register(in: groups)
    DeskSettingsRoutes(stores: stores).register(in: groups)
    APIRoutes(stores: stores).register(in: groups)
    MediaRoutes(stores: stores, storage: settings.storage).register(in: groups)
    FrameRoutes(stores: stores, storage: settings.storage).register(in: groups)
    FindingRoutes(stores: stores, filer: settings.findingFiler, fileTo: settings.fileTo).register(in: groups)
    SessionRoutes(
      stores: stores, accounts: settings.mode == .accounts, passwordHasher: settings.passwordHasher,
      throttle: throttle, readers: readers
    ).register(in: groups)
    BundleRoutes(stores: stores, shelf: shelf, storage: settings.storage).register(in: groups)
    WorkspaceRoutes(
      stores: stores, folder: WorkspaceFolder(databasePath: settings.databasePath), storage: settings.storage,
      listening: BackgroundListening(stores: stores, storage: settings.storage)
    )
    .register(in: groups)
    groups.assets.get(":asset") { request, _ -> Response in
      guard let asset = Assets.asset(at: request.uri.path) else {
        throw WebError.notFound("there is no such file")
      }
      return Response(
        status: .ok,
        headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=31536000, immutable"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: asset.body)))
    }
    groups.answerUnknownAPIPaths()
    return router
  }

  /// The rules every request is held to, by the middleware and the media fast path alike.
  var rules: RequestRules {
    RequestRules(
      hosts: HostGuard(
        loopback: settings.mode != .accounts, allowedHosts: Set(settings.allowedHosts), bound: boundPort),
      mode: settings.mode, readers: readers, safetyHeaders: settings.safetyHeaders)
  }

  /// Recordings' bytes sent from the connection's pipeline, when the route's answer is certain.
  var mediaFastPath: MediaFastPath {
    MediaFastPath(
      stores: stores, rules: rules, answered: fastPathAnswers, answeredFromBytes: fastPathAnswersFromBytes,
      cutShort: fastPathCutShort, files: openMediaFiles)
  }

  /// The application, which prints nothing; `onListening` hears the address it listens on.
  public func application(
    onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void = { _, _ in }
  ) -> some ApplicationProtocol {
    let host = settings.host
    // Hummingbird's own log says what a malformed or dropped connection did, once per
    // connection: nothing a user can act on, and a flood an attacker controls. Requests log
    // through `logger`, rate-limited (``RequestLogger``).
    let quiet = {
      var quiet = logger
      quiet.logLevel = .critical
      return quiet
    }()
    let connections = connections
    // Recordings in an evidence store are streamed from it by the route; the fast path sends
    // local files only.
    let fastPath = settings.storage == nil ? mediaFastPath : nil
    return Application(
      router: router(),
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [connections.handler()]
            + (fastPath.map {
              [MediaFastPathHandler.Installer(path: $0, idleTimeout: settings.idleTimeout, logger: quiet)]
            }
              ?? []),
          idleTimeout: settings.idleTimeout)),
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: settings.port), serverName: Self.serverName),
      onServerRunning: { [boundPort] channel in
        boundPort.set(channel.localAddress?.port ?? 0)
        await onListening(host, channel.localAddress?.port ?? 0)
      },
      logger: quiet)
  }

  /// Runs until SIGINT or SIGTERM, then closes the database and the recordings kept open.
  public func run(onListening: @escaping @Sendable (_ host: String, _ port: Int) async -> Void) async throws {
    do {
      try await application(onListening: onListening).runService()
    } catch {
      try? await shutdown()
      throw error
    }
    try await shutdown()
  }

  /// Closes the database connections and the recordings kept open (after a test ran the
  /// application itself).
  public func shutdown() async throws {
    openMediaFiles.closeAll()
    try await stores.shutdown()
  }
}
