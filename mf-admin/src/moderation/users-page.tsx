import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, PageContainer } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { setAdmin, setUserSuspended, toast, type AdminUser } from '../services/api';
import { moderationKeys, moderationQueries } from '../services/queries';
import { AdminNav, Badge, ListState, Pagination, ReasonDialog, Scroll, Table, Toolbar, failureKey, when } from './kit';

type Action = 'suspend' | 'restore' | 'promote' | 'demote';

/** /admin/users: accounts by email, name or company; suspend or restore, promote or demote. */
export function UsersPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(withSiteName(t('users.title')));
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Number(params.get('page') ?? 0) || 0;
  const [text, setText] = useState(query);
  const [target, setTarget] = useState<{ user: AdminUser; action: Action } | null>(null);
  const client = useQueryClient();
  const list = useQuery(moderationQueries.users(query, page));
  const change = useMutation({
    mutationKey: ['admin', 'users', 'change'],
    mutationFn: ({ user, action, reason }: { user: AdminUser; action: Action; reason: string }) =>
      action === 'suspend' || action === 'restore' ? setUserSuspended(user.id, action === 'suspend', reason) : setAdmin(user.id, action === 'promote', reason),
    onSuccess: (_result, { user, action }) => {
      toast({ title: t(`users.done.${action}`, { email: user.email }), variant: 'success' });
      setTarget(null);
    },
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.users }),
  });
  const open = (user: AdminUser, action: Action) => {
    change.reset();
    setTarget({ user, action });
  };
  const rows = list.data ?? [];

  return (
    <PageContainer>
      <AdminNav />
      <h1>{t('users.title')}</h1>
      <Toolbar role="search" onSubmit={(event: FormEvent) => { event.preventDefault(); setParams({ q: text.trim() }); }}>
        <label>
          {t('users.search')}
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <Button type="submit">{t('list.search')}</Button>
      </Toolbar>
      <ListState loading={list.isPending} failed={list.isLoadingError} empty={rows.length === 0} retry={() => void list.refetch()}>
        <Scroll>
          <Table aria-label={t('users.title')}>
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.type')}</th>
                <th scope="col">{t('users.company')}</th>
                <th scope="col">{t('columns.plan')}</th>
                <th scope="col">{t('users.status')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.id}>
                  <td><bdi>{user.name}</bdi><small><bdi>{user.email}</bdi></small></td>
                  <td>{t(`users.types.${user.user_type}`)}{user.role === 'admin' ? <small>{t('users.admin')}</small> : null}</td>
                  <td>{user.company_name ? <bdi>{user.company_name}</bdi> : '–'}</td>
                  <td>{user.plan}</td>
                  <td>
                    {user.suspended_at ? <Badge $tone="bad">{t('users.suspended')}</Badge> : <Badge $tone="good">{t('users.active')}</Badge>}
                    <small>{t('users.lastSignIn', { when: when(user.last_sign_in_at, i18n.language) })}</small>
                  </td>
                  <td className="actions">
                    {user.suspended_at ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => open(user, 'restore')}>{t('users.actions.restore')}</Button>
                    ) : user.role !== 'admin' ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => open(user, 'suspend')}>{t('users.actions.suspend')}</Button>
                    ) : null}
                    {user.role === 'admin' ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => open(user, 'demote')}>{t('users.actions.demote')}</Button>
                    ) : !user.suspended_at ? (
                      <Button type="button" $size="sm" $variant="secondary" onClick={() => open(user, 'promote')}>{t('users.actions.promote')}</Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        <Pagination page={page} total={Number(rows[0]?.total ?? 0)} onPage={(next) => setParams({ q: query, page: String(next) })} />
      </ListState>
      <ReasonDialog
        open={target !== null}
        title={target ? t(`users.titles.${target.action}`, { email: target.user.email }) : ''}
        hint={target?.action === 'suspend' ? t('users.suspendHint') : undefined}
        label={t('dialog.reason')}
        confirm={target ? t(`users.actions.${target.action}`) : ''}
        busy={change.isPending}
        error={change.isError ? t(failureKey(change.error)) : null}
        onCancel={() => setTarget(null)}
        onConfirm={(reason) => target && change.mutate({ ...target, reason })}
      />
    </PageContainer>
  );
}
