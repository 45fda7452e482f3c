import { workflow } from '../../define/entity.js';

/**
 * The statuses of a record whose confirmation posts ledger rows (a treatment, a displacement): a
 * draft is edited freely; confirming posts its rows in the same transaction; a confirmed record
 * is frozen (its hooks refuse changes) and only cancelled, which posts the reversing rows.
 */
export const POSTING_STATUSES = workflow(
  'DRAFT',
  {
    DRAFT: ['CONFIRMED', 'CANCELLED'],
    CONFIRMED: ['CANCELLED'],
    CANCELLED: [],
  },
  {
    DRAFT: { label: { it: 'Bozza', en: 'Draft' }, color: '#8c8c8c' },
    // posted: its fields are frozen (the hooks refuse changes), yet the staff may still cancel it
    CONFIRMED: { label: { it: 'Confermato (registrato)', en: 'Confirmed (posted)' }, color: '#389e0d', writable: 'staff' },
    CANCELLED: { label: { it: 'Annullato', en: 'Cancelled' }, color: '#595959', writable: false },
  },
);
