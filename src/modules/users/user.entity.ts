import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';

/** A dashboard user: owns programs, signs in with email and password. */
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'id' | 'createdAt' | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'text' }) email!: string;
  @Property({ type: 'text' }) name!: string;
  /** scrypt$N$r$p$salt$hash */
  @Property({ type: 'text', hidden: true }) passwordHash!: string;
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
