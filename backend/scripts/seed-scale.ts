/**
 * `npm run seed:scale -- --listings 100000 [--database-url postgres://...]`: fills a database with
 * generated companies and published listings for benchmarks, in bulk SQL (generate_series), through
 * the same triggers and constraints as real writes. Tops up to the requested count, so it can be run
 * again. Deterministic: setseed() fixes PostgreSQL's random().
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/types.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { migrate } from '../src/db/migrate.ts';

const COMPANIES = 250;
const BATCH = 10_000;

const pools = {
  adjectives: ['Nordic', 'Alpine', 'Coastal', 'Compact', 'Urban', 'Forest', 'Lakeside', 'Meadow', 'Harbour', 'Solar', 'Timber', 'Garden', 'Studio', 'Family', 'Hillside', 'Riverside', 'Bright', 'Quiet', 'Modern', 'Classic'],
  nouns: ['A-frame cabin', 'tiny house', 'container home', 'prefab house', 'modular home', 'bungalow', 'villa', 'townhouse', 'mobile office', 'pop-up shop', 'showroom', 'studio', 'cabin', 'holiday home', 'workshop'],
  // Most common first (see vocabulary()).
  words: ['modular', 'home', 'timber', 'energy', 'living', 'built', 'house', 'light', 'open', 'kitchen', 'family', 'garden', 'insulated', 'triple', 'glazing', 'heat', 'pump', 'solar', 'roof', 'terrace', 'deck', 'sauna', 'loft', 'bathroom', 'bedroom', 'plan', 'views', 'forest', 'lake', 'mountain', 'coast', 'prefab', 'factory', 'delivered', 'crane', 'foundation', 'screw', 'piles', 'efficient', 'passive', 'ventilation', 'recovery', 'underfloor', 'heating', 'wood', 'stove', 'cladding', 'larch', 'spruce', 'oak', 'cork', 'hemp', 'cellulose', 'recycled', 'steel', 'container', 'compact', 'storage', 'stairs', 'office', 'workspace', 'holiday', 'rental', 'off-grid', 'battery', 'rainwater', 'composting', 'toilet', 'cabaña', 'chalet', 'façade', 'zürich', 'münchen', 'kraków'],
  cities: ['Oslo', 'Bergen', 'Stockholm', 'Uppsala', 'Helsinki', 'Tampere', 'Tallinn', 'Riga', 'Vilnius', 'Copenhagen', 'Aarhus', 'Hamburg', 'Berlin', 'Munich', 'Freiburg', 'Vienna', 'Graz', 'Zürich', 'Bern', 'Lyon', 'Nantes', 'Bordeaux', 'Madrid', 'Valencia', 'Porto', 'Lisbon', 'Milan', 'Bergamo', 'Bologna', 'Kraków', 'Gdańsk', 'Prague', 'Brno', 'Ghent', 'Antwerp', 'Utrecht', 'Rotterdam', 'Dublin', 'Galway', 'Reykjavík'],
  countries: ['NO', 'SE', 'FI', 'EE', 'LV', 'LT', 'DK', 'DE', 'AT', 'CH', 'FR', 'ES', 'PT', 'IT', 'PL', 'CZ', 'BE', 'NL', 'IE', 'IS'],
  features: ['Wood stove', 'Sleeping loft', 'Sauna', 'Heat pump', 'Solar roof', 'Covered deck', 'Roof terrace', 'Underfloor heating', 'Triple glazing', 'Home office', 'Composting toilet', 'EV charger ready', 'Storage stairs', 'Carport'],
  certifications: ['Passivhaus', 'BREEAM', 'DGNB', 'PEFC', 'FSC', 'Nordic Swan Ecolabel', 'Cradle to Cradle'],
  materials: ['Spruce', 'Larch cladding', 'Cross-laminated timber', 'Wood fibre insulation', 'Recycled steel', 'Cork insulation', 'Hemp insulation'],
};

/**
 * The description vocabulary: the domain words interleaved with generated filler words, 2,000 in
 * all, in frequency order. Picked with a Zipf-like skew, a word of rank r appears in roughly as many
 * listings as in real text: the first few in most, a rank-100 word in about 5%.
 */
function vocabulary(): string[] {
  const syllables = ['ka', 'lo', 'ven', 'dri', 'sa', 'mor', 'tel', 'ni', 'bra', 'qu', 'es', 'ta', 'rin', 'ho', 'pe', 'lu', 'mar', 'zo', 'fi', 'go'];
  const filler: string[] = [];
  for (let i = 0; filler.length < 2000 - pools.words.length; i++) {
    filler.push(`${syllables[i % 20]}${syllables[Math.floor(i / 20) % 20]}${i >= 400 ? syllables[Math.floor(i / 400) % 20] : ''}`);
  }
  const words: string[] = [];
  let domain = 0;
  for (let rank = 0; rank < 2000; rank++) {
    // The first 12 domain words are the most common; the rest are spread every 25 ranks.
    const takeDomain = domain < pools.words.length && (rank < 12 || rank % 25 === 0);
    words.push(takeDomain ? pools.words[domain++]! : filler.shift()!);
  }
  return words;
}

