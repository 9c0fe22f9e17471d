// Resources: where an <image>'s data comes from, as the loader receives
// it: the decoded bytes of a `data:` URI, or the reference as written. A
// value only; SVGResourceLoader.swift is the loader.

import Hairline

/// Where an `<image>`'s pixels come from.
public enum SVGImageSource: Hashable, Sendable {
    /// A `data:` URI's decoded bytes and its media type (e.g. `image/png`;
    /// empty if the URI gave none).
    case data(bytes: [UInt8], mediaType: String)
    /// Any other `href`, as written (a path or URL, not percent-decoded);
    /// the loader resolves relative paths against its own base directory.
    case file(path: String)
}
