import type { EntityManager } from '@mikro-orm/postgresql';
import { detachedRows } from '../../db/rows';
import { execute } from '../../db/sql';
import { Commission } from './commission.entity';

/** The SQL of commission notices: new commissions waiting for their "new commission" email. */

/** Up to `limit` notices, oldest first, locked until commit; notices another worker holds are skipped. */
export function claimNotices(em: EntityManager, limit: number): Promise<Array<{ program_id: string; commission_id: string }>> {
  return execute(
    em,
    `select /* all programs: the notifier's claim */ program_id, commission_id from commission_notices
      order by created_at limit ? for update skip locked`,
    [limit],
  );
}

export function commissionsByIds(em: EntityManager, programId: string, ids: string[]): Promise<Commission[]> {
  return detachedRows(em, Commission, 'select * from commissions where program_id = ? and id in (?)', [programId, ids]);
}

export async function deleteNotices(em: EntityManager, programId: string, commissionIds: string[]): Promise<void> {
  await execute(em, 'delete from commission_notices where program_id = ? and commission_id in (?)', [programId, commissionIds]);
}
