#!/usr/bin/env python3
"""Writes the cell-background SVGs of WORKLOADS.md (fill only), one per
position and scale: the background path is built on bounds inset by 0.5/s
points, so the 0.5/s inset differs per scale. Render them with
    swift run -c release hairline render Examples/cells/single@3x.svg --scale 3 -o out/single@3x.png
"""
import os

W, H, R = 343.0, 44.0, 10.0
FILL = "rgb(100%, 100%, 90%)"
BORDER = "rgb(78%, 78%, 80%)"


def fmt(v):
    return ("%.10f" % v).rstrip("0").rstrip(".")


def cell_path(position, s):
    b = 0.5 / s
    x0, y0, w, h = b, b, W - 2 * b, H - 2 * b
    if position in ("top", "middle"):
        h += 1
    x1, y1 = x0 + w, y0 + h
    top = R if position in ("single", "top") else 0
    bottom = R if position in ("single", "bottom") else 0
    d = [f"M{fmt(x0 + top)},{fmt(y0)}", f"H{fmt(x1 - top)}"]
    if top:
        d.append(f"A{fmt(top)},{fmt(top)} 0 0 1 {fmt(x1)},{fmt(y0 + top)}")
    d.append(f"V{fmt(y1 - bottom)}")
    if bottom:
        d.append(f"A{fmt(bottom)},{fmt(bottom)} 0 0 1 {fmt(x1 - bottom)},{fmt(y1)}")
    d.append(f"H{fmt(x0 + bottom)}")
    if bottom:
        d.append(f"A{fmt(bottom)},{fmt(bottom)} 0 0 1 {fmt(x0)},{fmt(y1 - bottom)}")
    d.append(f"V{fmt(y0 + top)}")
    if top:
        d.append(f"A{fmt(top)},{fmt(top)} 0 0 1 {fmt(x0 + top)},{fmt(y0)}")
    d.append("Z")
    return " ".join(d)


here = os.path.dirname(os.path.abspath(__file__))
for position in ("single", "top", "middle", "bottom"):
    for s in (1, 2, 3):
        d = cell_path(position, s)
        head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(W)}" height="{fmt(H)}">\n'
        # Fill only (the background of the foundation issue).
        with open(os.path.join(here, f"{position}@{s}x.svg"), "w") as f:
            f.write(head
                    + f"  <!-- WORKLOADS.md cell background, {position}, bounds inset by 0.5/{s} pt -->\n"
                    + f'  <path fill="{FILL}" d="{d}"/>\n</svg>\n')
        # The `solid` draw: fill, then the one-device-pixel border (1/s pt,
        # miter join, butt cap) on the same path.
        with open(os.path.join(here, f"solid-{position}@{s}x.svg"), "w") as f:
            f.write(head
                    + f"  <!-- WORKLOADS.md `solid` draw, {position}: fill + 1/{s} pt border -->\n"
                    + f'  <path fill="{FILL}" stroke="{BORDER}" stroke-width="{fmt(1.0 / s)}"'
                    + f' stroke-linejoin="miter" stroke-linecap="butt" stroke-miterlimit="10" d="{d}"/>\n</svg>\n')


# The `gradient` and `pattern` draws: the same path filled with a vertical
# gradient (white at y = 0 to (0.85, 0.88, 0.95) at y = 44 pt) or an
# 8 x 8 pt 2 x 2 checker tile anchored at the cell's origin, then the border.
GRADIENT = ('<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="44">'
            '<stop offset="0" stop-color="rgb(100%, 100%, 100%)"/>'
            '<stop offset="1" stop-color="rgb(85%, 88%, 95%)"/></linearGradient>')
PATTERN = ('<pattern id="p" patternUnits="userSpaceOnUse" x="0" y="0" width="8" height="8">'
           f'<rect width="8" height="8" fill="{FILL}"/>'
           '<rect x="4" width="4" height="4" fill="rgb(94%, 94%, 86%)"/>'
           '<rect y="4" width="4" height="4" fill="rgb(94%, 94%, 86%)"/></pattern>')
for draw, defs, paint in (("gradient", GRADIENT, "url(#g)"), ("pattern", PATTERN, "url(#p)")):
    for position in ("single", "top", "middle", "bottom"):
        for s in (1, 2, 3):
            with open(os.path.join(here, f"{draw}-{position}@{s}x.svg"), "w") as f:
                f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(W)}" height="{fmt(H)}">\n'
                        f"  <!-- WORKLOADS.md `{draw}` draw, {position}, at {s}x -->\n"
                        f"  <defs>{defs}</defs>\n"
                        f'  <path fill="{paint}" stroke="{BORDER}" stroke-width="{fmt(1.0 / s)}" d="{cell_path(position, s)}"/>\n'
                        "</svg>\n")

# A picture for the README: a grouped table at scale s, a single cell and a
# top/middle/bottom section, each cell translated into place (the height+1
# overlap of top and middle cells lands under the next cell, which paints
# over it, as separate cell buffers would).
for s in (1, 2, 3):
    margin, gap = 10, 16
    cells = [("single", margin)] + [(p, margin + 44 + gap + i * 44) for i, p in enumerate(("top", "middle", "bottom"))]
    height = margin + 4 * 44 + gap + margin
    body = [f'<rect width="{fmt(W + 2 * margin)}" height="{height}" fill="rgb(94%, 94%, 96%)"/>']
    for position, y in cells:
        body.append(f'<g transform="translate({margin},{y})"><path fill="{FILL}" stroke="{BORDER}"'
                    f' stroke-width="{fmt(1.0 / s)}" d="{cell_path(position, s)}"/></g>')
    with open(os.path.join(here, f"table@{s}x.svg"), "w") as f:
        f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(W + 2 * margin)}" height="{height}">\n  '
                + "\n  ".join(body) + "\n</svg>\n")
