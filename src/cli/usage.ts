/** What `npm run cli -- help` prints: every command of ./commands.ts and ./main.ts. */
export const USAGE = `Usage: npm run cli -- <command> [--flag value ...]

  migrate                                   apply pending migrations
  create-user --email E --password P [--name N]   P: 12+ characters, not a common password, not the email
  create-program --owner EMAIL --name N [--domain D] [--base-url URL ...] [--currency USD]
                 [--commission-rate 20] [--auto-approve true|false] [--affiliate-limit N]
  list-programs --owner EMAIL
  create-api-key --program ID [--name N]    prints the key once
  list-api-keys --program ID
  revoke-api-key --id ID
  worker                                    send queued emails (needs SMTP_URL) until stopped
  print-schema                              print the GraphQL schema (schema.graphql)
  print-openapi                             print the REST API's OpenAPI document (openapi.json)

Uses DATABASE_URL, or the embedded database under DATA_DIR (shared with a running server).`;
