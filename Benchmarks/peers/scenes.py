#!/usr/bin/env python3
"""Whole SVG scenes, rendered in-process by Hairline, Skia and resvg.

Issue 35 section 3: render-only against the peers, scene by scene and scale
by scale. Each engine parses a file once and then draws it again and again
into a surface of the document's size times the scale; the minimum and the
median of the samples are kept (milliseconds per render).

  Hairline  `HairlineBenchmarks --scenes LIST --scales S --json F` (parse,
            render only, render + PNG), built here in release mode.
  Skia      skia-python: `skia.SVGDOM` parsed once; render only is
            clear + `dom.render(canvas)` into a raster surface (N32
            premultiplied); render + PNG adds `encodeToData(kPNG)`.
  resvg     resvg-py (`resvg_py.svg_to_bytes`): the binding's only entry
            parses, renders and encodes in one call, so its figure is
            parse + render + PNG, an upper bound of its render alone.

Install the peers (tooling only, not a package dependency):

    python3 -m pip install skia-python resvg-py

Run from the package root:

    python3 Benchmarks/peers/scenes.py                      # Benchmarks/scenes.txt, 1x 2x 3x
    python3 Benchmarks/peers/scenes.py --scales 4 --samples 9
    python3 Benchmarks/peers/scenes.py --list ../shared/scenes --markdown out.md

A peer that is not installed is reported and skipped. The machine's load
moves every figure; the engines run one after the other per scene, so a
slow spell hits them alike, but compare ratios of one run only.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(os.path.dirname(HERE))


def read_list(path):
    """(name, file) pairs from a scene list (as HairlineBenchmarks reads it)
    or every .svg file of a folder."""
    if os.path.isdir(path):
        return [(os.path.splitext(f)[0], os.path.join(path, f))
                for f in sorted(os.listdir(path)) if f.endswith(".svg")]
    base = os.path.dirname(os.path.abspath(path))
    scenes = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, rel = line.partition(" ")
            file = os.path.normpath(os.path.join(base, rel.strip()))
            if os.path.exists(file):
                scenes.append((name, file))
            else:
                print(f"note: {name}: {file} does not exist, skipped", file=sys.stderr)
    return scenes


def css_length(value):
    """A root width/height in px, or None when it is relative or absent."""
    if value is None:
        return None
    v = value.strip()
    units = {"px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
    for unit, factor in units.items():
        if v.endswith(unit):
            try:
                return float(v[: -len(unit)]) * factor
            except ValueError:
                return None
    if v.endswith("%"):
        return None
    try:
        return float(v)
    except ValueError:
        return None


def document_size(file):
    """The document's size in px as SVG 2 gives it: width and height, else
    the viewBox's, else 100 x 100 (what resvg and Hairline use)."""
    root = ET.parse(file).getroot()
    w, h = css_length(root.get("width")), css_length(root.get("height"))
    box = root.get("viewBox")
    if box:
        parts = [float(p) for p in box.replace(",", " ").split()]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            if w is None and h is None:
                w, h = parts[2], parts[3]
            elif w is None:
                w = h * parts[2] / parts[3]
            elif h is None:
                h = w * parts[3] / parts[2]
    return (w or 100.0, h or 100.0)


def sample(fn, samples, budget):
    """Per-call seconds: `samples` samples, each as many calls as fit in
    `budget` / `samples` (at least one), after one warm-up call."""
    fn()
    per_sample = budget / samples
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-7)
    iterations = max(1, int(per_sample / once))
    results = []
    for _ in range(samples):
        t0 = time.perf_counter()
        for _ in range(iterations):
            fn()
        results.append((time.perf_counter() - t0) / iterations)
    return {"minMs": min(results) * 1e3, "medianMs": statistics.median(results) * 1e3}


