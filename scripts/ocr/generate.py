#!/usr/bin/env python3
"""Generate synthetic odometer and VIN photos for Hearth's OCR accuracy checks.

Usage:
    python3 scripts/ocr/generate.py OUTPUT_DIR [--odometers 100] [--vins 100] [--seed 20261124]

Writes PNG images into OUTPUT_DIR and a manifest, OUTPUT_DIR/manifest.tsv, with one line per image:
    file <TAB> kind (odometer|vin) <TAB> expected text <TAB> font <TAB> style
and the faces it drew with, OUTPUT_DIR/fonts.tsv, one line per face:
    font <TAB> Debian package <TAB> path

The faces are a fixed list of nine: six DejaVu (fonts-dejavu-core, and DejaVu Sans Condensed from
fonts-dejavu-extra) and three Liberation (fonts-liberation). When any is missing the script draws nothing
and exits with status 3, naming the packages to install; it never falls back to the faces it has, which
would draw a different set under the same seed.

The set is deterministic for a given seed and Pillow version: every random choice (numbers, VINs, fonts,
styles, noise, blur, rotation, lighting) comes from seeded generators, one per kind, never from the global
one; so the first N images of a kind are the same whatever the count asked for.

Odometers show six digits in one of two faces a dashboard has: a mechanical digit-wheel counter (light
digits in dark cells, leading zeros shown) and an LCD readout (dark segments-like digits on a grey-green
panel, no leading zeros). VINs are 17 characters with a valid check digit, printed either on a door-jamb
sticker (dark on light) or stamped on a plate (dark on brushed metal). Each image then gets some of:
uneven lighting (a gradient across it), rotation within +/-5 degrees, Gaussian blur and pixel noise.
No perspective distortion.
"""

import argparse
import math
import os
import random
import sys

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("Pillow is missing: install it with `python3 -m pip install pillow` "
             "(or run .ci/run, which installs it into .build/venv)")

# Every face the set is drawn in, with the Debian package that installs it. The list is fixed: a machine
# missing one refuses to draw rather than drawing another set under the same seed.
FONT_FOLDER = "/usr/share/fonts/truetype"
FONTS = [
    ("dejavu/DejaVuSansMono.ttf", "fonts-dejavu-core"),
    ("dejavu/DejaVuSansMono-Bold.ttf", "fonts-dejavu-core"),
    ("dejavu/DejaVuSans.ttf", "fonts-dejavu-core"),
    ("dejavu/DejaVuSans-Bold.ttf", "fonts-dejavu-core"),
    ("dejavu/DejaVuSerif.ttf", "fonts-dejavu-core"),
    ("dejavu/DejaVuSansCondensed.ttf", "fonts-dejavu-extra"),
    ("liberation/LiberationMono-Regular.ttf", "fonts-liberation"),
    ("liberation/LiberationSans-Regular.ttf", "fonts-liberation"),
    ("liberation/LiberationSerif-Regular.ttf", "fonts-liberation"),
]
# The exit status when fonts are missing, so that a caller can tell it from other failures.
MISSING_FONTS_STATUS = 3

VIN_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"  # no I, O, Q
VIN_CHARS = VIN_LETTERS + "0123456789"
VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]
VIN_VALUES = {
    **{d: int(d) for d in "0123456789"},
    "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8,
    "J": 1, "K": 2, "L": 3, "M": 4, "N": 5, "P": 7, "R": 9,
    "S": 2, "T": 3, "U": 4, "V": 5, "W": 6, "X": 7, "Y": 8, "Z": 9,
}
# Real world manufacturer identifiers, so the VINs look like VINs.
WMIS = ["1HG", "1FA", "1G1", "2T1", "3VW", "4T1", "5YJ", "JHM", "JTD", "KMH", "KNA", "WBA", "WVW",
        "WAU", "YV1", "ZFA", "VF1", "SAL", "JN1", "5FN", "1C4", "JM1", "WDD", "9BW"]
YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789"


def required_fonts():
    """The paths of every face in FONTS, with their packages; exits naming the packages when any is missing."""
    fonts, missing = [], []
    for relative, package in FONTS:
        path = os.path.join(FONT_FOLDER, relative)
        (fonts if os.path.exists(path) else missing).append((path, package))
    if missing:
        packages = sorted({package for _, package in missing})
        listed = ", ".join(f"{os.path.basename(path)} ({package})" for path, package in missing)
        print(f"generate.py: missing fonts: {listed}. Install them with "
              f"`apt-get install {' '.join(packages)}`; the set is always drawn in all {len(FONTS)} faces.",
              file=sys.stderr)
        sys.exit(MISSING_FONTS_STATUS)
    return fonts


