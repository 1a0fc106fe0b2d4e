/** Company logos: the brand's mark and initials on a rounded tile. */
import type { SeedCompany } from '../content/companies.ts';
import { circle, path, poly, rect, svg, text } from './svg.ts';

const SIZE = 512;

const marks: Record<SeedCompany['brand']['mark'], (c: string) => string> = {
  peak: (c) => poly([[256, 90], [120, 290], [392, 290]], c) + poly([[256, 90], [215, 150], [256, 135], [297, 150]], '#ffffff', { opacity: 0.7 }),
  leaf: (c) => path('M150 290 C 170 150 290 100 370 100 C 370 210 300 290 150 290 Z', c) + path('M165 275 L 330 140', 'none', { stroke: '#ffffff', 'stroke-width': 8, opacity: 0.7 }),
  box: (c) => poly([[256, 90], [380, 150], [256, 210], [132, 150]], c) + poly([[132, 150], [256, 210], [256, 310], [132, 250]], c, { opacity: 0.75 }) + poly([[380, 150], [256, 210], [256, 310], [380, 250]], c, { opacity: 0.55 }),
  sun: (c) => circle(256, 200, 70, c) + Array.from({ length: 12 }, (_, i) => rect(250, 80, 12, 36, c, { rx: 6, transform: `rotate(${i * 30} 256 200)` })).join(''),
  drop: (c) => path('M256 80 C 200 170 180 210 180 240 C 180 290 215 320 256 320 C 297 320 332 290 332 240 C 332 210 312 170 256 80 Z', c),
  grid: (c) => [0, 1, 2].map((r) => [0, 1, 2].map((k) => rect(160 + k * 66, 100 + r * 66, 56, 56, c, { rx: 8, opacity: (r + k) % 2 ? 0.6 : 1 })).join('')).join(''),
  arch: (c) => path('M150 310 V 200 A 106 106 0 0 1 362 200 V 310 H 310 V 205 A 54 54 0 0 0 202 205 V 310 Z', c),
  wave: (c) => path('M120 220 Q 188 150 256 220 T 392 220', 'none', { stroke: c, 'stroke-width': 34, 'stroke-linecap': 'round' }) +
    path('M120 290 Q 188 220 256 290 T 392 290', 'none', { stroke: c, 'stroke-width': 34, 'stroke-linecap': 'round', opacity: 0.6 }),
};

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function logo(company: SeedCompany): string {
  const initials = company.name.split(/\s+/).filter((w) => /^[A-ZÀ-Ý]/.test(w)).slice(0, 2).map((w) => w[0]).join('');
  const words = company.name.length > 18 ? company.name.split(' ').slice(0, 2).join(' ') : company.name;
  return svg(
    rect(0, 0, SIZE, SIZE, company.brand.primary, { rx: 64 }) + marks[company.brand.mark](company.brand.accent) +
      text(256, 400, escapeXml(initials), 72, '#ffffff') + text(256, 455, escapeXml(words), words.length > 14 ? 30 : 36, '#ffffff', { 'font-weight': 'normal', opacity: 0.9 }),
    SIZE, SIZE,
  );
}
