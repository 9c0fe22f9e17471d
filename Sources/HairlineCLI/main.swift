// The `hairline` command line: parses the subcommand and runs it. Every
// error goes to stderr with a non-zero exit code; outputs are written whole
// or not at all (PNGEncoder.write renames a finished temporary file).

import Hairline
import HairlineSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The version `hairline --version` prints.
let hairlineVersion = "0.9.0"

/// What each command takes, printed by `hairline COMMAND --help`.
/// (Pairs, not a dictionary: a dictionary of strings built at launch costs
/// half the instructions of `hairline --version`.)
let commandHelp: KeyValuePairs<String, String> = [
    "render": """
    usage: hairline render INPUT.svg [--scale S | --scales S1,S2,...] [--image-budget N] [--max-pixels N]
                           [--font FILE]... [--font-dir DIR]... [--no-system-fonts]
                           [--generic-family GENERIC=FAMILY]... [--time-limit S] [-o|--output OUT.png]
                           [--png-level fast|default|best] [--workers N] [--tolerance PX]

    render   Draws an SVG (the subset HairlineSVG reads) at each scale into a
             PNG of (width*S) x (height*S) pixels on a transparent background.
             --scale S         one scale (default 1), written to OUT.png
             --scales 1,2,3    several: OUT.png, OUT@2x.png, OUT@3x.png (each scale once)
             --image-budget N  the most pixels the <image>s may decode in all (default
                               67108864: 64 Mi; an image past it is not drawn, with a warning)
             --max-pixels N    the most pixels the run's images may hold in all
                               (default 67108864: 64 Mi)
             --font FILE       a font file (.ttf, .otf, .ttc, .otc; repeatable): fonts
                               are matched in the order given, these first
             --font-dir DIR    the fonts in a folder and its subfolders (repeatable)
             --no-system-fonts do not use the system's font folders
             --generic-family GENERIC=FAMILY   the family a generic family (serif,
                               sans-serif, monospace, cursive, fantasy) draws in,
                               like "sans-serif=Noto Sans" (repeatable; default:
                               DejaVu and common names, then the bundled DejaVu Sans)
             -o, --output      the output path (default: INPUT's name with .png, in the
                               current folder)
             --png-level L     PNG compression: fast, default or best (default: default;
                               best: slower, the smallest files; fast: the quickest)
             --workers N       draw each image on N threads, in bands of rows (1...256;
                               default: every core; the same pixels as one worker)
             --tolerance PX    how far a curve's chords may stray from it, in device
                               pixels (0.0001...16; default 0.008: every pixel within
                               3/255 of the true curve's coverage; 0.25 is Skia's and
                               Blend2D's order, faster on curved scenes, less exact)
             Text is matched by font-family, font-weight, font-style and font-stretch
             as CSS matches it; a character its font lacks comes from the next family,
             then from any font that has it (a warning names what no font has).

    render and table stop after --time-limit S seconds of CPU (default 10; 0: none),
    leaving every file as it was. Every command that writes files prints each one
    (path, pixel size) unless --quiet (-q); a render over a second shows its
    progress on stderr when stderr is a terminal.
    """,
    "table": """
    usage: hairline table [--style grouped|insetGrouped|plain|fullWidthGrouped] [--sections 3,1,4]
                          [--width PT] [--row-height PT] [--select S:R]... [--alternating]
                          [--continuous] [--header-title S:TEXT]... [--footer-title S:TEXT]...
                          [--header-view TEXT] [--footer-view TEXT] [--header-bar S:COLOR]...
                          [--title S:R:TEXT]... [--detail S:R:TEXT]...
                          [--text-layout default|subtitle|value1|value2] [--accessory NAME]
                          [--image S:R:FILE]... [--selected-image S:R:FILE]... [--image-size W,H]
                          [--image-tint S:R:COLOR]... [--accessory-image S:R:FILE]...
                          [--selected-accessory-image S:R:FILE]... [--indent S:R:LEVEL]...
                          [--indentation-width PT] [--label-insets LEADING,TRAILING]
                          [--label-position center|top|bottom[:PT]] [--appearance light|dark]
                          [--header-view-image FILE] [--section-header-view S:TEXT]...
                          [--scale S | --scales S1,S2,...] [--workers N] [--cells DIR]
                          [--rows S:R..S:R] [--tile-height PX] [--quiet] [-o|--output table.png]
                          [--png-level fast|default|best]
           hairline table --spec TABLE.json [--scale S | --scales S1,S2,...] [--workers N]
                          [--cells DIR] [--image-budget N] [--allow-any-path] [--max-pixels N]
                          [--font FILE]... [--font-dir DIR]... [--no-system-fonts]
                          [--time-limit S] [--rows S:R..S:R] [--tile-height PX] [--quiet]
                          [-o|--output OUT.png] [--png-level fast|default|best]

    table    Draws a table (HairlineCells: cell backgrounds, titles, labels) into a PNG:
             --spec FILE       the whole table from a JSON spec (the format:
                               Examples/tables/README.md); errors name the JSON
                               path and line:column. Not combined with the
                               options below that shape the table.
             --style           grouped (iOS 6), insetGrouped (iOS 13), plain (iOS 7),
                               fullWidthGrouped (iOS 7 grouped); default grouped
             --sections        rows per section (default 3,1,4)
             --width PT        table width in points (default 320)
             --row-height PT   row height in points (default 44)
             --select S:R      selects row R of section S (repeatable; must exist)
             --header-title S:TEXT   section S's header title (repeatable)
             --footer-title S:TEXT   section S's footer title (repeatable; wraps)
             --header-view TEXT      a header view titled TEXT above the table (in the
                                     look of the style's iOS version)
             --footer-view TEXT      a footer view titled TEXT below the table
             --header-bar S:COLOR    section S's header bar (a CSS color, or none); by
                                     default a plain table's bar is behind titles only
             --title S:R:TEXT  row R of section S's title (repeatable)
             --detail S:R:TEXT its detail text (with a --title)
             --text-layout L   default, subtitle, value1 or value2 (default: default)
             --accessory A     none, disclosureIndicator, checkmark, detailButton,
                               detailDisclosureButton (default none)
             --image S:R:FILE  row R of section S's leading image (a PNG; FILE@2x/@3x beside
                               it are its variants): 15 pt in (iOS 6: 10), the labels 15 pt
                               (iOS 6: 10) after it
             --selected-image S:R:FILE   that image in the selected row
             --image-size W,H  every leading image's size in points (default: its own)
             --image-tint S:R:COLOR      draws row S:R's image as a template in COLOR
             --accessory-image S:R:FILE  an image in place of the accessory (15 pt in)
             --selected-accessory-image S:R:FILE   that image in the selected row
             --indent S:R:LEVEL          indents row S:R's image and labels LEVEL steps
             --indentation-width PT      one step, points (default 10)
             --label-insets L,T          the labels' leading and trailing insets, points
                                         (default 15,15)
             --label-position P          center, top or bottom, with :PT an offset (center,
                                         y down) or an inset (top, bottom): top:8
             --appearance A    light or dark (iOS 13's dark mode: insetGrouped,
                               fullWidthGrouped and plain; default light)
             --header-view-image FILE    an image before the header view's title
             --section-header-view S:TEXT   section S's own header view (in place of
                               its header title), in the style's header view look
             --alternating     alternating row colors
             --continuous      continuous (iOS 7+) corners instead of circular
             --scale S         device pixels per point (default: the spec's, or 1)
             --scales 1,2,3    several: OUT.png, OUT@2x.png, OUT@3x.png
             --workers N       render on N threads (default: every core; the
                               pixels are the same for any N)
             --cells DIR       also write the cell look as image assets: for each
                               position and state, DIR/single.png, DIR/top@2x.png,
                               DIR/middle-selected@3x.png… (each section style's
                               cell width and first row height; with several
                               styles, one folder each named after its layout:
                               DIR/plain/top.png, DIR/fullWidthGrouped/top.png;
                               without -o, only the assets are written)
             --rows S:R..S:R   only rows S:R through S:R (a viewport: the headers and
                               footers between them too), for a table too tall to draw whole
             --tile-height PX  the table (or the --rows viewport) in numbered PNGs of at
                               most PX device rows each: OUT-01.png, OUT-02@2x.png…; each
                               is the same pixels as that part of a whole render, and
                               --max-pixels bounds each tile, not the run
             --image-budget N  the most image pixels a spec's table decodes (default
                               67108864: 64 Mi)
             --allow-any-path  let a spec read files outside its own folder
             --max-pixels N    the most pixels the run's images may hold in all
                               (default 67108864: 64 Mi)
             --font FILE       a font file (.ttf, .otf, .ttc, .otc; repeatable): characters
                               the table's fonts lack come from these first
             --font-dir DIR    the fonts in a folder and its subfolders (repeatable)
             --no-system-fonts do not use the system's font folders
             --generic-family GENERIC=FAMILY   the family a generic family (serif,
                               sans-serif, monospace, cursive, fantasy) draws in,
                               like "sans-serif=Noto Sans" (repeatable; default:
                               DejaVu and common names, then the bundled DejaVu Sans)
             Characters the table's fonts lack (a Japanese title) are drawn in
             the first font that has them; a warning names what no font has.
             -o, --output      the output path (default: the spec's name with .png in
                               the current folder, or table.png)
             --png-level L     PNG compression: fast, default or best (default: default;
                               best: slower, the smallest files; fast: the quickest)
             Files are put in place only once every image is rendered: a failed
             run leaves every file as it was.

    render and table stop after --time-limit S seconds of CPU (default 10; 0: none),
    leaving every file as it was. Every command that writes files prints each one
    (path, pixel size) unless --quiet (-q); a render over a second shows its
    progress on stderr when stderr is a terminal.
    """,
    "bench": """
    usage: hairline bench INPUT.svg | --spec TABLE.json [--scales 1,2,3] [--iterations N | --budget S]
                          [--workers N] [--cold] [--profile] [--json OUT.json] [--tolerance PX]
                          [--font FILE]... [--font-dir DIR]... [--no-system-fonts]
                          [--generic-family GENERIC=FAMILY]...

    bench    Profiles your own drawing: reads INPUT.svg (or a table spec) once, renders
             it again and again at each scale, and prints min/median/max milliseconds
             per render (one untimed render first).
             --iterations N    renders per scale (default: as many as --budget allows)
             --budget S        seconds of rendering per scale (default 2)
             --workers N       threads a render uses, in bands (default 1)
             --cold            a new canvas for each render: every cache starts empty
             --profile         also the ten elements of an SVG that cost most (line:column,
                               tag and id, share of the render time)
             --json OUT        the figures as JSON too (format: Sources/HairlineCLI/BenchCommand.swift)
             --tolerance PX    an SVG's flattening tolerance in device pixels, as render
                               takes it (default 0.008)
             --font, --font-dir, --no-system-fonts, --generic-family
                               the fonts text is drawn in, as render and table take them
                               (default: the system's, so a bench draws what they draw)
    """,
    "gallery": """
    usage: hairline gallery [--out DIR] [--scales 1,2,3] [--png-level fast|default|best] [--quiet]

    gallery  Writes every cell style (normal, selected, alternating, gradient,
             pattern, image, labels, accessories, headers, content (images,
             indentation), dark, continuous corners) of every layout at each scale
             as DIR/<style>@<S>x.png (default DIR: gallery, scales 1,2,3), printing
             each file it wrote unless --quiet.
             --png-level L     PNG compression: fast, default or best (default: default;
                               best: slower, the smallest files; fast: the quickest)
    """,
]

