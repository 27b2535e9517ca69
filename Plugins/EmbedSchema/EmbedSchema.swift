import Foundation
import PackagePlugin

/// Compiles `Database/schema.sql` into ExhibitKit as `Schema.snapshot`, so the schema a new
/// database is made from has one committed copy: the readable dump `make schema` writes.
@main
struct EmbedSchema: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let schema = context.package.directoryURL.appending(path: "Database/schema.sql")
    let output = context.pluginWorkDirectoryURL.appending(path: "Schema+Snapshot.swift")
    return [
      .buildCommand(
        displayName: "Embedding Database/schema.sql", executable: try context.tool(named: "embed-schema").url,
        arguments: [schema.path, output.path], inputFiles: [schema], outputFiles: [output])
    ]
  }
}
