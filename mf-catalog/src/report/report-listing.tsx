import { useState } from 'react';
import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { useViewer } from '../hooks/use-viewer';
import { LISTING_REPORT_REASONS, reportListing } from './report-api';

const Trigger = styled.button`
  justify-self: start; border: none; background: none; padding: 4px 0; font: inherit; font-size: 14px; cursor: pointer;
  color: ${({ theme }) => theme.colors.muted}; text-decoration: underline;
  &:hover { color: ${({ theme }) => theme.colors.danger}; }
`;
const LoginLink = styled(Link)`
  justify-self: start; font-size: 14px; color: ${({ theme }) => theme.colors.muted};
`;

/**
 * "Report this listing" under the listing's actions: a signed-in user tells the administrators what
 * is wrong; a guest is asked to log in first (and comes back here).
 */
export function ReportListing({ listing, path }: { listing: { id: string; title: string }; path: string }) {
  const { t } = useTranslation(NAMESPACE);
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (!viewer.loggedIn) return <LoginLink to={`/login?next=${encodeURIComponent(path)}`}>{t('report.loginToReport')}</LoginLink>;
  return (
    <>
      <Trigger type="button" onClick={() => setOpen(true)}>{t('report.button')}</Trigger>
      <ReportDialog
        namespace={NAMESPACE}
        title={t('report.title', { title: listing.title })}
        reasons={LISTING_REPORT_REASONS}
        open={open}
        onClose={() => setOpen(false)}
        send={(values) => reportListing(listing.id, values)}
        mutationKey={['catalog', 'report', listing.id]}
      />
    </>
  );
}
