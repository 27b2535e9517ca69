import ArgumentParser
import ExhibitKit

/// `exhibit product add | list`
struct ProductCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "product",
    abstract: "The apps and sites that are audited, release after release.",
    subcommands: [ProductAdd.self, ProductList.self])
}

/// `exhibit product add NAME [--platform ios,android,web] [--url URL]`
struct ProductAdd: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a product.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "Its name, e.g. 'Acme Mobile'.")
  var name: String
  @Option(help: "Where it ships: ios, android, web (commas; default: all three).")
  var platform: [String] = []
  @Option(help: "Its address or bundle id.")
  var url: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    let platforms = try ProductPlatform.list(platform.joined(separator: ",")).get()
    let product = try await catalogue.addProduct(
      name: name, platforms: platforms, url: url, actor: CommandActor.current())
    if output.json { return try Console.json(product) }
    Console.out("product \(product.id): \(product.name) (\(AuditText.platforms(product.platforms)))")
  }
}

/// `exhibit product list`
struct ProductList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List products and their audits.")
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  func run(on catalogue: any CatalogueStorage) async throws {
    let products = try await catalogue.products()
    if output.json { return try Console.json(products) }
    Console.out(
      Table.render(
        header: ["PRODUCT", "PLATFORMS", "URL", "AUDITS"],
        rows: products.map {
          [
            $0.name, AuditText.platforms($0.platforms), $0.url ?? "-",
            $0.audits.map { "\($0.id) \($0.release) (\($0.state.rawValue))" }.joined(separator: ", "),
          ]
        }))
  }
}
