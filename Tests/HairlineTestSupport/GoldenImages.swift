// Test support: snapshot tests against golden PNGs committed in the repo,
// at Tests/Goldens/<suite>/<name>.png (found from this file's #filePath,
// not from bundle resources). A render must match its golden byte for byte
// by default (rendering is deterministic). With HAIRLINE_RECORD_GOLDENS=1
// in the environment the goldens are written instead. A mismatch writes
// actual, expected and diff PNGs under .build/golden-failures/<suite>/.

import Foundation
public import Hairline
import HairlinePNG
public import Testing

/// Where goldens live, whether they are being recorded, and where failed
/// comparisons leave their pictures.
public enum GoldenImages {
    /// Set to `1` to write the goldens instead of comparing with them:
    /// `HAIRLINE_RECORD_GOLDENS=1 swift test --filter Golden`.
    public static let recordVariable = "HAIRLINE_RECORD_GOLDENS"

    /// Whether goldens are being recorded (the environment variable is set
    /// to anything but empty or `0`).
    public static var isRecording: Bool {
        let value = ProcessInfo.processInfo.environment[recordVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The package's root directory: the folder above `Tests/` that holds
    /// `Package.swift`, found from this source file's path.
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        // Not in a checkout (should not happen): fall back to the layout.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }()

    /// `Tests/Goldens/<suite>/<name>.png`.
    public static func goldenURL(suite: String, name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Goldens/\(suite)/\(name).png")
    }

    /// `.build/golden-failures/<suite>/`.
    public static func failureDirectory(suite: String) -> URL {
        repositoryRoot.appendingPathComponent(".build/golden-failures/\(suite)", isDirectory: true)
    }

    /// Whether `name` is safe as a file name: letters, digits and `-_.@`,
    /// not empty, not starting with a dot.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.@".unicodeScalars.contains($0))
            }
    }

    /// The expected side of a failed comparison.
    enum Expected {
        case surface(Surface)
        case file(URL)
        case missing
    }

    /// Writes `<name>.actual.png`, `<name>.expected.png` (unless missing)
    /// and `<name>.diff.png` into the suite's failure directory and returns
    /// a line naming them (or why they could not be written).
    static func writeFailure(
        actual: Surface, expected: Expected, diff: StraightImage?, suite: String, name: String
    ) -> String {
        let directory = failureDirectory(suite: suite)
        let actualURL = directory.appendingPathComponent("\(name).actual.png")
        let expectedURL = directory.appendingPathComponent("\(name).expected.png")
        let diffURL = directory.appendingPathComponent("\(name).diff.png")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for url in [actualURL, expectedURL, diffURL] { try? FileManager.default.removeItem(at: url) }
            try PNGEncoder.write(actual, toFile: actualURL.path)
            var written = ["actual: \(actualURL.path)"]
            switch expected {
            case .surface(let surface):
                try PNGEncoder.write(surface, toFile: expectedURL.path)
                written.append("expected: \(expectedURL.path)")
            case .file(let url):
                try FileManager.default.copyItem(at: url, to: expectedURL)
                written.append("expected: \(expectedURL.path)")
            case .missing:
                break
            }
            if let diff {
                try PNGEncoder.write(diff.surface(), toFile: diffURL.path)
                written.append("diff: \(diffURL.path)")
            }
            return written.joined(separator: "\n")
        } catch {
            return "could not write the failure images into \(directory.path): \(error)"
        }
    }
}

/// Compares `surface` with its golden, `Tests/Goldens/<suite>/<name>.png`,
/// within `tolerance` (byte for byte by default), as straight RGBA8 (the
/// PNG's pixels against the surface un-premultiplied as the encoder does).
///
/// - With `HAIRLINE_RECORD_GOLDENS=1`: writes the golden (when it is
///   missing or its pixels differ) and passes, printing a note.
/// - A missing golden is a failure whose message says how to record it.
/// - A mismatch records an issue at the caller saying what differs and
///   naming the actual, expected and diff PNGs written under
///   `.build/golden-failures/<suite>/`.
public func assertSnapshot(
    of surface: Surface, named name: String, suite: String,
    tolerance: ImageTolerance = .exact, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard GoldenImages.isValidName(name), GoldenImages.isValidName(suite) else {
        Issue.record(
            "golden names take letters, digits and -_.@ only: \"\(suite)/\(name)\"", sourceLocation: sourceLocation)
        return
    }
    let golden = GoldenImages.goldenURL(suite: suite, name: name)
    let actual = StraightImage(surface)
    let expected = try? StraightImage(contentsOfPNGFile: golden.path)
    if GoldenImages.isRecording {
        if expected == actual {
            print("golden \(suite)/\(name): unchanged")
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PNGEncoder.write(surface, toFile: golden.path)
            print("golden \(suite)/\(name): recorded \(golden.path)")
        } catch {
            Issue.record("could not record \(golden.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected else {
        let files = GoldenImages.writeFailure(actual: surface, expected: .missing, diff: nil, suite: suite, name: name)
        Issue.record(
            """
            missing golden \(golden.path)
            (record it with \(GoldenImages.recordVariable)=1 swift test --filter <the test>, look at it, commit it)
            \(files)
            """, sourceLocation: sourceLocation)
        return
    }
    let difference = ImageDifference(actual: actual, expected: expected, tolerance: tolerance)
    guard !difference.isWithinTolerance else { return }
    let files = GoldenImages.writeFailure(
        actual: surface, expected: .file(golden),
        diff: .diff(actual: actual, expected: expected), suite: suite, name: name)
    Issue.record(
        """
        \(suite)/\(name) differs from its golden: \(difference)
        \(files)
        (if the change is intended: \(GoldenImages.recordVariable)=1 swift test --filter <the test>, then look at the goldens)
        """, sourceLocation: sourceLocation)
}
