import { DriverException, ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainError } from '../common/errors';

/** Messages for the unique keys a caller can hit; constraint names come from the migrations. */
const UNIQUE_MESSAGES: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: 'A user with this email already exists' },
  affiliates_program_email_key: { field: 'email', message: 'An affiliate with this email already exists in this program' },
  affiliate_links_program_link_key: { field: 'link', message: 'This link is already in use' },
};

function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: string; message?: string };
  if (e.constraint) return e.constraint;
  const m = /constraint "([^"]+)"/.exec(e.message ?? '');
  return m?.[1];
}

/** Translates database constraint violations into domain errors, centrally; anything else passes through. */
export function mapDbError(err: unknown): unknown {
  if (err instanceof UniqueConstraintViolationException) {
    const known = UNIQUE_MESSAGES[constraintOf(err) ?? ''];
    return new DomainError('DUPLICATE', known?.message ?? 'A record with this value already exists', known ? [known] : undefined);
  }
  if (err instanceof ForeignKeyConstraintViolationException) {
    return new DomainError('VALIDATION_FAILED', 'A referenced record does not exist in this program');
  }
  if (err instanceof DriverException && (err as { code?: string }).code === '22P02') {
    return new DomainError('VALIDATION_FAILED', 'A value has an invalid format');
  }
  return err;
}

export const isUniqueViolation = (err: unknown, constraint?: string): boolean =>
  err instanceof UniqueConstraintViolationException && (!constraint || constraintOf(err) === constraint);
