import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTestRuntimeConfig } from '@modula/shared/testing';
import { loadEnglish, renderWithProviders, resetQueryCache } from '../testing/render';
import { Composer, fileProblem, type Attachments } from './composer';
import type { Outgoing } from './queries';

const attachments: Attachments = { sendFile: async () => undefined, uploading: null, problem: null };

function setup(send: (message: Outgoing) => Promise<unknown> = async () => undefined) {
  const spy = jest.fn(send);
  renderWithProviders(<Composer conversationId="c1" send={spy} attachments={attachments} />);
  return { send: spy, input: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
}

beforeAll(async () => {
  setTestRuntimeConfig();
  await loadEnglish();
});
beforeEach(() => resetQueryCache());

describe('the composer (spec sections 2 and 5)', () => {
  test('Enter sends the trimmed text and clears the input', async () => {
    const { send, input } = setup();
    await userEvent.type(input, '  Is the cabin still available?  ');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toMatchObject({ conversationId: 'c1', kind: 'text', content: 'Is the cabin still available?' });
    expect(send.mock.calls[0]![0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(input.value).toBe('');
  });

  test('Shift+Enter makes a new line and sends nothing', async () => {
    const { send, input } = setup();
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(input.value).toBe('First line\nSecond line');
    expect(send).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0].content).toBe('First line\nSecond line');
  });

  test('blank text is never sent', async () => {
    const { send, input } = setup();
    await userEvent.type(input, '   ');
    await userEvent.keyboard('{Enter}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(send).not.toHaveBeenCalled());
  });

  test('Enter while an input method is composing does not send', async () => {
    const { send, input } = setup();
    await userEvent.type(input, 'こんにちは');
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(send).not.toHaveBeenCalled();
  });

  test('a failure keeps the text and says "Failed to send message. Please try again."', async () => {
    const { send, input } = setup(async () => {
      throw new Error('network down');
    });
    await userEvent.type(input, 'Hello there{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to send message. Please try again.');
    expect(input.value).toBe('Hello there');
    expect(send).toHaveBeenCalledTimes(1);
  });

  test('files over 10 MB and types other than PDF, images and office documents are refused before upload', () => {
    const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
    expect(fileProblem(file('plan.pdf', 'application/pdf', 1000))).toBeNull();
    expect(fileProblem(file('photo.webp', 'image/webp', 1000))).toBeNull();
    expect(fileProblem(file('offer.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 1000))).toBeNull();
    expect(fileProblem(file('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe('errors.fileTooLarge');
    expect(fileProblem(file('tool.exe', 'application/x-msdownload', 1000))).toBe('errors.fileType');
    expect(fileProblem(file('notes.txt', 'text/plain', 10))).toBe('errors.fileType');
  });
});
