import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, PageContainer, TextareaField } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { replyToContact, setContactStatus, toast, type ContactMessage } from '../services/api';
import { moderationKeys, moderationQueries } from '../services/queries';
import { AdminNav, Badge, ListState, Pagination, Toolbar, failureKey, when } from './kit';

const FILTERS = ['new', 'answered', 'archived', 'all'] as const;
type Filter = (typeof FILTERS)[number];

export function parseMessageFilter(value: string | null): Filter {
  return FILTERS.includes(value as Filter) ? (value as Filter) : 'new';
}

/** The inbox before issue 17 filed messages as in_progress and closed: shown as new and archived. */
export function inboxStatus(status: ContactMessage['status']): 'new' | 'answered' | 'archived' {
  if (status === 'in_progress') return 'new';
  if (status === 'closed') return 'archived';
  return status;
}

/** The same limits as admin_reply_contact: 2 to 5000 characters. */
export const replySchema = z.object({
  body: z.string().trim().min(2, { message: 'messages.reply.tooShort' }).max(5000, { message: 'messages.reply.tooLong' }),
});
type ReplyInput = z.input<typeof replySchema>;
type ReplyValues = z.output<typeof replySchema>;

const Item = styled.article`
  padding: ${({ theme }) => theme.space(4)}; margin-block-end: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  header { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; align-items: baseline; justify-content: space-between; }
  h2 { margin: 0; font-size: 18px; }
  .from, small { color: ${({ theme }) => theme.colors.muted}; }
  .from { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; }
  .text { white-space: pre-wrap; }
  .replies { border-inline-start: 3px solid ${({ theme }) => theme.colors.primary}; padding-inline-start: ${({ theme }) => theme.space(3)}; }
  .actions { display: flex; gap: ${({ theme }) => theme.space(2)}; }
`;

function ReplyDialog({ message, busy, error, onCancel, onSend }: {
  message: ContactMessage | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSend: (body: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const form = useForm<ReplyInput, unknown, ReplyValues>({ resolver: zodResolver(replySchema), defaultValues: { body: '' } });
  useEffect(() => {
    if (message) form.reset({ body: '' });
  }, [message, form]);
  const problem = form.formState.errors.body?.message;
  return (
    <Modal open={message !== null} title={message ? t('messages.reply.title', { name: message.name, subject: message.subject }) : ''} closeLabel={t('dialog.cancel')} onClose={onCancel}>
      <form noValidate onSubmit={form.handleSubmit((values) => onSend(values.body))}>
        <TextareaField label={t('messages.reply.label')} hint={message ? t('messages.reply.hint', { email: message.email }) : undefined} rows={8} maxLength={5000}
          error={problem ? t(problem) : undefined} {...form.register('body')} />
        {error ? <p role="alert">{error}</p> : null}
        <Button type="submit" disabled={busy}>{t('messages.reply.send')}</Button>{' '}
        <Button type="button" $variant="secondary" onClick={onCancel}>{t('dialog.cancel')}</Button>
      </form>
    </Modal>
  );
}

/** /admin/messages: the contact form's messages; answer by email (kept with the message) or archive. */
export function MessagesPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('messages.title')));
  const [params, setParams] = useSearchParams();
  const filter = parseMessageFilter(params.get('status'));
  const query = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 0) || 0;
  const [text, setText] = useState(query);
  const [replyTo, setReplyTo] = useState<ContactMessage | null>(null);
  const client = useQueryClient();
  const list = useQuery(moderationQueries.messages(filter === 'all' ? null : filter, query, page));
  const invalidate = () => client.invalidateQueries({ queryKey: moderationKeys.messages });
  const reply = useMutation({
    mutationKey: ['admin', 'messages', 'reply'],
    mutationFn: ({ message, body }: { message: ContactMessage; body: string }) => replyToContact(message.id, body),
    onSuccess: (_id, { message }) => {
      toast({ title: t('messages.reply.sent', { email: message.email }), variant: 'success' });
      setReplyTo(null);
    },
    onSettled: invalidate,
  });
  const file = useMutation({
    mutationKey: ['admin', 'messages', 'status'],
    mutationFn: ({ message, status }: { message: ContactMessage; status: 'new' | 'archived' }) => setContactStatus(message.id, status),
    onSuccess: (_status, { status }) => toast({ title: t(status === 'archived' ? 'messages.archived' : 'messages.reopened'), variant: 'success' }),
    onError: (error) => toast({ title: t(failureKey(error)), variant: 'error' }),
    onSettled: invalidate,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ status: filter, q: text.trim() });
  };
  const rows = list.data ?? [];

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('messages.title')}</h1>
      <Toolbar role="search" onSubmit={search}>
        <label>
          {t('messages.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          {t('messages.show')}
          <select value={filter} onChange={(e) => setParams({ status: e.target.value, q: query })}>
            {FILTERS.map((f) => <option key={f} value={f}>{t(`messages.statuses.${f}`)}</option>)}
          </select>
        </label>
        <Button type="submit">{t('list.search')}</Button>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        {rows.map((message) => {
          const status = inboxStatus(message.status);
          return (
            <Item key={message.id} aria-labelledby={`contact-${message.id}`}>
              <header>
                <h2 id={`contact-${message.id}`}><bdi>{message.subject}</bdi></h2>
                <Badge $tone={status === 'new' ? 'bad' : status === 'answered' ? 'good' : 'neutral'}>{t(`messages.statuses.${status}`)}</Badge>
              </header>
              <p className="from">
                <span>{t('messages.from')}</span> <bdi>{message.name}</bdi> <a href={`mailto:${message.email}`}><bdi>{message.email}</bdi></a>{' '}
                <time dateTime={message.created_at}>{when(message.created_at, i18n.language)}</time>
              </p>
              <p className="text"><bdi>{message.message}</bdi></p>
              {message.replies.length > 0 ? (
                <section className="replies" aria-label={t('messages.replies')}>
                  {message.replies.map((r) => (
                    <div key={r.id}>
                      <small>{t('messages.repliedBy', { email: r.authorEmail ?? '–', when: when(r.createdAt, i18n.language) })}</small>
                      <p className="text"><bdi>{r.body}</bdi></p>
                    </div>
                  ))}
                </section>
              ) : null}
              <div className="actions">
                <Button type="button" $size="sm" onClick={() => { reply.reset(); setReplyTo(message); }} aria-label={t('messages.replyNamed', { subject: message.subject })}>
                  {t('messages.replyAction')}
                </Button>
                {status === 'archived' ? (
                  <Button type="button" $size="sm" $variant="secondary" disabled={file.isPending} onClick={() => file.mutate({ message, status: 'new' })}
                    aria-label={t('messages.reopenNamed', { subject: message.subject })}>{t('messages.reopen')}</Button>
                ) : (
                  <Button type="button" $size="sm" $variant="secondary" disabled={file.isPending} onClick={() => file.mutate({ message, status: 'archived' })}
                    aria-label={t('messages.archiveNamed', { subject: message.subject })}>{t('messages.archive')}</Button>
                )}
              </div>
            </Item>
          );
        })}
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ status: filter, q: query, page: String(next) })} />
      </ListState>
      <ReplyDialog
        message={replyTo}
        busy={reply.isPending}
        error={reply.isError ? t(failureKey(reply.error)) : null}
        onCancel={() => setReplyTo(null)}
        onSend={(body) => replyTo && reply.mutate({ message: replyTo, body })}
      />
    </PageContainer>
  );
}
