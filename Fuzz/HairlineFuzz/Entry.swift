// Fuzzing: the entry points. Built with `-sanitize=fuzzer` (see
// Fuzz/run.sh), libFuzzer calls LLVMFuzzerTestOneInput with each input and
// HAIRLINE_FUZZ names the driver. Built normally, `HairlineFuzz DRIVER
// FILE...` replays saved inputs (a crash's reproducer) through a driver.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The driver the environment asks for, looked up once.
let selectedDriver: @Sendable ([UInt8]) -> Void = {
    let name = getenv("HAIRLINE_FUZZ").map { String(cString: $0) } ?? ""
    guard let driver = FuzzDrivers.all.first(where: { $0.name == name }) else {
        let names = FuzzDrivers.all.map(\.name).joined(separator: ", ")
        print("HAIRLINE_FUZZ must name a driver: \(names)")
        exit(2)
    }
    return driver.run
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedDriver(bytes)
    return 0
}

#if FUZZING
    /// libFuzzer's driver, called from the entry point SwiftPM links an
    /// executable target with (its `main` is renamed to `HairlineFuzz_main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @_cdecl("HairlineFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    @main
    struct Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let driver = FuzzDrivers.all.first(where: { $0.name == name }) else {
                let names = FuzzDrivers.all.map(\.name).joined(separator: "|")
                print("usage: HairlineFuzz \(names) FILE...")
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let file = fopen(path, "rb") else {
                    print("cannot open \(path)")
                    exit(1)
                }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = fread(&buffer, 1, buffer.count, file)
                    if n <= 0 { break }
                    bytes += buffer[0..<n]
                }
                fclose(file)
                driver.run(bytes)
                print("\(path): ok")
            }
        }
    }
#endif
