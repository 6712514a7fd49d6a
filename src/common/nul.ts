import { DomainError } from './errors';

/**
 * The path of the first string holding U+0000 in a request's values (`email`, `input.name`, `tags[2]`), or
 * undefined. PostgreSQL cannot store that character in text, so it is refused at the edge with a 400 instead
 * of failing a statement; keys are checked as well as values.
 */
export function findNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return here.replace(/\u0000/g, '\\u0000');
    const found = findNul(v, here, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function nulError(field: string): DomainError {
  const message = `${field} must not contain the NUL character (U+0000)`;
  return new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
}

/** Throws VALIDATION_FAILED when any of the values holds U+0000. */
export function assertNoNul(...values: unknown[]): void {
  for (const v of values) {
    const field = findNul(v);
    if (field) throw nulError(field);
  }
}
