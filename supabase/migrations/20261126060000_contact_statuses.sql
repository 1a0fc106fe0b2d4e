-- The administrators' contact inbox (issue 17) files messages as new, answered or archived. The
-- values are added in a migration of their own: a new enum value cannot be used in the transaction
-- that adds it (20261126060100_reports_and_contact_inbox.sql uses them).
alter type public.contact_status add value if not exists 'answered';
alter type public.contact_status add value if not exists 'archived';