/// The help of `command`, nil if there is no such command.
func helpText(for command: String) -> String? {
    commandHelp.first { $0.key == command }?.value
}

/// The overview `hairline --help` prints.
let usage = """
    usage: hairline COMMAND [OPTIONS]

    commands:
      render    draws an SVG into PNGs at one or more scales
      table     draws a table (from options or a JSON spec) into PNGs
      bench     profiles your own SVG or table: milliseconds per render
      gallery   writes every cell style at 1x, 2x and 3x

    hairline COMMAND --help    what a command takes
    hairline --version         the version
    """

func fail(_ message: String) -> Never {
    ProgressLine.shared.finish()
    ProcessEnvironment.writeToStandardError("hairline: error: \(message)\n")
    exit(1)
}

func warn(_ message: String) {
    ProgressLine.shared.erase()
    ProcessEnvironment.writeToStandardError("hairline: warning: \(message)\n")
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    ProcessEnvironment.writeToStandardError(usage + "\n")
    exit(2)
}
arguments.removeFirst()

// `hairline COMMAND --help` (or -h, or `hairline help COMMAND`): that
// command's help, exit 0.
if let help = helpText(for: command), arguments.contains("--help") || arguments.contains("-h") {
    print(help)
    exit(0)
}
if command == "help", let name = arguments.first {
    guard let help = helpText(for: name) else {
        fail("unknown command \(EchoedText.quoted(name)); see 'hairline --help'")
    }
    print(help)
    exit(0)
}
if command == "--version" || command == "version" {
    print("hairline \(hairlineVersion)")
    exit(0)
}

