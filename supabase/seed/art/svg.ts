/**
 * A tiny vocabulary for the seed's illustrations: shapes as SVG strings, palettes, and the outdoor
 * scene (sky, sun, hills, ground, trees) buildings are drawn into. Everything is derived from a seeded
 * PRNG, so the same listing always gets the same picture.
 */
import type { Random } from '../random.ts';

export const WIDTH = 1200;
export const HEIGHT = 800;
export const GROUND = 600;

type Attrs = Record<string, string | number>;

const attrs = (a: Attrs) => Object.entries(a).map(([k, v]) => ` ${k}="${v}"`).join('');

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, fill, ...extra })}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) =>
  `<circle${attrs({ cx, cy, r, fill, ...extra })}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) =>
  `<ellipse${attrs({ cx, cy, rx, ry, fill, ...extra })}/>`;
export const poly = (points: [number, number][], fill: string, extra: Attrs = {}) =>
  `<polygon${attrs({ points: points.map(([x, y]) => `${x},${y}`).join(' '), fill, ...extra })}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 4, extra: Attrs = {}) =>
  `<line${attrs({ x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...extra })}/>`;
export const path = (d: string, fill: string, extra: Attrs = {}) => `<path${attrs({ d, fill, ...extra })}/>`;
export const text = (x: number, y: number, content: string, size: number, fill: string, extra: Attrs = {}) =>
  `<text${attrs({ x, y, 'font-size': size, fill, 'font-family': 'DejaVu Sans, Arial, sans-serif', 'font-weight': 'bold', 'text-anchor': 'middle', ...extra })}>${content}</text>`;
export const group = (content: string, transform?: string) => (transform ? `<g transform="${transform}">${content}</g>` : `<g>${content}</g>`);

/** Vertical stripes (cladding boards, container corrugation) inside a rectangle. */
export function stripes(x: number, y: number, w: number, h: number, gap: number, color: string, width = 2): string {
  let out = '';
  for (let sx = x + gap; sx < x + w; sx += gap) out += line(sx, y + 2, sx, y + h - 2, color, width, { 'stroke-linecap': 'butt' });
  return out;
}

/** A window: frame, glass with a soft reflection, and mullions. */
export function glazing(x: number, y: number, w: number, h: number, frame: string, panes = 1, glass = '#bfe0f2'): string {
  let out = rect(x - 5, y - 5, w + 10, h + 10, frame, { rx: 3 }) + rect(x, y, w, h, glass);
  out += poly([[x + w * 0.15, y + h], [x + w * 0.55, y], [x + w * 0.75, y], [x + w * 0.35, y + h]], '#ffffff', { opacity: 0.28 });
  for (let i = 1; i < panes; i++) out += rect(x + (w * i) / panes - 2, y, 4, h, frame);
  return out;
}

export interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: [string, string];
  ground: [string, string];
  tree: string;
  timber: string;
  timberDark: string;
  accent: string;
  trim: string;
}

const moods: Omit<Palette, 'timber' | 'timberDark' | 'accent' | 'trim'>[] = [
  { skyTop: '#7fbce6', skyBottom: '#e4f3fb', sun: '#fff3b0', hills: ['#9cc3a4', '#7fae8a'], ground: ['#8dbf6a', '#6fa552'], tree: '#2f6b45' },
  { skyTop: '#f19a6b', skyBottom: '#fde3c3', sun: '#fff0c9', hills: ['#c99a83', '#a97a6a'], ground: ['#a7b96a', '#879c50'], tree: '#3d5a3c' },
  { skyTop: '#33406f', skyBottom: '#e8a27f', sun: '#ffe1a8', hills: ['#6b5b7b', '#4f4563'], ground: ['#5f7f5a', '#4b6a48'], tree: '#23402f' },
  { skyTop: '#a9c3da', skyBottom: '#eef3f8', sun: '#ffffff', hills: ['#dfe8f0', '#c8d6e3'], ground: ['#f4f7fa', '#dde6ee'], tree: '#2c5544' },
  { skyTop: '#6fb0d6', skyBottom: '#dff1f7', sun: '#fff6c2', hills: ['#e4cf9c', '#d2b97f'], ground: ['#e8d6a6', '#d6c08a'], tree: '#4f7a45' },
];

const timbers: [string, string][] = [['#c98b52', '#9a6437'], ['#b07a4f', '#7d5334'], ['#d9b27c', '#a9824f'], ['#5b4a3f', '#3b302a'], ['#8c8f93', '#5f6368']];
const accents = ['#e2463d', '#2f6f4e', '#f2b441', '#2a6f97', '#6b4fa0', '#d97b29'];

