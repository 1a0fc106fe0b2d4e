-- Files sent with a mail (a meeting's calendar invitation): [{filename, contentType, content}], text.
alter table _modula.mail_outbox add column if not exists attachments jsonb;
