-- Late analytics events, once per insert statement: the browser sends events in batches of up to 20
-- rows, and the row-level trigger of 20261126070000 ran its update for each of them. A statement-level
-- trigger with a transition table looks at the whole batch once and lowers rolled_until to the batch's
-- earliest day when that day is already in the rollup (the condition is false, and nothing is written,
-- for the usual batch of today's events).

drop trigger analytics_events_late on public.analytics_events;

create or replace function private.note_late_analytics_events() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  earliest date;
begin
  select min((occurred_at at time zone 'UTC')::date) into earliest from inserted;
  if earliest is not null then
    update private.analytics_rollup_state set rolled_until = earliest where rolled_until > earliest;
  end if;
  return null;
end
$$;

revoke all on function private.note_late_analytics_events() from public;
drop function private.note_late_analytics_event();

create trigger analytics_events_late
  after insert on public.analytics_events
  referencing new table as inserted
  for each statement execute function private.note_late_analytics_events();
