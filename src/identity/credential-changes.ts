/**
 * What the services that change a credential or a program tell the process's credential cache
 * (src/identity/credential-cache.ts): that program's cached keys and tokens are stale. Other processes hear of it
 * through the database's credentials_changed notifications.
 */
export interface CredentialChanges {
  invalidateProgram(programId: string): void;
}
