-- Late analytics events (issue 17): an event written for a day the rollup already holds (an import, or
-- the service role writing history) used to wait for a manual rebuild. Now its insert lowers
-- rolled_until to its day, so /admin/analytics reads that day from the raw events at once and the next
-- refresh (which starts two days before rolled_until) rebuilds the rollup from there. Only the first
-- late event of a day writes the state row: the update's condition is false for the others.

create or replace function private.note_late_analytics_event() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update private.analytics_rollup_state
     set rolled_until = (new.occurred_at at time zone 'UTC')::date
   where rolled_until > (new.occurred_at at time zone 'UTC')::date;
  return null;
end
$$;

revoke all on function private.note_late_analytics_event() from public;

create trigger analytics_events_late
  after insert on public.analytics_events
  for each row execute function private.note_late_analytics_event();
