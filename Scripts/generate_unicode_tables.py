#!/usr/bin/env python3
"""Generates Sources/HairlineText/Unicode/UnicodeTables+Bidi.swift (bidi
classes, paired brackets, mirrors) and UnicodeTables+LineBreak.swift (line
break classes) from the Unicode Character Database (UCD) text files.

Usage: python3 Scripts/generate_unicode_tables.py UCD_DIR [OUT_DIR]
UCD_DIR holds extracted/DerivedBidiClass.txt, BidiBrackets.txt,
BidiMirroring.txt, LineBreak.txt, EastAsianWidth.txt, UnicodeData.txt and
emoji/emoji-data.txt (Debian's unicode-data package installs them in
/usr/share/unicode). The data is Unicode's, under the Unicode License
(Tests/HairlineTextTests/Fixtures/Unicode/LICENSE-Unicode.txt).

Tables are sorted range starts packed as UInt32 (start << 8 | value): a
value holds from its start to the next start; lookups binary-search.
"""
import os, re, sys

BIDI_CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
                "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
BIDI_LONG = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO", "Right_To_Left_Embedding": "RLE",
    "Right_To_Left_Override": "RLO", "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
    "Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}
# Line break classes after UAX #14 rule LB1 (AI, SG, XX -> AL; SA -> CM
# for Mn/Mc, else AL; CJ -> NS), with three classes split for rules that
# look at other properties: OP and CP of East Asian width F/W/H (LB30) and
# unassigned Extended_Pictographic code points of class ID (LB30b).
LB_CLASSES = ["BK", "CR", "LF", "CM", "NL", "WJ", "ZW", "GL", "SP", "ZWJ", "B2", "BA", "BB", "HY",
              "CB", "CL", "CP", "EX", "IN", "NS", "OP", "QU", "IS", "NU", "PO", "PR", "SY", "AL",
              "EB", "EM", "H2", "H3", "HL", "ID", "JL", "JV", "JT", "RI",
              "OPEastAsian", "CPEastAsian", "IDUnassignedPictographic"]


def parse_ranges(path):
    """Yields (first, last, fields) of a UCD semicolon file, @missing lines first."""
    missing, data = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#\s*@missing:\s*([0-9A-F]+)\.\.([0-9A-F]+)\s*;\s*(.*)$", line)
            if m:
                missing.append((int(m.group(1), 16), int(m.group(2), 16), [m.group(3).strip()]))
                continue
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            cps = fields[0].split("..")
            first = int(cps[0], 16)
            last = int(cps[1], 16) if len(cps) > 1 else first
            data.append((first, last, fields[1:]))
    return missing + data


def general_categories(path):
    gc = ["Cn"] * 0x110000
    with open(path, encoding="utf-8") as f:
        rows = [line.split(";") for line in f if line.strip()]
    i = 0
    while i < len(rows):
        cp, name, cat = int(rows[i][0], 16), rows[i][1], rows[i][2]
        if name.endswith(", First>"):
            end = int(rows[i + 1][0], 16)
            for c in range(cp, end + 1):
                gc[c] = cat
            i += 2
            continue
        gc[cp] = cat
        i += 1
    return gc


def ranges_of(values):
    out, previous = [], None
    for cp, v in enumerate(values):
        if v != previous:
            out.append((cp, v))
            previous = v
    return out


def swift_array(name, items, per_line=8, type_name="UInt32", doc=""):
    lines = [f"    /// {doc}" if doc else None, f"    static let {name}: [{type_name}] = ["]
    lines = [l for l in lines if l]
    for i in range(0, len(items), per_line):
        lines.append("        " + ", ".join(items[i:i + per_line]) + ",")
    lines.append("    ]")
    return "\n".join(lines)


def version_of(path):
    with open(path, encoding="utf-8") as f:
        m = re.search(r"-(\d+\.\d+\.\d+)\.txt", f.readline())
    return m.group(1) if m else "unknown"


