// The catalogue's vocabulary: every feature, material, certification and blog tag the seed writes is
// stored as English text and shown through mf-catalog's vocabularyLabel, so each needs a key in the
// catalogue's namespace (the i18n check then requires it in all 14 languages). Brand names and codes
// that read the same everywhere are listed here instead, and shown as stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spaceTypes } from '../../supabase/seed/content/properties.ts';
import { services, upgrades } from '../../supabase/seed/content/extras.ts';
import { posts } from '../../supabase/seed/content/blog.ts';
import { vocabularyKey, type VocabularyGroup } from '../../mf-catalog/src/lib/vocabulary.ts';

const AS_STORED = new Set([
  // Certification and standard names.
  'PEFC', 'FSC', 'Cradle to Cradle', 'Passivhaus', 'DGNB', 'BREEAM', 'CasaClima',
  // Ratings and sizes made of numbers and units only.
  '8 kWp', '11 kW', '4G', 'SCOP 5.1', 'COP 3.4', '20 m²', '3 × 4 m', '10 kWh LFP', '5 kWh LFP',
]);

const english = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../mf-catalog/src/locales/en.json'), 'utf8')) as Record<string, Record<string, string>>;

const seeded: Record<VocabularyGroup, string[]> = {
  features: [...Object.values(spaceTypes).flatMap((s) => s.features), ...[...upgrades, ...services].flatMap((e) => e.features)],
  materials: Object.values(spaceTypes).flatMap((s) => s.materials),
  certifications: Object.values(spaceTypes).flatMap((s) => s.certifications),
  blogTags: posts.flatMap((p) => p.tags),
};

for (const [group, values] of Object.entries(seeded) as [VocabularyGroup, string[]][]) {
  test(`every seeded ${group} value has an English string under its key, unless it is a name or a code`, () => {
    const untranslated = [...new Set(values)].filter((value) => !AS_STORED.has(value) && english[group]?.[vocabularyKey(value)] !== value);
    assert.deepEqual(untranslated, []);
  });
}
