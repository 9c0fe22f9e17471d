// HairlineTableSpec: typed reads of a parsed spec. A SpecField is a JSON
// value and its path; its readers return Swift values (numbers in range,
// strings, booleans, choices among names, arrays, objects whose keys are
// all known) or throw `TableSpecError.invalidValue` / `.unknownKey` naming
// the path, what was expected, what was found and where. Nothing here
// knows the table format: SpecBuilder says what each key holds.

import HairlineCells

/// A value of the spec and its path from the root.
struct SpecField {
    let value: JSONValue
    let path: JSONPath

    /// The error for this value: expected `expected`, found what it is.
    func mismatch(_ expected: String) -> TableSpecError {
        .invalidValue(path: path.description, expected: expected, found: value.summary, at: value.location)
    }

    /// Whether the value is `null`.
    var isNull: Bool {
        if case .null = value.kind { return true }
        return false
    }

    /// Whether the value is a string.
    var isString: Bool {
        if case .string = value.kind { return true }
        return false
    }

    /// The object's members, every key in `allowed`.
    /// - Throws: `.invalidValue` if the value is not an object,
    ///   `.unknownKey` (listing `allowed`) for the first other key.
    func object(allowed: [String], expected: String = "an object") throws(TableSpecError) -> SpecObject {
        guard case .object(let members) = value.kind else { throw mismatch(expected) }
        for member in members where !allowed.contains(member.key) {
            throw .unknownKey(
                path: path.appending(member.key).description, key: member.key, allowed: allowed,
                at: member.keyLocation)
        }
        return SpecObject(field: self, members: members)
    }

    /// The array's elements with their paths, at most `maximumCount` of
    /// them (checked before anything is made of them).
    func array(expected: String = "an array", maximumCount: Int = .max) throws(TableSpecError) -> [SpecField] {
        guard case .array(let items) = value.kind else { throw mismatch(expected) }
        guard items.count <= maximumCount else {
            throw mismatch("\(expected) of at most \(maximumCount) elements")
        }
        return items.enumerated().map { SpecField(value: $1, path: path.appending($0)) }
    }

    /// The array's elements, exactly `count` of them.
    func tuple(_ count: Int, expected: String) throws(TableSpecError) -> [SpecField] {
        guard case .array(let items) = value.kind, items.count == count else { throw mismatch(expected) }
        return items.enumerated().map { SpecField(value: $1, path: path.appending($0)) }
    }

    func string(expected: String = "a string") throws(TableSpecError) -> String {
        guard case .string(let s) = value.kind else { throw mismatch(expected) }
        return s
    }

    func bool() throws(TableSpecError) -> Bool {
        guard case .bool(let b) = value.kind else { throw mismatch("true or false") }
        return b
    }

    /// A finite number in `range`.
    func number(in range: ClosedRange<Double>, expected: String) throws(TableSpecError) -> Double {
        guard case .number(let v, _) = value.kind, v.isFinite, range.contains(v) else { throw mismatch(expected) }
        return v
    }

    /// A finite number (any sign).
    func finiteNumber(expected: String = "a finite number") throws(TableSpecError) -> Double {
        try number(in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, expected: expected)
    }

    /// A length in points: finite, at least 0, at most `maximum`.
    func length(maximum: Double = TableSpec.maximumLength) throws(TableSpecError) -> Double {
        guard case .number(let v, _) = value.kind, v >= 0 else { throw mismatch("a non-negative number of points") }
        guard v.isFinite, v <= maximum else { throw mismatch("a number of points up to \(SpecField.format(maximum))") }
        return v
    }

    /// A whole number in `range` (written as an integer or as a number
    /// with a whole value, `3.0`, `3e0`).
    func integer(in range: ClosedRange<Int>, expected: String) throws(TableSpecError) -> Int {
        guard case .number(let v, _) = value.kind, v.isFinite, v == v.rounded(),
            v >= Double(range.lowerBound), v <= Double(range.upperBound)
        else { throw mismatch(expected) }
        return Int(v)
    }

    /// One of `choices`, named by a string.
    func choice<T>(_ choices: KeyValuePairs<String, T>) throws(TableSpecError) -> T {
        let names = choices.map { JSONValue.quoted($0.key) }
        let expected = names.count == 2 ? "\(names[0]) or \(names[1])" : "one of " + names.joined(separator: ", ")
        guard case .string(let s) = value.kind, let found = choices.first(where: { $0.key == s }) else {
            throw mismatch(expected)
        }
        return found.value
    }

    /// A number as messages write it: whole numbers without a fraction.
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// An object of the spec whose keys have been checked.
struct SpecObject {
    /// The object itself.
    let field: SpecField
    let members: [JSONMember]

    /// The value of `key` with its path, if the key is present.
    subscript(key: String) -> SpecField? {
        members.first { $0.key == key }.map { SpecField(value: $0.value, path: field.path.appending(key)) }
    }

    /// The value of `key`.
    /// - Throws: `.missingKey` if absent.
    func required(_ key: String) throws(TableSpecError) -> SpecField {
        guard let value = self[key] else {
            throw .missingKey(path: field.path.description, key: key, at: field.value.location)
        }
        return value
    }

    /// Whether `key` is present.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }
}
