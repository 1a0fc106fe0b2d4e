import { use, useEffect } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '@modula/router';
import { Button, PageContainer } from '@modula/shared';
import { dispatch, useAuth } from '../services/api';
import type { Meeting } from '../services/messenger';
import { UI_NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { uiStrings } from '../inbox/ui-i18n';
import { useMeetings } from '../inbox/queries';
import { formatDateTime } from '../inbox/format';
import { listingPath, LoadFailed, Notice } from '../inbox/ui';
import { MeetingActions } from '../meetings/meeting-actions';
import { holdLive } from '../launcher/live';

const Heading = styled.h1`margin: 0 0 8px; font-size: clamp(24px, 4vw, 30px);`;
const Section = styled.section`
  margin-block: 24px;
  h2 { font-size: 19px; margin: 0 0 12px; }
  ul { margin: 0; padding: 0; display: grid; gap: 12px; }
`;
const Item = styled.li`
  list-style: none; display: grid; gap: 8px; padding: 16px; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  .top { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: baseline; }
  h3 { margin: 0; font-size: 17px; }
  p { margin: 0; }
  .muted { color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
  ul { display: grid; gap: 2px; padding-inline-start: 18px; }
  ul li { list-style: disc; }
`;
const Status = styled.span<{ $status: Meeting['status'] }>`
  padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 13px; font-weight: 700;
  background: ${({ theme, $status }) => ($status === 'confirmed' ? theme.colors.successSoft : $status === 'requested' ? theme.colors.accentSoft : theme.colors.background)};
  color: ${({ theme, $status }) => ($status === 'confirmed' ? theme.colors.success : $status === 'requested' ? theme.colors.accent : theme.colors.muted)};
`;

function isUpcoming(meeting: Meeting): boolean {
  if (meeting.status === 'requested') return true;
  return meeting.status === 'confirmed' && new Date(meeting.scheduledAt).getTime() + meeting.durationMinutes * 60_000 > Date.now();
}

/** /customer-dashboard/meetings: upcoming and past meetings and tours, with what can still be done. */
export default function MeetingsPage() {
  use(uiStrings);
  const { t } = useTranslation(UI_NAMESPACE);
  useDocumentTitle(withSiteName(t('page.meetings')));
  const userId = useAuth((s) => s.user?.id ?? null);
  const [params] = useSearchParams();
  const listing = params.get('listing');
  // Schedule Meeting links here with ?listing=<id>: the form opens in the messenger.
  useEffect(() => {
    if (listing) dispatch('modula:open-messenger', { listingId: listing, compose: 'meeting' });
  }, [listing]);
  return (
    <PageContainer>
      <Heading>{t('page.meetings')}</Heading>
      <p>{t('page.meetingsIntro')}</p>
      {userId ? <MeetingList userId={userId} /> : <Notice>{t('loginRequired')}</Notice>}
    </PageContainer>
  );
}

function MeetingList({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const meetings = useMeetings(userId);
  useEffect(() => holdLive(userId), [userId]);
  if (meetings.isError) return <LoadFailed message={t('page.meetingsFailed')} onRetry={() => void meetings.refetch()} />;
  if (meetings.isPending) return <Notice aria-busy="true">{t('loading')}</Notice>;
  const all = meetings.data ?? [];
  const upcoming = all.filter(isUpcoming);
  const past = all.filter((m) => !isUpcoming(m)).reverse();
  const render = (meeting: Meeting) => (
    <Item key={meeting.id} aria-labelledby={`meeting-${meeting.id}`}>
      <div className="top">
        <h3 id={`meeting-${meeting.id}`}>
          {meeting.listingId && meeting.listingTitle ? <Link to={listingPath(meeting.listingType, meeting.listingId)}>{meeting.listingTitle}</Link> : t(`meeting.type.${meeting.meetingType}`)}
        </h3>
        <Status $status={meeting.status}>{t(`meeting.status.${meeting.status}`)}</Status>
      </div>
      <p className="muted">
        {t(`meeting.type.${meeting.meetingType}`)} · {t('page.with', { name: [meeting.counterpartName, meeting.counterpartCompany].filter(Boolean).join(', ') })}
      </p>
      {meeting.status === 'requested' ? (
        <>
          <p>{t('page.proposedTimes')}</p>
          <ul>
            {meeting.proposedTimes.map((time) => (
              <li key={time}>{formatDateTime(time, i18n.language)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{formatDateTime(meeting.scheduledAt, i18n.language)}</p>
      )}
      {meeting.notes ? <p className="muted">{t('meeting.noteLine', { note: meeting.notes })}</p> : null}
      {meeting.statusReason ? <p className="muted">{t('meeting.reasonLine', { reason: meeting.statusReason })}</p> : null}
      <MeetingActions meeting={meeting} userId={userId} />
      {meeting.conversationId ? (
        <p>
          <Button $size="sm" $variant="ghost" onClick={() => dispatch('modula:open-messenger', { conversationId: meeting.conversationId! })}>
            {t('page.openConversation')}
          </Button>
        </p>
      ) : null}
    </Item>
  );
  return (
    <>
      <Section aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t('page.upcoming')}</h2>
        {upcoming.length === 0 ? <Notice>{t('page.noUpcoming')}</Notice> : <ul>{upcoming.map(render)}</ul>}
      </Section>
      <Section aria-labelledby="past-title">
        <h2 id="past-title">{t('page.past')}</h2>
        {past.length === 0 ? <Notice>{t('page.noPast')}</Notice> : <ul>{past.map(render)}</ul>}
      </Section>
    </>
  );
}
