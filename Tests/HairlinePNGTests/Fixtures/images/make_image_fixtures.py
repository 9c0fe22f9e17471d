#!/usr/bin/env python3
"""Makes the JPEG and GIF fixtures and their reference pixels.

JPEGs are written by Pillow (libjpeg-turbo) and, for sampling factors
Pillow cannot choose (1x2, 4x1), by libjpeg-turbo's cjpeg when installed;
each `NAME.jpg` has `NAME.ref.png`, Pillow's decode converted to RGB (fancy
upsampling, islow IDCT: libjpeg-turbo's defaults).

GIFs are written by this script's own LZW encoder, so that every feature is
exercised on purpose (interlace, local table, transparency, sub-frame,
table full with and without a clear code); `NAME.ref.png` is the intended
RGBA (the frame on a transparent screen), and the script checks that
Pillow decodes each GIF's frame to the same colors.

Run from this folder: python3 make_image_fixtures.py
"""
import io, os, random, shutil, subprocess, struct
import numpy as np
from PIL import Image

random.seed(7)
rng = np.random.default_rng(7)


def photo(w, h, seed=0):
    """A test picture: smooth gradients, hard edges, a circle, some noise."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    r = 128 + 100 * np.sin(x / max(w, 1) * 6.0 + seed)
    g = 255 * y / max(h - 1, 1)
    b = 255 * ((x + y) % 16 < 8)
    d = (x - w * 0.6) ** 2 + (y - h * 0.4) ** 2
    inside = d < (min(w, h) * 0.3) ** 2
    r[inside], g[inside], b[inside] = 250, 30, 60
    img = np.stack([r, g, b], -1) + rng.normal(0, 6, (h, w, 3))
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")


def reference(path, im):
    im.convert("RGB").save(path, optimize=False)


def jpeg(name, im, **options):
    path = name + ".jpg"
    im.save(path, "JPEG", **options)
    reference(name + ".ref.png", Image.open(path))


def cjpeg(name, im, arguments, scans=None):
    if not shutil.which("cjpeg"):
        print("cjpeg missing: skipped", name)
        return
    ppm = io.BytesIO()
    im.save(ppm, "PPM")
    if scans is not None:
        open("/tmp/hairline-scans.txt", "w").write(scans)
        arguments = ["-scans", "/tmp/hairline-scans.txt"] + arguments
    data = subprocess.run(["cjpeg"] + arguments, input=ppm.getvalue(), stdout=subprocess.PIPE, check=True).stdout
    open(name + ".jpg", "wb").write(data)
    reference(name + ".ref.png", Image.open(name + ".jpg"))


def cmyk_picture(w, h, seed=0):
    """CMYK with every ink varying, K included."""
    c, m, y = photo(w, h, seed).split()
    k = Image.fromarray(np.clip(np.mgrid[0:h, 0:w][1] * 255.0 / max(w - 1, 1), 0, 255).astype(np.uint8), "L")
    return Image.merge("CMYK", (c, m, Image.eval(y, lambda v: 255 - v), k))


def make_jpegs():
    base = photo(40, 32)
    odd = photo(17, 13, 1)
    jpeg("baseline-444", base, quality=90, subsampling=0)
    jpeg("baseline-422", base, quality=85, subsampling=1)
    jpeg("baseline-420", base, quality=80, subsampling=2)
    jpeg("odd-420", odd, quality=90, subsampling=2)
    jpeg("odd-422", odd, quality=75, subsampling=1)
    jpeg("odd-444-progressive", odd, quality=90, subsampling=0, progressive=True)
    jpeg("progressive-420", base, quality=85, subsampling=2, progressive=True)
    jpeg("progressive-444", photo(33, 35, 2), quality=95, subsampling=0, progressive=True)
    jpeg("restart-420", base, quality=85, subsampling=2, restart_marker_blocks=3)
    jpeg("restart-rows-progressive", odd, quality=85, subsampling=2, progressive=True, restart_marker_rows=1)
    jpeg("gray", base.convert("L"), quality=90)
    jpeg("gray-progressive-odd", odd.convert("L"), quality=70, progressive=True)
    jpeg("cmyk", cmyk_picture(40, 32), quality=90)
    jpeg("cmyk-progressive-odd", cmyk_picture(17, 13, 1), quality=90, progressive=True)
    jpeg("rgb-adobe", base, quality=90, keep_rgb=True)
    jpeg("quality-100-420", odd, quality=100, subsampling=2)
    cjpeg("sample-1x2", odd, ["-sample", "1x2,1x1,1x1", "-quality", "90"])
    cjpeg("sample-4x1", base, ["-sample", "4x1,1x1,1x1", "-quality", "90"])
    cjpeg("sample-2x2-progressive-restart", odd, ["-sample", "2x2,1x1,1x1", "-progressive", "-restart", "1B", "-quality", "88"])
    cjpeg("sample-1x1-2x2", base, ["-sample", "1x1,2x2,2x2", "-quality", "90"])
    # Sequential, one component per scan: the luma scan codes ceil(17 / 8)
    # blocks a row, not whole MCUs.
    cjpeg("noninterleaved-420-odd", odd, ["-sample", "2x2,1x1,1x1", "-quality", "90"], scans="0;\n1;\n2;\n")
    # Progressive, chroma DC interleaved, luma bands split three ways with
    # two refinement passes.
    cjpeg("progressive-custom-odd", odd, ["-sample", "2x1,1x1,1x1", "-quality", "92", "-restart", "2"], scans=(
        "0: 0-0, 0, 2;\n1 2: 0-0, 0, 0;\n0: 1-5, 0, 1;\n0: 6-20, 0, 1;\n0: 21-63, 0, 1;\n"
        "1: 1-63, 0, 0;\n2: 1-63, 0, 0;\n0: 0-0, 2, 1;\n0: 0-0, 1, 0;\n0: 1-63, 1, 0;\n"))


def lzw_encode(indices, min_code_size, clear_when_full=True):
    """GIF LZW: clear first, codes LSB first, width grows at 2^n."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    bits, nbits, out = 0, 0, bytearray()

    def emit(code, size):
        nonlocal bits, nbits
        bits |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(bits & 255)
            bits >>= 8
            nbits -= 8

    size = min_code_size + 1
    table = {(i,): i for i in range(clear)}
    nxt = end + 1
    emit(clear, size)
    w = ()
    for k in indices:
        wk = w + (k,)
        if wk in table:
            w = wk
            continue
        emit(table[w], size)
        if nxt < 4096:
            table[wk] = nxt
            nxt += 1
            if nxt - 1 == (1 << size) and size < 12:
                # The decoder grows the width once the table holds 2^size codes.
                pass
        elif clear_when_full:
            emit(clear, size)
            table = {(i,): i for i in range(clear)}
            nxt = end + 1
            size = min_code_size + 1
            w = (k,)
            continue
        if nxt == (1 << size) + 1 and size < 12:
            size += 1
        w = (k,)
    if w:
        emit(table[w], size)
        # A decoder adds an entry for this code too: the width may grow.
        if nxt < 4096 and nxt + 1 == (1 << size) + 1 and size < 12:
            size += 1
    emit(end, size)
    if nbits:
        out.append(bits & 255)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out += bytes([len(chunk)]) + chunk
    return bytes(out + b"\x00")


