import Foundation
import PackagePlugin

/// Compiles the database's SQL into ExhibitKit: `Database/schema.sql` as `Schema.snapshot`, the
/// schema a new database is made from (the readable dump `make schema` writes, with the file it
/// makes, `Database/schema-image.txt`), and each
/// `Database/migrations/NNN-name.sql` as the script of migration NNN, so SQL is kept as SQL files
/// with one committed copy each.
@main
struct EmbedSchema: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let database = context.package.directoryURL.appending(path: "Database")
    let schema = database.appending(path: "schema.sql")
    let image = database.appending(path: "schema-image.txt")
    let migrationsFolder = database.appending(path: "migrations")
    let migrations = try FileManager.default.contentsOfDirectory(atPath: migrationsFolder.path)
      .filter { $0.hasSuffix(".sql") }.sorted().map { migrationsFolder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "Schema+Snapshot.swift")
    return [
      .buildCommand(
        displayName: "Embedding Database/schema.sql and Database/migrations",
        executable: try context.tool(named: "embed-schema").url,
        arguments: [schema.path, output.path, "--image", image.path] + migrations.map(\.path),
        inputFiles: [schema, image] + migrations, outputFiles: [output])
    ]
  }
}
