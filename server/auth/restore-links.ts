import type { TestRestoreLink } from '../../src/model/test-support';

/**
 * The test mode's stand-in for a mailbox: the latest restore link per person, so an end-to-end test
 * can follow the link a user would have received. Only the digest of a token reaches the database,
 * so the plain link exists nowhere else; outside test mode nothing is kept.
 */
export class RestoreLinks {
  private readonly latestByPerson = new Map<string, TestRestoreLink>();

  constructor(private readonly keep: boolean) {}

  record(personId: string, link: TestRestoreLink): void {
    if (this.keep) this.latestByPerson.set(personId, link);
  }

  latest(personId: string): TestRestoreLink | undefined {
    return this.latestByPerson.get(personId);
  }

  clear(): void {
    this.latestByPerson.clear();
  }
}
