import { DomainError, type ErrorDetail } from '../../common/errors';
import { isEmail } from '../../common/email';
import type { Program } from '../programs/program.entity';

const NAME_MAX = 100;
/**
 * Names go into emails sent to an address nobody has verified yet: a name that is a web address (or markup) would
 * turn the welcome email into someone else's message from the program's sender.
 */
const NOT_A_NAME = /:\/\/|www\.|[<>]/i;

export interface Application {
  firstName: string;
  lastName: string;
  email: string;
}

function checkName(value: string, field: string, label: string, problems: ErrorDetail[]): void {
  if (!value) problems.push({ field, message: `Enter your ${label}` });
  else if (value.length > NAME_MAX) problems.push({ field, message: `At most ${NAME_MAX} characters` });
  else if (NOT_A_NAME.test(value)) problems.push({ field, message: `Your ${label} cannot contain a web address or < >` });
}

/** An application's fields, trimmed and checked; every problem at once, each naming its field. */
export function checkedApplication(program: Pick<Program, 'portalTerms'>, input: Application & { acceptTerms: boolean }): Application {
  const app = { firstName: input.firstName.trim(), lastName: input.lastName.trim(), email: input.email.trim() };
  const problems: ErrorDetail[] = [];
  checkName(app.firstName, 'firstName', 'first name', problems);
  checkName(app.lastName, 'lastName', 'last name', problems);
  if (!isEmail(app.email)) problems.push({ field: 'email', message: 'Enter an email address such as name@example.com' });
  if (program.portalTerms && !input.acceptTerms) problems.push({ field: 'acceptTerms', message: 'Accept the terms to apply' });
  if (problems.length) throw new DomainError('VALIDATION_FAILED', problems.map((p) => p.message).join('; '), problems);
  return app;
}
