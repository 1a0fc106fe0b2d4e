-- Editorial and inbound content: blog posts, newsletter subscribers (double opt-in) and messages from
-- the contact form.

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 120),
  title text not null check (char_length(btrim(title)) between 3 and 200),
  excerpt text not null check (char_length(excerpt) <= 600),
  -- Markdown; the catalogue renders it without raw HTML.
  body text not null check (char_length(body) <= 100000),
  -- Storage path in the blog-images bucket.
  cover_image text check (cover_image is null or (char_length(cover_image) <= 500 and cover_image !~ '(^/|\.\.)')),
  author_name text not null,
  author_id uuid references public.profiles (id) on delete set null,
  tags text[] not null default '{}',
  reading_minutes smallint check (reading_minutes is null or reading_minutes between 1 and 120),
  language text not null default 'en' check (language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr')),
  -- Null while a draft; visible to everyone from this moment on.
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blog_posts_published_idx on public.blog_posts (language, published_at desc) where published_at is not null;

create trigger blog_posts_touch before update on public.blog_posts
  for each row execute function private.touch_updated_at();

-- Newsletter subscribers are written by the newsletter-signup function with the service role. The raw
-- confirmation token only travels in the email; the table keeps its SHA-256.
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  name text check (name is null or char_length(name) <= 200),
  language text not null default 'en' check (language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr')),
  status public.newsletter_status not null default 'pending',
  confirm_token_hash text,
  confirm_token_expires_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint newsletter_subscribers_email_key unique (email),
  constraint newsletter_confirmed_has_date check (status <> 'confirmed' or confirmed_at is not null)
);
create index newsletter_subscribers_token_idx on public.newsletter_subscribers (confirm_token_hash) where confirm_token_hash is not null;

create trigger newsletter_subscribers_touch before update on public.newsletter_subscribers
  for each row execute function private.touch_updated_at();

-- The dates follow the status, whoever changes it.
create or replace function private.newsletter_status_dates() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status <> 'confirmed') then
    new.confirmed_at := coalesce(new.confirmed_at, now());
    new.unsubscribed_at := null;
  elsif new.status = 'unsubscribed' and (tg_op = 'INSERT' or old.status <> 'unsubscribed') then
    new.unsubscribed_at := now();
  end if;
  return new;
end
$$;

create trigger newsletter_subscribers_dates before insert or update on public.newsletter_subscribers
  for each row execute function private.newsletter_status_dates();

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and char_length(email) <= 254),
  subject text not null check (char_length(btrim(subject)) between 1 and 200),
  message text not null check (char_length(btrim(message)) between 1 and 5000),
  -- Filled from the caller's token, never from the client.
  user_id uuid references public.profiles (id) on delete set null,
  status public.contact_status not null default 'new',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contact_messages_status_idx on public.contact_messages (status, created_at desc);

create trigger contact_messages_touch before update on public.contact_messages
  for each row execute function private.touch_updated_at();

-- Anyone may write to Modula, a few times: 5 messages per 10 minutes per user or address.
create or replace function private.prepare_contact_message() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if (select private.is_trusted()) then
    return new;
  end if;
  new.user_id := (select auth.uid());
  new.status := 'new';
  if not private.within_rate_limit('contact:' || private.caller_key(lower(new.email)), 5, 600) then
    raise exception 'Too many messages. Please try again in a few minutes.' using errcode = 'PT429';
  end if;
  return new;
end
$$;

create trigger contact_messages_prepare before insert on public.contact_messages
  for each row execute function private.prepare_contact_message();

alter table public.blog_posts enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.contact_messages enable row level security;

create policy "blog_posts: published are public" on public.blog_posts for select to anon, authenticated
  using (published_at is not null and published_at <= now());
create policy "blog_posts: admins read all" on public.blog_posts for select to authenticated
  using ((select private.is_admin()));
create policy "blog_posts: admins write" on public.blog_posts for insert to authenticated
  with check ((select private.is_admin()));
create policy "blog_posts: admins update" on public.blog_posts for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "blog_posts: admins delete" on public.blog_posts for delete to authenticated
  using ((select private.is_admin()));

-- A signed-in user manages the subscription of their own (verified) email at /newsletter/manage.
create policy "newsletter_subscribers: own email" on public.newsletter_subscribers for select to authenticated
  using (email = lower((select auth.email())) or (select private.is_admin()));
create policy "newsletter_subscribers: manage own" on public.newsletter_subscribers for update to authenticated
  using (email = lower((select auth.email()))) with check (email = lower((select auth.email())));

create policy "contact_messages: anyone writes" on public.contact_messages for insert to anon, authenticated
  with check (true);
create policy "contact_messages: admins read" on public.contact_messages for select to authenticated
  using ((select private.is_admin()));
create policy "contact_messages: admins update" on public.contact_messages for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "contact_messages: admins delete" on public.contact_messages for delete to authenticated
  using ((select private.is_admin()));

-- Hosted projects may add default privileges; start from none and grant exactly what is needed.
revoke all on public.blog_posts, public.newsletter_subscribers, public.contact_messages from anon, authenticated;
grant select on public.blog_posts to anon;
grant select, insert, update, delete on public.blog_posts to authenticated;
grant all on public.blog_posts to service_role;
grant select on public.newsletter_subscribers to authenticated;
grant update (name, language, status) on public.newsletter_subscribers to authenticated;
grant all on public.newsletter_subscribers to service_role;
grant insert (name, email, subject, message) on public.contact_messages to anon, authenticated;
grant select, delete on public.contact_messages to authenticated;
grant update (status) on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;