def main():
    ucd = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(__file__), "..", "Sources", "HairlineText", "Unicode")
    p = lambda *names: os.path.join(ucd, *names)
    version = version_of(p("LineBreak.txt"))
    gc = general_categories(p("UnicodeData.txt"))

    bidi = [0] * 0x110000
    for first, last, fields in parse_ranges(p("extracted", "DerivedBidiClass.txt")):
        name = fields[0]
        cls = BIDI_CLASSES.index(BIDI_LONG.get(name, name))
        for c in range(first, last + 1):
            bidi[c] = cls

    east_asian = ["N"] * 0x110000
    for first, last, fields in parse_ranges(p("EastAsianWidth.txt")):
        for c in range(first, last + 1):
            east_asian[c] = fields[0]

    pictographic = [False] * 0x110000
    for first, last, fields in parse_ranges(p("emoji", "emoji-data.txt")):
        if fields[0] == "Extended_Pictographic":
            for c in range(first, last + 1):
                pictographic[c] = True

    raw = ["XX"] * 0x110000
    for first, last, fields in parse_ranges(p("LineBreak.txt")):
        for c in range(first, last + 1):
            raw[c] = fields[0]
    lb = [0] * 0x110000
    for c in range(0x110000):
        v = raw[c]
        if v in ("AI", "SG", "XX"):
            v = "AL"
        elif v == "SA":
            v = "CM" if gc[c] in ("Mn", "Mc") else "AL"
        elif v == "CJ":
            v = "NS"
        if v in ("OP", "CP") and east_asian[c] in ("F", "W", "H"):
            v += "EastAsian"
        if v == "ID" and pictographic[c] and gc[c] == "Cn":
            v = "IDUnassignedPictographic"
        lb[c] = LB_CLASSES.index(v)

    brackets = []
    for first, _, fields in parse_ranges(p("BidiBrackets.txt")):
        if fields[0].startswith("<"):
            continue
        pair = int(fields[0], 16)
        kind = 1 if fields[1] == "o" else 2
        brackets.append((first, pair, kind))
    mirrors = [(first, int(fields[0], 16)) for first, _, fields in parse_ranges(p("BidiMirroring.txt"))
               if not fields[0].startswith("<")]

    def packed(ranges):
        return [f"0x{(start << 8) | v:08X}" for start, v in ranges]

    header = f"""// GENERATED by Scripts/generate_unicode_tables.py from the Unicode
// Character Database {version} ({{sources}}). Do not edit.
// Unicode data: Copyright (c) Unicode, Inc., under the Unicode License
// (https://www.unicode.org/license.txt; a copy is in
// Tests/HairlineTextTests/Fixtures/Unicode/LICENSE-Unicode.txt). The data here
// is modified: reduced to range tables{{modified}}.
// swift-format-ignore-file
"""

    # UnicodeTables+Bidi.swift: UAX #9's classes, brackets and mirrors.
    text = [header.format(sources="DerivedBidiClass, BidiBrackets, BidiMirroring", modified="")]
    text.append(f"""/// The Unicode version of the generated tables.
let unicodeTablesVersion = "{version}"

/// A scalar's Bidi_Class (UAX #9, Table 4).
public enum BidiClass: UInt8, Sendable, CaseIterable {{""")
    names = {"L": "leftToRight", "R": "rightToLeft", "AL": "arabicLetter", "EN": "europeanNumber",
             "ES": "europeanSeparator", "ET": "europeanTerminator", "AN": "arabicNumber",
             "CS": "commonSeparator", "NSM": "nonspacingMark", "BN": "boundaryNeutral",
             "B": "paragraphSeparator", "S": "segmentSeparator", "WS": "whitespace", "ON": "otherNeutral",
             "LRE": "leftToRightEmbedding", "LRO": "leftToRightOverride", "RLE": "rightToLeftEmbedding",
             "RLO": "rightToLeftOverride", "PDF": "popDirectionalFormat", "LRI": "leftToRightIsolate",
             "RLI": "rightToLeftIsolate", "FSI": "firstStrongIsolate", "PDI": "popDirectionalIsolate"}
    for i, c in enumerate(BIDI_CLASSES):
        text.append(f"    /// {c}\n    case {names[c]} = {i}")
    text.append("}\n")
    text.append("enum UnicodeTables {")
    text.append(swift_array("bidiClassRanges", packed(ranges_of(bidi)),
                            doc="Bidi_Class: start << 8 | BidiClass raw value, sorted by start."))
    text.append(swift_array("bracketPairs", [f"0x{a:06X}, 0x{b:06X}, {k}" for a, b, k in sorted(brackets)], per_line=4,
                            doc="Bidi_Paired_Bracket: (scalar, pair, 1 open / 2 close) triples, sorted by scalar."))
    text.append(swift_array("mirrors", [f"0x{a:06X}, 0x{b:06X}" for a, b in sorted(mirrors)], per_line=6,
                            doc="Bidi_Mirroring_Glyph: (scalar, mirror) pairs, sorted by scalar."))
    text.append("}")
    with open(os.path.join(out_dir, "UnicodeTables+Bidi.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(text) + "\n")

    # UnicodeTables+LineBreak.swift: UAX #14's classes after LB1.
    text = [header.format(sources="LineBreak, EastAsianWidth, UnicodeData, emoji-data",
                          modified=", line break classes resolved by LB1")]
    text.append("""/// A scalar's Line_Break class (UAX #14) after rule LB1 (AI, SG, XX are
/// AL; SA is CM for combining marks, else AL; CJ is NS), with OP and CP of
/// East Asian width F, W or H split off (LB30) and unassigned
/// Extended_Pictographic code points of class ID split off (LB30b).
public enum LineBreakClass: UInt8, Sendable, CaseIterable {""")
    special = {"IN": "inseparable", "IS": "infixSeparator", "OPEastAsian": "opEastAsian",
               "CPEastAsian": "cpEastAsian", "IDUnassignedPictographic": "idUnassignedPictographic"}
    for i, c in enumerate(LB_CLASSES):
        text.append(f"    /// {c}\n    case {special.get(c, c.lower())} = {i}")
    text.append("}\n")
    text.append("extension UnicodeTables {")
    text.append(swift_array("lineBreakRanges", packed(ranges_of(lb)),
                            doc="Line_Break after LB1: start << 8 | LineBreakClass raw value, sorted by start."))
    text.append("}")
    with open(os.path.join(out_dir, "UnicodeTables+LineBreak.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
