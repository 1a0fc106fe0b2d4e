/** Interior illustrations: the second gallery picture of homes and commercial units. */
import type { Random } from '../random.ts';
import type { SpaceType } from '../content/properties.ts';
import { HEIGHT, WIDTH, broadleaf, circle, conifer, line, palette, poly, rect, stripes, svg, text } from './svg.ts';

const FLOOR = 560;

function room(rng: Random, wall: string, id: string): string {
  const p = palette(rng, rng.pick([0, 1, 4]));
  let out = `<defs><linearGradient id="view-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient></defs>`;
  out += rect(0, 0, WIDTH, HEIGHT, wall);
  out += rect(0, FLOOR, WIDTH, HEIGHT - FLOOR, p.timber) + stripes(0, FLOOR, WIDTH, HEIGHT - FLOOR, 90, p.timberDark, 3);
  out += rect(0, FLOOR - 12, WIDTH, 12, p.timberDark);
  // A large window with the landscape behind it.
  const wx = rng.int(120, 220);
  out += rect(wx - 10, 110, 520, 350, '#2b2b2b') + rect(wx, 120, 500, 330, `url(#view-${id})`);
  out += rect(wx, 360, 500, 90, p.hills[1]) + conifer(wx + 90, 430, 140, p.tree) + broadleaf(wx + 400, 440, 150, p.tree);
  out += poly([[wx + 60, 450], [wx + 260, 120], [wx + 330, 120], [wx + 130, 450]], '#ffffff', { opacity: 0.18 });
  out += rect(wx + 245, 120, 10, 330, '#2b2b2b');
  // Pendant lamp.
  out += line(880, 0, 880, 130, '#2b2b2b', 3) + poly([[850, 130], [910, 130], [895, 105], [865, 105]], p.accent) + circle(880, 135, 8, '#fff4c2');
  return out;
}

function livingRoom(rng: Random, id: string): string {
  let out = room(rng, rng.pick(['#f4efe6', '#eef1ee', '#f6ece4', '#e9eef3']), id);
  const sofa = rng.pick(['#5f7f6a', '#c26a4a', '#3f5c7a', '#a98b6b']);
  out += rect(640, 430, 420, 90, sofa, { rx: 20 }) + rect(620, 470, 460, 70, sofa, { rx: 16 }) + rect(650, 530, 14, 30, '#3b3b3b') + rect(1035, 530, 14, 30, '#3b3b3b');
  out += rect(690, 450, 90, 50, '#ffffff', { opacity: 0.35, rx: 10 });
  out += rect(730, 600, 260, 20, '#d9b27c', { rx: 6 }) + rect(750, 620, 10, 60, '#6b4a33') + rect(960, 620, 10, 60, '#6b4a33');
  out += rect(790, 585, 40, 18, '#2a6f97') + circle(900, 590, 14, '#f2b441');
  out += rect(1100, 470, 60, 90, '#c98b52', { rx: 8 }) + circle(1130, 430, 50, '#3d7a4f') + circle(1105, 400, 30, '#4f8c5f') + circle(1160, 410, 32, '#2f6b45');
  out += rect(80, 640, 300, 24, '#e8dcc8', { rx: 10 });
  return out;
}

function office(rng: Random, id: string): string {
  let out = room(rng, rng.pick(['#eef1f4', '#f2f2ee']), id);
  for (const x of [660, 900]) {
    out += rect(x, 470, 200, 16, '#d9b27c') + rect(x + 10, 486, 10, 74, '#3b3b3b') + rect(x + 180, 486, 10, 74, '#3b3b3b');
    out += rect(x + 60, 400, 90, 60, '#2b2b2b', { rx: 4 }) + rect(x + 66, 406, 78, 48, '#7fb3d5') + rect(x + 100, 460, 10, 10, '#2b2b2b');
    out += rect(x + 70, 500, 70, 60, '#3f5c7a', { rx: 10 });
  }
  out += rect(80, 600, 180, 110, '#5f7f6a', { rx: 12 });
  return out;
}

function shop(rng: Random, id: string): string {
  let out = room(rng, rng.pick(['#f6efe2', '#eef1ee']), id);
  out += rect(620, 430, 520, 130, '#8a5a3b') + rect(610, 420, 540, 18, '#3b2f28');
  for (let i = 0; i < 6; i++) out += rect(640 + i * 85, 380, 50, 40, rng.pick(['#e2463d', '#2a6f97', '#f2b441', '#2f6f4e']), { rx: 4 });
  out += rect(700, 150, 400, 14, '#6b4a33') + rect(700, 250, 400, 14, '#6b4a33');
  for (let i = 0; i < 8; i++) out += rect(710 + i * 48, 110, 34, 40, rng.pick(['#f5d06f', '#c26a4a', '#7fb3d5', '#9cc3a4']), { rx: 4 });
  out += text(900, 230, 'OPEN', 28, '#3b2f28');
  return out;
}

export function interior(spaceType: SpaceType, rng: Random, id: string): string {
  if (spaceType === 'mobile_office' || spaceType === 'commercial') return svg(rng.chance(0.7) ? office(rng, id) : shop(rng, id));
  if (spaceType === 'pop_up_shop') return svg(shop(rng, id));
  return svg(livingRoom(rng, id));
}
