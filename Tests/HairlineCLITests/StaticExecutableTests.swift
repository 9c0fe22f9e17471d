// The built `hairline` is one static executable on Linux (Package.swift
// links it with -static-executable, for a start-up with no dynamic loader
// work): its ELF program headers have no PT_INTERP (no dynamic loader)
// and no PT_DYNAMIC naming shared libraries, and it still runs.

import Foundation
import Testing

@Suite struct StaticExecutableTests {
    /// The program header types of the ELF64 little-endian file `bytes`,
    /// nil if it is not one.
    static func programHeaderTypes(_ bytes: [UInt8]) -> [UInt32]? {
        guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46], bytes[4] == 2, bytes[5] == 1 else {
            return nil
        }
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        let offset = integer(0x20, 8), entrySize = integer(0x36, 2), count = integer(0x38, 2)
        guard entrySize >= 4, offset > 0, offset + count * entrySize <= bytes.count else { return nil }
        return (0..<count).map { UInt32(integer(offset + $0 * entrySize, 4)) }
    }

    @Test func headerTypesOfAHandMadeELF() {
        var bytes = [UInt8](repeating: 0, count: 64 + 2 * 56)
        bytes.replaceSubrange(0..<6, with: [0x7F, 0x45, 0x4C, 0x46, 2, 1])
        bytes[0x20] = 64
        bytes[0x36] = 56
        bytes[0x38] = 2
        bytes[64] = 3  // PT_INTERP
        bytes[64 + 56] = 1  // PT_LOAD
        #expect(Self.programHeaderTypes(bytes) == [3, 1])
        #expect(Self.programHeaderTypes(Array(bytes.prefix(100))) == nil, "headers past the end")
        #expect(Self.programHeaderTypes([UInt8](repeating: 0, count: 200)) == nil, "not ELF")
    }

    #if os(Linux)
        @Test func hairlineNeedsNoDynamicLoader() throws {
            let bytes = [UInt8](try Data(contentsOf: RenderCommandTests.executable))
            let types = try #require(Self.programHeaderTypes(bytes))
            #expect(types.contains(1), "PT_LOAD segments")
            #expect(!types.contains(3), "no PT_INTERP: nothing for ld.so to do")
            #expect(!types.contains(2), "no PT_DYNAMIC: no shared library")
            let run = try RenderCommandTests().runWithOutput(["--version"])
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("hairline "))
        }
    #endif
}
