#!/usr/bin/env node
// The README's picture of the playground, taken from the real built demo so that it stays true:
// `pnpm --filter @chat-list/demo run docs:screenshot` writes packages/chat-list/docs/images/demo.png.
// It uses apps/demo/dist when it is built (run `vite build` here otherwise, after the packages'
// builds), serves it on 127.0.0.1, opens it in the system Chromium the browser tests use, waits
// until the list has rendered its rows and settled at the bottom (conditions, never a sleep),
// and saves the whole page, 1200 px wide, re-compressed to keep the repository small.
import { frames, launchChromium, serveStatic, watchPage } from '@chat-list/browser-harness';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, inflateSync } from 'node:zlib';

const DEMO_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(DEMO_DIR, 'dist');
const OUTPUT = join(DEMO_DIR, '..', '..', 'packages', 'chat-list', 'docs', 'images', 'demo.png');
/** A fixed seed, so the picture changes only when the demo does. */
const QUERY = '?seed=7&count=60';
/** The width of the picture; its height is the page's (about 920 px: the toolbar, the list, the status line). */
const WIDTH = 1200;
const SCROLLER = '[data-chat-list-scroller]';
const WAIT = 30_000;

if (!existsSync(join(DIST, 'index.html'))) {
  console.log('apps/demo/dist is not built: running `vite build` in apps/demo.');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: DEMO_DIR, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = await serveStatic(DIST);
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: 750 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const { problems } = watchPage(page);
  // The messages' times count back from now: a fixed clock keeps the picture the same from run to run.
  await page.clock.setFixedTime(new Date('2025-06-02T11:30:00'));
  await page.goto(`${server.url}/${QUERY}`);
  await page.locator(`${SCROLLER} [data-index]`).first().waitFor({ timeout: WAIT });
  // The whole page in view, nothing cut off below the list.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: WIDTH, height });
  // Settled: at the bottom, not scrolling, every image decoded and the web fonts loaded.
  await page.waitForFunction(
    (scroller) => {
      const list = document.querySelector(scroller);
      if (list === null || list.clientHeight === 0) return false;
      const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 1.5;
      const status = document.querySelector('[data-testid="status-scrolling"]');
      const images = [...document.images].every((image) => image.complete);
      return atBottom && images && document.fonts.status === 'loaded' && !/yes/i.test(status?.textContent ?? '');
    },
    SCROLLER,
    { timeout: WAIT, polling: 'raf' },
  );
  await frames(page, 5);
  if (problems.length > 0) throw new Error(`The demo logged problems:\n${problems.join('\n')}`);
  const png = recompress(await page.screenshot({ type: 'png', animations: 'disabled' }));
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, png);
  console.log(`Wrote ${relative(process.cwd(), OUTPUT)} (${(png.length / 1000).toFixed(1)} kB).`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

/**
 * Chromium writes its PNGs for speed. This re-encodes an 8-bit RGB or RGBA, non-interlaced PNG
 * with the filter of least sum per row and deflate at level 9, and drops the alpha channel when
 * every pixel is opaque; pixels are unchanged. Anything else is returned as it is.
 */
function recompress(png) {
  const chunks = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const header = chunks.find((chunk) => chunk.type === 'IHDR')?.data;
  if (header === undefined) return png;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = header.subarray(8);
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) return png;
  const channels = colorType === 6 ? 4 : 3;
  const pixels = unfilter(
    inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data))),
    width,
    height,
    channels,
  );
  let raw = pixels;
  let outChannels = channels;
  if (channels === 4 && pixels.every((value, index) => index % 4 !== 3 || value === 255)) {
    raw = Buffer.alloc(width * height * 3);
    for (let source = 0, target = 0; source < pixels.length; source += 4, target += 3) {
      raw[target] = pixels[source];
      raw[target + 1] = pixels[source + 1];
      raw[target + 2] = pixels[source + 2];
    }
    outChannels = 3;
  }
  const newHeader = Buffer.from(header);
  newHeader[9] = outChannels === 4 ? 6 : 2;
  const data = deflateSync(filter(raw, width, height, outChannels), { level: 9, memLevel: 9 });
  return Buffer.concat([
    png.subarray(0, 8),
    chunk('IHDR', newHeader),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function paeth(a, b, c) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The raw pixels of filtered scanlines. */
function unfilter(data, width, height, channels) {
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const type = data[y * (stride + 1)];
    const line = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? out[row + x - channels] : 0;
      const up = y > 0 ? out[row - stride + x] : 0;
      const upLeft = y > 0 && x >= channels ? out[row - stride + x - channels] : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type];
      out[row + x] = (line[x] + predictor) & 0xff;
    }
  }
  return out;
}

/** Each scanline with the filter whose output has the smallest sum of absolute values. */
function filter(raw, width, height, channels) {
  const stride = width * channels;
  const out = Buffer.alloc((stride + 1) * height);
  const candidate = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let bestSum = Infinity;
    for (let type = 0; type < 5; type++) {
      let sum = 0;
      for (let x = 0; x < stride; x++) {
        const left = x >= channels ? raw[row + x - channels] : 0;
        const up = y > 0 ? raw[row - stride + x] : 0;
        const upLeft = y > 0 && x >= channels ? raw[row - stride + x - channels] : 0;
        const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type];
        const value = (raw[row + x] - predictor) & 0xff;
        candidate[x] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) {
        bestSum = sum;
        out[y * (stride + 1)] = type;
        candidate.copy(out, y * (stride + 1) + 1);
      }
    }
  }
  return out;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
