import { describe, expect, it } from 'vitest';
import { closureBlockers } from '../src/account-closure.ts';

const none = { balanceCents: 0, unpaidOrders: 0, ordersInProgress: 0, pendingPayments: 0, activeCertificates: 0 };

describe('closureBlockers', () => {
  it('nothing to settle: the account may be closed', () => expect(closureBlockers(none)).toEqual([]));
  it.each([
    [{ balanceCents: 1 }, [{ kind: 'balance', value: 1 }]],
    [{ unpaidOrders: 2 }, [{ kind: 'unpaidOrders', value: 2 }]],
    [{ ordersInProgress: 1 }, [{ kind: 'ordersInProgress', value: 1 }]],
    [{ pendingPayments: 3 }, [{ kind: 'pendingPayments', value: 3 }]],
    [{ activeCertificates: 4 }, [{ kind: 'activeCertificates', value: 4 }]],
  ])('%j blocks', (facts, want) => expect(closureBlockers({ ...none, ...facts })).toEqual(want));
  it('lists every reason, in page order', () =>
    expect(closureBlockers({ balanceCents: 500, unpaidOrders: 1, ordersInProgress: 0, pendingPayments: 0, activeCertificates: 2 }).map((b) => b.kind)).toEqual([
      'balance',
      'unpaidOrders',
      'activeCertificates',
    ]));
});