def run_hairline(scene_list, scales, samples, budget, font_dirs):
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "HairlineBenchmarks"],
                           cwd=PACKAGE, capture_output=True, text=True)
    if build.returncode != 0:
        print("note: HairlineBenchmarks does not build; Hairline skipped\n" + build.stderr[-2000:], file=sys.stderr)
        return {}
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=PACKAGE,
                            capture_output=True, text=True).stdout.strip() + "/HairlineBenchmarks"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "scenes.json")
        args = [binary, "--scenes", scene_list, "--scales", ",".join(str(s) for s in scales),
                "--samples", str(samples), "--budget", str(budget), "--json", out]
        run = subprocess.run(args, cwd=PACKAGE, capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(out):
            print("note: HairlineBenchmarks --scenes failed; Hairline skipped\n" + run.stderr[-2000:], file=sys.stderr)
            return {}
        with open(out) as f:
            data = json.load(f)
    figures = {}
    cli = os.path.join(os.path.dirname(binary), "hairline")
    if subprocess.run(["swift", "build", "-c", "release", "--product", "hairline"], cwd=PACKAGE,
                      capture_output=True).returncode == 0:
        for name, file in read_list(scene_list):
            for scale in scales:
                with tempfile.TemporaryDirectory() as tmp:
                    out = os.path.join(tmp, "out.png")
                    fonts = [a for d in font_dirs for a in ("--font-dir", d)]
                    subprocess.run([cli, "render", file, "--scale", str(scale), "-o", out] + fonts, capture_output=True)
                    if os.path.exists(out):
                        with open(out, "rb") as f:
                            figures[(name, scale, "image")] = f.read()
    for scene in data["scenes"]:
        name = scene["name"].removeprefix("scene.")
        figures[(name, "parse")] = scene["parse"]["minNs"] / 1e6
        for s in scene["scales"]:
            figures[(name, s["scale"], "render")] = s["render"]["minNs"] / 1e6
            figures[(name, s["scale"], "png")] = s["renderAndPNG"]["minNs"] / 1e6
    return figures


def run_skia(scenes, scales, samples, budget):
    try:
        import skia
    except ImportError:
        print("note: skia-python is not installed (python3 -m pip install skia-python); Skia skipped", file=sys.stderr)
        return {}
    figures = {}
    for name, file in scenes:
        with open(file, "rb") as f:
            data = f.read()
        size = document_size(file)

        def parse():
            return skia.SVGDOM.MakeFromStream(skia.MemoryStream(data))

        figures[(name, "parse")] = sample(parse, samples, budget)["minMs"]
        dom = parse()
        if dom is None:
            print(f"note: Skia cannot parse {name}", file=sys.stderr)
            continue
        dom.setContainerSize(skia.Size(*size))
        for scale in scales:
            w, h = max(1, round(size[0] * scale)), max(1, round(size[1] * scale))
            surface = skia.Surface(w, h)

            def render():
                canvas = surface.getCanvas()
                canvas.clear(0)
                canvas.save()
                canvas.scale(scale, scale)
                dom.render(canvas)
                canvas.restore()

            def render_png():
                render()
                surface.makeImageSnapshot().encodeToData(skia.kPNG, 100)

            figures[(name, scale, "render")] = sample(render, samples, budget)["minMs"]
            figures[(name, scale, "png")] = sample(render_png, samples, budget)["minMs"]
            render()
            figures[(name, scale, "image")] = bytes(surface.makeImageSnapshot().encodeToData(skia.kPNG, 100))
    return figures


def run_resvg(scenes, scales, samples, budget, font_dirs):
    try:
        import resvg_py
    except ImportError:
        print("note: resvg-py is not installed (python3 -m pip install resvg-py); resvg skipped", file=sys.stderr)
        return {}
    figures = {}
    for name, file in scenes:
        with open(file, encoding="utf-8") as f:
            text = f.read()
        resources = os.path.dirname(os.path.abspath(file))
        for scale in scales:
            def whole():
                resvg_py.svg_to_bytes(svg_string=text, zoom=float(scale), skip_system_fonts=True,
                                      resources_dir=resources, font_dirs=font_dirs)
            try:
                figures[(name, scale, "png")] = sample(whole, samples, budget)["minMs"]
                figures[(name, scale, "image")] = bytes(resvg_py.svg_to_bytes(
                    svg_string=text, zoom=float(scale), skip_system_fonts=True, resources_dir=resources,
                    font_dirs=font_dirs))
            except ValueError as error:
                print(f"note: resvg-py refuses {name}: {error}", file=sys.stderr)
    return figures


def differing(png, reference):
    """The share of pixels (in %) whose un-premultiplied RGBA differs by
    more than 16 in some channel from the reference render, or None when
    either is missing or they differ in size: a large share says the
    engine did not draw all of the scene (fonts, images), so its time is
    not comparable."""
    if png is None or reference is None:
        return None
    try:
        import numpy
        import skia
    except ImportError:
        return None
    arrays = []
    for data in (png, reference):
        image = skia.Image.MakeFromEncoded(skia.Data.MakeWithCopy(data))
        if image is None:
            return None
        arrays.append(image.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType)
                      .astype(numpy.int16))
    a, b = arrays
    if a.shape != b.shape:
        return None
    transparent = (a[..., 3] == 0) & (b[..., 3] == 0)
    off = (numpy.abs(a - b).max(axis=-1) > 16) & ~transparent
    return 100.0 * off.mean()


