// The wire contract accepts what the spec allows and refuses, with the field named, what it forbids.
import { describe, expect, it } from 'vitest';
import { errorBodySchema, pageEnvelope, dateSchema, idSchema, idTextSchema } from './common';
import { featureCreateBody, featureUpdateBody, requirementCreateBody } from './features';
import { releaseCreateBody, releasePhaseUpdateBody, releasePhaseCreateBody } from './releases';
import { z } from 'zod';

const paths = (r: { success: boolean; error?: z.ZodError }) => (r.success ? [] : (r.error?.issues.map((i) => i.path.join('.')) ?? []));

describe('common', () => {
  it('ids are numeric strings; an answer’s number (as hosted answers give some) is read as one', () => {
    expect(idSchema.safeParse('123').success).toBe(true);
    expect(idSchema.safeParse('12a').success).toBe(false);
    expect(idSchema.safeParse(12).data).toBe('12');
    expect(idSchema.safeParse(-1).success).toBe(false);
    expect(idTextSchema.safeParse(12).success).toBe(false);
  });

  it('dates must be real YYYY-MM-DD days', () => {
    expect(dateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(dateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(dateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(dateSchema.safeParse('2026-13-01').success).toBe(false);
    expect(dateSchema.safeParse('26-01-01').success).toBe(false);
  });

  it('error bodies carry a message and optional per-field messages', () => {
    expect(errorBodySchema.safeParse({ error: "name can't be blank", errors: { name: ["can't be blank"] } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
  });

  it('page envelopes need items and pagination', () => {
    const page = pageEnvelope('things', z.object({ id: idSchema }));
    expect(page.safeParse({ things: [{ id: '1' }], pagination: { total_records: 1, total_pages: 1, current_page: 1 } }).success).toBe(true);
    expect(page.safeParse({ things: [{ id: '1' }] }).success).toBe(false);
  });
});

describe('feature bodies', () => {
  it('create needs a name; watchers are a comma string of ids', () => {
    expect(featureCreateBody.safeParse({ feature: { name: 'Dark mode', watchers: '1, 2,3' } }).success).toBe(true);
    expect(paths(featureCreateBody.safeParse({ feature: { watchers: '1,2' } }))).toEqual(['feature.name']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x', watchers: ['1'] } }))).toEqual(['feature.watchers']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x', watchers: 'a,b' } }))).toEqual(['feature.watchers']);
  });

  it('update takes watchers as an array of ids and the shorter progress-source list', () => {
    const ok = featureUpdateBody.safeParse({ feature: { watchers: [1, '2'], progress_source: 'progress_from_requirements' } });
    expect(ok.success && ok.data.feature.watchers).toEqual(['1', '2']);
    expect(paths(featureUpdateBody.safeParse({ feature: { watchers: '1,2' } }))).toEqual(['feature.watchers']);
    expect(paths(featureUpdateBody.safeParse({ feature: { progress_source: 'progress_from_requirements_with_dependents' } }))).toEqual([
      'feature.progress_source',
    ]);
    expect(
      featureCreateBody.safeParse({ feature: { name: 'x', progress_source: 'progress_from_requirements_with_dependents' } }).success,
    ).toBe(true);
  });

  it('refuses over-long names, bad dates, progress out of range and wrong types, naming the field', () => {
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x'.repeat(256) } }))).toEqual(['feature.name']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x', due_date: '2026-02-30' } }))).toEqual(['feature.due_date']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x', progress: 101 } }))).toEqual(['feature.progress']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 5 } }))).toEqual(['feature.name']);
    expect(paths(featureCreateBody.safeParse({ feature: { name: 'x', workflow_status: true } }))).toEqual(['feature.workflow_status']);
  });

  it('requirement create takes status and assignee as objects, and also as the plain name and email', () => {
    expect(
      requirementCreateBody.safeParse({
        requirement: { name: 'Spec', workflow_status: { name: 'New' }, assigned_to_user: { email: 'a@b.c' } },
      }).success,
    ).toBe(true);
    const plain = requirementCreateBody.safeParse({ requirement: { name: 'Spec', workflow_status: 'New', assigned_to_user: 'a@b.c' } });
    expect(plain.success && plain.data.requirement).toMatchObject({ workflow_status: { name: 'New' }, assigned_to_user: 'a@b.c' });
    expect(paths(requirementCreateBody.safeParse({ requirement: { name: 'Spec', assigned_to_user: { name: 'A' } } }))).toEqual([
      'requirement.assigned_to_user',
    ]);
  });
});

describe('release bodies', () => {
  it('create needs a name and accepts every release field of the spec', () => {
    const r = releaseCreateBody.safeParse({
      release: {
        name: 'R1',
        owner: 'admin@planner.local',
        workflow_status: { name: 'Planning' },
        parent_id: 4,
        theme: '<p>Theme</p>',
        start_date: '2026-01-01',
        end_date: '2026-02-01',
        release_date: '2026-02-01',
        development_started_on: '2026-01-02',
        parking_lot: false,
        external_release_date: '2026-03-01',
        external_date_resolution: 'quarter',
        capacity_units: 'story_points',
        total_capacity_text: '40p',
        progress_source: 'progress_manual',
        progress: 10,
        duration_source: 'duration_manual',
        initiatives: ['Grow', 3],
      },
    });
    expect(r.success).toBe(true);
    expect(paths(releaseCreateBody.safeParse({ release: {} }))).toEqual(['release.name']);
  });

  it('refuses unknown enum values', () => {
    expect(paths(releaseCreateBody.safeParse({ release: { name: 'x', external_date_resolution: 'decade' } }))).toEqual([
      'release.external_date_resolution',
    ]);
    expect(paths(releaseCreateBody.safeParse({ release: { name: 'x', capacity_units: 'hours' } }))).toEqual(['release.capacity_units']);
    expect(paths(releaseCreateBody.safeParse({ release: { name: 'x', duration_source: 'duration_from_features' } }))).toEqual([
      'release.duration_source',
    ]);
  });

  it('phase update requires phase_type (operation 15); create requires a release and a name', () => {
    expect(paths(releasePhaseUpdateBody.safeParse({ release_phase: { name: 'Beta' } }))).toEqual(['release_phase.phase_type']);
    expect(releasePhaseUpdateBody.safeParse({ release_phase: { phase_type: 'milestone' } }).success).toBe(true);
    expect(paths(releasePhaseCreateBody.safeParse({ release_phase: { phase_type: 'phase' } })).sort()).toEqual([
      'release_phase.name',
      'release_phase.release_id',
    ]);
  });
});
