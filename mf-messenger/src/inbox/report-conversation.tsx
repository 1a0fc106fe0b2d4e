import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '@modula/shared';
import { UI_NAMESPACE } from '../i18n';
import { CONVERSATION_REPORT_REASONS, reportConversation } from './report-api';
import { Icon, IconButton, Svg } from './ui';

/** The thread header's Report button: customers and vendors tell the administrators about a conversation. */
export function ReportConversation({ conversationId, name }: { conversationId: string; name: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton type="button" onClick={() => setOpen(true)} aria-label={t('report.button', { name })} title={t('report.buttonShort')}>
        <Svg>{Icon.flag}</Svg>
      </IconButton>
      <ReportDialog
        namespace={UI_NAMESPACE}
        title={t('report.title', { name })}
        reasons={CONVERSATION_REPORT_REASONS}
        open={open}
        onClose={() => setOpen(false)}
        send={(values) => reportConversation(conversationId, values)}
        mutationKey={['messenger', 'report', conversationId]}
      />
    </>
  );
}
