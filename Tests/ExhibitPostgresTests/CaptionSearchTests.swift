import ExhibitKit
import ExhibitModel
import ExhibitTestServers
import Foundation
import PostgresNIO
import Testing

@testable import ExhibitPostgres

/// Caption search on PostgreSQL since migration 19: a phrase's matches, read one block of ids at
/// a time, newest first (``CaptionWindows``), are the newest the whole table holds, counted and
/// capped as before; and a platform filter reads the platform each cue keeps, which follows its
/// recording's, for cues a database held before the migration and cues written after it.
@Suite struct CaptionSearchTests {
  /// Whether `window` holds `id`, as its SQL would say.
  private static func holds(_ window: CaptionWindows.Window, _ id: Int64) -> Bool {
    switch window {
    case .from(let lower): id >= lower
    case .below(let upper): id < upper
    case .block(let lexeme): id >> Self.block(lexeme).level == Self.block(lexeme).number
    }
  }

  /// The blocks' lexemes among `windows`, in order.
  private static func lexemes(_ windows: [CaptionWindows.Window]) -> [String] {
    windows.compactMap {
      guard case .block(let lexeme) = $0 else { return nil }
      return lexeme
    }
  }

  /// A block's lexeme (`#14.60`) as its level and number.
  private static func block(_ lexeme: String) -> (level: Int64, number: Int64) {
    let parts = lexeme.dropFirst().split(separator: ".").compactMap { Int64($0) }
    return (parts[0], parts[1])
  }

  @Test(
    arguments: [1, 8_191, 8_192, 8_193, 65_537, 100_000, 999_424, 1_000_000, 1 << 20, 3_000_001] as [Int64])
  func windowsHoldEveryIdOnce(newest: Int64) {
    let windows = CaptionWindows(newest: newest).windows
    var ids = Array(stride(from: 1, through: newest + 100, by: Int(max(newest / 40_000, 1))))
    for lexeme in Self.lexemes(windows) {
      let (level, number) = Self.block(lexeme)
      ids += [number << level - 1, number << level, (number + 1) << level - 1, (number + 1) << level]
    }
    for id in ids where id >= 1 {
      let holding = windows.filter { Self.holds($0, id) }.count
      #expect(holding == 1, "id \(id), newest \(newest): \(holding) ranges hold it")
    }
    // Each block at least as large as the one before, so a rare phrase asks few of them.
    let levels = Self.lexemes(windows).map { Self.block($0).level }
    #expect(levels == levels.sorted())
    #expect(windows.count <= CaptionWindows.levels.count + 2)
    #expect(CaptionWindows(newest: nil).windows.count == 1)
  }

  /// Two recordings of one component, on iOS and Android, a caption track each, and 8,000 cues
  /// 250 ids apart up to two million, taking turns between the tracks: every cue says "not
  /// checked", and the oldest 200 say "email me updates" as well. Cue `id`'s start is `id` ms.
  static let catalogue = """
    INSERT INTO recording (id, sha256, size, status, family, component, platform, catalogued_at)
    VALUES (1, repeat('a', 64), 1, 'ok', 'native', 'checkbox', 'ios', '2026-01-01'),
      (2, repeat('b', 64), 1, 'ok', 'native', 'checkbox', 'android', '2026-01-01');
    INSERT INTO caption_track (id, recording_id, path, sha256, size, mtime_ns)
    VALUES (1, 1, 'a.vtt', repeat('c', 64), 1, 0), (2, 2, 'b.vtt', repeat('d', 64), 1, 0);
    INSERT INTO caption_cue (id, track_id, position, start_ms, end_ms, text)
    SELECT g, 1 + (g / 250) % 2, g, g, g + 1,
      CASE WHEN g < 50000 THEN 'email me updates, not checked' ELSE 'checkbox, not checked' END
    FROM generate_series(1, 2000000, 250) g;
    """

  /// The ids of the catalogue's cues, newest first, those on Android (odd turns) or all.
  static func newest(_ count: Int, androidOnly: Bool = false, below: Int64 = 2_000_001) -> Set<Int64> {
    let ids = stride(from: Int64(1 + 250 * 7_999), through: 1, by: -250).filter {
      $0 < below && (!androidOnly || ($0 / 250) % 2 == 1)
    }
    return Set(ids.prefix(count))
  }

  /// What a search found: its hits' starts in ms, how many matched, and whether captions capped.
  static func found(_ catalogue: PostgresCatalogue, _ request: SearchRequest) async throws -> (
    starts: Set<Int64>, matched: Int, capped: Bool
  ) {
    let results = try await catalogue.search(request)
    let starts = results.hits.compactMap(\.startSeconds).map { Int64(($0 * 1000).rounded()) }
    return (Set(starts), results.matched, results.cappedKinds.contains(.captions))
  }

  @Test func phrasesAndPlatformsOnCuesFromBeforeTheMigrationAndAfter() async throws {
    // The schema as the release before migration 19 left it, with cues in it.
    let (server, database, owner) = try await postgresDatabase(before: 19)
    try await offThePool { _ = try server.psql(database: database, Self.catalogue) }
    let applied = try await PostgresStore.with(owner) { try await $0.migrate(grantingTo: "exhibit_app") }
    #expect(applied == Array(19...PostgresSchema.latestVersion))

    var application = try server.location()
    application.database = database
    try await PostgresStore.with(application) { store in
      let catalogue = PostgresCatalogue(store: store)
      // The newest 1,001 of 8,000 matches ranked; every score ties, so the best are the newest.
      let phrase = try await Self.found(catalogue, SearchRequest("\"not checked\"", kinds: [.captions]))
      #expect(phrase.starts == Self.newest(20))
      #expect(phrase.matched == 1_001 && phrase.capped)
      // A phrase only the oldest cues say: every block read, every match found.
      let old = try await Self.found(catalogue, SearchRequest("\"email me updates\"", kinds: [.captions]))
      #expect(old.starts == Self.newest(20, below: 50_000))
      #expect(old.matched == 200 && !old.capped)
      // A word, not a phrase, read as before: the same newest.
      let word = try await Self.found(catalogue, SearchRequest("checkbox", kinds: [.captions]))
      #expect(word.starts == Self.newest(20))
      #expect(word.matched == 1_001 && word.capped)
      // The platform the migration gave each cue from its recording.
      let android = try await Self.found(
        catalogue, SearchRequest("\"not checked\"", platform: .android, kinds: [.captions]))
      #expect(android.starts == Self.newest(20, androidOnly: true))
      #expect(android.matched == 1_001)

      // The Android recording found to be on iOS: its cues follow it.
      _ = try await store.execute("UPDATE recording SET platform = 'ios' WHERE id = 2")
      let none = try await Self.found(
        catalogue, SearchRequest("\"not checked\"", platform: .android, kinds: [.captions]))
      #expect(none.starts.isEmpty && none.matched == 0)
      let ios = try await Self.found(
        catalogue, SearchRequest("\"not checked\"", platform: .ios, kinds: [.captions]))
      #expect(ios.starts == Self.newest(20))

      // A cue written after the migration takes its recording's platform.
      _ = try await store.execute(
        """
        INSERT INTO caption_cue (id, track_id, position, start_ms, end_ms, text)
        VALUES (3000000, 2, 3000000, 7, 8, 'not checked at last')
        """)
      let latest = try await Self.found(
        catalogue, SearchRequest("\"not checked\"", platform: .ios, kinds: [.captions]))
      #expect(latest.starts.contains(7) && latest.starts.count == 20)
    }
  }
}
