import { Body, Nullable, Omittable, ServiceText, type Input } from '../kit';

/*
 * Sign-up and sign-in answer in words of their own, not a field's: "A valid email is required", the password
 * policy's sentences (src/identity/password-policy), and one UNAUTHENTICATED for any wrong email or password, a
 * blank one included. So the edge checks only that the values are texts; the fields are optional here so that
 * a blank one reaches those rules instead of becoming "x is required" (GraphQL itself requires them).
 */

/** GraphQL SignUpInput. */
export const SignUpBody = Body({ email: Omittable(ServiceText()), password: Omittable(ServiceText()), name: Nullable(ServiceText()) });
export type SignUpBody = Input<typeof SignUpBody>;

/** GraphQL SignInInput. */
export const SignInBody = Body({ email: Omittable(ServiceText()), password: Omittable(ServiceText()) });
export type SignInBody = Input<typeof SignInBody>;
