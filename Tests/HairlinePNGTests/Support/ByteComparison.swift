// Test support: compares byte arrays and describes only the first
// difference, so that a failing round trip of a megabyte prints one line
// instead of the whole array.

/// `nil` when `actual == expected`, otherwise where and how they differ.
func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
    if let index = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] }) {
        return "byte \(index): \(actual[index]), expected \(expected[index]) (sizes \(actual.count), \(expected.count))"
    }
    return actual.count == expected.count ? nil : "sizes differ: \(actual.count), expected \(expected.count)"
}
