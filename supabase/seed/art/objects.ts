/** Illustrations of upgrades and services: one object or scene per motif on a soft studio background. */
import type { Random } from '../random.ts';
import type { Motif } from '../content/extras.ts';
import { HEIGHT, WIDTH, circle, ellipse, glazing, group, line, path, poly, rect, shadow, stripes, svg, text } from './svg.ts';

const FLOOR = 640;
const backgrounds: [string, string][] = [['#e8f1f7', '#cfe1ee'], ['#f3efe6', '#e4dccb'], ['#edf5ea', '#d6e8cf'], ['#f6ece8', '#ead5cc'], ['#eeeef6', '#d9d9ea']];

const wall = (x: number, y: number, w: number, h: number) => rect(x, y, w, h, '#f7f4ee') + rect(x, y + h - 8, w, 8, '#d8d2c6');
const house = (x: number, y: number, s: number, color: string, roof: string) =>
  rect(x, y, 200 * s, 140 * s, color) + poly([[x - 20 * s, y + 4], [x + 100 * s, y - 90 * s], [x + 220 * s, y + 4]], roof) +
  rect(x + 80 * s, y + 60 * s, 40 * s, 80 * s, '#3b3f45') + glazing(x + 20 * s, y + 30 * s, 40 * s, 35 * s, '#3b3f45') + glazing(x + 140 * s, y + 30 * s, 40 * s, 35 * s, '#3b3f45');
const panel = (x: number, y: number, w: number, h: number) => {
  let out = rect(x, y, w, h, '#1d3557', { stroke: '#cfd8e3', 'stroke-width': 4 });
  for (let i = 1; i < 4; i++) out += line(x + (w * i) / 4, y, x + (w * i) / 4, y + h, '#4d6c8f', 2);
  out += line(x, y + h / 2, x + w, y + h / 2, '#4d6c8f', 2);
  return out;
};
const drop = (x: number, y: number, s: number, color: string) => path(`M${x} ${y} C ${x - 14 * s} ${y + 22 * s} ${x - 14 * s} ${y + 40 * s} ${x} ${y + 40 * s} C ${x + 14 * s} ${y + 40 * s} ${x + 14 * s} ${y + 22 * s} ${x} ${y} Z`, color);
const bolt = (x: number, y: number, s: number, color: string) => poly([[x, y], [x - 30 * s, y + 60 * s], [x - 5 * s, y + 60 * s], [x - 15 * s, y + 110 * s], [x + 30 * s, y + 40 * s], [x + 5 * s, y + 40 * s], [x + 15 * s, y]], color);
const leaf = (x: number, y: number, s: number, color: string) => path(`M${x} ${y} C ${x + 60 * s} ${y - 70 * s} ${x + 140 * s} ${y - 40 * s} ${x + 150 * s} ${y - 120 * s} C ${x + 170 * s} ${y - 10 * s} ${x + 80 * s} ${y + 40 * s} ${x} ${y} Z`, color);

