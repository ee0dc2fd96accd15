// Unit tests of `describeExternalDate`: the text a release answers beside its external release date
// (`external_release_date_description`) at each resolution, without a service.
import { describe, expect, it } from 'vitest';
import { describeExternalDate } from './releases';

describe('describeExternalDate', () => {
  it.each([
    // [external date, resolution, release date, text]
    ['2026-03-18', 'exact', null, '2026-03-18'],
    // No resolution reads as exact.
    ['2026-03-18', null, null, '2026-03-18'],
    // Weeks start on Monday: a Wednesday, the Monday itself and a Sunday.
    ['2026-03-18', 'week', null, 'Week of 2026-03-16'],
    ['2026-03-16', 'week', null, 'Week of 2026-03-16'],
    ['2026-03-22', 'week', null, 'Week of 2026-03-16'],
    // A week that starts in the month and year before.
    ['2026-01-01', 'week', null, 'Week of 2025-12-29'],
    ['2026-03-01', 'week', null, 'Week of 2026-02-23'],
    ['2026-03-18', 'month', null, 'March 2026'],
    ['2026-12-31', 'month', null, 'December 2026'],
    ['2026-03-31', 'quarter', null, 'Q1 2026'],
    ['2026-04-01', 'quarter', null, 'Q2 2026'],
    ['2026-09-30', 'quarter', null, 'Q3 2026'],
    ['2026-10-01', 'quarter', null, 'Q4 2026'],
    ['2026-06-30', 'half', null, 'H1 2026'],
    ['2026-07-01', 'half', null, 'H2 2026'],
    ['2026-03-18', 'year', null, '2026'],
    // `sync` follows the release date, whatever the external date says.
    ['2026-03-18', 'sync', '2026-05-20', '2026-05-20'],
    ['2026-03-18', 'sync', null, null],
    // No external date: nothing to describe, whatever the release date.
    [null, 'month', '2026-05-20', null],
    [null, null, '2026-05-20', null],
  ] as const)('%s at %s (release date %s) reads %s', (date, resolution, releaseDate, text) => {
    expect(describeExternalDate(date, resolution, releaseDate)).toBe(text);
  });
});
