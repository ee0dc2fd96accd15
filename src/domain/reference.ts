// Reference keys (`PRJ-12` feature, `PRJ-R-3` release, `PRJ-12-1` requirement) and the rule that a
// path parameter documented as "numeric ID or key" accepts either form.

export const REFERENCE_PREFIX = /^[A-Z][A-Z0-9]{1,9}$/;

export const featureKey = (prefix: string, n: number): string => `${prefix}-${n}`;
export const releaseKey = (prefix: string, n: number): string => `${prefix}-R-${n}`;
export const requirementKey = (featureRef: string, n: number): string => `${featureRef}-${n}`;
export const epicKey = (prefix: string, n: number): string => `${prefix}-E-${n}`;
export const initiativeKey = (prefix: string, n: number): string => `${prefix}-S-${n}`;
export const goalKey = (prefix: string, n: number): string => `${prefix}-G-${n}`;
export const ideaKey = (prefix: string, n: number): string => `${prefix}-I-${n}`;
/** Notes ("pages" in paths): `PRJ-N-4`, as the hosted service keys them. */
export const pageKey = (prefix: string, n: number): string => `${prefix}-N-${n}`;

export const isNumericId = (value: string): boolean => /^\d{1,18}$/.test(value);
