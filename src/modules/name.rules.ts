import { validationError } from '../common/errors';

/**
 * A name that must be there, trimmed, at most 200 characters: for the names whose schema leaves their size to the
 * service (affiliate groups, commission plans: src/validation/schemas/programs.schemas.ts).
 */
export function requireName(value: string | null | undefined, field: string): string {
  const v = value?.trim();
  if (!v) throw validationError(`${field} is required`, field);
  if (v.length > 200) throw validationError(`${field} may be at most 200 characters`, field);
  return v;
}
