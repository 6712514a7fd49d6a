import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook endpoints, one delivery per (event, endpoint) created in the event's own transaction, and every
 * attempt logged. Deliveries are leased (locked_until) by the worker that sends them, so a worker that dies
 * mid-delivery leaves the delivery to be sent again once its lease runs out.
 */
export class Migration20261121030000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
create table webhook_endpoints (
  id uuid primary key,
  program_id uuid not null references programs(id) on delete cascade,
  url text not null,
  description text,
  event_types text[] not null default '{}',
  enabled boolean not null default true,
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  failing_since timestamptz,
  disabled_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (program_id, id)
);
create index webhook_endpoints_program_idx on webhook_endpoints (program_id) where enabled;

create table webhook_deliveries (
  id bigint generated always as identity primary key,
  program_id uuid not null,
  endpoint_id uuid not null,
  event_id text not null references events(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending','succeeded','failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (endpoint_id, event_id),
  foreign key (program_id, endpoint_id) references webhook_endpoints (program_id, id) on delete cascade
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_event_idx on webhook_deliveries (event_id);

create table webhook_attempts (
  id bigint generated always as identity primary key,
  program_id uuid not null,
  delivery_id bigint not null references webhook_deliveries(id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status_code integer,
  duration_ms integer not null,
  error text,
  response_excerpt text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, id);

-- Fan-out inside the event's own transaction: an event exists exactly when its deliveries do.
create function events_fan_out() returns trigger language plpgsql as $fn$
begin
  insert into webhook_deliveries (program_id, endpoint_id, event_id)
  select new.program_id, e.id, new.id
    from webhook_endpoints e
   where e.program_id = new.program_id and e.enabled
     and (cardinality(e.event_types) = 0 or new.type = any(e.event_types));
  return null;
end
$fn$;
create trigger events_fan_out after insert on events for each row execute function events_fan_out();
`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop trigger if exists events_fan_out on events; drop function if exists events_fan_out(); drop table if exists webhook_attempts, webhook_deliveries, webhook_endpoints cascade;',
    );
  }
}
