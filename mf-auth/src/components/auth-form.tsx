import styled from 'styled-components';

/** An auth form: its fields, alerts and buttons one under the other. */
export const AuthForm = styled.form`
  display: grid; gap: ${({ theme }) => theme.space(4)};
  > [role='alert'], > [role='status'] { margin: 0; }
`;