def check_digit(vin):
    total = sum(VIN_VALUES[c] * w for c, w in zip(vin, VIN_WEIGHTS))
    remainder = total % 11
    return "X" if remainder == 10 else str(remainder)


def random_vin(rng):
    chars = list(rng.choice(WMIS))
    chars += [rng.choice(VIN_CHARS) for _ in range(5)]  # vehicle descriptor, positions 4-8
    chars.append("0")  # check digit placeholder, position 9
    chars.append(rng.choice(YEAR_CODES))  # model year, position 10
    chars.append(rng.choice(VIN_CHARS))  # plant, position 11
    chars += [rng.choice("0123456789") for _ in range(6)]  # serial, positions 12-17
    chars[8] = check_digit(chars)
    vin = "".join(chars)
    assert check_digit(vin) == vin[8]
    return vin


def random_mileage(rng):
    # Most cars on the road have 5- or 6-digit odometers readings; a few are nearly new.
    bucket = rng.random()
    if bucket < 0.1:
        return rng.randint(1, 9_999)
    if bucket < 0.6:
        return rng.randint(10_000, 99_999)
    return rng.randint(100_000, 999_999)


def noise_layer(rng, size, amplitude):
    """Zero-centred noise as an image offset by 128: the sum of two uniform layers (a triangle
    distribution), scaled to +/- amplitude."""
    w, h = size
    a = Image.frombytes("L", size, rng.randbytes(w * h))
    b = Image.frombytes("L", size, rng.randbytes(w * h))
    mixed = ImageChops.add(a.point(lambda v: v // 2), b.point(lambda v: v // 2))  # 0..254, centred at 127
    scale = amplitude / 127.0
    return mixed.point(lambda v: max(0, min(255, int(round(128 + (v - 127) * scale)))))


def apply_noise(rng, image, amplitude):
    layer = noise_layer(rng, image.size, amplitude)
    channels = []
    for channel in image.split():
        # channel + (layer - 128), clamped
        channels.append(ImageChops.add(channel, layer, scale=1.0, offset=-128))
    return Image.merge(image.mode, channels)


def apply_lighting(rng, image):
    """Multiply the image by a linear gradient at a random angle, from `low` to 1.0: a lamp on one side."""
    w, h = image.size
    low = rng.uniform(0.45, 0.8)
    angle = rng.uniform(0, 2 * math.pi)
    dx, dy = math.cos(angle), math.sin(angle)
    # Project the corners to normalise the gradient to 0..1 across the image.
    projections = [x * dx + y * dy for x in (0, w) for y in (0, h)]
    lo, hi = min(projections), max(projections)
    small_w, small_h = max(2, w // 8), max(2, h // 8)
    gradient = Image.new("L", (small_w, small_h))
    pixels = gradient.load()
    for y in range(small_h):
        for x in range(small_w):
            t = ((x * 8) * dx + (y * 8) * dy - lo) / (hi - lo)
            pixels[x, y] = int(255 * (low + (1 - low) * t))
    gradient = gradient.resize((w, h), Image.BILINEAR)
    return ImageChops.multiply(image, Image.merge("RGB", [gradient] * 3))


def text_size(draw, text, font):
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    return right - left, bottom - top, left, top


def render_wheel_odometer(rng, mileage, font_path):
    """A mechanical counter: six cells, light digits on near-black drums, leading zeros."""
    text = f"{mileage:06d}"
    size = rng.randint(34, 52)
    font = ImageFont.truetype(font_path, size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    cell_w = max(text_size(probe, d, font)[0] for d in "0123456789") + rng.randint(8, 14)
    cell_h = text_size(probe, "0123456789", font)[1] + rng.randint(14, 22)
    gap = rng.randint(3, 6)
    margin_x, margin_y = rng.randint(30, 50), rng.randint(22, 34)
    w = margin_x * 2 + 6 * cell_w + 5 * gap
    h = margin_y * 2 + cell_h
    bezel = tuple(rng.randint(40, 70) for _ in range(3))
    image = Image.new("RGB", (w, h), bezel)
    draw = ImageDraw.Draw(image)
    drum = rng.randint(8, 25)
    ink = rng.randint(215, 250)
    for i, digit in enumerate(text):
        x0 = margin_x + i * (cell_w + gap)
        y0 = margin_y
        draw.rectangle([x0, y0, x0 + cell_w, y0 + cell_h], fill=(drum, drum, drum + 3))
        dw, dh, left, top = text_size(draw, digit, font)
        # Drums turn: a digit may sit a few pixels off centre vertically.
        jitter = rng.randint(-2, 2)
        draw.text((x0 + (cell_w - dw) / 2 - left, y0 + (cell_h - dh) / 2 - top + jitter), digit,
                  font=font, fill=(ink, ink, ink))
    return image, text


def render_lcd_odometer(rng, mileage, font_path):
    """A digital readout: dark digits on a grey-green panel, no leading zeros."""
    text = str(mileage)
    size = rng.randint(36, 56)
    font = ImageFont.truetype(font_path, size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    tw, th, left, top = text_size(probe, text, font)
    margin_x, margin_y = rng.randint(30, 60), rng.randint(20, 34)
    w, h = tw + 2 * margin_x, th + 2 * margin_y
    panel = (rng.randint(150, 185), rng.randint(175, 205), rng.randint(140, 170))
    image = Image.new("RGB", (w, h), panel)
    draw = ImageDraw.Draw(image)
    ink = rng.randint(20, 45)
    draw.text((margin_x - left, margin_y - top), text, font=font, fill=(ink, ink + 5, ink))
    return image, text


def render_vin(rng, vin, font_path, style):
    size = rng.randint(26, 40)
    font = ImageFont.truetype(font_path, size)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    tw, th, left, top = text_size(probe, vin, font)
    margin_x, margin_y = rng.randint(24, 44), rng.randint(18, 30)
    w, h = tw + 2 * margin_x, th + 2 * margin_y
    if style == "sticker":
        paper = rng.randint(225, 250)
        image = Image.new("RGB", (w, h), (paper, paper, paper - rng.randint(0, 12)))
        ink = (rng.randint(10, 40),) * 3
    else:  # plate: brushed metal, horizontal streaks
        base = rng.randint(160, 195)
        image = Image.new("RGB", (w, h), (base, base, base))
        streaks = ImageDraw.Draw(image)
        for y in range(h):
            shade = base + rng.randint(-12, 12)
            streaks.line([(0, y), (w, y)], fill=(shade, shade, shade + 2))
        ink = (rng.randint(25, 55),) * 3
    draw = ImageDraw.Draw(image)
    draw.text((margin_x - left, margin_y - top), vin, font=font, fill=ink)
    return image


def degrade(rng, image):
    """Uneven light, rotation, blur and noise: always light and noise, the others most of the time."""
    image = apply_lighting(rng, image)
    if rng.random() < 0.85:
        angle = rng.uniform(-5, 5)
        # Fill the corners with the nearby border colour so the rotation leaves no black wedges.
        fill = image.getpixel((2, 2))
        image = image.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=fill)
    if rng.random() < 0.8:
        image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 1.4)))
    image = apply_noise(rng, image, rng.uniform(12, 40))
    return image


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("output")
    parser.add_argument("--odometers", type=int, default=100)
    parser.add_argument("--vins", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20261124)
    args = parser.parse_args()

    # One generator per kind, so that a smaller set is a prefix of a larger one with the same seed.
    odometer_rng = random.Random(args.seed)
    vin_rng = random.Random(args.seed + 1)
    faces = required_fonts()
    fonts = [path for path, _ in faces]
    os.makedirs(args.output, exist_ok=True)
    lines = []
    rng = odometer_rng
    for i in range(args.odometers):
        font = fonts[i % len(fonts)]
        style = "wheel" if i % 2 == 0 else "lcd"
        mileage = random_mileage(rng)
        render = render_wheel_odometer if style == "wheel" else render_lcd_odometer
        image, text = render(rng, mileage, font)
        image = degrade(rng, image)
        name = f"odometer-{i:03d}.png"
        image.convert("L").save(os.path.join(args.output, name))
        lines.append((name, "odometer", text, os.path.basename(font), style))
    rng = vin_rng
    for i in range(args.vins):
        font = fonts[(i + 1) % len(fonts)]
        style = "sticker" if i % 2 == 0 else "plate"
        vin = random_vin(rng)
        image = degrade(rng, render_vin(rng, vin, font, style))
        name = f"vin-{i:03d}.png"
        image.convert("L").save(os.path.join(args.output, name))
        lines.append((name, "vin", vin, os.path.basename(font), style))
    with open(os.path.join(args.output, "manifest.tsv"), "w", encoding="utf-8") as manifest:
        for line in lines:
            manifest.write("\t".join(line) + "\n")
    with open(os.path.join(args.output, "fonts.tsv"), "w", encoding="utf-8") as listing:
        for path, package in faces:
            listing.write("\t".join((os.path.basename(path), package, path)) + "\n")
    print(f"{args.odometers} odometers and {args.vins} VINs written to {args.output}")


if __name__ == "__main__":
    main()
