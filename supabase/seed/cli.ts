/**
 * Seeds any Supabase-compatible project, e.g. a real Supabase project after `supabase db push`:
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=... npm run seed
 * Options: --url, --service-role-key (instead of the variables), --no-images.
 */
import { parseArgs } from 'node:util';
import { runSeed } from './index.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'service-role-key': { type: 'string' },
    'no-images': { type: 'boolean', default: false },
  },
});
const url = values.url ?? process.env.SUPABASE_URL;
const serviceRoleKey = values['service-role-key'] ?? process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!url || !serviceRoleKey) {
  console.error('Usage: npm run seed -- --url <api url> --service-role-key <key> (or SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY)');
  process.exit(2);
}
try {
  const summary = await runSeed({ url, serviceRoleKey, images: !values['no-images'], log: (line) => console.info(line) });
  console.info(JSON.stringify(summary));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
