// The service's 422 field keys land on form fields; what matches nothing comes back for the banner.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { mapFieldErrors } from './map-field-errors';

type Values = { name: string; workflow_status: string; total_capacity_text: string };
const fields = ['name', 'workflow_status', 'total_capacity_text'] as const;

describe('mapFieldErrors', () => {
  it('sets matching and nested keys on fields and returns the rest', () => {
    const setError = vi.fn();
    const rest = mapFieldErrors<Values>(
      new ApiError(422, 'name is taken', {
        name: ['is taken'],
        'workflow_status.name': ['is not a status of this product'],
        owner_email: ['is unknown'],
      }),
      setError,
      fields,
    );
    expect(setError).toHaveBeenCalledWith('name', { type: 'server', message: 'is taken' }, { shouldFocus: true });
    expect(setError).toHaveBeenCalledWith(
      'workflow_status',
      { type: 'server', message: 'is not a status of this product' },
      { shouldFocus: false },
    );
    expect(rest).toEqual(['Owner email is unknown']);
  });

  it('returns the general message when there are no field errors', () => {
    const setError = vi.fn();
    expect(mapFieldErrors<Values>(new ApiError(409, 'The request conflicts'), setError, fields)).toEqual([
      'The request conflicts',
    ]);
    expect(setError).not.toHaveBeenCalled();
  });
});
