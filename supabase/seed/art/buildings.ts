/** Exterior illustrations: one drawing per space type, varied by the seeded palette. */
import type { Random } from '../random.ts';
import type { SpaceType } from '../content/properties.ts';
import {
  GROUND, circle, glazing, group, landscape, line, palette, poly, rect, shadow, stripes, svg, text, type Palette,
} from './svg.ts';

const solarPanels = (x: number, y: number, count: number, w = 60, h = 36) => {
  let out = '';
  for (let i = 0; i < count; i++) out += rect(x + i * (w + 6), y, w, h, '#1d3557', { stroke: '#a8c5e0', 'stroke-width': 2 }) + line(x + i * (w + 6), y + h / 2, x + i * (w + 6) + w, y + h / 2, '#a8c5e0', 1);
  return out;
};

function aFrame(p: Palette, rng: Random): string {
  const cx = 600;
  const w = rng.int(380, 460);
  const h = rng.int(330, 380);
  let out = shadow(cx, GROUND + 10, w * 0.7);
  out += rect(cx - w / 2 - 60, GROUND - 30, w + 120, 30, p.timberDark);
  out += stripes(cx - w / 2 - 60, GROUND - 30, w + 120, 30, 30, p.timber, 2);
  out += poly([[cx, GROUND - 30 - h], [cx - w / 2, GROUND - 30], [cx + w / 2, GROUND - 30]], p.timberDark);
  out += poly([[cx, GROUND - h], [cx - w / 2 + 40, GROUND - 30], [cx + w / 2 - 40, GROUND - 30]], p.timber);
  out += poly([[cx, GROUND - h + 45], [cx - w / 2 + 85, GROUND - 30], [cx + w / 2 - 85, GROUND - 30]], '#bfe0f2');
  out += poly([[cx - 20, GROUND - h + 90], [cx - 100, GROUND - 30], [cx - 60, GROUND - 30], [cx + 10, GROUND - h + 120]], '#ffffff', { opacity: 0.25 });
  out += line(cx, GROUND - h + 45, cx, GROUND - 30, p.trim, 6) + line(cx - w / 4 + 20, GROUND - h / 2 - 10, cx + w / 4 - 20, GROUND - h / 2 - 10, p.trim, 6);
  out += rect(cx - 35, GROUND - 150, 70, 120, p.accent) + circle(cx + 22, GROUND - 90, 5, '#f5d06f');
  out += rect(cx + w / 5, GROUND - h + 60, 24, 70, '#4a4a4a');
  return out;
}

function tinyHome(p: Palette, rng: Random): string {
  const x = rng.int(330, 380);
  const w = 460;
  let out = shadow(600, GROUND + 15, 300);
  out += rect(x - 40, GROUND - 60, w + 100, 14, '#3b3b3b') + line(x - 40, GROUND - 53, x - 90, GROUND - 30, '#3b3b3b', 8);
  out += circle(x + 150, GROUND - 20, 34, '#222') + circle(x + 150, GROUND - 20, 14, '#999') + circle(x + 235, GROUND - 20, 34, '#222') + circle(x + 235, GROUND - 20, 14, '#999');
  out += poly([[x, GROUND - 60], [x, GROUND - 300], [x + w, GROUND - 340], [x + w, GROUND - 60]], p.timber);
  out += stripes(x, GROUND - 300, w, 240, 22, p.timberDark, 2);
  out += poly([[x - 20, GROUND - 295], [x + w + 20, GROUND - 345], [x + w + 20, GROUND - 330], [x - 20, GROUND - 280]], p.trim);
  out += glazing(x + 40, GROUND - 250, 150, 110, p.trim, 2) + glazing(x + w - 120, GROUND - 280, 80, 80, p.trim);
  out += rect(x + 240, GROUND - 230, 80, 170, p.accent) + circle(x + 305, GROUND - 145, 5, '#f5d06f');
  out += rect(x + 230, GROUND - 60, 100, 12, p.timberDark) + rect(x + 240, GROUND - 40, 80, 10, p.timberDark);
  return out;
}

function container(x: number, y: number, w: number, h: number, color: string, dark: string): string {
  return rect(x, y, w, h, color) + stripes(x, y, w, h, 14, dark, 3) + rect(x, y, w, 10, dark) + rect(x, y + h - 10, w, 10, dark) +
    rect(x, y, 10, h, dark) + rect(x + w - 10, y, 10, h, dark);
}

