import { Migration } from '@mikro-orm/migrations';

/**
 * The approval worker (payouts/commission-approver.ts) looks for pending commissions past their hold in every
 * program each round: a partial index holds just those (a commission leaves it when approved), so the round
 * reads nothing when there is nothing to approve.
 */
export class Migration20261125040000_commission_approvals extends Migration {
  override async up(): Promise<void> {
    this.addSql("create index commissions_due_idx on commissions (hold_until, program_id) where status = 'pending'");
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists commissions_due_idx');
  }
}