def table_bytes(palette):
    n = 2
    while n < len(palette):
        n *= 2
    flat = bytearray()
    for c in palette + [(0, 0, 0)] * (n - len(palette)):
        flat += bytes(c)
    return bytes(flat), n.bit_length() - 2


def gif(name, screen, frame_rect, indices, palette, local=False, interlace=False, transparent=None,
        version=b"89a", clear_when_full=True, extra_frame=False, comment=True):
    sw, sh = screen
    left, top, fw, fh = frame_rect
    table, size_bits = table_bytes(palette)
    out = bytearray(b"GIF" + version)
    flags = 0 if local else (0x80 | 0x70 | size_bits)
    out += struct.pack("<HHBBB", sw, sh, flags, 0, 0)
    if not local:
        out += table
    if comment and version == b"89a":
        out += b"\x21\xfe" + sub_blocks(b"hairline fixture")
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    if transparent is not None:
        out += b"\x21\xf9\x04" + bytes([1, 10, 0, transparent, 0])
    iflags = (0x40 if interlace else 0) | ((0x80 | size_bits) if local else 0)
    out += b"\x2c" + struct.pack("<HHHHB", left, top, fw, fh, iflags)
    if local:
        out += table
    rows = [indices[y * fw:(y + 1) * fw] for y in range(fh)]
    if interlace:
        order = list(range(0, fh, 8)) + list(range(4, fh, 8)) + list(range(2, fh, 4)) + list(range(1, fh, 2))
        rows = [rows[y] for y in order]
    flat = [v for r in rows for v in r]
    mcs = max(2, size_bits + 1)
    out += bytes([mcs]) + sub_blocks(lzw_encode(flat, mcs, clear_when_full))
    if extra_frame:
        out += b"\x2c" + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x4c\x01\x00"
    out += b"\x3b"
    open(name + ".gif", "wb").write(out)
    # Intended RGBA: the frame on a transparent screen.
    cw, ch = max(sw, left + fw), max(sh, top + fh)
    rgba = np.zeros((ch, cw, 4), np.uint8)
    for y in range(fh):
        for x in range(fw):
            i = indices[y * fw + x]
            if i == transparent:
                continue
            rgba[top + y, left + x] = list(palette[i] if i < len(palette) else (0, 0, 0)) + [255]
    Image.fromarray(rgba, "RGBA").save(name + ".ref.png")
    # Pillow must agree inside the frame.
    im = Image.open(name + ".gif")
    im.seek(0)
    got = np.array(im.convert("RGBA"))
    region = got[top:top + fh, left:left + fw]
    want = rgba[top:top + fh, left:left + fw]
    opaque = want[..., 3] == 255
    assert (region[opaque] == want[opaque]).all(), name + ": Pillow disagrees"
    assert (region[~opaque][..., 3] == 0).all(), name + ": Pillow transparency disagrees"