function containerHome(p: Palette, rng: Random): string {
  const colors: [string, string][] = [['#c2502f', '#8f3820'], ['#2a6f97', '#1c4d69'], ['#4f7f52', '#355a38'], ['#d9a441', '#a87b2a'], ['#7b8a95', '#56636c']];
  const [c1, d1] = rng.pick(colors);
  const [c2, d2] = rng.pick(colors);
  const stacked = rng.chance(0.5);
  let out = shadow(600, GROUND + 10, 360);
  out += container(250, GROUND - 170, 560, 170, c1, d1);
  out += glazing(320, GROUND - 140, 220, 120, '#2b2b2b', 3) + rect(600, GROUND - 150, 80, 140, '#3a3a3a') + rect(612, GROUND - 140, 56, 120, '#bfe0f2');
  if (stacked) {
    out += container(450, GROUND - 340, 560, 170, c2, d2);
    out += glazing(700, GROUND - 310, 250, 110, '#2b2b2b', 3);
    out += rect(450, GROUND - 175, 10, 5, d2) + line(830, GROUND - 170, 830, GROUND - 20, '#2b2b2b', 6);
    for (let i = 0; i < 6; i++) out += line(830, GROUND - 160 + i * 25, 880, GROUND - 160 + i * 25, '#2b2b2b', 4);
  } else {
    out += rect(810, GROUND - 40, 160, 40, p.timber) + stripes(810, GROUND - 40, 160, 40, 20, p.timberDark, 2);
    out += poly([[800, GROUND - 190], [990, GROUND - 190], [990, GROUND - 178], [800, GROUND - 178]], '#2b2b2b');
  }
  return out;
}

function gabledHouse(p: Palette, rng: Random, storeys: number, solar: boolean): string {
  const x = 330;
  const w = 540;
  const wallH = storeys === 2 ? 280 : 180;
  const roofH = rng.int(150, 190);
  const top = GROUND - wallH;
  let out = shadow(600, GROUND + 10, 360);
  out += rect(x, top, w, wallH, p.timber) + stripes(x, top, w, wallH, 24, p.timberDark, 2);
  out += poly([[x - 30, top + 5], [x + w / 2, top - roofH], [x + w + 30, top + 5]], p.trim === '#f5f5f0' ? '#3b3f45' : p.trim);
  if (solar) {
    // Panels lie on the right-hand roof slope, from its upper third downwards.
    const run = w / 2 + 30;
    const angle = (Math.atan2(roofH + 5, run) * 180) / Math.PI;
    const sx = x + w / 2 + run * 0.2;
    const sy = top - roofH + (roofH + 5) * 0.2;
    out += group(solarPanels(0, -30, 3, 56, 28), `translate(${sx},${sy}) rotate(${angle.toFixed(1)})`);
  }
  out += glazing(x + w / 2 - 60, top - roofH + 70, 120, 60, p.trim === '#2b2b2b' ? '#f5f5f0' : '#2b2b2b');
  const rows = storeys;
  for (let r = 0; r < rows; r++) {
    const wy = top + 40 + r * 140;
    out += glazing(x + 50, wy, 110, 90, '#f5f5f0', 2) + glazing(x + w - 160, wy, 110, 90, '#f5f5f0', 2);
  }
  out += rect(x + w / 2 - 45, GROUND - 150, 90, 150, p.accent) + circle(x + w / 2 + 28, GROUND - 75, 5, '#f5d06f');
  if (storeys === 1) out += rect(x - 10, GROUND - 200, 140, 14, p.timberDark) + rect(x, GROUND - 190, 10, 190, p.timberDark);
  return out;
}

function modularHome(p: Palette, rng: Random): string {
  let out = shadow(600, GROUND + 10, 400);
  out += rect(220, GROUND - 190, 400, 190, '#f2f0ea') + rect(600, GROUND - 230, 380, 230, p.timber) + stripes(600, GROUND - 230, 380, 230, 16, p.timberDark, 2);
  if (rng.chance(0.6)) out += rect(360, GROUND - 390, 420, 180, '#2f3237') + glazing(400, GROUND - 360, 300, 110, '#1b1b1b', 3) + rect(340, GROUND - 400, 460, 14, '#1b1b1b');
  out += rect(200, GROUND - 200, 440, 14, '#1b1b1b') + rect(590, GROUND - 240, 400, 14, '#1b1b1b');
  out += glazing(250, GROUND - 160, 300, 150, '#1b1b1b', 3) + glazing(640, GROUND - 180, 120, 160, '#1b1b1b') + glazing(800, GROUND - 150, 140, 80, '#1b1b1b', 2);
  out += rect(760, GROUND - 15, 260, 15, p.timberDark);
  out += group(solarPanels(0, 0, 4, 60, 18), `translate(610,${GROUND - 262})`);
  return out;
}

