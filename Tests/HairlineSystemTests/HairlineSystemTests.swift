// HairlineSystem against Foundation, its independent reference (tests may
// import it): paths against URL(fileURLWithPath:), printf formatting
// against String(format:), folder listings against FileManager; the lock
// and the background thread by their effects.

import Foundation
import Testing

@testable import HairlineSystem

@Suite struct FilePathsTests {
    /// Paths of every shape the CLI meets: relative, absolute, `.`, `..`,
    /// `~`, hidden names, several dots, trailing slashes, non-ASCII. (Not
    /// an absolute path ending in `..`, where URL appends a `..` of its own.)
    static let paths = [
        "out.png", "a/b.png", "../specs/table.json", "/", "", ".", "..", "dir/", "a.tar.gz", ".hidden",
        "file.", "a/.b", "/x/y.svg", "./z.png", "a/../b.png", "sub/out@2x.png", "a b.png", "é.png",
        "dir/.png", "a..b", "/abs/dir/", "~/x.png", "a/./b/../c.png", "noext", "a.b/c", "../../x", "x//y.png",
        "/a/./b", "x.PNG", "日本/表.json", "a/b/", "~", "/tmp/./x.y.z",
    ]

    @Test(arguments: paths)
    func pathPartsMatchFoundationURL(_ path: String) {
        let url = URL(fileURLWithPath: path)
        #expect(FilePaths.pathExtension(path) == url.pathExtension, "extension of [\(path)]")
        #expect(FilePaths.deletingExtension(path) == url.deletingPathExtension().path, "stem of [\(path)]")
        #expect(
            FilePaths.lastComponent(FilePaths.deletingExtension(path))
                == url.deletingPathExtension().lastPathComponent, "name of [\(path)]")
        #expect(FilePaths.folder(of: path) == url.deletingLastPathComponent().path, "folder of [\(path)]")
        #expect(
            FilePaths.appending("i/j.png", to: FilePaths.folder(of: path))
                == url.deletingLastPathComponent().appendingPathComponent("i/j.png").path, "[\(path)] + i/j.png")
    }

    @Test func kindsAndEntriesMatchTheFileSystem() throws {
        let folder = NSTemporaryDirectory() + "hairline-system-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.ttf", "b.txt", ".hidden", "ü.otf"] {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1, 2, 3]))
        }
        #expect(FilePaths.kind(of: folder) == .folder)
        #expect(FilePaths.kind(of: folder + "/a.ttf") == .regularFile)
        #expect(FilePaths.kind(of: "/dev/null") == .other)
        #expect(FilePaths.kind(of: folder + "/missing") == nil)
        #expect(FilePaths.exists(folder + "/sub"))
        #expect(!FilePaths.exists(folder + "/a.ttf/x"))
        let listed = try #require(FilePaths.entries(of: folder)).sorted()
        let expected = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(listed == expected)
        #expect(listed == [".hidden", "a.ttf", "b.txt", "sub", "ü.otf"])
        #expect(FilePaths.entries(of: folder, limit: 2)?.count == 2)
        #expect(FilePaths.entries(of: folder + "/a.ttf") == nil, "a file is not a folder")
        #expect(FilePaths.entries(of: folder + "/missing") == nil)
    }
}

@Suite struct CFormatTests {
    @Test func numbersMatchStringFormat() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.0005, 0.0015, 1, 9.95, 99.95, 123_456.789, -3.25, 1e300, .infinity, .nan]
        for _ in 0..<500 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for _ in 0..<500 { values.append(Double.random(in: 0...100, using: &generator)) }
        for value in values {
            #expect(CFormat.string("%.3f", value) == String(format: "%.3f", value))
            #expect(CFormat.string("%5.1f%%", value) == String(format: "%5.1f%%", value))
            #expect(CFormat.string("%.1f s)", value) == String(format: "%.1f s)", value))
            #expect(CFormat.fixed(value, digits: 3) == String(format: "%.3f", value))
            #expect(CFormat.fixed(value, digits: 1, width: 5) == String(format: "%5.1f", value))
        }
        for scalar: UInt32 in [0, 0x1F, 0x7F, 0xFFFF, 0x1_F600] {
            #expect(CFormat.string("\\u%04X", scalar) == String(format: "\\u%04X", scalar))
        }
        #expect(CFormat.string("%.3f", 2.0) == "2.000")
        #expect(CFormat.string("%5.1f%%", 7.25) == "  7.2%")
    }
}

@Suite struct ProcessTests {
    @Test func environmentAndFolders() {
        #expect(ProcessEnvironment.value("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(ProcessEnvironment.value("HAIRLINE_SURELY_UNSET_VARIABLE_42") == nil)
        #expect(ProcessEnvironment.currentDirectory == FileManager.default.currentDirectoryPath)
        #expect(ProcessEnvironment.homeDirectory == NSHomeDirectory())
        #expect(ProcessEnvironment.processorCount >= 1)
        #expect(!ProcessEnvironment.isTerminal(-1))
    }

    @Test func clocksAdvance() {
        let start = Clocks.monotonicNanoseconds()
        let cpu = Clocks.processCPUSeconds()
        Clocks.sleep(seconds: 0.01)
        var sum = 0.0
        for i in 0..<200_000 { sum += Double(i).squareRoot() }
        #expect(sum > 0)
        #expect(Clocks.monotonicNanoseconds() - start >= 10_000_000, "slept 10 ms at least")
        #expect(Clocks.processCPUSeconds() >= cpu)
        #expect(Clocks.monotonicSeconds() > 0)
    }

    @Test func backgroundThreadsRunUnderTheLock() {
        let lock = SystemLock()
        final class Box: @unchecked Sendable { var count = 0 }
        let box = Box()
        let threads = 4, increments = 2_000
        for _ in 0..<threads {
            #expect(
                BackgroundThread.start(stackSize: 1 << 16) {
                    for _ in 0..<increments { lock.withLock { box.count += 1 } }
                })
        }
        var waited = 0
        while lock.withLock({ box.count }) < threads * increments && waited < 10_000 {
            Clocks.sleep(seconds: 0.001)
            waited += 1
        }
        #expect(lock.withLock { box.count } == threads * increments)
    }
}

@Suite struct TextTrimmingTests {
    @Test func trimmingBlanksMatchesFoundationWhitespaces() {
        let samples = [
            "", " ", "\t", " 2 ", "\t3\t", "\u{00A0}4\u{3000}", "\n5\n", " a b ", "\u{2003}x\u{2009}", "é ",
            " \u{0301}", "\u{200B}z\u{200B}", "\r\n1",
        ]
        for sample in samples {
            #expect(sample.trimmingBlanks() == sample.trimmingCharacters(in: .whitespaces), "[\(sample)]")
            #expect(sample[...].trimmingBlanks() == sample.trimmingCharacters(in: .whitespaces))
        }
        // Every blank scalar of the BMP and one non-blank between them.
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        }
    }
}
