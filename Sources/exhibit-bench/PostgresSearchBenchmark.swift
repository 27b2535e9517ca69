import ExhibitKit
import ExhibitPostgres
import Foundation

/// `exhibit-bench postgres-search --db URL [--scales 0.1,1] [--repeats N]`: the search benchmark's
/// synthetic workspace (scale 1: 100,000 recordings, 1,000,000 caption cues, 10,000 criteria
/// items, notes on links) built in SQLite, copied as it is into
/// PostgreSQL (`exhibit migrate`'s copy), then the same searches timed on both. Each scale needs
/// an empty database of its own: `URL` names the first, and scale N's is its name with `_N` added.
/// The copy is vacuumed and analysed before it is searched, as autovacuum leaves a database that
/// has settled (the GIN indexes' pending entries merged, the statistics current). With
/// `--reuse`, the databases an earlier run copied are searched again, without SQLite, and
/// `--only` times only the kinds named; `--each` prints each query's median and slowest time too.
enum PostgresSearchBenchmark {
  struct Options {
    var database = ""
    var scales: [Double] = [0.1, 1]
    var repeats = 20
    var reuse = false
    var only: Set<String> = []
    var each = false

    init(_ arguments: [String]) {
      var rest = arguments.makeIterator()
      while let argument = rest.next() {
        switch argument {
        case "--db": database = rest.next() ?? ""
        case "--scales": scales = (rest.next() ?? "").split(separator: ",").compactMap { Double($0) }
        case "--repeats": repeats = Int(rest.next() ?? "") ?? repeats
        case "--reuse": reuse = true
        case "--only": only.formUnion((rest.next() ?? "").split(separator: ",").map(String.init))
        case "--each": each = true
        default: database = ""
        }
      }
      if !database.hasPrefix("postgres") {
        FileHandle.standardError.write(
          Data(
            ("usage: exhibit-bench postgres-search --db postgres://… [--scales 0.1,1] [--repeats N]"
              + " [--reuse] [--only KINDS] [--each]\n").utf8)
        )
        exit(64)
      }
    }
  }

  static func run(_ arguments: [String]) async throws {
    let options = Options(arguments)
    let clock = ContinuousClock()
    for (index, scale) in options.scales.enumerated() {
      let workspace = SyntheticWorkspace(scale: scale)
      var location = try PostgresLocation(url: options.database)
      if index > 0 { location.database += "_\(index)" }
      if options.reuse {
        print("scale \(scale): \(location.database), as copied")
        let mix = SearchMix.requests(workspace, components: workspace.componentIDs)
        try await PostgresStore.with(location) { postgres in
          _ = try await postgres.migrate()  // a copy made by an older build, brought up to date
          let catalogue = PostgresCatalogue(store: postgres)
          try await SearchMix.time(mix, repeats: options.repeats, only: options.only, each: options.each) {
            try await catalogue.search($0).hits.count
          }
        }
        continue
      }
      let (store, components, scratch) = try build(workspace, keep: false)
      defer { if let scratch { try? FileManager.default.removeItem(at: scratch) } }
      let rows = try store.catalogueRows()
      let mix = SearchMix.requests(workspace, components: components)
      print("  SQLite (FTS5, bm25)")
      try await SearchMix.time(mix, repeats: options.repeats, only: []) { try store.search($0).hits.count }
      try store.close()
      try await PostgresStore.with(location) { postgres in
        _ = try await postgres.migrate()
        let catalogue = PostgresCatalogue(store: postgres)
        let started = clock.now
        // The synthetic rows (products, audits and links among them) were written straight
        // into SQLite, without the audit trail the copy's triggers look for: the copy is made
        // with the tables' own triggers off, but for the one writing each caption cue's platform;
        // every search column is generated, so what is searched is as a catalogue would have it.
        _ = try await postgres.execute(.init(unsafeSQL: Self.settingTriggers("DISABLE")))
        try await catalogue.insertCatalogueRows(rows)
        _ = try await postgres.execute(.init(unsafeSQL: Self.settingTriggers("ENABLE")))
        _ = try await postgres.execute("VACUUM ANALYZE")
        print("  PostgreSQL (tsvector, GIN): copied in \(format(milliseconds(clock.now - started) / 1000)) s")
        try await SearchMix.time(mix, repeats: options.repeats, only: [], each: options.each) {
          try await catalogue.search($0).hits.count
        }
      }
    }
  }

  /// A block that turns every table's own triggers on or off (`ENABLE` or `DISABLE`), but caption
  /// cues': theirs writes each cue's platform (migration 019).
  private static func settingTriggers(_ state: String) -> String {
    """
    DO $$ DECLARE t record; BEGIN
      FOR t IN SELECT tablename FROM pg_tables
               WHERE schemaname = current_schema() AND tablename <> 'caption_cue' LOOP
        EXECUTE format('ALTER TABLE %I \(state) TRIGGER USER', t.tablename);
      END LOOP;
    END $$
    """
  }
}