function commercialUnit(p: Palette, rng: Random, label: string): string {
  let out = shadow(600, GROUND + 10, 440);
  out += rect(170, GROUND - 250, 860, 250, '#e9e6df') + rect(170, GROUND - 250, 860, 50, p.accent);
  out += text(600, GROUND - 213, label, 30, '#ffffff');
  out += glazing(220, GROUND - 175, 520, 165, '#2b2b2b', 4) + rect(780, GROUND - 175, 100, 175, '#2b2b2b') + rect(790, GROUND - 165, 80, 165, '#bfe0f2');
  out += glazing(910, GROUND - 175, 80, 90, '#2b2b2b');
  for (let i = 0; i < 3; i++) out += rect(260 + i * 160, GROUND - 60, 60, 50, rng.pick(['#d97b29', '#2f6f4e', '#2a6f97']), { rx: 6 });
  out += rect(150, GROUND - 265, 900, 18, '#3b3f45');
  return out;
}

function mobileOffice(p: Palette, rng: Random): string {
  const color = rng.pick(['#f2f0ea', '#dfe6ec', '#f4e3c1']);
  let out = shadow(600, GROUND + 10, 330);
  for (const bx of [320, 540, 760]) out += rect(bx, GROUND - 40, 90, 40, '#8a8a8a');
  out += rect(280, GROUND - 250, 640, 210, color) + rect(280, GROUND - 250, 640, 16, '#3b3f45') + rect(280, GROUND - 56, 640, 16, '#3b3f45');
  out += stripes(280, GROUND - 234, 640, 178, 40, '#c9cfd4', 2);
  out += glazing(320, GROUND - 200, 140, 90, '#3b3f45', 2) + glazing(500, GROUND - 200, 140, 90, '#3b3f45', 2);
  out += rect(700, GROUND - 220, 80, 164, p.accent) + circle(765, GROUND - 140, 5, '#f5d06f');
  for (let i = 0; i < 4; i++) out += rect(680 + i * 10, GROUND - 56 + i * 14, 120 - i * 20, 8, '#5f6368');
  out += rect(840, GROUND - 200, 60, 50, '#bfc5ca') + circle(870, GROUND - 175, 18, '#8a9096');
  return out;
}

function popUpShop(p: Palette, rng: Random): string {
  const [c, d] = rng.pick([['#e2463d', '#a8302a'], ['#2a6f97', '#1c4d69'], ['#f2b441', '#b8832a'], ['#2f6f4e', '#1f4a34']] as [string, string][]);
  let out = shadow(600, GROUND + 10, 360);
  out += container(290, GROUND - 200, 620, 200, c, d);
  out += rect(350, GROUND - 170, 500, 100, '#3a2f28') + rect(360, GROUND - 160, 480, 80, '#f7e7c6');
  for (let i = 0; i < 6; i++) out += rect(375 + i * 78, GROUND - 150, 50, 30 + (i % 3) * 12, rng.pick(['#e2463d', '#2a6f97', '#f2b441', '#2f6f4e']));
  // A striped awning with a scalloped edge over the serving hatch.
  for (let i = 0; i < 10; i++) {
    const fill = i % 2 ? '#ffffff' : c;
    out += rect(330 + i * 54, GROUND - 225, 54, 45, fill) + circle(357 + i * 54, GROUND - 180, 27, fill);
  }
  out += rect(325, GROUND - 232, 550, 10, d);
  out += rect(330, GROUND - 70, 540, 24, p.timber);
  out += rect(940, GROUND - 130, 70, 130, '#2b2b2b', { rx: 6 }) + rect(950, GROUND - 120, 50, 60, '#f7e7c6');
  return out;
}

/** The exterior picture of a home or commercial unit. */
export function exterior(spaceType: SpaceType, rng: Random, id: string): string {
  const mood = spaceType === 'a_frame' && rng.chance(0.4) ? 3 : undefined;
  const p = palette(rng, mood);
  const scene = landscape(rng, p, id, {
    mountains: spaceType === 'a_frame' || (spaceType === 'prefab_house' && rng.chance(0.5)),
    trees: ['a_frame', 'residential', 'tiny_home'].includes(spaceType) ? 'conifer' : spaceType === 'pop_up_shop' ? 'none' : 'broadleaf',
  });
  const building: Record<SpaceType, () => string> = {
    a_frame: () => aFrame(p, rng),
    tiny_home: () => tinyHome(p, rng),
    container_home: () => containerHome(p, rng),
    prefab_house: () => gabledHouse(p, rng, 2, true),
    residential: () => gabledHouse(p, rng, rng.chance(0.5) ? 1 : 2, false),
    modular_home: () => modularHome(p, rng),
    commercial: () => commercialUnit(p, rng, rng.pick(['CAFÉ', 'STUDIO', 'CLINIC', 'SHOWROOM', 'WORKSHOP'])),
    mobile_office: () => mobileOffice(p, rng),
    pop_up_shop: () => popUpShop(p, rng),
  };
  return svg(scene + building[spaceType]());
}
