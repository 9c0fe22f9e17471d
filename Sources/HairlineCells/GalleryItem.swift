// HairlineCells: one entry of the gallery (CellGallery.swift): a name for
// its files and the table it draws. A value only.

import Hairline

/// A named table of the gallery.
public struct GalleryItem: Sendable {
    /// A file-name-safe name, like `grouped-selected`.
    public let name: String
    /// The table drawn.
    public let table: TableDescription
}