const literal = (values: string[]) => `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/** Adds generated listings until `count` scale listings exist; returns how many were added. */
export async function seedScale(db: Database, count: number, log: (line: string) => void = () => undefined): Promise<number> {
  await db.exec(`
    insert into public.companies (id, name, company_type, verified, country, description)
    select md5('scale:company:' || i)::uuid, 'Scale Builders ' || i,
           (array['manufacturer', 'contractor', 'supplier', 'consultant'])[1 + i % 4]::public.company_type,
           i % 5 <> 0, (${literal(pools.countries)})[1 + i % ${pools.countries.length}], 'Generated for benchmarks.'
      from generate_series(1, ${COMPANIES}) i
    on conflict (id) do nothing`);
  const existing = await db.query<{ n: string }>(
    `select count(*) as n from public.listings where vendor_id in (select md5('scale:company:' || i)::uuid from generate_series(1, ${COMPANIES}) i)`);
  const have = Number(existing.rows[0]?.n ?? 0);
  let added = 0;
  const pick = (pool: string) => `(${pool})[1 + floor(random() * cardinality(${pool}))::int]`;
  // Words follow a skewed (Zipf-like) distribution as in real text: the first few are everywhere,
  // most appear in a few percent of listings.
  const pickSkewed = (pool: string) => `(${pool})[1 + floor(power(random(), 3) * cardinality(${pool}))::int]`;
  const adjectives = literal(pools.adjectives);
  const nouns = literal(pools.nouns);
  const words = literal(vocabulary());
  while (have + added < count) {
    const size = Math.min(BATCH, count - have - added);
    const start = have + added;
    await db.transaction(async (tx) => {
      await tx.query('select setseed($1)', [((start % 1000) + 1) / 1001]);
      await tx.query(`
        insert into public.listings (vendor_id, listing_type, space_type, category_id, title, description, price, location, country,
          bedrooms, bathrooms, size, size_unit, features, energy_class, certifications, materials, off_grid_ready, solar_powered,
          heat_pump, shipping_type, shipping_continents, shipping_countries, free_shipping, lead_time_weeks, featured, status,
          published_at, images)
        select md5('scale:company:' || (1 + n % ${COMPANIES}))::uuid, kind.listing_type, kind.space_type, md5('category:' || kind.category)::uuid,
               ${pick(adjectives)} || ' ' || ${pick(nouns)} || ' ' || n,
               (select string_agg(${pickSkewed(words)}, ' ') from generate_series(1, 30 + n % 40) w where w > 0 and n >= 0),
               (round((15000 + random() * 485000) / 100) * 100)::integer, ${pick(literal(pools.cities))},
               (${literal(pools.countries)})[1 + n % ${pools.countries.length}],
               case when kind.listing_type = 'property' then floor(random() * 5)::int else 0 end,
               case when kind.listing_type = 'property' then 1 + floor(random() * 2)::int else 0 end,
               case when kind.listing_type in ('property', 'commercial') then round((15 + random() * 185)::numeric) else 0 end, 'sqm',
               array[${pick(literal(pools.features))}, ${pick(literal(pools.features))}],
               (array['A++', 'A+', 'A', 'B', 'C', 'D'])[1 + n % 6]::public.energy_class,
               case when n % 3 = 0 then array[${pick(literal(pools.certifications))}] else '{}' end,
               array[${pick(literal(pools.materials))}], n % 7 = 0, n % 4 = 0, n % 3 = 0,
               (array['worldwide', 'continents', 'specific'])[1 + n % 3]::public.shipping_type,
               case when n % 3 = 1 then array['europe']::public.continent[] else '{}' end,
               case when n % 3 = 2 then array[(${literal(pools.countries)})[1 + n % ${pools.countries.length}], 'DE'] else '{}' end,
               n % 4 = 0, 4 + n % 30, n % 50 = 0, 'published',
               timestamptz '2025-01-01' + make_interval(mins => n * 5), array['scale/' || n || '.webp']
          from generate_series($1::int, $2::int) n
          cross join lateral (select * from (values
            ('property'::public.listing_type, 'modular_home'::public.space_type, 'homes'), ('property', 'a_frame', 'homes'),
            ('property', 'tiny_home', 'homes'), ('property', 'container_home', 'homes'), ('property', 'prefab_house', 'homes'),
            ('property', 'residential', 'homes'), ('commercial', 'mobile_office', 'commercial-units'),
            ('commercial', 'pop_up_shop', 'commercial-units'), ('commercial', 'commercial', 'commercial-units'),
            ('upgrade', null, 'energy'), ('service', null, 'design-planning')) k (listing_type, space_type, category)
            offset (n % 11) limit 1) kind`, [start + 1, start + size]);
    });
    added += size;
    log(`seed:scale: ${have + added} / ${count} listings`);
  }
  // As autovacuum would soon: statistics for the planner, and the visibility map index-only scans need.
  await db.exec('vacuum (analyze) public.listings');
  await db.exec('analyze private.search_terms');
  return added;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' }, 'database-url': { type: 'string' } } });
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  const count = Number(values.listings);
  if (!url || !Number.isInteger(count) || count < 1) {
    console.error('Usage: npm run seed:scale -- --listings 100000 --database-url postgres://... (or DATABASE_URL)');
    process.exit(2);
  }
  const db = await openPostgres(url, 2);
  try {
    await migrate(db, path.resolve(import.meta.dirname, '../../supabase/migrations'));
    const started = Date.now();
    const added = await seedScale(db, count, (line) => console.info(line));
    console.info(`seed:scale: added ${added} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
