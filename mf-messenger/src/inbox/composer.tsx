import { useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messageSchema } from '@modula/shared';
import { UI_NAMESPACE } from '../i18n';
import { uploadAttachment } from '../services/messenger';
import { describeError } from './errors';
import { ErrorText, Icon, IconButton, Svg } from './ui';
import type { Outgoing } from './queries';

const Form = styled.form`
  display: grid; gap: 4px; padding: 8px 10px; border-block-start: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  .row { display: flex; align-items: flex-end; gap: 4px; }
  textarea {
    flex: 1; min-inline-size: 0; resize: none; max-block-size: 120px; padding: 8px 10px; font: inherit; font-size: 15px;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
    &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
  }
  .send { color: ${({ theme }) => theme.colors.primary}; }
  .status { margin: 0; font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
`;

/** What the messenger accepts (the bucket's list; storage checks the bytes again). */
export const ACCEPTED_FILES = [
  'application/pdf', 'image/jpeg', 'image/png', 'image/webp',
  'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation',
];
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be sent (a key of messenger-ui), or null when it can. */
export function fileProblem(file: File): string | null {
  if (file.size > MAX_FILE_BYTES) return 'errors.fileTooLarge';
  if (!ACCEPTED_FILES.includes(file.type)) return 'errors.fileType';
  return null;
}

export interface Attachments {
  sendFile: (file: File) => Promise<void>;
  uploading: string | null;
  problem: string | null;
}

/** Uploads a file into the conversation's folder, then sends the attachment message. */
export function useAttachments(conversationId: string, send: (message: Outgoing) => Promise<unknown>): Attachments {
  const { t } = useTranslation(UI_NAMESPACE);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sendFile = async (file: File) => {
    const refused = fileProblem(file);
    if (refused) {
      setProblem(t(refused));
      return;
    }
    setProblem(null);
    setUploading(file.name);
    try {
      const path = await uploadAttachment(conversationId, file);
      await send({ id: crypto.randomUUID(), conversationId, kind: 'attachment', content: JSON.stringify({ type: 'attachment', fileName: file.name, path }) });
    } catch (error) {
      setProblem(describeError(error, t));
    } finally {
      setUploading(null);
    }
  };
  return { sendFile, uploading, problem };
}

export interface ComposerProps {
  conversationId: string;
  send: (message: Outgoing) => Promise<unknown>;
  attachments: Attachments;
  /** Extra buttons (quotation, meeting) next to the attachment button. */
  tools?: React.ReactNode;
}

/**
 * The composer: Enter sends, Shift+Enter starts a new line; blank text is not sent (spec section 5).
 * A sent message shows at once and the input clears; if sending fails the text comes back with
 * "Failed to send message. Please try again." Files come from the picker or are dropped on the thread.
 */
export function Composer({ conversationId, send, attachments, tools }: ComposerProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const form = useForm<{ text: string }>({ resolver: zodResolver(messageSchema), defaultValues: { text: '' }, mode: 'onSubmit' });
  const [failure, setFailure] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const text = useWatch({ control: form.control, name: 'text' });
  const textField = form.register('text');

  const submit = form.handleSubmit(async ({ text: value }) => {
    const message: Outgoing = { id: crypto.randomUUID(), conversationId, kind: 'text', content: value.trim() };
    setFailure(null);
    form.reset({ text: '' });
    try {
      await send(message);
    } catch {
      // The text comes back unless something new was typed meanwhile.
      if (form.getValues('text') === '') form.setValue('text', value);
      setFailure(t('sendFailed'));
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (text.trim()) void submit();
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={t('composer.label')}>
      <div className="row">
        <input
          ref={picker}
          type="file"
          hidden
          accept={ACCEPTED_FILES.join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void attachments.sendFile(file);
          }}
          data-testid="attachment-input"
        />
        <IconButton type="button" aria-label={t('composer.attach')} title={t('composer.attach')} disabled={attachments.uploading !== null} onClick={() => picker.current?.click()}>
          <Svg>{Icon.attach}</Svg>
        </IconButton>
        {tools}
        <textarea rows={1} aria-label={t('composer.input')} placeholder={t('composer.placeholder')} onKeyDown={onKeyDown} {...textField} />
        <IconButton type="submit" className="send" aria-label={t('composer.send')} title={t('composer.send')} disabled={!text.trim()}>
          <Svg>{Icon.send}</Svg>
        </IconButton>
      </div>
      {attachments.uploading ? <p className="status" role="status">{t('composer.uploading', { name: attachments.uploading })}</p> : null}
      {failure ?? attachments.problem ? <ErrorText role="alert">{failure ?? attachments.problem}</ErrorText> : null}
    </Form>
  );
}

/** Lets the thread accept files dropped on it. */
export function useFileDrop(onFile: (file: File) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: React.DragEvent) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: React.DragEvent) => {
        if (!event.dataTransfer.files.length) return;
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      },
    },
  };
}
