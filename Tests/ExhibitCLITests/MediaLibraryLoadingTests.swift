import Foundation
import Testing

/// libavformat is opened only when a command probes media: the binary does not link it, the
/// commands that read none work without it, and one that needs it names what is missing.
@Suite struct MediaLibraryLoadingTests {
  @Test func theBinaryDoesNotLinkLibavformat() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [CLIWorkspace.binary.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // A dynamic binary (the release build links SQLite in, the debug build links it shared).
    #expect(text.contains("libc.so"), "ldd printed: \(text)")
    #expect(!text.contains("libavformat") && !text.contains("libavcodec"), "ldd printed: \(text)")
  }

  @Test func withoutLibavformatOnlyCataloguingFailsAndSaysWhy() throws {
    let workspace = try CLIWorkspace.withMedia()
    try FileManager.default.copyItem(
      at: CLIWorkspace.repository.appendingPathComponent("Criteria"),
      to: workspace.root.appendingPathComponent("Criteria"))
    workspace.environment["EXHIBIT_LIBAVFORMAT"] = workspace.path("missing/libavformat.so.59")
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", "Criteria").status == 0)
    #expect(try workspace.run("search", "checkbox").status == 0)
    #expect(try workspace.run("coverage", "native/checkbox").status == 0)
    let catalog = try workspace.run("catalog", "Media")
    #expect(catalog.status == 1)
    #expect(
      catalog.stderr.contains("cannot load \(workspace.path("missing/libavformat.so.59"))"),
      "\(catalog.stderr)")
    #expect(catalog.stderr.contains("apt-get install libavformat59"))
    #expect(!catalog.stderr.contains("Fatal error") && !catalog.stderr.contains("Stack dump"))
    // The files hashed while the library was being opened were not stored.
    let listed = try workspace.run("recordings", "list", "--json").stdout
    #expect(listed.filter { !$0.isWhitespace } == "[]", "\(listed)")
  }

  /// Into a database that does not exist yet, the libraries start opening before the schema is
  /// made: a missing one is still one error naming it, and nothing is stored.
  @Test func aCatalogueThatMakesItsDatabaseNamesAMissingLibraryToo() throws {
    let workspace = try CLIWorkspace.withMedia()
    workspace.environment["EXHIBIT_LIBAVFORMAT"] = workspace.path("missing/libavformat.so.59")
    let catalog = try workspace.run("catalog", "Media")
    #expect(catalog.status == 1)
    #expect(
      catalog.stderr.contains("cannot load \(workspace.path("missing/libavformat.so.59"))"),
      "\(catalog.stderr)")
    #expect(!catalog.stderr.contains("Fatal error") && !catalog.stderr.contains("Stack dump"))
    let listed = try workspace.run("recordings", "list", "--json").stdout
    #expect(listed.filter { !$0.isWhitespace } == "[]", "\(listed)")
    workspace.environment.removeValue(forKey: "EXHIBIT_LIBAVFORMAT")
    #expect(try workspace.run("catalog", "Media").status == 0)
  }

  @Test func aBrokenLibraryIsNamedNotLoaded() throws {
    let workspace = try CLIWorkspace.withMedia()
    #expect(try workspace.run("init").status == 0)
    // Not a shared object at all.
    workspace.environment["EXHIBIT_LIBAVFORMAT"] = try workspace.write(
      "libavformat.so.59", Data("not ELF\n".utf8))
    var catalog = try workspace.run("catalog", "Media")
    #expect(
      catalog.status == 1 && catalog.stderr.contains("cannot load \(workspace.path("libavformat.so.59"))"))
    // A real library that is not libavformat: the first function looked up is missing.
    workspace.environment["EXHIBIT_LIBAVFORMAT"] = "libsqlite3.so.0"
    catalog = try workspace.run("catalog", "Media")
    #expect(catalog.status == 1)
    #expect(
      catalog.stderr.contains("cannot load libsqlite3.so.0") && catalog.stderr.contains("has no function"))
    // With the real one, the same workspace catalogues.
    workspace.environment.removeValue(forKey: "EXHIBIT_LIBAVFORMAT")
    #expect(try workspace.run("catalog", "Media").status == 0)
  }

  @Test func withoutLibswscaleOnlyFramesFailAndSayWhy() throws {
    let workspace = try CLIWorkspace.catalogued()
    workspace.environment["EXHIBIT_LIBSWSCALE"] = workspace.path("missing/libswscale.so.6")
    #expect(try workspace.run("recordings", "list").status == 0)
    let out = workspace.path("frame.png")
    let frame = try workspace.run("frame", CLIWorkspace.voiceOver, "--at", "1", "--out", out)
    #expect(frame.status == 1)
    #expect(
      frame.stderr.contains("cannot load \(workspace.path("missing/libswscale.so.6"))"), "\(frame.stderr)")
    #expect(!frame.stderr.contains("Fatal error") && !FileManager.default.fileExists(atPath: out))
  }
}
