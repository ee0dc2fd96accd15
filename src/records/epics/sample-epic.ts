// An epic as the service sends it, for the epic form's tests (its schema's and its screen's): in
// release Spring (id 10), under initiative PLN-S-1, planned for team Alpha's second sprint, manual
// progress and dates. A test spreads in what it is about.
import type { Epic } from '../../contract/epics';
import { status, workItemRecord } from '../../ui/test/form-harness';

export function epicRecord(over: Partial<Epic> = {}): Epic {
  return {
    ...workItemRecord,
    id: '42',
    name: 'Identity',
    reference_num: 'PLN-E-1',
    workflow_status: status('2', 'In progress', 2),
    tags: ['security'],
    start_date: '2026-03-01',
    due_date: null,
    progress: 40,
    progress_source: 'progress_manual',
    duration_source: 'duration_manual',
    initiative: { id: '30', name: 'Enterprise readiness', reference_num: 'PLN-S-1' },
    initiative_reference_num: 'PLN-S-1',
    team: { id: '7', name: 'Alpha' },
    iteration: { id: '701', name: 'Sprint 2' },
    watchers: [],
    custom_fields: [],
    features_count: 0,
    features_completed_count: 0,
    ...over,
  };
}
