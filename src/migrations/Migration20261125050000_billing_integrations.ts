import { Migration } from '@mikro-orm/migrations';

/**
 * Billing provider ingestion (DESIGN.md "Billing provider ingestion (Stripe)"): a program's integrations with
 * the secret that signs their deliveries, and every event received, once per integration (the unique key is
 * what makes a repeated or concurrent delivery change nothing), with what it did.
 */
export class Migration20261125050000_billing_integrations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table billing_integrations (
  id uuid not null,
  program_id uuid not null references programs (id) on delete cascade,
  provider text not null check (provider in ('stripe')),
  signing_secret text not null,
  created_at timestamptz not null default now(),
  primary key (program_id, id)
);
create index billing_integrations_id_idx on billing_integrations (id);

create table billing_events (
  id bigint generated always as identity,
  program_id uuid not null,
  integration_id uuid not null,
  event_id text not null,
  type text not null,
  outcome text not null check (outcome in ('recorded', 'ignored')),
  detail text not null,
  received_at timestamptz not null default now(),
  primary key (program_id, id),
  unique (program_id, integration_id, event_id),
  foreign key (program_id, integration_id) references billing_integrations (program_id, id) on delete cascade
);
`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists billing_events; drop table if exists billing_integrations;');
  }
}
