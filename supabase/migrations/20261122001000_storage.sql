-- Storage buckets (contracts) and who may touch which objects. Paths start with the owning entity:
--   listing-images       public   <company id>/<listing id>/<n>.webp   written by the company's members
--   company-logos        public   <company id>/<file>                  written by the company's members
--   avatars              public   <user id>/<file>                     written by that user
--   message-attachments  private  <conversation id>/<file>             the conversation's participants
--   blog-images          public   <post slug>/<file>                   written by administrators
-- Public buckets serve GET /object/public/... without any policy; the SELECT policies below are what
-- list() and authenticated downloads need.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('listing-images', 'listing-images', true, 10485760, array['image/webp', 'image/jpeg', 'image/png', 'image/avif']),
  ('company-logos', 'company-logos', true, 2097152, array['image/webp', 'image/jpeg', 'image/png', 'image/avif']),
  ('avatars', 'avatars', true, 2097152, array['image/webp', 'image/jpeg', 'image/png', 'image/avif']),
  ('message-attachments', 'message-attachments', false, 20971520,
   array['image/webp', 'image/jpeg', 'image/png', 'application/pdf', 'text/plain',
         'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
         'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
  ('blog-images', 'blog-images', true, 10485760, array['image/webp', 'image/jpeg', 'image/png', 'image/avif'])
on conflict (id) do nothing;

-- Folder checks compare text, so a malformed path is simply not matched (no cast errors).
create or replace function private.is_my_company_folder(object_name text) returns boolean
language sql stable
set search_path = ''
as $$
  select (storage.foldername(object_name))[1] = (select private.my_company_id())::text
$$;

create or replace function private.is_my_conversation_folder(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.conversations c
     where c.id::text = (storage.foldername(object_name))[1]
       and (select auth.uid()) in (c.customer_id, c.vendor_id)
  )
$$;

revoke all on function private.is_my_company_folder(text) from public;
revoke all on function private.is_my_conversation_folder(text) from public;
grant execute on function private.is_my_company_folder(text) to authenticated, service_role;
grant execute on function private.is_my_conversation_folder(text) to authenticated, service_role;

create policy "public images are readable" on storage.objects for select to anon, authenticated
  using (bucket_id in ('listing-images', 'company-logos', 'avatars', 'blog-images'));

create policy "company members write listing images and logos" on storage.objects for insert to authenticated
  with check (bucket_id in ('listing-images', 'company-logos') and private.is_my_company_folder(name));
create policy "company members update listing images and logos" on storage.objects for update to authenticated
  using (bucket_id in ('listing-images', 'company-logos') and private.is_my_company_folder(name))
  with check (bucket_id in ('listing-images', 'company-logos') and private.is_my_company_folder(name));
create policy "company members delete listing images and logos" on storage.objects for delete to authenticated
  using (bucket_id in ('listing-images', 'company-logos') and private.is_my_company_folder(name));

create policy "users write their avatar" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users update their avatar" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "users delete their avatar" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "participants read attachments" on storage.objects for select to authenticated
  using (bucket_id = 'message-attachments' and private.is_my_conversation_folder(name));
create policy "participants upload attachments" on storage.objects for insert to authenticated
  with check (bucket_id = 'message-attachments' and private.is_my_conversation_folder(name));
-- Only the uploader may remove an attachment.
create policy "uploaders delete attachments" on storage.objects for delete to authenticated
  using (
    bucket_id = 'message-attachments'
    and private.is_my_conversation_folder(name)
    and (owner_id = (select auth.uid())::text or owner = (select auth.uid()))
  );

create policy "admins write blog images" on storage.objects for insert to authenticated
  with check (bucket_id = 'blog-images' and (select private.is_admin()));
create policy "admins update blog images" on storage.objects for update to authenticated
  using (bucket_id = 'blog-images' and (select private.is_admin()))
  with check (bucket_id = 'blog-images' and (select private.is_admin()));
create policy "admins delete blog images" on storage.objects for delete to authenticated
  using (bucket_id = 'blog-images' and (select private.is_admin()));
