// The engine's folders follow the flow of a draw (the DocC article
// "The drawing pipeline"): each folder may use the types of the folders
// before it, never of one after it. Checked on the sources themselves:
// every type declared in a folder, looked up (as a whole word, comments
// left out) in the files of every earlier folder.

import Foundation
import Testing

@Suite struct ArchitectureTests {
    /// Sources/Hairline's folders in the order of the flow.
    static let flow = [
        "Support", "Geometry", "Path", "Flatten", "Stroke", "Surface", "Raster", "Paint",
        "Composite", "Pipeline", "Canvas",
    ]

    static var engineSources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/Hairline")
    }

    /// Each Swift file of the engine: its folder and its code without comments.
    static func files() throws -> [(folder: String, name: String, code: String)] {
        let root = engineSources
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var result: [(String, String, String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = url.path.dropFirst(root.path.count + 1)
            let folder = String(relative.split(separator: "/").first ?? "")
            let text = try String(contentsOf: url, encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                guard let comment = line.range(of: "//") else { return line }
                return line[..<comment.lowerBound]
            }.joined(separator: "\n")
            result.append((folder, url.lastPathComponent, code))
        }
        return result
    }

    @Test func everyFolderIsInTheFlow() throws {
        let folders = Set(try Self.files().map(\.folder))
        #expect(
            folders.subtracting(Self.flow).isEmpty, "folders missing from the flow: \(folders.subtracting(Self.flow))")
        #expect(folders.count >= 10, "the engine's sources were not found at \(Self.engineSources.path)")
    }

    @Test func noFolderUsesATypeFromALaterOne() throws {
        let files = try Self.files()
        let declaration = /(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)/
        var owner: [String: Int] = [:]
        for file in files {
            guard let index = Self.flow.firstIndex(of: file.folder) else { continue }
            for match in file.code.matches(of: declaration) where owner[String(match.1)] == nil {
                owner[String(match.1)] = index
            }
        }
        #expect(owner.count > 100, "type declarations found: \(owner.count)")
        var violations: [String] = []
        for file in files {
            guard let index = Self.flow.firstIndex(of: file.folder) else { continue }
            let words = Set(
                file.code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
            for word in words {
                if let later = owner[word], later > index {
                    violations.append("\(file.folder)/\(file.name) uses \(word) (\(Self.flow[later]))")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.sorted().joined(separator: "\n"))")
    }
}
