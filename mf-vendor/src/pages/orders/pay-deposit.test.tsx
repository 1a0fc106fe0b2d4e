import { describe, expect, test, beforeAll, beforeEach, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@modula/shared';
import { createTestQueryClient } from '@modula/shared/testing';
import { loadEnglish } from '../../testing/render';
import type { Order } from '../../services/vendor';

const startDepositCheckout = jest.fn(async (_orderId: string) => 'http://localhost/checkout/test/5f0c1a52-0b8e-4c47-9d6e-1b2a3c4d5e6f');

jest.mock('../../services/vendor', () => ({
  startDepositCheckout: (orderId: string) => startDepositCheckout(orderId),
}));

// jest.mock on the imported `jest` is not hoisted: the button is required after the mock is in place.
// oxlint-disable-next-line typescript/no-require-imports
const { PayDeposit } = require('./pay-deposit') as typeof import('./pay-deposit');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function show(order: Pick<Order, 'id' | 'status' | 'deposit_amount' | 'currency'>) {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/customer-dashboard/orders']}>
          <Routes>
            <Route path="/customer-dashboard/orders" element={<PayDeposit order={order} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const order = { id: 'order-1', status: 'awaiting_deposit' as const, deposit_amount: 4200, currency: 'EUR' };

beforeAll(loadEnglish);
beforeEach(() => {
  startDepositCheckout.mockClear();
});

describe('PayDeposit', () => {
  test('shows the deposit on the button and opens the test checkout page for this order', async () => {
    show(order);
    const button = screen.getByRole('button', { name: /Pay deposit/ });
    expect(button.textContent).toMatch(/4,200/);
    await userEvent.click(button);
    expect(startDepositCheckout).toHaveBeenCalledWith('order-1');
    expect((await screen.findByTestId('where')).textContent).toBe('/checkout/test/5f0c1a52-0b8e-4c47-9d6e-1b2a3c4d5e6f');
  });

  test('is not offered once the deposit is paid, or when there is none', () => {
    show({ ...order, status: 'deposit_paid' });
    show({ ...order, deposit_amount: 0 });
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
  });

  test('is not offered for a currency without two decimals (the vendor records that deposit)', () => {
    show({ ...order, currency: 'JPY' });
    show({ ...order, currency: 'KWD' });
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).toBeNull();
    show({ ...order, currency: 'GBP' });
    expect(screen.getByRole('button', { name: /Pay deposit/ })).toBeTruthy();
  });
});
