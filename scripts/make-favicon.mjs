// Draws Vidfolio's mark (the orange rounded square with a white play triangle, as components/ui/logo.tsx)
// into public/favicon.ico: 16, 32 and 48 px PNG images in one ICO, with no image library.
// Run once when the mark changes: node scripts/make-favicon.mjs
import fs from "node:fs";
import { deflateSync } from "node:zlib";

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

const FROM = [0xfb, 0x92, 0x3c]; // brand-400
const TO = [0xea, 0x58, 0x0c]; // brand-600

/** Coverage of the mark at a point of the unit square: [inSquare, inTriangle]. */
function sample(x, y) {
  const r = 0.22; // corner radius
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  const inSquare = (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  // The logo's triangle (8,5.5)-(8,18.5)-(18.5,12) in a 24-unit box drawn at half the square's size, centred.
  const u = ((x - 0.25) / 0.5) * 24;
  const v = ((y - 0.25) / 0.5) * 24;
  const inTriangle = u >= 8 && v >= 5.5 + ((u - 8) * 6.5) / 10.5 && v <= 18.5 - ((u - 8) * 6.5) / 10.5;
  return [inSquare, inTriangle];
}

function png(size) {
  const n = 4; // 4×4 samples per pixel
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let square = 0;
      let white = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const [s, t] = sample((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (s) square++;
          if (s && t) white++;
        }
      const t = (px + py) / (2 * size);
      const base = FROM.map((c, i) => Math.round(c + (TO[i] - c) * t));
      const w = white / square || 0;
      const rgb = base.map((c) => Math.round(c * (1 - w) + 255 * w));
      row.set([...rgb, Math.round((255 * square) / (n * n))], 1 + px * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}

const sizes = [16, 32, 48];
const images = sizes.map(png);
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((size, i) => {
  const e = Buffer.alloc(16);
  e[0] = size;
  e[1] = size;
  e.writeUInt16LE(1, 4); // planes
  e.writeUInt16LE(32, 6); // bits per pixel
  e.writeUInt32LE(images[i].length, 8);
  e.writeUInt32LE(offset, 12);
  offset += images[i].length;
  return e;
});
fs.writeFileSync(new URL("../public/favicon.ico", import.meta.url), Buffer.concat([header, ...entries, ...images]));
console.log(`public/favicon.ico: ${sizes.join(", ")} px`);