def make_gifs():
    pal16 = [(i * 17, 255 - i * 13, (i * 53) % 256) for i in range(16)]
    w, h = 23, 19
    pattern = [((x // 3) + (y // 2) * 3) % 16 for y in range(h) for x in range(w)]
    gif("basic-89a", (w, h), (0, 0, w, h), pattern, pal16)
    gif("basic-87a", (w, h), (0, 0, w, h), pattern, pal16, version=b"87a")
    gif("interlaced", (w, h), (0, 0, w, h), pattern, pal16, interlace=True)
    gif("transparent", (w, h), (0, 0, w, h), pattern, pal16, transparent=5)
    gif("local-table", (w, h), (0, 0, w, h), pattern, pal16[::-1], local=True)
    sub = [((x * y) // 4) % 16 for y in range(9) for x in range(11)]
    gif("subframe", (30, 25), (7, 5, 11, 9), sub, pal16, local=True, interlace=True, transparent=3, extra_frame=True)
    noise = [random.randrange(256) for _ in range(64 * 64)]
    pal256 = [(i, (i * 7) % 256, 255 - i) for i in range(256)]
    gif("full-table-clear", (64, 64), (0, 0, 64, 64), noise, pal256, clear_when_full=True)
    gif("full-table-deferred", (64, 64), (0, 0, 64, 64), noise, pal256, clear_when_full=False)
    two = [(x + y) % 2 for y in range(13) for x in range(17)]
    gif("two-colors-odd", (17, 13), (0, 0, 17, 13), two, [(0, 0, 0), (255, 255, 255)])
    long_run = [0] * 3000 + [1] * 500 + [2] * 596
    gif("long-runs", (64, 64), (0, 0, 64, 64), long_run, [(10, 20, 30), (200, 100, 0), (0, 0, 255), (9, 9, 9)])


if __name__ == "__main__":
    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    make_jpegs()
    make_gifs()