def percent(v):
    return f"{v:.1f} %" if v is not None else "-"


def ratio(a, b):
    return f"{a / b:.2f}" if a is not None and b else "-"


def ms(v):
    return f"{v:.3f}" if v is not None else "-"


def table(scenes, scales, hairline, skia, resvg):
    lines = [
        "| scene | scale | Hairline render | Skia render | Hairline / Skia | Hairline render+PNG | Skia render+PNG "
        "| resvg parse+render+PNG (resvg-py) | Hairline parse+render+PNG / resvg "
        "| Hairline pixels off resvg | Skia pixels off resvg |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, _ in scenes:
        for scale in scales:
            hr, sr = hairline.get((name, scale, "render")), skia.get((name, scale, "render"))
            hp, sp = hairline.get((name, scale, "png")), skia.get((name, scale, "png"))
            rv = resvg.get((name, scale, "png"))
            hparse = hairline.get((name, "parse"))
            hwhole = hp + hparse if hp is not None and hparse is not None else None
            lines.append(f"| {name} | {scale}x | {ms(hr)} | {ms(sr)} | {ratio(hr, sr)} | {ms(hp)} | {ms(sp)} "
                         f"| {ms(rv)} | {ratio(hwhole, rv)} "
                         f"| {percent(differing(hairline.get((name, scale, 'image')), resvg.get((name, scale, 'image'))))} "
                         f"| {percent(differing(skia.get((name, scale, 'image')), resvg.get((name, scale, 'image'))))} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", default=os.path.join(PACKAGE, "Benchmarks", "scenes.txt"),
                        help="a scene list (name and path per line) or a folder of .svg files")
    parser.add_argument("--scales", default="1,2,3")
    parser.add_argument("--samples", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per engine, scene and scale")
    parser.add_argument("--engines", default="hairline,skia,resvg")
    default_fonts = os.path.join(PACKAGE, "..", "shared", "conformance", "resvg-tests", "fonts")
    parser.add_argument("--font-dir", action="append",
                        help="fonts for resvg and for Hairline's reference renders (repeatable; default: "
                             "../shared/conformance/resvg-tests/fonts when it exists); Skia uses the system's")
    parser.add_argument("--markdown", help="also write the table here")
    parser.add_argument("--json", help="write every figure (ms) here")
    args = parser.parse_args()
    scales = [float(s) if "." in s else int(s) for s in args.scales.split(",")]
    scenes = read_list(args.list)
    engines = args.engines.split(",")
    font_dirs = args.font_dir or ([os.path.normpath(default_fonts)] if os.path.isdir(default_fonts) else [])
    hairline = run_hairline(os.path.abspath(args.list), scales, args.samples, args.budget, font_dirs) if "hairline" in engines else {}
    skia = run_skia(scenes, scales, args.samples, args.budget) if "skia" in engines else {}
    resvg = run_resvg(scenes, scales, args.samples, args.budget, font_dirs) if "resvg" in engines else {}
    text = table(scenes, scales, hairline, skia, resvg)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text + "\n")
    if args.json:
        rows = {"hairline": hairline, "skia": skia, "resvg": resvg}
        flat = {engine: {"/".join(str(k) for k in key): v for key, v in figures.items() if key[-1] != "image"}
                for engine, figures in rows.items()}
        with open(args.json, "w") as f:
            json.dump(flat, f, indent=1)


if __name__ == "__main__":
    main()
