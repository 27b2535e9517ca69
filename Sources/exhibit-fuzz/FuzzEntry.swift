import ExhibitFuzzing
import Foundation

// Built two ways.
//
// With `-sanitize=fuzzer -D EXHIBIT_LIBFUZZER` (Scripts/fuzz.sh) it is a libFuzzer target. SwiftPM
// names an executable's entry point itself (`exhibit_fuzz_main`), so that entry point hands the
// command line to libFuzzer's driver, which calls `LLVMFuzzerInitialize` once and the test
// function per input. The target is chosen by the EXHIBIT_FUZZ_TARGET environment variable. A
// broken promise aborts, so libFuzzer keeps the input.
//
// In a normal build it replays inputs: `exhibit-fuzz TARGET FILE...` prints each file's outcome
// and exits 1 when any broke a promise; `exhibit-fuzz --list` names the targets.

#if EXHIBIT_LIBFUZZER
  import CLibFuzzer

  /// The target this process fuzzes, read once at start.
  nonisolated(unsafe) private var selectedTarget: FuzzTarget?

  @_cdecl("LLVMFuzzerInitialize")
  public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
  ) -> CInt {
    let name = ProcessInfo.processInfo.environment["EXHIBIT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
      FileHandle.standardError.write(Data("exhibit-fuzz: set EXHIBIT_FUZZ_TARGET to one of: \(known)\n".utf8))
      exit(2)
    }
    selectedTarget = target
    return 0
  }

  @_cdecl("exhibit_fuzz_main")
  public func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzerTestOneInput)
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = selectedTarget else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if case .broken(let reason) = target.run(bytes) {
      FileHandle.standardError.write(Data("exhibit-fuzz \(target.rawValue): broken: \(reason)\n".utf8))
      abort()
    }
    return 0
  }

#else

  @main
  enum FuzzReplay {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      if arguments.first == "--list" {
        for target in FuzzTarget.allCases { print("\(target.rawValue)\t\(target.summary)") }
        return
      }
      guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
        let known = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(
          Data("usage: exhibit-fuzz \(known) FILE...\n       exhibit-fuzz --list\n".utf8))
        exit(2)
      }
      var broken = 0
      for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
          broken += 1
          continue
        }
        switch target.run(Array(data)) {
        case .accepted(let text): print("\(path): accepted: \(text)")
        case .refused(let text): print("\(path): refused: \(text)")
        case .broken(let text):
          print("\(path): BROKEN: \(text)")
          broken += 1
        }
      }
      exit(broken == 0 ? 0 : 1)
    }
  }

#endif
