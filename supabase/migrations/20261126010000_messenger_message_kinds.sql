-- Two more kinds of message, in a file of their own: PostgreSQL cannot use a new enum value in the
-- transaction that adds it, and every migration runs in one transaction.
--   meeting  a tour or call request and every change to it (content: {"type":"meeting","event":...})
--   system   what the product itself posts, e.g. "quotation accepted" (content: {"type":"system",...})
-- Both are written only by the messenger's remote procedures, never by a client's insert.
alter type public.message_type add value if not exists 'meeting';
alter type public.message_type add value if not exists 'system';
