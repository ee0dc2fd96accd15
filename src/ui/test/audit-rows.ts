// Audit rows as the service answers them, for the history tests: an update of feature PLN-12 by the
// given person, with what a test changes on top.
import type { Audit } from '../../contract/audits';

export function auditRow(user: Audit['user'], patch: Partial<Audit> & { id: string }): Audit {
  return {
    audit_action: 'update',
    created_at: '2026-11-20T10:00:00.000Z',
    interesting: true,
    user,
    auditable_type: 'Feature',
    auditable_id: '12',
    associated_type: null,
    associated_id: null,
    description: 'updated feature PLN-12 Sign-in',
    auditable_url: null,
    changes: [],
    reference_num: 'PLN-12',
    restored_from_deletion_id: null,
    ...patch,
  };
}