do {
    // `--quiet` (every command that writes files): no "wrote" lines.
    RunReport.takeQuietOption(from: &arguments)
    // `--time-limit S` (render and table: what users bring): CPU seconds
    // before the run is stopped, 10 by default, 0 for none.
    if command == "render" || command == "table" {
        var seconds = CPUWatchdog.defaultSeconds
        if let at = arguments.firstIndex(of: "--time-limit") {
            guard at + 1 < arguments.count else { throw CommandLineError.missingValue(option: "--time-limit") }
            let text = arguments[at + 1]
            guard let value = decimalNumber(text), value.isFinite, value >= 0, value <= 86_400
            else {
                throw CommandLineError.invalidValue(
                    option: "--time-limit", value: text,
                    expected: "seconds of CPU, 0...86400 (0: no limit)")
            }
            seconds = value
            arguments.removeSubrange(at...(at + 1))
        }
        CPUWatchdog.start(seconds: seconds, command: command)
    }
    switch command {
    case "render":
        try RenderCommand(parsing: arguments).run()
    case "table":
        try TableCommand(parsing: arguments).run()
    case "gallery":
        try GalleryCommand(parsing: arguments).run()
    case "bench":
        try BenchCommand(parsing: arguments).run()
    case "-h", "--help", "help":
        print(usage)
    default:
        throw CommandLineError.unknownCommand(command)
    }
} catch let error as CommandLineError {
    // One line, and where to read more.
    let hint = helpText(for: command) != nil ? "see 'hairline \(command) --help'" : "see 'hairline --help'"
    fail("\(error); \(hint)")
} catch {
    fail("\(error)")
}
