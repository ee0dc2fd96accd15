// What the roadmap's tests share: a release phase or milestone as the service sends it (a phase half
// done, a milestone without progress), so the lanes' and the page's tests draw the same records.
import type { ReleasePhase } from '../../contract/releases';

export function phase(
  id: string,
  name: string,
  type: 'phase' | 'milestone',
  start: string | null,
  end: string | null,
  position: number,
  releaseId = '1',
): ReleasePhase {
  return {
    id,
    name,
    type,
    start_on: start,
    end_on: end,
    release_id: releaseId,
    position,
    progress: type === 'phase' ? 50 : null,
    progress_source: 'progress_manual',
    duration_source: 'duration_manual',
    description: null,
    features_count: 0,
    comments_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}
