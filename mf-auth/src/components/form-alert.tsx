import { forwardRef, type ReactNode } from 'react';
import styled from 'styled-components';

type Tone = 'error' | 'success' | 'info';

const Box = styled.div<{ $tone: Tone }>`
  margin: 0 0 ${({ theme }) => theme.space(5)}; padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md}; font-size: 15px;
  border-inline-start: 4px solid
    ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.danger : $tone === 'success' ? theme.colors.success : theme.colors.primary)};
  background: ${({ theme, $tone }) => ($tone === 'error' ? theme.colors.dangerSoft : $tone === 'success' ? theme.colors.successSoft : theme.colors.primarySoft)};
  color: ${({ theme }) => theme.colors.text};
  strong { display: block; }
  p { margin: 4px 0 0; }
  &:focus { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/**
 * A message about the whole form. Errors are alerts (announced at once); success and information are
 * polite status messages. It can take focus so the user lands on it after a failed submit.
 */
export const FormAlert = forwardRef<HTMLDivElement, { tone?: Tone; title?: ReactNode; children?: ReactNode }>(function FormAlert(
  { tone = 'error', title, children },
  ref,
) {
  return (
    <Box ref={ref} $tone={tone} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {title ? <strong>{title}</strong> : null}
      {children ? <p>{children}</p> : null}
    </Box>
  );
});
