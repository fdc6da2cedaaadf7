"""Plot the ratio paddle_c / NumPy per row for each ISA setting as a PNG.

    python benchmarks/plot_ratios.py OUT.png LABEL=TABLE.md [LABEL=TABLE.md ...]

Each TABLE.md is the output of ``benchmarks/run.py --markdown`` for one setting (for example
``best=best.md avx2=avx2.md``). The chart has one line of bars per case (in the order of the
first table), one bar per setting, on a log2 axis from 1/16 to 4 with the line of equal speed
(ratio 1) drawn dark: a bar ending left of it is a row where paddle_c is faster. Gridlines mark
1/4, 1/2 and 2. Rows are numbered at the left; the legend (row number -> case, colour ->
setting) is printed on stdout.

[Why an own PNG writer] The benchmark environment has no plotting library and this script must
not add one: the chart is rectangles and digits, so a raster, a 3x5 digit font and zlib do.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib

COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40), (148, 103, 189)]
LO, HI = 1 / 16, 4.0
# 3x5 glyphs, rows top to bottom, 3 bits each (left bit first)
FONT = {
    "0": (7, 5, 5, 5, 7), "1": (2, 6, 2, 2, 7), "2": (7, 1, 7, 4, 7), "3": (7, 1, 7, 1, 7),
    "4": (5, 5, 7, 1, 1), "5": (7, 4, 7, 1, 7), "6": (7, 4, 7, 5, 7), "7": (7, 1, 1, 1, 1),
    "8": (7, 5, 7, 5, 7), "9": (7, 5, 7, 1, 7), ".": (0, 0, 0, 0, 2), "/": (1, 1, 2, 4, 4),
}


def read_table(path: str) -> list[tuple[str, float]]:
    """(group/case, ratio) for each row of a run.py Markdown table."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 5 and cells[0] not in ("group", "---"):
                try:
                    rows.append((f"{cells[0]}/{cells[1]}", float(cells[4])))
                except ValueError:
                    continue
    return rows


class Canvas:
    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.px = bytearray(b"\xff" * (w * h * 3))

    def rect(self, x0: int, y0: int, x1: int, y1: int, rgb) -> None:
        for y in range(max(0, y0), min(self.h, y1)):
            row = y * self.w
            for x in range(max(0, x0), min(self.w, x1)):
                self.px[3 * (row + x):3 * (row + x) + 3] = bytes(rgb)

    def text(self, x: int, y: int, s: str, scale: int = 2) -> None:
        for ch in s:
            for r, bits in enumerate(FONT.get(ch, (0,) * 5)):
                for c in range(3):
                    if bits >> (2 - c) & 1:
                        self.rect(x + c * scale, y + r * scale, x + (c + 1) * scale,
                                  y + (r + 1) * scale, (0, 0, 0))
            x += 4 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(self.px[3 * y * self.w:3 * (y + 1) * self.w])
                       for y in range(self.h))

        def chunk(tag: bytes, data: bytes) -> bytes:
            return (struct.pack(">I", len(data)) + tag + data
                    + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))

        head = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(argv: list[str]) -> int:
    if len(argv) < 2 or any("=" not in a for a in argv[1:]):
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[0]
    settings = [a.split("=", 1) for a in argv[1:]]
    tables = [dict(read_table(path)) for _, path in settings]
    cases = list(dict(read_table(settings[0][1])))
    bar, gap, left, width = 6, 6, 40, 600
    line_h = bar * len(settings) + gap
    cv = Canvas(left + width + 20, 30 + line_h * len(cases) + 10)

    def x_of(r: float) -> int:
        r = min(max(r, LO), HI)
        return left + int(width * (math.log2(r) - math.log2(LO)) / (math.log2(HI) - math.log2(LO)))

    for tick, label in ((0.25, "1/4"), (0.5, ".5"), (1.0, "1"), (2.0, "2"), (4.0, "4")):
        shade = (60, 60, 60) if tick == 1.0 else (210, 210, 210)
        cv.rect(x_of(tick), 26, x_of(tick) + (2 if tick == 1.0 else 1), cv.h - 6, shade)
        cv.text(x_of(tick) - 4, 8, label)
    for i, case in enumerate(cases):
        y = 30 + i * line_h
        cv.text(4, y + 1, str(i + 1))
        for k, table in enumerate(tables):
            if case in table:
                cv.rect(left, y + k * bar, x_of(table[case]), y + (k + 1) * bar - 1,
                        COLOURS[k % len(COLOURS)])
    with open(out, "wb") as f:
        f.write(cv.png())
    names = ["blue", "orange", "green", "red", "purple"]
    for k, (label, _) in enumerate(settings):
        print(f"{names[k % len(names)]}: {label}")
    for i, case in enumerate(cases):
        ratios = ", ".join(f"{t[case]:.2f}" if case in t else "-" for t in tables)
        print(f"{i + 1}. {case}: {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