const draw: Record<Motif, (rng: Random) => string> = {
  // Panels lie on both roof slopes (36.6° for a 350 × 260 roof half).
  solar: () => poly([[250, 560], [600, 300], [950, 560]], '#8a5a3b') + group(panel(40, -92, 150, 88) + panel(200, -92, 150, 88), 'translate(250,560) rotate(-36.6)') +
    group(panel(60, -92, 150, 88) + panel(220, -92, 150, 88), 'translate(600,300) rotate(36.6)') + circle(1000, 160, 70, '#f5c84c') + rect(300, 560, 600, 80, '#f2f0ea'),
  battery: () => wall(250, 120, 700, 520) + rect(480, 200, 240, 380, '#f5f5f5', { rx: 24, stroke: '#c9ced4', 'stroke-width': 6 }) +
    [0, 1, 2, 3].map((i) => rect(530, 470 - i * 70, 140, 50, i < 3 ? '#4caf50' : '#cfd8dc', { rx: 8 })).join('') + bolt(600, 230, 0.8, '#f2b441'),
  'heat-pump': () => wall(150, 120, 900, 520) + rect(380, 330, 440, 290, '#eceff1', { rx: 18, stroke: '#b0bec5', 'stroke-width': 6 }) +
    circle(520, 475, 110, '#cfd8dc') + circle(520, 475, 95, '#90a4ae') + [0, 60, 120, 180, 240, 300].map((a) => group(ellipse(520, 420, 22, 50, '#eceff1'), `rotate(${a} 520 475)`)).join('') +
    circle(520, 475, 18, '#546e7a') + stripes(660, 360, 130, 230, 16, '#b0bec5', 4) + rect(400, 620, 30, 20, '#78909c') + rect(770, 620, 30, 20, '#78909c'),
  insulation: () => [['#8d6e63', 0], ['#d7b98e', 90], ['#f2d9a0', 200], ['#e0e0e0', 300], ['#bcaaa4', 360]].map(([c, o]) => rect(300 + (o as number), 180, o === 90 ? 110 : 90, 440, c as string)).join('') +
    stripes(390, 180, 110, 440, 12, '#c9a46d', 3) + line(250, 300, 1000, 300, '#e57373', 8, { 'stroke-dasharray': '20 16' }) + poly([[1000, 280], [1040, 300], [1000, 320]], '#e57373'),
  'rain-tank': () => house(260, 330, 1, '#f2f0ea', '#546e7a') + rect(460, 330, 16, 230, '#78909c') + ellipse(700, 330, 120, 30, '#4f8fba') + rect(580, 330, 240, 270, '#5fa3cf') +
    ellipse(700, 600, 120, 30, '#4f8fba') + stripes(580, 340, 240, 250, 40, '#4f8fba', 3) + drop(680, 130, 1.4, '#5fa3cf') + drop(760, 190, 1, '#5fa3cf') + drop(620, 210, 1, '#5fa3cf'),
  greywater: () => rect(500, 260, 200, 340, '#eceff1', { rx: 20, stroke: '#90a4ae', 'stroke-width': 6 }) + circle(600, 360, 50, '#80cbc4') +
    path('M250 300 H 500', 'none', { stroke: '#8d99a6', 'stroke-width': 26 }) + path('M700 520 H 950 V 640', 'none', { stroke: '#4fa3c7', 'stroke-width': 26 }) + drop(600, 330, 1.2, '#ffffff') +
    poly([[420, 280], [460, 300], [420, 320]], '#5f6b77') + poly([[880, 500], [920, 520], [880, 540]], '#2f7fa8'),
  'water-heater': () => wall(250, 100, 700, 540) + rect(500, 160, 200, 440, '#f5f5f5', { rx: 90, stroke: '#c9ced4', 'stroke-width': 6 }) + circle(600, 300, 40, '#ffffff', { stroke: '#90a4ae', 'stroke-width': 6 }) +
    line(600, 300, 625, 280, '#e57373', 5) + rect(560, 420, 80, 14, '#ef9a9a', { rx: 7 }) + rect(560, 450, 80, 14, '#90caf9', { rx: 7 }),
  kitchen: () => wall(100, 80, 1000, 560) + rect(180, 400, 840, 200, '#d9b27c') + rect(170, 390, 860, 20, '#eeeeee') +
    [0, 1, 2, 3].map((i) => rect(200 + i * 205, 430, 180, 150, '#e8dcc8', { stroke: '#c8b89c', 'stroke-width': 4 }) + rect(270 + i * 205, 445, 40, 8, '#8a7a60')).join('') +
    rect(420, 370, 200, 20, '#2b2b2b') + circle(470, 380, 16, '#555') + circle(570, 380, 16, '#555') + poly([[440, 180], [600, 180], [640, 250], [400, 250]], '#b0bec5') + rect(500, 100, 40, 80, '#b0bec5') +
    rect(720, 170, 240, 120, '#e8dcc8') + circle(820, 360, 18, '#8bc34a'),
  bathroom: () => wall(100, 80, 1000, 560) + rect(180, 140, 320, 480, '#dbeef7', { stroke: '#b0bec5', 'stroke-width': 6, opacity: 0.9 }) + line(340, 160, 340, 220, '#90a4ae', 6) + circle(340, 230, 26, '#90a4ae') +
    rect(620, 380, 170, 40, '#ffffff', { rx: 14, stroke: '#cfd8dc', 'stroke-width': 4 }) + rect(660, 420, 90, 200, '#f5f5f5') + rect(860, 420, 160, 80, '#ffffff', { rx: 30, stroke: '#cfd8dc', 'stroke-width': 4 }) +
    rect(880, 500, 120, 120, '#f5f5f5') + ellipse(940, 330, 60, 80, '#cfe8f5', { stroke: '#b0bec5', 'stroke-width': 5 }),
  furniture: () => wall(100, 80, 1000, 560) + [0, 1, 2, 3, 4, 5].map((i) => rect(300 + i * 90, 580 - (i + 1) * 70, 90 + (5 - i) * 0, (i + 1) * 70, '#d9b27c', { stroke: '#a9824f', 'stroke-width': 4 }) +
    rect(325 + i * 90, 600 - (i + 1) * 70 + 30, 40, 8, '#7d5334')).join('') + rect(840, 150, 200, 160, '#e8dcc8'),
  deck: () => poly([[120, 640], [1080, 640], [900, 440], [300, 440]], '#c98b52') + [0, 1, 2, 3, 4, 5, 6, 7].map((i) => line(300 + i * 85, 440, 120 + i * 137, 640, '#9a6437', 3)).join('') +
    rect(330, 160, 24, 290, '#7d5334') + rect(850, 160, 24, 290, '#7d5334') + rect(300, 150, 600, 24, '#7d5334') + [0, 1, 2, 3, 4, 5, 6].map((i) => rect(320 + i * 85, 130, 16, 60, '#9a6437')).join('') +
    circle(400, 170, 30, '#6aa84f') + circle(520, 150, 26, '#6aa84f') + circle(780, 165, 30, '#6aa84f'),
  'green-roof': () => house(330, 330, 1.3, '#f2f0ea', '#6d8f3c') +
    path('M304 328 L 460 209 L 616 328', 'none', { stroke: '#4f8a2b', 'stroke-width': 24, 'stroke-linejoin': 'round' }) +
    ([[345, 290], [390, 256], [430, 224], [495, 228], [540, 262], [585, 296]] as const).map(([x, y], i) => circle(x, y, 10, i % 2 ? '#f5d06f' : '#e57373')).join(''),
  cladding: (rng) => rng.chance(0.5)
    ? rect(200, 100, 800, 520, '#2e2a27') + stripes(200, 100, 800, 520, 40, '#4a433d', 6) + [0, 1, 2].map((i) => rect(240 + i * 260, 160, 200, 400, '#000000', { opacity: 0.08 })).join('')
    : rect(200, 100, 800, 520, '#a8553a') + Array.from({ length: 13 }, (_row, r) => Array.from({ length: 11 }, (_brick, c) => rect(200 + c * 80 - (r % 2) * 40, 100 + r * 40, 74, 34, rng.pick(['#b5613f', '#9c4a30', '#c06d4a']))).join('')).join(''),
  thermostat: () => wall(150, 100, 900, 540) + circle(480, 360, 150, '#fafafa', { stroke: '#cfd8dc', 'stroke-width': 10 }) + circle(480, 360, 110, '#263238') +
    text(480, 385, '21°', 72, '#80cbc4') + rect(740, 220, 170, 320, '#263238', { rx: 26 }) + rect(755, 250, 140, 250, '#e0f2f1') + rect(775, 280, 100, 20, '#4db6ac') + rect(775, 320, 70, 20, '#80cbc4') + rect(775, 360, 90, 20, '#b2dfdb'),
  'ev-charger': () => wall(100, 120, 1000, 520) + rect(220, 250, 150, 220, '#eceff1', { rx: 20, stroke: '#90a4ae', 'stroke-width': 6 }) + bolt(295, 300, 0.6, '#4caf50') +
    path('M295 470 C 300 620 500 600 560 520', 'none', { stroke: '#263238', 'stroke-width': 12 }) +
    path('M480 600 L 540 500 Q 600 430 700 430 L 900 430 Q 980 440 1020 520 L 1050 600 Z', '#2a6f97') + glazing(620, 455, 110, 50, '#1c4d69') + glazing(760, 455, 130, 50, '#1c4d69') +
    circle(600, 610, 42, '#263238') + circle(960, 610, 42, '#263238'),
  camera: () => rect(580, 250, 24, 390, '#78909c') + group(rect(0, 0, 170, 80, '#eceff1', { rx: 18 }) + circle(150, 40, 28, '#263238') + circle(150, 40, 12, '#4fc3f7'), 'translate(470,270) rotate(12)') +
    group(panel(0, 0, 140, 80), 'translate(540,150) rotate(-20)') + circle(990, 150, 60, '#f5c84c'),
  blueprint: () => group(rect(0, 0, 700, 460, '#1f4e79') + Array.from({ length: 14 }, (_, i) => line(i * 50, 0, i * 50, 460, '#2d6aa3', 1)).join('') + Array.from({ length: 10 }, (_, i) => line(0, i * 50, 700, i * 50, '#2d6aa3', 1)).join('') +
    path('M120 90 H 560 V 370 H 120 Z M 330 90 V 250 M 120 250 H 450', 'none', { stroke: '#ffffff', 'stroke-width': 6 }) + text(240, 180, 'LIVING', 22, '#ffffff') + text(450, 180, 'BED', 22, '#ffffff'), 'translate(250,130) rotate(-4)') +
    group(rect(0, 0, 300, 22, '#f2b441') + poly([[300, 0], [340, 11], [300, 22]], '#f5d6a1'), 'translate(720,560) rotate(-30)'),
  'interior-design': (rng) => [0, 1, 2, 3, 4].map((i) => rect(220 + i * 110, 160, 90, 200, rng.pick(['#c26a4a', '#5f7f6a', '#e8dcc8', '#3f5c7a', '#d9b27c', '#a98b6b']), { rx: 10 })).join('') +
    rect(300, 470, 460, 90, '#5f7f6a', { rx: 24 }) + rect(280, 520, 500, 80, '#5f7f6a', { rx: 20 }) + line(900, 250, 900, 600, '#3b3b3b', 6) + poly([[850, 250], [950, 250], [920, 180], [880, 180]], '#f2b441'),
  permit: () => group(rect(0, 0, 440, 560, '#ffffff', { stroke: '#cfd8dc', 'stroke-width': 4 }) + [0, 1, 2, 3, 4, 5, 6, 7].map((i) => rect(50, 80 + i * 50, i % 3 === 2 ? 220 : 340, 14, '#cfd8dc', { rx: 7 })).join('') +
    text(220, 60, 'BUILDING PERMIT', 26, '#37474f'), 'translate(320,70) rotate(-3)') + circle(760, 480, 95, 'none', { stroke: '#2e7d32', 'stroke-width': 14 }) + text(760, 497, 'OK', 52, '#2e7d32'),
  excavator: () => rect(0, FLOOR - 40, WIDTH, 40, '#8d6e63') + rect(380, 440, 300, 120, '#f2b441') + rect(420, 360, 140, 90, '#f2b441') + glazing(440, 375, 90, 55, '#37474f') +
    rect(360, 560, 360, 50, '#37474f', { rx: 25 }) + path('M680 470 L 850 330 L 930 430', 'none', { stroke: '#e0a030', 'stroke-width': 30 }) + poly([[900, 420], [980, 430], [950, 500], [890, 480]], '#546e7a') +
    [0, 1, 2].map((i) => rect(200 + i * 40, 470 - i * 10, 14, 130 + i * 10, '#90a4ae')).join(''),
  'crane-module': () => rect(160, 140, 30, 500, '#f2b441') + rect(160, 130, 760, 26, '#f2b441') + [0, 1, 2, 3, 4, 5, 6, 7].map((i) => line(190 + i * 90, 156, 280 + i * 90, 130, '#c98f20', 4)).join('') +
    line(700, 156, 700, 300, '#37474f', 4) + line(700, 300, 560, 340, '#37474f', 3) + line(700, 300, 840, 340, '#37474f', 3) + rect(540, 340, 320, 150, '#c98b52') + stripes(540, 340, 320, 150, 18, '#9a6437', 2) + glazing(590, 380, 110, 70, '#2b2b2b') +
    rect(420, 560, 520, 80, '#b0bec5') + rect(100, 600, 160, 40, '#546e7a'),
  utilities: () => house(420, 250, 1.3, '#f2f0ea', '#546e7a') + rect(0, 460, WIDTH, HEIGHT - 460, '#a1887f') + path('M0 540 H 500 V 430', 'none', { stroke: '#4fa3c7', 'stroke-width': 22 }) +
    path('M0 600 H 600 V 430', 'none', { stroke: '#f2b441', 'stroke-width': 16 }) + path('M1200 570 H 700 V 430', 'none', { stroke: '#78909c', 'stroke-width': 26 }) + path('M1200 630 H 760 V 430', 'none', { stroke: '#7cb342', 'stroke-width': 12 }),
  truck: () => rect(0, FLOOR - 20, WIDTH, 20, '#78909c') + rect(200, 470, 720, 40, '#37474f') + rect(920, 390, 170, 120, '#e2463d', { rx: 12 }) + glazing(990, 410, 80, 50, '#37474f') +
    rect(230, 290, 660, 180, '#f2f0ea') + stripes(230, 290, 660, 180, 30, '#d8d2c6', 3) + glazing(300, 330, 200, 90, '#2b2b2b', 2) + rect(230, 285, 660, 12, '#2b2b2b') +
    [300, 420, 780, 1010].map((x) => circle(x, 540, 42, '#263238') + circle(x, 540, 16, '#90a4ae')).join('') + rect(180, 250, 200, 30, '#f2b441') + text(280, 273, 'WIDE LOAD', 20, '#263238'),
  finance: () => house(240, 360, 1.2, '#f2f0ea', '#2f6f4e') + [0, 1, 2, 3, 4, 5].map((i) => ellipse(760, 600 - i * 34, 110, 30, i % 2 ? '#f2b441' : '#e0a030', { stroke: '#b8832a', 'stroke-width': 3 })).join('') +
    [0, 1, 2, 3].map((i) => ellipse(960, 600 - i * 34, 90, 26, i % 2 ? '#f2b441' : '#e0a030', { stroke: '#b8832a', 'stroke-width': 3 })).join('') + text(760, 430, '€', 90, '#2f6f4e'),
  'energy-advice': () => ['#1b8a3c', '#5ab034', '#b6d433', '#fff200', '#fbb321', '#f06b23', '#e31d23'].map((c, i) => poly([[300, 150 + i * 62], [440 + i * 55, 150 + i * 62], [470 + i * 55, 178 + i * 62], [440 + i * 55, 206 + i * 62], [300, 206 + i * 62]], c) +
    text(330, 192 + i * 62, 'ABCDEFG'[i]!, 34, '#ffffff')).join('') + leaf(780, 520, 1.6, '#4caf50') + line(780, 520, 900, 440, '#2e7d32', 6),
  inspection: () => group(rect(0, 0, 380, 500, '#d9b27c', { rx: 20 }) + rect(30, 50, 320, 420, '#ffffff') + rect(130, -20, 120, 50, '#78909c', { rx: 10 }) +
    [0, 1, 2, 3, 4].map((i) => path(`M60 ${110 + i * 70} l 18 18 l 30 -36`, 'none', { stroke: '#2e7d32', 'stroke-width': 8 }) + rect(130, 110 + i * 70, 180, 14, '#cfd8dc', { rx: 7 })).join(''), 'translate(260,120) rotate(-5)') +
    circle(800, 380, 120, '#e3f2fd', { stroke: '#37474f', 'stroke-width': 22 }) + line(885, 465, 1000, 590, '#37474f', 34),
};

export function objectPicture(motif: Motif, rng: Random, id: string): string {
  const [top, bottom] = rng.pick(backgrounds);
  const background = `<defs><linearGradient id="bg-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>` +
    rect(0, 0, WIDTH, HEIGHT, `url(#bg-${id})`) + rect(0, FLOOR, WIDTH, HEIGHT - FLOOR, bottom) + shadow(600, FLOOR + 8, 380);
  return svg(background + draw[motif](rng));
}
