-- Issue 13, item 11: people cannot be reached or read through a guessed user id.
-- - Conversations and meetings start only through open_conversation / request_meeting (previous
--   migration), so a vendor can no longer make someone a "counterpart" by inserting a row.
-- - A counterpart's profile row is no longer readable: public.counterpart_profiles() gives the three
--   columns the messenger shows (name, company, avatar) while a conversation or meeting exists.
-- - Reviews show the author's name, not the author's user id.

drop policy if exists "profiles: counterparts" on public.profiles;
drop function if exists private.is_counterpart(uuid);

revoke select on public.reviews from anon, authenticated;
grant select (id, listing_id, company_id, author_name, rating, title, body, created_at, updated_at)
  on public.reviews to anon, authenticated;
