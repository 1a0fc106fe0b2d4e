import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { JobScheduler, type Job } from './scheduler.ts';
import { messengerJobs } from './messenger.ts';
import { billingJobs } from './billing.ts';
import { startTestRenewals } from './billing-renewals.ts';
import { orderJobs } from './orders.ts';
import { adminJobs } from './admin.ts';
import { sitemapJobs } from '../seo/index.ts';

/** The backend's scheduled jobs. Spec: expired-OTP cleanup every 30 minutes. */
export const jobs: Job[] = [
  {
    name: 'cleanup_expired_otps',
    schedule: '*/30 * * * *',
    async run(tx) {
      // The SQL function comes with the project's migrations; a database without it has nothing to clean.
      const { rows } = await tx.query<{ present: boolean }>("select to_regprocedure('public.cleanup_expired_otps(integer)') is not null as present");
      if (!rows[0]?.present) return 'public.cleanup_expired_otps is not installed; nothing done';
      await tx.query('select public.cleanup_expired_otps()');
    },
  },
  {
    name: 'purge_realtime_overflow',
    schedule: '*/5 * * * *',
    async run(tx) {
      // Every process fetches an overflow row right after its notification; five minutes is ample.
      const { rowCount } = await tx.query("delete from _modula.realtime_overflow where created_at < now() - interval '5 minutes'");
      return rowCount ? `${rowCount} realtime overflow rows removed` : undefined;
    },
  },
  {
    name: 'purge_rate_limits',
    schedule: '*/10 * * * *',
    async run(tx) {
      // The one rate-limit table and its purge come with the project's migrations.
      const { rows } = await tx.query<{ present: boolean }>("select to_regprocedure('private.prune_rate_limits()') is not null as present");
      if (!rows[0]?.present) return 'private.prune_rate_limits is not installed; nothing done';
      const { rows: pruned } = await tx.query<{ removed: number }>('select private.prune_rate_limits() as removed');
      const removed = pruned[0]?.removed ?? 0;
      return removed ? `${removed} ended rate-limit windows removed` : undefined;
    },
  },
  {
    name: 'refresh_ad_placements',
    schedule: '* * * * *',
    async run(tx) {
      // Campaign start and end dates pass without a write: sync the listings' sponsored flags (issue 16).
      const { rows } = await tx.query<{ present: boolean }>("select to_regprocedure('private.refresh_ad_placements()') is not null as present");
      if (!rows[0]?.present) return 'private.refresh_ad_placements is not installed; nothing done';
      const { rows: changed } = await tx.query<{ changed: number }>('select private.refresh_ad_placements() as changed');
      const count = changed[0]?.changed ?? 0;
      return count ? `${count} listings' sponsored placements refreshed` : undefined;
    },
  },
  {
    name: 'refresh_analytics_rollup',
    schedule: '*/10 * * * *',
    async run(tx) {
      // The administrators' analytics read complete days from this rollup (migration admin_analytics).
      const { rows } = await tx.query<{ present: boolean }>("select to_regprocedure('private.refresh_analytics_rollup()') is not null as present");
      if (!rows[0]?.present) return 'private.refresh_analytics_rollup is not installed; nothing done';
      const { rows: done } = await tx.query<{ days: number }>('select private.refresh_analytics_rollup() as days');
      const days = done[0]?.days ?? 0;
      return days ? `${days} days of analytics rolled up` : undefined;
    },
  },
];

export async function jobsModule(app: FastifyInstance, context: AppContext): Promise<() => void> {
  const scheduler = new JobScheduler(context.db, context.log, [...jobs, ...messengerJobs(context), ...billingJobs(context), ...orderJobs(context), ...adminJobs(context), ...sitemapJobs(context)]);
  scheduler.start();
  const stopRenewals = startTestRenewals(app, context);
  return () => {
    stopRenewals();
    scheduler.stop();
  };
}