/** A palette for one picture: the mood (weather, time of day) and the building's colours. */
export function palette(rng: Random, mood?: number): Palette {
  const m = moods[mood ?? rng.int(0, moods.length - 1)]!;
  const [timber, timberDark] = rng.pick(timbers);
  return { ...m, timber, timberDark, accent: rng.pick(accents), trim: rng.pick(['#2b2b2b', '#f5f5f0', '#3b3f45']) };
}

export function defs(p: Palette, id: string): string {
  return `<defs>
    <linearGradient id="sky-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
    <linearGradient id="ground-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.ground[0]}"/><stop offset="1" stop-color="${p.ground[1]}"/></linearGradient>
  </defs>`;
}

export function conifer(x: number, base: number, height: number, color: string): string {
  const w = height * 0.42;
  return rect(x - 5, base - height * 0.15, 10, height * 0.15, '#5a3d2b') +
    poly([[x, base - height], [x - w * 0.6, base - height * 0.45], [x + w * 0.6, base - height * 0.45]], color) +
    poly([[x, base - height * 0.75], [x - w, base - height * 0.12], [x + w, base - height * 0.12]], color);
}

export function broadleaf(x: number, base: number, height: number, color: string): string {
  return rect(x - 6, base - height * 0.45, 12, height * 0.45, '#6b4a33') +
    circle(x, base - height * 0.62, height * 0.3, color) + circle(x - height * 0.18, base - height * 0.5, height * 0.2, color) +
    circle(x + height * 0.2, base - height * 0.52, height * 0.22, color);
}

/** Sky, sun, two rows of hills (or mountains), ground, and trees on both sides. */
export function landscape(rng: Random, p: Palette, id: string, opts: { mountains?: boolean; trees?: 'conifer' | 'broadleaf' | 'none' } = {}): string {
  let out = defs(p, id) + rect(0, 0, WIDTH, HEIGHT, `url(#sky-${id})`);
  out += circle(rng.int(150, 1050), rng.int(90, 200), rng.int(40, 70), p.sun, { opacity: 0.9 });
  for (let c = 0; c < 3; c++) {
    const cx = rng.int(100, 1100);
    const cy = rng.int(80, 230);
    out += group(ellipse(cx, cy, 70, 22, '#ffffff', { opacity: 0.55 }) + ellipse(cx + 40, cy - 12, 45, 20, '#ffffff', { opacity: 0.55 }));
  }
  if (opts.mountains) {
    const peaks: [number, number][] = [[0, GROUND - 120]];
    for (let x = 0; x <= WIDTH; x += 200) peaks.push([x + 100, GROUND - rng.int(260, 380)], [x + 200, GROUND - rng.int(120, 200)]);
    peaks.push([WIDTH, GROUND], [0, GROUND]);
    out += poly(peaks, p.hills[1]);
    for (let i = 1; i < peaks.length - 2; i += 2) {
      const [px, py] = peaks[i]!;
      out += poly([[px, py], [px - 40, py + 55], [px - 10, py + 45], [px + 15, py + 60], [px + 40, py + 52]], '#ffffff', { opacity: 0.9 });
    }
  } else {
    out += path(`M0 ${GROUND - 90} Q 300 ${GROUND - rng.int(170, 230)} 600 ${GROUND - 110} T 1200 ${GROUND - 120} L1200 ${GROUND} L0 ${GROUND} Z`, p.hills[0]);
    out += path(`M0 ${GROUND - 40} Q 400 ${GROUND - rng.int(110, 150)} 800 ${GROUND - 50} T 1200 ${GROUND - 60} L1200 ${GROUND} L0 ${GROUND} Z`, p.hills[1]);
  }
  out += rect(0, GROUND, WIDTH, HEIGHT - GROUND, `url(#ground-${id})`);
  const kind = opts.trees ?? 'conifer';
  if (kind !== 'none') {
    const tree = kind === 'conifer' ? conifer : broadleaf;
    for (const x of [rng.int(40, 110), rng.int(140, 210), rng.int(990, 1060), rng.int(1100, 1170)]) {
      out += tree(x, GROUND + rng.int(0, 25), rng.int(150, 240), p.tree);
    }
  }
  return out;
}

export const svg = (content: string, width = WIDTH, height = HEIGHT) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${content}</svg>`;

/** A soft ground shadow under an object. */
export const shadow = (cx: number, cy: number, rx: number) => ellipse(cx, cy, rx, rx * 0.12, '#000000', { opacity: 0.15 });
